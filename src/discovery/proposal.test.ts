import { describe, expect, it } from 'vitest';
import type { ObservedMembership, ObservedNeighbour, ObservedPort, ObservedSwitch } from './observed.ts';
import {
  interfaceType,
  propose,
  speedText,
  type DocumentedPort,
  type DocumentedSwitch,
  type ProposalInput,
  type ProposalItem,
} from './proposal.ts';
import { observedPort as port, observedAccess as access, observedTrunk as trunk } from '../../test/fixtures/observed-switch.ts';

// The proposal of a discovery as scenario tables: each case a documented switch (or none) and what the switch
// reported, and the items expected as [key, documented, observed] (and where it matters, what each requires).

const documentedPort = (name: string, extra: Partial<DocumentedPort> = {}): DocumentedPort => ({
  name,
  description: null,
  speed: '1G',
  type: 'rj45',
  enabled: true,
  linkStatus: 'up',
  mode: 'access',
  untaggedVid: null,
  taggedVids: [],
  lag: null,
  link: null,
  ...extra,
});

const neighbour = (
  localIfIndex: number,
  remoteSysName: string,
  remotePortId: string,
  extra: Partial<ObservedNeighbour> = {},
): ObservedNeighbour => ({
  localIfIndex,
  remoteSysName,
  remotePortId,
  remotePortDesc: '',
  remoteChassisId: '',
  protocol: 'lldp',
  ...extra,
});

/** What acc-1 reports: two ports, named as documented, no VLAN information. */
function observed(extra: Partial<ObservedSwitch> = {}, system: Partial<ObservedSwitch['system']> = {}): ObservedSwitch {
  return {
    system: {
      sysName: 'acc-1',
      sysDescr: 'Cisco IOS Software',
      sysObjectID: '1.3.6.1.4.1.9.1.1208',
      sysLocation: null,
      sysContact: null,
      vendor: 'Cisco',
      model: 'WS-C2960X-24PS-L',
      serial: 'FOC1234X',
      macAddress: '00:11:22:33:44:55',
      ...system,
    },
    ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2')],
    vlans: [],
    membership: [],
    lags: [],
    neighbours: [],
    fdb: [],
    arp: [],
    poe: [],
    notes: [],
    ...extra,
  };
}

function documented(extra: Partial<DocumentedSwitch> = {}): DocumentedSwitch {
  return {
    name: 'acc-1',
    model: 'WS-C2960X-24PS-L',
    serialNumber: 'FOC1234X',
    macAddress: '00:11:22:33:44:55',
    ports: [documentedPort('Gi1/0/1'), documentedPort('Gi1/0/2')],
    lags: [],
    ...extra,
  };
}

const core = {
  name: 'core-1',
  macAddress: 'aa:bb:cc:00:00:01',
  managementIp: '10.0.0.1',
  ports: [{ name: 'Te1/1/1' }, { name: 'Te1/1/2' }, { name: 'Gi1/0/5' }],
};

function input(extra: Partial<ProposalInput> = {}): ProposalInput {
  return {
    documented: documented(),
    host: '10.0.0.21',
    vlans: [{ vid: 10, name: 'Users' }],
    switches: [core],
    observed: observed(),
    ...extra,
  };
}

type Row = [key: string, documented: unknown, observed: unknown];
const rows = (items: ProposalItem[]): Row[] => items.map((item) => [item.key, item.documented, item.observed]);
const requiresOf = (items: ProposalItem[]) => Object.fromEntries(items.map((item) => [item.key, item.requires]));

