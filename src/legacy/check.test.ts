import { describe, expect, it } from 'vitest';
import { isUuid } from '../fields/field.ts';
import { checkLegacy, checkLegacyBundle } from './check.ts';
import { legacyFaultLine, legacyFaultPath, type LegacyBundle, type LegacyData, type LegacyFault } from './types.ts';

const HASH = `$scrypt$ln=15,r=8,p=1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64, 1).toString('base64')}`;

/** A small valid bundle; each scenario changes one thing in a fresh copy. */
function bundle(): Record<string, any> {
  return {
    sites: [
      { id: 1, name: 'HQ', createdAt: '2023-01-02T03:04:05Z' },
      { id: 2, name: 'Branch' },
    ],
    networks: [
      { id: 10, siteId: 1, name: 'Users', vlan: 10, subnet: '10.0.10.0/24', gateway: '10.0.10.1' },
      { id: 11, siteId: 1, name: 'Voice', vlan: 11, subnet: '2001:db8::/64' },
      { id: 20, siteId: 2, name: 'Users', vlan: 10 },
    ],
    switches: [
      {
        id: 'a',
        siteId: 1,
        name: 'core',
        mac: 'AA-BB-CC-DD-EE-01',
        ip: '10.0.10.2',
        ports: [
          { name: 1, vlan: 10 },
          { name: 2, mode: 'trunk', vlan: 10, tagged: [11] },
        ],
      },
      {
        id: 'b',
        siteId: '1',
        name: 'access',
        mac: 'aabb.ccdd.ee02',
        ports: [{ name: 'Gi1', tagged: [11], uplink: { switchId: 'a', port: 2 } }],
      },
      { id: 'c', siteId: 2, name: 'branch', ports: [{ name: 'Gi1', vlan: 20 }] },
    ],
    activity: [
      { id: 1, timestamp: '2024-05-01T10:00:00Z', user: 'ann', action: 'create', entity: 'switch', entityId: 'a', message: 'Created core' },
    ],
    users: [{ id: 'u1', username: 'ann', passwordHash: HASH, role: 'editor' }],
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
  // The count is the faults expected in all: a record without a usable id also breaks the references to it.
  const scenarios: [string, (b: Record<string, any>) => void, Partial<LegacyFault>, number?][] = [
    [
      'a missing required field',
      (b) => delete b.sites[1].name,
      { file: 'sites.json', id: '2', index: 1, field: 'name', reason: 'is required' },
    ],
    ['a missing id', (b) => delete b.sites[1].id, { file: 'sites.json', id: null, index: 1, field: 'id', reason: 'is required' }, 3],
    ['an id that is neither integer nor string', (b) => (b.users[0].id = 1.5), { file: 'users.json', field: 'id' }],
    ['a duplicate id', (b) => (b.networks[2].id = 10), { file: 'networks.json', id: '10', index: 2, field: 'id' }, 2],
    [
      'a duplicate id spelled once as number, once as string',
      (b) => (b.sites[1].id = '1'),
      { file: 'sites.json', id: '1', index: 1, field: 'id' },
      3,
    ],
    [
      'a dangling site of a network',
      (b) => (b.networks[0].siteId = 99),
      { file: 'networks.json', id: '10', field: 'siteId', reason: 'site 99 does not exist in sites.json' },
    ],
    ['a dangling site of a switch', (b) => (b.switches[2].siteId = 'x'), { file: 'switches.json', id: 'c', field: 'siteId' }],
    [
      'a dangling untagged network',
      (b) => (b.switches[0].ports[0].vlan = 999),
      { file: 'switches.json', id: 'a', field: 'ports[0].vlan', reason: 'network 999 does not exist in networks.json' },
    ],
    [
      'a dangling tagged network',
      (b) => (b.switches[0].ports[1].tagged = [11, 77]),
      { file: 'switches.json', id: 'a', field: 'ports[1].tagged[1]' },
    ],
    [
      'an uplink to a missing switch',
      (b) => (b.switches[1].ports[0].uplink.switchId = 'zz'),
      { file: 'switches.json', id: 'b', field: 'ports[0].uplink.switchId' },
    ],
    [
      'an uplink to a missing port',
      (b) => (b.switches[1].ports[0].uplink.port = 48),
      { file: 'switches.json', id: 'b', field: 'ports[0].uplink.port', reason: 'switch a has no port "48"' },
    ],
    [
      'an uplink to the same switch',
      (b) => (b.switches[0].ports[0].uplink = { switchId: 'a', port: 2 }),
      { file: 'switches.json', id: 'a', field: 'ports[0].uplink' },
    ],
    [
      'two uplinks to one port',
      (b) => (b.switches[2].ports[0].uplink = { switchId: 'a', port: '2' }),
      { file: 'switches.json', id: 'c', field: 'ports[0].uplink' },
    ],
    [
      'a VLAN out of range',
      (b) => (b.networks[1].vlan = 4095),
      { file: 'networks.json', id: '11', field: 'vlan', reason: 'must be an integer from 1 to 4094' },
    ],
    ['a VLAN given as text', (b) => (b.networks[1].vlan = '11'), { file: 'networks.json', id: '11', field: 'vlan' }],
    ['a repeated VLAN at one site', (b) => (b.networks[1].vlan = 10), { file: 'networks.json', id: '11', field: 'vlan' }],
    [
      'a network of another site on a port',
      (b) => (b.switches[2].ports[0].vlan = 10),
      { file: 'switches.json', id: 'c', field: 'ports[0].vlan', reason: 'network 10 belongs to another site than the switch' },
    ],
    [
      'tagged networks on an access port',
      (b) => (b.switches[1].ports[0].mode = 'access'),
      { file: 'switches.json', id: 'b', field: 'ports[0].tagged' },
    ],
    [
      'a port name with a line break',
      (b) => (b.switches[1].ports[0].name = 'Gi1\nusername evil privilege 15 secret x'),
      {
        file: 'switches.json',
        id: 'b',
        field: 'ports[0].name',
        reason: 'must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +',
      },
    ],
    [
      'a port name with a Junos statement separator',
      (b) => (b.switches[2].ports[0].name = 'ge-0/0/0; } system {'),
      {
        file: 'switches.json',
        id: 'c',
        field: 'ports[0].name',
        reason: 'must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +',
      },
    ],
    [
      'a port mode out of range',
      (b) => (b.switches[0].ports[0].mode = 'hybrid'),
      { file: 'switches.json', id: 'a', field: 'ports[0].mode' },
    ],
    ['a port that is not an object', (b) => b.switches[0].ports.push('Gi9'), { file: 'switches.json', id: 'a', field: 'ports[2]' }],
    ['ports that are not a list', (b) => (b.switches[0].ports = 24), { file: 'switches.json', id: 'a', field: 'ports' }, 2],
    ['a bad MAC address', (b) => (b.switches[0].mac = 'zz:zz'), { file: 'switches.json', id: 'a', field: 'mac' }],
    ['a repeated MAC address', (b) => (b.switches[2].mac = 'aa:bb:cc:dd:ee:01'), { file: 'switches.json', id: 'c', field: 'mac' }],
    ['a repeated management IP at one site', (b) => (b.switches[1].ip = '10.0.10.2'), { file: 'switches.json', id: 'b', field: 'ip' }],
    ['a status out of range', (b) => (b.switches[0].status = 'broken'), { file: 'switches.json', id: 'a', field: 'status' }],
    ['a gateway outside the subnet', (b) => (b.networks[0].gateway = '10.9.9.9'), { file: 'networks.json', id: '10', field: 'gateway' }],
    ['a subnet that is no CIDR', (b) => (b.networks[0].subnet = '10.0.10.0'), { file: 'networks.json', id: '10', field: 'subnet' }],
    [
      'a record that is not an object',
      (b) => b.sites.push(3),
      { file: 'sites.json', id: null, index: 2, field: '', reason: 'must be a JSON object' },
    ],
    [
      'a file that is neither array nor wrapper',
      (b) => (b.sites = { version: 1, records: [] }),
      { file: 'sites.json', id: null, index: null },
    ],
    [
      'a password hash in another format',
      (b) => (b.users[0].passwordHash = 'md5:abc'),
      { file: 'users.json', id: 'u1', field: 'passwordHash' },
    ],
    [
      'a password hash of a cost the service does not write',
      (b) => (b.users[0].passwordHash = HASH.replace('ln=15,r=8,p=1', 'ln=20,r=99,p=99')),
      { file: 'users.json', id: 'u1', field: 'passwordHash' },
    ],
    [
      'a missing password hash',
      (b) => delete b.users[0].passwordHash,
      { file: 'users.json', id: 'u1', field: 'passwordHash', reason: 'is required' },
    ],
    ['a bad username', (b) => (b.users[0].username = 'ann smith'), { file: 'users.json', id: 'u1', field: 'username' }],
    ['a role out of range', (b) => (b.users[0].role = 'root'), { file: 'users.json', id: 'u1', field: 'role' }],
    [
      'a repeated username',
      (b) => b.users.push({ id: 'u2', username: 'ANN', passwordHash: HASH }),
      { file: 'users.json', id: 'u2', field: 'username' },
    ],
    ['an activity action out of range', (b) => (b.activity[0].action = 'rename'), { file: 'activity.json', id: '1', field: 'action' }],
    [
      'an activity without timestamp',
      (b) => delete b.activity[0].timestamp,
      { file: 'activity.json', id: '1', field: 'timestamp', reason: 'is required' },
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
      delete b.sites[0].name;
      b.networks[1].vlan = 0;
      b.switches[2].ports[0].vlan = 10;
      b.users[0].passwordHash = 'x';
    });
    expect(faults.map((fault) => `${fault.file}:${fault.field}`)).toEqual([
      'sites.json:name',
      'networks.json:vlan',
      'switches.json:ports[0].vlan',
      'users.json:passwordHash',
    ]);
  });

  it('reports a file that could not be read once, without a fault for each reference into it', () => {
    const { faults } = checkLegacy({ ...bundle(), sites: undefined }, { unreadable: ['sites'] });
    expect(faults).toEqual([]);
  });

  it('formats a fault as a log line and as a path into the bundle', () => {
    const fault: LegacyFault = { file: 'switches.json', id: 'a', index: 0, field: 'ports[0].vlan', reason: 'network 9 does not exist' };
    expect(legacyFaultLine(fault)).toBe('switches.json id=a field=ports[0].vlan: network 9 does not exist');
    expect(legacyFaultPath(fault)).toBe('switches[0].ports[0].vlan');
    expect(legacyFaultLine({ ...fault, id: null, field: '' })).toBe('switches.json record #1 (no id): network 9 does not exist');
    expect(legacyFaultLine({ ...fault, id: null, index: null, field: '', reason: 'is not valid JSON' })).toBe(
      'switches.json (whole file): is not valid JSON',
    );
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
    // A network of 0.20.x is a VLAN (its number, name and colour) and, when it has a subnet, a network in it.
    expect(data.vlans.map((vlan) => [vlan.vid, vlan.name])).toEqual([
      [10, 'Users'],
      [11, 'Voice'],
      [10, 'Users'],
    ]);
    expect(data.networks.map((network) => [network.vlanId, network.subnet, network.gateway])).toEqual([
      [users.id, '10.0.10.0/24', '10.0.10.1'],
      [voice.id, '2001:db8::/64', null],
    ]);
    expect(data.networks.every((network) => network.siteId === hq.id)).toBe(true);
    const [core, access, branchSwitch] = data.switches;
    expect(users.siteId).toBe(hq.id);
    expect(branchUsers.siteId).toBe(branch.id);
    expect(access.siteId).toBe(hq.id);
    const ports = (owner: Record<string, unknown>) => data.ports.filter((port) => port.switchId === owner.id);
    expect(ports(core).map((port) => [port.name, port.position, port.untaggedVlanId, port.taggedVlanIds])).toEqual([
      ['1', 0, users.id, []],
      ['2', 1, users.id, [voice.id]],
    ]);
    const [uplink] = ports(access);
    expect(uplink).toMatchObject({ mode: 'trunk', taggedVlanIds: [voice.id], linkedPortId: ports(core)[1].id });
    expect(ports(core)[1].linkedPortId).toBe(uplink.id);
    expect(ports(branchSwitch)[0].untaggedVlanId).toBe(branchUsers.id);
    expect(data.activity[0]).toMatchObject({
      entityType: 'switch',
      entityId: core.id,
      entityName: 'core',
      siteId: hq.id,
      userId: data.users[0].id,
      summary: 'Created core',
      undoable: false,
    });
  });

  it('hands out ids that ascend in the order the records are written, to keep the B-trees appending', () => {
    const b = bundle();
    b.activity.push({ id: 2, timestamp: '2024-04-01T10:00:00Z', user: 'ann', action: 'update', entity: 'switch', entityId: 'b' });
    const data = dataOf(b);
    for (const kind of ['sites', 'vlans', 'switches', 'ports', 'activity'] as const) {
      const ids = data[kind].map((record) => record.id);
      expect(ids, kind).toEqual([...ids].sort());
    }
    expect(data.activity.map((entry) => entry.at)).toEqual(['2024-04-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z']);
  });

  it('brings values to the API rules and keeps valid dates', () => {
    const data = dataOf(bundle());
    expect(data.switches.map((record) => record.macAddress)).toEqual(['aa:bb:cc:dd:ee:01', 'aa:bb:cc:dd:ee:02', null]);
    expect(data.switches[0]).toMatchObject({ status: 'active', version: 1 });
    expect(data.sites[0].createdAt).toBe('2023-01-02T03:04:05.000Z');
    expect(data.sites[0].updatedAt).toBe('2023-01-02T03:04:05.000Z');
    expect(data.users[0]).toMatchObject({ username: 'ann', role: 'editor', passwordHash: HASH, disabled: false });
  });

  it('reads the { version, items } wrapper like a plain array', () => {
    const b = bundle();
    const data = dataOf({ ...b, sites: { version: 1, items: b.sites }, switches: { version: 1, items: b.switches } });
    expect(data.sites).toHaveLength(2);
    expect(data.ports).toHaveLength(4);
  });

  it('applies the subnet fix: the network is kept and its address becomes the gateway when none is given', () => {
    const b = bundle();
    b.networks[1].subnet = '2001:db8::1/64';
    b.networks[2].subnet = '10.2.0.9/16';
    b.networks[2].gateway = '10.2.0.1';
    const data = dataOf(b);
    expect(data.networks[1]).toMatchObject({ subnet: '2001:db8::/64', gateway: '2001:db8::1' });
    expect(data.networks[2]).toMatchObject({ subnet: '10.2.0.0/16', gateway: '10.2.0.1' });
    expect(data.fixes.map((fix) => [fix.file, fix.id, fix.field, fix.from, fix.to])).toEqual([
      ['networks.json', '11', 'subnet', '2001:db8::1/64', '2001:db8::/64'],
      ['networks.json', '11', 'gateway', null, '2001:db8::1'],
      ['networks.json', '20', 'subnet', '10.2.0.9/16', '10.2.0.0/16'],
    ]);
  });

  it('applies the name fix within each scope, never taking a name another record has', () => {
    const b = bundle();
    b.sites.push({ id: 3, name: 'hq' }, { id: 4, name: 'HQ (2)' });
    b.networks.push({ id: 12, siteId: 1, name: 'users', vlan: 12 });
    b.switches[2].name = 'core';
    b.switches[2].ports.push({ name: 'gi1' });
    const data = dataOf(b);
    expect(data.sites.map((site) => site.name)).toEqual(['HQ', 'Branch', 'hq (3)', 'HQ (2)']);
    expect(data.vlans.map((vlan) => vlan.name)).toEqual(['Users', 'Voice', 'Users', 'users (2)']);
    expect(data.switches[2].name).toBe('core');
    // A port name stays a plain interface name: "_2", not " (2)".
    expect(data.ports.filter((port) => port.switchId === data.switches[2].id).map((port) => [port.name, port.position])).toEqual([
      ['Gi1', 0],
      ['gi1_2', 1],
    ]);
    expect(data.fixes.map((fix) => `${fix.file} ${fix.id} ${fix.field} ${fix.to}`)).toEqual([
      'sites.json 3 name hq (3)',
      'networks.json 12 name users (2)',
      'switches.json c ports[1].name gi1_2',
    ]);
  });

  it('makes VLAN colours unique per site: a repeated colour is re-picked and logged, a missing one picked', () => {
    const b = bundle();
    b.networks[0].color = '#1F77B4';
    b.networks[1].color = '#1f77b4';
    b.networks[2].color = '#1f77b4';
    const data = dataOf(b);
    expect(data.vlans.map((vlan) => vlan.color)).toEqual(['#1f77b4', '#ff7f0e', '#1f77b4']);
    expect(data.fixes).toContainEqual({
      file: 'networks.json',
      id: '11',
      field: 'color',
      from: '#1f77b4',
      to: '#ff7f0e',
      reason: 'is the colour of another VLAN of the same site; a free one was picked',
    });
    expect(dataOf(bundle()).vlans.map((vlan) => vlan.color)).toEqual(['#1f77b4', '#ff7f0e', '#1f77b4']);
  });

  it('keeps an overlapping subnet of a site, naming it in a fix line', () => {
    const b = bundle();
    b.networks.push({ id: 12, siteId: 1, name: 'Users 2', vlan: 12, subnet: '10.0.10.128/25' });
    const data = dataOf(b);
    expect(data.networks.map((network) => network.subnet)).toContain('10.0.10.128/25');
    expect(data.fixes).toContainEqual(
      expect.objectContaining({
        file: 'networks.json',
        id: '12',
        field: 'subnet',
        reason: expect.stringContaining('overlaps 10.0.10.0/24'),
      }),
    );
  });

  it("brings PoE yes/no to the base standard or none, and 0.20.3's { type, max_watts } to { type, maxWatts }", () => {
    const b = bundle();
    b.switches[0].ports[0].poe = true;
    b.switches[0].ports[1].poe = { type: '802.3at', max_watts: 30 };
    b.switches[1].ports[0].poe = false;
    const data = dataOf(b);
    expect(data.ports.slice(0, 3).map((port) => port.poe)).toEqual([
      { type: '802.3af', maxWatts: 15.4 },
      { type: '802.3at', maxWatts: 30 },
      null,
    ]);
  });

  it('keeps a suffixed name within the field length', () => {
    const b = bundle();
    b.sites.push({ id: 3, name: 'x'.repeat(100) }, { id: 4, name: 'X'.repeat(100) });
    b.switches[2].ports.push({ name: 'g'.repeat(64) }, { name: 'G'.repeat(64) }, { name: `${'g'.repeat(62)}_2` });
    const data = dataOf(b);
    expect(data.sites[3].name).toBe(`${'X'.repeat(96)} (2)`);
    expect(
      data.ports
        .filter((port) => port.switchId === data.switches[2].id)
        .map((port) => port.name)
        .slice(1),
    ).toEqual(['g'.repeat(64), `${'G'.repeat(62)}_3`, `${'g'.repeat(62)}_2`]);
  });

  it('keeps an activity entry whose entity is gone, with entityId null and the legacy id in the summary', () => {
    const b = bundle();
    b.activity.push({ id: 2, timestamp: '2024-01-01T00:00:00Z', action: 'delete', entity: 'switch', entityId: 'old-7' });
    b.activity.push({ id: 3, timestamp: 'yesterday', user: 'gone', entity: 'site', entityId: 2, message: '  Renamed  ' });
    const data = checkLegacy(b, { now: '2025-01-01T00:00:00.000Z' }).data!;
    expect(data.activity.map((entry) => [entry.at, entry.entityId === null, entry.summary, entry.userId, entry.username])).toEqual([
      ['2024-01-01T00:00:00.000Z', true, 'Deleted switch (legacy switch id old-7, no longer exists)', null, null],
      ['2024-05-01T10:00:00.000Z', false, 'Created core', data.users[0].id, 'ann'],
      ['2025-01-01T00:00:00.000Z', false, 'Renamed', null, 'gone'],
    ]);
    expect(data.activity[2]).toMatchObject({ action: 'update', entityType: 'site', siteId: data.sites[1].id, entityName: 'Branch' });
  });

  it('drops unknown fields and counts them per file and field', () => {
    const b = bundle();
    b.sites[0].timezone = 'UTC';
    b.sites[1].timezone = 'UTC';
    b.switches[0].ports[0].lldp = 'x';
    const data = dataOf(b);
    expect(data.dropped).toEqual([
      { file: 'sites.json', field: 'timezone', count: 2 },
      { file: 'switches.json', field: 'ports[].lldp', count: 1 },
    ]);
  });

  it('takes an empty bundle', () => {
    expect(dataOf({})).toMatchObject({ sites: [], vlans: [], networks: [], switches: [], ports: [], activity: [], users: [] });
  });
});
