import { beforeAll, describe, expect, it } from 'vitest';
import { accessTemplateUnit, useSites } from '../helpers/data.ts';
import { expectFaults, useTestServer } from '../helpers/server.ts';

// A switch made from a layout template (docs/LAGS-TEMPLATES.md, "Stacks"): its ports are layOutPorts of the template
// for its stack, blocks without {unit} on member 1 only; stackSize defaults to the template's unit count.

const server = useTestServer();
const { call, make, must, lastEntry } = server;
const { site } = useSites(make, { site: 'Main' });

const templates: Record<string, any> = {};

beforeAll(async () => {
  templates.access = await make('/api/templates', {
    name: 'Access',
    units: [[...accessTemplateUnit(4, 2), { type: 'management', count: 1, namePattern: 'mgmt0', speed: '1G' }]],
  });
  templates.twoUnits = await make('/api/templates', {
    name: 'Two members',
    units: [[{ type: 'rj45', count: 2, namePattern: 'ge-0/0/{n0}' }], [{ type: 'sfp', count: 3, namePattern: 'ge-1/0/{n0}' }]],
  });
  templates.single = await make('/api/templates', { name: 'Single', units: [[{ type: 'rj45', count: 8, namePattern: 'port{n}' }]] });
  templates.clash = await make('/api/templates', {
    name: 'Clash on member 2',
    units: [
      [
        { type: 'rj45', count: 2, namePattern: 'Gi{unit}/0/{n}' },
        { type: 'sfp', count: 1, namePattern: 'Gi2/0/1' },
      ],
    ],
  });
  templates.big = await make('/api/templates', {
    name: '52 a member',
    units: [
      [
        { type: 'rj45', count: 48, rows: 2, order: 'odd-even', namePattern: 'Gi{unit}/0/{n}', poe: { type: '802.3af', maxWatts: 15.44 } },
        { type: 'sfp+', count: 4, namePattern: 'Te{unit}/1/{n}' },
      ],
    ],
  });
});

const newSwitch = (body: object) => call('POST', '/api/switches', { body: { siteId: site.id, ...body } });
const portsOf = async (id: string) => (await must(200, 'GET', `/api/switches/${id}`)).ports as any[];
const short = (port: any) => [port.position, port.unit, port.name];

describe('a one-unit template repeated for each member of a stack', () => {
  it('gives each member its ports, the blocks without {unit} on member 1 only, numbered member by member', async () => {
    const answer = await newSwitch({ name: 'stack of 2', templateId: templates.access.id, stackSize: 2 });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ templateId: templates.access.id, stackSize: 2, portCount: 14 });
    expect((await portsOf(answer.body.id)).map(short)).toEqual([
      [1, 1, 'Gi1/0/1'],
      [2, 1, 'Gi1/0/2'],
      [3, 1, 'Gi1/0/3'],
      [4, 1, 'Gi1/0/4'],
      [5, 1, 'Te1/1/1'],
      [6, 1, 'Te1/1/2'],
      [7, 1, 'con0'],
      [8, 1, 'mgmt0'],
      [9, 2, 'Gi2/0/1'],
      [10, 2, 'Gi2/0/2'],
      [11, 2, 'Gi2/0/3'],
      [12, 2, 'Gi2/0/4'],
      [13, 2, 'Te2/1/1'],
      [14, 2, 'Te2/1/2'],
    ]);
  });

  it("is one switch when stackSize is left out (the template's one unit), and the rows' order does not change the names", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'single member', templateId: templates.access.id });
    expect(sw.stackSize).toBe(1);
    expect((await portsOf(sw.id)).map((port) => port.name)).toEqual([
      'Gi1/0/1',
      'Gi1/0/2',
      'Gi1/0/3',
      'Gi1/0/4',
      'Te1/1/1',
      'Te1/1/2',
      'con0',
      'mgmt0',
    ]);
  });

  it("gives the ports their block's type, speed and PoE, and every other field its default", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'fields', templateId: templates.access.id });
    const [gi, , , , te, , con, mgmt] = await portsOf(sw.id);
    expect(gi).toMatchObject({
      type: 'rj45',
      speed: '1G',
      poe: { type: '802.3at', maxWatts: 30 },
      enabled: true,
      mode: 'access',
      untaggedVlanId: null,
      taggedVlanIds: [],
      description: null,
      linkedPortId: null,
      lagId: null,
      version: 1,
    });
    expect(te).toMatchObject({ type: 'sfp+', speed: '10G', poe: null });
    expect(con).toMatchObject({ type: 'console', speed: null, poe: null });
    expect(mgmt).toMatchObject({ type: 'management', speed: '1G' });
  });

  it('makes a stack of four 52-port members (208 ports), PoE watts as a port stores them', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'four members', templateId: templates.big.id, stackSize: 4 });
    expect(sw.portCount).toBe(208);
    const ports = await portsOf(sw.id);
    expect(ports.map((port) => port.position)).toEqual(Array.from({ length: 208 }, (_, i) => i + 1));
    expect(ports.filter((port) => port.unit === 4).map((port) => port.name)).toContain('Te4/1/4');
    expect(ports[0].poe).toEqual({ type: '802.3af', maxWatts: 15.4 });
  });
});