describe('the proposal of a documented switch', () => {
  it('is empty when the switch reports what is documented', () => {
    expect(propose(input())).toEqual({ items: [], notes: [] });
  });

  const switchCases: [string, Partial<ObservedSwitch['system']>, Row[]][] = [
    ['a name the switch gives itself', { sysName: 'acc-9' }, [['switch:name', 'acc-1', 'acc-9']]],
    ['the same name with its domain', { sysName: 'ACC-1.example.net' }, []],
    ['an anonymised sysName', { sysName: '<private>' }, []],
    ['an empty sysName', { sysName: '' }, []],
    ['no sysName', { sysName: null }, []],
    ["another switch's name", { sysName: 'core-1' }, []],
    [
      'another model and serial',
      { model: 'C9300-48P', serial: ' FOC9999Z ' },
      [
        ['switch:model', 'WS-C2960X-24PS-L', 'C9300-48P'],
        ['switch:serialNumber', 'FOC1234X', 'FOC9999Z'],
      ],
    ],
    ['no model or serial reported', { model: null, serial: null }, []],
    [
      'another MAC in another spelling',
      { macAddress: '0011.2233.44AA' },
      [['switch:macAddress', '00:11:22:33:44:55', '00:11:22:33:44:aa']],
    ],
    ['a MAC of zeros', { macAddress: '00:00:00:00:00:00' }, []],
  ];
  it.each(switchCases)("the switch's own fields: %s", (_name, system, expected) => {
    expect(rows(propose(input({ observed: observed({}, system) })).items)).toEqual(expected);
  });

  const portCases: [string, ObservedPort[], Row[]][] = [
    [
      'a new physical port',
      [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(3, 'Gi1/0/3', { description: ' printer ', operUp: false })],
      [
        [
          'port:Gi1/0/3:add',
          null,
          { name: 'Gi1/0/3', description: 'printer', speed: null, type: 'rj45', enabled: true, linkStatus: 'down' },
        ],
      ],
    ],
    [
      'a 10G port, typed by its name',
      [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(4, 'Te1/1/1', { speedMbps: 10000 })],
      [['port:Te1/1/1:add', null, { name: 'Te1/1/1', description: null, speed: '10G', type: 'sfp+', enabled: true, linkStatus: 'up' }]],
    ],
    [
      'interfaces that are no ports (VLAN, loopback, tunnel, LAG, absent)',
      [
        port(1, 'Gi1/0/1'),
        port(2, 'Gi1/0/2'),
        port(50, 'Vlan10', { ifType: 53 }),
        port(51, 'Loopback0', { ifType: 24 }),
        port(52, 'Tunnel1', { ifType: 131 }),
        port(53, 'Po1', { ifType: 161 }),
        port(54, 'Gi2/0/1', { present: false }),
      ],
      [],
    ],
    [
      'a description, a speed, the link status and the admin state',
      [
        port(1, 'Gi1/0/1', { description: 'uplink to core', speedMbps: 100 }),
        port(2, 'GI1/0/2', { adminUp: false, operUp: false, speedMbps: 10 }),
      ],
      [
        ['port:Gi1/0/1:description', null, 'uplink to core'],
        ['port:Gi1/0/1:speed', '1G', '100M'],
        ['port:Gi1/0/2:linkStatus', 'up', 'down'],
        ['port:Gi1/0/2:enabled', true, false],
      ],
    ],
  ];
  it.each(portCases)('ports: %s', (_name, ports, expected) => {
    expect(rows(propose(input({ observed: observed({ ports }) })).items)).toEqual(expected);
  });

  it('proposes a type only for a port documented with the default type', () => {
    const ports = [documentedPort('Te1/1/1'), documentedPort('Te1/1/2', { type: 'sfp' })];
    const items = propose(
      input({
        documented: documented({ ports }),
        observed: observed({ ports: [port(1, 'Te1/1/1', { speedMbps: 10000 }), port(2, 'Te1/1/2')] }),
      }),
    ).items;
    expect(rows(items)).toEqual([
      ['port:Te1/1/1:speed', '1G', '10G'],
      ['port:Te1/1/1:type', 'rj45', 'sfp+'],
    ]);
  });

  it('leaves out a port whose name is no interface name, and says so', () => {
    const proposal = propose(input({ observed: observed({ ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(3, 'eth{3}')] }) }));
    expect(proposal.items).toEqual([]);
    expect(proposal.notes).toEqual([expect.stringContaining('"eth{3}" (ifIndex 3) was left out')]);
  });

  const vlanCases: [string, Partial<ObservedSwitch>, Row[]][] = [
    [
      'a VLAN of the device with its name',
      {
        vlans: [
          { vid: 10, name: 'Users' },
          { vid: 20, name: 'Voice' },
        ],
      },
      [['vlan:20:add', null, { vid: 20, name: 'Voice' }]],
    ],
    [
      'a VLAN only a port carries',
      { membership: [access(1, 30)] },
      [
        ['vlan:30:add', null, { vid: 30, name: 'VLAN0030' }],
        ['port:Gi1/0/1:untaggedVlan', null, 30],
      ],
    ],
    ["a name the site's VLAN 10 has", { vlans: [{ vid: 40, name: 'USERS' }] }, [['vlan:40:add', null, { vid: 40, name: 'VLAN0040' }]]],
    ["Cisco's reserved VLANs", { vlans: [1002, 1003, 1004, 1005].map((vid) => ({ vid, name: 'fddi-default' })) }, []],
  ];
  it.each(vlanCases)('VLANs to add to the site: %s', (_name, extra, expected) => {
    expect(rows(propose(input({ observed: observed(extra) })).items)).toEqual(expected);
  });

  const renameCases: [string, ObservedSwitch['vlans'], Row[]][] = [
    ['a VLAN the switch names otherwise', [{ vid: 10, name: 'Staff' }], [['vlan:10:name', 'Users', 'Staff']]],
    ['only the case (names are compared without case)', [{ vid: 10, name: 'USERS' }], []],
    ['the same name', [{ vid: 10, name: 'Users' }], []],
    ["the device's default name", [{ vid: 10, name: 'VLAN0010' }], []],
    ['no name', [{ vid: 10, name: null }], []],
    [
      "the name of the site's other VLAN",
      [
        { vid: 10, name: 'Voice' },
        { vid: 20, name: 'Voice' },
      ],
      [],
    ],
  ];
  it.each(renameCases)('VLANs the site has, renamed on the switch: %s', (_name, vlans, expected) => {
    const site = [
      { vid: 10, name: 'Users' },
      { vid: 20, name: 'Voice' },
    ];
    expect(rows(propose(input({ vlans: site, observed: observed({ vlans }) })).items)).toEqual(expected);
  });

  const membershipCases: [string, DocumentedPort, ObservedMembership, Row[], Record<string, string[]>][] = [
    [
      'an access VLAN the site has',
      documentedPort('Gi1/0/1'),
      access(1, 10),
      [['port:Gi1/0/1:untaggedVlan', null, 10]],
      {
        'port:Gi1/0/1:untaggedVlan': [],
      },
    ],
    [
      'an access port that becomes a trunk',
      documentedPort('Gi1/0/1', { untaggedVid: 10 }),
      trunk(1, 10, [20, 30]),
      [
        ['vlan:20:add', null, { vid: 20, name: 'VLAN0020' }],
        ['vlan:30:add', null, { vid: 30, name: 'VLAN0030' }],
        ['port:Gi1/0/1:mode', 'access', 'trunk'],
        ['port:Gi1/0/1:taggedVlans', [], [20, 30]],
      ],
      { 'port:Gi1/0/1:mode': [], 'port:Gi1/0/1:taggedVlans': ['port:Gi1/0/1:mode', 'vlan:20:add', 'vlan:30:add'] },
    ],
    [
      'a trunk whose tagged list is incomplete: only added to',
      documentedPort('Gi1/0/1', { mode: 'trunk', untaggedVid: 10, taggedVids: [30, 20] }),
      trunk(1, 10, [20, 40], false),
      [
        ['vlan:40:add', null, { vid: 40, name: 'VLAN0040' }],
        ['port:Gi1/0/1:taggedVlans', [20, 30], [20, 30, 40]],
      ],
      { 'port:Gi1/0/1:taggedVlans': ['vlan:40:add'] },
    ],
    [
      'a trunk whose tagged list is complete: VLANs removed too',
      documentedPort('Gi1/0/1', { mode: 'trunk', untaggedVid: 10, taggedVids: [20, 30] }),
      trunk(1, 10, [20]),
      [['port:Gi1/0/1:taggedVlans', [20, 30], [20]]],
      { 'port:Gi1/0/1:taggedVlans': [] },
    ],
    [
      'a trunk that became an access port takes its tagged VLANs off with it',
      documentedPort('Gi1/0/1', { mode: 'trunk', taggedVids: [10] }),
      access(1, 10),
      [
        ['port:Gi1/0/1:mode', 'trunk', 'access'],
        ['port:Gi1/0/1:untaggedVlan', null, 10],
        ['port:Gi1/0/1:taggedVlans', [10], []],
      ],
      { 'port:Gi1/0/1:mode': ['port:Gi1/0/1:taggedVlans'], 'port:Gi1/0/1:untaggedVlan': [], 'port:Gi1/0/1:taggedVlans': [] },
    ],
  ];
  it.each(membershipCases)("each port's mode and VLANs: %s", (_name, first, membership, expected, requires) => {
    // The VLANs a port is documented with are VLANs of the site.
    const vlans = [10, ...first.taggedVids].map((vid) => ({ vid, name: `v${vid}` }));
    const ports = [first, documentedPort('Gi1/0/2')];
    const items = propose(input({ vlans, documented: documented({ ports }), observed: observed({ membership: [membership] }) })).items;
    expect(rows(items)).toEqual(expected);
    expect(requiresOf(items)).toMatchObject(requires);
  });

  it("requires a new port's add for its VLANs, and a VLAN the site lacks", () => {
    const items = propose(
      input({ observed: observed({ ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(3, 'Gi1/0/3')], membership: [access(3, 30)] }) }),
    ).items;
    expect(requiresOf(items)['port:Gi1/0/3:untaggedVlan']).toEqual(['port:Gi1/0/3:add', 'vlan:30:add']);
  });
});

