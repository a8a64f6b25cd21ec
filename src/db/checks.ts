// The consistency checks of GET /api/checks: one SQL statement per finding kind (no per-row queries), turned into
// findings that name every entity involved. `:site` (null for all sites) keeps the findings that involve a site.
import { cidrContains } from '../lib/net.ts';
import { inTransaction, prepare, type Db } from './open.ts';

/** The kinds of finding, in the order a report lists them within one severity. */
export const FINDING_KINDS = [
  'duplicate_management_ip',
  'duplicate_mac',
  'gateway_is_management_ip',
  'link_mode_mismatch',
  'link_native_vlan_mismatch',
  'management_ip_outside_subnets',
  'vlan_not_carried_by_uplink',
  'unused_network',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** How bad a finding is. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** An entity a finding names; a port's name is "<switch> port <port>", so that it reads on its own. */
export interface EntityRef {
  type: 'switch' | 'network' | 'port';
  id: string;
  name: string;
}

/** One inconsistency of the documented network. */
export interface Finding {
  kind: FindingKind;
  severity: Severity;
  message: string;
  entities: EntityRef[];
}

/** The severity of each kind. */
const SEVERITY_OF: Record<FindingKind, Severity> = {
  duplicate_management_ip: 'error',
  duplicate_mac: 'error',
  gateway_is_management_ip: 'warning',
  link_mode_mismatch: 'error',
  link_native_vlan_mismatch: 'error',
  management_ip_outside_subnets: 'warning',
  vlan_not_carried_by_uplink: 'warning',
  unused_network: 'info',
};

type Check = (db: Db, site: string | null) => Finding[];

/**
 * Every finding, or with `siteId` those that involve the site (a duplicate or a link counts when one of its
 * switches is there), sorted by severity, kind, message and entity ids; all read from one snapshot.
 */
export function runChecks(db: Db, siteId?: string): Finding[] {
  const checks: Check[] = [
    duplicateManagementIps,
    duplicateMacs,
    gatewaysThatAreManagementIps,
    linkModeMismatches,
    linkNativeVlanMismatches,
    managementIpsOutsideSubnets,
    vlansNotCarriedByUplinks,
    unusedNetworks,
  ];
  const findings = inTransaction(db, () => checks.flatMap((check) => check(db, siteId ?? null)), 'DEFERRED');
  return findings.sort(compareFindings);
}

function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
    FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind) ||
    compareText(a.message, b.message) ||
    compareText(a.entities.map((e) => e.id).join(), b.entities.map((e) => e.id).join())
  );
}

// Code-unit order: the same everywhere, whatever the locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function finding(kind: FindingKind, message: string, entities: EntityRef[]): Finding {
  return { kind, severity: SEVERITY_OF[kind], message, entities };
}

/** Rows that share a key, grouped in the order the rows came. */
function groupBy<T>(rows: T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) (groups.get(key(row)) ?? groups.set(key(row), []).get(key(row))!).push(row);
  return [...groups.values()];
}

interface SwitchRow {
  key: string;
  id: string;
  name: string;
  site_name: string;
}

const switchRef = (row: { id: string; name: string }): EntityRef => ({ type: 'switch', id: row.id, name: row.name });
const switchList = (rows: SwitchRow[]) => rows.map((row) => `${row.name} (${row.site_name})`).join(', ');

/** duplicate_management_ip: one IP on several switches; the schema allows it only across sites. */
function duplicateManagementIps(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT sw.management_ip AS key, sw.id, sw.name, s.name AS site_name
    FROM switches sw JOIN sites s ON s.id = sw.site_id
    WHERE sw.management_ip IN (SELECT management_ip FROM switches WHERE management_ip IS NOT NULL GROUP BY management_ip HAVING count(*) > 1)
      AND (:site IS NULL OR sw.management_ip IN (SELECT management_ip FROM switches WHERE site_id = :site))
    ORDER BY sw.management_ip, s.name, sw.name, sw.id`,
  ).all({ site }) as unknown as SwitchRow[];
  return groupBy(rows, (row) => row.key).map((group) =>
    finding(
      'duplicate_management_ip',
      `Management IP ${group[0].key} is used by ${group.length} switches: ${switchList(group)}.`,
      group.map(switchRef),
    ),
  );
}

/** duplicate_mac: one MAC address on several switches, compared by its hex digits whatever the spelling stored. */
function duplicateMacs(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `WITH macs AS (
      SELECT id, name, site_id, lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', '')) AS digits
      FROM switches WHERE mac_address IS NOT NULL)
    SELECT m.digits AS key, m.id, m.name, s.name AS site_name FROM macs m JOIN sites s ON s.id = m.site_id
    WHERE m.digits IN (SELECT digits FROM macs GROUP BY digits HAVING count(*) > 1)
      AND (:site IS NULL OR m.digits IN (SELECT digits FROM macs WHERE site_id = :site))
    ORDER BY m.digits, s.name, m.name, m.id`,
  ).all({ site }) as unknown as SwitchRow[];
  return groupBy(rows, (row) => row.key).map((group) =>
    finding(
      'duplicate_mac',
      `MAC address ${group[0].key.match(/../g)!.join(':')} is used by ${group.length} switches: ${switchList(group)}.`,
      group.map(switchRef),
    ),
  );
}

interface GatewayRow {
  network_id: string;
  network_name: string;
  vlan_id: number;
  gateway: string;
  network_site: string;
  switch_id: string;
  switch_name: string;
  switch_site: string;
}

/** gateway_is_management_ip: a network's gateway is a switch's management IP (one address space, as for duplicates). */
function gatewaysThatAreManagementIps(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT n.id AS network_id, n.name AS network_name, n.vlan_id, n.gateway, ns.name AS network_site,
      sw.id AS switch_id, sw.name AS switch_name, ss.name AS switch_site
    FROM networks n JOIN switches sw ON sw.management_ip = n.gateway
      JOIN sites ns ON ns.id = n.site_id JOIN sites ss ON ss.id = sw.site_id
    WHERE n.gateway IS NOT NULL AND (:site IS NULL OR n.site_id = :site OR sw.site_id = :site)`,
  ).all({ site }) as unknown as GatewayRow[];
  return rows.map((row) =>
    finding(
      'gateway_is_management_ip',
      `Gateway ${row.gateway} of VLAN ${row.vlan_id} (${row.network_name}, ${row.network_site}) is also the management IP of switch ${row.switch_name} (${row.switch_site}).`,
      [
        { type: 'network', id: row.network_id, name: row.network_name },
        { type: 'switch', id: row.switch_id, name: row.switch_name },
      ],
    ),
  );
}

