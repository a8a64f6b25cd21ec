import { beforeAll, describe, expect, it } from 'vitest';
import { useEditorAndSites } from '../helpers/data.ts';
import { expectCreated, expectFaults, NO_SUCH_ID } from '../helpers/server.ts';

// LAGs (docs/LAGS-TEMPLATES.md, "LAGs") on a real server: every rule, what a LAG writes to its members, pairing,
// what ports, switches and VLANs may do to a LAG, and the undo of each change.

const { call, make, must, lastEntry, viewer, site, otherSite } = useEditorAndSites();

const vlan = {} as Record<'users' | 'voice' | 'mgmt' | 'branch', string>;

beforeAll(async () => {
  vlan.users = (await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 })).id;
  vlan.voice = (await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20 })).id;
  vlan.mgmt = (await make('/api/vlans', { siteId: site.id, name: 'Mgmt', vid: 30 })).id;
  vlan.branch = (await make('/api/vlans', { siteId: otherSite.id, name: 'Branch', vid: 10 })).id;
});

interface Sw {
  id: string;
  name: string;
  /** Port ids by position: ports[0] is port "1". */
  ports: string[];
}

async function switchWithPorts(name: string, count: number, siteId = site.id): Promise<Sw> {
  const sw = await make('/api/switches', { siteId, name, portCount: count });
  return { id: sw.id, name, ports: (await must(200, 'GET', `/api/switches/${sw.id}/ports`)).items.map((p: { id: string }) => p.id) };
}

const port = (id: string) => must(200, 'GET', `/api/ports/${id}`);
const lagOf = (id: string) => must(200, 'GET', `/api/lags/${id}`);
const newLag = (sw: Sw, body: object) => make(`/api/switches/${sw.id}/lags`, body);
const patchLag = (id: string, body: object) => must(200, 'PATCH', `/api/lags/${id}`, body);
const undo = (entryId: string) => must(200, 'POST', `/api/activity/${entryId}/undo`);
const sorted = (ids: string[]) => [...ids].sort();
const newestEntry = async () => (await must(200, 'GET', '/api/activity?limit=1')).items[0].id;

