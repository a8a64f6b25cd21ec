// Bulk import of addresses and ranges (POST /api/import/addresses, /api/import/ranges): every IPAM rule, within the
// file and against the stored data, all or nothing, one import entry, dry run; the CSV round trip and a
// spreadsheet edit.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/csv.ts';
import { useTestServer } from '../helpers/server.ts';

/** A row that breaks a rule the API answers with a 409 (its code in the message) is that 409, as the API's own (issue 34). */
const statusOf = (message: RegExp) => (/address_taken|in_dhcp_range|range_overlaps/.test(message.source) ? 409 : 400);

const server = useTestServer();
const { call } = server;

const csv = (entity: string, text: string, query = '') =>
  call('POST', `/api/import/${entity}${query}`, { raw: text, headers: { 'content-type': 'text/csv' } });

let site: string;
let net: string;
let small: string;
let core: string;
let corePorts: { id: string; name: string }[];

beforeAll(async () => {
  site = (await server.must(201, 'POST', '/api/sites', { name: 'Campus' })).id;
  net = (await server.must(201, 'POST', '/api/networks', { siteId: site, name: 'Users', subnet: '10.0.10.0/24' })).id;
  small = (await server.must(201, 'POST', '/api/networks', { siteId: site, name: 'Transit', subnet: '192.0.2.0/31' })).id;
  core = (await server.must(201, 'POST', '/api/switches', { siteId: site, name: 'core 1', portCount: 4, managementIp: '10.0.10.2' })).id;
  corePorts = (await server.must(200, 'GET', `/api/switches/${core}`)).ports;
  await server.must(201, 'POST', `/api/networks/${net}/ranges`, { start: '10.0.10.100', end: '10.0.10.199', kind: 'dhcp' });
  await server.must(201, 'POST', `/api/networks/${net}/addresses`, { address: '10.0.10.20', hostname: 'stored' });
});

