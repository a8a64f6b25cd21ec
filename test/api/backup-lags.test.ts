// Templates and LAGs through the data doors: the backup export carries them, a restore checks every rule of them
// and gives them back byte for byte, a merge remaps them (or leaves out what would break a stored LAG), and the
// bulk import neither takes them nor lets a row change what a LAG owns.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open.ts';
import { EXPORT_ORDER, comparable, exportDocument, seedInventory, type Seeded } from '../helpers/data.ts';
import { ROOT, api, useTestServer } from '../helpers/server.ts';

/** The newest schema migration's version, as the migrations apply to a new database: the schemaVersion an export states. */
const NEWEST_MIGRATION = Math.max(...applyMigrations(openDatabase(':memory:'), join(ROOT, 'migrations')));

const source = useTestServer();
const target = useTestServer();
const merger = useTestServer();

const UNITS = [
  [
    { type: 'rj45', count: 8, namePattern: 'ge-0/0/{n0}', rows: 2, order: 'odd-even' },
    { type: 'sfp+', count: 2, namePattern: 'xe-0/1/{n0}', speed: '10G' },
  ],
];

interface Built {
  seeded: Seeded;
  template: any;
  lab: { site: string; vlan: string };
  /** Switches made from the template, with their ports by name. */
  access1: { id: string; ports: Record<string, string> };
  access2: { id: string; ports: Record<string, string> };
  /** access 1: ae0 (xe-0/1/0, xe-0/1/1; trunk, paired with access 2's ae0), ae1 (ge-0/0/6, ge-0/0/7; access). */
  lags: { ae0: any; ae1: any; far: any };
}

let built: Built;
/** The source's export (parsed) and its text. */
let original: any;

async function switchFromTemplate(siteId: string, name: string, templateId: string) {
  const sw = await source.make('/api/switches', { siteId, name, templateId, stackSize: 1 });
  const full = await source.must(200, 'GET', `/api/switches/${sw.id}`);
  return { id: sw.id as string, ports: Object.fromEntries(full.ports.map((port: any) => [port.name, port.id])) as Record<string, string> };
}

beforeAll(async () => {
  const seeded = await seedInventory(source.baseUrl, source.token);
  const hq = seeded.sites.HQ;
  const template = await source.make('/api/templates', { name: 'EX 8', vendor: 'Juniper', model: 'EX2300-8', units: UNITS });
  const labSite = await source.make('/api/sites', { name: 'Lab' });
  const labVlan = await source.make('/api/vlans', { siteId: labSite.id, name: 'lab', vid: 30 });
  const access1 = await switchFromTemplate(hq, 'access 1', template.id);
  const access2 = await switchFromTemplate(hq, 'access 2', template.id);
  const far = await source.make(`/api/switches/${access2.id}/lags`, {
    name: 'ae0',
    portMode: 'trunk',
    untaggedVlanId: seeded.vlans.Users,
    taggedVlanIds: [seeded.vlans.Voice],
    memberPortIds: [access2.ports['xe-0/1/0'], access2.ports['xe-0/1/1']],
  });
  // Members given out of port order: the LAG answers (and the export writes) them in port order.
  const ae0 = await source.make(`/api/switches/${access1.id}/lags`, {
    name: 'ae0',
    mode: 'lacp-passive',
    portMode: 'trunk',
    untaggedVlanId: seeded.vlans.Users,
    taggedVlanIds: [seeded.vlans.Voice, seeded.vlans.Mgmt],
    memberPortIds: [access1.ports['xe-0/1/1'], access1.ports['xe-0/1/0']],
    remoteLagId: far.id,
    description: 'to access 2',
  });
  const ae1 = await source.make(`/api/switches/${access1.id}/lags`, {
    name: 'ae1',
    mode: 'static',
    untaggedVlanId: seeded.vlans.Voice,
    memberPortIds: [access1.ports['ge-0/0/6'], access1.ports['ge-0/0/7']],
  });
  built = { seeded, template, lab: { site: labSite.id, vlan: labVlan.id }, access1, access2, lags: { ae0, ae1, far } };
  original = await exportDocument(source.baseUrl, source.token);
});

