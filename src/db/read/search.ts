import { storedInterfaceNames } from '../../lib/interface-name.ts';
import { ipKey } from '../../lib/ip-math.ts';
import { cidrContains, macDigits, normalizeCidr, normalizeIp, parseIp } from '../../lib/net.ts';
import { likePattern } from '../list-query.ts';
import { prepare, type Db } from '../open.ts';
import { macKey, phraseQuery, type SearchIndex } from '../search-index.ts';

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
  seenMac: 'MAC address seen on',
  seenIp: 'IP address seen on',
  sightedMac: 'MAC address seen before on',
  sightedIp: 'IP address seen before on',
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
  /** A MAC or IP address seen on a port by a discovery (seenMac, seenIp, sightedMac, sightedIp): when it was last seen there. */
  seenAt?: string;
  /** sightedMac, sightedIp: since when the discoveries saw it there (its history, migrations/0021_history.sql). */
  seenFrom?: string;
}

/**
 * How well a hit matched: lower is better. Where a discovery saw an address comes after what is documented with it;
 * a subnet that contains the address sits between exact and prefix.
 */
const SEEN = 0.5;
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
  seen_at?: string;
  seen_from?: string;
}

/**
 * The parameters every text query binds: the text for exact and prefix comparison, and for the substring either
 * the phrase the search index looks up (`:phrase`, q of 3 characters or more) or a LIKE pattern (`:pattern`).
 */
function textParams(q: string, limit: number) {
  const pattern = likePattern(q);
  const phrase = phraseQuery(q, []);
  return { exact: q, prefix: pattern.slice(1), limit, ...(phrase === undefined ? { pattern } : { phrase: phrase.slice('{} : '.length) }) };
}

/** Whether the substring of a text query is looked up in the search index (else scanned with LIKE). */
const indexed = (q: string) => phraseQuery(q, []) !== undefined;

// Exact (case-insensitive) before prefix before substring; LIKE is case-insensitive for ASCII.
const rank = (column: string) =>
  `CASE WHEN ${column} = :exact COLLATE NOCASE THEN 0 WHEN ${column} LIKE :prefix ESCAPE '\\' THEN 2 ELSE 3 END`;

/**
 * The rows whose `column` (of `table` under `alias`) contains q: by the search index, whose phrase finds exactly
 * the rows LIKE finds, or for a q too short for trigrams by LIKE over every row.
 */
const matches = (q: string, index: SearchIndex, alias: string, column: string) =>
  indexed(q)
    ? `${alias}.rowid IN (SELECT rowid FROM ${index} WHERE ${index} MATCH '{${column}} : ' || :phrase)`
    : `${alias}.${column} LIKE :pattern ESCAPE '\\'`;

/** The rows whose MAC address holds these hex digits (4 or more, :phrase), by the search index of their digits. */
const macMatches = (index: SearchIndex, alias: string) =>
  `${alias}.rowid IN (SELECT rowid FROM ${index} WHERE ${index} MATCH '{mac_digits} : ' || :phrase)`;
const macPhrase = (digits: string) => `"${digits}"`;

/** Sites whose name contains q. */
function sitesByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, id AS site_id, 'name' AS match, name AS value, ${rank('name')} AS rank
    FROM sites WHERE ${matches(q, 'sites_search', 'sites', 'name')} ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Switches whose name, serial number or management IP contains q (the IP also exactly in its canonical form). */