describe('POST /api/import/addresses', () => {
  it('creates addresses named by site and subnet, with the port as "<switch> <port>", ignoring the switch column', async () => {
    const text =
      'site,network,address,hostname,macAddress,deviceType,status,description,switch,port\n' +
      `Campus,10.0.10.0/24,10.0.10.10,printer-1,AA-BB-CC-00-00-10,printer,active,"2nd floor, east",core 1,core 1 ${corePorts[1].name}\n` +
      'Campus,10.0.10.0/24,10.0.10.11,,,,reserved,,,\n';
    const answer = await csv('addresses', text);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const printer = await server.must(200, 'GET', `/api/addresses/${answer.body.ids[0]}`);
    expect(printer).toMatchObject({
      networkId: net,
      address: '10.0.10.10',
      macAddress: 'aa:bb:cc:00:00:10',
      deviceType: 'printer',
      portId: corePorts[1].id,
      switchId: null,
      description: '2nd floor, east',
    });
    expect(await server.must(200, 'GET', `/api/addresses/${answer.body.ids[1]}`)).toMatchObject({ status: 'reserved', portId: null });
  });

  const HEADER = 'site,network,address,hostname\n';
  it.each([
    ['the network address', 'Campus,10.0.10.0/24,10.0.10.0,a\n', 'rows[1].address', /network address/],
    ['the broadcast address', 'Campus,10.0.10.0/24,10.0.10.255,a\n', 'rows[1].address', /broadcast/],
    ['an address outside the subnet', 'Campus,10.0.10.0/24,10.0.11.5,a\n', 'rows[1].address', /inside 10.0.10.0\/24/],
    ['an address stored in the network', 'Campus,10.0.10.0/24,10.0.10.20,a\n', 'rows[1].address', /address_taken/],
    [
      'an address twice in the file',
      'Campus,10.0.10.0/24,10.0.10.30,a\nCampus,10.0.10.0/24,10.0.10.30,b\n',
      'rows[2].address',
      /row 2.*address_taken/,
    ],
    ['an address inside a stored DHCP range', 'Campus,10.0.10.0/24,10.0.10.150,a\n', 'rows[1].address', /in_dhcp_range/],
    ['a network the site does not have', 'Campus,10.9.9.0/24,10.9.9.5,a\n', 'rows[1].network', /no network 10.9.9.0\/24/],
    ['a site that does not exist', 'Nowhere,10.0.10.0/24,10.0.10.5,a\n', 'rows[1].site', /no site named/],
  ])('refuses %s, naming the row, and changes nothing', async (_what, rows, field, message) => {
    const before = (await server.must(200, 'GET', `/api/addresses?networkId=${net}&limit=1`)).total;
    const answer = await csv('addresses', `${HEADER}Campus,10.0.10.0/24,10.0.10.40,fine\n${rows.replaceAll('rows[1]', 'x')}`);
    expect(answer.status, answer.text).toBe(statusOf(message));
    const shifted = field.replace(/\[(\d+)\]/, (_m, n) => `[${Number(n) + 1}]`);
    const fault = answer.body.error.details.find((detail: any) => detail.field === shifted);
    expect(fault, answer.text).toBeDefined();
    expect(fault.message).toMatch(message);
    expect((await server.must(200, 'GET', `/api/addresses?networkId=${net}&limit=1`)).total).toBe(before);
  });

  it('refuses a port that names no port of the site, and a portId of another site', async () => {
    const other = (await server.must(201, 'POST', '/api/sites', { name: 'Elsewhere' })).id;
    const far = (await server.must(201, 'POST', '/api/switches', { siteId: other, name: 'far', portCount: 1 })).id;
    const farPort = (await server.must(200, 'GET', `/api/switches/${far}`)).ports[0].id;
    const answer = await call('POST', '/api/import/addresses', {
      body: [
        { site: 'Campus', network: '10.0.10.0/24', address: '10.0.10.50', port: 'core 1 no-such-port' },
        { networkId: net, address: '10.0.10.51', portId: farPort },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toEqual(['rows[1].port', 'rows[2].portId']);
  });

  it('answers a dry run with the counts and changes nothing', async () => {
    const answer = await csv('addresses', `${HEADER}Campus,10.0.10.0/24,10.0.10.60,dry\n`, '?dryRun=true');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 1, dryRun: true, ids: [] });
    expect((await server.must(200, 'GET', `/api/addresses?networkId=${net}&q=dry`)).total).toBe(0);
  });

  it("refuses a row that moves a switch's management address, which changes through the switch", async () => {
    const managed = (await server.must(200, 'GET', `/api/addresses?networkId=${net}&q=10.0.10.2`)).items.find(
      (item: any) => item.switchId === core,
    );
    expect(managed).toBeDefined();
    const answer = await call('POST', '/api/import/addresses', { body: [{ id: managed.id, address: '10.0.10.3' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0]).toMatchObject({ field: 'rows[1].address', message: expect.stringContaining('management IP') });
  });

  it('imports back what GET ?format=csv exports unchanged, and a spreadsheet edit as the edit', async () => {
    const exported = await call('GET', `/api/addresses?networkId=${net}&format=csv&limit=500`);
    expect(exported.status).toBe(200);
    const { header, rows } = parseCsv(exported.text);
    expect(header.join(',')).toBe('id,site,network,address,hostname,macAddress,deviceType,status,description,switch,port');
    expect(rows.find((row) => row[3] === '10.0.10.2')?.[9]).toBe('core 1');
    const again = await csv('addresses', exported.text);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: rows.length });
    const edited = rows.map((row) =>
      row[3] === '10.0.10.11' ? [...row.slice(0, 4), 'desk-7', ...row.slice(5, 10), `core 1 ${corePorts[2].name}`] : row,
    );
    const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const text = [header.join(','), ...edited.map((row) => row.map(quote).join(','))].join('\r\n');
    const edit = await csv('addresses', text);
    expect(edit.body).toMatchObject({ created: 0, updated: 1, unchanged: rows.length - 1 });
    const changed = (await server.must(200, 'GET', `/api/addresses?networkId=${net}&q=desk-7`)).items[0];
    expect(changed).toMatchObject({ address: '10.0.10.11', portId: corePorts[2].id });
  });
});

describe('POST /api/import/ranges', () => {
  const HEADER = 'site,network,start,end,kind,description\n';
  it('creates ranges and imports its CSV export back unchanged', async () => {
    const answer = await csv('ranges', `${HEADER}Campus,10.0.10.0/24,10.0.10.200,10.0.10.220,reserved,printers\n`);
    expect(answer.status, answer.text).toBe(201);
    const exported = await call('GET', `/api/networks/${net}/ranges?format=csv`);
    expect(parseCsv(exported.text).header.join(',')).toBe('id,site,network,start,end,kind,description');
    expect(exported.text).toContain(',Campus,10.0.10.0/24,10.0.10.200,10.0.10.220,reserved,printers');
    const again = await csv('ranges', exported.text);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it.each([
    ['a range overlapping a stored one', 'Campus,10.0.10.0/24,10.0.10.190,10.0.10.195,static,\n', 'rows[1].start', /range_overlaps/],
    [
      'ranges overlapping each other',
      'Campus,10.0.10.0/24,10.0.10.1,10.0.10.9,static,\nCampus,10.0.10.0/24,10.0.10.5,10.0.10.6,static,\n',
      'rows[2].start',
      /row 1.*range_overlaps/,
    ],
    [
      'a DHCP range over a stored address',
      'Campus,10.0.10.0/24,10.0.10.15,10.0.10.25,dhcp,\n',
      'rows[1].kind',
      /10.0.10.20.*in_dhcp_range/,
    ],
    ['a range outside the subnet', 'Campus,10.0.10.0/24,10.0.10.230,10.0.11.5,static,\n', 'rows[1].end', /inside 10.0.10.0\/24/],
    ['a range that ends before it starts', 'Campus,10.0.10.0/24,10.0.10.50,10.0.10.40,static,\n', 'rows[1].end', /at least start/],
    ['a DHCP range in a /31', 'Campus,192.0.2.0/31,192.0.2.0,192.0.2.1,dhcp,\n', 'rows[1].kind', /\/31/],
  ])('refuses %s, naming the row, and changes nothing', async (_what, rows, field, message) => {
    const before = (await server.must(200, 'GET', `/api/networks/${net}/ranges`)).total;
    const answer = await csv('ranges', HEADER + rows);
    expect(answer.status, answer.text).toBe(statusOf(message));
    const fault = answer.body.error.details.find((detail: any) => detail.field === field);
    expect(fault, answer.text).toBeDefined();
    expect(fault.message).toMatch(message);
    expect((await server.must(200, 'GET', `/api/networks/${net}/ranges`)).total).toBe(before);
    expect((await server.must(200, 'GET', `/api/networks/${small}/ranges`)).total).toBe(0);
  });
});