interface LinkEnd {
  id: string;
  name: string;
  switchName: string;
  mode: string;
  vlan: number | null;
}

interface LinkRow {
  a_id: string;
  a_name: string;
  a_switch: string;
  a_mode: string;
  a_vlan: number | null;
  b_id: string;
  b_name: string;
  b_switch: string;
  b_mode: string;
  b_vlan: number | null;
}

// Each link once (the lower id first), and a one-sided link too; either end's switch may be at the site.
const LINK_SELECT = `SELECT a.id AS a_id, a.name AS a_name, sa.name AS a_switch, a.mode AS a_mode, na.vlan_id AS a_vlan,
      b.id AS b_id, b.name AS b_name, sb.name AS b_switch, b.mode AS b_mode, nb.vlan_id AS b_vlan
    FROM ports a JOIN ports b ON b.id = a.linked_port_id
      JOIN switches sa ON sa.id = a.switch_id JOIN switches sb ON sb.id = b.switch_id
      LEFT JOIN networks na ON na.id = a.untagged_network_id LEFT JOIN networks nb ON nb.id = b.untagged_network_id
    WHERE (a.id < b.id OR b.linked_port_id IS NOT a.id) AND (:site IS NULL OR sa.site_id = :site OR sb.site_id = :site)`;

/** The two ends of a link row, ordered by switch name, port name and id. */
function linkEnds(row: LinkRow): [LinkEnd, LinkEnd] {
  const a = { id: row.a_id, name: row.a_name, switchName: row.a_switch, mode: row.a_mode, vlan: row.a_vlan };
  const b = { id: row.b_id, name: row.b_name, switchName: row.b_switch, mode: row.b_mode, vlan: row.b_vlan };
  const order = compareText(a.switchName, b.switchName) || compareText(a.name, b.name) || compareText(a.id, b.id);
  return order <= 0 ? [a, b] : [b, a];
}

const portLabel = (end: LinkEnd) => `${end.switchName} port ${end.name}`;
const portRef = (end: LinkEnd): EntityRef => ({ type: 'port', id: end.id, name: portLabel(end) });

/** link_mode_mismatch: one end of a link is an access port, the other a trunk. */
function linkModeMismatches(db: Db, site: string | null): Finding[] {
  const rows = prepare(db, `${LINK_SELECT} AND a.mode <> b.mode`).all({ site }) as unknown as LinkRow[];
  return rows
    .map(linkEnds)
    .map(([a, b]) =>
      finding(
        'link_mode_mismatch',
        `The link between ${portLabel(a)} (${a.mode}) and ${portLabel(b)} (${b.mode}) has different modes at its ends.`,
        [portRef(a), portRef(b)],
      ),
    );
}

/** link_native_vlan_mismatch: the ends of a link have different untagged VLANs, compared by number (networks are per site). */
function linkNativeVlanMismatches(db: Db, site: string | null): Finding[] {
  const rows = prepare(db, `${LINK_SELECT} AND na.vlan_id IS NOT nb.vlan_id`).all({ site }) as unknown as LinkRow[];
  const vlan = (end: LinkEnd) => (end.vlan === null ? 'no untagged VLAN' : `untagged VLAN ${end.vlan}`);
  return rows
    .map(linkEnds)
    .map(([a, b]) =>
      finding(
        'link_native_vlan_mismatch',
        `The link between ${portLabel(a)} (${vlan(a)}) and ${portLabel(b)} (${vlan(b)}) has different untagged VLANs at its ends.`,
        [portRef(a), portRef(b)],
      ),
    );
}

