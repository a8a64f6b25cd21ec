import { beforeAll, describe, expect, it } from 'vitest';
import { accessTemplateUnit, useSites } from '../helpers/data.ts';
import { expectFaults, useSignedInUsers, useTestServer } from '../helpers/server.ts';

// Layout templates (docs/LAGS-TEMPLATES.md): their routes, the rules of their units with each fault's path, the 409s of
// a template in use, export → import as one step, the NetBox import, and the activity log with undo.

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
const { call, make, must, lastEntry } = server.as(() => tokens.editor);
const viewer = server.as(() => tokens.viewer);
const { site } = useSites(make, { site: 'Main' });

/** A block as the server stores it: every field present. */
const block = (fields: Record<string, unknown>) => ({
  type: 'rj45',
  count: 1,
  startIndex: 1,
  rows: 1,
  order: 'sequential',
  namePattern: 'Gi{unit}/0/{n}',
  speed: null,
  poe: null,
  ...fields,
});

const ACCESS_24 = [accessTemplateUnit(24, 4)];

const createTemplate = (body: object) => call('POST', '/api/templates', { body });
const undo = async (entityId: string) => call('POST', `/api/activity/${(await lastEntry(entityId)).id}/undo`);

describe('creating, reading and listing templates', () => {
  let access: any;
  beforeAll(async () => {
    access = (await createTemplate({ name: 'Access 24', vendor: 'Cisco', model: 'C9200-24P', units: ACCESS_24 })).body;
  });

  it('answers 201 with Location, ETag, the units in their stored form and the counts', async () => {
    expect(access).toMatchObject({
      name: 'Access 24',
      vendor: 'Cisco',
      model: 'C9200-24P',
      description: null,
      version: 1,
      portCount: 29,
      switchCount: 0,
    });
    expect(access.units).toEqual([
      [
        block({ count: 24, rows: 2, order: 'odd-even', speed: '1G', poe: { type: '802.3at', maxWatts: 30 } }),
        block({ type: 'sfp+', count: 4, namePattern: 'Te{unit}/1/{n}', speed: '10G' }),
        block({ type: 'console', namePattern: 'con0' }),
      ],
    ]);
    const got = await call('GET', `/api/templates/${access.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    expect(got.body).toEqual(access);
  });

  it('records the create with an entry of no site', async () => {
    expect(await lastEntry(access.id)).toMatchObject({
      action: 'create',
      entityType: 'template',
      entityName: 'Access 24',
      siteId: null,
      summary: 'Created template Access 24',
    });
  });

  it('counts the ports of every unit of a stack described member by member', async () => {
    const stack = (
      await createTemplate({
        name: 'Stack of two',
        units: [[{ type: 'rj45', count: 8, namePattern: 'ge-0/0/{n0}' }], [{ type: 'rj45', count: 12, namePattern: 'ge-1/0/{n0}' }]],
      })
    ).body;
    expect(stack.portCount).toBe(20);
  });

  it('lists by name with q, sort and paging; list items are the GET answers', async () => {
    await createTemplate({ name: 'core 48', vendor: 'Arista', units: [[{ type: 'qsfp28', count: 48, namePattern: 'Ethernet{n}' }]] });
    const all = await must(200, 'GET', '/api/templates');
    expect(all.items.map((t: any) => t.name)).toEqual(['Access 24', 'core 48', 'Stack of two']);
    expect(all.items[0]).toEqual(access);
    // Byte for byte: SQLite serialises the list, JavaScript the single read.
    for (const item of all.items) expect(JSON.stringify(item)).toBe((await call('GET', `/api/templates/${item.id}`)).text);
    expect((await must(200, 'GET', '/api/templates?q=arista')).items.map((t: any) => t.name)).toEqual(['core 48']);
    expect((await must(200, 'GET', '/api/templates?q=C9200')).items.map((t: any) => t.name)).toEqual(['Access 24']);
    const page = await must(200, 'GET', '/api/templates?sort=-name&limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.items.map((t: any) => t.name)).toEqual(['core 48']);
    expectFaults(await call('GET', '/api/templates?sort=units'), ['sort']);
    expectFaults(await call('GET', '/api/templates?format=csv'), ['format']);
  });

  it('lets a viewer read but not write, and answers 404 for no such template', async () => {
    expect((await viewer.call('GET', `/api/templates/${access.id}`)).status).toBe(200);
    expect((await viewer.call('POST', '/api/templates', { body: { name: 'x', units: ACCESS_24 } })).status).toBe(403);
    expect((await viewer.call('DELETE', `/api/templates/${access.id}`)).status).toBe(403);
    expect((await call('GET', '/api/templates/5f0c6a8e-1111-4222-8333-444455556666')).status).toBe(404);
    expect((await call('GET', '/api/templates/not-an-id')).status).toBe(404);
  });
});

describe('names', () => {
  it.each<[string, string, number]>([
    ['the same name', 'Named', 409],
    ['the same name in another case', 'NAMED', 409],
    ['the name with spaces around', '  Named ', 409],
    ['another name', 'Named 2', 201],
  ])('%s → %i', async (_what, name, status) => {
    if (!(await must(200, 'GET', '/api/templates?q=Named')).items.some((t: any) => t.name === 'Named'))
      await make('/api/templates', { name: 'Named', units: ACCESS_24 });
    const answer = await createTemplate({ name, units: ACCESS_24 });
    expect(answer.status, answer.text).toBe(status);
    if (status === 409) expect(answer.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
  });

  it('refuses a rename onto another template (409) and a name that is empty or too long (400)', async () => {
    const other = await make('/api/templates', { name: 'Rename me', units: ACCESS_24 });
    expect((await call('PATCH', `/api/templates/${other.id}`, { body: { name: 'named' } })).body.error.code).toBe('name_taken');
    expectFaults(await call('PATCH', `/api/templates/${other.id}`, { body: { name: ' ' } }), ['name']);
    expectFaults(await createTemplate({ name: 'x'.repeat(101), units: ACCESS_24 }), ['name']);
  });
});

describe('the rules of units, each fault at its path', () => {
  const one = (fields: Record<string, unknown>) => [[{ type: 'rj45', count: 2, namePattern: 'Gi0/{n}', ...fields }]];
  const cases: [string, unknown, string[]][] = [
    ['no units', undefined, ['units']],
    ['units null', null, ['units']],
    ['no unit at all', [], ['units']],
    ['nine units', Array.from({ length: 9 }, (_, u) => [{ type: 'rj45', count: 1, namePattern: `p${u}` }]), ['units']],
    ['a unit that is no list', [{ type: 'rj45' }], ['units[0]']],
    ['a unit without blocks', [[]], ['units[0]']],
    ['a block that is no object', [['Gi0/1']], ['units[0][0]']],
    ['a port type that is none', one({ type: 'rj11' }), ['units[0][0].type']],
    ['no port in a block', one({ count: 0 }), ['units[0][0].count']],
    ['257 ports in a block', one({ count: 257 }), ['units[0][0].count']],
    ['five rows', one({ rows: 5 }), ['units[0][0].rows']],
    ['a start index below 0', one({ startIndex: -1 }), ['units[0][0].startIndex']],
    ['an order that is none', one({ order: 'zigzag' }), ['units[0][0].order']],
    ['no name pattern', one({ namePattern: '' }), ['units[0][0].namePattern']],
    ['an unknown placeholder', one({ namePattern: 'Gi{slot}/{n}' }), ['units[0][0].namePattern']],
    ['a lone brace', one({ namePattern: 'Gi{n}}' }), ['units[0][0].namePattern']],
    ['several ports without {n}', one({ namePattern: 'Gi0/1' }), ['units[0][0].namePattern']],
    ['names that are no interface names', one({ namePattern: 'Gi0;{n}' }), ['units[0][0].namePattern']],
    ['a speed too long', one({ speed: 'x'.repeat(21) }), ['units[0][0].speed']],
    ['PoE of an unknown standard', one({ poe: { type: 'af', maxWatts: 15.4 } }), ['units[0][0].poe']],
    ['PoE of too many watts', one({ poe: { type: '802.3bt-type4', maxWatts: 300 } }), ['units[0][0].poe']],
    ['a field a block does not have', one({ colour: 'red' }), ['units[0][0].colour']],
    [
      'two faults in two blocks',
      [
        [
          { type: 'x', count: 1, namePattern: 'a' },
          { type: 'rj45', count: 0, namePattern: 'b' },
        ],
      ],
      ['units[0][0].type', 'units[0][1].count'],
    ],
    [
      'two blocks making the same name',
      [
        [
          { type: 'rj45', count: 4, namePattern: 'Gi0/{n}' },
          { type: 'sfp', count: 2, startIndex: 4, namePattern: 'gi0/{n}' },
        ],
      ],
      ['units[0][1].namePattern'],
    ],
    [
      'names the same in two units',
      [[{ type: 'rj45', count: 2, namePattern: 'Gi0/{n}' }], [{ type: 'rj45', count: 2, namePattern: 'Gi0/{n}' }]],
      ['units[1][0].namePattern'],
    ],
    ['more than 1024 ports', [Array.from({ length: 5 }, (_, b) => ({ type: 'rj45', count: 256, namePattern: `B${b}/{n}` }))], ['units']],
  ];
  it.each(cases)('%s → 400', async (_what, units, fields) => {
    expectFaults(await createTemplate({ name: 'Faulty', ...(units === undefined ? {} : { units }) }), fields);
  });

  it('names an unknown field of the template, and every fault of one body at once', async () => {
    expectFaults(await createTemplate({ name: '', colour: 'red', units: one({ count: 0 }) }), ['colour', 'name', 'units[0][0].count']);
  });

  it('answers the fault of a PATCH of units at its path too', async () => {
    const template = await make('/api/templates', { name: 'Patch units', units: ACCESS_24 });
    expectFaults(await call('PATCH', `/api/templates/${template.id}`, { body: { units: one({ rows: 0 }) } }), ['units[0][0].rows']);
    expectFaults(await call('PATCH', `/api/templates/${template.id}`, { body: { units: null } }), ['units']);
  });
});

describe('a template in use', () => {
  let template: any;
  let sw: any;
  beforeAll(async () => {
    template = await make('/api/templates', { name: 'In use', units: ACCESS_24 });
    sw = await make('/api/switches', { siteId: site.id, name: 'from template', templateId: template.id });
  });

  it('counts its switches', async () => {
    expect((await must(200, 'GET', `/api/templates/${template.id}`)).switchCount).toBe(1);
    expect((await must(200, 'GET', '/api/templates?sort=-switchCount&limit=1')).items[0].id).toBe(template.id);
  });

  it('cannot be deleted: 409 template_in_use', async () => {
    const answer = await call('DELETE', `/api/templates/${template.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'template_in_use', details: [{ field: 'id' }] });
  });

  it('cannot change its units: 409 template_in_use; its other fields can change, and the same units are no change', async () => {
    const changed = [[{ type: 'rj45', count: 48, namePattern: 'Gi{unit}/0/{n}' }]];
    const answer = await call('PATCH', `/api/templates/${template.id}`, { body: { units: changed } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'template_in_use', details: [{ field: 'units' }] });
    const renamed = await must(200, 'PATCH', `/api/templates/${template.id}`, {
      name: 'In use (renamed)',
      vendor: 'Cisco',
      model: 'C9200',
      description: 'Access layer',
    });
    expect(renamed).toMatchObject({ name: 'In use (renamed)', version: 2, switchCount: 1 });
    const same = await must(200, 'PATCH', `/api/templates/${template.id}`, { units: ACCESS_24 });
    expect(same.version).toBe(2);
  });

  it('can be deleted once its switch is gone', async () => {
    expect((await call('DELETE', `/api/switches/${sw.id}`)).status).toBe(204);
    expect((await call('PATCH', `/api/templates/${template.id}`, { body: { units: [[block({ count: 2 })]] } })).status).toBe(200);
    expect((await call('DELETE', `/api/templates/${template.id}`)).status).toBe(204);
    expect((await call('GET', `/api/templates/${template.id}`)).status).toBe(404);
  });
});

