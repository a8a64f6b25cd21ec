// The search index (migrations/0010_search_index.sql): a trigram FTS5 table per searched table, and the row count
// of every listed table, both kept by triggers in the transaction of every change, as are the address counts of
// networks read here. A bulk load pauses them and rebuilds them once at its end (withDerivedDataRebuiltAfter).
import { prepare, type Db } from './open.ts';
import { getOrMake } from '../lib/memo.ts';

/**
 * The search indexes: each an FTS5 table over the text of one table, by FTS column: the searchable text columns
 * lower-cased (ASCII only, as LIKE folds case), so that a case-sensitive trigram phrase matches exactly the rows
 * `column LIKE '%q%'` matches, a MAC address's hex digits without its colons, and a switch's tags as their JSON. A column that search reads
 * alone in a large table has an index of its own: a column filter still reads every occurrence of a trigram in
 * the other columns ("port" of every port's name would be read to find it in one description).
 */
export const SEARCH_INDEXES = {
  sites_search: {
    table: 'sites',
    columns: { name: 'lower(name)', description: 'lower(description)', address: 'lower(address)', notes: 'lower(notes)' },
  },
  vlans_search: { table: 'vlans', columns: { name: 'lower(name)', description: 'lower(description)' } },
  networks_search: {
    table: 'networks',
    columns: { name: 'lower(name)', subnet: 'lower(subnet)', gateway: 'lower(gateway)', description: 'lower(description)' },
  },
  templates_search: {
    table: 'templates',
    columns: { name: 'lower(name)', vendor: 'lower(vendor)', model: 'lower(model)', description: 'lower(description)' },
  },
  switches_search: {
    table: 'switches',
    columns: {
      name: 'lower(name)',
      vendor: 'lower(vendor)',
      model: 'lower(model)',
      serial_number: 'lower(serial_number)',
      mac_address: 'lower(mac_address)',
      management_ip: 'lower(management_ip)',
      firmware_version: 'lower(firmware_version)',
      location: 'lower(location)',
      rack_position: 'lower(rack_position)',
      notes: 'lower(notes)',
      mac_digits: "lower(replace(mac_address, ':', ''))",
      tags: 'lower(tags)',
    },
  },
  lags_search: { table: 'lags', columns: { name: 'lower(name)', description: 'lower(description)' } },
  ports_search: {
    table: 'ports',
    columns: {
      name: 'lower(name)',
      mac_address: 'lower(mac_address)',
      connected_port: 'lower(connected_port)',
      mac_digits: "lower(replace(mac_address, ':', ''))",
    },
  },
  ports_description_search: { table: 'ports', columns: { description: 'lower(description)' } },
  ports_connected_device_search: { table: 'ports', columns: { connected_device: 'lower(connected_device)' } },
  addresses_hostname_search: { table: 'addresses', columns: { hostname: 'lower(hostname)' } },
  addresses_search: {
    table: 'addresses',
    columns: {
      address: 'lower(address)',
      hostname: 'lower(hostname)',
      mac_address: 'lower(mac_address)',
      description: 'lower(description)',
      mac_digits: "lower(replace(mac_address, ':', ''))",
    },
  },
} as const;

/**
 * The SQL of a MAC address's key: its hex digits, lower case, whatever the spelling stored. Each place a MAC is kept
 * has an index on this very expression (migrations/0012 and 0018), so that a whole MAC is a key lookup.
 */
export const macKey = (column: string) => `lower(replace(replace(replace(${column}, ':', ''), '-', ''), '.', ''))`;

/** A search index (an FTS5 table). */
export type SearchIndex = keyof typeof SEARCH_INDEXES;

/** The tables whose row count row_counts keeps: every list's table. */
export const COUNTED_TABLES = ['sites', 'vlans', 'networks', 'ranges', 'templates', 'switches', 'lags', 'ports', 'addresses'] as const;

/** The search indexes of a table and the columns of each (none for a table without one). */
export function searchIndexesOf(table: string): { index: SearchIndex; columns: string[] }[] {
  return Object.entries(SEARCH_INDEXES)
    .filter(([, spec]) => spec.table === table)
    .map(([index, spec]) => ({ index: index as SearchIndex, columns: Object.keys(spec.columns) }));
}