const index = (doc: any, plural: string, id: string) => doc.data[plural].findIndex((record: any) => record.id === id);
const lagAt = (doc: any, id: string) => doc.data.lags[index(doc, 'lags', id)];
const portAt = (doc: any, id: string) => doc.data.ports[index(doc, 'ports', id)];
/** Sets one field of LAG ae1 to `value()`; the path of that field, where the restore must refuse it. */
const setAe1 = (field: string, value: () => unknown) => (doc: any) => {
  lagAt(doc, built.lags.ae1.id)[field] = value();
  return [`data.lags[${index(doc, 'lags', built.lags.ae1.id)}].${field}`];
};

describe('backup export', () => {
  it('writes templates before switches and LAGs before ports, with their counts, and the schemaVersion of the newest migration', () => {
    expect(original.schemaVersion).toBe(NEWEST_MIGRATION);
    expect(Object.keys(original.data)).toEqual(EXPORT_ORDER);
    expect(original.counts).toMatchObject({ templates: 1, lags: 3, switches: 4 });
    for (const kind of Object.keys(original.data)) expect(original.counts[kind], kind).toBe(original.data[kind].length);
  });

  it("writes a template's units as JSON, without its computed counts", () => {
    const [template] = original.data.templates;
    expect(template).toMatchObject({ id: built.template.id, name: 'EX 8', vendor: 'Juniper', model: 'EX2300-8', version: 1 });
    expect(template.units).toEqual(built.template.units);
    expect(template).not.toHaveProperty('portCount');
    expect(template).not.toHaveProperty('switchCount');
    const access1 = original.data.switches.find((sw: any) => sw.id === built.access1.id);
    expect(access1.templateId).toBe(built.template.id);
  });

  it('writes a LAG with taggedVlanIds and memberPortIds as arrays, members in port order, and its members with lagId', () => {
    const ae0 = original.data.lags.find((lag: any) => lag.id === built.lags.ae0.id);
    const { ports } = built.access1;
    expect(ae0).toEqual({ ...built.lags.ae0, version: ae0.version, updatedAt: ae0.updatedAt });
    expect(ae0.memberPortIds).toEqual([ports['xe-0/1/0'], ports['xe-0/1/1']]);
    expect(ae0.taggedVlanIds).toEqual([built.seeded.vlans.Voice, built.seeded.vlans.Mgmt].sort());
    expect(ae0.remoteLagId).toBe(built.lags.far.id);
    expect(original.data.lags.find((lag: any) => lag.id === built.lags.far.id).remoteLagId).toBe(ae0.id);
    const lagOf = (portId: string) => original.data.ports.find((port: any) => port.id === portId).lagId;
    expect(lagOf(ports['xe-0/1/0'])).toBe(ae0.id);
    expect(lagOf(ports['ge-0/0/7'])).toBe(built.lags.ae1.id);
    expect(lagOf(ports['ge-0/0/0'])).toBeNull();
  });
});