describe('creating a LAG: refusals', () => {
  const sw = {} as { acc: Sw; other: Sw; console: string; mgmt: string; po1: string };

  beforeAll(async () => {
    sw.acc = await switchWithPorts('acc-1', 6);
    sw.other = await switchWithPorts('acc-x', 2);
    sw.console = (await make(`/api/switches/${sw.acc.id}/ports`, { name: 'con0', type: 'console' })).id;
    sw.mgmt = (await make(`/api/switches/${sw.acc.id}/ports`, { name: 'mgmt0', type: 'management' })).id;
    sw.po1 = (await newLag(sw.acc, { name: 'Po1', memberPortIds: [sw.acc.ports[0], sw.acc.ports[1]] })).id;
  });

  const p = (i: number) => sw.acc.ports[i];
  const cases: [string, () => object, string[]][] = [
    ['no name and no members', () => ({}), ['memberPortIds', 'name']],
    ['one member', () => ({ name: 'Po9', memberPortIds: [p(2)] }), ['memberPortIds']],
    ['no member', () => ({ name: 'Po9', memberPortIds: [] }), ['memberPortIds']],
    ['members that are no ids', () => ({ name: 'Po9', memberPortIds: ['1', '2'] }), ['memberPortIds']],
    ['a port of another switch', () => ({ name: 'Po9', memberPortIds: [p(2), sw.other.ports[0]] }), ['memberPortIds[1]']],
    ['a port that does not exist', () => ({ name: 'Po9', memberPortIds: [p(2), NO_SUCH_ID] }), ['memberPortIds[1]']],
    ['a name that is no interface name', () => ({ name: 'Po{1}', memberPortIds: [p(2), p(3)] }), ['name']],
    ['a mode that is none', () => ({ name: 'Po9', mode: 'lacp', memberPortIds: [p(2), p(3)] }), ['mode']],
    ['a portMode that is none', () => ({ name: 'Po9', portMode: 'hybrid', memberPortIds: [p(2), p(3)] }), ['portMode']],
    ['tagged VLANs on an access LAG', () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], taggedVlanIds: [vlan.voice] }), ['taggedVlanIds']],
    [
      'an untagged VLAN of another site',
      () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], untaggedVlanId: vlan.branch }),
      ['untaggedVlanId'],
    ],
    [
      'a tagged VLAN of another site',
      () => ({ name: 'Po9', portMode: 'trunk', memberPortIds: [p(2), p(3)], taggedVlanIds: [vlan.branch] }),
      ['taggedVlanIds[0]'],
    ],
    ['a VLAN that does not exist', () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], untaggedVlanId: NO_SUCH_ID }), ['untaggedVlanId']],
    ['a remote LAG of the same switch', () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], remoteLagId: sw.po1 }), ['remoteLagId']],
    ['a remote LAG that does not exist', () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], remoteLagId: NO_SUCH_ID }), ['remoteLagId']],
    ['a field a LAG does not have', () => ({ name: 'Po9', memberPortIds: [p(2), p(3)], speed: '10G' }), ['speed']],
  ];
  it.each(cases)('%s → 400', async (_name, body, fields) => {
    expectFaults(await call('POST', `/api/switches/${sw.acc.id}/lags`, { body: body() }), fields);
  });

  // The rule of lib/port-kinds.ts, with the code every path answers for it (test/api/rule-matrix.test.ts).
  it.each([
    ['a console port', () => ({ name: 'Po9', memberPortIds: [p(2), sw.console] }), 'memberPortIds[1]'],
    ['a management port', () => ({ name: 'Po9', memberPortIds: [sw.mgmt, p(2)] }), 'memberPortIds[0]'],
  ])('refuses %s as a member with 409 lag_member', async (_name, body, field) => {
    const answer = await call('POST', `/api/switches/${sw.acc.id}/lags`, { body: body() });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'lag_member', details: [{ field }] });
  });

  it('refuses a name the switch has (any case) with 409 name_taken', async () => {
    const answer = await call('POST', `/api/switches/${sw.acc.id}/lags`, { body: { name: 'po1', memberPortIds: [p(2), p(3)] } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
  });

  it('takes the same name on another switch', async () => {
    const other = await newLag(sw.other, { name: 'Po1', memberPortIds: sw.other.ports });
    expect(other).toMatchObject({ name: 'Po1', switchId: sw.other.id });
    expect((await call('DELETE', `/api/lags/${other.id}`)).status).toBe(204);
  });

  it('refuses a port of another LAG with 409 lag_member naming the port and its LAG', async () => {
    const answer = await call('POST', `/api/switches/${sw.acc.id}/lags`, { body: { name: 'Po2', memberPortIds: [p(2), p(1)] } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('lag_member');
    expect(answer.body.error.message).toContain('2 (LAG Po1)');
    expect(answer.body.error.details).toEqual([
      { field: 'memberPortIds[1]', message: 'port 2 is a member of LAG Po1', code: 'port_in_other_lag', params: { port: '2', lag: 'Po1' } },
    ]);
  });

  it('answers 404 for no switch, 403 to a viewer, and changes nothing on any refusal', async () => {
    expect((await call('POST', `/api/switches/${NO_SUCH_ID}/lags`, { body: { name: 'Po9', memberPortIds: [p(2), p(3)] } })).status).toBe(
      404,
    );
    expect(
      (await viewer.call('POST', `/api/switches/${sw.acc.id}/lags`, { body: { name: 'Po9', memberPortIds: [p(2), p(3)] } })).status,
    ).toBe(403);
    const lags = await must(200, 'GET', `/api/switches/${sw.acc.id}/lags`);
    expect(lags.items.map((lag: { name: string }) => lag.name)).toEqual(['Po1']);
    for (const id of [p(2), p(3), p(4), sw.console, sw.mgmt])
      expect(await port(id)).toMatchObject({ lagId: null, version: 1, mode: 'access', untaggedVlanId: null });
  });
});

describe('a LAG writes its mode and VLANs to its members', () => {
  const sw = {} as { acc: Sw; lag: { id: string } };
  beforeAll(async () => {
    sw.acc = await switchWithPorts('acc-2', 5);
  });
  const p = (i: number) => sw.acc.ports[i];

  it('makes its members trunks with its VLANs in one entry, and answers its members in port order', async () => {
    await must(200, 'PATCH', `/api/ports/${p(2)}`, { description: 'kept', untaggedVlanId: vlan.mgmt });
    const answer = await call('POST', `/api/switches/${sw.acc.id}/lags`, {
      body: {
        name: ' Po1 ',
        portMode: 'trunk',
        untaggedVlanId: vlan.users,
        taggedVlanIds: [vlan.voice, vlan.mgmt],
        memberPortIds: [p(2), p(0)],
      },
    });
    expectCreated(answer, '/api/lags');
    sw.lag = answer.body;
    expect(answer.body).toMatchObject({
      name: 'Po1',
      mode: 'lacp-active',
      portMode: 'trunk',
      switchId: sw.acc.id,
      untaggedVlanId: vlan.users,
      taggedVlanIds: sorted([vlan.voice, vlan.mgmt]),
      memberPortIds: [p(0), p(2)],
      remoteLagId: null,
      version: 1,
    });
    for (const id of [p(0), p(2)])
      expect(await port(id)).toMatchObject({
        lagId: sw.lag.id,
        mode: 'trunk',
        untaggedVlanId: vlan.users,
        taggedVlanIds: sorted([vlan.voice, vlan.mgmt]),
      });
    expect((await port(p(2))).description).toBe('kept');
    const entry = await lastEntry(sw.lag.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'lag',
      entityId: sw.lag.id,
      entityName: 'Po1',
      siteId: site.id,
      summary: 'Created LAG Po1 on acc-2 with 2 ports',
    });
    expect(entry.changes.memberPortIds).toEqual([[], [p(0), p(2)]]);
    expect((await lastEntry(p(0))).id).toBe(entry.id);
  });

  it('lists and reads the LAGs of a switch (JSON and CSV), with ETag', async () => {
    const list = await must(200, 'GET', `/api/switches/${sw.acc.id}/lags`);
    expect(list).toMatchObject({ total: 1, limit: 100, offset: 0 });
    expect(list.items[0]).toEqual(await lagOf(sw.lag.id));
    const one = await call('GET', `/api/lags/${sw.lag.id}`);
    expect(one.headers.get('etag')).toBe('"1"');
    const csv = await call('GET', `/api/switches/${sw.acc.id}/lags?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('x-total-count')).toBe('1');
    expect((await call('GET', `/api/lags/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await call('GET', `/api/switches/${NO_SUCH_ID}/lags`)).status).toBe(404);
  });

  it('writes a change of its mode and VLANs to every member, in one entry', async () => {
    const lag = await patchLag(sw.lag.id, { portMode: 'access', untaggedVlanId: vlan.voice, taggedVlanIds: [] });
    expect(lag).toMatchObject({ portMode: 'access', untaggedVlanId: vlan.voice, taggedVlanIds: [], version: 2 });
    for (const id of [p(0), p(2)]) expect(await port(id)).toMatchObject({ mode: 'access', untaggedVlanId: vlan.voice, taggedVlanIds: [] });
    expect(await lastEntry(sw.lag.id)).toMatchObject({ action: 'update', summary: 'Updated LAG Po1 on acc-2' });
  });

  it('answers a patch that changes nothing (members in any order) as it is', async () => {
    const same = await patchLag(sw.lag.id, { memberPortIds: [p(2), p(0)], untaggedVlanId: vlan.voice });
    expect(same.version).toBe(2);
  });

  it('lets a port that leaves keep its configuration without lagId, and gives one that joins the LAG’s', async () => {
    const lag = await patchLag(sw.lag.id, { memberPortIds: [p(0), p(3), p(4)] });
    expect(lag.memberPortIds).toEqual([p(0), p(3), p(4)]);
    expect(await port(p(2))).toMatchObject({ lagId: null, mode: 'access', untaggedVlanId: vlan.voice, description: 'kept' });
    for (const id of [p(3), p(4)]) expect(await port(id)).toMatchObject({ lagId: sw.lag.id, untaggedVlanId: vlan.voice });
    expect((await lastEntry(sw.lag.id)).changes.memberPortIds).toEqual([
      [p(0), p(2)],
      [p(0), p(3), p(4)],
    ]);
  });

  it('refuses a patch breaking a rule (400), a taken name (409), a port of another LAG (409) and a stale If-Match (412)', async () => {
    const other = await newLag(sw.acc, { name: 'Po2', memberPortIds: [p(1), p(2)] });
    expectFaults(await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { memberPortIds: [p(0)] } }), ['memberPortIds']);
    expectFaults(await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { remoteLagId: sw.lag.id } }), ['remoteLagId']);
    expectFaults(await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { taggedVlanIds: [vlan.users] } }), ['taggedVlanIds']);
    expectFaults(await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { switchId: NO_SUCH_ID, memberPortIds: null } }), ['memberPortIds']);
    const taken = await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { name: 'PO2' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('name_taken');
    const member = await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { memberPortIds: [p(0), p(3), p(4), p(1)] } });
    expect(member.status).toBe(409);
    expect(member.body.error).toMatchObject({
      code: 'lag_member',
      details: [{ field: 'memberPortIds[3]', message: 'port 2 is a member of LAG Po2', code: 'port_in_other_lag' }],
    });
    const stale = await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { description: 'x' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    const fresh = await call('PATCH', `/api/lags/${sw.lag.id}`, { body: { description: 'uplink' }, headers: { 'if-match': '"3"' } });
    expect(fresh.status, fresh.text).toBe(200);
    expect((await lagOf(sw.lag.id)).memberPortIds).toEqual([p(0), p(3), p(4)]);
    expect((await port(p(1))).lagId).toBe(other.id);
  });
});

