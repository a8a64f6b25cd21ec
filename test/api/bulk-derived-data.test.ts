// The bulk import keeps what a create or update of one switch keeps beside it (issue 34: every path goes through the
// domain core): a switch's management IP inside a network of its site is an address of that network, as after POST.
import { beforeAll, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
let site: string;
let net: string;

beforeAll(async () => {
  site = (await server.must(201, 'POST', '/api/sites', { name: 'Campus' })).id;
  net = (await server.must(201, 'POST', '/api/networks', { siteId: site, name: 'Mgmt', subnet: '10.0.99.0/24' })).id;
  await server.must(201, `POST`, `/api/networks/${net}/ranges`, { start: '10.0.99.200', end: '10.0.99.250', kind: 'dhcp' });
});

type Address = { address: string; switchId: string | null; hostname: string | null };
const addressesOf = async (): Promise<Address[]> => (await server.must(200, 'GET', `/api/networks/${net}/addresses`)).items;
const importSwitches = (rows: object[], query = '') => server.call('POST', `/api/import/switches${query}`, { body: rows });

it('a switch imported with a management IP inside a network of its site gets its address record, as one created by POST', async () => {
  const posted = await server.must(201, 'POST', '/api/switches', { siteId: site, name: 'by-post', managementIp: '10.0.99.2' });
  const imported = await importSwitches([{ site: 'Campus', name: 'by-import', managementIp: '10.0.99.3' }]);
  expect(imported.status).toBe(201);
  const [importedId] = imported.body.ids;
  expect((await addressesOf()).map(({ address, switchId, hostname }) => [address, switchId, hostname])).toEqual([
    ['10.0.99.2', posted.id, 'by-post'],
    ['10.0.99.3', importedId, 'by-import'],
  ]);
});

it("an import that changes a switch's management IP moves its record, a rename renames it, and a cleared IP removes it", async () => {
  const { id } = await server.must(201, 'POST', '/api/switches', { siteId: site, name: 'mover', managementIp: '10.0.99.10' });
  await importSwitches([{ id, site: 'Campus', name: 'mover', managementIp: '10.0.99.11' }]);
  expect((await addressesOf()).filter((address) => address.switchId === id).map((address) => address.address)).toEqual(['10.0.99.11']);
  await importSwitches([{ id, site: 'Campus', name: 'mover-2', managementIp: '10.0.99.11' }]);
  expect((await addressesOf()).find((address) => address.switchId === id)?.hostname).toBe('mover-2');
  await importSwitches([{ id, site: 'Campus', name: 'mover-2', managementIp: '' }]);
  expect((await addressesOf()).some((address) => address.switchId === id)).toBe(false);
});

it.each(['', '?dryRun=true'])(
  'an import%s of a switch whose management IP lies in a DHCP range is refused, as POST refuses it',
  async (query) => {
    const before = await addressesOf();
    const refused = await importSwitches([{ site: 'Campus', name: 'in-pool', managementIp: '10.0.99.210' }], query);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('in_dhcp_range');
    expect(refused.body.error.details[0].field).toBe('rows[1].managementIp');
    const posted = await server.call('POST', '/api/switches', { body: { siteId: site, name: 'in-pool', managementIp: '10.0.99.210' } });
    expect(posted.body.error.code).toBe('in_dhcp_range');
    expect(await addressesOf()).toEqual(before);
    expect((await server.must(200, 'GET', `/api/switches?siteId=${site}&q=in-pool`)).items).toEqual([]);
  },
);

it('a dry run answers what the import would do and leaves no switch, address or entry behind', async () => {
  const entries = (await server.must(200, 'GET', '/api/activity')).items.length;
  const before = await addressesOf();
  const dry = await importSwitches([{ site: 'Campus', name: 'rehearsed', managementIp: '10.0.99.20' }], '?dryRun=true');
  expect(dry.body).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
  expect(dry.headers.get('activity-id')).toBeNull();
  expect(await addressesOf()).toEqual(before);
  expect((await server.must(200, 'GET', '/api/activity')).items.length).toBe(entries);
});