function switchesByText(db: Db, q: string, ip: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, match, value, rank FROM (
      SELECT id, name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank FROM switches WHERE ${matches(q, 'switches_search', 'switches', 'name')}
      UNION ALL SELECT id, name, site_id, 'serialNumber', serial_number, ${rank('serial_number')}
        FROM switches WHERE ${matches(q, 'switches_search', 'switches', 'serial_number')}
      UNION ALL SELECT id, name, site_id, 'managementIp', management_ip, CASE WHEN management_ip = :ip THEN 0 ELSE ${rank('management_ip')} END
        FROM switches WHERE management_ip = :ip OR ${matches(q, 'switches_search', 'switches', 'management_ip')})
    ORDER BY rank, name LIMIT :limit`,
  ).all({ ...textParams(q, limit), ip }) as unknown as HitRow[];
}

/** Switches with a tag that contains q (its best tag counts). */
function switchesByTag(db: Db, q: string, limit: number): HitRow[] {
  // A tag that holds q, stored as JSON text, holds it in the text of the list too, unless JSON escapes one of q's
  // characters: the index narrows the switches down, json_each decides.
  const phrase = /["\\\u0000-\u001f]/.test(q) ? undefined : phraseQuery(q, [])?.slice('{} : '.length);
  const inIndex = phrase ? "sw.rowid IN (SELECT rowid FROM switches_search WHERE switches_search MATCH '{tags} : ' || :phrase) AND" : '';
  return prepare(
    db,
    `SELECT sw.id, sw.name, sw.site_id, 'tags' AS match, min(${rank('t.value')}) AS rank, t.value AS value
    FROM switches sw CROSS JOIN json_each(sw.tags) t WHERE sw.tags <> '[]' AND ${inIndex}
      t.value LIKE :pattern ESCAPE '\\'
    GROUP BY sw.id ORDER BY rank, sw.name LIMIT :limit`,
  ).all({
    exact: q,
    prefix: likePattern(q).slice(1),
    pattern: likePattern(q),
    limit,
    ...(phrase ? { phrase } : {}),
  }) as unknown as HitRow[];
}

/** Switches whose MAC address holds these hex digits (any spelling: the separators are left out on both sides). */
function switchesByMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, 'macAddress' AS match, mac_address AS value,
      CASE WHEN replace(mac_address, ':', '') = :digits THEN 0 WHEN replace(mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM switches WHERE ${macMatches('switches_search', 'switches')}
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, phrase: macPhrase(digits), limit }) as unknown as HitRow[];
}

/** Switches whose MAC address is these 12 hex digits. */
function switchesByFullMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, site_id, 'macAddress' AS match, mac_address AS value, 0 AS rank
    FROM switches WHERE ${macKey('mac_address')} = ? ORDER BY name LIMIT ?`,
  ).all(digits, limit) as unknown as HitRow[];
}

/** A VLAN's name in a result: "VLAN <vid> (<name>)", so that the number shows whatever matched. */
const VLAN_NAME = `'VLAN ' || vid || ' (' || name || ')'`;

