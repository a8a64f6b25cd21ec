// A backup written by 0.26.0 (model 1: a "network" was a VLAN number with one optional subnet) restores and
// merges on model 2, converted as migration 0006 converts a database (docs/MODEL2.md). The document is the real
// download of 0.26.0 (commit 4850d7b) after filling it through its API: test/fixtures/model1/backup-0.26.0.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDocument } from '../helpers/data.ts';
import { api, useTestServer } from '../helpers/server.ts';

const MODEL1 = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'model1', 'backup-0.26.0.json'), 'utf8'));
const PASSWORD = 'Admin-Password-1';
const old = MODEL1.data;
const oldById = (id: string) => old.networks.find((network: any) => network.id === id);

describe('restore of a 0.26.0 backup', () => {
  const server = useTestServer();
  let restored: any;
  let answer: any;

  beforeAll(async () => {
    answer = await server.call('POST', '/api/backup/import?users=replace', { body: MODEL1 });
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: PASSWORD } });
    restored = await exportDocument(server.baseUrl, login.body.token);
  });

  it('is taken: every model-1 network is counted as a VLAN, every subnet as a network', () => {
    expect(MODEL1).not.toHaveProperty('schemaVersion');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.restored).toMatchObject({ users: 2, sites: 2, vlans: 7, networks: 5, switches: 3, ports: 10, activity: 25 });
  });

  it('makes each model-1 network the VLAN of the same id, number, name and description', () => {
    expect(restored.data.vlans).toHaveLength(old.networks.length);
    for (const network of old.networks) {
      const vlan = restored.data.vlans.find((v: any) => v.id === network.id);
      expect(vlan, network.name).toMatchObject({
        siteId: network.siteId,
        vid: network.vlanId,
        name: network.name,
        description: network.description,
        status: 'active',
      });
    }
  });

  it('makes each subnet a network of its VLAN, overlapping ones kept', () => {
    const withSubnet = old.networks.filter((network: any) => network.subnet);
    expect(restored.data.networks).toHaveLength(withSubnet.length);
    for (const network of withSubnet) {
      const made = restored.data.networks.find((n: any) => n.vlanId === network.id);
      expect(made, network.name).toMatchObject({
        siteId: network.siteId,
        name: network.name,
        subnet: network.subnet,
        gateway: network.gateway,
        dnsServers: [],
        version: 1,
        createdAt: network.createdAt,
      });
      expect(made.id).not.toBe(network.id);
    }
    expect(restored.data.networks.map((n: any) => n.subnet)).toEqual(expect.arrayContaining(['10.0.20.0/23', '10.0.21.0/24']));
  });

  it('gives colours unique per site as the migration does: the older VLAN keeps its colour, the others get free ones', () => {
    const color = (name: string) => restored.data.vlans.find((vlan: any) => vlan.name === name);
    expect(color('Management').color).toBe('#1f77b4');
    expect(color('Users')).toMatchObject({ color: '#d62728', version: oldByName('Users').version + 1 });
    expect(color('Voice').color).toBe('#9467bd');
    expect(color('Lab').color).toBe('#1f77b4');
    for (const siteId of new Set(restored.data.vlans.map((vlan: any) => vlan.siteId))) {
      const colors = restored.data.vlans.filter((vlan: any) => vlan.siteId === siteId).map((vlan: any) => vlan.color);
      expect(new Set(colors).size).toBe(colors.length);
    }
  });

  it('keeps every VLAN of every port, renamed, and turns PoE yes into 802.3af', () => {
    for (const port of old.ports) {
      const now = restored.data.ports.find((p: any) => p.id === port.id);
      expect(now.untaggedVlanId, port.name).toBe(port.untaggedNetworkId);
      expect([...now.taggedVlanIds].sort()).toEqual([...port.taggedNetworkIds].sort());
      expect(now.poe).toEqual(port.poe ? { type: '802.3af', maxWatts: 15.4 } : null);
      expect(now).toMatchObject({ unit: 1, type: 'rj45', linkStatus: null, macAddress: null, connectedPort: null });
      expect(now).not.toHaveProperty('untaggedNetworkId');
    }
    expect(old.ports.filter((port: any) => port.poe)).toHaveLength(3);
    expect(old.ports.some((port: any) => port.taggedNetworkIds.length === 4)).toBe(true);
  });

  it('turns entries of networks into entries of VLANs, and marks those whose undo data was model 1 as not undoable', () => {
    const entries = restored.data.activity.slice(0, -1);
    expect(entries).toHaveLength(old.activity.length);
    entries.forEach((entry: any, i: number) => {
      const was = old.activity[i];
      expect(entry.entityType).toBe(was.entityType === 'network' ? 'vlan' : was.entityType);
      if (was.undoData) expect(entry).toMatchObject({ undoable: false, undoData: null, undoLost: expect.stringContaining('model 2') });
      else expect(entry.undoLost).toBeNull();
    });
    expect(restored.data.activity.at(-1)).toMatchObject({
      action: 'restore',
      summary: expect.stringContaining('0.26.0 backup, converted'),
    });
  });

  it('keeps the switches, links and users', () => {
    expect(restored.data.switches.map((sw: any) => sw.id).sort()).toEqual(old.switches.map((sw: any) => sw.id).sort());
    for (const port of old.ports) expect(restored.data.ports.find((p: any) => p.id === port.id).linkedPortId).toBe(port.linkedPortId);
    expect(restored.data.users.map((user: any) => user.username).sort()).toEqual(['admin', 'viewer1']);
  });
});

function oldByName(name: string): any {
  return old.networks.find((network: any) => network.name === name);
}

describe('merge of a 0.26.0 backup', () => {
  const server = useTestServer();

  it('adds its VLANs and networks, converted as a restore converts them', async () => {
    const answer = await server.call('POST', '/api/data/import', { body: MODEL1 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ sites: 2, vlans: 7, networks: 5, switches: 3, ports: 10, activity: 25 });
    const vlans = (await server.must(200, 'GET', '/api/vlans?limit=100')).items;
    const users = vlans.find((vlan: any) => vlan.name === 'Users');
    expect(users).toMatchObject({ vid: 20, color: '#d62728' });
    const networks = (await server.must(200, 'GET', `/api/networks?limit=100`)).items;
    expect(networks.find((n: any) => n.subnet === '10.0.20.0/23').vlanId).toBe(users.id);
    expect(oldById(users.id)).toBeUndefined();
  });
});