describe('LAGs in the proposal', () => {
  const four = [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(3, 'Gi1/0/3'), port(4, 'Gi1/0/4'), port(60, 'Po1', { ifType: 53 })];
  const fourDocumented = ['Gi1/0/1', 'Gi1/0/2', 'Gi1/0/3', 'Gi1/0/4'].map((name) => documentedPort(name));

  it('creates a LAG with its members and the VLANs of its interface, and leaves its members out of the port VLAN items', () => {
    const items = propose(
      input({
        documented: documented({ ports: fourDocumented }),
        observed: observed({
          ports: four,
          lags: [{ ifIndex: 60, memberIfIndexes: [3, 4] }],
          membership: [trunk(60, 10, [10]), trunk(3, 10, [10]), trunk(4, 10, [10])],
        }),
      }),
    ).items;
    expect(rows(items)).toEqual([
      ['lag:Po1:add', null, { name: 'Po1', members: ['Gi1/0/3', 'Gi1/0/4'], portMode: 'trunk', untaggedVlan: 10, taggedVlans: [] }],
    ]);
  });

  it('adds members to a documented LAG, never one of another LAG, and says so', () => {
    const ports = fourDocumented.map((p) =>
      p.name === 'Gi1/0/1' ? { ...p, lag: 'Po2' } : p.name === 'Gi1/0/3' ? { ...p, lag: 'Po1' } : p,
    );
    const proposal = propose(
      input({
        documented: documented({
          ports,
          lags: [
            { name: 'Po1', members: ['Gi1/0/3'] },
            { name: 'Po2', members: ['Gi1/0/1'] },
          ],
        }),
        observed: observed({ ports: four, lags: [{ ifIndex: 60, memberIfIndexes: [1, 3, 4] }] }),
      }),
    );
    expect(rows(proposal.items)).toEqual([['lag:Po1:members', ['Gi1/0/3'], ['Gi1/0/3', 'Gi1/0/4']]]);
    expect(proposal.notes).toEqual([expect.stringContaining('Gi1/0/1 is reported in LAG Po1 but documented in LAG Po2')]);
  });

  it('leaves out a LAG with fewer than two members it can document', () => {
    const proposal = propose(
      input({
        documented: documented({ ports: fourDocumented }),
        observed: observed({ ports: four, lags: [{ ifIndex: 60, memberIfIndexes: [4, 99] }] }),
      }),
    );
    expect(proposal.items).toEqual([]);
    expect(proposal.notes).toEqual([expect.stringContaining('LAG Po1 was left out')]);
  });
});

