// A database written by 0.26.0 (model 1: one "network" = VLAN number + one optional subnet) starts on this code:
// migration 0006 carries it forward (docs/MODEL2.md), and every site, VLAN, subnet, switch, port, link and
// activity entry is accounted for; the configuration of a switch whose data did not change renders as before;
// a database the migration cannot carry forward refuses the start and is left exactly as it was.
// The fixture is made by test/fixtures/model1/make-fixture.ts with the released code (see its README.md).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open.ts';
import { PALETTE, pickVlanColor } from '../../src/lib/vlan-colors.ts';
import { CONFIG_SWITCH, DIALECTS, FIXTURE_ADMIN } from '../fixtures/model1/make-fixture.ts';
import { databasePath, readDb, readDbFile } from '../helpers/db.ts';
import { api, apiClient, freshDataDir, startServer, type TestServer } from '../helpers/server.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'model1');
const FIXTURE = join(FIXTURES, 'switchyard-0.26.0.sqlite');
const POE_AF = { type: '802.3af', maxWatts: 15.4 };

// What 0.26.0 stored, read from the fixture file itself (never from the migrated copy).
type Row = Record<string, any>;
const old = {
  sites: readDbFile<Row>(FIXTURE, 'SELECT * FROM sites ORDER BY id'),
  networks: readDbFile<Row>(FIXTURE, 'SELECT * FROM networks ORDER BY site_id, created_at, id'),
  switches: readDbFile<Row>(FIXTURE, 'SELECT * FROM switches ORDER BY id'),
  ports: readDbFile<Row>(FIXTURE, 'SELECT * FROM ports ORDER BY switch_id, position'),
  tagged: readDbFile<Row>(FIXTURE, 'SELECT * FROM port_tagged_networks'),
  activity: readDbFile<Row>(FIXTURE, 'SELECT * FROM activity ORDER BY seq'),
  activityEntities: readDbFile<Row>(FIXTURE, 'SELECT * FROM activity_entities'),
  schemaVersion: readDbFile<{ v: number }>(FIXTURE, 'SELECT max(version) AS v FROM schema_migrations')[0].v,
};

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** A fresh data directory holding a copy of the fixture as its database. */
function dataDirWithFixture(): string {
  const dataDir = freshDataDir();
  copyFileSync(FIXTURE, databasePath(dataDir));
  return dataDir;
}

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startServer({ dataDir: dataDirWithFixture() });
  const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: FIXTURE_ADMIN });
  expect(login.status).toBe(200);
  client = apiClient(
    () => server.baseUrl,
    () => login.body.token,
  );
});
afterAll(() => server?.stop());

/** Every item of a list, however many pages (offset paging for the inventory, cursor paging for activity). */
async function all(path: string): Promise<any[]> {
  const items: any[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page: any = await client.must(200, 'GET', `${path}${join}limit=100`); ; ) {
    items.push(...page.items);
    if (page.nextCursor) page = await client.must(200, 'GET', `${path}${join}limit=100&before=${page.nextCursor}`);
    else if (page.total !== undefined && items.length < page.total)
      page = await client.must(200, 'GET', `${path}${join}limit=100&offset=${items.length}`);
    else return items;
  }
}

