import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import {
  observedAccess as access,
  observedPort as port,
  observedSwitch,
  emptySystem,
  observedTrunk as trunk,
} from '../fixtures/observed-switch.ts';
import { expectFaults, ROOT, useSignedInUsers, useTestServer, type ApiClient } from '../helpers/server.ts';
import { expectWordedRefusal } from '../helpers/refusals.ts';
import type { FakeReading } from './discovery-server.ts';

// Drift (docs/DISCOVERY.md, "Drift") on a real server whose SNMP reader is a fake (discovery-server.ts): the
// latest discovery of each switch against its documentation as it is now, as findings of GET /api/checks; adopting
// one through the discovery's apply, and acknowledging one.

const server = useTestServer({ entry: join(ROOT, 'test', 'api', 'discovery-server.ts') });
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let editor: ApiClient;
let viewer: ApiClient;
const ids = {} as Record<'site' | 'branch' | 'users' | 'voice' | 'core' | 'coreTe1' | 'coreTe2' | 'acc', string>;
const accPorts: Record<string, string> = {};

const SYSTEM = emptySystem({
  sysName: 'acc-1',
  vendor: 'Cisco',
  model: 'C9200-24P',
  serial: 'JAE2217ABCD',
  macAddress: '00:11:22:33:44:55',
});

/** What acc-1 reports when it is as documented: an uplink to core-1 Te1/1/1, a phone in Voice, a user port in Users. */
function accAsDocumented(): ObservedSwitch {
  return observedSwitch({
    system: SYSTEM,
    ports: [port(1, 'Gi1/0/1', { description: 'uplink' }), port(2, 'Gi1/0/2', { description: 'phone' }), port(3, 'Gi1/0/3')],
    vlans: [
      { vid: 10, name: 'Users' },
      { vid: 20, name: 'Voice' },
    ],
    membership: [trunk(1, 10, [20]), access(2, 20), access(3, 10)],
    neighbours: [
      { localIfIndex: 1, remoteSysName: 'core-1', remotePortId: 'Te1/1/1', remotePortDesc: '', remoteChassisId: '', protocol: 'lldp' },
    ],
  });
}

/** acc-1 changed on the switch: VLAN 20 renamed, Gi1/0/3 moved to VLAN 20, Gi1/0/2's description, the uplink's neighbour. */
function accChanged(): ObservedSwitch {
  const observed = accAsDocumented();
  observed.vlans[1] = { vid: 20, name: 'Phones' };
  observed.membership[2] = access(3, 20);
  observed.ports[1] = port(2, 'Gi1/0/2', { description: 'desk phone' });
  observed.neighbours[0] = { ...observed.neighbours[0], remotePortId: 'Te1/1/2' };
  return observed;
}

const CHANGED_KEYS = ['port:Gi1/0/1:linkedPort', 'port:Gi1/0/2:description', 'port:Gi1/0/3:untaggedVlan', 'vlan:20:name'];

function reading(observed: ObservedSwitch): void {
  const file: FakeReading = { observed };
  writeFileSync(join(server.dataDir, 'observed', '10.0.0.21.json'), JSON.stringify(file));
}

async function discoverAcc(observed: ObservedSwitch): Promise<string> {
  reading(observed);
  const body = { siteId: ids.site, switchId: ids.acc, host: '10.0.0.21', snmp: { version: '2c', community: 'public' } };
  return (await editor.must(201, 'POST', '/api/discovery', body)).id;
}

interface DriftFinding {
  kind: string;
  severity: string;
  message: string;
  form?: string;
  params: Record<string, string | number>;
  entities: { type: string; id: string; name: string }[];
}

async function drift(query = ''): Promise<DriftFinding[]> {
  const { findings } = await viewer.must(200, 'GET', `/api/checks${query}`);
  return (findings as DriftFinding[]).filter((finding) => finding.kind === 'drift');
}

const keysOf = (findings: DriftFinding[]) => findings.map((finding) => finding.params.key).sort();
const findingOf = async (key: string) => (await drift()).find((finding) => finding.params.key === key)!;
const adopt = (finding: DriftFinding, client: ApiClient = editor) =>
  client.call('POST', `/api/discovery/${finding.params.discoveryId}/apply`, { body: { keys: [finding.params.key], drift: true } });