interface ManagementRow {
  id: string;
  name: string;
  management_ip: string;
  site_id: string;
  site_name: string;
  subnets: string | null;
}

/**
 * management_ip_outside_subnets: a switch's management IP is in no subnet of its site's networks. Only judged
 * against subnets of the IP's own family: a site that documents no IPv6 subnet says nothing about an IPv6 address.
 */
function managementIpsOutsideSubnets(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT sw.id, sw.name, sw.management_ip, sw.site_id, s.name AS site_name,
      (SELECT group_concat(n.subnet, ' ') FROM networks n WHERE n.site_id = sw.site_id AND n.subnet IS NOT NULL) AS subnets
    FROM switches sw JOIN sites s ON s.id = sw.site_id
    WHERE sw.management_ip IS NOT NULL AND (:site IS NULL OR sw.site_id = :site)`,
  ).all({ site }) as unknown as ManagementRow[];
  return rows
    .filter((row) => {
      const ipv6 = row.management_ip.includes(':');
      const sameFamily = (row.subnets ?? '').split(' ').filter((subnet) => subnet !== '' && subnet.includes(':') === ipv6);
      return sameFamily.length > 0 && !sameFamily.some((subnet) => cidrContains(subnet, row.management_ip));
    })
    .map((row) =>
      finding(
        'management_ip_outside_subnets',
        `Management IP ${row.management_ip} of switch ${row.name} is in none of the IPv${row.management_ip.includes(':') ? 6 : 4} subnets of site ${row.site_name}.`,
        [switchRef(row)],
      ),
    );
}

interface UncarriedRow {
  switch_id: string;
  switch_name: string;
  network_id: string;
  network_name: string;
  vlan_id: number;
  ports: number;
}

/**
 * vlan_not_carried_by_uplink: a VLAN on an enabled access port of a switch that none of the switch's linked trunk
 * ports carries, tagged or native; only for switches with at least one linked trunk port.
 */
function vlansNotCarriedByUplinks(db: Db, site: string | null): Finding[] {
  // MATERIALIZED: each CTE is computed once, not again for every port that looks into it; CROSS JOIN keeps
  // SQLite from scanning every tagged pair in the database to find those of the uplinks.
  const rows = prepare(
    db,
    `WITH uplinks AS MATERIALIZED (
      SELECT p.id, p.switch_id, p.untagged_network_id FROM ports p JOIN switches sw ON sw.id = p.switch_id
      WHERE p.mode = 'trunk' AND p.linked_port_id IS NOT NULL AND (:site IS NULL OR sw.site_id = :site)),
    carried AS MATERIALIZED (
      SELECT switch_id, untagged_network_id AS network_id FROM uplinks WHERE untagged_network_id IS NOT NULL
      UNION ALL SELECT u.switch_id, t.network_id FROM uplinks u CROSS JOIN port_tagged_networks t ON t.port_id = u.id),
    uncarried AS (
      SELECT p.switch_id, p.untagged_network_id AS network_id, count(*) AS ports FROM ports p
      WHERE p.mode = 'access' AND p.enabled = 1 AND p.untagged_network_id IS NOT NULL
        AND p.switch_id IN (SELECT switch_id FROM uplinks)
        AND NOT EXISTS (SELECT 1 FROM carried c WHERE c.switch_id = p.switch_id AND c.network_id = p.untagged_network_id)
      GROUP BY p.switch_id, p.untagged_network_id)
    SELECT sw.id AS switch_id, sw.name AS switch_name, n.id AS network_id, n.name AS network_name, n.vlan_id, u.ports
    FROM uncarried u JOIN switches sw ON sw.id = u.switch_id JOIN networks n ON n.id = u.network_id`,
  ).all({ site }) as unknown as UncarriedRow[];
  return rows.map((row) =>
    finding(
      'vlan_not_carried_by_uplink',
      `VLAN ${row.vlan_id} (${row.network_name}) is used on ${row.ports} access port${row.ports === 1 ? '' : 's'} of switch ${row.switch_name}, but none of its linked trunk ports carries it.`,
      [
        { type: 'switch', id: row.switch_id, name: row.switch_name },
        { type: 'network', id: row.network_id, name: row.network_name },
      ],
    ),
  );
}

interface UnusedRow {
  id: string;
  name: string;
  vlan_id: number;
  site_name: string;
}

/** unused_network: no port uses the network, untagged or tagged. */
function unusedNetworks(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT n.id, n.name, n.vlan_id, s.name AS site_name FROM networks n JOIN sites s ON s.id = n.site_id
    WHERE (:site IS NULL OR n.site_id = :site)
      AND NOT EXISTS (SELECT 1 FROM ports p WHERE p.untagged_network_id = n.id)
      AND NOT EXISTS (SELECT 1 FROM port_tagged_networks t WHERE t.network_id = n.id)`,
  ).all({ site }) as unknown as UnusedRow[];
  return rows.map((row) =>
    finding('unused_network', `VLAN ${row.vlan_id} (${row.name}) of site ${row.site_name} is not used by any port.`, [
      { type: 'network', id: row.id, name: row.name },
    ]),
  );
}
