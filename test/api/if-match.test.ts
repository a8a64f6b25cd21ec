// If-Match compares strongly (RFC 9110, 13.1.1): a weak tag never matches, so a change sent with W/"<version>"
// is refused (412); `*`, the strong tag and a list that holds it are taken.
import { describe, expect, it } from 'vitest';
import { NO_SUCH_ID, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call, make } = server;

const changed = (id: string, ifMatch: string, notes: string) =>
  call('PATCH', `/api/sites/${id}`, { body: { notes }, headers: { 'if-match': ifMatch } });

describe('If-Match', () => {
  it('refuses a weak tag of the current version (412) and changes nothing', async () => {
    const site = await make('/api/sites', { name: 'Weak' });
    const answer = await changed(site.id, `W/"${site.version}"`, 'weak');
    expect(answer.status).toBe(412);
    expect(answer.body.error.code).toBe('precondition_failed');
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ version: site.version, notes: null });
  });

  it('refuses a list of only weak tags, and a weak tag on a delete', async () => {
    const site = await make('/api/sites', { name: 'Weak list' });
    expect((await changed(site.id, `W/"${site.version}", W/"${site.version + 1}"`, 'weak')).status).toBe(412);
    const deleted = await call('DELETE', `/api/sites/${site.id}`, { headers: { 'if-match': `W/"${site.version}"` } });
    expect(deleted.status).toBe(412);
  });

  it('takes the strong tag the GET sent, a list that holds it beside a weak one, and *', async () => {
    const site = await make('/api/sites', { name: 'Strong' });
    const read = await call('GET', `/api/sites/${site.id}`);
    const strong = read.headers.get('etag') ?? '';
    expect(strong).toBe(`"${site.version}"`);
    const first = await changed(site.id, strong, 'strong');
    expect(first.status).toBe(200);
    const second = await changed(site.id, `W/"${first.body.version}", "${first.body.version}"`, 'listed');
    expect(second.status).toBe(200);
    expect((await changed(site.id, '*', 'any')).status).toBe(200);
    const deleted = await call('DELETE', `/api/sites/${site.id}`, { headers: { 'if-match': `"${second.body.version + 1}"` } });
    expect(deleted.status).toBe(204);
  });
});

describe('the order of refusals of a change, for every kind of the adapter', () => {
  // kind, makes one and answers its path, a patch its fields refuse
  const kinds: [string, () => Promise<string>, Record<string, unknown>][] = [
    ['site', async () => `/api/sites/${(await make('/api/sites', { name: 'Order' })).id}`, { name: '' }],
    ['vlan', async () => `/api/vlans/${(await make('/api/vlans', { siteId: await siteId(), vid: 10, name: 'Order' })).id}`, { vid: 0 }],
    ['network', async () => `/api/networks/${(await network()).id}`, { subnet: 'nope' }],
    ['range', async () => `/api/ranges/${(await make(`/api/networks/${(await network()).id}/ranges`, RANGE)).id}`, { start: 'nope' }],
    [
      'address',
      async () => `/api/addresses/${(await make(`/api/networks/${(await network()).id}/addresses`, ADDRESS)).id}`,
      { address: 'nope' },
    ],
    ['template', async () => `/api/templates/${(await make('/api/templates', TEMPLATE)).id}`, { name: '' }],
    ['switch', async () => `/api/switches/${(await switchWithPorts()).id}`, { name: '' }],
    ['port', async () => `/api/ports/${(await switchWithPorts()).ports[0].id}`, { name: '' }],
    ['lag', async () => `/api/lags/${(await lag()).id}`, { name: '' }],
  ];

  it.each(kinds)('%s: 404 for no such record, then 412 for a stale If-Match, then 400 for its fields', async (_kind, makeOne, badPatch) => {
    const path = await makeOne();
    const missing = path.replace(/[^/]+$/, NO_SUCH_ID);
    const stale = { 'if-match': '"7"' };
    expect((await call('PATCH', missing, { body: badPatch, headers: stale })).status).toBe(404);
    expect((await call('DELETE', missing, { headers: stale })).status).toBe(404);
    expect((await call('PATCH', path, { body: badPatch, headers: stale })).status).toBe(412);
    expect((await call('DELETE', path, { headers: stale })).status).toBe(412);
    const refused = await call('PATCH', path, { body: badPatch, headers: { 'if-match': '"1"' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((fault: { field: string }) => fault.field)).toContain(Object.keys(badPatch)[0]);
    expect((await call('GET', path)).body.version).toBe(1);
  });
});

const RANGE = { start: '10.9.0.10', end: '10.9.0.20', kind: 'reserved' };
const ADDRESS = { address: '10.9.0.5' };
const TEMPLATE = { name: 'Order', units: [[{ type: 'rj45', count: 2, namePattern: '{n}' }]] };
let made = 0;

async function siteId(): Promise<string> {
  return (await make('/api/sites', { name: `Order ${++made}` })).id;
}

async function network() {
  return make('/api/networks', { siteId: await siteId(), name: 'Order', subnet: '10.9.0.0/24' });
}

async function switchWithPorts() {
  const sw = await make('/api/switches', { siteId: await siteId(), name: 'Order', portCount: 2 });
  return (await call('GET', `/api/switches/${sw.id}`)).body;
}

async function lag() {
  const sw = await switchWithPorts();
  return make(`/api/switches/${sw.id}/lags`, { name: 'Po1', memberPortIds: sw.ports.map((port: { id: string }) => port.id) });
}