describe('links found through LLDP and CDP', () => {
  const linkCases: [string, ObservedNeighbour[], Partial<DocumentedPort>, Row[]][] = [
    [
      'a neighbour by name with its domain, its port in the long spelling',
      [neighbour(1, 'core-1.example.net', 'TenGigabitEthernet1/1/1')],
      {},
      [['port:Gi1/0/1:linkedPort', null, { switch: 'core-1', port: 'Te1/1/1' }]],
    ],
    [
      'a neighbour by chassis MAC, its port by description',
      [neighbour(1, '', 'aa:bb:cc:00:00:77', { remoteChassisId: 'aabb.cc00.0001', remotePortDesc: 'Gi1/0/5' })],
      {},
      [['port:Gi1/0/1:linkedPort', null, { switch: 'core-1', port: 'Gi1/0/5' }]],
    ],
    [
      'a link documented elsewhere',
      [neighbour(1, 'core-1', 'Te1/1/2', { protocol: 'cdp' })],
      { link: { switch: 'core-1', port: 'Te1/1/1' } },
      [['port:Gi1/0/1:linkedPort', { switch: 'core-1', port: 'Te1/1/1' }, { switch: 'core-1', port: 'Te1/1/2' }]],
    ],
    ['a link documented as it is', [neighbour(1, 'CORE-1', 'te1/1/1')], { link: { switch: 'core-1', port: 'Te1/1/1' } }, []],
    ['a neighbour that is no documented switch (a phone)', [neighbour(1, 'SEP001122334455', 'Port 1')], {}, []],
    [
      'the same neighbour over LLDP and CDP',
      [neighbour(1, 'core-1', 'Te1/1/1'), neighbour(1, 'core-1', 'Te1/1/1', { protocol: 'cdp' })],
      {},
      [['port:Gi1/0/1:linkedPort', null, { switch: 'core-1', port: 'Te1/1/1' }]],
    ],
    ['two ports claiming one far port', [neighbour(1, 'core-1', 'Te1/1/1'), neighbour(2, 'core-1', 'Te1/1/1')], {}, []],
  ];
  it.each(linkCases)('%s', (_name, neighbours, first, expected) => {
    const ports = [documentedPort('Gi1/0/1', first), documentedPort('Gi1/0/2')];
    expect(rows(propose(input({ documented: documented({ ports }), observed: observed({ neighbours }) })).items)).toEqual(expected);
  });
});