/** VLANs whose name contains q. */
function vlansByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, ${VLAN_NAME} AS name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank
    FROM vlans WHERE ${matches(q, 'vlans_search', 'vlans', 'name')} ORDER BY rank, vid, name LIMIT :limit`,
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
      SELECT id, name, site_id, 'name' AS match, name AS value, ${rank('name')} AS rank FROM networks WHERE ${matches(q, 'networks_search', 'networks', 'name')}
      UNION ALL SELECT id, name, site_id, 'subnet', subnet, ${rank('subnet')} FROM networks WHERE ${matches(q, 'networks_search', 'networks', 'subnet')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/**
 * The networks whose subnet is one of these (canonical CIDR texts, as a network's subnet is stored): the
 * candidates for "which subnet holds this address", found in networks_subnet.
 */
function networksWithSubnets(db: Db, subnets: string[]): { id: string; name: string; site_id: string; subnet: string }[] {
  return prepare(db, 'SELECT id, name, site_id, subnet FROM networks WHERE subnet IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(subnets),
  ) as { id: string; name: string; site_id: string; subnet: string }[];
}

/** The columns of a port that search reads text in, with the match each answers, and the index of each. */
const PORT_TEXT = { description: 'description', connected_device: 'connectedDevice' } as const satisfies Record<string, SearchMatch>;
const PORT_INDEX = { description: 'ports_description_search', connected_device: 'ports_connected_device_search' } as const;

/**
 * Past this many ports found in the index, sorting them all by name costs more than walking the ports in name
 * order until the page is full (a common substring: "port 1" is in a fifth of all descriptions).
 */
const MANY_PORTS = 100;

/** Ports whose description or connected device contains q; named "switch / port". Best rank first, then name. */
function portsByText(db: Db, q: string, limit: number): HitRow[] {
  const rows = Object.keys(PORT_TEXT).flatMap((column) => portsByColumn(db, q, column as keyof typeof PORT_TEXT, limit));
  return rows.sort((a, b) => a.rank - b.rank || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name))).slice(0, limit);
}

/** The best `limit` ports whose `column` contains q, by rank, then name. */
function portsByColumn(db: Db, q: string, column: keyof typeof PORT_TEXT, limit: number): HitRow[] {
  const phrase = phraseQuery(q, [column]);
  if (phrase === undefined || portsInIndex(db, PORT_INDEX[column], phrase, MANY_PORTS) < MANY_PORTS) {
    return portsSorted(db, q, column, limit, false);
  }
  const rows: HitRow[] = [];
  // Exact and prefix matches (ranks 0 and 2) begin with q: a range of the column's NOCASE index.
  const prefixes = portsBeginningWith(db, q, column, MANY_PORTS);
  if (prefixes > 0 && prefixes < MANY_PORTS) rows.push(...portsSorted(db, q, column, limit, true));
  else if (prefixes > 0) for (const tier of [0, 2]) rows.push(...portsInNameOrder(db, q, column, tier, limit - rows.length));
  rows.push(...portsInNameOrder(db, q, column, 3, limit - rows.length));
  return rows;
}

/** How many ports the index finds for a phrase query, counted up to `most`. */
function portsInIndex(db: Db, index: (typeof PORT_INDEX)[keyof typeof PORT_INDEX], phrase: string, most: number): number {
  return (
    prepare(db, `SELECT count(*) AS n FROM (SELECT rowid FROM ${index} WHERE ${index} MATCH ? LIMIT ?)`).get(phrase, most) as { n: number }
  ).n;
}

/** How many ports' `column` begins with q (as LIKE compares: ASCII case folded), counted up to `most`. */
function portsBeginningWith(db: Db, q: string, column: keyof typeof PORT_TEXT, most: number): number {
  return (
    prepare(db, `SELECT count(*) AS n FROM (SELECT 1 FROM ports WHERE ${column} LIKE ? ESCAPE '\\' LIMIT ?)`).get(
      likePattern(q).slice(1),
      most,
    ) as { n: number }
  ).n;
}

/** The best `limit` ports whose `column` contains q (only those that begin with it: `prefixOnly`), all sorted. */
function portsSorted(db: Db, q: string, column: keyof typeof PORT_TEXT, limit: number, prefixOnly: boolean): HitRow[] {
  const found = prefixOnly ? `p.${column} LIKE :prefix ESCAPE '\\'` : matches(q, PORT_INDEX[column], 'p', column);
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, '${PORT_TEXT[column]}' AS match, p.${column} AS value,
      ${rank(`p.${column}`)} AS rank
    FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${found}
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/**
 * The first `limit` ports of rank `tier` whose `column` contains q, walking the switches and their ports in name
 * order (switches_name_binary), so that the walk stops when the page is full.
 */
function portsInNameOrder(db: Db, q: string, column: keyof typeof PORT_TEXT, tier: number, limit: number): HitRow[] {
  if (limit <= 0) return [];
  const pattern = likePattern(q);
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, '${PORT_TEXT[column]}' AS match, p.${column} AS value, :tier AS rank
    FROM switches w INDEXED BY switches_name_binary CROSS JOIN ports p ON p.switch_id = w.id
    WHERE p.${column} LIKE :pattern ESCAPE '\\' AND ${rank(`p.${column}`)} = :tier
    ORDER BY w.name COLLATE BINARY, p.name COLLATE BINARY LIMIT :limit`,
  ).all({ exact: q, prefix: pattern.slice(1), pattern, tier, limit }) as unknown as HitRow[];
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
 * (`acc-1/Po1`, `acc-1 Po1`), the other name in each of its spellings (`acc-1 Port-channel1`); at most 32 cuts.
 */