describe('POST /api/backup/import of templates and LAGs', () => {
  const restore = (query: string, body: unknown) => target.call('POST', `/api/backup/import${query}`, { body });

  it('answers a dry run with the counts of templates and LAGs, changing nothing', async () => {
    const before = await exportDocument(target.baseUrl, target.token);
    const answer = await restore('?dryRun=true', original);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ restored: { ...original.counts, users: 0 }, dryRun: true });
    expect(answer.body.restored).toMatchObject({ templates: 1, lags: 3 });
    expect(comparable(await exportDocument(target.baseUrl, target.token))).toEqual(comparable(before));
  });

  it('restores into another install: templates, switches, LAGs and ports as they were, and the LAGs work there', async () => {
    const answer = await restore('', original);
    expect(answer.status, answer.text).toBe(200);
    const after = await exportDocument(target.baseUrl, target.token);
    for (const kind of ['templates', 'switches', 'lags', 'ports']) expect(after.data[kind], kind).toEqual(original.data[kind]);
    const lag = await target.must(200, 'GET', `/api/lags/${built.lags.ae0.id}`);
    expect(lag).toMatchObject({ name: 'ae0', memberPortIds: original.data.lags.find((l: any) => l.id === lag.id).memberPortIds });
    const template = await target.must(200, 'GET', `/api/templates/${built.template.id}`);
    expect(template).toMatchObject({ name: 'EX 8', switchCount: 2 });
    // The restored LAG owns its members' VLANs: a member's own change of them is refused.
    const member = await target.call('PATCH', `/api/ports/${lag.memberPortIds[0]}`, {
      body: { untaggedVlanId: built.seeded.vlans.Voice },
    });
    expect(member.status).toBe(409);
    expect(member.body.error.code).toBe('lag_member');
  });

  it('export → restore → export is byte-identical apart from exportedAt and the restore entry', async () => {
    const first = await target.call('GET', '/api/backup/export');
    expect(first.status).toBe(200);
    expect((await restore('', first.body)).status).toBe(200);
    const second = await target.call('GET', '/api/backup/export');
    const entry = second.body.data.activity.at(-1);
    expect(entry).toMatchObject({ action: 'restore', undoable: false });
    expect(entry.summary).toMatch(/1 templates, 4 switches, 3 lags/);
    const entryText = `,${JSON.stringify(entry)}]}}`;
    expect(second.text.endsWith(entryText)).toBe(true);
    const counts = JSON.stringify(second.body.counts);
    const without = second.text
      .slice(0, -entryText.length)
      .concat(']}}')
      .replace(`"exportedAt":"${second.body.exportedAt}"`, `"exportedAt":"${first.body.exportedAt}"`)
      .replace(counts, JSON.stringify({ ...second.body.counts, activity: second.body.counts.activity - 1 }));
    expect(without).toBe(first.text);
  });

  it('restores a document of schema 7 (no templates or LAGs) as one with none', async () => {
    const old = structuredClone(original);
    old.schemaVersion = 7;
    delete old.data.templates;
    delete old.data.lags;
    delete old.counts.templates;
    delete old.counts.lags;
    for (const sw of old.data.switches) delete sw.templateId;
    for (const port of old.data.ports) delete port.lagId;
    old.data.activity = [];
    const answer = await restore('?dryRun=true', old);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.restored).toMatchObject({ templates: 0, lags: 0, switches: 4 });
  });

  it.each<[string, (doc: any) => string[], RegExp, string?]>([
    [
      "a template's units that break the template rules, each at its path",
      (doc) => {
        doc.data.templates[0].units[0][0].count = 0;
        doc.data.templates[0].units[0][1].namePattern = 'xe-{x}';
        // The switches made from it then name a template the document does not hold (a valid one).
        const made = [built.access1.id, built.access2.id].map((id) => `data.switches[${index(doc, 'switches', id)}].templateId`);
        return ['data.templates[0].units[0][0].count', 'data.templates[0].units[0][1].namePattern', ...made];
      },
      /must be an integer from 1 to 256|may hold only the placeholders|is not in the document/,
    ],
    [
      'a template name used twice (case-insensitively)',
      (doc) => {
        doc.data.templates.push({ ...doc.data.templates[0], id: randomUUID(), name: 'ex 8' });
        return ['data.templates[1].name'];
      },
      /another template is named/,
      'name_taken',
    ],
    [
      "a switch's template that is not in the document",
      (doc) => {
        doc.data.switches[index(doc, 'switches', built.access1.id)].templateId = randomUUID();
        return [`data.switches[${index(doc, 'switches', built.access1.id)}].templateId`];
      },
      /is not in the document/,
    ],
    ["a LAG's switch that is not in the document", setAe1('switchId', randomUUID), /is not in the document/],
    [
      'a LAG name used twice on one switch (case-insensitively)',
      setAe1('name', () => 'AE0'),
      /another LAG of this switch is named/,
      'name_taken',
    ],
    [
      'memberPortIds without a port whose lagId is the LAG (and then fewer than two)',
      (doc) => {
        const lag = lagAt(doc, built.lags.ae1.id);
        const left = lag.memberPortIds.pop();
        return [`data.lags[${index(doc, 'lags', lag.id)}].memberPortIds`, `data.ports[${index(doc, 'ports', left)}].lagId`];
      },
      /./,
    ],
    [
      'a member whose lagId is not the LAG',
      (doc) => {
        const lag = lagAt(doc, built.lags.ae1.id);
        const left = lag.memberPortIds[1];
        lag.memberPortIds[1] = built.access1.ports['ge-0/0/5'];
        return [`data.lags[${index(doc, 'lags', lag.id)}].memberPortIds[1]`, `data.ports[${index(doc, 'ports', left)}].lagId`];
      },
      /./,
    ],
    [
      "a member of another switch (its lagId the LAG's)",
      (doc) => {
        const lag = lagAt(doc, built.lags.ae1.id);
        const left = lag.memberPortIds[1];
        const other = built.access2.ports['ge-0/0/5'];
        lag.memberPortIds[1] = other;
        portAt(doc, other).lagId = lag.id;
        portAt(doc, left).lagId = null;
        return [`data.lags[${index(doc, 'lags', lag.id)}].memberPortIds[1]`];
      },
      /is not a port of the LAG's switch/,
    ],
    [
      'a console port as a member',
      (doc) => {
        const lag = lagAt(doc, built.lags.ae1.id);
        portAt(doc, lag.memberPortIds[0]).type = 'console';
        return [`data.lags[${index(doc, 'lags', lag.id)}].memberPortIds[0]`];
      },
      /console port, which cannot be a LAG member/,
      'lag_member',
    ],
    [
      'a member that is not in the document',
      (doc) => {
        const lag = lagAt(doc, built.lags.ae1.id);
        const left = lag.memberPortIds[1];
        lag.memberPortIds[1] = randomUUID();
        portAt(doc, left).lagId = null;
        return [`data.lags[${index(doc, 'lags', lag.id)}].memberPortIds[1]`];
      },
      /is not in the document/,
    ],
    [
      "a port's lagId that names no LAG of the document",
      (doc) => {
        const port = built.access1.ports['ge-0/0/0'];
        portAt(doc, port).lagId = randomUUID();
        return [`data.ports[${index(doc, 'ports', port)}].lagId`];
      },
      /is not in the document/,
    ],
    ['a remote LAG that is not in the document', setAe1('remoteLagId', randomUUID), /is not in the document/],
    ['a remote LAG on the same switch', setAe1('remoteLagId', () => built.lags.ae0.id), /must be a LAG of another switch/],
    ['a LAG paired with itself', setAe1('remoteLagId', () => built.lags.ae1.id), /a LAG cannot be paired with itself/],
    [
      'a remote LAG that does not point back',
      (doc) => {
        lagAt(doc, built.lags.far.id).remoteLagId = null;
        return [`data.lags[${index(doc, 'lags', built.lags.ae0.id)}].remoteLagId`];
      },
      /does not point back/,
    ],
    [
      "a LAG's VLAN of another site",
      (doc) => {
        lagAt(doc, built.lags.ae0.id).taggedVlanIds[1] = built.lab.vlan;
        return [`data.lags[${index(doc, 'lags', built.lags.ae0.id)}].taggedVlanIds[1]`];
      },
      /belongs to another site/,
    ],
    ['tagged VLANs on an access LAG', setAe1('taggedVlanIds', () => [built.seeded.vlans.Users]), /only a trunk LAG carries tagged VLANs/],
    [
      "a LAG's mode that is none",
      (doc) => {
        lagAt(doc, built.lags.ae1.id).mode = 'lacp-eager';
        // Its members then name a LAG the document does not hold (a valid one).
        const members = ['ge-0/0/6', 'ge-0/0/7'].map((name) => `data.ports[${index(doc, 'ports', built.access1.ports[name])}].lagId`);
        return [`data.lags[${index(doc, 'lags', built.lags.ae1.id)}].mode`, ...members];
      },
      /must be one of lacp-active, lacp-passive, static|is not in the document/,
    ],
    [
      "a template's undo image whose units break the template rules",
      (doc) => {
        const i = doc.data.activity.findIndex((entry: any) => entry.entityType === 'template' && entry.action === 'create');
        const image = doc.data.activity[i].undoData.after.template[built.template.id];
        image.units = JSON.stringify([[{ type: 'rj45', count: 2, namePattern: 'same' }]]);
        return [`data.activity[${i}].undoData.after.template.${built.template.id}.units`];
      },
      /units/,
    ],
  ])('refuses %s, naming it, and changes nothing', async (_, spoil, message, code = 'validation_failed') => {
    const bad = structuredClone(original);
    const fields = spoil(bad);
    const before = await exportDocument(target.baseUrl, target.token);
    const answer = await restore('', bad);
    // A rule of its own (a name taken, a LAG member's type) answers its code, as the API's create does: 409.
    expect(answer.status, answer.text).toBe(code === 'validation_failed' ? 400 : 409);
    expect(answer.body.error.code).toBe(code);
    const details: { field: string; message: string }[] = answer.body.error.details;
    for (const field of fields) expect(details.map((detail) => detail.field)).toContain(field);
    expect(details.filter((detail) => fields.includes(detail.field)).every((detail) => message.test(detail.message))).toBe(true);
    // Nothing else is wrong with the document: every fault is one of those named.
    expect(
      details.every((detail) => fields.includes(detail.field)),
      JSON.stringify(details),
    ).toBe(true);
    expect(comparable(await exportDocument(target.baseUrl, target.token))).toEqual(comparable(before));
  });
});

