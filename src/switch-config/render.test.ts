import { describe, expect, it } from 'vitest';
import { loadConfigModel } from '../db/switch-config.ts';
import { addNetwork, addPort, addSite, addSwitch, freshDb } from '../../test/fixtures/config/inventory-db.ts';
import { SW_HQ_01_LAST_CHANGE, insertSwHq01 } from '../../test/fixtures/config/sw-hq-01.ts';
import { CONFIG_DIALECTS, isConfigDialect, renderConfig } from './render.ts';
import { asciiFold, cliLine, iosVlanNames, portNumber, rangeLines } from './text.ts';

describe('loadConfigModel', () => {
  it('reads the switch, its ports in position order with VLAN numbers, and only the VLANs they use', () => {
    const db = freshDb();
    const model = loadConfigModel(db, insertSwHq01(db))!;
    expect(model.switchName).toBe('sw-hq-01');
    expect(model.siteName).toBe('Head Office');
    expect(model.lastChangeAt).toBe(SW_HQ_01_LAST_CHANGE);
    expect(model.vlans.map((v) => v.vlanId)).toEqual([10, 11, 12, 20, 30, 99]);
    expect(model.ports.map((p) => p.name)).toEqual(['1', '2', '3', '47', '48']);
    expect(model.ports[3]).toEqual({ name: '47', description: 'Uplink to core?', enabled: true, mode: 'trunk', untaggedVlan: 99, taggedVlans: [10, 11, 12, 20, 30] });
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
    const names = iosVlanNames([{ vlanId: 30, name: `${long} cameras` }, { vlanId: 31, name: `${long} doors` }, { vlanId: 32, name: 'a b' }, { vlanId: 33, name: 'A_B' }]);
    expect(names.get(30)).toBe('Building_7_third_floor_east_wing');
    expect(names.get(31)).toBe('Building_7_third_floor_east_w_31');
    expect(names.get(33)).toBe('A_B_33');
    expect([...names.values()].every((name) => name.length <= 32)).toBe(true);
  });

  it('cuts range lists between ranges', () => {
    expect(rangeLines([1, 2, 3, 5, 7, 8, 9], 5)).toEqual(['1-3,5', '7-9']);
    expect(rangeLines([4094], 1)).toEqual(['4094']);
  });

  it.each<[string, number | undefined]>([['1', 1], ['48', 48], ['0', undefined], ['01', undefined], ['Gi1/0/1', undefined], ['1.5', undefined]])('port name %j is number %j', (name, number) => {
    expect(portNumber(name)).toBe(number);
  });
});
