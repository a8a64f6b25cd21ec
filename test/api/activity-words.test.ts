// The UI words an activity entry in the user's language by reading the server's English summary back against the
// forms of its catalogue (src/ui/entry-summary.ts). This test ties the two: the real server makes an entry of every
// form (each kind created, changed and deleted, with the tails a summary may carry, bulk edits, public links, CSV
// imports, undo and redo), and every entry it wrote must read as German words, never fall back to the English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/ui/api-types.ts';
import { entrySummary } from '../../src/ui/entry-summary.ts';
import { setLanguage } from '../../src/ui/messages.ts';
import { de } from '../../src/ui/messages-de.ts';
import { seed } from '../e2e/seed.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();

type Port = { id: string; name: string };

/** Makes one entry of each form the server writes, through the API as a user would. */
async function makeEveryForm(): Promise<void> {
  const { must, make } = server;
  const data = await seed(server.baseUrl, server.token);
  const ports = async (switchId: string): Promise<Port[]> => (await must(200, 'GET', `/api/switches/${switchId}`)).ports;

  // Sites, VLANs and networks: changed, and deleted with what holds them.
  await must(200, 'PATCH', `/api/sites/${data.hqId}`, { notes: 'Badge at reception' });
  await must(200, 'PATCH', `/api/vlans/${data.usersVlanId}`, { description: 'Staff' });
  await must(200, 'PATCH', `/api/networks/${data.usersNetId}`, { description: 'Staff desks' });
  const doomedVlan = await make('/api/vlans', { siteId: data.hqId, vid: 77, name: 'Doomed' });
  const doomedNet = await make('/api/networks', { siteId: data.hqId, vlanId: doomedVlan.id, name: 'Doomed', subnet: '10.77.0.0/24' });
  await make(`/api/networks/${doomedNet.id}/addresses`, { address: '10.77.0.5', hostname: 'printer' });
  const bare = await make(`/api/networks/${doomedNet.id}/addresses`, { address: '10.77.0.6' });
  await must(200, 'PATCH', `/api/addresses/${bare.id}`, { description: 'spare' });
  await must(204, 'DELETE', `/api/addresses/${bare.id}`);
  await make(`/api/networks/${doomedNet.id}/addresses/next`, { hostname: 'next-one' });
  const pool = await make(`/api/networks/${doomedNet.id}/ranges`, { start: '10.77.0.100', end: '10.77.0.120', kind: 'dhcp' });
  await must(200, 'PATCH', `/api/ranges/${pool.id}`, { description: 'Phones' });
  const reserved = await make(`/api/networks/${doomedNet.id}/ranges`, { start: '10.77.0.200', end: '10.77.0.210', kind: 'reserved' });
  await must(204, 'DELETE', `/api/ranges/${reserved.id}`);
  await must(204, 'DELETE', `/api/networks/${doomedNet.id}?force=true`);
  const spare = (await ports(data.accessId)).find((port) => port.name === '20')!;
  await must(200, 'PATCH', `/api/ports/${spare.id}`, { untaggedVlanId: doomedVlan.id });
  await must(204, 'DELETE', `/api/vlans/${doomedVlan.id}?force=true`);

  // Switches: made with ports, as a copy, from a template; ports made, changed, bulk-edited and deleted; a LAG.
  const edge = await make('/api/switches', { siteId: data.hqId, name: 'edge-1', portCount: 8 });
  const edgePorts = await ports(edge.id);
  await make(`/api/switches/${edge.id}/lags`, { name: 'Po1', memberPortIds: [edgePorts[6]!.id, edgePorts[7]!.id] });
  await make(`/api/switches/${edge.id}/duplicate`, { name: 'edge-2' });
  const template = await make('/api/templates', { name: 'Eight', units: [[{ type: 'rj45', count: 8, namePattern: 'ge-0/0/{n0}' }]] });
  await make('/api/switches', { siteId: data.hqId, name: 'edge-3', templateId: template.id });
  const uplink = await make(`/api/switches/${edge.id}/ports`, { name: 'uplink' });
  await must(200, 'PATCH', `/api/ports/${uplink.id}`, { description: 'to core-1' });
  await must(200, 'PATCH', `/api/switches/${edge.id}/ports`, {
    portIds: edgePorts.slice(0, 4).map((port) => port.id),
    set: { enabled: false },
  });
  await must(204, 'DELETE', `/api/ports/${uplink.id}`);
  await must(200, 'PATCH', `/api/switches/${edge.id}`, { location: 'Closet 3' });

  // A public link made and revoked; rows imported by CSV.
  const link = await make(`/api/switches/${edge.id}/public-link`, {});
  await must(204, 'DELETE', `/api/public-links/${link.id}`);
  const csv = await server.call('POST', '/api/import/sites', {
    raw: 'name,description\nBranch,New office\n',
    headers: { 'content-type': 'text/csv' },
  });
  expect(csv.status, csv.text).toBe(201);

  // Deleted with what they hold; an undo and its redo.
  await must(204, 'DELETE', `/api/switches/${edge.id}`);
  const gone = await make('/api/sites', { name: 'Gone' });
  const goneVlan = await make('/api/vlans', { siteId: gone.id, vid: 5, name: 'Five' });
  await make('/api/networks', { siteId: gone.id, vlanId: goneVlan.id, name: 'Five', subnet: '10.5.0.0/24' });
  await make('/api/switches', { siteId: gone.id, name: 'gone-1', portCount: 2 });
  await must(204, 'DELETE', `/api/sites/${gone.id}?cascade=true`);
  const undo = await must(200, 'POST', `/api/activity/${(await server.lastEntry(gone.id)).id}/undo`);
  await must(200, 'POST', `/api/activity/${undo.id}/undo`);
}

