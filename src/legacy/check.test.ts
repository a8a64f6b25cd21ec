import { describe, expect, it } from 'vitest';
import { isUuid } from '../fields/field.ts';
import { checkLegacy, checkLegacyBundle } from './check.ts';
import { legacyFaultLine, legacyFaultPath, type LegacyBundle, type LegacyData, type LegacyFault, type LegacyFix } from './types.ts';

// Hand-made bundles in the format ezSWM 0.20.x wrote (LEGACY.md): snake_case fields, string ids, VLANs apart
// from networks, ports inside switches with VLANs by number, links named on both ends.

/** A bcrypt hash as 0.20.3 wrote them (cost 10). */
const BCRYPT = '$2b$10$AA1QfB3PbDX6ym4m7MZTy.4ASCeoh1ZghI0yd4.iMBtTt72oXVDlu';

/** A small valid bundle; each scenario changes one thing in a fresh copy. */
function bundle(): Record<string, any> {
  return {
    sites: [
      { id: 's1', name: 'HQ', created_at: '2023-01-02T03:04:05.000Z', updated_at: '2023-01-02T03:04:05.000Z' },
      { id: 's2', name: 'Branch' },
    ],
    vlans: [
      { id: 'v10', site_id: 's1', vlan_id: 10, name: 'Users', status: 'active' },
      { id: 'v11', site_id: 's1', vlan_id: 11, name: 'Voice', status: 'active' },
      { id: 'v20', site_id: 's2', vlan_id: 10, name: 'Users', status: 'active' },
    ],
    networks: [
      { id: 'n10', site_id: 's1', vlan_id: 'v10', name: 'Users', subnet: '10.0.10.0/24', gateway: '10.0.10.1', dns_servers: [] },
      { id: 'n11', site_id: 's1', vlan_id: 'v11', name: 'Voice', subnet: '2001:db8::/64' },
    ],
    switches: [
      {
        id: 'a',
        site_id: 's1',
        name: 'core',
        manufacturer: 'Aruba',
        ports: [
          { id: 'a1', unit: 1, index: 1, label: '1', type: 'rj45', status: 'up', port_mode: 'access', access_vlan: 10, tagged_vlans: [] },
          {
            id: 'a2',
            unit: 1,
            index: 2,
            label: '2',
            type: 'sfp+',
            status: 'up',
            port_mode: 'trunk',
            native_vlan: 10,
            tagged_vlans: [11],
            connected_device_id: 'b',
            connected_port_id: 'b1',
          },
        ],
      },
      {
        id: 'b',
        site_id: 's1',
        name: 'access',
        ports: [
          {
            id: 'b1',
            unit: 1,
            index: 1,
            label: 'Gi1',
            status: 'down',
            port_mode: 'trunk',
            tagged_vlans: [11],
            connected_device_id: 'a',
            connected_port_id: 'a2',
          },
        ],
      },
      {
        id: 'c',
        site_id: 's2',
        name: 'branch',
        ports: [{ id: 'c1', unit: 1, index: 1, label: 'Gi1', port_mode: 'access', access_vlan: 10 }],
      },
    ],
    activity: [
      {
        id: 'e1',
        user_id: 'u1',
        action: 'create',
        entity_type: 'switch',
        entity_id: 'a',
        entity_name: 'core',
        timestamp: '2024-05-01T10:00:00.000Z',
      },
    ],
    users: [{ id: 'u1', username: 'ann', display_name: 'Ann', password_hash: BCRYPT, role: 'admin', language: 'de' }],
  };
}

function faultsOf(change: (b: Record<string, any>) => void): LegacyFault[] {
  const b = bundle();
  change(b);
  const result = checkLegacyBundle(b);
  expect(result.data).toBeUndefined();
  return result.faults;
}

function dataOf(b: LegacyBundle): LegacyData {
  const result = checkLegacyBundle(b);
  expect(result.faults).toEqual([]);
  return result.data!;
}

