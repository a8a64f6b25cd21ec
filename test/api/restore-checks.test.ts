// What a restore lets into the database beyond the inventory: the undo images of the activity log and the users'
// password hashes. A crafted backup is refused whole (400 validation_failed, each fault named by its path); an
// undo image that got into the database some other way is refused by the undo (409), which writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { comparable, exportDocument, useSourceAndTarget } from '../helpers/data.ts';
import { writeDb } from '../helpers/db.ts';
import { TEST_PASSWORD, api } from '../helpers/server.ts';

const servers = useSourceAndTarget({
  // An update entry of each kind, so that each has a before-image full of values.
  after: async (source, seeded) => {
    const patch = async (path: string, body: unknown) => expect((await source.call('PATCH', path, { body })).status).toBe(200);
    await patch(`/api/switches/${seeded.switches.core}`, { location: 'rack 1' });
    await patch(`/api/networks/${seeded.networks.Users}`, { description: 'office' });
    await patch(`/api/vlans/${seeded.vlans.Voice}`, { description: 'handsets' });
    await patch(`/api/ports/${seeded.ports.c1}`, { speed: '40G' });
    await patch(`/api/sites/${seeded.sites.HQ}`, { notes: 'moved' });
  },
});
const { target } = servers;
/** The target admin's token: the last restore with users=replace ends it, and the admin signs in again. */
let targetToken: string;

beforeAll(() => {
  targetToken = target.token;
});

type Kind = 'site' | 'vlan' | 'network' | 'switch' | 'port';

/** The index in the document of the newest update entry of an entity, and that entity's kind and id. */
function updateOf(kind: Kind, id: string): { index: number; kind: Kind; id: string } {
  const index = servers.original.data.activity.findLastIndex(
    (entry: any) => entry.action === 'update' && entry.undoData?.before?.[kind]?.[id],
  );
  if (index < 0) throw new Error(`no update entry of ${kind} ${id}`);
  return { index, kind, id };
}

const restore = (query: string, body: unknown) => api(target.baseUrl, 'POST', `/api/backup/import${query}`, { token: targetToken, body });

// Each case: the entry it spoils, how (on its undoData), and the path of the fault after `data.activity[i].undoData`.
type Case = [string, () => { index: number; kind: Kind; id: string }, (undo: any, id: string) => unknown, (id: string) => string];

/** The entity of each kind whose update entry the cases spoil. */
const UPDATED: Record<Kind, () => string> = {
  site: () => servers.seeded.sites.HQ,
  vlan: () => servers.seeded.vlans.Voice,
  network: () => servers.seeded.networks.Users,
  switch: () => servers.seeded.switches.core,
  port: () => servers.seeded.ports.c1,
};

/** The case that writes `value` into `column` of the `side` image of the update of a `kind`; the fault names `field`. */
function spoiledColumn(name: string, kind: Kind, side: 'before' | 'after', column: string, value: unknown, field: string): Case {
  return [
    name,
    () => updateOf(kind, UPDATED[kind]()),
    (u, id) => (u[side][kind][id][column] = value),
    (id) => `.${side}.${kind}.${id}.${field}`,
  ];
}

const SPOILED_UNDO: Case[] = [
  spoiledColumn('a MAC address that is none', 'switch', 'before', 'mac_address', 'NOT-A-MAC', 'macAddress'),
  spoiledColumn('an IP address that is none', 'switch', 'before', 'management_ip', '999.999.1.1', 'managementIp'),
  spoiledColumn('a VLAN number out of range', 'vlan', 'before', 'vid', 5000, 'vid'),
  spoiledColumn('a colour that is none', 'vlan', 'before', 'color', 'blue', 'color'),
  spoiledColumn('a network VLAN that is no id', 'network', 'before', 'vlan_id', 5000, 'vlanId'),
  spoiledColumn('a gateway outside its subnet', 'network', 'before', 'gateway', '192.0.2.1', 'gateway'),
  spoiledColumn('a column the table does not have', 'site', 'before', 'is_admin', 1, 'is_admin'),
  spoiledColumn('a value of the wrong type', 'port', 'before', 'name', ['Gi1'], 'name'),
  spoiledColumn('a boolean that is not 0 or 1', 'port', 'before', 'enabled', 'yes', 'enabled'),
  spoiledColumn('a PoE that is not JSON', 'port', 'before', 'poe', 'yes', 'poe'),
  spoiledColumn('a PoE of an unknown standard', 'port', 'before', 'poe', '{"type":"lots","maxWatts":1}', 'poe'),
  spoiledColumn('tagged VLANs that are not ids', 'port', 'before', 'tagged', ['VLAN 20'], 'taggedVlanIds'),
  spoiledColumn('configured VLANs that are not ids', 'switch', 'before', 'configured', ['VLAN 20'], 'configuredVlanIds'),
  spoiledColumn('a bad value in an after-image', 'switch', 'after', 'mac_address', 'NOT-A-MAC', 'macAddress'),
  [
    'a kind missing from the after-images',
    () => updateOf('switch', UPDATED.switch()),
    (u) => delete u.after.switch,
    (id) => `.before.switch.${id}`,
  ],
  ['a kind the inventory does not have', () => updateOf('site', UPDATED.site()), (u) => (u.before.gadget = {}), () => '.before.gadget'],
  ['images that are not objects', () => updateOf('site', UPDATED.site()), (u) => (u.before = 'garbage'), () => ''],
];