/** Trigrams: a text of fewer characters cannot be looked up in the index. */
const SHORTEST = 3;

/**
 * The FTS5 query text of `q` as one phrase over some columns of an index (`{name description} : "port 4"`), or
 * undefined when q is too short for trigrams or holds a NUL, where FTS5's query parser ends its text (then the
 * caller scans with LIKE). Lower-cased as the index is.
 */
export function phraseQuery(q: string, columns: readonly string[]): string | undefined {
  if ([...q].length < SHORTEST || q.includes('\u0000')) return undefined;
  const lowered = q.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return `{${columns.join(' ')}} : "${lowered.replaceAll('"', '""')}"`;
}

/** The row count of a counted table, kept by triggers (undefined while a bulk load has the counts paused). */
export function countedRows(db: Db, table: string): number | undefined {
  const row = prepare(db, 'SELECT n FROM row_counts WHERE tbl = ? AND NOT EXISTS (SELECT 1 FROM derived_data_paused)').get(table) as
    | { n: number }
    | undefined;
  return row?.n;
}

/**
 * The SQL of the addresses of the network `alias`: the count the triggers keep (migrations/0015), or, while a bulk
 * load has it paused, the count on the addresses' index.
 */
export function addressCountSql(alias: string): string {
  return `(CASE WHEN EXISTS (SELECT 1 FROM derived_data_paused) THEN (SELECT count(*) FROM addresses a WHERE a.network_id = ${alias}.id)
    ELSE coalesce((SELECT c.addresses FROM network_address_counts c WHERE c.network_id = ${alias}.id), 0) END)`;
}

/** How many addresses a network holds (addressCountSql; 0 for a network that is not there). */
export function networkAddressCount(db: Db, networkId: string): number {
  const row = prepare(db, `SELECT ${addressCountSql('n')} AS n FROM networks n WHERE n.id = ?`).get(networkId) as { n: number } | undefined;
  return row?.n ?? 0;
}

/**
 * Runs a bulk load (`write`) with the derived data (the search index, the row counts, the VLAN counts per switch,
 * the address counts per network) left alone row by row, then rebuilds them once: filling an FTS table in one pass
 * costs a fraction of keeping it row by row. Only inside a transaction, so that a rollback undoes the pause with
 * the load.
 */
export function withDerivedDataRebuiltAfter<T>(db: Db, write: () => T, counted?: VlanSwitchCounts): T {
  pauseDerivedData(db);
  const result = write();
  resumeDerivedData(db, counted);
  return result;
}

/** The start of a bulk load: the triggers leave the derived data alone (withDerivedDataRebuiltAfter). */
export function pauseDerivedData(db: Db): void {
  if (!db.isTransaction) throw new Error('pauseDerivedData: only inside a transaction');
  prepare(db, 'INSERT OR IGNORE INTO derived_data_paused (paused) VALUES (1)').run();
}

/** The end of a bulk load: the derived data rebuilt from the tables (the VLAN counts `counted` when given), the triggers at work again. */
export function resumeDerivedData(db: Db, counted?: VlanSwitchCounts): void {
  rebuildDerivedData(db, counted);
  prepare(db, 'DELETE FROM derived_data_paused').run();
}

/** The table's columns an index's text is made of (`mac_address` of `lower(replace(mac_address, ':', ''))`). */
function sourceColumns(columns: Record<string, string>): string[] {
  return [...new Set(Object.values(columns).map((sql) => /\((\w+)(?=[,)])/.exec(sql)![1]))];
}

/**
 * Fills every search index, row count, VLAN count per switch and per VLAN and address count per network again from
 * the tables; the VLAN counts from `counted` when the caller counted the ports it wrote (countVlanSwitchPorts), which
 * spares SQLite a sort of every port × VLAN row (~0.6 s of a 100,000-port migration).
 */
