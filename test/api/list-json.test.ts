import { beforeAll, describe, expect, it } from 'vitest';
import { seedInventory, type Seeded } from '../helpers/data.ts';
import { useTestServer } from '../helpers/server.ts';

// List pages are serialised by SQLite, single reads by JSON.stringify of mapped rows: every item of a list must
// read exactly as the same record read alone (keys, order, types), inside the contract's envelope.

// Without the read cache every answer is made fresh.
const server = useTestServer({ env: { READ_CACHE_MB: '0' } });
const { call } = server;
let seeded: Seeded;

beforeAll(async () => {
  seeded = await seedInventory(server.baseUrl, server.token);
});

/** The single read of a list item, as text, without what only the single read embeds (a switch's ports and LAGs). */
async function aloneText(path: string): Promise<string> {
  const { ports, lags, ...record } = (await call('GET', path)).body;
  void ports;
  void lags;
  return JSON.stringify(record);
}

describe('JSON list answers', () => {
  const lists: [string, () => string, (id: string) => string][] = [
    ['/api/sites', () => '/api/sites', (id) => `/api/sites/${id}`],
    ['/api/vlans', () => '/api/vlans', (id) => `/api/vlans/${id}`],
    ['/api/networks', () => '/api/networks', (id) => `/api/networks/${id}`],
    ['/api/switches', () => '/api/switches', (id) => `/api/switches/${id}`],
    ['/api/ports', () => '/api/ports', (id) => `/api/ports/${id}`],
    ['/api/switches/:id/ports', () => `/api/switches/${seeded.switches.core}/ports`, (id) => `/api/ports/${id}`],
  ];

  it.each(lists)('%s: each item reads exactly as the record read alone', async (_, listPath, itemPath) => {
    const answer = await call('GET', `${listPath()}?limit=50&offset=0`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(answer.body)).toEqual(['items', 'total', 'totalExact', 'limit', 'offset']);
    expect(answer.body).toMatchObject({ total: answer.body.items.length, limit: 50, offset: 0 });
    expect(answer.body.items.length).toBeGreaterThan(0);
    for (const item of answer.body.items) expect(JSON.stringify(item)).toBe(await aloneText(itemPath(item.id)));
  });

  it('keeps booleans, objects, arrays and nulls as JSON types in port lists', async () => {
    const { items } = (await call('GET', `/api/switches/${seeded.switches.core}/ports?sort=name`)).body;
    const c1 = items.find((p: { id: string }) => p.id === seeded.ports.c1);
    const c2 = items.find((p: { id: string }) => p.id === seeded.ports.c2);
    expect(c1).toMatchObject({ enabled: true, poe: null, mode: 'trunk', linkedPortId: seeded.ports.e1, connectedDevice: null, unit: 1 });
    expect(c1.taggedVlanIds).toEqual([seeded.vlans.Voice, seeded.vlans.Mgmt].sort());
    expect(c2).toMatchObject({
      enabled: false,
      poe: { type: '802.3af', maxWatts: 15.4 },
      taggedVlanIds: [],
      connectedDevice: 'printer\nroom 2',
    });
  });

  it("answers a switch's tags, configured VLANs and the caller's favourite as JSON, the same in the list as alone", async () => {
    await call('PATCH', `/api/switches/${seeded.switches.edge}`, {
      body: { tags: ['lab', 'floor 2'], configuredVlanIds: [seeded.vlans.Users] },
    });
    await call('PUT', `/api/switches/${seeded.switches.edge}/favorite`);
    const { items } = (await call('GET', '/api/switches?favorite=true')).body;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ tags: ['lab', 'floor 2'], configuredVlanIds: [seeded.vlans.Users], favorite: true });
    expect(JSON.stringify(items[0])).toBe(await aloneText(`/api/switches/${seeded.switches.edge}`));
  });

  it('answers an empty page as an empty array with the total', async () => {
    const answer = await call('GET', '/api/switches?offset=100&limit=5');
    expect(answer.text).toBe('{"items":[],"total":2,"totalExact":true,"limit":5,"offset":100}');
  });

  it('still answers CSV from rows when asked', async () => {
    const answer = await call('GET', '/api/switches?format=csv');
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('x-total-count')).toBe('2');
    expect(answer.text.split(/\r?\n/)[0]).toMatch(/^id,site,name,/);
  });
});
