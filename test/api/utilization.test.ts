import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

// Utilisation of a network (docs/IPAM.md): used = recorded addresses, dhcp/reserved = the unrecorded addresses
// of such ranges, percent = (used + dhcp + reserved) / usable; every network answer (lists too) has addressCount,
// the whole utilization object and nearlyFull.

const { make, must } = useTestServer();
let siteId: string;

beforeAll(async () => {
  siteId = (await make('/api/sites', { name: 'Utilisation' })).id;
});

const network = (body: object) => make('/api/networks', { siteId, ...body });
const record = (networkId: string, address: string) => make(`/api/networks/${networkId}/addresses`, { address });
const range = (networkId: string, start: string, end: string, kind: string) =>
  make(`/api/networks/${networkId}/ranges`, { start, end, kind });
const one = (id: string) => must(200, 'GET', `/api/networks/${id}`);
const listed = async (id: string) =>
  (await must(200, 'GET', `/api/networks?siteId=${siteId}&limit=500`)).items.find((n: { id: string }) => n.id === id);

/** A network's list item is its answer, utilisation and all. */
async function expectListAgrees(id: string) {
  expect(await listed(id)).toEqual(await one(id));
}

describe('utilisation of an IPv4 /24', () => {
  let lan: { id: string };
  beforeAll(async () => {
    lan = await network({ name: 'LAN', subnet: '10.0.0.0/24', gateway: '10.0.0.1' });
    await range(lan.id, '10.0.0.10', '10.0.0.29', 'static');
    await range(lan.id, '10.0.0.100', '10.0.0.199', 'dhcp');
    await range(lan.id, '10.0.0.240', '10.0.0.249', 'reserved');
    for (const address of [
      '10.0.0.2',
      '10.0.0.3',
      '10.0.0.10',
      '10.0.0.11',
      '10.0.0.12',
      '10.0.0.13',
      '10.0.0.14',
      '10.0.0.241',
      '10.0.0.242',
    ])
      await record(lan.id, address);
  });

  it('counts recorded addresses as used, the rest of DHCP and reserved ranges apart, and the gateway only when recorded', async () => {
    expect(await one(lan.id)).toMatchObject({
      addressCount: 9,
      nearlyFull: false,
      utilization: { size: 256, usable: 254, used: 9, reserved: 8, dhcp: 100, free: 137, percent: 46.1 },
    });
    await expectListAgrees(lan.id);
    await record(lan.id, '10.0.0.1');
    expect((await one(lan.id)).utilization).toEqual({ size: 256, usable: 254, used: 10, reserved: 8, dhcp: 100, free: 136, percent: 46.5 });
    await expectListAgrees(lan.id);
  });

  it('flags a network at 80 % and more, in lists too, and sorts by the percent', async () => {
    const small = await network({ name: 'Small', subnet: '10.0.1.0/28' });
    await range(small.id, '10.0.1.1', '10.0.1.11', 'dhcp');
    expect(await one(small.id)).toMatchObject({ utilization: { percent: 78.6 }, nearlyFull: false });
    await record(small.id, '10.0.1.12');
    expect(await one(small.id)).toMatchObject({
      addressCount: 1,
      nearlyFull: true,
      utilization: { dhcp: 11, used: 1, free: 2, percent: 85.7 },
    });
    await expectListAgrees(small.id);
    const sorted = (await must(200, 'GET', `/api/networks?siteId=${siteId}&sort=-utilization`)).items.map((n: { name: string }) => n.name);
    expect(sorted[0]).toBe('Small');
    const byCount = (await must(200, 'GET', `/api/networks?siteId=${siteId}&sort=-addressCount`)).items.map(
      (n: { name: string }) => n.name,
    );
    expect(byCount[0]).toBe('LAN');
  });
});

describe('utilisation of a /31 and a /32', () => {
  it('counts both addresses of a /31 as usable', async () => {
    const transit = await network({ name: 'Transit', subnet: '10.255.0.0/31' });
    expect((await one(transit.id)).utilization).toEqual({ size: 2, usable: 2, used: 0, reserved: 0, dhcp: 0, free: 2, percent: 0 });
    await record(transit.id, '10.255.0.0');
    expect(await one(transit.id)).toMatchObject({ nearlyFull: false, utilization: { used: 1, free: 1, percent: 50 } });
    await record(transit.id, '10.255.0.1');
    expect(await one(transit.id)).toMatchObject({ nearlyFull: true, utilization: { used: 2, free: 0, percent: 100 } });
    await expectListAgrees(transit.id);
  });

  it('counts the one address of a /32', async () => {
    const host = await network({ name: 'Loopback', subnet: '10.255.1.1/32' });
    await range(host.id, '10.255.1.1', '10.255.1.1', 'reserved');
    expect(await one(host.id)).toMatchObject({
      utilization: { size: 1, usable: 1, used: 0, reserved: 1, free: 0, percent: 100 },
    });
    await expectListAgrees(host.id);
  });
});

describe('utilisation of an IPv6 /64', () => {
  it('answers counts past 2^53 as decimal strings', async () => {
    const v6 = await network({ name: 'V6', subnet: '2001:db8:10::/64', gateway: '2001:db8:10::1' });
    await record(v6.id, '2001:db8:10::1');
    await record(v6.id, '2001:db8:10::2');
    await range(v6.id, '2001:db8:10::1:0', '2001:db8:10::1:ffff', 'dhcp');
    expect(await one(v6.id)).toMatchObject({
      addressCount: 2,
      nearlyFull: false,
      utilization: {
        size: '18446744073709551616',
        usable: '18446744073709551615',
        used: 2,
        reserved: 0,
        dhcp: 65536,
        free: '18446744073709486077',
        percent: 0,
      },
    });
    await range(v6.id, '2001:db8:10:0:8000::', '2001:db8:10:0:ffff:ffff:ffff:ffff', 'reserved');
    expect(await one(v6.id)).toMatchObject({
      utilization: { reserved: '9223372036854775808', free: '9223372036854710269', percent: 50 },
    });
    await expectListAgrees(v6.id);
  });
});