beforeAll(async () => {
  editor = server.as(() => tokens.editor);
  viewer = server.as(() => tokens.viewer);
  mkdirSync(join(server.dataDir, 'observed'));
  const { make } = editor;
  ids.site = (await make('/api/sites', { name: 'Campus' })).id;
  ids.branch = (await make('/api/sites', { name: 'Branch' })).id;
  ids.users = (await make('/api/vlans', { siteId: ids.site, name: 'Users', vid: 10 })).id;
  ids.voice = (await make('/api/vlans', { siteId: ids.site, name: 'Voice', vid: 20 })).id;
  ids.core = (await make('/api/switches', { siteId: ids.site, name: 'core-1' })).id;
  ids.coreTe1 = (
    await make(`/api/switches/${ids.core}/ports`, { name: 'Te1/1/1', type: 'sfp+', mode: 'trunk', untaggedVlanId: ids.users })
  ).id;
  ids.coreTe2 = (
    await make(`/api/switches/${ids.core}/ports`, { name: 'Te1/1/2', type: 'sfp+', mode: 'trunk', untaggedVlanId: ids.users })
  ).id;
  const sw = { siteId: ids.site, name: 'acc-1', model: 'C9200-24P', serialNumber: 'JAE2217ABCD', macAddress: '00:11:22:33:44:55' };
  ids.acc = (await make('/api/switches', sw)).id;
  const ports = [
    {
      name: 'Gi1/0/1',
      description: 'uplink',
      mode: 'trunk',
      untaggedVlanId: ids.users,
      taggedVlanIds: [ids.voice],
      linkedPortId: ids.coreTe1,
    },
    { name: 'Gi1/0/2', description: 'phone', untaggedVlanId: ids.voice },
    { name: 'Gi1/0/3', untaggedVlanId: ids.users },
  ];
  for (const fields of ports) accPorts[fields.name] = (await make(`/api/switches/${ids.acc}/ports`, fields)).id;
});

describe('drift findings of GET /api/checks', () => {
  it('are none while the latest discovery matches the documentation', async () => {
    await discoverAcc(accAsDocumented());
    expect(await drift()).toEqual([]);
  });

  it('are one per difference of the latest discovery: a VLAN renamed, a port moved, a description, a neighbour', async () => {
    const discoveryId = await discoverAcc(accChanged());
    const findings = await drift();
    expect(keysOf(findings)).toEqual(CHANGED_KEYS);
    for (const finding of findings) {
      expect(finding).toMatchObject({ severity: 'warning', params: { discoveryId, switch: 'acc-1', observedAt: expect.any(String) } });
      expect(finding.params.findingKey).toBe(`drift:${ids.acc}:${finding.params.key}`);
      expect(finding.entities[0]).toEqual({ type: 'switch', id: ids.acc, name: 'acc-1' });
    }
    const byKey = Object.fromEntries(findings.map((finding) => [finding.params.key, finding]));
    expect(byKey['vlan:20:name'].entities[1]).toMatchObject({ type: 'vlan', id: ids.voice });
    expect(byKey['port:Gi1/0/3:untaggedVlan'].entities[1]).toEqual({ type: 'port', id: accPorts['Gi1/0/3'], name: 'acc-1 port Gi1/0/3' });
    expect(byKey['port:Gi1/0/2:description'].message).toBe(
      `Port Gi1/0/2 of switch acc-1 has description "desk phone" on the switch, "phone" documented (discovery of ${byKey['port:Gi1/0/2:description'].params.observedAt}).`,
    );
    expect(byKey['port:Gi1/0/1:linkedPort']).toMatchObject({
      form: 'drift.link',
      params: { documented: 'core-1 / Te1/1/1', observed: 'core-1 / Te1/1/2' },
    });
  });

  it("stay with their switch's site: siteId keeps them for the site, not for another", async () => {
    expect(keysOf(await drift(`?siteId=${ids.site}`))).toEqual(CHANGED_KEYS);
    expect(await drift(`?siteId=${ids.branch}`)).toEqual([]);
  });

  it('go once the documentation matches the switch', async () => {
    await editor.must(200, 'PATCH', `/api/ports/${accPorts['Gi1/0/3']}`, { untaggedVlanId: ids.voice });
    expect(keysOf(await drift())).toEqual(CHANGED_KEYS.filter((key) => key !== 'port:Gi1/0/3:untaggedVlan'));
    await editor.must(200, 'PATCH', `/api/ports/${accPorts['Gi1/0/3']}`, { untaggedVlanId: ids.users });
    expect(keysOf(await drift())).toEqual(CHANGED_KEYS);
  });
});

