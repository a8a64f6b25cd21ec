import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { columnFields } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { insertRecord, insertRecords, KIND_ORDER, kindOfPlural, pluralOf, RESOURCES, readImage, writeImage } from './images.ts';
import { ipKey } from '../lib/ip-math.ts';
import { insertAddress, updateAddress } from './addresses.ts';
import { applyMigrations } from './migrate.ts';
import { networkIdByName } from './networks.ts';
import { openDatabase, type Db } from './open.ts';
import { getPort, insertNumberedPorts, portIdByName, updatePort } from './ports.ts';
import { columnsOf, selectList } from './resource-sql.ts';
import { getSite, insertSite, siteIdByName, siteNameById, updateSite } from './sites.ts';
import { switchIdByIp, switchIdByMac, switchIdByName, switchRefById } from './switches.ts';
import { insertUser, listUsers } from './users.ts';
import { vlanIdByName, vlanIdByVid } from './vlans.ts';

// The SQL of the inventory's rows is built from the field declarations (resource-sql.ts), and the names of the
// kinds come from their declarations too: these tests hold the tables of the migrations to the fields.

const NOW = '2026-01-01T00:00:00.000Z';
let db: Db;

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
});

function tableColumns(table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).all() as { name: string }[]).map((row) => row.name);
}

/** Inserts a site with only a name; answers its id. */
function addSite(name: string): string {
  const id = randomUUID();
  insertSite(db, id, { name, description: null, address: null, notes: null }, NOW);
  return id;
}