function switchAndNamePairs(q: string): [string, string, string][] {
  const pairs: [string, string, string][] = [];
  for (const cut of [...q.matchAll(/\s*\/\s*|\s+/g)].slice(0, 32)) {
    const switchName = q.slice(0, cut.index).trim();
    const name = q.slice(cut.index + cut[0].length).trim();
    if (!switchName || !name) continue;
    for (const form of storedInterfaceNames(name)) pairs.push([switchName, form, likePattern(form).slice(1)]);
  }
  return pairs;
}

/** A name that may be an interface's: letters, then a digit (`Gi1/0/5`, `xe-0/0/5`, `ae0`, `mgmt0`). */
const INTERFACE_LIKE = /^[a-z][a-z-]* ?\d/i;

/**
 * Ports whose name is q or begins with it, in any of its spellings (`Gi1/0/5` finds `GigabitEthernet1/0/5` on every
 * switch), for a q like an interface name; named "switch / port", the exact names first.
 */
function portsByName(db: Db, q: string, limit: number): HitRow[] {
  if (!INTERFACE_LIKE.test(q)) return [];
  return storedInterfaceNames(q)
    .flatMap((form) => [...portsNamed(db, form, limit), ...portsNamedFrom(db, form, limit)])
    .sort((a, b) => a.rank - b.rank || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
    .slice(0, limit);
}

/**
 * The first `limit` ports named `name` (case-insensitively), by switch name: the few found in ports_name sorted, or
 * where many switches have such a port (Gi1/0/5), the switches walked in name order, each looked up in ports_name,
 * until the page is full.
 */
function portsNamed(db: Db, name: string, limit: number): HitRow[] {
  const many = (
    prepare(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM ports WHERE name = ? LIMIT ?)').get(name, MANY_PORTS) as { n: number }
  ).n;
  const found =
    many < MANY_PORTS
      ? 'ports p INDEXED BY ports_name JOIN switches w ON w.id = p.switch_id WHERE p.name = :name ORDER BY name'
      : 'switches w INDEXED BY switches_name_binary CROSS JOIN ports p INDEXED BY ports_name ON p.name = :name AND p.switch_id = w.id ' +
        'ORDER BY w.name COLLATE BINARY';
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'name' AS match, p.name AS value, 0 AS rank
    FROM ${found} LIMIT :limit`,
  ).all({ name, limit }) as unknown as HitRow[];
}

/**
 * The first `limit` ports whose name begins with `prefix` and is longer, in name order (a range of ports_name that
 * stops when the page is full: names are ASCII, so each such name sorts before the prefix followed by DEL).
 */
function portsNamedFrom(db: Db, prefix: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'name' AS match, p.name AS value, 2 AS rank
    FROM ports p INDEXED BY ports_name JOIN switches w ON w.id = p.switch_id
    WHERE p.name > :prefix AND p.name < :prefix || char(127) ORDER BY p.name, w.name LIMIT :limit`,
  ).all({ prefix, limit }) as unknown as HitRow[];
}

