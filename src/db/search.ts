import { ipKey } from '../lib/ip-math.ts';
import { cidrContains, macDigits, normalizeIp, parseIp } from '../lib/net.ts';
import { likePattern } from './list-query.ts';
import { prepare, type Db } from './open.ts';

/** The kinds search finds, in the order they are listed when they match equally well. */
export const SEARCH_TYPES = ['site', 'switch', 'vlan', 'network', 'port', 'lag', 'address', 'template'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** What can match, each with the human label a result shows for it. */
export const MATCH_LABELS = {
  name: 'Name',
  serialNumber: 'Serial number',
  managementIp: 'Management IP',
  macAddress: 'MAC address',
  tags: 'Tag',
  vid: 'VLAN number',
  subnet: 'Subnet',
  address: 'Subnet holds the address',
  switchPort: 'Switch and port',
  switchLag: 'Switch and LAG',
  vendor: 'Vendor',
  model: 'Model',
  description: 'Description',
  connectedDevice: 'Connected device',
  deviceMacAddress: 'Connected device MAC address',
  ipAddress: 'IP address',
  hostname: 'Host name',
} as const;
export type SearchMatch = keyof typeof MATCH_LABELS;

/**
 * One search result: what it is (`type`, `id`, and for a port or LAG its `switchId`, for an address its
 * `networkId`: enough for a link), its name (a port's is "switch / port", a LAG's "switch / LAG", an address's
 * "address (hostname)"), its site (none for a template: templates are of no site), the field that matched
 * (`match`) and a human label of it (`label`).
 */
export interface SearchHit {
  type: SearchType;
  id: string;
  name: string;
  siteId?: string;
  switchId?: string;
  networkId?: string;
  match: SearchMatch;
  label: string;
  /** The stored value that matched, as stored (the MAC address, the VLAN number, the subnet, the tag). */
  value: string;
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
  site_id: string | null;
  switch_id?: string;
  network_id?: string;
  match: SearchMatch;
  value: string | number;
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
    `SELECT id, name, id AS site_id, 'name' AS match, name AS value, ${rank('name')} AS rank
    FROM sites WHERE ${matches('name')} ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Switches whose name, serial number or management IP contains q (the IP also exactly in its canonical form). */
function switchesByText(db: Db, q: string, ip: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, match, value, rank FROM (
      SELECT id, name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank FROM switches WHERE ${matches('name')}
      UNION ALL SELECT id, name, site_id, 'serialNumber', serial_number, ${rank('serial_number')} FROM switches WHERE ${matches('serial_number')}
      UNION ALL SELECT id, name, site_id, 'managementIp', management_ip, CASE WHEN management_ip = :ip THEN 0 ELSE ${rank('management_ip')} END
        FROM switches WHERE management_ip = :ip OR ${matches('management_ip')})
    ORDER BY rank, name LIMIT :limit`,
  ).all({ ...textParams(q, limit), ip }) as unknown as HitRow[];
}

/** Switches with a tag that contains q (its best tag counts). */
function switchesByTag(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT sw.id, sw.name, sw.site_id, 'tags' AS match, min(${rank('t.value')}) AS rank, t.value AS value
    FROM switches sw CROSS JOIN json_each(sw.tags) t WHERE sw.tags <> '[]' AND ${matches('t.value')}
    GROUP BY sw.id ORDER BY rank, sw.name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Switches whose MAC address holds these hex digits (any spelling: the separators are left out on both sides). */
function switchesByMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, 'macAddress' AS match, mac_address AS value,
      CASE WHEN replace(mac_address, ':', '') = :digits THEN 0 WHEN replace(mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM switches WHERE replace(mac_address, ':', '') LIKE '%' || :digits || '%'
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, limit }) as unknown as HitRow[];
}

/** A VLAN's name in a result: "VLAN <vid> (<name>)", so that the number shows whatever matched. */
const VLAN_NAME = `'VLAN ' || vid || ' (' || name || ')'`;