describe('adopting a drift finding: the apply of its discovery with drift: true', () => {
  it('is for editors', async () => {
    expect((await adopt(await findingOf('vlan:20:name'), viewer)).status).toBe(403);
  });

  it('writes the difference in one undoable entry, and the finding is gone', async () => {
    const answer = await adopt(await findingOf('port:Gi1/0/2:description'));
    expect(answer.status, answer.text).toBe(200);
    const entry = (await editor.must(200, 'GET', '/api/activity?limit=1')).items[0];
    expect(entry).toMatchObject({ id: answer.body.activityId, action: 'discovery', undoable: true });
    expect((await editor.must(200, 'GET', `/api/ports/${accPorts['Gi1/0/2']}`)).description).toBe('desk phone');
    expect(keysOf(await drift())).toEqual(CHANGED_KEYS.filter((key) => key !== 'port:Gi1/0/2:description'));
  });

  it('adopts another finding of the same discovery, applied before, while it is the latest; a VLAN renamed too', async () => {
    const answer = await adopt(await findingOf('vlan:20:name'));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.discovery.appliedKeys).toEqual(['port:Gi1/0/2:description', 'vlan:20:name']);
    expect((await editor.must(200, 'GET', `/api/vlans/${ids.voice}`)).name).toBe('Phones');
    expect(keysOf(await drift())).toEqual(['port:Gi1/0/1:linkedPort', 'port:Gi1/0/3:untaggedVlan']);
  });

  it('is taken back by undoing its entry: the finding is back', async () => {
    const entry = (await editor.must(200, 'GET', '/api/activity?limit=1')).items[0];
    await editor.must(200, 'POST', `/api/activity/${entry.id}/undo`);
    expect(keysOf(await drift())).toEqual(['port:Gi1/0/1:linkedPort', 'port:Gi1/0/3:untaggedVlan', 'vlan:20:name']);
  });

  it('refuses a key that is no difference now (409 discovery_stale), and bad fields (400)', async () => {
    const finding = await findingOf('vlan:20:name');
    const gone = await editor.call('POST', `/api/discovery/${finding.params.discoveryId}/apply`, {
      body: { keys: ['port:Gi1/0/2:description'], drift: true },
    });
    expectWordedRefusal(gone, 409, 'discovery_stale.no_difference', {});
    const bad = await editor.call('POST', `/api/discovery/${finding.params.discoveryId}/apply`, {
      body: { keys: ['vlan:20:name'], drift: 'yes' },
    });
    expectFaults(bad, ['drift']);
  });
});