describe('checkLegacyBundle: faults', () => {
  // Only what is not the files' shape stops the migration (LEGACY.md: not JSON, not an array, a record that is not
  // an object; and ids, without which no reference can be followed). The count is the faults expected in all.
  const scenarios: [string, (b: Record<string, any>) => void, Partial<LegacyFault>, number?][] = [
    ['a missing id', (b) => delete b.sites[1].id, { file: 'sites.json', id: null, index: 1, field: 'id', reason: 'is required' }],
    [
      'an id that is a number (0.20.x ids are nanoids)',
      (b) => (b.users[0].id = 1),
      { file: 'users.json', id: null, field: 'id', reason: 'must be a non-empty string (0.20.x ids are nanoids)' },
    ],
    ['a duplicate id', (b) => (b.networks[1].id = 'n10'), { file: 'networks.json', id: 'n10', index: 1, field: 'id' }],
    ['a port that is not an object', (b) => b.switches[0].ports.push('Gi9'), { file: 'switches.json', id: 'a', field: 'ports[2]' }],
    [
      'ports that are not a list',
      (b) => (b.switches[0].ports = 24),
      { file: 'switches.json', id: 'a', field: 'ports', reason: 'must be a list of ports' },
    ],
    [
      'a record that is not an object',
      (b) => b.sites.push(3),
      { file: 'sites.json', id: null, index: 2, field: '', reason: 'must be a JSON object' },
    ],
    [
      'a file that is an object instead of an array',
      (b) => (b.sites = { version: 1, items: b.sites }),
      {
        file: 'sites.json',
        id: null,
        index: null,
        field: '',
        reason: 'must be a JSON array of records, as 0.20.x wrote it; it is an object',
      },
      // sites.json is unreadable: the records that name a site are not judged against it.
    ],
  ];
  for (const [name, change, expected, count = 1] of scenarios) {
    it(`reports ${name}`, () => {
      const faults = faultsOf(change);
      expect(faults).toContainEqual(expect.objectContaining(expected));
      expect(faults.length, JSON.stringify(faults)).toBe(count);
    });
  }

  it('reports every fault found, not only the first', () => {
    const faults = faultsOf((b) => {
      delete b.sites[0].id;
      b.vlans[1].id = 'v10';
      b.switches[2].ports.push(null);
      b.users.push('root');
    });
    expect(faults.map((fault) => `${fault.file}:${fault.field}`)).toEqual([
      'sites.json:id',
      'vlans.json:id',
      'users.json:',
      'switches.json:ports[1]',
    ]);
  });

  it('reports a file that could not be read once, without a fault for each record that names a site', () => {
    const { faults } = checkLegacy({ ...bundle(), sites: undefined }, { unreadable: ['sites'] });
    expect(faults).toEqual([]);
  });

  it('refuses the flat files of another shape (numeric ids, camelCase fields, a wrapper), naming every fault', () => {
    const { data, faults } = checkLegacyBundle({
      sites: [{ id: 1, name: 'HQ', createdAt: '2023-01-01T00:00:00Z' }],
      networks: [{ id: 'n1', siteId: 1, name: 'Users', vlan: 10, subnet: '10.0.0.0/24' }],
      switches: { version: 1, items: [] },
    });
    expect(data).toBeUndefined();
    expect(faults.map(legacyFaultLine)).toEqual([
      'sites.json record #1 (no id) field=id: must be a non-empty string (0.20.x ids are nanoids)',
      'switches.json (whole file): must be a JSON array of records, as 0.20.x wrote it; it is an object',
    ]);
  });

  it('formats a fault as a log line and as a path into the bundle', () => {
    const fault: LegacyFault = { file: 'switches.json', id: 'a', index: 0, field: 'ports[0].label', reason: 'is required' };
    expect(legacyFaultLine(fault)).toBe('switches.json id=a field=ports[0].label: is required');
    expect(legacyFaultPath(fault)).toBe('switches[0].ports[0].label');
    expect(legacyFaultLine({ ...fault, id: null, field: '' })).toBe('switches.json record #1 (no id): is required');
    expect(legacyFaultLine({ ...fault, id: null, index: null, field: '', reason: 'is not valid JSON' })).toBe(
      'switches.json (whole file): is not valid JSON',
    );
  });
});

