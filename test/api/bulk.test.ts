import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPort as Port } from '../helpers/data.ts';
import { expectFaults, faultFields, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let sw: { id: string };
let otherSwitch: { id: string };
let ports: Port[];
const vlans: Record<number, { id: string }> = {};
let foreign: { id: string };

const { call, make } = server.as(() => tokens.editor);
const portsNow = async (): Promise<Port[]> => (await call('GET', `/api/switches/${sw.id}`)).body.ports;
const bulk = (body: unknown, token = tokens.editor) => call('PATCH', `/api/switches/${sw.id}/ports`, { body, token });
const sorted = (ids: string[]) => [...ids].sort();
const activityCount = async () => {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { items: unknown[]; nextCursor: string | null } = (
      await call('GET', `/api/activity?limit=500${cursor ? `&before=${cursor}` : ''}`)
    ).body;
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
};

beforeAll(async () => {
  const site = await make('/api/sites', { name: 'Main' });
  const other = await make('/api/sites', { name: 'Branch' });
  for (const vlan of [10, 20, 30, 40]) vlans[vlan] = await make('/api/vlans', { siteId: site.id, name: `V${vlan}`, vid: vlan });
  foreign = await make('/api/vlans', { siteId: other.id, name: 'Far', vid: 50 });
  sw = await make('/api/switches', { siteId: site.id, name: 'access-48', portCount: 48 });
  otherSwitch = await make('/api/switches', { siteId: site.id, name: 'other', portCount: 1 });
  ports = await portsNow();
});

describe('bulk port edit', () => {
  it('sets fields on many ports in one bulk_update entry', async () => {
    const answer = await bulk({
      portIds: ports.map((p) => p.id),
      set: { mode: 'trunk', untaggedVlanId: vlans[10].id, taggedVlanIds: [vlans[20].id] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(48);
    expect(answer.body.items).toHaveLength(48);
    const odd = ports.filter((_, i) => i % 2 === 1).map((p) => p.id);
    const more = await bulk({ portIds: odd, addTaggedVlanIds: [vlans[30].id], set: { description: 'odd' } });
    expect(more.body.changed).toBe(24);
    const now = await portsNow();
    expect(now[1]).toMatchObject({ mode: 'trunk', untaggedVlanId: vlans[10].id, description: 'odd', version: 3 });
    expect(sorted(now[1].taggedVlanIds)).toEqual(sorted([vlans[20].id, vlans[30].id]));
    expect(now[0]).toMatchObject({ description: null, taggedVlanIds: [vlans[20].id], version: 2 });
    const entry = (await call('GET', `/api/activity/${more.body.activityId}`)).body;
    expect(entry).toMatchObject({ action: 'bulk_update', entityType: 'switch', entityId: sw.id, summary: 'Updated 24 ports on access-48' });
  });

  it('adds one tagged VLAN and removes another on 48 ports while each keeps its other VLANs', async () => {
    const before = await portsNow();
    const entriesBefore = await activityCount();
    const answer = await bulk({ portIds: before.map((p) => p.id), addTaggedVlanIds: [vlans[40].id], removeTaggedVlanIds: [vlans[20].id] });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(48);
    expect(await activityCount()).toBe(entriesBefore + 1);
    const after = await portsNow();
    after.forEach((port, i) => {
      const expected = i % 2 === 1 ? [vlans[30].id, vlans[40].id] : [vlans[40].id];
      expect(sorted(port.taggedVlanIds)).toEqual(sorted(expected));
      expect(port.untaggedVlanId).toBe(vlans[10].id);
      expect(port.mode).toBe('trunk');
      expect(port.version).toBe(before[i].version + 1);
    });
    const entry = (await call('GET', `/api/activity/${answer.body.activityId}`)).body;
    expect(entry.summary).toBe('Updated 48 ports on access-48');
    expect(entry.changes.port[after[1].id].taggedVlanIds).toEqual([
      sorted([vlans[20].id, vlans[30].id]),
      sorted([vlans[30].id, vlans[40].id]),
    ]);
    // Each port's history finds the bulk entry.
    expect((await call('GET', `/api/ports/${after[47].id}/history?limit=1`)).body.items[0].id).toBe(answer.body.activityId);
  });

  it('turns an access port that gains a tagged VLAN into a trunk', async () => {
    const single = (await call('GET', `/api/switches/${otherSwitch.id}`)).body.ports[0];
    const answer = await call('PATCH', `/api/switches/${otherSwitch.id}/ports`, {
      body: { portIds: [single.id], addTaggedVlanIds: [vlans[20].id] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({ mode: 'trunk', taggedVlanIds: [vlans[20].id] });
  });

  it('refuses the whole change when one port id is not of this switch, changing nothing', async () => {
    const before = await portsNow();
    const entriesBefore = await activityCount();
    const stranger = (await call('GET', `/api/switches/${otherSwitch.id}`)).body.ports[0].id;
    const answer = await bulk({ portIds: [...before.slice(0, 10).map((p) => p.id), stranger], addTaggedVlanIds: [vlans[20].id] });
    expectFaults(answer, ['portIds[10]']);
    const missing = await bulk({ portIds: [before[0].id, '5f0c6a8e-1111-4222-8333-444455556666'], set: { description: 'x' } });
    expect(faultFields(missing)).toEqual(['portIds[1]']);
    expect(await portsNow()).toEqual(before);
    expect(await activityCount()).toBe(entriesBefore);
  });

  const invalid: [string, () => unknown, string[]][] = [
    ['no portIds', () => ({ set: { description: 'x' } }), ['portIds']],
    ['empty portIds', () => ({ portIds: [], set: { description: 'x' } }), ['portIds']],
    ['portIds not ids', () => ({ portIds: ['a'], set: { description: 'x' } }), ['portIds']],
    ['an empty change', () => ({ portIds: [ports[0].id] }), ['set']],
    ['an unknown key', () => ({ portIds: [ports[0].id], set: { description: 'x' }, extra: 1 }), ['extra']],
    ['a bad field in set', () => ({ portIds: [ports[0].id], set: { speed: 's'.repeat(21), poe: 'yes' } }), ['set.poe', 'set.speed']],
    ['a name for many ports', () => ({ portIds: [ports[0].id], set: { name: 'same' } }), ['set.name']],
    ['a link for many ports', () => ({ portIds: [ports[0].id], set: { linkedPortId: ports[1].id } }), ['set.linkedPortId']],
    [
      'a tagged VLAN of another site',
      () => ({ portIds: [ports[0].id], addTaggedVlanIds: [vlans[30].id, foreign.id] }),
      ['addTaggedVlanIds[1]'],
    ],
    ['an untagged VLAN of another site', () => ({ portIds: [ports[0].id], set: { untaggedVlanId: foreign.id } }), ['set.untaggedVlanId']],
    [
      'the same VLAN added and removed',
      () => ({ portIds: [ports[0].id], addTaggedVlanIds: [vlans[30].id], removeTaggedVlanIds: [vlans[30].id] }),
      ['removeTaggedVlanIds[0]'],
    ],
    [
      'access mode for ports that keep tagged VLANs',
      () => ({ portIds: [ports[0].id, ports[1].id], set: { mode: 'access' } }),
      ['portIds[0]', 'portIds[1]'],
    ],
  ];
  it.each(invalid)('refuses %s', async (_name, body, expected) => {
    const before = await portsNow();
    const answer = await bulk(body());
    expect(answer.status).toBe(400);
    expect(faultFields(answer)).toEqual([...expected].sort());
    expect(await portsNow()).toEqual(before);
  });

  it('lets access mode through when the tagged VLANs go too, and undo brings them back', async () => {
    const before = await portsNow();
    const answer = await bulk({ portIds: [before[2].id, before[3].id], set: { mode: 'access', taggedVlanIds: [] } });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((p: Port) => [p.mode, p.taggedVlanIds])).toEqual([
      ['access', []],
      ['access', []],
    ]);
    expect((await call('POST', `/api/activity/${answer.body.activityId}/undo`)).status).toBe(200);
    const back = await portsNow();
    expect(sorted(back[3].taggedVlanIds)).toEqual(sorted(before[3].taggedVlanIds));
    expect(back[3].mode).toBe('trunk');
  });

  it('is for editors, not viewers', async () => {
    expect((await bulk({ portIds: [ports[0].id], set: { description: 'v' } }, tokens.viewer)).status).toBe(403);
  });
});