describe('export → import is one step', () => {
  it('makes an identical template of the JSON a GET answers, under the name given', async () => {
    const original = await make('/api/templates', {
      name: 'Original',
      vendor: 'HPE',
      model: '2930F',
      description: 'note',
      units: ACCESS_24,
    });
    const exported = await must(200, 'GET', `/api/templates/${original.id}`);
    const copy = await make('/api/templates', { ...exported, name: 'Copy of original' });
    const strip = ({ id, name, version, createdAt, updatedAt, ...rest }: any) => rest;
    expect(copy.id).not.toBe(original.id);
    expect(copy.version).toBe(1);
    expect(strip(copy)).toEqual(strip(original));
    // The same JSON under its own name: the name is taken.
    expect((await createTemplate(exported)).body.error.code).toBe('name_taken');
  });
});

describe('If-Match, activity and undo', () => {
  it('answers 412 on a stale If-Match', async () => {
    const template = await make('/api/templates', { name: 'Versioned', units: ACCESS_24 });
    const stale = { 'If-Match': '"3"' };
    expect((await call('PATCH', `/api/templates/${template.id}`, { body: { vendor: 'x' }, headers: stale })).status).toBe(412);
    expect((await call('DELETE', `/api/templates/${template.id}`, { headers: stale })).status).toBe(412);
    expect((await call('PATCH', `/api/templates/${template.id}`, { body: { vendor: 'x' }, headers: { 'If-Match': '"1"' } })).status).toBe(
      200,
    );
  });

  it('undoes a create: the template is gone', async () => {
    const template = await make('/api/templates', { name: 'Undo create', units: ACCESS_24 });
    expect((await undo(template.id)).status).toBe(200);
    expect((await call('GET', `/api/templates/${template.id}`)).status).toBe(404);
    expect((await createTemplate({ name: 'Undo create', units: ACCESS_24 })).status).toBe(201);
  });

  it('undoes an update exactly', async () => {
    const before = await make('/api/templates', { name: 'Undo update', vendor: 'A', units: ACCESS_24 });
    await must(200, 'PATCH', `/api/templates/${before.id}`, { name: 'Updated', vendor: null, units: [[block({ count: 2 })]] });
    expect(await lastEntry(before.id)).toMatchObject({
      action: 'update',
      entityType: 'template',
      siteId: null,
      summary: 'Updated template Updated',
    });
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/templates/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
  });

  it('undoes a delete exactly', async () => {
    const before = await make('/api/templates', { name: 'Undo delete', description: 'kept', units: ACCESS_24 });
    expect((await call('DELETE', `/api/templates/${before.id}`)).status).toBe(204);
    expect(await lastEntry(before.id)).toMatchObject({ action: 'delete', entityType: 'template', summary: 'Deleted template Undo delete' });
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/templates/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
  });

  it('refuses to undo the create of a template a switch is made from: 409 undo_conflict', async () => {
    const template = await make('/api/templates', { name: 'Undo in use', units: ACCESS_24 });
    const entry = await lastEntry(template.id);
    await make('/api/switches', { siteId: site.id, name: 'keeps its template', templateId: template.id });
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('undo_conflict');
    expect((await call('GET', `/api/templates/${template.id}`)).status).toBe(200);
  });
});