describe('a 0.26.0 database starts on model 2 with everything accounted for', () => {
  it('the fixture is a model-1 database of schema version 5 with what the scenarios need', () => {
    expect(old.schemaVersion).toBe(5);
    expect(old.sites).toHaveLength(2);
    expect(old.networks.some((n) => n.subnet === null)).toBe(true);
    expect(old.networks.some((n) => n.color === null)).toBe(true);
    expect(old.networks.some((n) => n.subnet?.includes(':'))).toBe(true);
    const colorsBySite = old.networks.filter((n) => n.color).map((n) => `${n.site_id} ${n.color}`);
    expect(new Set(colorsBySite).size).toBeLessThan(colorsBySite.length);
    expect(old.ports.some((p) => p.poe === 1)).toBe(true);
    expect(old.ports.some((p) => p.linked_port_id)).toBe(true);
    expect(old.ports.some((p) => p.mode === 'trunk' && p.untagged_network_id)).toBe(true);
    expect(old.activity.some((a) => a.undone_by)).toBe(true);
    expect(old.activity.some((a) => a.action === 'delete')).toBe(true);
  });

  it('migrates to the current schema, leaving a sound file', () => {
    expect(readDb(server.dataDir, 'SELECT max(version) AS v FROM schema_migrations')[0].v).toBeGreaterThanOrEqual(6);
    expect(readDb(server.dataDir, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(readDb(server.dataDir, 'PRAGMA foreign_key_check')).toEqual([]);
  });

  // Each kind of record kept under its id: the list path, the 0.26.0 rows, and what each row must read as now.
  it.each<[name: string, path: string, before: Row[], expected: (row: Row) => Row]>([
    [
      'keeps every site as it was',
      '/api/sites',
      old.sites,
      (site) => ({
        name: site.name,
        description: site.description,
        address: site.address,
        notes: site.notes,
        version: site.version,
        createdAt: site.created_at,
        updatedAt: site.updated_at,
      }),
    ],
    [
      'makes every model-1 network the VLAN of the same id: number, name, description, status active',
      '/api/vlans',
      old.networks,
      (network) => ({
        siteId: network.site_id,
        vid: network.vlan_id,
        name: network.name,
        description: network.description,
        status: 'active',
        createdAt: network.created_at,
      }),
    ],
    [
      'keeps every switch, with the new fields at their defaults',
      '/api/switches',
      old.switches,
      (sw) => ({
        siteId: sw.site_id,
        name: sw.name,
        vendor: sw.vendor,
        model: sw.model,
        macAddress: sw.mac_address,
        managementIp: sw.management_ip,
        status: sw.status,
        version: sw.version,
        rackPosition: null,
        role: null,
        tags: [],
        stackSize: 1,
        poeBudgetWatts: null,
        configuredVlanIds: [],
      }),
    ],
  ])('%s', async (_name, path, before, expected) => {
    const now = await all(path);
    expect(now.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    for (const row of before) expect(now.find((r) => r.id === row.id)).toMatchObject(expected(row));
  });

  it('gives VLAN colours unique per site: the oldest keeps its colour, the others get what the picker would pick', async () => {
    const vlans = await all('/api/vlans');
    // The rule of src/lib/vlan-colors.ts, applied in (created_at, id) order: the picker the UI and the API use.
    const expected = new Map<string, string>();
    for (const site of old.sites) {
      const networks = old.networks.filter((n) => n.site_id === site.id);
      const kept = new Map<string, string>();
      for (const n of networks) if (n.color && ![...kept.values()].includes(n.color)) kept.set(n.id, n.color);
      const used = new Set(kept.values());
      for (const n of networks) {
        const color = kept.get(n.id) ?? pickVlanColor(used);
        used.add(color);
        expected.set(n.id, color);
      }
    }
    for (const vlan of vlans) expect(vlan.color, vlan.name).toBe(expected.get(vlan.id));
    for (const site of old.sites) {
      const colors = vlans.filter((v) => v.siteId === site.id).map((v) => v.color);
      expect(new Set(colors).size).toBe(colors.length);
    }
    // A VLAN that kept its colour kept its version (its ETag); a recoloured one is changed data, version raised.
    for (const network of old.networks) {
      const vlan = vlans.find((v) => v.id === network.id);
      expect(vlan.version, vlan.name).toBe(vlan.color === network.color ? network.version : network.version + 1);
    }
  });

  it('makes every model-1 subnet a network of its VLAN: subnet, gateway, description, no DNS servers', async () => {
    const networks = await all('/api/networks');
    const withSubnet = old.networks.filter((n) => n.subnet !== null);
    expect(networks).toHaveLength(withSubnet.length);
    for (const model1 of withSubnet) {
      const network = networks.find((n) => n.vlanId === model1.id);
      expect(network, model1.name).toMatchObject({
        siteId: model1.site_id,
        name: model1.name,
        subnet: model1.subnet,
        gateway: model1.gateway,
        description: model1.description,
        dnsServers: [],
        version: 1,
        createdAt: model1.created_at,
        updatedAt: model1.updated_at,
      });
      expect(network.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(old.networks.map((n) => n.id)).not.toContain(network.id);
    }
  });

  it('keeps every port with exactly the VLANs it carried, its PoE mapped and its link', async () => {
    let checked = 0;
    for (const sw of old.switches) {
      const { ports } = await client.must(200, 'GET', `/api/switches/${sw.id}`);
      const before = old.ports.filter((p) => p.switch_id === sw.id);
      expect(ports.map((p: any) => p.id)).toEqual(before.map((p) => p.id));
      for (const port of before) {
        const now = ports.find((p: any) => p.id === port.id);
        const tagged = old.tagged.filter((t) => t.port_id === port.id).map((t) => t.network_id);
        expect(now, `${sw.name} ${port.name}`).toMatchObject({
          name: port.name,
          position: port.position,
          mode: port.mode,
          enabled: port.enabled === 1,
          description: port.description,
          speed: port.speed,
          untaggedVlanId: port.untagged_network_id,
          linkedPortId: port.linked_port_id,
          connectedDevice: port.connected_device,
          poe: port.poe === 1 ? POE_AF : null,
          unit: 1,
          type: 'rj45',
          linkStatus: null,
          macAddress: null,
          connectedPort: null,
          version: port.version,
        });
        expect([...now.taggedVlanIds].sort()).toEqual(tagged.sort());
        checked++;
      }
    }
    expect(checked).toBe(old.ports.length);
    // The PoE JSON is stored as the exact text the API writes, so that stored and written values compare equal.
    expect(readDb(server.dataDir, 'SELECT DISTINCT poe FROM ports WHERE poe IS NOT NULL')).toEqual([
      { poe: '{"type":"802.3af","maxWatts":15.4}' },
    ]);
  });

  it('shows each port that carried a VLAN on that VLAN’s page, untagged or tagged', async () => {
    for (const network of old.networks) {
      const carriers = await all(`/api/vlans/${network.id}/ports`);
      const untagged = old.ports.filter((p) => p.untagged_network_id === network.id).map((p) => `${p.id} untagged`);
      const tagged = old.tagged.filter((t) => t.network_id === network.id).map((t) => `${t.port_id} tagged`);
      expect(carriers.map((c) => `${c.id ?? c.port?.id} ${c.as}`).sort(), network.name).toEqual([...untagged, ...tagged].sort());
    }
  });

  it('keeps every activity entry, adds one migrate entry of the system, and marks the entries whose undo was lost', async () => {
    const entries = await all('/api/activity');
    expect(entries).toHaveLength(old.activity.length + 1);
    const [migrate, ...rest] = entries;
    expect(migrate).toMatchObject({ action: 'migrate', userId: null, username: null, undoable: false, undoLost: null });
    const subnets = old.networks.filter((n) => n.subnet !== null).length;
    expect(migrate.summary).toContain(`${old.networks.length} networks became VLANs`);
    expect(migrate.summary).toContain(`${subnets} subnets became networks`);
    expect(migrate.summary).toContain(`${old.activity.filter((a) => a.undo_data !== null).length} earlier entries can no longer be undone`);

    expect(rest.map((e) => e.id)).toEqual(old.activity.map((a) => a.id).reverse());
    for (const before of old.activity) {
      const entry = rest.find((e) => e.id === before.id);
      expect(entry).toMatchObject({
        at: before.at,
        userId: before.user_id,
        action: before.action,
        entityType: before.entity_type === 'network' ? 'vlan' : before.entity_type,
        entityId: before.entity_id,
        summary: before.summary,
        undoable: false,
        undoneBy: before.undone_by,
        undoOf: before.undo_of,
      });
      if (before.undo_data !== null) expect(entry.undoLost).toMatch(/model 2/);
      else expect(entry.undoLost).toBeNull();
    }
    // Entity history follows: a model-1 network's entries are its VLAN's.
    const network = old.networks[0];
    const history = (await client.must(200, 'GET', `/api/activity?entityType=vlan&entityId=${network.id}&limit=500`)).items;
    const expected = old.activity.filter(
      (a) =>
        (a.entity_type === 'network' && a.entity_id === network.id) ||
        old.activityEntities.some((e) => e.activity_seq === a.seq && e.entity_type === 'network' && e.entity_id === network.id),
    );
    expect(history.map((e: any) => e.id).sort()).toEqual(expected.map((a) => a.id).sort());
  });

  it('answers an undo of an entry written before with 409 not_undoable and the reason, changing nothing', async () => {
    const lost = old.activity.filter((a) => a.undo_data !== null && a.undone_by === null);
    const countBefore = readDb(server.dataDir, 'SELECT count(*) AS n FROM activity')[0].n;
    for (const entry of [lost[0], lost.at(-1)!]) {
      const answer = await client.call('POST', `/api/activity/${entry.id}/undo`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('not_undoable');
      const { undoLost } = await client.must(200, 'GET', `/api/activity/${entry.id}`);
      expect(answer.body.error.message).toContain(undoLost);
    }
    expect(readDb(server.dataDir, 'SELECT count(*) AS n FROM activity')[0].n).toBe(countBefore);
  });

  it('takes new changes on the migrated data, undoable as usual', async () => {
    const vlan = old.networks.find((n) => n.subnet === null)!;
    const { version } = await client.must(200, 'GET', `/api/vlans/${vlan.id}`);
    const changed = await client.must(200, 'PATCH', `/api/vlans/${vlan.id}`, { description: 'after the upgrade' });
    expect(changed.version).toBe(version + 1);
    const entry = await client.lastEntry(vlan.id);
    expect(entry).toMatchObject({ action: 'update', entityType: 'vlan', undoable: true, undoLost: null });
    await client.must(200, 'POST', `/api/activity/${entry.id}/undo`);
    expect((await client.must(200, 'GET', `/api/vlans/${vlan.id}`)).description).toBe(vlan.description);
  });
});

describe('the configuration of a switch whose data did not change', () => {
  const sw = () => old.switches.find((s) => s.name === CONFIG_SWITCH)!;
  // The header's "Data last changed" is the time of the newest activity entry: the migrate entry now.
  const normalize = (text: string) => text.replace(/^([!#] Data last changed: ).*$/m, '$1<time>');
  // What model 2 adds, and nothing else: the hostname, and, since core-1's management IP (10.99.0.2) lies in the
  // subnet of VLAN 99 (Mgmt, gateway 10.99.0.1), the management interface and the default gateway (API.md,
  // "Insight": "the management interface and default gateway when the management IP lies in a network of a
  // VLAN"). 0.26.0 rendered neither. Every line 0.26.0 rendered is there, unchanged and in the same order.
  const ADDED: Record<(typeof DIALECTS)[number], string[]> = {
    'cisco-ios': [
      'hostname core-1',
      '!',
      'interface Vlan99',
      ' ip address 10.99.0.2 255.255.255.0',
      ' no shutdown',
      '!',
      'ip default-gateway 10.99.0.1',
      '!',
    ],
    'arista-eos': [
      'hostname core-1',
      '!',
      'interface Vlan99',
      '   ip address 10.99.0.2/24',
      '   no shutdown',
      '!',
      'ip route 0.0.0.0/0 10.99.0.1',
      '!',
    ],
    junos: [
      'system {',
      '    host-name core-1;',
      '}',
      '        l3-interface irb.99;',
      '    irb {',
      '        unit 99 {',
      '            family inet {',
      '                address 10.99.0.2/24;',
      '            }',
      '        }',
      '    }',
      // (The `}` that closes interfaces is matched to 0.26.0's last line, so the new block's own `}` is counted here.)
      'routing-options {',
      '    static {',
      '        route 0.0.0.0/0 next-hop 10.99.0.1;',
      '    }',
      '}',
    ],
  };

  /** The lines of `after` that are not the lines of `before` taken in order; throws when a line of `before` is missing. */
  function addedLines(before: string, after: string): string[] {
    const old = before.split('\n');
    const added: string[] = [];
    let i = 0;
    for (const line of after.split('\n')) {
      if (i < old.length && line === old[i]) i++;
      else added.push(line);
    }
    if (i < old.length) throw new Error(`line ${i + 1} of the 0.26.0 configuration is missing or moved: ${JSON.stringify(old[i])}`);
    return added;
  }

  for (const dialect of DIALECTS) {
    it(`renders ${dialect} as 0.26.0 did, plus hostname, management interface and default gateway`, async () => {
      const before = readFileSync(join(FIXTURES, `${CONFIG_SWITCH}.${dialect}.txt`), 'utf8');
      const answer = await client.call('GET', `/api/switches/${sw().id}/config?dialect=${dialect}`);
      expect(answer.status).toBe(200);
      expect(addedLines(normalize(before), normalize(answer.text))).toEqual(ADDED[dialect]);
    });
  }
});

describe('a database the migration cannot carry forward', () => {
  it('refuses the start with one line and leaves the file byte for byte as it was', async () => {
    const dataDir = dataDirWithFixture();
    const file = databasePath(dataDir);
    // A site deleted by hand in the sqlite3 shell, whose foreign keys are off by default: its networks, switches
    // and ports stay behind, pointing at nothing. 0.26.0 never looked; 0006 cannot make networks of a site that
    // does not exist.
    const db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
    db.prepare("DELETE FROM sites WHERE name = 'Warehouse'").run();
    db.close();
    const before = sha256(file);

    const start = startServer({ dataDir });
    await expect(start).rejects.toThrow(/migration 0006_model2\.sql failed \(FOREIGN KEY constraint failed\) and changed nothing/);
    const logs = String(await start.catch((error: Error) => error.message));
    expect(logs.split('\n').filter((line) => line.includes('migration 0006_model2.sql failed'))).toHaveLength(1);

    expect(sha256(file)).toBe(before);
    expect(readDbFile(file, 'SELECT max(version) AS v FROM schema_migrations')).toEqual([{ v: 5 }]);
    expect(readDbFile(file, "SELECT name FROM sqlite_master WHERE name IN ('vlans', 'port_tagged_vlans')")).toEqual([]);
  });
});

describe('migration 0006 on databases made for the case', () => {
  const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');
  /** A database at schema version 5 (0.26.0), as a fresh install of that release made it. */
  function model1Database() {
    const dir = freshDataDir();
    const upTo5 = join(dir, 'migrations');
    mkdirSync(upTo5);
    for (const file of readdirSync(MIGRATIONS).filter((name) => /^000[1-5]_/.test(name)))
      copyFileSync(join(MIGRATIONS, file), join(upTo5, file));
    const db = openDatabase(join(dir, 'db.sqlite'));
    applyMigrations(db, upTo5);
    return db;
  }

  it('leaves a fresh database without a migrate entry', () => {
    const db = model1Database();
    expect(applyMigrations(db, MIGRATIONS)).toContain(6);
    expect(db.prepare('SELECT count(*) AS n FROM activity').get()).toEqual({ n: 0 });
    db.close();
  });

  it('past the palette, gives colours from the generated sequence, the same ones the picker gives', () => {
    const db = model1Database();
    const at = '2025-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO sites (id, name, created_at, updated_at) VALUES ('s', 'Big', ?, ?)").run(at, at);
    const count = PALETTE.length + 12;
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) {
      const id = `n${String(i).padStart(3, '0')}`;
      ids.push(id);
      // Every third keeps a palette colour of its own choosing (out of order); the rest have none.
      const color = i % 3 === 0 ? PALETTE[(i * 7) % PALETTE.length] : null;
      db.prepare("INSERT INTO networks (id, site_id, name, vlan_id, color, created_at, updated_at) VALUES (?, 's', ?, ?, ?, ?, ?)").run(
        id,
        `v${i}`,
        i,
        color,
        at,
        at,
      );
    }
    const before = db.prepare('SELECT id, color FROM networks ORDER BY created_at, id').all() as { id: string; color: string | null }[];
    applyMigrations(db, MIGRATIONS);
    const used = new Set<string>();
    const kept = new Set<string>();
    for (const row of before) {
      if (!row.color || used.has(row.color)) continue;
      kept.add(row.id);
      used.add(row.color);
    }
    const expected = before.map((row) => {
      if (kept.has(row.id)) return row.color;
      const color = pickVlanColor(used);
      used.add(color);
      return color;
    });
    const after = (db.prepare('SELECT color FROM vlans ORDER BY created_at, id').all() as { color: string }[]).map((row) => row.color);
    expect(after).toEqual(expected);
    expect(after.some((color) => !PALETTE.includes(color))).toBe(true);
    expect(new Set(after).size).toBe(count);
    db.close();
  });
});