async function everyEntry(): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before = '';
  do {
    const page = await server.must(200, 'GET', `/api/activity?limit=500${before && `&before=${before}`}`);
    entries.push(...page.items);
    before = page.nextCursor ?? '';
  } while (before);
  return entries;
}

const wordsOf = (text: string): string[] => text.split(/[^\p{L}]+/u).filter((word) => word.length > 1);

/** Every word of the German catalogue's activity wording (says.*, count.*, rangeKind.*). */
function germanWords(): Set<string> {
  const messages = Object.entries(de).filter(([key]) => /^(says|count|rangeKind)\./.test(key));
  return new Set(messages.flatMap(([, message]) => (typeof message === 'string' ? [message] : Object.values(message))).flatMap(wordsOf));
}

/** Every word the user typed that an entry holds: names, hostnames, descriptions (the strings of its changes). */
function typedWords(entries: ActivityEntry[]): Set<string> {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  for (const entry of entries) collect([entry.entityName, entry.changes]);
  return new Set(strings.flatMap(wordsOf));
}

describe('the activity log in words', () => {
  let entries: ActivityEntry[];
  beforeAll(async () => {
    await makeEveryForm();
    entries = await everyEntry();
    await setLanguage('de');
  }, 60_000);
  afterAll(() => setLanguage('en'));

  it('says every summary the server writes in German, no English word of its form left over', () => {
    const german = germanWords();
    const typed = typedWords(entries);
    const leftOver = entries.flatMap((entry) => {
      const words = new Set(wordsOf(entrySummary(entry)));
      const english = wordsOf(entry.summary).filter((word) => !typed.has(word) && !german.has(word) && words.has(word));
      return english.length ? [`${entry.action} ${entry.entityType}: ${entry.summary} → ${entrySummary(entry)}`] : [];
    });
    expect(leftOver).toEqual([]);
  });

  it('made every kind of entry the UI words', () => {
    const made = new Set(entries.map((entry) => `${entry.action} ${entry.entityType ?? ''}`.trim()));
    for (const kind of ['site', 'vlan', 'network', 'switch', 'port', 'address', 'range'])
      for (const action of ['create', 'update', 'delete']) expect(made, `${action} ${kind}`).toContain(`${action} ${kind}`);
    for (const kind of ['create template', 'create lag', 'bulk_update switch', 'import site', 'undo site']) expect(made).toContain(kind);
  });
});