/** VLANs whose name contains q. */
function vlansByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, ${VLAN_NAME} AS name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank
    FROM vlans WHERE ${matches('name')} ORDER BY rank, vid, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** VLANs with this number, at every site. */
function vlansByVid(db: Db, vid: number, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, ${VLAN_NAME} AS name, site_id, 'vid' AS match, vid AS value, 0 AS rank FROM vlans WHERE vid = ?
    ORDER BY name, id LIMIT ?`,
  ).all(vid, limit) as unknown as HitRow[];
}

/** Networks whose name or subnet text contains q. */
function networksByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, match, value, rank FROM (
      SELECT id, name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank FROM networks WHERE ${matches('name')}
      UNION ALL SELECT id, name, site_id, 'subnet', subnet, ${rank('subnet')} FROM networks WHERE ${matches('subnet')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Networks of one address family: the candidates for "which subnet holds this address". */
function networksOfFamily(db: Db, family: 4 | 6): { id: string; name: string; site_id: string; subnet: string }[] {
  return prepare(db, "SELECT id, name, site_id, subnet FROM networks WHERE (instr(subnet, ':') > 0) = ?").all(family === 6 ? 1 : 0) as {
    id: string;
    name: string;
    site_id: string;
    subnet: string;
  }[];
}

/** Ports whose description or connected device contains q; named "switch / port". */
function portsByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, switch_id, match, value, rank FROM (
      SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'description' AS match, p.description AS value,
          ${rank('p.description')} AS rank
        FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${matches('p.description')}
      UNION ALL SELECT p.id, w.name || ' / ' || p.name, w.site_id, p.switch_id, 'connectedDevice', p.connected_device, ${rank('p.connected_device')}
        FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${matches('p.connected_device')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/**
 * Ports or LAGs named by "switch/name" or "switch name" (`acc-1/48`, `acc-1 Gi1/0/48`, `acc-1 / 48`, `acc-1 ae0`):
 * each way of cutting q in two at a "/" or a space is tried, the switch name exactly and the port's or LAG's name
 * exactly (rank 0) or as a prefix (rank 2), case-insensitively.
 */
function bySwitchAndName(db: Db, table: keyof typeof SWITCH_AND_NAME, q: string, limit: number): HitRow[] {
  const pairs = switchAndNamePairs(q);
  if (pairs.length === 0) return [];
  const { match, order } = SWITCH_AND_NAME[table];
  return prepare(
    db,
    `SELECT item.id, w.name || ' / ' || item.name AS name, w.site_id, item.switch_id, '${match}' AS match, w.name || ' / ' || item.name AS value,
      min(CASE WHEN item.name = json_extract(c.value, '$[1]') THEN 0 ELSE 2 END) AS rank
    FROM json_each(:pairs) c CROSS JOIN switches w ON w.name = json_extract(c.value, '$[0]')
      CROSS JOIN ${table} item ON item.switch_id = w.id AND item.name LIKE json_extract(c.value, '$[2]') ESCAPE '\\'
    GROUP BY item.id ORDER BY rank, w.name, ${order} LIMIT :limit`,
  ).all({ pairs: JSON.stringify(pairs), limit }) as unknown as HitRow[];
}

/** The tables bySwitchAndName searches: the match each answers and its order within a switch. */
const SWITCH_AND_NAME = {
  ports: { match: 'switchPort', order: 'item.position, item.name' },
  lags: { match: 'switchLag', order: 'item.name' },
} as const satisfies Record<string, { match: SearchMatch; order: string }>;

/**
 * The ways of cutting q in two at a "/" or a space, each [switch name, the other name, that name as a LIKE prefix]
 * (`acc-1/Po1`, `acc-1 Po1`); at most 32.
 */
function switchAndNamePairs(q: string): [string, string, string][] {
  const pairs: [string, string, string][] = [];
  for (const cut of q.matchAll(/\s*\/\s*|\s+/g)) {
    const switchName = q.slice(0, cut.index).trim();
    const name = q.slice(cut.index + cut[0].length).trim();
    if (switchName && name && pairs.length < 32) pairs.push([switchName, name, likePattern(name).slice(1)]);
  }
  return pairs;
}

/** LAGs whose name contains q; named "switch / LAG". */
function lagsByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT l.id, w.name || ' / ' || l.name AS name, w.site_id, l.switch_id, 'name' AS match, l.name AS value, ${rank('l.name')} AS rank
    FROM lags l JOIN switches w ON w.id = l.switch_id WHERE ${matches('l.name')}
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Templates whose name, vendor or model contains q (of no site). */
function templatesByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, NULL AS site_id, match, value, rank FROM (
      SELECT id, name, 'name' AS match, name AS value, ${rank('name')} AS rank FROM templates WHERE ${matches('name')}
      UNION ALL SELECT id, name, 'vendor', vendor, ${rank('vendor')} FROM templates WHERE ${matches('vendor')}
      UNION ALL SELECT id, name, 'model', model, ${rank('model')} FROM templates WHERE ${matches('model')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Ports whose connected device's MAC address is these 12 hex digits (stored lower case with colons). */
function portsByFullMac(db: Db, mac: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'deviceMacAddress' AS match, p.mac_address AS value, 0 AS rank
    FROM ports p JOIN switches w ON w.id = p.switch_id WHERE p.mac_address = ? ORDER BY name LIMIT ?`,
  ).all(mac, limit) as unknown as HitRow[];
}