describe('the proposal of a switch that is not documented yet', () => {
  const newSwitch = (extra: Partial<ProposalInput> = {}) =>
    propose(
      input({
        documented: null,
        observed: observed({
          ports: [port(1, 'Gi1/0/1', { description: 'AP' }), port(2, 'Gi1/0/2', { operUp: false }), port(50, 'Vlan1', { ifType: 53 })],
          vlans: [{ vid: 20, name: 'Voice' }],
          membership: [access(1, 20), access(2, 10)],
          neighbours: [neighbour(2, 'core-1', 'Gi1/0/5')],
        }),
        ...extra,
      }),
    );

  it('is one item that creates the switch with all its ports, then what applies after it', () => {
    const items = newSwitch().items;
    expect(rows(items)).toEqual([
      [
        'switch:create',
        null,
        {
          name: 'acc-1',
          vendor: 'Cisco',
          model: 'WS-C2960X-24PS-L',
          serialNumber: 'FOC1234X',
          macAddress: '00:11:22:33:44:55',
          managementIp: '10.0.0.21',
          ports: [
            { name: 'Gi1/0/1', description: 'AP', speed: '1G', type: 'rj45', enabled: true, linkStatus: 'up' },
            { name: 'Gi1/0/2', description: null, speed: null, type: 'rj45', enabled: true, linkStatus: 'down' },
          ],
        },
      ],
      ['vlan:20:add', null, { vid: 20, name: 'Voice' }],
      ['port:Gi1/0/1:untaggedVlan', null, 20],
      ['port:Gi1/0/2:untaggedVlan', null, 10],
      ['port:Gi1/0/2:linkedPort', null, { switch: 'core-1', port: 'Gi1/0/5' }],
    ]);
    expect(requiresOf(items)).toEqual({
      'switch:create': [],
      'vlan:20:add': [],
      'port:Gi1/0/1:untaggedVlan': ['switch:create', 'vlan:20:add'],
      'port:Gi1/0/2:untaggedVlan': ['switch:create'],
      'port:Gi1/0/2:linkedPort': ['switch:create'],
    });
  });

  it.each<[string, Partial<ObservedSwitch['system']>, string]>([
    ['its sysName', {}, 'acc-1'],
    ['the host without a sysName', { sysName: '<private>' }, '10.0.0.21'],
    ['a free name when the site has a switch of its name (core-1)', { sysName: 'core-1' }, 'core-1-2'],
  ])('names the switch by %s', (_name, system, expected) => {
    const proposal = propose(input({ documented: null, observed: observed({}, system) }));
    expect((proposal.items[0].observed as { name: string }).name).toBe(expected);
  });

  it.each<[string, string, string | null]>([
    ['the address it was read at', '10.0.0.21', '10.0.0.21'],
    ['none when that address is a switch of the site already (as behind a NAT)', '10.0.0.1', null],
    ['none when it was read by name', 'acc-1.example.net', null],
  ])('gives it as its management IP %s', (_name, host, expected) => {
    const proposal = propose(input({ documented: null, host }));
    expect((proposal.items[0].observed as { managementIp: string | null }).managementIp).toBe(expected);
  });
});

