// Addresses and ranges through the backup doors: exported after networks and ports, restored with their ids and
// every IPAM rule checked, merged by address and by start+end into a network of the same subnet; a document of
// the previous schema (without them) still restores.
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ORDER } from '../helpers/data.ts';
import { useTestServer } from '../helpers/server.ts';

const source = useTestServer();
const target = useTestServer();

let doc: any;
let net: string;

beforeAll(async () => {
  const site = (await source.must(201, 'POST', '/api/sites', { name: 'Campus' })).id;
  net = (await source.must(201, 'POST', '/api/networks', { siteId: site, name: 'Users', subnet: '10.0.10.0/24' })).id;
  const sw = (await source.must(201, 'POST', '/api/switches', { siteId: site, name: 'core', portCount: 2, managementIp: '10.0.10.2' })).id;
  const port = (await source.must(200, 'GET', `/api/switches/${sw}`)).ports[0].id;
  await source.must(201, 'POST', `/api/networks/${net}/ranges`, { start: '10.0.10.100', end: '10.0.10.199', kind: 'dhcp' });
  await source.must(201, 'POST', `/api/networks/${net}/ranges`, { start: '10.0.10.200', end: '10.0.10.210', kind: 'reserved' });
  await source.must(201, 'POST', `/api/networks/${net}/addresses`, { address: '10.0.10.10', hostname: 'printer', portId: port });
  doc = (await source.call('GET', '/api/backup/export')).body;
});

const restore = (body: unknown, query = '') => target.call('POST', `/api/backup/import${query}`, { body });
const clone = () => structuredClone(doc);

describe('backup export', () => {
  it('writes addresses and ranges with their counts, after networks and ports', () => {
    expect(Object.keys(doc.data)).toEqual(EXPORT_ORDER);
    expect(doc.counts).toMatchObject({ ranges: 2, addresses: 2 });
    expect(doc.data.addresses.find((a: any) => a.address === '10.0.10.2')).toMatchObject({ networkId: net, switchId: expect.any(String) });
    expect(doc.data.ranges[0]).toMatchObject({ networkId: net, start: '10.0.10.100', end: '10.0.10.199', kind: 'dhcp' });
    expect(Object.keys(doc.data.addresses[0])).not.toContain('keyHi');
  });
});