/** Ports whose connected device's MAC address holds these hex digits (fewer than 12). */
function portsByPartialMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'deviceMacAddress' AS match, p.mac_address AS value,
      CASE WHEN replace(p.mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM ports p JOIN switches w ON w.id = p.switch_id
    WHERE p.mac_address IS NOT NULL AND replace(p.mac_address, ':', '') LIKE '%' || :digits || '%'
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, limit }) as unknown as HitRow[];
}

/** An address's name in a result: "<address> (<hostname>)", or the address alone. */
const ADDRESS_NAME = `a.address || coalesce(' (' || a.hostname || ')', '')`;
const ADDRESS_HIT = `a.id, ${ADDRESS_NAME} AS name, n.site_id, a.network_id`;

/**
 * Recorded addresses equal to the address `ip` (its key, in every network of its family: each network's index
 * finds it), whatever spelling q used.
 */
function addressesByIp(db: Db, ip: string, limit: number): HitRow[] {
  const key = ipKey(ip)!;
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'ipAddress' AS match, a.address AS value, 0 AS rank
    FROM networks n CROSS JOIN addresses a ON a.network_id = n.id AND a.key_hi = :hi AND a.key_lo = :lo
    ORDER BY name, a.id LIMIT :limit`,
  ).all({ hi: key.hi, lo: key.lo, limit }) as unknown as HitRow[];
}

/** Recorded addresses whose text begins with q (`10.0.1`, `2001:db8:`). */
function addressesByPrefix(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'ipAddress' AS match, a.address AS value, 2 AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE a.address LIKE :prefix ESCAPE '\\'
    ORDER BY a.key_hi, a.key_lo LIMIT :limit`,
  ).all({ prefix: likePattern(q).slice(1), limit }) as unknown as HitRow[];
}