/** LAGs whose name contains q; named "switch / LAG". */
function lagsByName(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT l.id, w.name || ' / ' || l.name AS name, w.site_id, l.switch_id, 'name' AS match, l.name AS value, ${rank('l.name')} AS rank
    FROM lags l JOIN switches w ON w.id = l.switch_id WHERE ${matches(q, 'lags_search', 'l', 'name')}
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Templates whose name, vendor or model contains q (of no site). */
function templatesByText(db: Db, q: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT id, name, NULL AS site_id, match, value, rank FROM (
      SELECT id, name, 'name' AS match, name AS value, ${rank('name')} AS rank FROM templates WHERE ${matches(q, 'templates_search', 'templates', 'name')}
      UNION ALL SELECT id, name, 'vendor', vendor, ${rank('vendor')} FROM templates WHERE ${matches(q, 'templates_search', 'templates', 'vendor')}
      UNION ALL SELECT id, name, 'model', model, ${rank('model')} FROM templates WHERE ${matches(q, 'templates_search', 'templates', 'model')})
    ORDER BY rank, name LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Ports whose connected device's MAC address is these 12 hex digits. */
function portsByFullMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'deviceMacAddress' AS match, p.mac_address AS value, 0 AS rank
    FROM ports p JOIN switches w ON w.id = p.switch_id WHERE ${macKey('p.mac_address')} = ? AND p.mac_address IS NOT NULL ORDER BY name LIMIT ?`,
  ).all(digits, limit) as unknown as HitRow[];
}

/** Ports whose connected device's MAC address holds these hex digits (fewer than 12). */
function portsByPartialMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, 'deviceMacAddress' AS match, p.mac_address AS value,
      CASE WHEN replace(p.mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM ports p JOIN switches w ON w.id = p.switch_id
    WHERE ${macMatches('ports_search', 'p')}
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, phrase: macPhrase(digits), limit }) as unknown as HitRow[];
}

/** A port where a discovery saw an address: "switch / port", and when it was last seen there (docs/DISCOVERY.md). */
const SEEN_PORT = `p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, max(f.seen_at) AS seen_at`;

/** Ports where a kept MAC table saw this MAC address (12 hex digits). */
function portsSeenWithMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${SEEN_PORT}, 'seenMac' AS match, f.mac AS value, ${SEEN} AS rank
    FROM fdb_entries f JOIN ports p ON p.id = f.port_id JOIN switches w ON w.id = p.switch_id
    WHERE ${macKey('f.mac')} = ? GROUP BY p.id ORDER BY seen_at DESC, name LIMIT ?`,
  ).all(digits, limit) as unknown as HitRow[];
}

/** Ports where a kept MAC table saw a MAC address holding these hex digits (fewer than 12). */
function portsSeenWithPartialMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${SEEN_PORT}, 'seenMac' AS match, f.mac AS value,
      CASE WHEN replace(f.mac, ':', '') LIKE :digits || '%' THEN ${PREFIX} ELSE 3 END AS rank
    FROM fdb_entries f JOIN ports p ON p.id = f.port_id JOIN switches w ON w.id = p.switch_id
    WHERE replace(f.mac, ':', '') LIKE '%' || :digits || '%' GROUP BY p.id ORDER BY rank, seen_at DESC, name LIMIT :limit`,
  ).all({ digits, limit }) as unknown as HitRow[];
}

/** Ports where a kept MAC table saw the MAC address that a kept ARP table gives this IP address (stored form). */
function portsSeenWithIp(db: Db, ip: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${SEEN_PORT}, 'seenIp' AS match, a.ip AS value, ${SEEN} AS rank
    FROM arp_entries a JOIN fdb_entries f ON ${macKey('f.mac')} = ${macKey('a.mac')} JOIN ports p ON p.id = f.port_id JOIN switches w ON w.id = p.switch_id
    WHERE a.ip = ? GROUP BY p.id ORDER BY seen_at DESC, name LIMIT ?`,
  ).all(ip, limit) as unknown as HitRow[];
}

/** Where the history saw a MAC (as stored: aa:bb:cc:dd:ee:ff) or an IP address, on ports that still exist, newest first. */
function portsSighted(db: Db, key: { mac: string } | { ip: string }, limit: number): HitRow[] {
  const [match, where] = 'mac' in key ? ['sightedMac', 's.mac = :mac'] : ['sightedIp', 's.ip = :ip'];
  return prepare(
    db,
    `SELECT p.id, w.name || ' / ' || p.name AS name, w.site_id, p.switch_id, '${match}' AS match, ${'mac' in key ? 's.mac' : 's.ip'} AS value,
      ${SEEN + 0.1} AS rank, s.last_seen AS seen_at, s.first_seen AS seen_from
    FROM mac_sightings s JOIN ports p ON p.id = s.port_id JOIN switches w ON w.id = p.switch_id
    WHERE ${where} ORDER BY s.last_seen DESC, s.id DESC LIMIT :limit`,
  ).all({ ...key, limit }) as unknown as HitRow[];
}