describe('POST /api/backup/import', () => {
  it('restores addresses and ranges with their ids', async () => {
    const answer = await restore(doc);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.restored).toMatchObject({ addresses: 2, ranges: 2 });
    for (const address of doc.data.addresses)
      expect(await target.must(200, 'GET', `/api/addresses/${address.id}`)).toMatchObject({
        address: address.address,
        portId: address.portId,
      });
    for (const range of doc.data.ranges)
      expect(await target.must(200, 'GET', `/api/ranges/${range.id}`)).toMatchObject({ start: range.start });
    // The keys were written: the address sorts and the next free address skips it.
    const listed = (await target.must(200, 'GET', `/api/addresses?networkId=${net}&sort=address`)).items.map((a: any) => a.address);
    expect(listed).toEqual(['10.0.10.2', '10.0.10.10']);
    // The network's address count is derived data, counted again at the restore's end.
    expect((await target.must(200, 'GET', `/api/networks/${net}`)).addressCount).toBe(2);
    expect((await target.must(200, 'GET', `/api/networks/${net}/addresses`)).total).toBe(2);
  });

  it.each([
    [
      'an address inside a DHCP range',
      (d: any) => (d.data.addresses[0].address = '10.0.10.150'),
      'data.addresses[0].address',
      /in_dhcp_range/,
      409,
    ],
    [
      'an address twice in a network',
      (d: any) => (d.data.addresses[1].address = d.data.addresses[0].address),
      'data.addresses[1].address',
      /address_taken/,
      409,
    ],
    ['the broadcast address', (d: any) => (d.data.addresses[0].address = '10.0.10.255'), 'data.addresses[0].address', /broadcast/, 400],
    ['overlapping ranges', (d: any) => (d.data.ranges[1].start = '10.0.10.150'), 'data.ranges[1].start', /range_overlaps/, 409],
    ['a range outside its subnet', (d: any) => (d.data.ranges[1].end = '10.0.11.1'), 'data.ranges[1].end', /inside/, 400],
    [
      'a network that is not in the document',
      (d: any) => (d.data.ranges[0].networkId = d.data.sites[0].id),
      'data.ranges[0].networkId',
      /not in the document/,
      400,
    ],
    [
      'a port that is not in the document',
      (d: any) => (d.data.addresses[0].portId = d.data.sites[0].id),
      'data.addresses[0].portId',
      /does not exist/,
      400,
    ],
  ])('refuses %s, naming its path, and changes nothing', async (_what, edit, field, message, status) => {
    const bad = clone();
    bad.data.addresses.sort((a: any, b: any) => Number(Boolean(a.switchId)) - Number(Boolean(b.switchId)));
    edit(bad);
    const answer = await restore(bad, '?dryRun=true');
    // A clash of IPAM rules answers its rule's code (409 in_dhcp_range, address_taken, range_overlaps), as the API does.
    expect(answer.status, answer.text).toBe(status);
    const fault = answer.body.error.details.find((detail: any) => detail.field === field);
    expect(fault, answer.text).toBeDefined();
    expect(fault.message).toMatch(message);
  });

  it('restores a document of the previous schema, without addresses and ranges', async () => {
    const old = clone();
    old.schemaVersion = 6;
    delete old.data.addresses;
    delete old.data.ranges;
    delete old.counts.addresses;
    delete old.counts.ranges;
    old.data.activity = [];
    const answer = await restore(old);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.restored).toMatchObject({ addresses: 0, ranges: 0, networks: 1 });
    expect((await target.must(200, 'GET', `/api/addresses?networkId=${net}`)).total).toBe(0);
  });
});

describe('POST /api/data/import', () => {
  it('merges addresses by address and ranges by start and end into the network of the same subnet; new ones get fresh ids', async () => {
    await restore(doc);
    const other = clone();
    other.data.activity = [];
    const printer = other.data.addresses.find((a: any) => a.address === '10.0.10.10');
    other.data.addresses.push({ ...printer, id: '5a1f0c9e-8d1b-4c2a-9f00-000000000001', address: '10.0.10.11', hostname: 'scanner' });
    other.data.ranges.push({
      ...other.data.ranges[1],
      id: '5a1f0c9e-8d1b-4c2a-9f00-000000000002',
      start: '10.0.10.220',
      end: '10.0.10.230',
    });
    const answer = await target.call('POST', '/api/data/import', { body: other });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.merged).toMatchObject({ addresses: 2, ranges: 2 });
    expect(answer.body.created).toMatchObject({ addresses: 1, ranges: 1 });
    const addresses = (await target.must(200, 'GET', `/api/addresses?networkId=${net}`)).items;
    const scanner = addresses.find((a: any) => a.address === '10.0.10.11');
    expect(scanner).toMatchObject({ hostname: 'scanner', portId: printer.portId });
    expect(scanner.id).not.toBe('5a1f0c9e-8d1b-4c2a-9f00-000000000001');
    expect((await target.must(200, 'GET', `/api/networks/${net}/ranges`)).total).toBe(3);
  });

  it('refuses (409) a new address inside a stored DHCP range of a merged network, changing nothing', async () => {
    const other = clone();
    other.data.activity = [];
    other.data.addresses.push({
      ...other.data.addresses[0],
      id: '5a1f0c9e-8d1b-4c2a-9f00-000000000003',
      address: '10.0.10.120',
      switchId: null,
    });
    other.data.ranges = other.data.ranges.filter((r: any) => r.kind !== 'dhcp');
    const answer = await target.call('POST', '/api/data/import', { body: other });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.error.details.map((d: any) => d.message).join('\n')).toMatch(/in_dhcp_range/);
  });
});