describe('keys', () => {
  it('are the same for the same discovery, and stay apart for names that hold ":"', () => {
    const reported = observed({ ports: [port(1, '1:1'), port(2, '1:1:add')], membership: [access(1, 10)] });
    const once = propose(input({ documented: documented({ ports: [] }), observed: reported })).items.map((item) => item.key);
    const again = propose(input({ documented: documented({ ports: [] }), observed: structuredClone(reported) })).items.map(
      (item) => item.key,
    );
    expect(once).toEqual(again);
    expect(once).toEqual(['port:1:1:add', 'port:1:1:add:add', 'port:1:1:untaggedVlan']);
    expect(new Set(once).size).toBe(once.length);
  });
});

describe('speed and type as a port writes them', () => {
  it.each([
    [10, '10M'],
    [100, '100M'],
    [1000, '1G'],
    [2500, '2.5G'],
    [10000, '10G'],
    [40000, '40G'],
    [100000, '100G'],
  ])('%i Mbit/s is %s', (mbps, text) => {
    expect(speedText(mbps)).toBe(text);
  });

  it.each([
    ['GigabitEthernet1/0/1', undefined],
    ['TenGigabitEthernet1/1/1', 'sfp+'],
    ['xe-0/0/1', 'sfp+'],
    ['Twe1/0/1', 'sfp28'],
    ['Fo1/1/1', 'qsfp'],
    ['HundredGigE1/0/49', 'qsfp28'],
    ['mgmt0', 'management'],
    ['Ethernet1', undefined],
  ])('%s is a port of type %s', (name, type) => {
    expect(interfaceType(name)).toBe(type);
  });
});