describe('undo of a LAG’s create, update and delete', () => {
  const sw = {} as { acc: Sw };
  beforeAll(async () => {
    sw.acc = await switchWithPorts('acc-3', 3);
    await must(200, 'PATCH', `/api/ports/${sw.acc.ports[0]}`, { untaggedVlanId: vlan.mgmt });
  });
  const p = (i: number) => sw.acc.ports[i];
  const entryOf = async (answer: { id: string }) => (await must(200, 'GET', `/api/activity?entityId=${answer.id}&limit=1`)).items[0];

  it('undoes a create: the LAG goes, its members are as before', async () => {
    const lag = await newLag(sw.acc, { name: 'Po1', untaggedVlanId: vlan.users, memberPortIds: [p(0), p(1)] });
    expect(await port(p(0))).toMatchObject({ untaggedVlanId: vlan.users, lagId: lag.id });
    await undo((await entryOf(lag)).id);
    expect((await call('GET', `/api/lags/${lag.id}`)).status).toBe(404);
    expect(await port(p(0))).toMatchObject({ untaggedVlanId: vlan.mgmt, lagId: null });
    expect(await port(p(1))).toMatchObject({ untaggedVlanId: null, lagId: null });
  });

  it('undoes an update: VLANs and members as before, on the LAG and its ports', async () => {
    const lag = await newLag(sw.acc, { name: 'Po2', untaggedVlanId: vlan.users, memberPortIds: [p(0), p(1)] });
    await patchLag(lag.id, { portMode: 'trunk', taggedVlanIds: [vlan.voice], memberPortIds: [p(1), p(2)] });
    expect(await port(p(0))).toMatchObject({ lagId: null, mode: 'access', untaggedVlanId: vlan.users });
    await undo((await entryOf(lag)).id);
    expect(await lagOf(lag.id)).toMatchObject({ portMode: 'access', taggedVlanIds: [], memberPortIds: [p(0), p(1)] });
    expect(await port(p(0))).toMatchObject({ lagId: lag.id, untaggedVlanId: vlan.users });
    expect(await port(p(1))).toMatchObject({ lagId: lag.id, mode: 'access', taggedVlanIds: [] });
    expect(await port(p(2))).toMatchObject({ lagId: null, mode: 'access', untaggedVlanId: null, taggedVlanIds: [] });
  });

  it('deletes a LAG (members keep their configuration), and undoes the delete', async () => {
    const lag = (await must(200, 'GET', `/api/switches/${sw.acc.id}/lags`)).items[0];
    const etag = (await call('GET', `/api/lags/${lag.id}`)).headers.get('etag')!;
    expect((await call('DELETE', `/api/lags/${lag.id}`, { headers: { 'if-match': '"999"' } })).status).toBe(412);
    expect((await call('DELETE', `/api/lags/${lag.id}`, { headers: { 'if-match': etag } })).status).toBe(204);
    expect(await port(p(0))).toMatchObject({ lagId: null, untaggedVlanId: vlan.users });
    const entry = await entryOf(lag);
    expect(entry).toMatchObject({ action: 'delete', entityType: 'lag', summary: 'Deleted LAG Po2 on acc-3', siteId: site.id });
    await undo(entry.id);
    expect(await lagOf(lag.id)).toMatchObject({ name: 'Po2', memberPortIds: [p(0), p(1)] });
    expect((await port(p(1))).lagId).toBe(lag.id);
    expect((await call('DELETE', `/api/lags/${NO_SUCH_ID}`)).status).toBe(404);
  });
});