/** Recorded addresses whose hostname contains q. */
function addressesByHostname(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'hostname' AS match, a.hostname AS value, ${rank('a.hostname')} AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE ${matches('a.hostname')}
    ORDER BY rank, a.hostname, a.id LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Recorded addresses whose device's MAC address is these 12 hex digits (stored lower case with colons). */
function addressesByFullMac(db: Db, mac: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'macAddress' AS match, a.mac_address AS value, 0 AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE a.mac_address = ? ORDER BY name, a.id LIMIT ?`,
  ).all(mac, limit) as unknown as HitRow[];
}

/** Recorded addresses whose device's MAC address holds these hex digits (fewer than 12). */
function addressesByPartialMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'macAddress' AS match, a.mac_address AS value,
      CASE WHEN replace(a.mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id
    WHERE a.mac_address IS NOT NULL AND replace(a.mac_address, ':', '') LIKE '%' || :digits || '%'
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, limit }) as unknown as HitRow[];
}

/** The beginning of an address as typed: digits and hex with at least one "." or ":" (`10.0.1`, `2001:db8:`). */
const ADDRESS_PREFIX = /^(?=.*[.:])[0-9a-f.:]+$/i;

/** The networks whose subnet contains the address, most specific first, ranked between exact and prefix. */
function networksContaining(db: Db, ip: string, family: 4 | 6): RankedHit[] {
  return networksOfFamily(db, family)
    .filter((network) => cidrContains(network.subnet, ip))
    .map((network) => ({
      type: 'network' as const,
      id: network.id,
      name: network.name,
      siteId: network.site_id,
      match: 'address' as const,
      label: MATCH_LABELS.address,
      value: network.subnet,
      // A longer prefix is a better answer: /24 ranks before /16, both after an exact match.
      rank: IN_SUBNET + (1 - Number(network.subnet.split('/')[1]) / 129) * (PREFIX - IN_SUBNET) * 0.99,
    }));
}

const VLAN_QUERY = /^(?:vlan\s*)?(\d{1,4})$/i;

/**
 * Finds sites, switches, VLANs, networks, ports, LAGs, recorded addresses and templates for a search text, best first: exact before
 * (subnet containing an address before) prefix before substring; equal ranks by kind, then name. At most `limit`
 * results.
 */
export function search(db: Db, text: string, limit: number): SearchHit[] {
  const q = text.trim();
  const address = parseIp(q);
  const ip = address ? normalizeIp(q)! : q;
  const digits = address ? undefined : macDigits(q);
  const vlan = VLAN_QUERY.exec(q);
  const vid = vlan ? Number(vlan[1]) : undefined;
  const tag =
    (type: SearchType) =>
    (row: HitRow): RankedHit => ({
      type,
      id: row.id,
      name: row.name,
      ...(row.site_id ? { siteId: row.site_id } : {}),
      ...(row.switch_id ? { switchId: row.switch_id } : {}),
      ...(row.network_id ? { networkId: row.network_id } : {}),
      match: row.match,
      label: MATCH_LABELS[row.match],
      value: String(row.value),
      rank: row.rank,
    });
  const portMacs =
    digits === undefined
      ? []
      : digits.length === 12
        ? portsByFullMac(db, digits.match(/../g)!.join(':'), limit)
        : portsByPartialMac(db, digits, limit);
  const addressMacs =
    digits === undefined
      ? []
      : digits.length === 12
        ? addressesByFullMac(db, digits.match(/../g)!.join(':'), limit)
        : addressesByPartialMac(db, digits, limit);
  const addressTexts = address ? addressesByIp(db, ip, limit) : ADDRESS_PREFIX.test(q) ? addressesByPrefix(db, q.toLowerCase(), limit) : [];
  const hits: RankedHit[] = [
    ...sitesByName(db, q, limit).map(tag('site')),
    ...switchesByText(db, q, ip, limit).map(tag('switch')),
    ...switchesByTag(db, q, limit).map(tag('switch')),
    ...(digits ? switchesByMac(db, digits, limit).map(tag('switch')) : []),
    ...vlansByName(db, q, limit).map(tag('vlan')),
    ...(vid !== undefined && vid >= 1 && vid <= 4094 ? vlansByVid(db, vid, limit).map(tag('vlan')) : []),
    ...networksByText(db, q, limit).map(tag('network')),
    ...(address ? networksContaining(db, ip, address.family) : []),
    ...bySwitchAndName(db, 'ports', q, limit).map(tag('port')),
    ...portMacs.map(tag('port')),
    ...portsByText(db, q, limit).map(tag('port')),
    ...bySwitchAndName(db, 'lags', q, limit).map(tag('lag')),
    ...lagsByName(db, q, limit).map(tag('lag')),
    ...addressTexts.map(tag('address')),
    ...addressesByHostname(db, q, limit).map(tag('address')),
    ...addressMacs.map(tag('address')),
    ...templatesByText(db, q, limit).map(tag('template')),
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
