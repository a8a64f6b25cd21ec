import { describe, expect, it } from 'vitest';
import { checkLegacyBundle } from './check.ts';

// A small ezSWM 0.20.3 bundle: one site, a /24 with a DHCP pool and a /31, a switch with a management IP.
function bundle(extra: { allocations?: object[]; ranges?: object[]; managementIp?: string; ports?: object[] } = {}) {
  return {
    sites: [{ id: 's1', name: 'Campus' }],
    vlans: [{ id: 'v1', site_id: 's1', vlan_id: 10, name: 'Users' }],
    networks: [
      { id: 'n1', site_id: 's1', vlan_id: 'v1', name: 'Users', subnet: '10.0.10.0/24' },
      { id: 'n2', site_id: 's1', name: 'Transit', subnet: '192.0.2.0/31' },
      { id: 'n3', site_id: 's1', name: 'Servers', subnet: '10.0.20.0/24' },
    ],
    switches: [
      {
        id: 'w1',
        site_id: 's1',
        name: 'core',
        management_ip: extra.managementIp ?? '10.0.10.2',
        ports: extra.ports ?? [{ id: 'p1', unit: 1, index: 1, label: '1/1/1', connected_allocation_id: 'a1' }],
      },
    ],
    'ip-allocations': extra.allocations ?? [
      { id: 'a1', network_id: 'n1', ip_address: '10.0.10.10', hostname: 'printer', status: 'active' },
    ],
    'ip-ranges': extra.ranges ?? [{ id: 'r1', network_id: 'n1', start_ip: '10.0.10.100', end_ip: '10.0.10.199', type: 'dhcp' }],
  };
}

function check(input: ReturnType<typeof bundle>) {
  const { data, faults } = checkLegacyBundle(input);
  expect(faults).toEqual([]);
  return data!;
}

describe('ezSWM 0.20.3 allocations and ranges', () => {
  it('become addresses and ranges of their networks; the port that names an allocation is its port', () => {
    const data = check(bundle());
    const printer = data.addresses.find((a) => a.address === '10.0.10.10');
    expect(printer).toMatchObject({ networkId: data.networks[0].id, hostname: 'printer', portId: data.ports[0].id, switchId: null });
    expect(data.ranges).toEqual([
      expect.objectContaining({ start: '10.0.10.100', end: '10.0.10.199', kind: 'dhcp', networkId: data.networks[0].id }),
    ]);
  });

  it("make a switch's management IP an address with switchId, created when there was no allocation", () => {
    const data = check(bundle());
    expect(data.addresses.find((a) => a.address === '10.0.10.2')).toMatchObject({
      switchId: data.switches[0].id,
      deviceType: 'switch',
      hostname: 'core',
    });
    const claimed = check(
      bundle({ allocations: [{ id: 'a9', network_id: 'n1', ip_address: '10.0.10.2', hostname: 'old-name' }], ports: [] }),
    );
    expect(claimed.addresses).toEqual([
      expect.objectContaining({ address: '10.0.10.2', hostname: 'old-name', switchId: claimed.switches[0].id }),
    ]);
  });

  it.each([
    [
      'an address outside its subnet that another network of the site holds: moved there',
      { allocations: [{ id: 'a1', network_id: 'n1', ip_address: '10.0.20.5' }] },
      (data: any) => expect(data.addresses.find((a: any) => a.address === '10.0.20.5').networkId).toBe(data.networks[2].id),
      /moves to network "Servers"/,
    ],
    [
      'an address no network of the site holds: not migrated',
      { allocations: [{ id: 'a1', network_id: 'n1', ip_address: '172.16.0.5' }] },
      (data: any) => expect(data.addresses.map((a: any) => a.address)).toEqual(['10.0.10.2']),
      /not migrated/,
    ],
    [
      'an address twice in a network: the first kept',
      {
        allocations: [
          { id: 'a1', network_id: 'n1', ip_address: '10.0.10.10', hostname: 'first' },
          { id: 'a2', network_id: 'n1', ip_address: '10.0.10.10', hostname: 'second' },
        ],
      },
      (data: any) => expect(data.addresses.filter((a: any) => a.address === '10.0.10.10').map((a: any) => a.hostname)).toEqual(['first']),
      /allocation a1, kept/,
    ],
    [
      'an address inside a DHCP range: the range split around it',
      { allocations: [{ id: 'a1', network_id: 'n1', ip_address: '10.0.10.150' }] },
      (data: any) =>
        expect(data.ranges.map((r: any) => `${r.start}-${r.end}/${r.kind}`)).toEqual([
          '10.0.10.100-10.0.10.149/dhcp',
          '10.0.10.151-10.0.10.199/dhcp',
        ]),
      /split around it/,
    ],
    [
      'overlapping ranges: the later one not migrated',
      {
        ranges: [
          { id: 'r1', network_id: 'n1', start_ip: '10.0.10.100', end_ip: '10.0.10.199', type: 'dhcp' },
          { id: 'r2', network_id: 'n1', start_ip: '10.0.10.150', end_ip: '10.0.10.160', type: 'static' },
        ],
      },
      (data: any) => expect(data.ranges.map((r: any) => r.start)).toEqual(['10.0.10.100']),
      /overlaps the range 10.0.10.100-10.0.10.199 \(id r1\)/,
    ],
    [
      'a DHCP range in a /31: kept as reserved',
      { ranges: [{ id: 'r1', network_id: 'n2', start_ip: '192.0.2.0', end_ip: '192.0.2.1', type: 'dhcp' }] },
      (data: any) => expect(data.ranges[0].kind).toBe('reserved'),
      /no dhcp range in a \/31/,
    ],
    [
      'a host name the field refuses: kept in the description',
      { allocations: [{ id: 'a1', network_id: 'n1', ip_address: '10.0.10.10', hostname: 'front desk', description: 'lobby' }] },
      (data: any) =>
        expect(data.addresses.find((a: any) => a.address === '10.0.10.10')).toMatchObject({
          hostname: null,
          description: 'lobby\nhostname: front desk',
        }),
      /kept in the description/,
    ],
  ])('fix %s, with a fix line', (_what, extra, expectData, reason) => {
    const data = check(bundle(extra as any));
    expectData(data);
    expect(data.fixes.map((fix) => fix.reason).join('\n')).toMatch(reason);
  });
});