describe('checkLegacyBundle: what the model refuses is fixed and logged, never fatal', () => {
  const PLAIN = 'must be a plain interface name';
  const byName = (records: Record<string, unknown>[], name: string) => records.find((record) => record.name === name);
  // Each: the change, the fix line expected (a part of it), and what the data holds then.
  const scenarios: [string, (b: Record<string, any>) => void, Partial<LegacyFix>, (data: LegacyData) => void][] = [
    [
      'a site without a name gets one made of its id',
      (b) => delete b.sites[1].name,
      { file: 'sites.json', id: 's2', field: 'name', to: 'Site s2' },
      (data) => expect(byName(data.sites, 'Site s2')).toBeDefined(),
    ],
    [
      'a site without a name whose id cannot make one (too long) is named by its place in the file',
      (b) => {
        b.sites[1].id = 'x'.repeat(300);
        delete b.sites[1].name;
      },
      { file: 'sites.json', field: 'name', to: 'Site #2' },
      (data) => expect(byName(data.sites, 'Site #2')).toBeDefined(),
    ],
    [
      "a management IP that another switch of the site has is kept in the second switch's notes, within their length",
      (b) => {
        b.switches[0].management_ip = '10.0.0.2';
        b.switches[1].management_ip = '10.0.0.2';
        b.switches[1].notes = 'n'.repeat(10_000);
      },
      { file: 'switches.json', id: 'b', field: 'management_ip', from: '10.0.0.2', to: null },
      (data) => {
        const access = byName(data.switches, 'access')!;
        expect(access.managementIp).toBeNull();
        expect(access.notes).toHaveLength(10_000);
      },
    ],
    [
      'a switch without a name whose id holds a control character is named by its place in the file',
      (b) => {
        b.switches[0].id = 'sw\u0001';
        delete b.switches[0].name;
      },
      { file: 'switches.json', field: 'name', to: 'Switch #1' },
      (data) => expect(byName(data.switches, 'Switch #1')).toBeDefined(),
    ],
    [
      'a VLAN of a site that does not exist goes to the site Default',
      (b) => (b.vlans[0].site_id = 'gone'),
      { file: 'vlans.json', id: 'v10', field: 'site_id', from: 'gone', to: 'Default' },
      (data) => {
        const site = byName(data.sites, 'Default')!;
        expect(data.vlans.find((vlan) => vlan.vid === 10 && vlan.siteId === site.id)).toBeDefined();
      },
    ],
    [
      'a network of a site that does not exist goes to the site Default',
      (b) => (b.networks[0].site_id = 'gone'),
      { file: 'networks.json', id: 'n10', field: 'site_id', to: 'Default' },
      (data) => expect(byName(data.networks, 'Users')!.siteId).toBe(byName(data.sites, 'Default')!.id),
    ],
    [
      "a network whose VLAN is of another site keeps no VLAN (the API's rule of a network)",
      (b) => (b.networks[0].vlan_id = 'v20'),
      { file: 'networks.json', id: 'n10', field: 'vlan_id', from: 'v20', to: null },
      (data) => expect(byName(data.networks, 'Users')!.vlanId).toBeNull(),
    ],
    [
      'a switch without a site goes to the site Default, the one of the files when they have it',
      (b) => {
        delete b.switches[2].site_id;
        b.sites[1].name = 'default';
      },
      { file: 'switches.json', id: 'c', field: 'site_id', from: null, to: 'Default' },
      (data) => {
        expect(data.sites.map((site) => site.name)).toEqual(['HQ', 'default']);
        expect(byName(data.switches, 'branch')!.siteId).toBe(byName(data.sites, 'default')!.id);
      },
    ],
    [
      'a VLAN number out of range: that VLAN is not migrated, what names it loses it',
      (b) => (b.vlans[1].vlan_id = 4095),
      { file: 'vlans.json', id: 'v11', field: 'vlan_id', reason: 'must be an integer from 1 to 4094; the record is not migrated' },
      (data) => {
        expect(byName(data.vlans, 'Voice')).toBeUndefined();
        expect(byName(data.networks, 'Voice')!.vlanId).toBeNull();
      },
    ],
    [
      'a VLAN number given as text: that VLAN is not migrated',
      (b) => (b.vlans[1].vlan_id = '11'),
      { file: 'vlans.json', id: 'v11', field: 'vlan_id', from: '11', to: null },
      (data) => expect(data.vlans).toHaveLength(2),
    ],
    [
      'a repeated VLAN number at one site: the second is the first',
      (b) => (b.vlans[1].vlan_id = 10),
      { file: 'vlans.json', id: 'v11', field: 'vlan_id', from: 10, to: null },
      (data) => expect(byName(data.networks, 'Voice')!.vlanId).toBe(byName(data.vlans, 'Users')!.id),
    ],
    [
      'a VLAN status out of range is kept in its description',
      (b) => (b.vlans[0].status = 'broken'),
      {
        file: 'vlans.json',
        id: 'v10',
        field: 'status',
        from: 'broken',
        reason: 'must be one of active, inactive; kept in the description',
      },
      (data) => {
        const vlan = data.vlans[0];
        expect([vlan.status, vlan.description]).toEqual(['active', 'status: broken']);
      },
    ],
    [
      'a port name with a line break becomes unit/index, the name kept in the description',
      (b) => (b.switches[1].ports[0].label = 'Gi1\nusername evil privilege 15 secret x'),
      { file: 'switches.json', id: 'b', field: 'ports[0].label', to: null },
      (data) => {
        const port = data.ports.find((candidate) => candidate.description === 'label: Gi1\nusername evil privilege 15 secret x');
        expect(port?.name).toBe('1/1');
      },
    ],
    [
      'a port name with a Junos statement separator becomes unit/index',
      (b) => (b.switches[2].ports[0].label = 'ge-0/0/0; } system {'),
      { file: 'switches.json', id: 'c', field: 'ports[0].label' },
      (data) => expect(data.ports.map((port) => port.name)).toEqual(['1', '2', 'Gi1', '1/1']),
    ],
    [
      'a port type out of range is kept in its description',
      (b) => (b.switches[0].ports[0].type = 'coax'),
      { file: 'switches.json', id: 'a', field: 'ports[0].type', from: 'coax' },
      (data) => expect(data.ports[0].description).toBe('type: coax'),
    ],
    [
      "a bad MAC address of a port is kept in its description, after the port's own, the reason quoting the MAC's form",
      (b) => Object.assign(b.switches[0].ports[0], { mac_address: 'zz:zz', description: 'Printer' }),
      {
        file: 'switches.json',
        id: 'a',
        field: 'ports[0].mac_address',
        from: 'zz:zz',
        code: 'kept_in',
        params: expect.objectContaining({ faultCode: 'not_mac', keeper: 'description' }),
      },
      (data) => expect([data.ports[0].macAddress, data.ports[0].description]).toEqual([null, 'Printer\nmac_address: zz:zz']),
    ],
    [
      'a PoE value the model refuses is kept in the description',
      (b) => (b.switches[0].ports[0].poe = { type: '802.3zz', max_watts: 15 }),
      { file: 'switches.json', id: 'a', field: 'ports[0].poe' },
      (data) => expect([data.ports[0].poe, data.ports[0].description]).toEqual([null, 'poe: {"type":"802.3zz","max_watts":15}']),
    ],
    [
      'configured VLANs that are not a list are kept in the notes',
      (b) => (b.switches[0].configured_vlans = 10),
      { file: 'switches.json', id: 'a', field: 'configured_vlans', from: 10 },
      (data) => expect(byName(data.switches, 'core')!.notes).toBe('configured_vlans: 10'),
    ],
    [
      'a configured VLAN that is a list nested too deep for JSON to write is dropped and described, where String() overflowed the stack',
      (b) => (b.switches[0].configured_vlans = Array.from({ length: 100_000 }).reduce<unknown[]>((inner) => [inner], [])),
      {
        file: 'switches.json',
        id: 'a',
        field: 'configured_vlans',
        from: 'a list nested too deep to show',
        reason: "VLAN a list nested too deep to show does not exist at the switch's site; dropped",
      },
      (data) => expect(byName(data.switches, 'core')!.configuredVlanIds).toEqual([]),
    ],
    [
      'a PoE value nested too deep for JSON to write is described in the description',
      (b) => (b.switches[0].ports[0].poe = Array.from({ length: 100_000 }).reduce<unknown>((inner) => ({ type: inner }), 1)),
      { file: 'switches.json', id: 'a', field: 'ports[0].poe', from: 'an object nested too deep to show' },
      (data) => expect(data.ports[0].description).toBe('poe: an object nested too deep to show'),
    ],
    [
      'a switch role out of range is kept in the notes',
      (b) => (b.switches[0].role = 'router'),
      { file: 'switches.json', id: 'a', field: 'role', from: 'router' },
      (data) => expect(byName(data.switches, 'core')!.notes).toBe('role: router'),
    ],
    [
      'a gateway outside the subnet is kept in the description',
      (b) => (b.networks[0].gateway = '10.9.9.9'),
      { file: 'networks.json', id: 'n10', field: 'gateway', from: '10.9.9.9' },
      (data) =>
        expect([byName(data.networks, 'Users')!.gateway, byName(data.networks, 'Users')!.description]).toEqual([null, 'gateway: 10.9.9.9']),
    ],
    [
      'a subnet that is no CIDR: that network is not migrated',
      (b) => (b.networks[0].subnet = '10.0.10.0'),
      { file: 'networks.json', id: 'n10', field: 'subnet', from: '10.0.10.0', to: null },
      (data) => expect(data.networks.map((network) => network.name)).toEqual(['Voice']),
    ],
    [
      'a password hash in another format: that user is not migrated, their entries keep no user',
      (b) => (b.users[0].password_hash = 'md5:abc'),
      { file: 'users.json', id: 'u1', field: 'password_hash', from: null, reason: expect.stringContaining('the user ann is not migrated') },
      (data) => {
        expect(data.users).toEqual([]);
        expect([data.activity[0].userId, data.activity[0].username]).toEqual([null, 'ann']);
      },
    ],
    [
      'a bcrypt hash of a cost that would make every sign-in expensive: that user is not migrated',
      (b) => (b.users[0].password_hash = BCRYPT.replace('$10$', '$15$')),
      { file: 'users.json', id: 'u1', field: 'password_hash', from: null },
      (data) => expect(data.users).toEqual([]),
    ],
    [
      'a missing password hash: that user is not migrated',
      (b) => delete b.users[0].password_hash,
      { file: 'users.json', id: 'u1', field: 'password_hash', reason: 'is required; the user ann is not migrated' },
      (data) => expect(data.users).toEqual([]),
    ],
    [
      'a bad username: that user is not migrated',
      (b) => (b.users[0].username = 'ann smith'),
      { file: 'users.json', id: 'u1', field: 'username', from: 'ann smith' },
      (data) => expect(data.users).toEqual([]),
    ],
    [
      'a role out of range makes a viewer',
      (b) => (b.users[0].role = 'root'),
      { file: 'users.json', id: 'u1', field: 'role', from: 'root', to: 'viewer' },
      (data) => expect(data.users[0].role).toBe('viewer'),
    ],
    [
      'an activity action out of range makes an update that names it',
      (b) => (b.activity[0].action = 'rename'),
      { file: 'activity.json', id: 'e1', field: 'action', from: 'rename', to: 'update' },
      (data) => expect([data.activity[0].action, data.activity[0].summary]).toEqual(['update', 'Updated switch core (0.20.x: rename)']),
    ],
  ];
  for (const [name, change, fix, then] of scenarios) {
    it(name, () => {
      const b = bundle();
      change(b);
      const data = dataOf(b);
      expect(data.fixes).toContainEqual(expect.objectContaining(fix));
      then(data);
    });
  }

  it('logs every fix of one bundle, and keeps each value where its record shows it', () => {
    const b = bundle();
    delete b.sites[0].name;
    b.vlans[1].vlan_id = 0;
    b.switches[2].ports[0].label = 'a\nb';
    b.users[0].password_hash = 'x';
    const data = dataOf(b);
    expect(data.fixes.map((fix) => `${fix.file}:${fix.field}`)).toEqual(
      expect.arrayContaining(['sites.json:name', 'vlans.json:vlan_id', 'switches.json:ports[0].label', 'users.json:password_hash']),
    );
    expect(data.ports.find((port) => port.description === 'label: a\nb')?.name).toBe('1/1');
    expect(data.fixes.some((fix) => String(fix.reason).includes(PLAIN))).toBe(true);
  });
});

