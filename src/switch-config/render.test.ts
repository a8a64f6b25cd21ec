import { describe, expect, it } from 'vitest';
import { loadConfigModel } from '../db/switch-config.ts';
import { addNetwork, addPort, addSite, addSwitch, freshDb } from '../../test/fixtures/config/inventory-db.ts';
import { SW_HQ_01_LAST_CHANGE, insertSwHq01 } from '../../test/fixtures/config/sw-hq-01.ts';
import type { ConfigModel, ConfigPort } from './model.ts';
import { CONFIG_DIALECTS, isConfigDialect, renderConfig, type ConfigDialect } from './render.ts';
import { UnsafeConfigValueError, asciiFold, cliLine, configText, iosVlanNames, portNumber, rangeLines } from './text.ts';

describe('loadConfigModel', () => {
  it('reads the switch, its ports in position order with VLAN numbers, and only the VLANs they use', () => {
    const db = freshDb();
    const model = loadConfigModel(db, insertSwHq01(db))!;
    expect(model.switchName).toBe('sw-hq-01');
    expect(model.siteName).toBe('Head Office');
    expect(model.lastChangeAt).toBe(SW_HQ_01_LAST_CHANGE);
    expect(model.vlans.map((v) => v.vlanId)).toEqual([10, 11, 12, 20, 30, 99]);
    expect(model.ports.map((p) => p.name)).toEqual(['1', '2', '3', '47', '48']);
    expect(model.ports[3]).toEqual({
      id: expect.any(String),
      name: '47',
      description: 'Uplink to core?',
      enabled: true,
      mode: 'trunk',
      untaggedVlan: 99,
      taggedVlans: [10, 11, 12, 20, 30],
    });
    expect(model.ports[2]).toMatchObject({ enabled: false, mode: 'access', untaggedVlan: 30, taggedVlans: [] });
  });

  it('is undefined for a switch that does not exist', () => {
    expect(loadConfigModel(freshDb(), '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('takes the newest updatedAt of what it renders, not of other switches', () => {
    const db = freshDb();
    const site = addSite(db, 'S', '2026-01-01T00:00:00.000Z');
    const a = addSwitch(db, site, { name: 'a', at: '2026-02-01T00:00:00.000Z' });
    addPort(db, a, { name: '1', at: '2026-03-01T00:00:00.000Z' });
    const b = addSwitch(db, site, { name: 'b', at: '2026-09-09T00:00:00.000Z' });
    addPort(db, b, { name: '1', untagged: addNetwork(db, site, { name: 'n', vlanId: 5, at: '2026-08-01T00:00:00.000Z' }) });
    expect(loadConfigModel(db, a)!.lastChangeAt).toBe('2026-03-01T00:00:00.000Z');
    expect(loadConfigModel(db, b)!.lastChangeAt).toBe('2026-09-09T00:00:00.000Z');
  });
});

describe('renderConfig', () => {
  it('knows exactly the three dialects', () => {
    expect(CONFIG_DIALECTS).toEqual(['cisco-ios', 'arista-eos', 'junos']);
    expect(isConfigDialect('junos')).toBe(true);
    expect(isConfigDialect('JUNOS')).toBe(false);
    expect(isConfigDialect('toString')).toBe(false);
  });

  it.each(CONFIG_DIALECTS)('%s: the same data gives the same text, every time', (dialect) => {
    const db = freshDb();
    const id = insertSwHq01(db);
    const first = renderConfig(loadConfigModel(db, id)!, dialect);
    expect(renderConfig(loadConfigModel(db, id)!, dialect)).toBe(first);
    expect(first).toContain(`Data last changed: ${SW_HQ_01_LAST_CHANGE}`);
    expect(first).toMatch(/^[\x20-\x7e\n]*$/);
  });
});

describe('text rules', () => {
  it('folds text to printable ASCII', () => {
    expect(asciiFold('Café\tZürich\n日本')).toBe('Cafe Zurich ');
    expect(cliLine('  What?  now\u0007 ', 100)).toBe('What now');
    expect(cliLine('abcdef', 3)).toBe('abc');
  });

  it.each<[string, string]>([
    ['Users', 'Users'],
    ['Voice & Video', 'Voice_&_Video'],
    ['Gäste WLAN?', 'Gaste_WLAN'],
    ['x'.repeat(40), 'x'.repeat(32)],
    ['日本', 'VLAN0042'],
    ['???', 'VLAN0042'],
  ])('IOS/EOS VLAN name %j is %j', (name, expected) => {
    expect(iosVlanNames([{ vlanId: 42, name }]).get(42)).toBe(expected);
  });

  it('keeps IOS/EOS VLAN names unique after shortening', () => {
    const long = 'Building 7 third floor east wing';
    const names = iosVlanNames([
      { vlanId: 30, name: `${long} cameras` },
      { vlanId: 31, name: `${long} doors` },
      { vlanId: 32, name: 'a b' },
      { vlanId: 33, name: 'A_B' },
    ]);
    expect(names.get(30)).toBe('Building_7_third_floor_east_wing');
    expect(names.get(31)).toBe('Building_7_third_floor_east_w_31');
    expect(names.get(33)).toBe('A_B_33');
    expect([...names.values()].every((name) => name.length <= 32)).toBe(true);
  });

  it('cuts range lists between ranges', () => {
    expect(rangeLines([1, 2, 3, 5, 7, 8, 9], 5)).toEqual(['1-3,5', '7-9']);
    expect(rangeLines([4094], 1)).toEqual(['4094']);
  });

  it.each<[string, number | undefined]>([
    ['1', 1],
    ['48', 48],
    ['0', undefined],
    ['01', undefined],
    ['Gi1/0/1', undefined],
    ['1.5', undefined],
  ])('port name %j is number %j', (name, number) => {
    expect(portNumber(name)).toBe(number);
  });
});

describe('refusing what could add a command of its own', () => {
  const INJECTED = /username|privilege|system|login|evil/;
  const port = (overrides: Partial<ConfigPort>): ConfigPort => ({
    name: '1',
    description: null,
    enabled: true,
    mode: 'access',
    untaggedVlan: null,
    taggedVlans: [],
    ...overrides,
  });
  const model = (ports: ConfigPort[], overrides: Partial<ConfigModel> = {}): ConfigModel => ({
    switchName: 's',
    siteName: 'x',
    lastChangeAt: null,
    vlans: [],
    ports,
    ...overrides,
  });

  /** The error a render throws, or a failure when it renders. */
  function refusal(m: ConfigModel, dialect: ConfigDialect): UnsafeConfigValueError {
    try {
      renderConfig(m, dialect);
    } catch (error) {
      expect(error).toBeInstanceOf(UnsafeConfigValueError);
      return error as UnsafeConfigValueError;
    }
    throw new Error(`${dialect} rendered a model it should have refused`);
  }

  const BAD_NAMES: [string, string][] = [
    ['a line feed', 'Gi1/0/1\nusername evil privilege 15 secret 0 x'],
    ['a carriage return', 'Gi1/0/1\r\nend'],
    ['a NUL', 'Gi1/0/1\u0000'],
    ['another control character', 'Gi1/0/1\u001b[2J'],
    ['a Unicode line separator', 'Gi1/0/1\u2028system login'],
    ['a Junos statement end', 'ge-0/0/1; system { login { user evil; } }'],
    ['a Junos block', 'ge-0/0/1 { }'],
    ['a closing brace', '}'],
    ['only spaces', '  '],
  ];
  const cases = CONFIG_DIALECTS.flatMap((dialect) =>
    BAD_NAMES.map(([what, name]): [ConfigDialect, string, string] => [dialect, what, name]),
  );

  it.each(cases)('%s refuses a port name with %s, naming the port and not its text', (dialect, _, name) => {
    const error = refusal(model([port({ name: 'Gi1/0/9' }), port({ id: '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11', name })]), dialect);
    expect(error.subject).toBe('port:0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11');
    expect(error.message).toContain('Port #2 of this switch (in position order, id 0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11)');
    expect(error.message).not.toMatch(INJECTED);
    expect(error.problem).not.toMatch(INJECTED);
  });

  it.each(CONFIG_DIALECTS)("%s refuses a bad name stored in the database behind the API's back", (dialect) => {
    const db = freshDb();
    const site = addSite(db, 'S');
    const sw = addSwitch(db, site, { name: 'sw' });
    addPort(db, sw, { name: '1' });
    const bad = addPort(db, sw, { name: 'Gi1/0/2\n!\nusername evil privilege 15 secret 0 x', position: 2 });
    const error = refusal(loadConfigModel(db, sw)!, dialect);
    expect(error.subject).toBe(`port:${bad}`);
    expect(error.message).not.toMatch(INJECTED);
  });

  it.each(CONFIG_DIALECTS)('%s refuses a VLAN number, a mode or an update time that is not plainly one', (dialect) => {
    const smuggled = '5; system { login; }' as unknown as number;
    expect(refusal(model([port({ untaggedVlan: smuggled })]), dialect).problem).toBe('VLANs must be numbers from 1 to 4094');
    expect(refusal(model([port({ mode: 'trunk', taggedVlans: [10, smuggled] })]), dialect).subject).toBe('ports[0]');
    expect(refusal(model([port({})], { vlans: [{ vlanId: smuggled, name: 'x' }] }), dialect).subject).toBe('vlans[0]');
    expect(refusal(model([port({ mode: 'access;\nsystem' as 'access' })]), dialect).problem).toBe('mode must be access or trunk');
    expect(refusal(model([], { lastChangeAt: '2026-01-01T00:00:00.000Z\nusername evil' }), dialect).subject).toBe('lastChangeAt');
  });

  it('has a last guard: no line of the text may hold a line break or a control character', () => {
    expect(configText(['a', 'b'])).toBe('a\nb\n');
    expect(() => configText(['interface 1', 'x\ny'])).toThrow(/Line 2 of the configuration/);
    expect(() => configText(['\u0007'])).toThrow(UnsafeConfigValueError);
  });

  it.each(CONFIG_DIALECTS)('%s still renders every plain interface name', (dialect) => {
    const names = ['Gi1/0/1', 'ge-0/0/0:1', 'Ethernet1/1.100', 'Port-Channel10', 'mgmt_0', 'Te1/1/1+', 'uplink 1'];
    const text = renderConfig(model(names.map((name) => port({ name }))), dialect);
    for (const name of names) expect(text).toContain(name);
  });
});