/** An address's name in a result: "<address> (<hostname>)", or the address alone. */
const ADDRESS_NAME = `a.address || coalesce(' (' || a.hostname || ')', '')`;
const ADDRESS_HIT = `a.id, ${ADDRESS_NAME} AS name, n.site_id, a.network_id`;

/** Recorded addresses equal to the address `ip` (its key, in every network: addresses_key), whatever spelling q used. */
function addressesByIp(db: Db, ip: string, limit: number): HitRow[] {
  const key = ipKey(ip)!;
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'ipAddress' AS match, a.address AS value, 0 AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE a.key_hi = :hi AND a.key_lo = :lo
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
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE ${matches(q, 'addresses_hostname_search', 'a', 'hostname')}
    ORDER BY rank, a.hostname, a.id LIMIT :limit`,
  ).all(textParams(q, limit)) as unknown as HitRow[];
}

/** Recorded addresses whose device's MAC address is these 12 hex digits. */
function addressesByFullMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'macAddress' AS match, a.mac_address AS value, 0 AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id WHERE ${macKey('a.mac_address')} = ? AND a.mac_address IS NOT NULL
    ORDER BY name, a.id LIMIT ?`,
  ).all(digits, limit) as unknown as HitRow[];
}

/** Recorded addresses whose device's MAC address holds these hex digits (fewer than 12). */
function addressesByPartialMac(db: Db, digits: string, limit: number): HitRow[] {
  return prepare(
    db,
    `SELECT ${ADDRESS_HIT}, 'macAddress' AS match, a.mac_address AS value,
      CASE WHEN replace(a.mac_address, ':', '') LIKE :digits || '%' THEN 2 ELSE 3 END AS rank
    FROM addresses a JOIN networks n ON n.id = a.network_id
    WHERE ${macMatches('addresses_search', 'a')}
    ORDER BY rank, name LIMIT :limit`,
  ).all({ digits, phrase: macPhrase(digits), limit }) as unknown as HitRow[];
}

/** The beginning of an address as typed: digits and hex with at least one "." or ":" (`10.0.1`, `2001:db8:`). */
const ADDRESS_PREFIX = /^(?=.*[.:])[0-9a-f.:]+$/i;

/**
 * Whether q can begin an address as stored: IPv4 octets of at most 3 digits, IPv6 groups of at most 4 hex digits
 * without a leading zero (canonical text). Part of a MAC (`5254.0001`, `52:54:00`) cannot, and is not looked for
 * among the addresses' text, which only a walk of every address would answer.
 */
function canBeginAddress(q: string): boolean {
  if (!ADDRESS_PREFIX.test(q)) return false;
  if (q.includes(':') && q.includes('.')) return true;
  if (q.includes(':')) return q.split(':').every((group) => group.length <= 4 && !/^0./.test(group));
  return q.split('.').every((octet) => /^\d{0,3}$/.test(octet));
}

/** The networks whose subnet contains the address, most specific first, ranked between exact and prefix. */
function networksContaining(db: Db, ip: string, family: 4 | 6): RankedHit[] {
  // Every subnet that can hold the address: the address itself with each prefix length, its host bits cleared.
  const subnets = Array.from({ length: family === 4 ? 33 : 129 }, (_, prefix) => {
    const cidr = normalizeCidr(`${ip}/${prefix}`);
    return cidr.ok ? cidr.value : cidr.network;
  }).filter((subnet): subnet is string => subnet !== undefined);
  return networksWithSubnets(db, subnets)
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

/** A result row as a ranked hit of a kind. */
const tagged =
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
    ...(row.seen_at ? { seenAt: row.seen_at } : {}),
    ...(row.seen_from ? { seenFrom: row.seen_from } : {}),
  });

