import { cidrContains, macDigits, normalizeIp, parseIp } from '../lib/net.ts';
import { likePattern } from './list-query.ts';
import { prepare, type Db } from './open.ts';

/** The kinds search finds, in the order they are listed when they match equally well. */
export const SEARCH_TYPES = ['site', 'switch', 'network', 'port'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** One search result; `match` names the field that matched. */
export interface SearchHit {
  type: SearchType;
  id: string;
  name: string;
  siteId: string;
  switchId?: string;
  match: string;
}

/** How well a hit matched: lower is better. A subnet that contains the address sits between exact and prefix. */
const IN_SUBNET = 1;
const PREFIX = 2;

interface RankedHit extends SearchHit {
  rank: number;
}

interface HitRow {
  id: string;
  name: string;
  site_id: string;
  switch_id?: string;
  match: string;
  rank: number;
}

/** The parameters every text query binds: the text for exact, prefix and substring comparison. */
function textParams(q: string, limit: number) {
  const pattern = likePattern(q);
  return { exact: q, prefix: pattern.slice(1), pattern, limit };
}

// Exact (case-insensitive) before prefix before substring; LIKE is case-insensitive for ASCII.
const rank = (column: string) =>
  `CASE WHEN ${column} = :exact COLLATE NOCASE THEN 0 WHEN ${column} LIKE :prefix ESCAPE '\\' THEN 2 ELSE 3 END`;
const matches = (column: string) => `${column} LIKE :pattern ESCAPE '\\'`;

/** Sites whose name contains q. */
function sitesByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, id AS site_id, 'name' AS match, ${rank('name')} AS rank
    FROM sites WHERE ${matches('name')} ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Switches whose name, serial number or management IP contains q (the IP also exactly in its canonical form). */
function switchesByText(db: Db, q: string, ip: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, match, rank FROM (
      SELECT id, name, site_id, 'name' AS match, ${rank('name')} AS rank FROM switches WHERE ${matches('name')}
      UNION ALL SELECT id, name, site_id, 'serialNumber', ${rank('serial_number')} FROM switches WHERE ${matches('serial_number')}
      UNION ALL SELECT id, name, site_id, 'managementIp', CASE WHEN management_ip = :ip THEN 0 ELSE ${rank('management_ip')} END
        FROM switches WHERE management_ip = :ip OR ${matches('management_ip')})
    ORDER BY rank, name LIMIT :limit`,
  ).all({ ...textParams(q, limit), ip }) as unknown as HitRow[];
}

/** Switches whose MAC address holds these hex digits (any spelling: the separators are left out on both sides). */
function switchesByMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, 'macAddress' AS match,
      CASE WHEN replace(mac_address, ':', '') = :digits THEN 0 WHEN replace(mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM switches WHERE replace(mac_address, ':', '') LIKE '%' || :digits || '%'
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, limit }) as unknown as HitRow[];
}

/** Networks whose name or subnet text contains q. */
function networksByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, match, rank FROM (
      SELECT id, name, site_id, 'name' AS match, ${rank('name')} AS rank FROM networks WHERE ${matches('name')}
      UNION ALL SELECT id, name, site_id, 'subnet', ${rank('subnet')} FROM networks WHERE ${matches('subnet')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Networks with this VLAN id. */
function networksByVlan(db: Db, vlanId: number, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, 'vlanId' AS match, 0 AS rank FROM networks WHERE vlan_id = ?
    ORDER BY name LIMIT ?`,
  ).all(vlanId, limit) as unknown as HitRow[];
}

/** Networks with a subnet of one address family: the candidates for "which subnet holds this address". */
function networksWithSubnet(db: Db, family: 4 | 6): { id: string; name: string; site_id: string; subnet: string }[] {
  return prepare(
    db,
    `SELECT id, name, site_id, subnet FROM networks
    WHERE subnet IS NOT NULL AND (instr(subnet, ':') > 0) = ?`,
  ).all(family === 6 ? 1 : 0) as { id: string; name: string; site_id: string; subnet: string }[];
}

/** Ports whose description or connected device contains q; named "switch / port". */
function portsByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, switch_id, match, rank FROM (
      SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'description' AS match, ${rank('p.description')} AS rank
        FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${matches('p.description')}
      UNION ALL SELECT p.id, w.name || ' / ' || p.name, w.site_id, p.switch_id, 'connectedDevice', ${rank('p.connected_device')}
        FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${matches('p.connected_device')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** The networks whose subnet contains the address, most specific first, ranked between exact and prefix. */
function networksContaining(db: Db, ip: string, family: 4 | 6): RankedHit[] {
  return networksWithSubnet(db, family)
    .filter((network) => cidrContains(network.subnet, ip))
    .map((network) => ({
      type: 'network' as const,
      id: network.id,
      name: network.name,
      siteId: network.site_id,
      match: 'subnet',
      // A longer prefix is a better answer: /24 ranks before /16, both after an exact match.
      rank: IN_SUBNET + (1 - Number(network.subnet.split('/')[1]) / 129) * (PREFIX - IN_SUBNET) * 0.99,
    }));
}

const VLAN_QUERY = /^(?:vlan\s*)?(\d{1,4})$/i;

/**
 * Finds sites, switches, networks and ports for a search text, best first: exact before (subnet containing
 * an address before) prefix before substring; equal ranks by kind, then name. At most `limit` results.
 */
export function search(db: Db, text: string, limit: number): SearchHit[] {
  const q = text.trim();
  const address = parseIp(q);
  const ip = address ? normalizeIp(q)! : q;
  const digits = address ? undefined : macDigits(q);
  const vlan = VLAN_QUERY.exec(q);
  const vlanId = vlan ? Number(vlan[1]) : undefined;
  const tag =
    (type: SearchType) =>
    (row: HitRow): RankedHit => ({
      type,
      id: row.id,
      name: row.name,
      siteId: row.site_id,
      ...(row.switch_id ? { switchId: row.switch_id } : {}),
      match: row.match,
      rank: row.rank,
    });
  const hits: RankedHit[] = [
    ...sitesByName(db, q, limit).map(tag('site')),
    ...switchesByText(db, q, ip, limit).map(tag('switch')),
    ...(digits ? switchesByMac(db, digits, limit).map(tag('switch')) : []),
    ...networksByText(db, q, limit).map(tag('network')),
    ...(vlanId !== undefined && vlanId >= 1 && vlanId <= 4094 ? networksByVlan(db, vlanId, limit).map(tag('network')) : []),
    ...(address ? networksContaining(db, ip, address.family) : []),
    ...portsByText(db, q, limit).map(tag('port')),
  ];
  return bestFirst(hits)
    .slice(0, limit)
    .map(({ rank: _rank, ...hit }) => hit);
}

/** One hit per entity (its best match), sorted by rank, kind and name. */
function bestFirst(hits: RankedHit[]): RankedHit[] {
  const best = new Map<string, RankedHit>();
  for (const hit of hits) {
    const key = `${hit.type}:${hit.id}`;
    const known = best.get(key);
    if (!known || hit.rank < known.rank) best.set(key, hit);
  }
  return [...best.values()].sort(
    (a, b) =>
      a.rank - b.rank ||
      SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      a.id.localeCompare(b.id),
  );
}