describe('POST /api/data/import of templates and LAGs', () => {
  const mergeIn = (query: string, body: unknown) => merger.call('POST', `/api/data/import${query}`, { body });
  let first: any;

  it('creates everything in an empty install, switches on the new template, LAGs with their new members and remote', async () => {
    const dry = await mergeIn('?dryRun=true', original);
    expect(dry.status, dry.text).toBe(200);
    expect((await merger.must(200, 'GET', '/api/templates')).total).toBe(0);
    const answer = await mergeIn('', original);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ templates: 1, switches: 4, lags: 3 });
    expect(dry.body).toEqual({ ...answer.body, dryRun: true });
    expect(answer.body.fixes).toEqual([]);
    first = await exportDocument(merger.baseUrl, merger.token);
    const [template] = first.data.templates;
    expect(template).toMatchObject({ name: 'EX 8', units: original.data.templates[0].units });
    expect(template.id).not.toBe(built.template.id);
    const access1 = first.data.switches.find((sw: any) => sw.name === 'access 1');
    expect(access1.templateId).toBe(template.id);
    const lags = await merger.must(200, 'GET', `/api/switches/${access1.id}/lags`);
    const ae0 = lags.items.find((lag: any) => lag.name === 'ae0');
    const ports = (await merger.must(200, 'GET', `/api/switches/${access1.id}`)).ports;
    const portId = (name: string) => ports.find((port: any) => port.name === name).id;
    expect(ae0).toMatchObject({ mode: 'lacp-passive', portMode: 'trunk', memberPortIds: [portId('xe-0/1/0'), portId('xe-0/1/1')] });
    const far = await merger.must(200, 'GET', `/api/lags/${ae0.remoteLagId}`);
    expect(far.remoteLagId).toBe(ae0.id);
    expect(far.switchId).toBe(first.data.switches.find((sw: any) => sw.name === 'access 2').id);
    const vlans = await merger.must(200, 'GET', '/api/vlans?vid=20');
    expect(ae0.taggedVlanIds).toContain(vlans.items[0].id);
  });

  it('merges the same document again: the template and switches merged, each LAG of a merged switch left out with a fix', async () => {
    const dry = await mergeIn('?dryRun=true', original);
    const answer = await mergeIn('', original);
    expect(answer.status, answer.text).toBe(200);
    expect(dry.body).toEqual({ ...answer.body, dryRun: true });
    expect(answer.body.merged).toMatchObject({ templates: 1, switches: 4 });
    expect(answer.body.created).toMatchObject({ templates: 0, switches: 0, lags: 0, ports: 0 });
    expect(answer.body.fixes.filter((fix: any) => fix.file === 'lags')).toEqual(
      original.data.lags.map((lag: any) =>
        expect.objectContaining({
          id: lag.id,
          field: 'id',
          to: null,
          reason: expect.stringMatching(new RegExp(`has a LAG named "${lag.name}"; the LAG was left out`)),
        }),
      ),
    );
    const after = await exportDocument(merger.baseUrl, merger.token);
    for (const kind of ['templates', 'switches', 'lags', 'ports']) expect(after.data[kind], kind).toEqual(first.data[kind]);
  });

  it('makes a template of the same name with other units "name (2)", and a new switch of the document uses it', async () => {
    const doc = structuredClone(original);
    doc.data.templates[0].units[0][0].count = 6;
    const sw = doc.data.switches.find((s: any) => s.id === built.access2.id);
    sw.name = 'access 3';
    const answer = await mergeIn('', doc);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ templates: 1, switches: 1 });
    expect(answer.body.fixes).toContainEqual({
      file: 'templates',
      id: built.template.id,
      field: 'name',
      from: 'EX 8',
      to: 'EX 8 (2)',
      reason: 'a stored template has that name with other units',
    });
    const templates = (await merger.must(200, 'GET', '/api/templates?q=EX 8')).items;
    const copy = templates.find((template: any) => template.name === 'EX 8 (2)');
    expect(copy.units[0][0].count).toBe(6);
    const access3 = (await merger.must(200, 'GET', '/api/switches?q=access 3')).items[0];
    expect(access3.templateId).toBe(copy.id);
    // The new switch's LAG comes with it; its remote, a LAG of a merged switch that was left out, does not.
    const [lag] = (await merger.must(200, 'GET', `/api/switches/${access3.id}/lags`)).items;
    expect(lag).toMatchObject({ name: 'ae0', remoteLagId: null });
  });

  it('leaves out a LAG whose members are merged into ports of a stored LAG, and lets stored ports of no LAG join a new one', async () => {
    const stored1 = first.data.switches.find((sw: any) => sw.name === 'access 1');
    const storedLags = (await merger.must(200, 'GET', `/api/switches/${stored1.id}/lags`)).items;
    const storedAe1 = storedLags.find((lag: any) => lag.name === 'ae1');
    await merger.must(204, 'DELETE', `/api/lags/${storedAe1.id}`);
    const doc = structuredClone(original);
    lagAt(doc, built.lags.ae0.id).name = 'ae9';
    lagAt(doc, built.lags.ae1.id).name = 'ae5';
    const answer = await mergeIn('', doc);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created.lags).toBe(1);
    expect(answer.body.fixes).toContainEqual({
      file: 'lags',
      id: built.lags.ae0.id,
      field: 'id',
      from: built.lags.ae0.id,
      to: null,
      reason:
        'port "xe-0/1/0" of the stored switch "access 1" is a member of its LAG "ae0"; the LAG was left out and its ports are in no LAG',
    });
    const ae5 = (await merger.must(200, 'GET', `/api/switches/${stored1.id}/lags`)).items.find((lag: any) => lag.name === 'ae5');
    expect(ae5.memberPortIds).toEqual(storedAe1.memberPortIds);
    for (const portId of storedAe1.memberPortIds) expect((await merger.must(200, 'GET', `/api/ports/${portId}`)).lagId).toBe(ae5.id);
  });

  it('refuses with onConflict=fail, naming the template of the same name', async () => {
    const answer = await mergeIn('?onConflict=fail', original);
    expect(answer.status).toBe(409);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toContain('data.templates[0].name');
  });
});