describe('the field declarations and the tables', () => {
  // In any order: a column added by a later migration comes last in the table, but its field goes where the API answers it.
  it.each(KIND_ORDER)('declare every column of the %s table (fields and derived columns)', (kind) => {
    const declared = [...columnsOf(RESOURCES[kind]), ...(RESOURCES[kind].derivedColumns?.columns ?? [])];
    expect(declared.sort()).toEqual(tableColumns(RESOURCES[kind].table).sort());
  });

  it('declare the columns of users that the API answers, and only columns the table has', () => {
    const answered = columnFields(USER).map((field) => field.column);
    expect(tableColumns('users')).toEqual(expect.arrayContaining(answered));
  });

  it("read every column of users: USER's field columns and the server's own (password hash, token version, version)", () => {
    insertUser(db, { id: randomUUID(), username: 'ada', password_hash: 'hash', role: 'admin', created_at: NOW });
    const [user] = listUsers(db);
    expect(Object.keys(user).sort()).toEqual(tableColumns('users').sort());
    expect(Object.keys(user)).toEqual(expect.arrayContaining(columnFields(USER).map((field) => field.column)));
  });

  // English plurals: "switchs" was once in the OpenAPI document.
  const englishPlural = (word: string) => (/(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);

  it('name each kind in its English plural, a table of the migrations that leads back to the kind', () => {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    for (const kind of KIND_ORDER) {
      const plural = pluralOf(kind);
      expect(plural).toBe(englishPlural(kind));
      expect(tables).toContain(plural);
      expect(kindOfPlural(plural)).toBe(kind);
    }
  });

  it("list a table's columns for a SELECT under an alias, in declaration order", () => {
    expect(selectList(RESOURCES.site, 's')).toBe('s.id, s.name, s.description, s.address, s.notes, s.version, s.created_at, s.updated_at');
  });
});

describe('the rows written from the declarations', () => {
  it('insert at version 1 and update the editable columns, raising the version', () => {
    const id = randomUUID();
    insertSite(db, id, { name: 'HQ', description: null, address: 'Main street 1', notes: null }, NOW);
    expect(getSite(db, id)).toMatchObject({ id, name: 'HQ', address: 'Main street 1', version: 1, created_at: NOW, updated_at: NOW });
    updateSite(db, id, { name: 'Head office', description: 'd', address: null, notes: 'n' }, '2026-01-02T00:00:00.000Z');
    expect(getSite(db, id)).toMatchObject({ name: 'Head office', description: 'd', address: null, notes: 'n', version: 2 });
    expect(getSite(db, id)?.created_at).toBe(NOW);
  });

  it("make a new switch's ports 1…N with the fields' defaults", () => {
    const site = addSite('HQ');
    const sw = randomUUID();
    insertRecord(db, 'switch', { id: sw, siteId: site, name: 'core', status: 'active', version: 1, createdAt: NOW, updatedAt: NOW });
    const ports = [randomUUID(), randomUUID(), randomUUID()];
    insertNumberedPorts(db, sw, ports, NOW);
    expect(ports.map((id) => getPort(db, id))).toMatchObject(
      [1, 2, 3].map((n) => ({
        switch_id: sw,
        name: String(n),
        position: n,
        description: null,
        enabled: 1,
        mode: 'access',
        unit: 1,
        type: 'rj45',
        link_status: null,
        untagged_vlan_id: null,
        speed: null,
        poe: null,
        mac_address: null,
        connected_port: null,
        linked_port_id: null,
        connected_device: null,
        version: 1,
        tagged: [],
      })),
    );
    updatePort(db, ports[0], { ...getPort(db, ports[0])!, poe: '{"type":"802.3at","maxWatts":30}', enabled: 0 }, NOW);
    expect(readImage(db, 'port', ports[0])).toMatchObject({ poe: '{"type":"802.3at","maxWatts":30}', enabled: 0, version: 2 });
  });
});

describe('the name and id lookups', () => {
  let site: string;
  let sw: string;
  beforeEach(() => {
    site = addSite('Lab');
    sw = randomUUID();
    insertRecord(db, 'switch', {
      id: sw,
      siteId: site,
      name: 'Core-1',
      macAddress: 'aa:bb:cc:dd:ee:ff',
      managementIp: '10.0.0.1',
      status: 'active',
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const vlan = randomUUID();
    insertRecord(db, 'vlan', {
      id: vlan,
      siteId: site,
      vid: 10,
      name: 'Users',
      status: 'active',
      color: '#1f77b4',
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    });
    insertRecord(db, 'network', {
      id: randomUUID(),
      siteId: site,
      vlanId: vlan,
      name: 'Users',
      subnet: '10.0.10.0/24',
      dnsServers: [],
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    });
    insertNumberedPorts(db, sw, [randomUUID()], NOW);
  });

  it('compare names case-insensitively for ASCII letters only, as the columns (COLLATE NOCASE) do', () => {
    expect(siteIdByName(db, 'LAB')).toBe(site);
    expect(switchIdByName(db, site, 'core-1')).toBe(sw);
    expect(networkIdByName(db, site, 'USERS')).toBeDefined();
    expect(vlanIdByName(db, site, 'users')).toBeDefined();
    expect(portIdByName(db, sw, '1')).toBeDefined();
    addSite('Äpfel');
    expect(siteIdByName(db, 'äpfel')).toBeUndefined();
    expect(siteIdByName(db, 'Äpfel')).toBeDefined();
  });

  it('leave out the record given as exceptId (a record never clashes with itself)', () => {
    expect(siteIdByName(db, 'lab', site)).toBeUndefined();
    expect(switchIdByName(db, site, 'Core-1', sw)).toBeUndefined();
    expect(switchIdByMac(db, 'aa:bb:cc:dd:ee:ff')).toBe(sw);
    expect(switchIdByMac(db, 'aa:bb:cc:dd:ee:ff', sw)).toBeUndefined();
    expect(switchIdByIp(db, site, '10.0.0.1')).toBe(sw);
    expect(vlanIdByVid(db, site, 10)).toBeDefined();
    expect(vlanIdByVid(db, site, 11)).toBeUndefined();
  });

  it('answer names by id, and undefined for an id that is not there', () => {
    expect(siteNameById(db, site)).toBe('Lab');
    expect(switchRefById(db, sw)).toEqual({ name: 'Core-1', siteId: site });
    expect(siteNameById(db, randomUUID())).toBeUndefined();
  });
});

describe("the derived columns (an address's keys)", () => {
  let network: string;
  beforeEach(() => {
    const site = addSite('Keys');
    network = randomUUID();
    insertRecord(db, 'network', {
      id: network,
      siteId: site,
      name: 'v6',
      subnet: '2001:db8::/64',
      dnsServers: [],
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  /** key_hi and key_lo as text (past 2^53 a number would lose digits). */
  const keysOf = (id: string) =>
    db.prepare('SELECT CAST(key_hi AS TEXT) AS hi, CAST(key_lo AS TEXT) AS lo FROM addresses WHERE id = ?').get(id) as {
      hi: string;
      lo: string;
    };
  const expected = (address: string) => {
    const key = ipKey(address)!;
    return { hi: String(key.hi), lo: String(key.lo) };
  };
  const record = (id: string, address: string) => ({
    id,
    networkId: network,
    address,
    status: 'active',
    version: 1,
    createdAt: NOW,
    updatedAt: NOW,
  });

  // An address's columns but its network: what insertAddress (with the network) and updateAddress write.
  const values = (address: string) => ({
    address,
    hostname: null,
    mac_address: null,
    device_type: null,
    status: 'active' as const,
    description: null,
    port_id: null,
  });

  it('are written by every INSERT and UPDATE built here, and never read back into images', () => {
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    insertRecord(db, 'address', record(a, '2001:db8::ffff:ffff:ffff:fffe'));
    insertRecords(db, 'address', [record(b, '2001:db8::b'), record(c, '2001:db8::c')]);
    insertAddress(db, d, { ...values('2001:db8::d'), network_id: network }, NOW);
    expect([a, b, c, d].map(keysOf)).toEqual(['2001:db8::ffff:ffff:ffff:fffe', '2001:db8::b', '2001:db8::c', '2001:db8::d'].map(expected));
    updateAddress(db, d, values('2001:db8::dd'), NOW);
    expect(keysOf(d)).toEqual(expected('2001:db8::dd'));
    const image = readImage(db, 'address', d)!;
    expect(Object.keys(image)).not.toContain('key_lo');
    writeImage(db, 'address', { ...image, address: '2001:db8::ee' }, 5, NOW);
    expect(keysOf(d)).toEqual(expected('2001:db8::ee'));
    db.prepare('DELETE FROM addresses WHERE id = ?').run(d);
    writeImage(db, 'address', image, 6, NOW);
    expect(keysOf(d)).toEqual(expected('2001:db8::dd'));
  });
});
