import { describe, expect, it } from 'vitest';
import { observedAccess as access, observedPort as port, observedSwitch } from '../../test/fixtures/observed-switch.ts';
import type { LatestDiscoveryRow } from '../db/drift.ts';
import { driftFinding, driftItems, driftKey } from './drift.ts';
import type { ObservedSwitch } from './observed.ts';
import { missingPortItems, propose, type DocumentedPort, type ProposalInput, type ProposalItem } from './proposal.ts';

// The drift comparison: which differences of a proposal are drift, and how each is worded as a finding.

const documentedPort = (name: string, extra: Partial<DocumentedPort> = {}): DocumentedPort => ({
  name,
  description: null,
  speed: null,
  type: 'rj45',
  enabled: true,
  linkStatus: null,
  mode: 'access',
  untaggedVid: 10,
  taggedVids: [],
  lag: null,
  link: null,
  ...extra,
});

function input(observed: Partial<ObservedSwitch>): ProposalInput {
  return {
    documented: {
      name: 'acc-1',
      model: null,
      serialNumber: null,
      macAddress: null,
      ports: [documentedPort('Gi1/0/1'), documentedPort('Gi1/0/2')],
      lags: [{ name: 'Po1', members: [] }],
    },
    host: '10.0.0.21',
    vlans: [
      { vid: 10, name: 'Users' },
      { vid: 20, name: 'Voice' },
    ],
    switches: [{ name: 'core-1', macAddress: null, managementIp: null, ports: [{ name: 'Te1/1/1' }] }],
    observed: observedSwitch({ ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2')], membership: [access(1, 10), access(2, 10)], ...observed }),
  };
}

const DISCOVERY: LatestDiscoveryRow = {
  id: 'd-1',
  host: '10.0.0.21',
  observed_at: '2026-12-07T10:00:00.000Z',
  observed: '{}',
  switch_id: 'sw-1',
  switch_name: 'acc-1',
  site_id: 'site-1',
};
const ENTITIES = {
  switch: { type: 'switch' as const, id: 'sw-1', name: 'acc-1' },
  ports: new Map([['gi1/0/2', { type: 'port' as const, id: 'p-2', name: 'acc-1 port Gi1/0/2' }]]),
  lags: new Map(),
  vlans: new Map([['20', { type: 'vlan' as const, id: 'v-20', name: 'VLAN 20 (Voice)' }]]),
};

const drift = (observed: Partial<ObservedSwitch>) => driftItems(propose(input(observed)).items);
const messages = (items: ProposalItem[]) => items.map((item) => driftFinding(DISCOVERY, item, ENTITIES).message);
const AT = '(discovery of 2026-12-07T10:00:00.000Z)';

describe('drift: the differences of the latest discovery', () => {
  it('is none where the switch reports what is documented, its link state and speed aside', () => {
    expect(propose(input({})).items.map((item) => item.key)).toEqual([
      'port:Gi1/0/1:speed',
      'port:Gi1/0/1:linkStatus',
      'port:Gi1/0/2:speed',
      'port:Gi1/0/2:linkStatus',
    ]);
    expect(drift({})).toEqual([]);
  });

  const cases: [string, Partial<ObservedSwitch>, string[]][] = [
    [
      'a description',
      { ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2', { description: 'printer' })] },
      [`Port Gi1/0/2 of switch acc-1 has description "printer" on the switch, "—" documented ${AT}.`],
    ],
    [
      'a port moved to another VLAN',
      { membership: [access(1, 10), access(2, 20)] },
      [`Port Gi1/0/2 of switch acc-1 has untaggedVlan "20" on the switch, "10" documented ${AT}.`],
    ],
    [
      'a port shut down',
      { ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2', { adminUp: false, operUp: false })] },
      [`Port Gi1/0/2 of switch acc-1 is disabled on the switch, documented as enabled ${AT}.`],
    ],
    [
      'a port and a VLAN the documentation lacks',
      { ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(3, 'Gi1/0/3')], membership: [access(1, 10), access(2, 10), access(3, 30)] },
      [
        `Switch acc-1 uses VLAN 30, which its site does not document ${AT}.`,
        `Switch acc-1 has port Gi1/0/3, which is not documented ${AT}.`,
        `Port Gi1/0/3 of switch acc-1 has untaggedVlan "30" on the switch, "—" documented ${AT}.`,
      ],
    ],
    ['a VLAN renamed', { vlans: [{ vid: 20, name: 'Phones' }] }, [`VLAN 20 is named "Phones" on switch acc-1, "Voice" documented ${AT}.`]],
    [
      'a neighbour where no link is documented',
      {
        neighbours: [
          { localIfIndex: 1, remoteSysName: 'core-1', remotePortId: 'Te1/1/1', remotePortDesc: '', remoteChassisId: '', protocol: 'lldp' },
        ],
      },
      [`Port Gi1/0/1 of switch acc-1 has neighbour core-1 / Te1/1/1 (LLDP/CDP), but no link is documented ${AT}.`],
    ],
    [
      "a LAG's members",
      {
        ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2'), port(40, 'Po1', { ifType: 53 })],
        lags: [{ ifIndex: 40, memberIfIndexes: [1, 2] }],
      },
      [`LAG Po1 of switch acc-1 has members Gi1/0/1, Gi1/0/2 on the switch, — documented ${AT}.`],
    ],
  ];
  it.each(cases)('words %s', (_name, observed, expected) => {
    expect(messages(drift(observed))).toEqual(expected);
  });

  it('names the switch and the entity, the discovery and the keys that adopt and acknowledge it', () => {
    const [item] = drift({ vlans: [{ vid: 20, name: 'Phones' }] });
    expect(driftFinding(DISCOVERY, item, ENTITIES)).toMatchObject({
      kind: 'drift',
      severity: 'warning',
      form: 'drift.vlan_name',
      params: {
        vid: 20,
        discoveryId: 'd-1',
        observedAt: DISCOVERY.observed_at,
        key: 'vlan:20:name',
        findingKey: driftKey('sw-1', 'vlan:20:name'),
      },
      entities: [ENTITIES.switch, { type: 'vlan', id: 'v-20', name: 'VLAN 20 (Voice)' }],
    });
    expect(driftKey('sw-1', 'port:Gi1/0/1:mode')).toBe('drift:sw-1:port:Gi1/0/1:mode');
  });
});

describe('drift: documented ports the switch does not report', () => {
  const missing = (observed: Partial<ObservedSwitch>, ports?: DocumentedPort[]) => {
    const made = input(observed);
    return missingPortItems(ports ? { ...made, documented: { ...made.documented!, ports } } : made);
  };

  it('is a finding per documented port missing on the switch, with no proposal key to adopt it', () => {
    const items = missing({ ports: [port(1, 'Gi1/0/1')], membership: [access(1, 10)] });
    expect(items.map((item) => item.key)).toEqual(['port:Gi1/0/2:missing']);
    const finding = driftFinding(DISCOVERY, items[0]!, ENTITIES);
    expect(finding).toMatchObject({
      form: 'drift.port_missing',
      message: `Port Gi1/0/2 of switch acc-1 is documented, but the switch does not report it ${AT}.`,
      params: { port: 'Gi1/0/2', findingKey: driftKey('sw-1', 'port:Gi1/0/2:missing') },
      entities: [ENTITIES.switch, ENTITIES.ports.get('gi1/0/2')],
    });
    expect(finding.params).not.toHaveProperty('key');
  });

  it('counts a port that is not present (its module out) as missing, and compares names without case', () => {
    expect(missing({ ports: [port(1, 'GI1/0/1'), port(2, 'Gi1/0/2', { present: false })] }).map((item) => item.name)).toEqual(['Gi1/0/2']);
  });

  it('is none for a console port, nor when the switch reported no port at all', () => {
    expect(
      missing({ ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2')] }, [
        documentedPort('Gi1/0/1'),
        documentedPort('con0', { type: 'console' }),
      ]),
    ).toEqual([]);
    expect(missing({ ports: [], membership: [] })).toEqual([]);
  });
});