describe('NetBox device types: POST /api/templates/import', () => {
  const DEVICE_TYPE = `
manufacturer: Acme
model: Switch 8P
part_number: ACME-8P
interfaces:
  - name: ge-0/0/0
    type: 1000base-t
    poe_mode: pse
    poe_type: type1-ieee802.3af
  - name: ge-0/0/1
    type: 1000base-t
    poe_mode: pse
    poe_type: type1-ieee802.3af
  - name: ge-0/0/2
    type: 1000base-t
  - name: xe-0/1/0
    type: 10gbase-x-sfpp
  - name: xe-0/1/1
    type: 10gbase-x-sfpp
  - name: vlan.1
    type: virtual
  - name: me0
    type: 1000base-t
    mgmt_only: true
console-ports:
  - name: con
    type: rj-45
`;
  const importYaml = (text: string, query = '', type = 'application/yaml') =>
    call('POST', `/api/templates/import${query}`, { raw: text, headers: { 'content-type': type } });

  it('makes a template of the file (201 with the template itself and Location), listing what it skipped, in one create entry', async () => {
    const answer = await importYaml(DEVICE_TYPE);
    expect(answer.status, answer.text).toBe(201);
    const { skipped, ...template } = answer.body;
    expect(answer.headers.get('location')).toBe(`/api/templates/${template.id}`);
    expect(template).toMatchObject({ name: 'Acme Switch 8P', vendor: 'Acme', model: 'Switch 8P', switchCount: 0, version: 1 });
    expect(skipped).toEqual([{ name: 'vlan.1', type: 'virtual', reason: expect.any(String) }]);
    expect(await must(200, 'GET', `/api/templates/${template.id}`)).toEqual(template);
    expect(await lastEntry(template.id)).toMatchObject({ action: 'create', entityType: 'template', siteId: null });
    // A switch of it has exactly the file's ports, in file order.
    const sw = await make('/api/switches', { siteId: site.id, name: 'acme', templateId: template.id });
    const ports = (await must(200, 'GET', `/api/switches/${sw.id}`)).ports;
    expect(ports.map((p: any) => [p.name, p.type])).toEqual([
      ['ge-0/0/0', 'rj45'],
      ['ge-0/0/1', 'rj45'],
      ['ge-0/0/2', 'rj45'],
      ['xe-0/1/0', 'sfp+'],
      ['xe-0/1/1', 'sfp+'],
      ['me0', 'management'],
      ['con', 'console'],
    ]);
    expect(template.portCount).toBe(7);
  });

  it.each(['application/x-yaml', 'text/yaml', 'text/plain', 'text/plain; charset=utf-8'])('takes the file as %s', async (type) => {
    const answer = await importYaml(DEVICE_TYPE, `?name=${encodeURIComponent(`As ${type}`)}`, type);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.name).toBe(`As ${type}`);
  });

  it('answers a dry run with 200 and stores nothing', async () => {
    const answer = await importYaml(DEVICE_TYPE, '?dryRun=true&name=Dry%20run');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Dry run', vendor: 'Acme', portCount: 7, switchCount: 0, skipped: [{ name: 'vlan.1' }] });
    expect(answer.body.id).toBeUndefined();
    expect((await must(200, 'GET', '/api/templates?q=Dry%20run')).total).toBe(0);
  });

  it('refuses a name taken (409), a bad name (400), another media type (415) and no body (400)', async () => {
    expect((await importYaml(DEVICE_TYPE, '?name=Acme%20Switch%208P')).body.error.code).toBe('name_taken');
    expect((await importYaml(DEVICE_TYPE, '?dryRun=true&name=acme%20switch%208p')).status).toBe(409);
    expectFaults(await importYaml(DEVICE_TYPE, `?name=${'x'.repeat(101)}`), ['name']);
    const json = await call('POST', '/api/templates/import', { body: { manufacturer: 'Acme' } });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('unsupported_media_type');
    expect((await importYaml('', '', 'application/yaml')).status).toBe(400);
    expect(
      (await viewer.call('POST', '/api/templates/import', { raw: DEVICE_TYPE, headers: { 'content-type': 'text/yaml' } })).status,
    ).toBe(403);
  });

  it.each<[string, string, string[]]>([
    ['text that is no YAML', 'manufacturer: [unclosed', ['body']],
    ['no manufacturer', 'model: X\ninterfaces:\n  - name: Gi1\n    type: 1000base-t\n', ['manufacturer']],
  ])('answers 400 validation_failed with details for %s', async (_what, text, fields) => {
    expectFaults(await importYaml(text), fields);
  });

  const BOMB = `a: &a ["x","x","x","x","x","x","x","x","x"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
manufacturer: *f
model: X
interfaces: *f
`;
  it.each<[string, string]>([
    ['an alias bomb', BOMB],
    ['lists nested 5,000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['bytes that are no text', '\u0000\u0001\uFFFD\uD7FF binary \u0000'],
    ['a list of a million-port counts', 'manufacturer: A\nmodel: B\ninterfaces: 12\n'],
  ])('refuses %s with a 4xx, never a 500', async (_what, text) => {
    const answer = await importYaml(text);
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text).toBeLessThan(500);
  });

  it('refuses a file over its 64 KiB limit (here 1 MiB) with 413', async () => {
    const answer = await importYaml(`manufacturer: A\nmodel: B\ncomments: "${'x'.repeat(1024 * 1024)}"\n`);
    expect(answer.status).toBe(413);
  });
});