describe('the stackSize a template allows', () => {
  it.each<[string, string, object, string[]]>([
    ['a two-unit template for one member', 'twoUnits', { stackSize: 1 }, ['stackSize']],
    ['a two-unit template for three members', 'twoUnits', { stackSize: 3 }, ['stackSize']],
    ['a template without {unit} for a stack', 'single', { stackSize: 2 }, ['stackSize']],
    ['a stack whose member 2 makes a name of member 1 again', 'clash', { stackSize: 2 }, ['stackSize']],
    ['portCount with templateId', 'access', { portCount: 24 }, ['portCount']],
    ['portCount with templateId and a bad stackSize', 'twoUnits', { portCount: 2, stackSize: 1 }, ['portCount', 'stackSize']],
  ])('%s → 400', async (_what, template, body, fields) => {
    expectFaults(await newSwitch({ name: 'refused', templateId: templates[template].id, ...body }), fields);
  });

  it('refuses a templateId of no template, or not an id, at templateId', async () => {
    expectFaults(await newSwitch({ name: 'refused', templateId: '5f0c6a8e-1111-4222-8333-444455556666' }), ['templateId']);
    expectFaults(await newSwitch({ name: 'refused', templateId: 'access' }), ['templateId']);
  });

  it("makes a two-unit template's stack of two by default, each member with its own unit's ports", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'two units', templateId: templates.twoUnits.id });
    expect(sw.stackSize).toBe(2);
    expect((await portsOf(sw.id)).map((port) => [port.unit, port.name, port.type])).toEqual([
      [1, 'ge-0/0/0', 'rj45'],
      [1, 'ge-0/0/1', 'rj45'],
      [2, 'ge-1/0/0', 'sfp'],
      [2, 'ge-1/0/1', 'sfp'],
      [2, 'ge-1/0/2', 'sfp'],
    ]);
    expect((await newSwitch({ name: 'two units, said', templateId: templates.twoUnits.id, stackSize: 2 })).status).toBe(201);
  });

  it('takes portCount 0 with a template, keeps templateId out of a PATCH, and stackSize not below its ports', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'zero', templateId: templates.access.id, stackSize: 2, portCount: 0 });
    expect(sw.portCount).toBe(14);
    expectFaults(await call('PATCH', `/api/switches/${sw.id}`, { body: { templateId: templates.single.id } }), ['templateId']);
    expectFaults(await call('PATCH', `/api/switches/${sw.id}`, { body: { stackSize: 1 } }), ['stackSize']);
  });
});

describe('activity and undo', () => {
  it('records one create entry counting the ports, and its undo removes the switch with its ports', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'undone', templateId: templates.big.id, stackSize: 2 });
    const entry = await lastEntry(sw.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'switch',
      siteId: site.id,
      summary: 'Created switch undone with 104 ports from template 52 a member',
    });
    expect(entry.changes).toMatchObject({ portCount: [0, 104], templateId: [null, templates.big.id], stackSize: [null, 2] });
    const before = (await must(200, 'GET', '/api/ports?limit=1')).total;
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/switches/${sw.id}`)).status).toBe(404);
    expect((await must(200, 'GET', '/api/ports?limit=1')).total).toBe(before - 104);
    expect((await must(200, 'GET', `/api/templates/${templates.big.id}`)).switchCount).toBe(1);
  });
});

describe('a stack grown after it was made', () => {
  const grow = (id: string, stackSize: number) => must(200, 'PATCH', `/api/switches/${id}`, { stackSize });

  it("gives each new member its template's ports, the blocks without {unit} on member 1 only, after the last port", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'grown', templateId: templates.access.id });
    expect((await grow(sw.id, 3)).portCount).toBe(20);
    const ports = await portsOf(sw.id);
    expect(ports.slice(8).map(short)).toEqual(
      [2, 3].flatMap((unit, m) =>
        ['Gi{u}/0/1', 'Gi{u}/0/2', 'Gi{u}/0/3', 'Gi{u}/0/4', 'Te{u}/1/1', 'Te{u}/1/2'].map((name, i) => [
          9 + 6 * m + i,
          unit,
          name.replace('{u}', String(unit)),
        ]),
      ),
    );
    expect(ports.find((port) => port.name === 'Te3/1/2')).toMatchObject({ type: 'sfp+', speed: '10G' });
  });

  it("gives a switch without a template member 1's ports, renamed for each member, but its console and management ports", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'no template', portCount: 0 });
    for (const [name, type] of [
      ['Gi1/0/1', 'rj45'],
      ['Te1/1/1', 'sfp+'],
      ['con0', 'console'],
    ])
      await make(`/api/switches/${sw.id}/ports`, { name, type, speed: type === 'sfp+' ? '10G' : null });
    await grow(sw.id, 2);
    expect((await portsOf(sw.id)).map((port) => [port.unit, port.name, port.type, port.speed])).toEqual([
      [1, 'Gi1/0/1', 'rj45', null],
      [1, 'Te1/1/1', 'sfp+', '10G'],
      [1, 'con0', 'console', null],
      [2, 'Gi2/0/1', 'rj45', null],
      [2, 'Te2/1/1', 'sfp+', '10G'],
    ]);
  });

  it("keeps a port the new member has already, and grows a two-unit template's stack by member 1's ports", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'two grown', templateId: templates.twoUnits.id });
    await grow(sw.id, 3);
    const names = (await portsOf(sw.id)).map((port) => `${port.unit}:${port.name}`);
    expect(names.join(' ')).toBe('1:ge-0/0/0 1:ge-0/0/1 2:ge-1/0/0 2:ge-1/0/1 2:ge-1/0/2 3:ge-2/0/0 3:ge-2/0/1');
  });

  it('records the new ports in the update entry, and its undo takes them away with the stack size', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'grown undone', templateId: templates.big.id });
    await grow(sw.id, 2);
    const entry = await lastEntry(sw.id);
    expect(entry).toMatchObject({ action: 'update', summary: 'Updated switch grown undone with 52 new ports of its new members' });
    expect(entry.changes).toEqual({ stackSize: [1, 2], portCount: [52, 104] });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect(await must(200, 'GET', `/api/switches/${sw.id}`)).toMatchObject({ stackSize: 1, portCount: 52 });
  });
});