export function rebuildDerivedData(db: Db, counted?: VlanSwitchCounts): void {
  for (const [index, { table, columns }] of Object.entries(SEARCH_INDEXES)) {
    prepare(db, `INSERT INTO ${index} (${index}) VALUES ('delete-all')`).run();
    // As the triggers do, a row without any of the text is left out: a contentless table stores every row given.
    const sources = sourceColumns(columns);
    const present = sources.length === 1 ? `${sources[0]} IS NOT NULL` : `coalesce(${sources.join(', ')}) IS NOT NULL`;
    const names = Object.keys(columns).join(', ');
    prepare(
      db,
      `INSERT INTO ${index} (rowid, ${names}) SELECT rowid, ${Object.values(columns).join(', ')} FROM ${table} WHERE ${present}`,
    ).run();
  }
  for (const table of COUNTED_TABLES) {
    prepare(db, `INSERT OR REPLACE INTO row_counts (tbl, n) VALUES ('${table}', (SELECT count(*) FROM ${table}))`).run();
  }
  prepare(db, 'DELETE FROM network_address_counts').run();
  prepare(
    db,
    'INSERT INTO network_address_counts (network_id, addresses) SELECT network_id, count(*) FROM addresses GROUP BY network_id',
  ).run();
  if (counted) fillVlanSwitchPorts(db, counted);
  else refillVlanSwitchPorts(db);
  refillVlanCounts(db);
}

/** Each VLAN's port and switch counts (migration 0019) from vlan_switch_ports, counted again. */
function refillVlanCounts(db: Db): void {
  prepare(db, 'DELETE FROM vlan_counts').run();
  prepare(
    db,
    'INSERT INTO vlan_counts (vlan_id, ports, switches) SELECT vlan_id, sum(ports), count(*) FROM vlan_switch_ports GROUP BY vlan_id',
  ).run();
}

/** How many ports of each switch carry each VLAN: switch id → VLAN id → ports (vlan_switch_ports' rows). */
export type VlanSwitchCounts = Map<string, Map<string, number>>;

/**
 * The VLAN counts per switch of ports as a bulk load holds them (switchId, untaggedVlanId, taggedVlanIds), by the
 * rule of migration 0011's triggers: a port counts once for each VLAN it carries.
 */
export function countVlanSwitchPorts(ports: Iterable<Record<string, unknown>>): VlanSwitchCounts {
  const counts: VlanSwitchCounts = new Map();
  for (const port of ports) {
    const tagged = Array.isArray(port.taggedVlanIds) ? (port.taggedVlanIds as string[]) : [];
    const untagged = typeof port.untaggedVlanId === 'string' && !tagged.includes(port.untaggedVlanId) ? port.untaggedVlanId : undefined;
    if (tagged.length === 0 && untagged === undefined) continue;
    const switchId = String(port.switchId);
    const ofSwitch = getOrMake(counts, switchId, () => new Map<string, number>());
    for (const vlanId of untagged === undefined ? tagged : [untagged, ...tagged]) ofSwitch.set(vlanId, (ofSwitch.get(vlanId) ?? 0) + 1);
  }
  return counts;
}

function fillVlanSwitchPorts(db: Db, counted: VlanSwitchCounts): void {
  prepare(db, 'DELETE FROM vlan_switch_ports').run();
  const insert = prepare(db, 'INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports) VALUES (?, ?, ?)');
  for (const [switchId, vlans] of counted) for (const [vlanId, ports] of vlans) insert.run(vlanId, switchId, ports);
}

/** How many ports of each switch carry each VLAN (migration 0011, a VLAN's portCount and switchCount), counted again. */
function refillVlanSwitchPorts(db: Db): void {
  prepare(db, 'DELETE FROM vlan_switch_ports').run();
  prepare(
    db,
    `INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT vlan_id, switch_id, count(*) FROM (
      SELECT t.vlan_id, p.switch_id FROM ports p CROSS JOIN port_tagged_vlans t ON t.port_id = p.id
      UNION ALL
      SELECT p.untagged_vlan_id, p.switch_id FROM ports p WHERE p.untagged_vlan_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM port_tagged_vlans t WHERE t.port_id = p.id AND t.vlan_id = p.untagged_vlan_id))
    GROUP BY vlan_id, switch_id`,
  ).run();
}