/**
 * Finds sites, switches, VLANs, networks, ports (those where a discovery saw a MAC or IP address too), LAGs, recorded
 * addresses and templates for a search text, best first: exact before
 * (subnet containing an address before) prefix before substring; equal ranks by kind, then name. At most `limit`
 * results. A whole MAC address, in any spelling, is looked up where MACs are kept, by key, and in nothing else.
 */
export function search(db: Db, text: string, limit: number): SearchHit[] {
  const q = text.trim();
  const address = parseIp(q);
  const digits = address ? undefined : macDigits(q);
  const hits = digits?.length === 12 ? hitsOfMac(db, digits, limit) : hitsOfText(db, q, digits, limit);
  return bestFirst(hits)
    .slice(0, limit)
    .map(({ rank: _rank, ...hit }) => hit);
}

/** The hits of a whole MAC address (its 12 hex digits): the key lookups of each place a MAC is kept. */
function hitsOfMac(db: Db, digits: string, limit: number): RankedHit[] {
  return [
    ...switchesByFullMac(db, digits, limit).map(tagged('switch')),
    ...portsByFullMac(db, digits, limit).map(tagged('port')),
    ...portsSeenWithMac(db, digits, limit).map(tagged('port')),
    ...addressesByFullMac(db, digits, limit).map(tagged('address')),
    ...portsSighted(db, { mac: digits.match(/../g)!.join(':') }, limit).map(tagged('port')),
  ];
}

/** The hits of any other text: names, numbers, addresses, part of a MAC (`digits`, fewer than 12), switch/port. */
function hitsOfText(db: Db, q: string, digits: string | undefined, limit: number): RankedHit[] {
  const address = parseIp(q);
  const ip = address ? normalizeIp(q)! : q;
  const vlan = VLAN_QUERY.exec(q);
  const vid = vlan ? Number(vlan[1]) : undefined;
  const addressTexts = address ? addressesByIp(db, ip, limit) : canBeginAddress(q) ? addressesByPrefix(db, q.toLowerCase(), limit) : [];
  const seen = digits
    ? portsSeenWithPartialMac(db, digits, limit)
    : address
      ? [...portsSeenWithIp(db, ip, limit), ...portsSighted(db, { ip }, limit)]
      : [];
  return [
    ...sitesByName(db, q, limit).map(tagged('site')),
    ...switchesByText(db, q, ip, limit).map(tagged('switch')),
    ...switchesByTag(db, q, limit).map(tagged('switch')),
    ...(digits ? switchesByMac(db, digits, limit).map(tagged('switch')) : []),
    ...vlansByName(db, q, limit).map(tagged('vlan')),
    ...(vid !== undefined && vid >= 1 && vid <= 4094 ? vlansByVid(db, vid, limit).map(tagged('vlan')) : []),
    ...networksByText(db, q, limit).map(tagged('network')),
    ...(address ? networksContaining(db, ip, address.family) : []),
    ...bySwitchAndName(db, 'ports', q, limit).map(tagged('port')),
    ...portsByName(db, q, limit).map(tagged('port')),
    ...(digits ? portsByPartialMac(db, digits, limit).map(tagged('port')) : []),
    ...portsByText(db, q, limit).map(tagged('port')),
    ...seen.map(tagged('port')),
    ...bySwitchAndName(db, 'lags', q, limit).map(tagged('lag')),
    ...lagsByName(db, q, limit).map(tagged('lag')),
    ...addressTexts.map(tagged('address')),
    ...addressesByHostname(db, q, limit).map(tagged('address')),
    ...(digits ? addressesByPartialMac(db, digits, limit).map(tagged('address')) : []),
    ...templatesByText(db, q, limit).map(tagged('template')),
  ];
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