describe('acknowledging a drift finding', () => {
  const acknowledge = (body: object, client: ApiClient = editor) => client.call('POST', '/api/checks/acknowledge', { body });

  const refusals: [string, () => object, number, string[]][] = [
    ['no note', () => ({ key: `drift:${ids.acc}:vlan:20:name` }), 400, ['note']],
    ['an until in the past', () => ({ key: `drift:${ids.acc}:vlan:20:name`, note: 'n', until: '2020-01-01' }), 400, ['until']],
    ['an until that is no time', () => ({ key: `drift:${ids.acc}:vlan:20:name`, note: 'n', until: 'soon' }), 400, ['until']],
    ['another field', () => ({ key: `drift:${ids.acc}:vlan:20:name`, note: 'n', severity: 'info' }), 400, ['severity']],
    ['a key of no finding', () => ({ key: `drift:${ids.acc}:vlan:30:name`, note: 'n' }), 404, []],
    ['a key that is no drift key', () => ({ key: 'unused_vlan', note: 'n' }), 404, []],
  ];
  it.each(refusals)('refuses %s', async (_name, body, status, fields) => {
    const answer = await acknowledge(body());
    expect(answer.status, answer.text).toBe(status);
    if (status === 400) expectFaults(answer, fields);
  });

  it('is for editors', async () => {
    expect((await acknowledge({ key: `drift:${ids.acc}:vlan:20:name`, note: 'n' }, viewer)).status).toBe(403);
  });

  it('keeps the finding out of the checks, logged as an entry of its switch; the list shows it', async () => {
    const key = `drift:${ids.acc}:port:Gi1/0/1:linkedPort`;
    const answer = await acknowledge({ key, note: 'moved for the rewiring', until: '2999-01-01' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ key, switchId: ids.acc, note: 'moved for the rewiring', until: '2999-01-01T00:00:00.000Z' });
    expect(keysOf(await drift())).toEqual(['port:Gi1/0/3:untaggedVlan', 'vlan:20:name']);
    const entry = await editor.lastEntry(ids.acc);
    expect(entry).toMatchObject({
      action: 'update',
      undoable: false,
      summary: expect.stringContaining('Acknowledged drift port:Gi1/0/1:linkedPort'),
    });
    const listed = await viewer.must(200, 'GET', `/api/checks/acknowledgements?siteId=${ids.site}`);
    expect(listed).toMatchObject({ total: 1, items: [{ key, documented: { switch: 'core-1', port: 'Te1/1/1' } }] });
    expect((await viewer.must(200, 'GET', `/api/checks/acknowledgements?siteId=${ids.branch}`)).total).toBe(0);
  });

  it('holds only while the difference is the one acknowledged', async () => {
    const key = `drift:${ids.acc}:port:Gi1/0/3:untaggedVlan`;
    expect((await acknowledge({ key, note: 'temporary' })).status).toBe(201);
    expect(keysOf(await drift())).toEqual(['vlan:20:name']);
    await editor.must(200, 'PATCH', `/api/ports/${accPorts['Gi1/0/3']}`, { untaggedVlanId: null });
    expect(keysOf(await drift())).toEqual(['port:Gi1/0/3:untaggedVlan', 'vlan:20:name']);
    await editor.must(200, 'PATCH', `/api/ports/${accPorts['Gi1/0/3']}`, { untaggedVlanId: ids.users });
  });

  it('is removed by DELETE, logged too: the finding is back', async () => {
    const key = `drift:${ids.acc}:port:Gi1/0/1:linkedPort`;
    expect((await editor.call('DELETE', `/api/checks/acknowledgements/${encodeURIComponent(key)}`)).status).toBe(204);
    expect(keysOf(await drift())).toContain('port:Gi1/0/1:linkedPort');
    expect((await editor.lastEntry(ids.acc)).summary).toContain('Removed the acknowledgement of drift port:Gi1/0/1:linkedPort');
    expect((await editor.call('DELETE', `/api/checks/acknowledgements/${encodeURIComponent(key)}`)).status).toBe(404);
  });
});

describe('a later discovery', () => {
  it('replaces the drift of the earlier one, whose findings can no longer be adopted', async () => {
    const earlier = await findingOf('vlan:20:name');
    await discoverAcc(accAsDocumented());
    // Gi1/0/2's description was adopted from the earlier one: the switch reports the old one again.
    expect(keysOf(await drift())).toEqual(['port:Gi1/0/2:description']);
    const answer = await adopt(earlier);
    expectWordedRefusal(answer, 409, 'discovery_stale.rediscovered', {});
  });
});

describe('acknowledgements in the backup', () => {
  it('are exported beside the inventory and restored with it; a bad one refuses the document', async () => {
    const key = `drift:${ids.acc}:port:Gi1/0/2:description`;
    await server.must(201, 'POST', '/api/checks/acknowledge', { key, note: 'kept in the backup', until: '2999-06-01' });
    const doc = await server.must(200, 'GET', '/api/backup/export');
    const exported = doc.driftAcknowledgements.find((each: { key: string }) => each.key === key);
    expect(exported).toMatchObject({
      switchId: ids.acc,
      note: 'kept in the backup',
      until: '2999-06-01T00:00:00.000Z',
      documented: 'desk phone',
    });
    await server.must(204, 'DELETE', `/api/checks/acknowledgements/${encodeURIComponent(key)}`);
    const bad = { ...doc, driftAcknowledgements: [{ ...exported, switchId: ids.core }] };
    expectFaults(await server.call('POST', '/api/backup/import', { body: bad }), ['driftAcknowledgements[0].key']);
    await server.must(200, 'POST', '/api/backup/import', doc);
    const listed = await server.must(200, 'GET', '/api/checks/acknowledgements');
    const keysIn = (items: { key: string }[]) => items.map((each) => each.key);
    expect(keysIn(listed.items)).toEqual(keysIn(doc.driftAcknowledgements));
    expect(listed.items.find((each: { key: string }) => each.key === key)).toMatchObject({ note: 'kept in the backup', observed: 'phone' });
  });
});
