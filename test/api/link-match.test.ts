// PATCH /api/ports/{id}?matchFarEnd=true: the link and the far end's mode and VLANs in one change and one activity
// entry, through the far end's own rules (its site's VLANs by number, a LAG member's LAG), undone together, and no
// link finding of GET /api/checks after it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPort as Port } from '../helpers/data.ts';
import { expectFaults, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed' });
const { call, make, must } = server.as(() => tokens.editor);

const ids = {} as { main: string; branch: string; core1: string; core2: string; branch1: string };
const vlans = {} as Record<'users' | 'voice' | 'cameras' | 'branchUsers' | 'branchVoice', string>;
let sequence = 0;

const port = async (switchId: string, extra: Record<string, unknown> = {}): Promise<Port> =>
  make(`/api/switches/${switchId}/ports`, { name: `p${++sequence}`, ...extra });
const read = async (id: string): Promise<Port> => must(200, 'GET', `/api/ports/${id}`);
const linkMatching = (id: string, body: object) => call('PATCH', `/api/ports/${id}?matchFarEnd=true`, { body });
const carried = (p: Port) => ({
  mode: p.mode,
  untaggedVlanId: p.untaggedVlanId,
  taggedVlanIds: p.taggedVlanIds,
  linkedPortId: p.linkedPortId,
});
const trunk = () => ({ mode: 'trunk', untaggedVlanId: vlans.users, taggedVlanIds: [vlans.voice] });

beforeAll(async () => {
  ids.main = (await make('/api/sites', { name: 'Main' })).id;
  ids.branch = (await make('/api/sites', { name: 'Branch' })).id;
  vlans.users = (await make('/api/vlans', { siteId: ids.main, name: 'Users', vid: 10 })).id;
  vlans.voice = (await make('/api/vlans', { siteId: ids.main, name: 'Voice', vid: 20 })).id;
  vlans.cameras = (await make('/api/vlans', { siteId: ids.main, name: 'Cameras', vid: 30 })).id;
  vlans.branchUsers = (await make('/api/vlans', { siteId: ids.branch, name: 'Users', vid: 10 })).id;
  vlans.branchVoice = (await make('/api/vlans', { siteId: ids.branch, name: 'Voice', vid: 20 })).id;
  ids.core1 = (await make('/api/switches', { siteId: ids.main, name: 'core-1' })).id;
  ids.core2 = (await make('/api/switches', { siteId: ids.main, name: 'core-2' })).id;
  ids.branch1 = (await make('/api/switches', { siteId: ids.branch, name: 'branch-1' })).id;
});

describe('linking with matchFarEnd gives the far end the same mode and VLANs', () => {
  type Values = Record<string, unknown>;
  type Row = [name: string, farSwitch: () => string, near: () => Values, far: () => Values, farBefore?: () => Values];
  const rows: Row[] = [
    ['a far end on another switch of the same site: the same VLANs', () => ids.core2, trunk, trunk],
    [
      "a far end at another site: that site's VLANs of the same numbers",
      () => ids.branch1,
      trunk,
      () => ({ mode: 'trunk', untaggedVlanId: vlans.branchUsers, taggedVlanIds: [vlans.branchVoice] }),
    ],
    [
      'a trunk far end of an access port: an access port of the same untagged VLAN, without tagged ones',
      () => ids.core2,
      () => ({ mode: 'access', untaggedVlanId: vlans.cameras, taggedVlanIds: [] }),
      () => ({ mode: 'access', untaggedVlanId: vlans.cameras, taggedVlanIds: [] }),
      trunk,
    ],
  ];
  it.each(rows)('%s', async (_name, farSwitch, near, far, farBefore = () => ({})) => {
    const a = await port(ids.core1, near());
    const b = await port(farSwitch(), farBefore());
    const answer = await linkMatching(a.id, { linkedPortId: b.id });
    expect(answer.status).toBe(200);
    expect(carried(answer.body)).toEqual({ ...near(), linkedPortId: b.id });
    expect(carried(await read(b.id))).toEqual({ ...far(), linkedPortId: a.id });
  });

  it('matches the far end of a link the port has already, when its VLANs change', async () => {
    const b = await port(ids.core2);
    const a = await port(ids.core1, { linkedPortId: b.id });
    expect((await linkMatching(a.id, { mode: 'trunk', taggedVlanIds: [vlans.cameras] })).status).toBe(200);
    expect(carried(await read(b.id))).toMatchObject({ mode: 'trunk', taggedVlanIds: [vlans.cameras], linkedPortId: a.id });
  });

  it('matches the far end of a link whose ends differ with an empty change, the port itself left as it was', async () => {
    const a = await port(ids.core1, trunk());
    const b = await port(ids.core2);
    await must(200, 'PATCH', `/api/ports/${a.id}`, { linkedPortId: b.id });
    const linked = await read(a.id);
    expect((await linkMatching(a.id, {})).status).toBe(200);
    expect(carried(await read(b.id))).toEqual({ ...trunk(), linkedPortId: a.id });
    expect((await read(a.id)).version).toBe(linked.version);
  });

  it('leaves the far end as it is without the flag', async () => {
    const a = await port(ids.core1, trunk());
    const b = await port(ids.core2);
    await must(200, 'PATCH', `/api/ports/${a.id}`, { linkedPortId: b.id });
    expect(carried(await read(b.id))).toEqual({ mode: 'access', untaggedVlanId: null, taggedVlanIds: [], linkedPortId: a.id });
  });
});

describe('linking with matchFarEnd: refusals, each leaving both ports as they were', () => {
  type Row = [name: string, status: number, code: string, field: string, make: () => Promise<{ near: Port; body: object; far?: Port }>];
  const rows: Row[] = [
    [
      'a far end at another site that has no VLAN of a number',
      400,
      'validation_failed',
      'matchFarEnd',
      async () => {
        const near = await port(ids.core1, { mode: 'trunk', taggedVlanIds: [vlans.voice, vlans.cameras] });
        const far = await port(ids.branch1);
        return { near, far, body: { linkedPortId: far.id } };
      },
    ],
    [
      'a far end that is a LAG member whose LAG sets other VLANs',
      409,
      'lag_member',
      'mode',
      async () => {
        const members = [await port(ids.core2), await port(ids.core2)];
        await make(`/api/switches/${ids.core2}/lags`, { name: `Po${++sequence}`, memberPortIds: members.map((m) => m.id) });
        const near = await port(ids.core1, trunk());
        return { near, far: await read(members[0].id), body: { linkedPortId: members[0].id } };
      },
    ],
    [
      'a port without a link',
      400,
      'validation_failed',
      'matchFarEnd',
      async () => ({ near: await port(ids.core1), body: { mode: 'trunk' } }),
    ],
  ];
  it.each(rows)('%s → %i %s', async (_name, status, code, field, scenario) => {
    const { near, far, body } = await scenario();
    const answer = await linkMatching(near.id, body);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    if (status === 400) expectFaults(answer, [field]);
    expect(await read(near.id)).toEqual(near);
    if (far) expect(await read(far.id)).toEqual(far);
  });
});

describe('a matched link is one change', () => {
  it('writes one activity entry that one undo reverses at both ends', async () => {
    const a = await port(ids.core1, trunk());
    const b = await port(ids.core2);
    const answer = await linkMatching(a.id, { linkedPortId: b.id });
    const entryId = answer.headers.get('activity-id');
    const entry = await must(200, `GET`, `/api/activity/${entryId}`);
    expect(entry.summary).toBe(`Updated port ${a.name} on core-1; gave port ${b.name} on core-2 the same mode and VLANs`);
    expect((await must(200, 'GET', `/api/ports/${b.id}/history`)).items[0].id).toBe(entryId);
    expect((await call('POST', `/api/activity/${entryId}/undo`)).status).toBe(200);
    expect(carried(await read(a.id))).toEqual(carried(a));
    expect(carried(await read(b.id))).toEqual(carried(b));
  });

  it('leaves GET /api/checks without a link finding, where a link without it has them', async () => {
    const linkFindings = async (portId: string) =>
      (await must(200, 'GET', `/api/checks?siteId=${ids.main}`)).findings.filter(
        (f: { kind: string; entities: { id: string }[] }) => f.kind.startsWith('link_') && f.entities.some((e) => e.id === portId),
      );
    const plain = await port(ids.core1, trunk());
    await must(200, 'PATCH', `/api/ports/${plain.id}`, { linkedPortId: (await port(ids.core2)).id });
    expect((await linkFindings(plain.id)).map((f: { kind: string }) => f.kind).sort()).toEqual([
      'link_mode_mismatch',
      'link_native_vlan_mismatch',
    ]);
    const matched = await port(ids.core1, trunk());
    expect((await linkMatching(matched.id, { linkedPortId: (await port(ids.branch1)).id })).status).toBe(200);
    expect(await linkFindings(matched.id)).toEqual([]);
  });
});