describe('POST /api/backup/import with crafted undo images', () => {
  it.each(SPOILED_UNDO)('refuses %s with 400 validation_failed naming its path, and changes nothing', async (_, entryOf, spoil, path) => {
    const { index, id } = entryOf();
    const bad = structuredClone(servers.original);
    spoil(bad.data.activity[index].undoData, id);
    const before = await exportDocument(target.baseUrl, targetToken);
    const answer = await restore('', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((detail: any) => detail.field)).toContain(`data.activity[${index}].undoData${path(id)}`);
    expect(comparable(await exportDocument(target.baseUrl, targetToken))).toEqual(comparable(before));
  });

  it('refuses a crafted undo image in a merge too, though a merge keeps no undo data', async () => {
    const { index, id } = updateOf('switch', servers.seeded.switches.core);
    const bad = structuredClone(servers.original);
    bad.data.activity[index].undoData.before.switch[id].mac_address = 'NOT-A-MAC';
    const answer = await api(target.baseUrl, 'POST', '/api/data/import?dryRun=true', { token: targetToken, body: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toContain(
      `data.activity[${index}].undoData.before.switch.${id}.macAddress`,
    );
  });
});

describe('POST /api/activity/{id}/undo of an entry whose images are bad in the database', () => {
  /** Stores `undoData` as the entry's undo data, straight in the target's database. */
  const storeUndoData = (entryId: string, text: string) =>
    writeDb(target.dataDir, 'UPDATE activity SET undo_data = ? WHERE id = ?', text, entryId);

  beforeAll(async () => {
    expect((await restore('', servers.original)).status).toBe(200);
  });

  it.each(SPOILED_UNDO)('refuses %s with 409 undo_data_invalid, and writes nothing', async (_, entryOf, spoil) => {
    const { index, id } = entryOf();
    const entry = structuredClone(servers.original.data.activity[index]);
    spoil(entry.undoData, id);
    storeUndoData(entry.id, JSON.stringify(entry.undoData));
    const before = await exportDocument(target.baseUrl, targetToken);
    const answer = await api(target.baseUrl, 'POST', `/api/activity/${entry.id}/undo`, { token: targetToken });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('undo_data_invalid');
    expect(answer.body.error.details.length).toBeGreaterThan(0);
    const after = await exportDocument(target.baseUrl, targetToken);
    expect(comparable(after)).toEqual(comparable(before));
    const inventory = JSON.stringify([after.data.sites, after.data.vlans, after.data.networks, after.data.switches, after.data.ports]);
    expect(inventory).not.toMatch(/NOT-A-MAC|999\.999\.1\.1|"vid":5000|"vlanId":5000|"blue"|is_admin|"Gi1"\]|"yes"|"lots"/);
    storeUndoData(entry.id, JSON.stringify(servers.original.data.activity[index].undoData));
  });

  it('refuses undo data that is not JSON with 409 undo_data_invalid', async () => {
    const { index } = updateOf('site', servers.seeded.sites.HQ);
    const entry = servers.original.data.activity[index];
    storeUndoData(entry.id, '{"before": {');
    const answer = await api(target.baseUrl, 'POST', `/api/activity/${entry.id}/undo`, { token: targetToken });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'undo_data_invalid', details: [{ field: 'undoData', message: 'is not JSON' }] });
    storeUndoData(entry.id, JSON.stringify(entry.undoData));
  });

  it('refuses a link to a port that does not exist with 400 validation_failed, and the server goes on writing', async () => {
    const { index, id } = updateOf('port', servers.seeded.ports.c1);
    const entry = structuredClone(servers.original.data.activity[index]);
    entry.undoData.before.port[id].linked_port_id = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11';
    storeUndoData(entry.id, JSON.stringify(entry.undoData));
    const answer = await api(target.baseUrl, 'POST', `/api/activity/${entry.id}/undo`, { token: targetToken });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toContainEqual({
      field: `port:${id}.linkedPortId`,
      message: 'port 0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11 does not exist',
    });
    const port = await api(target.baseUrl, 'GET', `/api/ports/${id}`, { token: targetToken });
    expect(port.body.linkedPortId).toBe(servers.seeded.ports.e1);
    const write = await api(target.baseUrl, 'PATCH', `/api/sites/${servers.seeded.sites.HQ}`, {
      token: targetToken,
      body: { notes: 'still writable' },
    });
    expect(write.status).toBe(200);
    storeUndoData(entry.id, JSON.stringify(servers.original.data.activity[index].undoData));
  });

  it('undoes the same entry once its images are as written', async () => {
    const { index, id } = updateOf('switch', servers.seeded.switches.core);
    const answer = await api(target.baseUrl, 'POST', `/api/activity/${servers.original.data.activity[index].id}/undo`, {
      token: targetToken,
    });
    expect(answer.status).toBe(200);
    expect((await api(target.baseUrl, 'GET', `/api/switches/${id}`, { token: targetToken })).body).toMatchObject({
      location: null,
      macAddress: '00:11:22:33:44:01',
    });
  });
});