describe('POST /api/import/{entity} and LAGs', () => {
  it.each(['lags', 'templates'])('answers %s as an entity it does not import (404), naming those it does', async (entity) => {
    const answer = await source.call('POST', `/api/import/${entity}`, { body: [] });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
    expect(answer.body.error.message).toBe('No such import entity (sites, vlans, networks, ranges, switches, ports, addresses).');
  });

  it('imports the exported switches and ports back unchanged, templates and LAG members included', async () => {
    for (const entity of ['switches', 'ports']) {
      const csv = await source.call('GET', `/api/${entity}?format=csv&limit=500`);
      expect(csv.status).toBe(200);
      if (entity === 'switches') expect(csv.text).toContain(',EX 8,');
      const answer = await source.call('POST', `/api/import/${entity}`, { raw: csv.text, headers: { 'content-type': 'text/csv' } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ created: 0, updated: 0 });
    }
  });

  it("refuses a row that changes a LAG member's mode or VLANs, and takes its other fields", async () => {
    const member = built.access1.ports['ge-0/0/6'];
    const changed = await source.call('POST', '/api/import/ports', {
      body: [{ id: member, mode: 'trunk', untaggedVlanId: built.seeded.vlans.Users, description: 'x' }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('lag_member');
    expect(changed.body.error.details).toEqual([
      { field: 'rows[1].mode', message: 'is set by LAG "ae1", of which the port is a member: change the LAG [lag_member]' },
      { field: 'rows[1].untaggedVlanId', message: 'is set by LAG "ae1", of which the port is a member: change the LAG [lag_member]' },
    ]);
    const described = await source.call('POST', '/api/import/ports', { body: [{ id: member, description: 'uplink bundle' }] });
    expect(described.status, described.text).toBe(200);
    expect(await source.must(200, 'GET', `/api/ports/${member}`)).toMatchObject({ description: 'uplink bundle', lagId: built.lags.ae1.id });
  });

  it('refuses a row that makes a LAG member a console or management port, as JSON and as CSV, and the export still restores', async () => {
    const member = built.access1.ports['ge-0/0/6'];
    const asJson = await source.call('POST', '/api/import/ports', { body: [{ id: member, type: 'console' }] });
    expect(asJson.status).toBe(409);
    expect(asJson.body.error.code).toBe('lag_member');
    expect(asJson.body.error.details).toEqual([
      {
        field: 'rows[1].type',
        message: 'port "ge-0/0/6" is a console port, which cannot be a LAG member: take it out of LAG "ae1" first [lag_member]',
      },
    ]);
    const csv = `id,type\r\n${member},management\r\n`;
    const asCsv = await source.call('POST', '/api/import/ports', { raw: csv, headers: { 'content-type': 'text/csv' } });
    expect(asCsv.status).toBe(409);
    expect(asCsv.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(['rows[1].type']);
    expect(await source.must(200, 'GET', `/api/ports/${member}`)).toMatchObject({ type: 'rj45', lagId: built.lags.ae1.id });
    const exported = await source.must(200, 'GET', '/api/backup/export');
    expect((await target.call('POST', '/api/backup/import?dryRun=true', { body: exported })).status).toBe(200);
  });

  it("writes a switch's LAGs as CSV: members by port name, the far end by names", async () => {
    const answer = await api(source.baseUrl, 'GET', `/api/switches/${built.access1.id}/lags?format=csv`, { token: source.token });
    expect(answer.status).toBe(200);
    expect(answer.text.split('\r\n').slice(0, 3)).toEqual([
      'name,switch,mode,portMode,untaggedVlan,taggedVlans,members,remoteSwitch,remoteLag,description',
      'ae0,access 1,lacp-passive,trunk,10,20-21,"xe-0/1/0;xe-0/1/1",access 2,ae0,to access 2',
      'ae1,access 1,static,access,20,,"ge-0/0/6;ge-0/0/7",,,',
    ]);
  });
});