describe('checkLegacyBundle: data', () => {
  it('gives every record a fresh UUIDv4 and remaps every reference', () => {
    const data = dataOf(bundle());
    const all = [...data.sites, ...data.vlans, ...data.networks, ...data.switches, ...data.ports, ...data.activity, ...data.users];
    expect(all.every((record) => isUuid(record.id))).toBe(true);
    expect(new Set(all.map((record) => record.id)).size).toBe(all.length);
    const [hq, branch] = data.sites;
    const [users, voice, branchUsers] = data.vlans;
    expect(data.vlans.map((vlan) => [vlan.siteId, vlan.vid, vlan.name])).toEqual([
      [hq.id, 10, 'Users'],
      [hq.id, 11, 'Voice'],
      [branch.id, 10, 'Users'],
    ]);
    expect(data.networks.map((network) => [network.siteId, network.vlanId, network.subnet, network.gateway])).toEqual([
      [hq.id, users.id, '10.0.10.0/24', '10.0.10.1'],
      [hq.id, voice.id, '2001:db8::/64', null],
    ]);
    const [core, access, branchSwitch] = data.switches;
    expect(access.siteId).toBe(hq.id);
    expect(core.vendor).toBe('Aruba');
    const ports = (owner: Record<string, unknown>) => data.ports.filter((port) => port.switchId === owner.id);
    // VLAN numbers resolve among the VLANs of the switch's own site.
    expect(ports(core).map((port) => [port.name, port.position, port.mode, port.untaggedVlanId, port.taggedVlanIds])).toEqual([
      ['1', 0, 'access', users.id, []],
      ['2', 1, 'trunk', users.id, [voice.id]],
    ]);
    expect(ports(branchSwitch)[0].untaggedVlanId).toBe(branchUsers.id);
    // A link named on both ends is one symmetric link.
    const [uplink] = ports(access);
    expect(uplink).toMatchObject({
      mode: 'trunk',
      taggedVlanIds: [voice.id],
      linkedPortId: ports(core)[1].id,
      enabled: true,
      linkStatus: 'down',
    });
    expect(ports(core)[1].linkedPortId).toBe(uplink.id);
    expect(data.users[0]).toMatchObject({ username: 'ann', role: 'admin', displayName: 'Ann', language: 'de', passwordHash: BCRYPT });
    expect(data.activity[0]).toMatchObject({
      entityType: 'switch',
      entityId: core.id,
      entityName: 'core',
      siteId: hq.id,
      userId: data.users[0].id,
      username: 'ann',
      undoable: false,
    });
  });

  it('hands out ids that ascend in the order the records are written, and sorts the activity by time', () => {
    const b = bundle();
    b.activity.push({
      id: 'e2',
      timestamp: '2024-04-01T10:00:00.000Z',
      user_id: 'u1',
      action: 'update',
      entity_type: 'switch',
      entity_id: 'b',
    });
    const data = dataOf(b);
    for (const kind of ['sites', 'vlans', 'networks', 'switches', 'users'] as const) {
      const ids = data[kind].map((record) => record.id);
      expect(ids, kind).toEqual([...ids].sort());
    }
    expect(data.activity.map((entry) => entry.at)).toEqual(['2024-04-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z']);
  });

  it('keeps valid dates, and replaces one that is not a date with a fix line', () => {
    const b = bundle();
    b.switches[0].created_at = '2023-03-05T12:00:00.000Z';
    b.switches[0].updated_at = 'not a date';
    const data = checkLegacy(b, { now: '2025-01-01T00:00:00.000Z' }).data!;
    expect(data.sites[0]).toMatchObject({ createdAt: '2023-01-02T03:04:05.000Z', updatedAt: '2023-01-02T03:04:05.000Z', version: 1 });
    expect(data.sites[1]).toMatchObject({ createdAt: '2025-01-01T00:00:00.000Z' });
    expect(data.switches[0]).toMatchObject({ createdAt: '2023-03-05T12:00:00.000Z', updatedAt: '2023-03-05T12:00:00.000Z' });
    expect(data.fixes).toContainEqual({
      file: 'switches.json',
      id: 'a',
      field: 'updated_at',
      from: 'not a date',
      to: '2023-03-05T12:00:00.000Z',
      reason: 'is not a valid date; replaced',
      code: 'date_replaced',
      params: {},
    });
  });

  it('maps port status: disabled → not enabled, up/down → enabled with that link status', () => {
    const b = bundle();
    b.switches[0].ports[0].status = 'disabled';
    b.switches[0].ports[1].status = 'up';
    delete b.switches[2].ports[0].status;
    const data = dataOf(b);
    expect(data.ports.map((port) => [port.enabled, port.linkStatus])).toEqual([
      [false, null],
      [true, 'up'],
      [true, 'down'],
      [true, null],
    ]);
  });

  it('fixes what 0.20.x let through: a deleted VLAN number, a deleted VLAN of a network, a one-sided link', () => {
    const b = bundle();
    b.switches[2].ports[0].access_vlan = 190;
    b.networks[1].vlan_id = 'gone';
    b.switches[2].ports[0].connected_port_id = 'a1';
    const data = dataOf(b);
    expect(data.ports.find((port) => port.name === 'Gi1' && port.switchId === data.switches[2].id)).toMatchObject({
      untaggedVlanId: null,
      linkedPortId: null,
    });
    expect(data.networks[1].vlanId).toBeNull();
    expect(data.fixes.map((fix) => `${fix.file} ${fix.id} ${fix.field} ${fix.from} → ${fix.to}`)).toEqual([
      'networks.json n11 vlan_id gone → null',
      'switches.json c ports[0].access_vlan 190 → null',
      'switches.json c ports[0].connected_port_id a1 → null',
    ]);
  });

  it('applies the subnet fix: the network is kept and its address becomes the gateway when none is given', () => {
    const b = bundle();
    b.networks[1].subnet = '2001:db8::1/64';
    b.networks.push({ id: 'n20', site_id: 's2', vlan_id: 'v20', name: 'Users', subnet: '10.2.0.9/16', gateway: '10.2.0.1' });
    const data = dataOf(b);
    expect(data.networks[1]).toMatchObject({ subnet: '2001:db8::/64', gateway: '2001:db8::1' });
    expect(data.networks[2]).toMatchObject({ subnet: '10.2.0.0/16', gateway: '10.2.0.1' });
    expect(data.fixes.map((fix) => [fix.file, fix.id, fix.field, fix.from, fix.to])).toEqual([
      ['networks.json', 'n11', 'subnet', '2001:db8::1/64', '2001:db8::/64'],
      ['networks.json', 'n11', 'gateway', null, '2001:db8::1'],
      ['networks.json', 'n20', 'subnet', '10.2.0.9/16', '10.2.0.0/16'],
    ]);
  });

  it('applies the name fix within each scope, never taking a name another record has', () => {
    const b = bundle();
    b.sites.push({ id: 's3', name: 'hq' }, { id: 's4', name: 'HQ (2)' });
    b.vlans.push({ id: 'v12', site_id: 's1', vlan_id: 12, name: 'users' });
    b.switches[2].name = 'core';
    b.switches[2].ports.push({ id: 'c2', unit: 1, index: 2, label: 'gi1' });
    const data = dataOf(b);
    expect(data.sites.map((site) => site.name)).toEqual(['HQ', 'Branch', 'hq (3)', 'HQ (2)']);
    expect(data.vlans.map((vlan) => vlan.name)).toEqual(['Users', 'Voice', 'Users', 'users (2)']);
    // Another site: the same switch name is no repeat.
    expect(data.switches[2].name).toBe('core');
    // A port name stays a plain interface name: "_2", not " (2)".
    expect(data.ports.filter((port) => port.switchId === data.switches[2].id).map((port) => [port.name, port.position])).toEqual([
      ['Gi1', 0],
      ['gi1_2', 1],
    ]);
    expect(data.fixes.map((fix) => `${fix.file} ${fix.id} ${fix.field} ${fix.to}`)).toEqual([
      'sites.json s3 name hq (3)',
      'vlans.json v12 name users (2)',
      'switches.json c ports[1].label gi1_2',
    ]);
  });

  it('makes a port whose port_mode is neither access nor trunk an access port, with a fix line', () => {
    const b = bundle();
    b.switches[0].ports[0].port_mode = 'hybrid';
    b.switches[0].ports[1].port_mode = 'Trunk';
    delete b.switches[2].ports[0].port_mode;
    const data = dataOf(b);
    expect(data.ports.map((port) => port.mode)).toEqual(['access', 'access', 'trunk', 'access']);
    // The second port becomes an access port: its native VLAN is not its access VLAN, its tagged VLANs are dropped.
    expect(data.fixes.map((fix) => `${fix.file} ${fix.id} ${fix.field} ${JSON.stringify(fix.from)} → ${JSON.stringify(fix.to)}`)).toEqual([
      'switches.json a ports[0].port_mode "hybrid" → "access"',
      'switches.json a ports[1].port_mode "Trunk" → "access"',
      'switches.json a ports[1].tagged_vlans [11] → []',
    ]);
    expect(data.fixes[0].reason).toBe('is neither access nor trunk; the port is an access port');
  });

  it('names a port without a label <unit>/<index>, as 0.20.3 showed it', () => {
    const b = bundle();
    b.switches[2].ports.push({ id: 'c2', unit: 2, index: 0 });
    expect(dataOf(b).ports.at(-1)).toMatchObject({ name: '2/0', position: 1 });
  });

  it('makes VLAN colours unique per site: a repeated colour is re-picked and logged, a missing one picked', () => {
    const b = bundle();
    b.vlans[0].color = '#1F77B4';
    b.vlans[1].color = '#1f77b4';
    b.vlans[2].color = '#1f77b4';
    const data = dataOf(b);
    expect(data.vlans.map((vlan) => vlan.color)).toEqual(['#1f77b4', '#ff7f0e', '#1f77b4']);
    expect(data.fixes).toContainEqual({
      file: 'vlans.json',
      id: 'v11',
      field: 'color',
      from: '#1f77b4',
      to: '#ff7f0e',
      reason: 'is the colour of another VLAN of the same site; a free one was picked',
    });
    expect(dataOf(bundle()).vlans.map((vlan) => vlan.color)).toEqual(['#1f77b4', '#ff7f0e', '#1f77b4']);
  });

  it('keeps an overlapping subnet of a site, naming it in a fix line', () => {
    const b = bundle();
    b.networks.push({ id: 'n12', site_id: 's1', name: 'Users 2', subnet: '10.0.10.128/25' });
    const data = dataOf(b);
    expect(data.networks.map((network) => network.subnet)).toContain('10.0.10.128/25');
    expect(data.fixes).toContainEqual(
      expect.objectContaining({
        file: 'networks.json',
        id: 'n12',
        field: 'subnet',
        reason: expect.stringContaining('overlaps 10.0.10.0/24'),
      }),
    );
  });

  it("brings a port's PoE { type, max_watts } to { type, maxWatts }, and null to none", () => {
    const b = bundle();
    b.switches[0].ports[0].poe = { type: '802.3at', max_watts: 30 };
    b.switches[0].ports[1].poe = null;
    expect(
      dataOf(b)
        .ports.slice(0, 2)
        .map((port) => port.poe),
    ).toEqual([{ type: '802.3at', maxWatts: 30 }, null]);
  });

  it('keeps a suffixed name within the field length', () => {
    const b = bundle();
    b.sites.push({ id: 's3', name: 'x'.repeat(100) }, { id: 's4', name: 'X'.repeat(100) });
    b.switches[2].ports.push(
      { id: 'c2', label: 'g'.repeat(64) },
      { id: 'c3', label: 'G'.repeat(64) },
      { id: 'c4', label: `${'g'.repeat(62)}_2` },
    );
    const data = dataOf(b);
    expect(data.sites[3].name).toBe(`${'X'.repeat(96)} (2)`);
    expect(
      data.ports
        .filter((port) => port.switchId === data.switches[2].id)
        .map((port) => port.name)
        .slice(1),
    ).toEqual(['g'.repeat(64), `${'G'.repeat(62)}_3`, `${'g'.repeat(62)}_2`]);
  });

  it('keeps an activity entry whose entity or user is gone, with entityId and userId null and the legacy id in the summary', () => {
    const b = bundle();
    b.activity.push({ id: 'e2', timestamp: '2024-01-01T00:00:00.000Z', action: 'delete', entity_type: 'switch', entity_id: 'old-7' });
    b.activity.push({
      id: 'e3',
      timestamp: '2024-06-01T00:00:00.000Z',
      user_id: 'gone',
      action: 'update_port',
      entity_type: 'site',
      entity_id: 's2',
    });
    const data = dataOf(b);
    expect(data.activity.map((entry) => [entry.at, entry.action, entry.entityId === null, entry.summary, entry.userId])).toEqual([
      ['2024-01-01T00:00:00.000Z', 'delete', true, 'Deleted switch (legacy switch id old-7, no longer exists)', null],
      ['2024-05-01T10:00:00.000Z', 'create', false, 'Created switch core', data.users[0].id],
      ['2024-06-01T00:00:00.000Z', 'update', false, 'Updated site Branch (0.20.x: update_port)', null],
    ]);
    expect(data.activity[2]).toMatchObject({
      entityType: 'site',
      entityId: data.sites[1].id,
      siteId: data.sites[1].id,
      entityName: 'Branch',
    });
  });

  it('drops unknown fields and counts them per file and field', () => {
    const b = bundle();
    b.sites[0].slug = 'hq';
    b.sites[1].slug = 'branch';
    b.switches[0].ports[0].helper_usage = 'office';
    const data = dataOf(b);
    expect(data.dropped).toEqual([
      { file: 'sites.json', field: 'slug', count: 2 },
      { file: 'switches.json', field: 'ports[].helper_usage', count: 1 },
    ]);
  });

  it('takes an empty bundle', () => {
    expect(dataOf({})).toMatchObject({ sites: [], vlans: [], networks: [], switches: [], ports: [], activity: [], users: [] });
  });
});