describe('POST /api/backup/import?users=replace with password hashes of another cost', () => {
  const salt = Buffer.alloc(16, 7).toString('base64');
  const hash = Buffer.alloc(64, 1).toString('base64');
  it.each([
    ['ln=20', `$scrypt$ln=20,r=8,p=1$${salt}$${hash}`],
    ['r=99', `$scrypt$ln=15,r=99,p=1$${salt}$${hash}`],
    ['p=99', `$scrypt$ln=15,r=8,p=99$${salt}$${hash}`],
    ['ln=20, r=99, p=99', `$scrypt$ln=20,r=99,p=99$${salt}$${hash}`],
    ['ln=16', `$scrypt$ln=16,r=8,p=1$${salt}$${hash}`],
    ['a short salt', `$scrypt$ln=15,r=8,p=1$${Buffer.alloc(4, 7).toString('base64')}$${hash}`],
    ['a short hash', `$scrypt$ln=15,r=8,p=1$${salt}$${Buffer.alloc(16, 1).toString('base64')}`],
    ['garbage', '$scrypt$$$'],
  ])('refuses %s with 400 validation_failed naming the field, and changes nothing', async (_, passwordHash) => {
    const bad = structuredClone(servers.original);
    const index = bad.data.users.findIndex((user: any) => user.username === 'admin');
    bad.data.users[index].passwordHash = passwordHash;
    const before = await exportDocument(target.baseUrl, targetToken);
    const answer = await restore('?users=replace', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toEqual([
      { field: `data.users[${index}].passwordHash`, message: expect.stringContaining('ln=15,r=8,p=1') },
    ]);
    expect(comparable(await exportDocument(target.baseUrl, targetToken))).toEqual(comparable(before));
    expect((await api(target.baseUrl, 'GET', '/api/auth/me', { token: targetToken })).status).toBe(200);
  });

  it('leaves out the user of such a hash in a 0.20.x bundle to merge, naming the user (never the hash) among the fixes', async () => {
    const bundle = {
      sites: [{ id: 'site-old', name: 'Old site' }],
      users: [{ id: 'u1', username: 'olduser', role: 'admin', password_hash: `$scrypt$ln=20,r=99,p=99$${salt}$${hash}` }],
    };
    const answer = await api(target.baseUrl, 'POST', '/api/data/import?dryRun=true', { token: targetToken, body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fixes).toContainEqual({
      file: 'users.json',
      id: 'u1',
      field: 'password_hash',
      from: null,
      to: null,
      reason: expect.stringContaining('the user olduser is not migrated'),
    });
    expect(answer.text).not.toContain(hash);
  });

  it('still restores the hashes this service writes, and their users sign in', async () => {
    const answer = await restore('?users=replace', servers.original);
    expect(answer.status).toBe(200);
    const login = await api(target.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    targetToken = login.body.token;
  });
});
