import { describe, expect, it } from 'vitest';
import { loadConfigModel } from '../db/switch-config.ts';
import { addLag, addNetwork, addPort, addSite, addSwitch, addVlan, freshDb } from '../../test/fixtures/config/inventory-db.ts';
import { SW_HQ_01_LAST_CHANGE, SW_HQ_02_LAST_CHANGE, insertSwHq01, insertSwHq02 } from '../../test/fixtures/config/sw-hq-01.ts';
import { SW_HQ_03_LAST_CHANGE, insertSwHq03 } from '../../test/fixtures/config/sw-hq-03.ts';
import { bareModel, configPort } from '../../test/helpers/config-golden.ts';
import type { ConfigLag, ConfigModel, ConfigPort } from './model.ts';
import { CONFIG_DIALECTS, isConfigDialect, renderConfig, type ConfigDialect } from './render.ts';
import {
  UnsafeConfigValueError,
  asciiFold,
  cliLine,
  configText,
  hostName,
  iosVlanNames,
  ipv4Netmask,
  lagNumbers,
  portNumber,
  rangeLines,
} from './text.ts';

describe('loadConfigModel', () => {
  it('reads the switch, its ports in position order with VLAN numbers, and only the VLANs they use', () => {
    const db = freshDb();
    const model = loadConfigModel(db, insertSwHq01(db))!;
    expect(model.switchName).toBe('sw-hq-01');
    expect(model.siteName).toBe('Head Office');
    expect(model.lastChangeAt).toBe(SW_HQ_01_LAST_CHANGE);
    expect(model.vlans.map((v) => v.vlanId)).toEqual([10, 11, 12, 20, 30, 99]);
    expect(model.ports.map((p) => p.name)).toEqual(['1', '2', '3', '47', '48']);
    expect(model.management).toBeUndefined();
    expect(model.ports[3]).toEqual({
      id: expect.any(String),
      name: '47',
      unit: 1,
      description: 'Uplink to core?',
      enabled: true,
      mode: 'trunk',
      untaggedVlan: 99,
      taggedVlans: [10, 11, 12, 20, 30],
    });
    expect(model.ports[2]).toMatchObject({ enabled: false, mode: 'access', untaggedVlan: 30, taggedVlans: [] });
  });

  it('defines its configured VLANs and the management VLAN, finds the most specific subnet holding the management IP, skips a console port', () => {
    const db = freshDb();
    const model = loadConfigModel(db, insertSwHq02(db))!;
    expect(model.vlans).toEqual([
      { vlanId: 10, name: 'Users' },
      { vlanId: 40, name: 'Lab' },
      { vlanId: 99, name: 'Management' },
    ]);
    expect(model.management).toEqual({ vlanId: 99, address: '10.0.99.12', prefixLength: 24, gateway: '10.0.99.1' });
    expect(model.ports.map((p) => [p.name, p.unit])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    expect(model.lastChangeAt).toBe(SW_HQ_02_LAST_CHANGE);
  });

  it.each<[string, string | undefined, object | undefined]>([
    ['in a subnet of a VLAN of its site', '10.1.0.5', { vlanId: 7, address: '10.1.0.5', prefixLength: 24, gateway: null }],
    ['in a subnet without a VLAN', '10.2.0.5', undefined],
    ['in a subnet of another site only', '10.3.0.5', undefined],
    ['in no subnet', '10.9.0.5', undefined],
    ['IPv6, in a subnet of a VLAN', '2001:db8:7::5', { vlanId: 7, address: '2001:db8:7::5', prefixLength: 64, gateway: '2001:db8:7::1' }],
    ['not set', undefined, undefined],
  ])('a management IP %s gives the management interface %j', (_what, managementIp, management) => {
    const db = freshDb();
    const site = addSite(db, 'S');
    const vlan = addVlan(db, site, { vid: 7, name: 'mgmt' });
    addNetwork(db, site, { name: 'v4', subnet: '10.1.0.0/24', vlan });
    addNetwork(db, site, { name: 'v6', subnet: '2001:db8:7::/64', gateway: '2001:db8:7::1', vlan });
    addNetwork(db, site, { name: 'transit', subnet: '10.2.0.0/24' });
    const other = addSite(db, 'T');
    addNetwork(db, other, { name: 'far', subnet: '10.3.0.0/24', vlan: addVlan(db, other, { vid: 7, name: 'mgmt' }) });
    const model = loadConfigModel(db, addSwitch(db, site, { name: 'sw', managementIp }))!;
    expect(model.management).toEqual(management);
    expect(model.vlans).toEqual(management ? [{ vlanId: 7, name: 'mgmt' }] : []);
  });

  it("reads the switch's LAGs in name order with VLAN numbers, marks their members, and takes their VLANs and times", () => {
    const db = freshDb();
    const model = loadConfigModel(db, insertSwHq03(db))!;
    expect(model.lags).toEqual([
      {
        id: expect.any(String),
        name: 'Po1',
        description: 'Server A "bond0"',
        mode: 'lacp-active',
        portMode: 'access',
        untaggedVlan: 10,
        taggedVlans: [],
      },
      {
        id: expect.any(String),
        name: 'Uplink to core',
        description: null,
        mode: 'static',
        portMode: 'trunk',
        untaggedVlan: 99,
        taggedVlans: [10, 20, 30],
      },
    ]);
    expect(model.ports.map((p) => [p.name, p.lag])).toEqual([
      ['1', 'Po1'],
      ['2', 'Po1'],
      ['3', undefined],
      ['47', 'Uplink to core'],
      ['48', 'Uplink to core'],
    ]);
    // The LAG's update is the newest; the core switch at the far end is not rendered.
    expect(model.lastChangeAt).toBe(SW_HQ_03_LAST_CHANGE);
  });

  it('defines the VLANs of a LAG even where no member carries them, and has no lags without LAGs', () => {
    const db = freshDb();
    const site = addSite(db, 'S');
    const sw = addSwitch(db, site, { name: 'sw' });
    const members = [addPort(db, sw, { name: '1', mode: 'trunk' }), addPort(db, sw, { name: '2', mode: 'trunk' })];
    const [native, tagged] = [addVlan(db, site, { name: 'native', vid: 5 }), addVlan(db, site, { name: 'tagged', vid: 6 })];
    addLag(db, sw, { name: 'Po1', portMode: 'trunk', untagged: native, tagged: [tagged], members });
    expect(loadConfigModel(db, sw)!.vlans.map((v) => v.vlanId)).toEqual([5, 6]);
    expect(loadConfigModel(db, insertSwHq01(db))!.lags).toBeUndefined();
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
    addPort(db, b, { name: '1', untagged: addVlan(db, site, { name: 'n', vid: 5, at: '2026-08-01T00:00:00.000Z' }) });
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

  it.each<[string, string]>([
    ['sw-hq-01', 'sw-hq-01'],
    ['Core Switch 1', 'Core-Switch-1'],
    ['Zürich/Büro #2', 'Zurich-Buro-2'],
    ['1st floor', 'sw-1st-floor'],
    ['--x--', 'x'],
    ['日本', 'switch'],
    ['a\nhostname evil', 'a-hostname-evil'],
    ['x'.repeat(70), 'x'.repeat(63)],
  ])('host name of switch %j is %j', (name, expected) => {
    expect(hostName(name)).toBe(expected);
    expect(hostName(name)).toMatch(/^[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/);
  });

  it.each<[number, string]>([
    [0, '0.0.0.0'],
    [8, '255.0.0.0'],
    [23, '255.255.254.0'],
    [31, '255.255.255.254'],
    [32, '255.255.255.255'],
  ])('the netmask of /%i is %s', (prefix, mask) => {
    expect(ipv4Netmask(prefix)).toBe(mask);
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

describe('LAG interface numbers', () => {
  const lags = (...names: string[]): ConfigLag[] =>
    names.map((name) => ({ name, description: null, mode: 'lacp-active', portMode: 'access', untaggedVlan: null, taggedVlans: [] }));
  const numbers = (names: string[], min: number, max = 256) => Object.fromEntries(lagNumbers(lags(...names), { min, max }));

  it.each<[string, string[], number, Record<string, number>]>([
    ['the trailing number of each name', ['Po1', 'ae0', 'Trk12'], 0, { Po1: 1, ae0: 0, Trk12: 12 }],
    ['a trailing number with leading zeros, or after a slash', ['Po007', 'Bundle 1/3'], 1, { Po007: 7, 'Bundle 1/3': 3 }],
    [
      'the lowest free number for a name without one, in order',
      ['Po1', 'uplink', 'servers', 'Po3'],
      1,
      { Po1: 1, uplink: 2, servers: 4, Po3: 3 },
    ],
    ['the lowest free number for a number taken before', ['Po1', 'Trk1'], 1, { Po1: 1, Trk1: 2 }],
    ['the lowest free number for a number the dialect does not take', ['ae0', 'Po300', 'Po2'], 1, { ae0: 1, Po300: 3, Po2: 2 }],
    ['ae0 upwards where 0 is taken', ['uplink', 'Po1'], 0, { uplink: 0, Po1: 1 }],
  ])('%s', (_what, names, min, expected) => {
    expect(numbers(names, min)).toEqual(expected);
  });
});

describe('refusing what could add a command of its own', () => {
  const INJECTED = /username|privilege|system|login|evil/;
  const port = (overrides: Partial<ConfigPort>) => configPort('1', overrides);
  const model = (ports: ConfigPort[], overrides: Partial<ConfigModel> = {}) => bareModel({ ports, ...overrides });

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

  it.each(CONFIG_DIALECTS)('%s refuses a management address, prefix, gateway or a unit that is not plainly one', (dialect) => {
    const management = { vlanId: 9, address: '10.0.0.2', prefixLength: 24, gateway: '10.0.0.1' };
    const bad: Partial<typeof management>[] = [
      { address: '10.0.0.2\nusername evil' },
      { address: '10.0.0.02' },
      { prefixLength: 33 },
      { prefixLength: 24.5 },
      { gateway: '10.0.0.1; system { login; }' },
      { gateway: '2001:db8::1' },
      { vlanId: 0 },
    ];
    for (const wrong of bad) {
      const error = refusal(model([], { management: { ...management, ...wrong } }), dialect);
      expect(error.subject).toBe('management');
      expect(error.message).not.toMatch(INJECTED);
    }
    expect(refusal(model([port({ unit: 9 })]), dialect).problem).toBe('unit must be a number from 1 to 8');
    expect(renderConfig(model([], { management }), dialect)).toContain('10.0.0.2');
  });

  it.each(CONFIG_DIALECTS)('%s refuses a VLAN number, a mode or an update time that is not plainly one', (dialect) => {
    const smuggled = '5; system { login; }' as unknown as number;
    expect(refusal(model([port({ untaggedVlan: smuggled })]), dialect).problem).toBe('VLANs must be numbers from 1 to 4094');
    expect(refusal(model([port({ mode: 'trunk', taggedVlans: [10, smuggled] })]), dialect).subject).toBe('ports[0]');
    expect(refusal(model([port({})], { vlans: [{ vlanId: smuggled, name: 'x' }] }), dialect).subject).toBe('vlans[0]');
    expect(refusal(model([port({ mode: 'access;\nsystem' as 'access' })]), dialect).problem).toBe('mode must be access or trunk');
    expect(refusal(model([], { lastChangeAt: '2026-01-01T00:00:00.000Z\nusername evil' }), dialect).subject).toBe('lastChangeAt');
  });

  it.each(CONFIG_DIALECTS)(
    '%s refuses a LAG whose name, mode or VLANs are not plainly what they should be, and a member of no LAG',
    (dialect) => {
      const lag: ConfigLag = { name: 'Po1', description: null, mode: 'lacp-active', portMode: 'trunk', untaggedVlan: 5, taggedVlans: [6] };
      const withLag = (wrong: Partial<ConfigLag>) =>
        model([port({ lag: 'Po1' }), port({ name: '2', lag: 'Po1' })], { lags: [{ ...lag, ...wrong }] });
      const smuggled = '5; system { login; }' as unknown as number;
      for (const wrong of [{ name: 'Po1\nusername evil' }, { name: 'ae0 { }' }, { name: '' }]) {
        const error = refusal(model([], { lags: [{ ...lag, id: '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11', ...wrong }] }), dialect);
        expect(error.subject).toBe('lag:0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11');
        expect(error.message).not.toMatch(INJECTED);
      }
      expect(refusal(withLag({ mode: 'active; system' as 'static' }), dialect).problem).toBe(
        'mode must be lacp-active, lacp-passive or static',
      );
      expect(refusal(withLag({ portMode: 'trunk\nevil' as 'trunk' }), dialect).subject).toBe('lags[0]');
      expect(refusal(withLag({ untaggedVlan: smuggled }), dialect).problem).toBe('VLANs must be numbers from 1 to 4094');
      expect(refusal(withLag({ taggedVlans: [smuggled] }), dialect).problem).toBe('VLANs must be numbers from 1 to 4094');
      expect(refusal(model([], { lags: [lag, { ...lag }] }), dialect).subject).toBe('lags[1]');
      expect(refusal(model([port({ lag: 'Po2' })], { lags: [lag] }), dialect).problem).toBe('lag must name a LAG of the switch');
      expect(renderConfig(withLag({}), dialect)).toMatch(/Port-[Cc]hannel1|ae1/);
    },
  );

  it.each(CONFIG_DIALECTS)('%s folds a LAG description onto one line, so that it adds no command', (dialect) => {
    const lag: ConfigLag = {
      name: 'Po1',
      description: 'x\r\nusername evil privilege 15\n}; system { login; }',
      mode: 'lacp-active',
      portMode: 'access',
      untaggedVlan: null,
      taggedVlans: [],
    };
    const text = renderConfig(model([port({ lag: 'Po1' })], { lags: [lag] }), dialect);
    const line = text.split('\n').find((l) => l.includes('username'))!;
    expect(line.trim()).toMatch(dialect === 'junos' ? /^description ".*";$/ : /^description x username evil/);
    expect(text.split('\n').filter((l) => /^\s*(username|system|end)\b/.test(l))).toEqual(dialect === 'junos' ? ['system {'] : ['end']);
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
