// Text that looks like markup or script is data: the API stores it and answers it unchanged, as JSON with
// nosniff, in lists, search, the activity log and CSV. (That the UI shows it as text is the UI's e2e test.)
import { describe, expect, it } from 'vitest';
import type { Field, Resource } from '../../src/fields/field.ts';
import { NETWORK } from '../../src/fields/networks.ts';
import { PORT } from '../../src/fields/ports.ts';
import { SITE } from '../../src/fields/sites.ts';
import { SWITCH } from '../../src/fields/switches.ts';
import { VLAN } from '../../src/fields/vlans.ts';
import { useTestServer } from '../helpers/server.ts';
import { expectStatus } from './helpers/fixtures.ts';

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(document.cookie)</script>',
  '<svg/onload=alert(1)>',
  "javascript:alert('x')",
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<a href="javascript:alert(1)">x</a>',
  '</textarea><iframe src=//evil.example>',
];

const server = useTestServer();
const { call } = server;

/** Every free-text field a client can write (no normaliser, no fixed values), from the resource's declaration. */
function freeTextFields(resource: Resource): Field[] {
  return resource.fields.filter((field) => field.type === 'text' && !field.readOnly && !field.normalize && !field.values && field.column);
}

/** A body with the payload in every free-text field that is long enough for it. */
function withPayload(resource: Resource, payload: string, base: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base };
  for (const field of freeTextFields(resource)) if ([...payload].length <= (field.maxLength ?? Infinity)) body[field.name] = payload;
  return body;
}

function expectUnchanged(record: Record<string, unknown>, sent: Record<string, unknown>, where: string): void {
  for (const [name, value] of Object.entries(sent)) expect(record[name], `${where}: ${name}`).toBe(value);
}

describe.each(PAYLOADS.map((payload) => [payload]))('%s', (payload) => {
  it('comes back unchanged from every resource, list, search and the activity log', async () => {
    const site = withPayload(SITE, payload);
    const siteAnswer = expectStatus(await call('POST', '/api/sites', { body: site }), 201, 'site');
    expect(siteAnswer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(siteAnswer.headers.get('x-content-type-options')).toBe('nosniff');
    expectUnchanged(siteAnswer.body, site, 'POST /api/sites');
    const siteId = siteAnswer.body.id as string;

    const vlan = withPayload(VLAN, payload, { siteId, vid: 100 });
    const vlanAnswer = expectStatus(await call('POST', '/api/vlans', { body: vlan }), 201, 'vlan');
    const network = withPayload(NETWORK, payload, { siteId, vlanId: vlanAnswer.body.id, subnet: '10.100.0.0/24' });
    const networkAnswer = expectStatus(await call('POST', '/api/networks', { body: network }), 201, 'network');
    const sw = withPayload(SWITCH, payload, { siteId });
    const switchAnswer = expectStatus(await call('POST', '/api/switches', { body: sw }), 201, 'switch');
    // A port name is a plain interface name (it is written into switch configurations): the payload goes into the port's free text.
    const port = withPayload(PORT, payload, { name: 'Gi1/0/1' });
    const portAnswer = expectStatus(await call('POST', `/api/switches/${switchAnswer.body.id}/ports`, { body: port }), 201, 'port');

    const reads: [string, Record<string, unknown>][] = [
      [`/api/sites/${siteId}`, site],
      [`/api/vlans/${vlanAnswer.body.id}`, vlan],
      [`/api/networks/${networkAnswer.body.id}`, network],
      [`/api/switches/${switchAnswer.body.id}`, sw],
      [`/api/ports/${portAnswer.body.id}`, port],
    ];
    for (const [path, sent] of reads) {
      const answer = expectStatus(await call('GET', path), 200, path);
      expectUnchanged(answer.body, sent, `GET ${path}`);
      expect(answer.text, 'JSON escapes nothing into markup').not.toMatch(/&lt;|&gt;|&quot;|&#/);
    }

    const list = expectStatus(await call('GET', `/api/sites?q=${encodeURIComponent(payload)}`), 200, 'list');
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(siteId);
    expectUnchanged(
      list.body.items.find((item: { id: string }) => item.id === siteId),
      site,
      'GET /api/sites?q=',
    );

    const search = expectStatus(await call('GET', `/api/search?q=${encodeURIComponent(payload)}`), 200, 'search');
    const hit = (search.body.results as { id: string; name: string }[]).find((result) => result.id === siteId);
    expect(hit?.name).toBe(payload);

    const activity = expectStatus(await call('GET', `/api/activity?entityId=${siteId}`), 200, 'activity');
    expect(activity.body.items[0].entityName).toBe(payload);
    expect(activity.body.items[0].changes.name).toEqual([null, payload]);
  });

  it('is written verbatim (quoted as CSV quotes) into the CSV of the list', async () => {
    const answer = await call('GET', `/api/sites?format=csv&q=${encodeURIComponent(payload)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.text).toContain(/[",\r\n]/.test(payload) ? `"${payload.replaceAll('"', '""')}"` : payload);
  });
});

describe('unicode edge cases in stored text', () => {
  const cases = [
    { what: 'NUL inside', text: 'core\u0000switch' },
    { what: 'right-to-left override', text: 'rack \u202E1-A\u202C' },
    { what: 'Hebrew and Arabic', text: 'שלום مرحبا' },
    { what: 'emoji with zero-width joiners', text: 'lab 👨‍👩‍👧‍👦' },
    { what: 'combining marks', text: 'e\u0301\u0301 cafe\u0301' },
    { what: 'a byte order mark inside', text: 'a\uFEFFb' },
    { what: 'astral plane', text: '𝕊𝕨𝕚𝕥𝕔𝕙' },
  ];
  it.each(cases)('$what: comes back exactly as sent, or is refused with 400', async ({ text }) => {
    const body = { name: `${text} site`, description: text };
    const made = await call('POST', '/api/sites', { body });
    if (made.status === 400) {
      expect(made.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(expect.arrayContaining(['name']));
      return;
    }
    expect(made.status, made.text).toBe(201);
    const read = await call('GET', `/api/sites/${made.body.id}`);
    expect({ name: read.body.name, description: read.body.description }).toEqual(body);
  });

  it.each([
    ['in a value', '{"name":"lone \\ud800 surrogate"}'],
    ['a low one alone', '{"name":"lone \\udfff"}'],
    ['in a key', '{"\\ud83d":"x","name":"key"}'],
    ['deep in a list', '{"name":"deep","x":[[["\\ud800"]]]}'],
  ])('a lone surrogate %s (not Unicode; JSON allows the escape) is refused with 400, nothing stored', async (_where, raw) => {
    const before = (await call('GET', '/api/sites')).body.total;
    const made = await call('POST', '/api/sites', { raw, headers: { 'content-type': 'application/json' } });
    expect(made.status, made.text).toBe(400);
    expect(made.body.error.code).toBe('invalid_json');
    expect((await call('GET', '/api/sites')).body.total).toBe(before);
  });

  it('a surrogate pair written as escapes is one astral character and kept', async () => {
    const made = await call('POST', '/api/sites', {
      raw: '{"name":"pair \\ud83d\\ude00"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.name).toBe('pair \u{1F600}');
  });
});