describe('what a member port may do', () => {
  const sw = {} as { acc: Sw; lag: { id: string }; big: { id: string } };
  beforeAll(async () => {
    sw.acc = await switchWithPorts('acc-4', 7);
    sw.lag = await newLag(sw.acc, {
      name: 'Po1',
      portMode: 'trunk',
      untaggedVlanId: vlan.users,
      taggedVlanIds: [vlan.voice],
      memberPortIds: [sw.acc.ports[0], sw.acc.ports[1]],
    });
    sw.big = await newLag(sw.acc, { name: 'Po2', memberPortIds: [sw.acc.ports[2], sw.acc.ports[3], sw.acc.ports[4]] });
  });
  const p = (i: number) => sw.acc.ports[i];

  const refused: [string, () => object, string[]][] = [
    ['its mode', () => ({ mode: 'access', taggedVlanIds: [] }), ['mode', 'taggedVlanIds']],
    ['its untagged VLAN', () => ({ untaggedVlanId: vlan.mgmt }), ['untaggedVlanId']],
    ['its tagged VLANs', () => ({ taggedVlanIds: [vlan.voice, vlan.mgmt] }), ['taggedVlanIds']],
    ['its type to console', () => ({ type: 'console' }), ['type']],
  ];
  it.each(refused)('may not change %s on its own (409 lag_member naming the LAG)', async (_name, body, fields) => {
    const answer = await call('PATCH', `/api/ports/${p(0)}`, { body: body() });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('lag_member');
    expect(answer.body.error.message).toContain('LAG Po1 on acc-4');
    expect(answer.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(fields);
  });

  it('may change its other fields, and send the LAG’s values unchanged with them', async () => {
    const answer = await call('PATCH', `/api/ports/${p(0)}`, {
      body: { description: 'to core', speed: '10G', mode: 'trunk', untaggedVlanId: vlan.users, taggedVlanIds: [vlan.voice], lagId: null },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ description: 'to core', speed: '10G', lagId: sw.lag.id, mode: 'trunk' });
  });

  it('refuses a bulk edit that would change a member’s mode or VLANs (409 lag_member, nothing changed)', async () => {
    const before = await port(p(5));
    const answer = await call('PATCH', `/api/switches/${sw.acc.id}/ports`, {
      body: { portIds: [p(5), p(1)], addTaggedVlanIds: [vlan.mgmt] },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'lag_member', details: [{ field: 'portIds[1].taggedVlanIds' }] });
    expect(answer.body.error.message).toContain('LAG Po1');
    expect(await port(p(5))).toEqual(before);
    const untagged = await call('PATCH', `/api/switches/${sw.acc.id}/ports`, {
      body: { portIds: [p(2)], set: { untaggedVlanId: vlan.voice } },
    });
    expect(untagged.status).toBe(409);
  });

  it('lets a bulk edit change members’ other fields, or set the values they carry', async () => {
    const answer = await must(200, 'PATCH', `/api/switches/${sw.acc.id}/ports`, {
      portIds: [p(0), p(1), p(5)],
      set: { enabled: false, mode: 'trunk' },
      addTaggedVlanIds: [vlan.voice],
    });
    expect(answer.changed).toBe(3);
    expect(await port(p(1))).toMatchObject({ enabled: false, lagId: sw.lag.id, taggedVlanIds: [vlan.voice] });
  });

  it('refuses to delete a member that would leave its LAG with fewer than two (409 lag_member), else deletes it', async () => {
    const refused = await call('DELETE', `/api/ports/${p(0)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('lag_member');
    expect(refused.body.error.message).toContain('LAG Po1');
    expect((await port(p(0))).lagId).toBe(sw.lag.id);
    expect((await call('DELETE', `/api/ports/${p(4)}`)).status).toBe(204);
    expect((await lagOf(sw.big.id)).memberPortIds).toEqual([p(2), p(3)]);
    expect((await call('DELETE', `/api/ports/${p(3)}`)).status).toBe(409);
    // Undo of the port delete brings the member back.
    await undo((await lastEntry(p(4))).id);
    expect((await lagOf(sw.big.id)).memberPortIds).toEqual([p(2), p(3), p(4)]);
  });

  it('never lets a port create set lagId (read-only)', async () => {
    const made = await make(`/api/switches/${sw.acc.id}/ports`, { name: 'x1', lagId: sw.lag.id });
    expect(made.lagId).toBeNull();
    expect((await lagOf(sw.lag.id)).memberPortIds).toEqual([p(0), p(1)]);
  });
});

describe('pairing LAGs of two switches', () => {
  const s = {} as { acc: Sw; core: Sw; dist: Sw; lone: Sw; a: { id: string }; b: { id: string }; c: { id: string }; d: { id: string } };
  beforeAll(async () => {
    s.acc = await switchWithPorts('pair-acc', 3);
    s.core = await switchWithPorts('pair-core', 4);
    s.dist = await switchWithPorts('pair-dist', 3);
    s.lone = await switchWithPorts('pair-lone', 2);
    // A cable from core port 1 to dist port 3 before any pairing.
    await must(200, 'PATCH', `/api/ports/${s.core.ports[0]}`, { linkedPortId: s.dist.ports[2] });
    s.a = await newLag(s.acc, { name: 'Po1', memberPortIds: [s.acc.ports[1], s.acc.ports[0]] });
    s.b = await newLag(s.core, { name: 'Po10', memberPortIds: [s.core.ports[0], s.core.ports[1], s.core.ports[2]] });
    s.c = await newLag(s.dist, { name: 'Po20', memberPortIds: [s.dist.ports[0], s.dist.ports[1]] });
  });
  const linkOf = async (id: string) => (await port(id)).linkedPortId;

  it('pairs both ways and links the members pairwise in port order, unlinking what they had', async () => {
    const a = await patchLag(s.a.id, { remoteLagId: s.b.id });
    expect(a.remoteLagId).toBe(s.b.id);
    expect((await lagOf(s.b.id)).remoteLagId).toBe(s.a.id);
    expect(await linkOf(s.acc.ports[0])).toBe(s.core.ports[0]);
    expect(await linkOf(s.core.ports[0])).toBe(s.acc.ports[0]);
    expect(await linkOf(s.acc.ports[1])).toBe(s.core.ports[1]);
    expect(await linkOf(s.core.ports[1])).toBe(s.acc.ports[1]);
    expect(await linkOf(s.core.ports[2])).toBeNull();
    expect(await linkOf(s.dist.ports[2])).toBeNull();
    const entry = await lastEntry(s.a.id);
    expect(entry).toMatchObject({ action: 'update', entityType: 'lag', changes: { remoteLagId: [null, s.b.id] } });
    expect((await lastEntry(s.dist.ports[2])).id).toBe(entry.id);
  });

  it('re-pairs: pairing C with B unpairs A, moves the links, and undo puts A and B back', async () => {
    await patchLag(s.c.id, { remoteLagId: s.b.id });
    expect((await lagOf(s.b.id)).remoteLagId).toBe(s.c.id);
    expect((await lagOf(s.a.id)).remoteLagId).toBeNull();
    expect(await linkOf(s.core.ports[0])).toBe(s.dist.ports[0]);
    expect(await linkOf(s.core.ports[1])).toBe(s.dist.ports[1]);
    expect(await linkOf(s.acc.ports[0])).toBeNull();
    expect(await linkOf(s.acc.ports[1])).toBeNull();
    await undo((await lastEntry(s.c.id)).id);
    expect((await lagOf(s.c.id)).remoteLagId).toBeNull();
    expect((await lagOf(s.b.id)).remoteLagId).toBe(s.a.id);
    expect((await lagOf(s.a.id)).remoteLagId).toBe(s.b.id);
    expect(await linkOf(s.core.ports[0])).toBe(s.acc.ports[0]);
    expect(await linkOf(s.acc.ports[1])).toBe(s.core.ports[1]);
    expect(await linkOf(s.dist.ports[0])).toBeNull();
  });

  it('re-links when a paired LAG’s members change', async () => {
    await patchLag(s.b.id, { memberPortIds: [s.core.ports[0], s.core.ports[3]] });
    expect(await linkOf(s.acc.ports[0])).toBe(s.core.ports[0]);
    expect(await linkOf(s.acc.ports[1])).toBe(s.core.ports[3]);
    expect(await linkOf(s.core.ports[1])).toBeNull();
  });

  it('unpairs both ends and leaves the cables', async () => {
    await patchLag(s.b.id, { remoteLagId: null });
    expect((await lagOf(s.a.id)).remoteLagId).toBeNull();
    expect(await linkOf(s.acc.ports[0])).toBe(s.core.ports[0]);
    expect(await linkOf(s.acc.ports[1])).toBe(s.core.ports[3]);
  });

  it('pairs on create, and a LAG delete unpairs its remote and leaves the cables; undo pairs again', async () => {
    const d = await newLag(s.lone, { name: 'Po5', memberPortIds: s.lone.ports, remoteLagId: s.c.id });
    expect((await lagOf(s.c.id)).remoteLagId).toBe(d.id);
    expect(await linkOf(s.dist.ports[0])).toBe(s.lone.ports[0]);
    expect((await call('DELETE', `/api/lags/${d.id}`)).status).toBe(204);
    expect((await lagOf(s.c.id)).remoteLagId).toBeNull();
    expect(await linkOf(s.dist.ports[0])).toBe(s.lone.ports[0]);
    await undo((await lastEntry(d.id)).id);
    expect((await lagOf(s.c.id)).remoteLagId).toBe(d.id);
    expect((await lagOf(d.id)).remoteLagId).toBe(s.c.id);
    s.d = d;
  });

  it('pairs A (paired with B) with C (paired with D): B and D are unpaired, in one entry that one undo reverses', async () => {
    await patchLag(s.a.id, { remoteLagId: s.b.id });
    const paired = await patchLag(s.a.id, { remoteLagId: s.c.id });
    expect(paired.remoteLagId).toBe(s.c.id);
    expect((await lagOf(s.c.id)).remoteLagId).toBe(s.a.id);
    expect((await lagOf(s.b.id)).remoteLagId).toBeNull();
    expect((await lagOf(s.d.id)).remoteLagId).toBeNull();
    expect(await linkOf(s.acc.ports[0])).toBe(s.dist.ports[0]);
    expect(await linkOf(s.lone.ports[0])).toBeNull();
    const entry = await lastEntry(s.a.id);
    for (const other of [s.b.id, s.c.id, s.d.id]) expect((await lastEntry(other)).id).toBe(entry.id);
    await undo(entry.id);
    expect((await lagOf(s.a.id)).remoteLagId).toBe(s.b.id);
    expect((await lagOf(s.b.id)).remoteLagId).toBe(s.a.id);
    expect((await lagOf(s.c.id)).remoteLagId).toBe(s.d.id);
    expect((await lagOf(s.d.id)).remoteLagId).toBe(s.c.id);
    expect(await linkOf(s.lone.ports[0])).toBe(s.dist.ports[0]);
    expect(await linkOf(s.acc.ports[0])).toBe(s.core.ports[0]);
  });
});

describe('a switch delete and a VLAN delete', () => {
  it('deletes a switch’s LAGs and unpairs their remotes; undo brings both back, paired', async () => {
    const a = await switchWithPorts('del-a', 2);
    const b = await switchWithPorts('del-b', 2);
    const la = await newLag(a, { name: 'Po1', memberPortIds: a.ports, untaggedVlanId: vlan.users });
    const lb = await newLag(b, { name: 'Po1', memberPortIds: b.ports, untaggedVlanId: vlan.users, remoteLagId: la.id });
    expect((await call('DELETE', `/api/switches/${a.id}`)).status).toBe(204);
    expect((await call('GET', `/api/lags/${la.id}`)).status).toBe(404);
    expect(await lagOf(lb.id)).toMatchObject({ remoteLagId: null, memberPortIds: b.ports });
    expect((await port(b.ports[0])).linkedPortId).toBeNull();
    await undo((await lastEntry(a.id)).id);
    expect(await lagOf(la.id)).toMatchObject({ remoteLagId: lb.id, memberPortIds: a.ports, untaggedVlanId: vlan.users });
    expect((await lagOf(lb.id)).remoteLagId).toBe(la.id);
    expect((await port(b.ports[0])).linkedPortId).toBe(a.ports[0]);
  });

  it('deletes a site with switches with LAGs (cascade), paired within and across sites, and undo brings them back', async () => {
    const branch = await make('/api/sites', { name: 'Cascade' });
    const v = await make('/api/vlans', { siteId: branch.id, name: 'Here', vid: 5 });
    const a = await switchWithPorts('cas-a', 4, branch.id);
    const b = await switchWithPorts('cas-b', 2, branch.id);
    const lag = await newLag(a, { name: 'ae0', memberPortIds: a.ports.slice(0, 2), untaggedVlanId: v.id });
    const inner = await newLag(a, { name: 'ae1', memberPortIds: a.ports.slice(2) });
    const innerFar = await newLag(b, { name: 'ae1', memberPortIds: b.ports, remoteLagId: inner.id });
    const out = await switchWithPorts('cas-out', 2);
    const outer = await newLag(out, { name: 'ae1', memberPortIds: out.ports, remoteLagId: lag.id });
    expect((await call('DELETE', `/api/sites/${branch.id}?cascade=true`)).status).toBe(204);
    for (const id of [lag.id, inner.id, innerFar.id]) expect((await call('GET', `/api/lags/${id}`)).status).toBe(404);
    expect((await lagOf(outer.id)).remoteLagId).toBeNull();
    await undo((await lastEntry(branch.id)).id);
    expect(await lagOf(lag.id)).toMatchObject({ untaggedVlanId: v.id, remoteLagId: outer.id, memberPortIds: a.ports.slice(0, 2) });
    expect((await lagOf(outer.id)).remoteLagId).toBe(lag.id);
    expect((await lagOf(inner.id)).remoteLagId).toBe(innerFar.id);
    expect((await lagOf(innerFar.id)).remoteLagId).toBe(inner.id);
  });

  it('takes a deleted VLAN off LAGs and their members, counts the LAGs, and undo puts it back', async () => {
    const temp = await make('/api/vlans', { siteId: site.id, name: 'Temp', vid: 99 });
    const sw = await switchWithPorts('vlan-del', 2);
    const lag = await newLag(sw, {
      name: 'Po1',
      portMode: 'trunk',
      untaggedVlanId: temp.id,
      taggedVlanIds: [vlan.voice, temp.id],
      memberPortIds: sw.ports,
    });
    const refused = await call('DELETE', `/api/vlans/${temp.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('2 ports, 1 LAG, 0 networks');
    expect(refused.body.error.details).toContainEqual({ field: 'lags', message: '1 carry it' });
    expect((await call('DELETE', `/api/vlans/${temp.id}?force=true`)).status).toBe(204);
    expect(await lagOf(lag.id)).toMatchObject({ untaggedVlanId: null, taggedVlanIds: [vlan.voice] });
    expect(await port(sw.ports[1])).toMatchObject({ untaggedVlanId: null, taggedVlanIds: [vlan.voice] });
    const entry = await lastEntry(temp.id);
    expect(entry.summary).toContain('took it off 2 ports, 1 LAG,');
    await undo(entry.id);
    expect(await lagOf(lag.id)).toMatchObject({ untaggedVlanId: temp.id, taggedVlanIds: sorted([vlan.voice, temp.id]) });
    expect(await port(sw.ports[0])).toMatchObject({ untaggedVlanId: temp.id, taggedVlanIds: sorted([vlan.voice, temp.id]) });
  });

  it('refuses the undo of a LAG delete once its remote LAG has changed since (409 undo_conflict), changing nothing', async () => {
    const a = await switchWithPorts('conf-a', 2);
    const b = await switchWithPorts('conf-b', 2);
    const la = await newLag(a, { name: 'Po1', memberPortIds: a.ports });
    const lb = await newLag(b, { name: 'Po1', memberPortIds: b.ports, remoteLagId: la.id });
    expect((await call('DELETE', `/api/lags/${la.id}`)).status).toBe(204);
    const deleted = await lastEntry(la.id);
    await patchLag(lb.id, { description: 'changed since' });
    const newest = await newestEntry();
    const answer = await call('POST', `/api/activity/${deleted.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('undo_conflict');
    expect(await newestEntry()).toBe(newest);
    expect((await call('GET', `/api/lags/${la.id}`)).status).toBe(404);
  });
});
