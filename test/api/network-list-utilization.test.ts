import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

// Issue 35: every list of networks carries each network's `utilization` as GET /api/networks/{id} answers it
// (API.md, IPAM), and no `utilizationPercent`, which API.md never named.

const { make, must, call } = useTestServer();
let siteId: string;
let vlanId: string;

type Utilization = Record<string, number | string>;
type Scenario = [name: string, subnet: string, ranges: [string, string, string][], addresses: string[], expected: Utilization];

const SCENARIOS: Scenario[] = [
  ['an empty IPv4 /24', '10.1.0.0/24', [], [], { size: 256, usable: 254, used: 0, reserved: 0, dhcp: 0, free: 254, percent: 0 }],
  [
    'an IPv4 /24 with DHCP, reserved and static ranges',
    '10.1.1.0/24',
    [
      ['10.1.1.10', '10.1.1.29', 'static'],
      ['10.1.1.100', '10.1.1.199', 'dhcp'],
      ['10.1.1.240', '10.1.1.249', 'reserved'],
    ],
    ['10.1.1.2', '10.1.1.10', '10.1.1.241'],
    { size: 256, usable: 254, used: 3, reserved: 9, dhcp: 100, free: 142, percent: 44.1 },
  ],
  [
    'a range over the network and broadcast addresses',
    '10.1.2.0/30',
    [['10.1.2.0', '10.1.2.3', 'reserved']],
    [],
    { size: 4, usable: 2, used: 0, reserved: 2, dhcp: 0, free: 0, percent: 100 },
  ],
  ['a full /31', '10.1.3.0/31', [], ['10.1.3.0', '10.1.3.1'], { size: 2, usable: 2, used: 2, reserved: 0, dhcp: 0, free: 0, percent: 100 }],
  [
    'an IPv6 /64 with counts past 2^53',
    '2001:db8:20::/64',
    [
      ['2001:db8:20::1:0', '2001:db8:20::1:ffff', 'dhcp'],
      ['2001:db8:20:0:8000::', '2001:db8:20:0:ffff:ffff:ffff:ffff', 'reserved'],
    ],
    ['2001:db8:20::2', '2001:db8:20:0:8000::5'],
    {
      size: '18446744073709551616',
      usable: '18446744073709551615',
      used: 2,
      reserved: '9223372036854775807',
      dhcp: 65536,
      free: '9223372036854710270',
      percent: 50,
    },
  ],
];

const ids = new Map<string, string>();

beforeAll(async () => {
  siteId = (await make('/api/sites', { name: 'Listed utilisation' })).id;
  vlanId = (await make('/api/vlans', { siteId, name: 'Users', vid: 10 })).id;
  for (const [name, subnet, ranges, addresses] of SCENARIOS) {
    const network = await make('/api/networks', { siteId, vlanId, name, subnet });
    for (const [start, end, kind] of ranges) await make(`/api/networks/${network.id}/ranges`, { start, end, kind });
    for (const address of addresses) await make(`/api/networks/${network.id}/addresses`, { address });
    ids.set(name, network.id);
  }
});

/** The items of a networks list by network name. */
async function listedByName(query: string): Promise<Map<string, Record<string, unknown>>> {
  const items = (await must(200, 'GET', `/api/networks?${query}`)).items as Record<string, unknown>[];
  return new Map(items.map((item) => [item.name as string, item]));
}

describe('the utilization of every network of a list', () => {
  it.each(SCENARIOS)('is the whole utilization of %s', async (name, _subnet, _ranges, _addresses, expected) => {
    const item = (await listedByName(`siteId=${siteId}&limit=500`)).get(name)!;
    expect(item.utilization).toEqual(expected);
    expect(item).toEqual(await must(200, 'GET', `/api/networks/${ids.get(name)}`));
    expect(item).not.toHaveProperty('utilizationPercent');
  });

  it.each([
    ['every network', 'limit=500'],
    ['a site', `siteId=SITE`],
    ['a VLAN', 'vlanId=VLAN'],
    ['a search for an address', 'q=10.1.1.77'],
    ['a sort by utilization', 'siteId=SITE&sort=-utilization'],
  ])('is in the list of %s', async (_what, query) => {
    const listed = await listedByName(query.replace('SITE', siteId).replace('VLAN', vlanId));
    expect(listed.size).toBeGreaterThan(0);
    for (const [name, item] of listed)
      expect({ name, utilization: item.utilization }).toEqual({ name, utilization: SCENARIOS.find((s) => s[0] === name)![4] });
  });

  it('sorts by the utilization percent, the id breaking ties', async () => {
    const items = (await must(200, 'GET', `/api/networks?siteId=${siteId}&sort=utilization`)).items as { utilization: Utilization }[];
    const percents = items.map((item) => item.utilization.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('refuses the sort on utilizationPercent, which is no field any more', async () => {
    const answer = await call('GET', `/api/networks?siteId=${siteId}&sort=utilizationPercent`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ field: 'sort', message: expect.stringContaining('utilization') }]);
  });

  it('leaves the CSV export without a utilisation column, as it had none', async () => {
    const csv = await call('GET', `/api/networks?siteId=${siteId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.split(/\r?\n/)[0]).toBe('id,site,vlan,name,subnet,gateway,dnsServers,description');
  });
});
