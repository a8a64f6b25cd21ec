// The consistency checks of GET /api/checks: one SQL statement per finding kind (no per-row queries), turned into
// findings that name every entity involved. `:site` (null for all sites) keeps the findings that involve a site.
// Each statement starts from what is at the site, through an index by site, so that one site's checks cost what
// the site holds, not what the database holds; for all sites each is one pass over the data, its lookups indexed.
import {
  firstUsable,
  ipToBigInt,
  isUsableHost,
  lastUsable,
  NEARLY_FULL_PERCENT,
  type Subnet,
  subnetOf,
  utilization,
} from '../../lib/ip-math.ts';
import { cidrOverlaps, parseIp } from '../../lib/net.ts';
import { jsonListBytes } from '../../lib/json-bytes.ts';
import { getOrMake } from '../../lib/memo.ts';
import { lagMemberTypeProblem } from '../../lib/port-kinds.ts';
import type { FieldFault } from '../../errors/refusal.ts';
import {
  FIELD_FORMS,
  type FieldFormCode,
  FINDING_FORMS,
  type FindingParams,
  fillForm,
  type MessageList,
  type MessagePart,
} from '../../lib/message-forms.ts';
import { type LinkedPortRecord, ruleBreaks } from './rule-findings.ts';
import { NETWORK_PERCENT_SQL, RANGE_RECORDED_SQL } from '../networks.ts';
import { addressCountSql, macKey } from '../search-index.ts';
import { inTransaction, prepare, type Db } from '../open.ts';
import { networkHolding } from '../switches.ts';

/** The kinds of finding, in the order a report lists them within one severity. */
export const FINDING_KINDS = [
  'duplicate_management_ip',
  'duplicate_mac',
  'duplicate_address',
  'address_in_dhcp_range',
  'gateway_is_management_ip',
  'link_mode_mismatch',
  'link_native_vlan_mismatch',
  'link_tagged_vlan_mismatch',
  'lag_member_mismatch',
  'lag_pair_mismatch',
  'management_ip_outside_subnets',
  'management_ip_not_recorded',
  'overlapping_subnets',
  'network_nearly_full',
  'poe_over_budget',
  'vlan_not_carried_by_uplink',
  'unused_vlan',
  'broken_rule',
] as const;

/**
 * The kinds of finding that compare the documentation with what was observed (discovery/drift.ts, an OuterCheck):
 * after the documentation's own within their severity. Apart from FINDING_KINDS, which runChecks alone finds.
 */
export const OBSERVATION_KINDS = ['drift'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number] | (typeof OBSERVATION_KINDS)[number];

/** How bad a finding is. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The kinds of entity a finding names. */
export const ENTITY_TYPES = ['switch', 'vlan', 'network', 'port', 'address', 'lag'] as const;

/**
 * An entity a finding names; a port's name is "<switch> port <port>", a LAG's "<switch> LAG <lag>", an address's
 * "<address> (<hostname>)", so that it reads on its own. A finding that names an address names its network too (the page that lists it).
 */
export interface EntityRef {
  type: (typeof ENTITY_TYPES)[number];
  id: string;
  name: string;
}

/** One inconsistency of the documented network. */
export interface Finding {
  kind: FindingKind;
  severity: Severity;
  message: string;
  /** The form of the message when it is not its kind's own (`<kind>.<variant>`, lib/message-forms.ts FINDING_FORMS). */
  form?: string;
  /** The values the message is made of, when a form of its kind words it from them (lib/message-forms.ts FINDING_FORMS). */
  params?: FindingParams;
  entities: EntityRef[];
}

/** The severity of each kind. */
const SEVERITY_OF: Record<FindingKind, Severity> = {
  duplicate_management_ip: 'error',
  duplicate_mac: 'error',
  duplicate_address: 'error',
  address_in_dhcp_range: 'error',
  gateway_is_management_ip: 'warning',
  link_mode_mismatch: 'error',
  link_native_vlan_mismatch: 'error',
  link_tagged_vlan_mismatch: 'error',
  lag_member_mismatch: 'error',
  lag_pair_mismatch: 'error',
  management_ip_outside_subnets: 'warning',
  management_ip_not_recorded: 'warning',
  overlapping_subnets: 'warning',
  network_nearly_full: 'warning',
  poe_over_budget: 'warning',
  vlan_not_carried_by_uplink: 'warning',
  drift: 'warning',
  unused_vlan: 'info',
  broken_rule: 'error',
};

/** What several checks read, read once per run (lazily). */
interface Reads {
  linkedPorts: () => Map<string, LinkedPort>;
  /** The networks of each site at :site. */
  siteNetworks: () => Map<string, SiteNetwork[]>;
  /** Every VLAN, by id and by rowid: of all sites, the VLANs the linked ports and the switches name. */
  everyVlan: () => Vlans;
  /** What the address checks judge of the addresses recorded at :site. */
  addressFacts: () => AddressFacts;
  /** The VLANs of each switch at :site, and the VLANs they name. */
  switchVlans: () => SwitchVlansRead;
  /** The networks of its site whose subnet holds a switch's management IP (worked out once per switch). */
  networksHolding: (switchId: string, siteId: string, ip: string) => SiteNetwork[];
}

/** A check: its findings, as a list or one by one (a check that makes thousands yields each as it is made). */
type Check = (db: Db, site: string | null, reads: Reads) => Iterable<Finding>;

/**
 * A check made above the storage that runs with these, on the same snapshot (the drift of discovery/drift.ts, which
 * compares through the proposal of a discovery).
 */
export type OuterCheck = (db: Db, site: string | null) => Iterable<Finding>;

/** Every check, in the order they run. */
export const CHECKS: Check[] = [
  duplicateManagementIps,
  duplicateMacs,
  duplicateAddresses,
  addressesInDhcpRanges,
  gatewaysThatAreManagementIps,
  linkModeMismatches,
  linkNativeVlanMismatches,
  linkTaggedVlanMismatches,
  lagMemberMismatches,
  lagPairMismatches,
  managementIpsOutsideSubnets,
  managementIpsNotRecorded,
  overlappingSubnets,
  nearlyFullNetworks,
  poeOverBudget,
  vlansNotCarriedByUplinks,
  unusedVlans,
  brokenRules,
];

/**
 * Every finding, or with `siteId` those that involve the site (a duplicate or a link counts when one of its
 * switches is there), sorted by severity, kind, message and entity ids; all read from one snapshot.
 */
export function runChecks(db: Db, siteId?: string, outer: readonly OuterCheck[] = []): Finding[] {
  return sortedFindings(db, siteId ?? null, outer, (finding) => finding);
}

/**
 * runChecks' answer of GET /api/checks as JSON bytes, each finding serialised as soon as its check has made it: tens of
 * thousands of findings with their entities and params, kept as objects until the answer, were most of what the
 * garbage collector copied.
 */
export function runChecksJson(db: Db, siteId?: string, outer: readonly OuterCheck[] = []): Buffer {
  return jsonListBytes(
    'findings',
    sortedFindings(db, siteId ?? null, outer, (finding) => JSON.stringify(finding)),
  );
}

/** The findings as `keep` keeps each, sorted by severity, kind, message and entity ids (each key made once). */
function sortedFindings<T>(db: Db, site: string | null, outer: readonly OuterCheck[], keep: (finding: Finding) => T): T[] {
  const keyed = inTransaction(
    db,
    () => {
      const reads = readsOf(db, site);
      const kept: { kept: T; rank: number; message: string; ids: string }[] = [];
      for (const check of [...CHECKS, ...outer]) {
        for (const finding of check(db, site, reads)) {
          kept.push({
            kept: keep(finding),
            rank: RANK.get(finding.kind)!,
            message: finding.message,
            ids: finding.entities.map((e) => e.id).join(),
          });
        }
      }
      return kept;
    },
    'DEFERRED',
  );
  keyed.sort((a, b) => a.rank - b.rank || compareText(a.message, b.message) || compareText(a.ids, b.ids));
  return keyed.map(({ kept }) => kept);
}

function readsOf(db: Db, site: string | null): Reads {
  let linkedPorts: Map<string, LinkedPort> | undefined;
  let siteNetworks: Map<string, SiteNetwork[]> | undefined;
  let everyVlan: Vlans | undefined;
  let addressFacts: AddressFacts | undefined;
  let switchVlans: SwitchVlansRead | undefined;
  const holding = new Map<string, SiteNetwork[]>();
  const reads: Reads = {
    networksHolding: (switchId, siteId, ip) =>
      getOrMake(holding, switchId, () => networksHoldingIp(reads.siteNetworks().get(siteId) ?? [], ip)),
    addressFacts: () => (addressFacts ??= readAddressFacts(db, site)),
    switchVlans: () => (switchVlans ??= readSwitchVlans(db, site, reads)),
    linkedPorts: () => (linkedPorts ??= readLinkedPorts(db, site, reads)),
    siteNetworks: () => (siteNetworks ??= readSiteNetworks(db, site)),
    everyVlan: () => (everyVlan ??= vlansOf(prepare(db, 'SELECT rowid, id, vid, name, site_id FROM vlans').all() as unknown as VlanRow[])),
  };
  return reads;
}

/** Where a kind's findings come: by severity, then in the order of FINDING_KINDS and OBSERVATION_KINDS. */
const RANKED: readonly FindingKind[] = [...FINDING_KINDS, ...OBSERVATION_KINDS];
const RANK = new Map(RANKED.map((kind, i) => [kind, SEVERITIES.indexOf(SEVERITY_OF[kind]) * RANKED.length + i]));

// Code-unit order: the same everywhere, whatever the locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A finding whose message `form` words from `params`: its kind's own form, or a variant of it (`<kind>.<variant>`). */
function wordedFinding(form: keyof typeof FINDING_FORMS, params: FindingParams, entities: EntityRef[]): Finding {
  const kind = form.split('.')[0] as FindingKind;
  const message = fillForm(FINDING_FORMS[form], params);
  return { kind, severity: SEVERITY_OF[kind], message, ...(form === kind ? {} : { form }), params, entities };
}

/** Rows that share a key, grouped in the order the rows came. */
function groupBy<T>(rows: T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) (groups.get(key(row)) ?? groups.set(key(row), []).get(key(row))!).push(row);
  return [...groups.values()];
}

/** A part of a list param, worded by its form. */
const part = (form: keyof typeof FINDING_FORMS | `fault.${string}`, params: FindingParams = {}): MessagePart => ({ form, params });
const list = (separator: string, parts: MessagePart[]): MessageList => ({ separator, parts });

/**
 * `site_id ${IN_SCOPE}`: the site :site, or every site when it is null. SQLite looks each site up in the index by
 * site (`:site IS NULL OR site_id = :site` would have it scan the whole table for one site).
 */
const IN_SCOPE = 'IN (SELECT :site WHERE :site IS NOT NULL UNION ALL SELECT id FROM sites WHERE :site IS NULL)';

/** The two kinds of row that name another of their kind, with that column and its index. */
const LINKS = {
  ports: { link: 'linked_port_id', index: 'ports_linked_port' },
  lags: { link: 'remote_lag_id', index: 'lags_remote' },
} as const;

/**
 * The ids of the `table` rows (ports or LAGs) on a switch at :site whose link column names another row: for one
 * site through its switches, for all sites by the index of the link column (which SQLite, not knowing how few rows
 * are linked, would not choose).
 */
const linkingFromScope = (table: keyof typeof LINKS, { link, index } = LINKS[table]) =>
  `SELECT id FROM ${table} INDEXED BY ${index} WHERE :site IS NULL AND ${link} IS NOT NULL
    UNION ALL SELECT a.id FROM switches sw CROSS JOIN ${table} a ON a.switch_id = sw.id WHERE sw.site_id = :site AND a.${link} IS NOT NULL`;

/** linkingFromScope and the rows whose link names a row on a switch at :site: each link with an end at the site. */
const linkedInScope = (table: keyof typeof LINKS, { link } = LINKS[table]) =>
  `${linkingFromScope(table)}
    UNION SELECT a.id FROM switches sw CROSS JOIN ${table} b ON b.switch_id = sw.id CROSS JOIN ${table} a ON a.${link} = b.id
      WHERE sw.site_id = :site`;

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
    `WITH ips AS (SELECT DISTINCT management_ip FROM switches WHERE site_id ${IN_SCOPE} AND management_ip IS NOT NULL)
    SELECT sw.management_ip AS key, sw.id, sw.name, s.name AS site_name
    FROM ips CROSS JOIN switches sw ON sw.management_ip = ips.management_ip JOIN sites s ON s.id = sw.site_id
    WHERE (SELECT count(*) FROM switches x WHERE x.management_ip = ips.management_ip) > 1
    ORDER BY sw.management_ip, s.name, sw.name, sw.id`,
  ).all({ site }) as unknown as SwitchRow[];
  return groupBy(rows, (row) => row.key).map((group) =>
    wordedFinding(
      'duplicate_management_ip',
      { ip: group[0].key, switchCount: group.length, switches: switchList(group) },
      group.map(switchRef),
    ),
  );
}

/** A switch's MAC address as its hex digits: the expression of the index switches_mac_digits (migration 0012). */
const macDigitsOf = (sw: string) => macKey(`${sw}.mac_address`);

/** duplicate_mac: one MAC address on several switches, compared by its hex digits whatever the spelling stored. */
function duplicateMacs(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `WITH macs AS (SELECT DISTINCT ${macDigitsOf('sw')} AS digits FROM switches sw WHERE sw.site_id ${IN_SCOPE} AND sw.mac_address IS NOT NULL)
    SELECT m.digits AS key, sw.id, sw.name, s.name AS site_name
    FROM macs m CROSS JOIN switches sw ON ${macDigitsOf('sw')} = m.digits JOIN sites s ON s.id = sw.site_id
    WHERE (SELECT count(*) FROM switches x WHERE ${macDigitsOf('x')} = m.digits) > 1
    ORDER BY m.digits, s.name, sw.name, sw.id`,
  ).all({ site }) as unknown as SwitchRow[];
  return groupBy(rows, (row) => row.key).map((group) =>
    wordedFinding(
      'duplicate_mac',
      { mac: group[0].key.match(/../g)!.join(':'), switchCount: group.length, switches: switchList(group) },
      group.map(switchRef),
    ),
  );
}

interface GatewayRow {
  network_id: string;
  network_name: string;
  subnet: string;
  vid: number | null;
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
    `WITH pairs AS (
      SELECT n.id AS network_id, sw.id AS switch_id FROM networks n CROSS JOIN switches sw ON sw.management_ip = n.gateway
      WHERE n.site_id ${IN_SCOPE}
      UNION SELECT n.id, sw.id FROM switches sw CROSS JOIN networks n ON n.gateway = sw.management_ip WHERE sw.site_id = :site)
    SELECT n.id AS network_id, n.name AS network_name, n.subnet, v.vid, n.gateway, ns.name AS network_site,
      sw.id AS switch_id, sw.name AS switch_name, ss.name AS switch_site
    FROM pairs CROSS JOIN networks n ON n.id = pairs.network_id CROSS JOIN switches sw ON sw.id = pairs.switch_id
      JOIN sites ns ON ns.id = n.site_id JOIN sites ss ON ss.id = sw.site_id LEFT JOIN vlans v ON v.id = n.vlan_id`,
  ).all({ site }) as unknown as GatewayRow[];
  return rows.map((row) =>
    wordedFinding(
      row.vid === null ? 'gateway_is_management_ip' : 'gateway_is_management_ip.in_vlan',
      {
        gateway: row.gateway,
        network: row.network_name,
        subnet: row.subnet,
        ...(row.vid === null ? {} : { vid: row.vid }),
        site: row.network_site,
        switch: row.switch_name,
        switchSite: row.switch_site,
      },
      [
        { type: 'network', id: row.network_id, name: row.network_name },
        { type: 'switch', id: row.switch_id, name: row.switch_name },
      ],
    ),
  );
}

/**
 * The non-negative integers of a group_concat list such as "12:10:3,13:20:1", in order ([12, 10, 3, 13, 20, 1]),
 * read without making a string of each: the uplink check reads hundreds of thousands of them.
 */
function integersOf(list: string | null): number[] {
  const integers: number[] = [];
  if (!list) return integers;
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const digit = list.charCodeAt(i) - 48;
    if (digit >= 0 && digit <= 9) value = value * 10 + digit;
    else {
      integers.push(value);
      value = 0;
    }
  }
  integers.push(value);
  return integers;
}

/** The non-negative integer written in `text` from `start` to `end`, read without a string. */
function integerIn(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/** The VLAN numbers of flat `rowid, vid` pairs. */
const vidsOfPairs = (pairs: number[]) => pairs.filter((_, i) => i % 2 === 1);

/** A linked port as the link checks and the uplink check read it: its VLANs as `rowid:vid` pairs. */
interface LinkedPort {
  id: string;
  name: string;
  switchId: string;
  switchName: string;
  siteId: string;
  mode: string;
  linkedPortId: string | null;
  untaggedVid: number | null;
  /** Its tagged VLAN numbers, ascending. */
  taggedVids: number[];
  /** The VLANs it carries, untagged or tagged, each once, as flat `rowid, vid` pairs (no object per VLAN). */
  carried: number[];
  /** What the port rules judge (rule-findings.ts): a linked port is read once for every check. */
  record: LinkedPortRecord;
}

interface LinkedPortRow {
  id: string;
  name: string;
  switch_id: string;
  switch_name: string;
  site_id: string;
  mode: string;
  linked_port_id: string | null;
  unit: number;
  stack_size: number;
  untagged_vlan_id: string | null;
  tagged_ids: string | null;
}

// The VLANs as stored ids, looked up in the run's VLANs (vlanTuplesOf): not joined to vlans row by row.
const LINKED_PORT_COLUMNS = `p.id, p.name, p.switch_id, sw.name AS switch_name, sw.site_id, p.mode, p.linked_port_id, p.unit, sw.stack_size,
      p.untagged_vlan_id, (SELECT group_concat(t.vlan_id) FROM port_tagged_vlans t WHERE t.port_id = p.id) AS tagged_ids`;
const LINKED_PORT_JOINS = `CROSS JOIN switches sw ON sw.id = p.switch_id`;

function linkedPortOf(row: LinkedPortRow, vlans: Vlans): LinkedPort {
  const untagged = row.untagged_vlan_id === null ? undefined : vlans.byId.get(row.untagged_vlan_id);
  const tagged = vlanTuplesOf(row.tagged_ids, vlans);
  const carried = untagged === undefined ? tagged : [untagged.rowid, untagged.vid];
  for (let i = 0; carried !== tagged && i < tagged.length; i += 2)
    if (tagged[i] !== untagged?.rowid) carried.push(tagged[i], tagged[i + 1]);
  return {
    id: row.id,
    name: row.name,
    switchId: row.switch_id,
    switchName: row.switch_name,
    siteId: row.site_id,
    mode: row.mode,
    linkedPortId: row.linked_port_id,
    untaggedVid: untagged?.vid ?? null,
    taggedVids: vidsOfPairs(tagged).sort((x, y) => x - y),
    carried,
    record: {
      id: row.id,
      name: row.name,
      mode: row.mode,
      unit: row.unit,
      untaggedVlanId: row.untagged_vlan_id,
      taggedVlanIds: row.tagged_ids,
      linkedPortId: row.linked_port_id,
      switchId: row.switch_id,
      switchName: row.switch_name,
      siteId: row.site_id,
      stackSize: row.stack_size,
    },
  };
}

/**
 * Both ends of every link with an end at :site, by id: the ports whose links touch the site, then the far ends of
 * one-sided links (a port linked to one that does not link back) that are not among them. Read once per run.
 */
function readLinkedPorts(db: Db, site: string | null, reads: Reads): Map<string, LinkedPort> {
  const rows = prepare(db, site === null ? EVERY_LINKED_PORT : LINKED_PORTS_OF_SITE).all(
    site === null ? {} : { site },
  ) as unknown as LinkedPortRow[];
  const read = new Set(rows.map((row) => row.id));
  const missing = rows.flatMap((row) => (row.linked_port_id && !read.has(row.linked_port_id) ? [row.linked_port_id] : []));
  if (missing.length > 0) rows.push(...(prepare(db, FAR_ENDS).all({ ids: JSON.stringify(missing) }) as unknown as LinkedPortRow[]));
  const vlans = site === null ? reads.everyVlan() : vlansWithIds(db, rows.flatMap(vlanIdsOf));
  return new Map(rows.map((row) => [row.id, linkedPortOf(row, vlans)]));
}

const FAR_ENDS = `SELECT ${LINKED_PORT_COLUMNS} FROM ports p ${LINKED_PORT_JOINS} WHERE p.id IN (SELECT value FROM json_each(:ids))`;

const vlanIdsOf = (row: LinkedPortRow) => [...(row.untagged_vlan_id ? [row.untagged_vlan_id] : []), ...(row.tagged_ids?.split(',') ?? [])];

/** The VLANs of these ids (those that exist). */
function vlansWithIds(db: Db, ids: string[]): Vlans {
  const rows = prepare(db, 'SELECT rowid, id, vid, name, site_id FROM vlans WHERE id IN (SELECT value FROM json_each(:ids))').all({
    ids: JSON.stringify([...new Set(ids)]),
  });
  return vlansOf(rows as unknown as VlanRow[]);
}

/** Of all sites, every linked port straight from the index by link, each row read once. */
const EVERY_LINKED_PORT = `SELECT ${LINKED_PORT_COLUMNS} FROM ports p INDEXED BY ports_linked_port ${LINKED_PORT_JOINS}
  WHERE p.linked_port_id IS NOT NULL`;

const LINKED_PORTS_OF_SITE = `WITH ends AS (${linkedInScope('ports')})
  SELECT ${LINKED_PORT_COLUMNS} FROM ends CROSS JOIN ports p ON p.id = ends.id ${LINKED_PORT_JOINS}`;

interface LinkEnd {
  id: string;
  name: string;
  switchName: string;
  mode: string;
  vlan: number | null;
  tagged: number[];
}

const linkEndOf = (port: LinkedPort): LinkEnd => ({
  id: port.id,
  name: port.name,
  switchName: port.switchName,
  mode: port.mode,
  vlan: port.untaggedVid,
  tagged: port.taggedVids,
});

/**
 * Each link once (from the lower id), and a one-sided link too, as its two ends ordered by switch name, port name
 * and id; either end's switch may be at the site. VLANs are compared by number: the ends of a link between sites
 * name VLANs of two sites.
 */
function linksOf(reads: Reads): [LinkEnd, LinkEnd][] {
  const ports = reads.linkedPorts();
  const links: [LinkEnd, LinkEnd][] = [];
  for (const a of ports.values()) {
    const b = a.linkedPortId === null ? undefined : ports.get(a.linkedPortId);
    if (!b || !(a.id < b.id || b.linkedPortId !== a.id)) continue;
    const [x, y] = [linkEndOf(a), linkEndOf(b)];
    const order = compareText(x.switchName, y.switchName) || compareText(x.name, y.name) || compareText(x.id, y.id);
    links.push(order <= 0 ? [x, y] : [y, x]);
  }
  return links;
}

type PortEnd = Pick<LinkEnd, 'id' | 'name' | 'switchName'>;
const portLabel = (end: PortEnd) => `${end.switchName} port ${end.name}`;
const portRef = (end: PortEnd): EntityRef => ({ type: 'port', id: end.id, name: portLabel(end) });

/** link_mode_mismatch: one end of a link is an access port, the other a trunk. */
function linkModeMismatches(_db: Db, _site: string | null, reads: Reads): Finding[] {
  return linksOf(reads)
    .filter(([a, b]) => a.mode !== b.mode)
    .map(([a, b]) =>
      wordedFinding('link_mode_mismatch', { portA: portLabel(a), modeA: a.mode, portB: portLabel(b), modeB: b.mode }, [
        portRef(a),
        portRef(b),
      ]),
    );
}

/** link_native_vlan_mismatch: the ends of a link have different untagged VLANs, compared by number. */
function linkNativeVlanMismatches(_db: Db, _site: string | null, reads: Reads): Finding[] {
  const form = (a: LinkEnd, b: LinkEnd) =>
    a.vlan === null
      ? 'link_native_vlan_mismatch.none_at_a'
      : b.vlan === null
        ? 'link_native_vlan_mismatch.none_at_b'
        : 'link_native_vlan_mismatch';
  const vids = (a: LinkEnd, b: LinkEnd) => ({ ...(a.vlan === null ? {} : { vidA: a.vlan }), ...(b.vlan === null ? {} : { vidB: b.vlan }) });
  return linksOf(reads)
    .filter(([a, b]) => a.vlan !== b.vlan)
    .map(([a, b]) => wordedFinding(form(a, b), { portA: portLabel(a), portB: portLabel(b), ...vids(a, b) }, [portRef(a), portRef(b)]));
}

/**
 * link_tagged_vlan_mismatch: the two trunk ends of a link carry different tagged VLANs (by number); the message
 * names each VLAN that only one end carries ("VLAN 30 only on acc-1 Gi1/0/48"). Ends of different modes are
 * link_mode_mismatch.
 */
function linkTaggedVlanMismatches(_db: Db, _site: string | null, reads: Reads): Finding[] {
  const findings: Finding[] = [];
  for (const [a, b] of linksOf(reads)) {
    if (a.mode !== 'trunk' || b.mode !== 'trunk') continue;
    const onlyA = a.tagged.filter((vid) => !b.tagged.includes(vid));
    const onlyB = b.tagged.filter((vid) => !a.tagged.includes(vid));
    if (onlyA.length === 0 && onlyB.length === 0) continue;
    const only = (vids: number[], end: LinkEnd) =>
      vids.map((vid) => part('part.vlan_only_on', { vid, where: `${end.switchName} ${end.name}` }));
    const vlans = list('; ', [...only(onlyA, a), ...only(onlyB, b)]);
    findings.push(
      wordedFinding('link_tagged_vlan_mismatch', { portA: portLabel(a), portB: portLabel(b), vlans }, [portRef(a), portRef(b)]),
    );
  }
  return findings;
}

// ---- LAGs: members that differ from their LAG, pairs whose ends differ ----

/** The tagged VLAN numbers of a port, comma-separated, for a row. */
const taggedOf = (port: string) =>
  `(SELECT group_concat(v.vid) FROM port_tagged_vlans t JOIN vlans v ON v.id = t.vlan_id WHERE t.port_id = ${port}.id)`;

/** VLAN numbers from a group_concat list, sorted. */
const vidsOf = (list: string | null) => (list ? list.split(',').map(Number) : []).sort((x, y) => x - y);

/** The tagged VLAN numbers of a LAG, comma-separated, for a row. */
const lagTaggedOf = (lag: string) =>
  `(SELECT group_concat(v.vid) FROM lag_tagged_vlans t JOIN vlans v ON v.id = t.vlan_id WHERE t.lag_id = ${lag}.id)`;

const lagRef = (lag: { id: string; name: string; switchName: string }): EntityRef => ({
  type: 'lag',
  id: lag.id,
  name: `${lag.switchName} LAG ${lag.name}`,
});

/** "VLAN 30 only on <where>" for each VLAN of `vids` that `other` does not hold, by `form`. */
const onlyOn = (vids: number[], other: number[], form: keyof typeof FINDING_FORMS, where?: string) =>
  vids.filter((vid) => !other.includes(vid)).map((vid) => part(form, where === undefined ? { vid } : { vid, where }));

interface LagMemberRow {
  lag_id: string;
  lag_name: string;
  switch_name: string;
  lag_mode: string;
  lag_vlan: number | null;
  lag_tagged: string | null;
  port_id: string;
  port_name: string;
  port_type: string;
  port_mode: string;
  port_vlan: number | null;
  port_tagged: string | null;
}

/**
 * lag_member_mismatch: a member port whose mode, untagged (access or native) VLAN or, both being trunks, tagged
 * VLANs differ from its LAG's (the API writes the LAG's to every member; older data, an import or the legacy
 * migration may differ), or that is a console or management port. A finding per member, naming what differs, each VLAN by number. From the site's
 * switches to their LAGs (by switch) and the members (by LAG).
 */
function lagMemberMismatches(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT l.id AS lag_id, l.name AS lag_name, sw.name AS switch_name, l.port_mode AS lag_mode, lv.vid AS lag_vlan,
      ${lagTaggedOf('l')} AS lag_tagged, p.id AS port_id, p.name AS port_name, p.type AS port_type, p.mode AS port_mode, pv.vid AS port_vlan,
      ${taggedOf('p')} AS port_tagged
    FROM switches sw CROSS JOIN lags l ON l.switch_id = sw.id CROSS JOIN ports p ON p.lag_id = l.id
      LEFT JOIN vlans lv ON lv.id = l.untagged_vlan_id LEFT JOIN vlans pv ON pv.id = p.untagged_vlan_id
    WHERE sw.site_id ${IN_SCOPE}`,
  ).all({ site }) as unknown as LagMemberRow[];
  const findings: Finding[] = [];
  for (const row of rows) {
    const differences = memberDifferences(row);
    if (differences.length === 0) continue;
    const lag = { id: row.lag_id, name: row.lag_name, switchName: row.switch_name };
    findings.push(
      wordedFinding(
        'lag_member_mismatch',
        { port: row.port_name, lag: row.lag_name, switch: row.switch_name, differences: list('; ', differences) },
        [lagRef(lag), portRef({ id: row.port_id, name: row.port_name, switchName: row.switch_name })],
      ),
    );
  }
  return findings;
}

/** What a LAG member has other than its LAG, each as a part of lag_member_mismatch's list. */
function memberDifferences(row: LagMemberRow): MessagePart[] {
  const differences: MessagePart[] = [];
  if (lagMemberTypeProblem(row.port_name, row.port_type))
    differences.push(part('part.member_type', { port: row.port_name, type: row.port_type }));
  if (row.port_mode !== row.lag_mode) differences.push(part('part.member_mode', { mode: row.port_mode, lagMode: row.lag_mode }));
  if (row.port_vlan !== row.lag_vlan) {
    if (row.port_vlan === null) differences.push(part('part.member_untagged.member_none', { lagVid: row.lag_vlan! }));
    else if (row.lag_vlan === null) differences.push(part('part.member_untagged.lag_none', { vid: row.port_vlan }));
    else differences.push(part('part.member_untagged', { vid: row.port_vlan, lagVid: row.lag_vlan }));
  }
  if (row.port_mode === 'trunk' && row.lag_mode === 'trunk') {
    const [portTagged, lagTagged] = [vidsOf(row.port_tagged), vidsOf(row.lag_tagged)];
    differences.push(
      ...onlyOn(portTagged, lagTagged, 'part.vlan_only_on_member'),
      ...onlyOn(lagTagged, portTagged, 'part.vlan_only_on_lag'),
    );
  }
  return differences;
}

interface LagEnd {
  id: string;
  name: string;
  switchName: string;
  /** The aggregation: lacp-active, lacp-passive or static. */
  aggregation: string;
  mode: string;
  vlan: number | null;
  tagged: number[];
  members: number;
}

type LagPairRow = Record<`${'a' | 'b'}_${'id' | 'name' | 'switch' | 'aggregation' | 'mode' | 'tagged'}`, string> &
  Record<`${'a' | 'b'}_vlan`, number | null> &
  Record<`${'a' | 'b'}_members`, number>;

/** The two ends of a LAG pair row, ordered by switch name, LAG name and id. */
function lagPairEnds(row: LagPairRow): [LagEnd, LagEnd] {
  const end = (x: 'a' | 'b'): LagEnd => ({
    id: row[`${x}_id`],
    name: row[`${x}_name`],
    switchName: row[`${x}_switch`],
    aggregation: row[`${x}_aggregation`],
    mode: row[`${x}_mode`],
    vlan: row[`${x}_vlan`],
    tagged: vidsOf(row[`${x}_tagged`]),
    members: row[`${x}_members`],
  });
  const [a, b] = [end('a'), end('b')];
  const order = compareText(a.switchName, b.switchName) || compareText(a.name, b.name) || compareText(a.id, b.id);
  return order <= 0 ? [a, b] : [b, a];
}

/**
 * lag_pair_mismatch: the two LAGs of a pair (remoteLagId) differ: in mode (access or trunk), untagged VLAN
 * (compared by number: the ends may be at two sites), tagged VLANs when both are trunks (each VLAN only one end
 * carries named, as for a link), aggregation (static at one end, LACP at the other: no channel forms) or number of
 * members. A finding per pair (a one-sided pair too), either end's switch at the site.
 */
function lagPairMismatches(db: Db, site: string | null): Finding[] {
  const end = (x: 'a' | 'b') =>
    `${x}.id AS ${x}_id, ${x}.name AS ${x}_name, s${x}.name AS ${x}_switch, ${x}.mode AS ${x}_aggregation, ${x}.port_mode AS ${x}_mode,
      v${x}.vid AS ${x}_vlan, ${lagTaggedOf(x)} AS ${x}_tagged, (SELECT count(*) FROM ports p WHERE p.lag_id = ${x}.id) AS ${x}_members`;
  const rows = prepare(
    db,
    `WITH ends AS (${linkedInScope('lags')})
    SELECT ${end('a')}, ${end('b')}
    FROM ends CROSS JOIN lags a ON a.id = ends.id CROSS JOIN lags b ON b.id = a.remote_lag_id
      JOIN switches sa ON sa.id = a.switch_id JOIN switches sb ON sb.id = b.switch_id
      LEFT JOIN vlans va ON va.id = a.untagged_vlan_id LEFT JOIN vlans vb ON vb.id = b.untagged_vlan_id
    WHERE a.id < b.id OR b.remote_lag_id IS NOT a.id`,
  ).all({ site }) as unknown as LagPairRow[];
  const findings: Finding[] = [];
  for (const [a, b] of rows.map(lagPairEnds)) {
    const differences = pairDifferences(a, b);
    if (differences.length === 0) continue;
    const params = { lagA: lagRef(a).name, lagB: lagRef(b).name, differences: list('; ', differences) };
    findings.push(wordedFinding('lag_pair_mismatch', params, [lagRef(a), lagRef(b)]));
  }
  return findings;
}

/** What differs at the two ends of a LAG pair, each as a part of lag_pair_mismatch's list. */
function pairDifferences(a: LagEnd, b: LagEnd): MessagePart[] {
  const at = { atA: `${a.switchName} ${a.name}`, atB: `${b.switchName} ${b.name}` };
  const differences: MessagePart[] = [];
  if (a.mode !== b.mode) differences.push(part('part.pair_mode', { modeA: a.mode, modeB: b.mode, ...at }));
  if (a.vlan !== b.vlan) {
    if (a.vlan === null) differences.push(part('part.pair_untagged.none_at_a', { vidB: b.vlan!, ...at }));
    else if (b.vlan === null) differences.push(part('part.pair_untagged.none_at_b', { vidA: a.vlan, ...at }));
    else differences.push(part('part.pair_untagged', { vidA: a.vlan, vidB: b.vlan, ...at }));
  }
  if (a.mode === 'trunk' && b.mode === 'trunk') {
    differences.push(
      ...onlyOn(a.tagged, b.tagged, 'part.vlan_only_on', at.atA),
      ...onlyOn(b.tagged, a.tagged, 'part.vlan_only_on', at.atB),
    );
  }
  if ((a.aggregation === 'static') !== (b.aggregation === 'static')) {
    differences.push(part('part.pair_aggregation', { aggregationA: a.aggregation, aggregationB: b.aggregation, ...at }));
  }
  if (a.members !== b.members) {
    const members =
      a.members === 1
        ? part('part.pair_members.one_at_a', { membersB: b.members, ...at })
        : part('part.pair_members', { membersA: a.members, membersB: b.members, ...at });
    differences.push(members);
  }
  return differences;
}

/** A network of a site with its subnet parsed once (undefined for a subnet that does not parse). */
interface SiteNetwork {
  id: string;
  name: string;
  subnet: string;
  block: Subnet | undefined;
  /** An IPv4 subnet's first and last address as numbers (the test of a canonical IPv4 address needs no BigInt). */
  ipv4?: [first: number, last: number];
}

function readSiteNetworks(db: Db, site: string | null): Map<string, SiteNetwork[]> {
  const rows = prepare(db, `SELECT n.site_id, n.id, n.name, n.subnet FROM networks n WHERE n.site_id ${IN_SCOPE}`).all({
    site,
  }) as unknown as { site_id: string; id: string; name: string; subnet: string }[];
  const bySite = new Map<string, SiteNetwork[]>();
  for (const { site_id, ...network } of rows) {
    const block = subnetOf(network.subnet);
    const ipv4 = block?.family === 4 ? ([Number(block.first), Number(block.last)] as [number, number]) : undefined;
    (bySite.get(site_id) ?? bySite.set(site_id, []).get(site_id)!).push({ ...network, block, ipv4 });
  }
  return bySite;
}

/** An address as the subnet test compares it (net.ts's cidrContains, the address parsed once). */
function addressOf(ip: string): { family: number; value: bigint } | undefined {
  const parsed = parseIp(ip);
  return parsed && { family: parsed.family, value: ipToBigInt(parsed) };
}

const holdsAddress = (network: SiteNetwork, address: { family: number; value: bigint } | undefined) =>
  network.block !== undefined &&
  address?.family === network.block.family &&
  address.value >= network.block.first &&
  address.value <= network.block.last;

function networksHoldingIp(networks: SiteNetwork[], ip: string): SiteNetwork[] {
  const ipv4 = canonicalIpv4Number(ip);
  if (ipv4 !== undefined) return networks.filter(({ ipv4: bounds }) => bounds !== undefined && ipv4 >= bounds[0] && ipv4 <= bounds[1]);
  const address = addressOf(ip);
  return networks.filter((network) => holdsAddress(network, address));
}

interface ManagementRow {
  id: string;
  name: string;
  management_ip: string;
  site_id: string;
  site_name: string;
}

/**
 * management_ip_outside_subnets: a switch's management IP is in no subnet of its site's networks. Only judged
 * against subnets of the IP's own family: a site that documents no IPv6 subnet says nothing about an IPv6 address.
 */
function managementIpsOutsideSubnets(db: Db, site: string | null, reads: Reads): Finding[] {
  const rows = prepare(
    db,
    `SELECT sw.id, sw.name, sw.management_ip, sw.site_id, s.name AS site_name
    FROM switches sw JOIN sites s ON s.id = sw.site_id
    WHERE sw.site_id ${IN_SCOPE} AND sw.management_ip IS NOT NULL`,
  ).all({ site }) as unknown as ManagementRow[];
  const networks = reads.siteNetworks();
  return rows
    .filter((row) => {
      const ipv6 = row.management_ip.includes(':');
      const sameFamily = (networks.get(row.site_id) ?? []).some((network) => network.subnet.includes(':') === ipv6);
      return sameFamily && reads.networksHolding(row.id, row.site_id, row.management_ip).length === 0;
    })
    .map((row) =>
      wordedFinding(
        'management_ip_outside_subnets',
        { ip: row.management_ip, switch: row.name, family: row.management_ip.includes(':') ? 6 : 4, site: row.site_name },
        [switchRef(row)],
      ),
    );
}

interface SubnetRow {
  id: string;
  name: string;
  subnet: string;
  site_id: string;
  site_name: string;
}

/** A subnet as the first and last address of its block, as numbers that compare as addresses do. */
interface Block {
  row: SubnetRow;
  family: number;
  first: bigint;
  last: bigint;
}

function blockOf(row: SubnetRow): Block | undefined {
  const [text, prefixText] = row.subnet.split('/');
  const address = parseIp(text);
  if (!address || prefixText === undefined) return undefined;
  const bits = BigInt(address.bytes.length * 8);
  const first = address.bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  return { row, family: address.family, first, last: first + (1n << (bits - BigInt(prefixText))) - 1n };
}

/**
 * broken_rule: a stored record that breaks a rule the write paths refuse (fields/record-rules.ts): a port's or LAG's VLAN
 * of another site or tagged VLANs off a trunk, a unit beyond the stack, a link or LAG pair that does not point back, a
 * LAG's members (two or more of its switch, no console or management port), a gateway, address or range outside its
 * subnet, an address's port of another site. Rows from before a rule, or written by another tool.
 */
function brokenRules(db: Db, site: string | null, reads: Reads): Finding[] {
  const foreign = [...reads.switchVlans().bySwitch].flatMap(([id, { foreign }]) => (foreign ? [id] : []));
  const breaks = ruleBreaks(db, site, IN_SCOPE, linkedPortsToJudge(site, reads), reads.addressFacts().unusable, foreign);
  const vlans = vlansNamed(
    db,
    breaks.flatMap(({ faults }) => faults.flatMap((fault) => [...fault.message.matchAll(VLAN_ID)].map((m) => m[1]))),
  );
  return breaks.map(({ entity, faults }) => {
    const broken = faults.map((fault) => part('part.rule_fault', { field: fieldLabel(fault.field), fault: faultWords(fault, vlans) }));
    return wordedFinding('broken_rule', { entity: entity.name, faults: list('; ', broken) }, [entity]);
  });
}

/**
 * A fault as its form words it (`fault.<code>`), a VLAN it names by id named as an admin knows it ("VLAN 20 (Cameras)
 * of site HQ"); a fault without a form, or one whose message is not its form's, as its message.
 */
function faultWords(fault: FieldFault, vlans: Map<string, MessagePart>): string | MessageList {
  const form: string | undefined = FIELD_FORMS[fault.code as FieldFormCode];
  if (!form || !fault.params || fillForm(form, fault.params) !== fault.message) {
    return fault.message.replace(VLAN_ID, (text, id: string) =>
      vlans.has(id) ? `VLAN ${fillForm('{vlan}', { vlan: list('', [vlans.get(id)!]) })}` : text,
    );
  }
  const vlan = typeof fault.params.id === 'string' ? vlans.get(fault.params.id) : undefined;
  const params = vlan && form.includes('VLAN {id}') ? { ...fault.params, id: list('', [vlan]) } : fault.params;
  return list('', [part(`fault.${fault.code}`, params)]);
}

/** The linked ports of switches at :site, each with the switch and link of its far end (none: no port has its id). */
function* linkedPortsToJudge(site: string | null, reads: Reads): Iterable<LinkedPortRecord> {
  const ports = reads.linkedPorts();
  for (const port of ports.values()) {
    if (port.linkedPortId === null || (site !== null && port.siteId !== site)) continue;
    const far = ports.get(port.linkedPortId)?.record;
    yield { ...port.record, far: far && { switchId: far.switchId, linkedPortId: far.linkedPortId } };
  }
}

// A rule's message names a VLAN by its id; the finding names it as an admin knows it: "VLAN 20 (Cameras) of site HQ".
const VLAN_ID = /VLAN ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;

function vlansNamed(db: Db, ids: string[]): Map<string, MessagePart> {
  if (ids.length === 0) return new Map();
  const rows = prepare(
    db,
    `SELECT v.id, v.vid, v.name, s.name AS site_name FROM vlans v JOIN sites s ON s.id = v.site_id
    WHERE v.id IN (SELECT value FROM json_each(:ids))`,
  ).all({ ids: JSON.stringify([...new Set(ids)]) }) as { id: string; vid: number; name: string; site_name: string }[];
  return new Map(rows.map((row) => [row.id, part('part.vlan_of_site', { vid: row.vid, vlan: row.name, site: row.site_name })]));
}

// The words of a record's field in a finding: "untagged VLAN", not untaggedVlanId; a list's index left out.
const FIELD_LABELS: Record<string, keyof typeof FINDING_FORMS> = {
  untaggedVlanId: 'part.field_untagged_vlan',
  taggedVlanIds: 'part.field_tagged_vlans',
  configuredVlanIds: 'part.field_configured_vlans',
  vlanId: 'part.field_vlan',
  linkedPortId: 'part.field_link',
  remoteLagId: 'part.field_remote_lag',
  memberPortIds: 'part.field_members',
  portId: 'part.field_port',
};

/** A field's words: its label's part, or the field's own name after where it is ("range 10.0.0.5–10.0.0.9 start"). */
function fieldLabel(field: string): string | MessageList {
  const name =
    field
      .replace(/\[\d+\]$/, '')
      .split('.')
      .pop() ?? field;
  const label = FIELD_LABELS[name];
  if (!field.includes('.')) return label ? list('', [part(label)]) : name;
  return `${field.slice(0, field.lastIndexOf('.'))} ${label ? FINDING_FORMS[label] : name}`;
}

/**
 * overlapping_subnets: two networks of one site whose subnets share addresses (model 2 refuses them; model 1
 * allowed them, and the migration kept them). Blocks nest or are apart, so one sweep in address order pairs each
 * subnet with the open ones that hold it; cidrOverlaps, the rule the API applies, confirms each pair.
 */
function overlappingSubnets(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT n.id, n.name, n.subnet, n.site_id, s.name AS site_name FROM networks n JOIN sites s ON s.id = n.site_id
    WHERE n.site_id ${IN_SCOPE} ORDER BY n.site_id, n.id`,
  ).all({ site }) as unknown as SubnetRow[];
  const findings: Finding[] = [];
  for (const group of groupBy(rows, (row) => row.site_id)) {
    const blocks = group
      .map(blockOf)
      .filter((block): block is Block => block !== undefined)
      .sort(
        (x, y) =>
          x.family - y.family || (x.first < y.first ? -1 : x.first > y.first ? 1 : 0) || (y.last > x.last ? 1 : y.last < x.last ? -1 : 0),
      );
    const open: Block[] = [];
    for (const block of blocks) {
      while (open.length && (open[open.length - 1].family !== block.family || open[open.length - 1].last < block.first)) open.pop();
      for (const outer of open) {
        if (!cidrOverlaps(outer.row.subnet, block.row.subnet)) continue;
        findings.push(
          wordedFinding(
            'overlapping_subnets',
            {
              networkA: outer.row.name,
              subnetA: outer.row.subnet,
              networkB: block.row.name,
              subnetB: block.row.subnet,
              site: block.row.site_name,
            },
            [
              { type: 'network', id: outer.row.id, name: outer.row.name },
              { type: 'network', id: block.row.id, name: block.row.name },
            ],
          ),
        );
      }
      open.push(block);
    }
  }
  return findings;
}

interface PoeRow {
  id: string;
  name: string;
  budget: number;
  demand: number;
  ports: number;
}

/**
 * poe_over_budget: the PoE demand of a switch (the sum of maxWatts of its enabled PoE ports) is more than its
 * poeBudgetWatts; a switch without a budget, or a port whose maxWatts is not known, adds nothing to judge.
 */
function poeOverBudget(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT sw.id, sw.name, sw.poe_budget_watts AS budget, round(sum(json_extract(p.poe, '$.maxWatts')), 1) AS demand, count(*) AS ports
    FROM switches sw JOIN ports p ON p.switch_id = sw.id
    WHERE sw.site_id ${IN_SCOPE} AND sw.poe_budget_watts IS NOT NULL AND p.enabled = 1 AND p.poe IS NOT NULL
    GROUP BY sw.id HAVING sum(json_extract(p.poe, '$.maxWatts')) > sw.poe_budget_watts`,
  ).all({ site }) as unknown as PoeRow[];
  return rows.map((row) =>
    wordedFinding(
      row.ports === 1 ? 'poe_over_budget.one_port' : 'poe_over_budget',
      { switch: row.name, demand: row.demand, ...(row.ports === 1 ? {} : { ports: row.ports }), budget: row.budget },
      [switchRef(row)],
    ),
  );
}

/** The distinct VLANs a port carries (untagged or tagged), as `rowid:vid` pairs. */
const portVlansOf = (port: string) =>
  `(SELECT group_concat(v.rowid || ':' || v.vid) FROM vlans v WHERE v.id IN (
      SELECT t.vlan_id FROM port_tagged_vlans t WHERE t.port_id = ${port}.id UNION SELECT ${port}.untagged_vlan_id))`;

/** The switches at :site (every switch when :site is null), by the index by site. */
const SWITCHES_IN_SCOPE = `SELECT sw.id FROM switches sw WHERE sw.site_id ${IN_SCOPE}`;

interface PortVlansRow {
  switch_id: string;
  vlans: string | null;
}

/** What the check knows of one judged switch. */
interface Judged {
  name: string;
  neighbours: Set<string>;
  /** The neighbours' names in SQLite's NOCASE order, as the message lists them. */
  neighbourList: string;
  /** The VLAN numbers some uplink carries at both ends. */
  carried: Set<number>;
  /** Ports per VLAN rowid that do not count as using it: its uplinks and its disabled ports. */
  excluded: Map<number, number>;
}

/**
 * vlan_not_carried_by_uplink: a VLAN used on a switch (carried by one of its enabled ports other than its uplinks,
 * or configured on it) that none of its uplinks carries at both ends. An uplink is a trunk of the switch linked to
 * a port of another switch; it carries a VLAN at both ends when its own end and the far end both carry that VLAN
 * number, tagged or native (untagged). Every switch with an uplink is judged, so a link is seen from both ends; a
 * finding per switch, naming each such VLAN with its ports (each counted once), as one edit of its uplinks
 * mends them all (and as link_tagged_vlan_mismatch names each VLAN of a link).
 *
 * The links come from the run's linked ports (readLinkedPorts); a switch's ports per VLAN are vlan_switch_ports'
 * counts (migration 0011) less its uplinks and disabled ports that carry it, so that no port's VLANs are read but
 * theirs. VLANs travel as `rowid:ports` text, one row per switch, and the sets are compared here, not in SQL.
 */
function* vlansNotCarriedByUplinks(db: Db, site: string | null, reads: Reads): Iterable<Finding> {
  const judged = judgedSwitches(db, site, reads);
  if (judged.size === 0) return;
  const { vlans, bySwitch } = reads.switchVlans();
  for (const [switchId, entry] of judged) {
    const { name, neighbourList } = entry;
    const own = bySwitch.get(switchId);
    const uncarried = uncarriedVlans(entry, own?.counts ?? [], own?.configured ?? []);
    if (uncarried.length === 0) continue;
    const [form, count] =
      uncarried.length === 1
        ? (['vlan_not_carried_by_uplink.one_vlan', {}] as const)
        : (['vlan_not_carried_by_uplink', { vlanCount: uncarried.length }] as const);
    const parts: MessagePart[] = [];
    const entities: EntityRef[] = [switchRef({ id: switchId, name })];
    for (const u of uncarried) {
      const vlan = vlans.byRowid.get(u.rowid)!;
      parts.push(uncarriedPart(u, vlan.name));
      entities.push({ type: 'vlan', id: vlan.id, name: vlan.name });
    }
    yield wordedFinding(form, { switch: name, ...count, neighbours: neighbourList, vlans: list('; ', parts) }, entities);
  }
}

/** An uncarried VLAN as a part of the finding's list: "VLAN 30 (Cameras, configured, on 2 ports)". */
function uncarriedPart({ vid, ports, configured }: Uncarried, vlan: string): MessagePart {
  if (ports === 0) return part('part.uncarried_configured', { vid, vlan });
  const form = configured
    ? ports === 1
      ? 'part.uncarried_configured_on_one_port'
      : 'part.uncarried_configured_on_ports'
    : ports === 1
      ? 'part.uncarried_on_one_port'
      : 'part.uncarried_on_ports';
  return part(form, ports === 1 ? { vid, vlan } : { vid, vlan, ports });
}

/** A VLAN used on a judged switch that none of its uplinks carries at both ends. */
interface Uncarried {
  rowid: number;
  vid: number;
  /** Its ports that carry it, uplinks and disabled ports left out. */
  ports: number;
  configured: boolean;
}

/**
 * A switch's uncarried VLANs, by number, from its counts (`rowid, vid, ports` triples of vlan_switch_ports) and
 * its configured VLANs (`rowid, vid` pairs).
 */
function uncarriedVlans(judged: Judged, counts: number[], configured: number[]): Uncarried[] {
  const uncarried: Uncarried[] = [];
  const add = (rowid: number, vid: number, ports: number, isConfigured: boolean) => {
    if ((ports > 0 || isConfigured) && !judged.carried.has(vid))
      uncarried.push({ rowid, vid, ports: Math.max(ports, 0), configured: isConfigured });
  };
  for (let i = 0; i + 2 < counts.length; i += 3) {
    add(counts[i], counts[i + 1], counts[i + 2] - (judged.excluded.get(counts[i]) ?? 0), holds(configured, 2, 0, counts[i]));
  }
  for (let i = 0; i + 1 < configured.length; i += 2)
    if (!holds(counts, 3, 0, configured[i])) add(configured[i], configured[i + 1], 0, true);
  return uncarried.sort((a, b) => a.vid - b.vid || a.rowid - b.rowid);
}

/** Whether flat tuples of `width` integers hold one whose integer at `offset` is `value`. */
function holds(tuples: number[], width: number, offset: number, value: number): boolean {
  for (let i = offset; i < tuples.length; i += width) if (tuples[i] === value) return true;
  return false;
}

// SQLite's NOCASE order (switch names' collation): ASCII letters folded, then the code units; names equal folded
// by their code units, so that the order does not hang on the order the links were read in.
function compareNoCase(a: string, b: string): number {
  const fold = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return compareText(fold(a), fold(b)) || compareText(a, b);
}

/** The switches at :site with an uplink: their neighbours, the VLAN numbers carried at both ends, the ports excluded. */
function judgedSwitches(db: Db, site: string | null, reads: Reads): Map<string, Judged> {
  const ports = reads.linkedPorts();
  const judged = new Map<string, Judged>();
  const exclude = (into: Judged, pairs: number[]) => {
    for (let i = 0; i < pairs.length; i += 2) into.excluded.set(pairs[i], (into.excluded.get(pairs[i]) ?? 0) + 1);
  };
  for (const port of ports.values()) {
    const far = port.linkedPortId === null ? undefined : ports.get(port.linkedPortId);
    if ((site !== null && port.siteId !== site) || port.mode !== 'trunk' || !far || far.switchId === port.switchId) continue;
    const entry = judged.get(port.switchId) ?? {
      name: port.switchName,
      neighbours: new Set(),
      neighbourList: '',
      carried: new Set(),
      excluded: new Map(),
    };
    judged.set(port.switchId, entry);
    entry.neighbours.add(far.switchName);
    for (let i = 1; i < port.carried.length; i += 2) {
      if (holds(far.carried, 2, 1, port.carried[i])) entry.carried.add(port.carried[i]);
    }
    exclude(entry, port.carried);
  }
  for (const entry of judged.values()) entry.neighbourList = [...entry.neighbours].sort(compareNoCase).join(', ');
  // A disabled uplink is excluded once, as an uplink.
  const disabled = prepare(
    db,
    `SELECT p.switch_id, ${portVlansOf('p')} AS vlans FROM (${SWITCHES_IN_SCOPE}) AS sw
      CROSS JOIN ports p INDEXED BY ports_disabled ON p.switch_id = sw.id
    WHERE p.enabled = 0 AND NOT (p.mode = 'trunk' AND p.linked_port_id IS NOT NULL
      AND (SELECT f.switch_id FROM ports f WHERE f.id = p.linked_port_id) <> p.switch_id)`,
  ).all({ site }) as unknown as PortVlansRow[];
  for (const row of disabled) {
    const entry = judged.get(row.switch_id);
    if (entry) exclude(entry, integersOf(row.vlans));
  }
  return judged;
}

/** The VLANs of one switch (SwitchVlansRead). */
interface SwitchVlans {
  /** The VLANs its ports carry, with how many of its ports carry each (vlan_switch_ports): flat `rowid, vid, ports` triples. */
  counts: number[];
  /** The VLANs it configures: flat `rowid, vid` pairs. */
  configured: number[];
  /** Whether its ports carry a VLAN of another site, or one that does not exist: a port rule could refuse its ports. */
  foreign: boolean;
}

/** What readSwitchVlans read: each switch's VLANs by switch id, and the VLANs they name. */
interface SwitchVlansRead {
  bySwitch: Map<string, SwitchVlans>;
  vlans: Vlans;
}

/**
 * The VLANs of every switch at :site, for the uplink check and the port rules (a switch with a VLAN of another site),
 * read once per run: the counts of vlan_switch_ports from its index by switch that holds them, as `vlanId:ports`, and
 * the configured VLANs' ids, looked up in the run's VLANs (vlanTuplesOf); a join to vlans searched its index of ids
 * once per entry, ~400,000 times at 5×.
 */
function readSwitchVlans(db: Db, site: string | null, reads: Reads): SwitchVlansRead {
  const vlans = judgedSwitchVlans(db, site, reads);
  const rows = prepare(
    db,
    `SELECT sw.id, sw.site_id,
      (SELECT group_concat(c.vlan_id || ':' || c.ports) FROM vlan_switch_ports c INDEXED BY vlan_switch_ports_switch
        WHERE c.switch_id = sw.id) AS counts,
      (SELECT group_concat(c.vlan_id) FROM switch_configured_vlans c WHERE c.switch_id = sw.id) AS configured
    FROM switches sw WHERE sw.site_id ${IN_SCOPE}`,
  ).iterate({ site }) as Iterable<{ id: string; site_id: string; counts: string | null; configured: string | null }>;
  const bySwitch = new Map<string, SwitchVlans>();
  for (const row of rows) {
    const counts = vlanTuplesOf(row.counts, vlans, true);
    bySwitch.set(row.id, {
      counts,
      configured: vlanTuplesOf(row.configured, vlans),
      foreign: namesForeignVlan(row.counts, counts, vlans, row.site_id),
    });
  }
  return { bySwitch, vlans };
}

/** Whether a switch's counts, as read and as triples, name a VLAN of another site than `siteId`, or one that does not exist. */
function namesForeignVlan(list: string | null, counts: number[], vlans: Vlans, siteId: string): boolean {
  if (counts.length / 3 !== itemsIn(list)) return true;
  for (let i = 0; i < counts.length; i += 3) if (vlans.byRowid.get(counts[i])!.site_id !== siteId) return true;
  return false;
}

function itemsIn(list: string | null): number {
  let items = list ? 1 : 0;
  for (let comma = list?.indexOf(',') ?? -1; comma !== -1; comma = list!.indexOf(',', comma + 1)) items++;
  return items;
}

interface VlanRow {
  rowid: number;
  id: string;
  vid: number;
  name: string;
  site_id: string;
}

/** VLANs by id and by rowid. */
interface Vlans {
  byId: Map<string, VlanRow>;
  byRowid: Map<number, VlanRow>;
}

/**
 * Every VLAN a switch at :site counts or configures: of all sites every VLAN; of one site its own and those of other
 * sites that its switches' ports carry or that its switches configure.
 */
function judgedSwitchVlans(db: Db, site: string | null, reads: Reads): Vlans {
  return site === null ? reads.everyVlan() : vlansOf(prepare(db, VLANS_OF_SITE_SWITCHES).all({ site }) as unknown as VlanRow[]);
}

const vlansOf = (rows: VlanRow[]): Vlans => ({
  byId: new Map(rows.map((row) => [row.id, row])),
  byRowid: new Map(rows.map((row) => [row.rowid, row])),
});

const VLANS_OF_SITE_SWITCHES = `SELECT rowid, id, vid, name, site_id FROM vlans WHERE site_id = :site
  UNION SELECT v.rowid, v.id, v.vid, v.name, v.site_id FROM switches sw CROSS JOIN vlan_switch_ports c ON c.switch_id = sw.id
    CROSS JOIN vlans v ON v.id = c.vlan_id WHERE sw.site_id = :site
  UNION SELECT v.rowid, v.id, v.vid, v.name, v.site_id FROM switches sw CROSS JOIN switch_configured_vlans c ON c.switch_id = sw.id
    CROSS JOIN vlans v ON v.id = c.vlan_id WHERE sw.site_id = :site`;

/**
 * A group_concat list of VLAN ids as flat `rowid, vid` pairs, in its order, or with `counted` of `vlanId:count`
 * items as `rowid, vid, count` triples; an id that names no VLAN is left out, as a join would.
 */
function vlanTuplesOf(list: string | null, vlans: Vlans, counted = false): number[] {
  const tuples: number[] = [];
  for (let start = 0; list && start < list.length; ) {
    const comma = list.indexOf(',', start);
    const end = comma === -1 ? list.length : comma;
    const idEnd = counted ? list.lastIndexOf(':', end - 1) : end;
    const vlan = vlans.byId.get(list.slice(start, idEnd));
    if (vlan) {
      tuples.push(vlan.rowid, vlan.vid);
      if (counted) tuples.push(integerIn(list, idEnd + 1, end));
    }
    start = end + 1;
  }
  return tuples;
}

interface UnusedRow {
  id: string;
  name: string;
  vid: number;
  site_name: string;
}

/** unused_vlan: no port carries the VLAN, untagged or tagged (a switch may still define it). */
function unusedVlans(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT v.id, v.name, v.vid, s.name AS site_name FROM vlans v JOIN sites s ON s.id = v.site_id
    WHERE v.site_id ${IN_SCOPE}
      AND NOT EXISTS (SELECT 1 FROM ports p WHERE p.untagged_vlan_id = v.id)
      AND NOT EXISTS (SELECT 1 FROM port_tagged_vlans t WHERE t.vlan_id = v.id)`,
  ).all({ site }) as unknown as UnusedRow[];
  return rows.map((row) =>
    wordedFinding('unused_vlan', { vid: row.vid, vlan: row.name, site: row.site_name }, [{ type: 'vlan', id: row.id, name: row.name }]),
  );
}

// ---- IPAM: recorded addresses, DHCP ranges, switches' address records, utilisation ----

/** An address record as a finding names it: "10.0.0.5 (printer-3)", or the address alone. */
const addressRef = (row: { id: string; address: string; hostname: string | null }): EntityRef => ({
  type: 'address',
  id: row.id,
  name: row.hostname ? `${row.address} (${row.hostname})` : row.address,
});
const networkRef = (row: { network_id: string; network_name: string }): EntityRef => ({
  type: 'network',
  id: row.network_id,
  name: row.network_name,
});

interface RecordedRow {
  id: string;
  address: string;
  hostname: string | null;
  network_id: string;
  network_name: string;
  subnet: string;
  site_id: string;
  site_name: string;
}

/** What the address checks judge of the addresses recorded at :site, from one pass over them (readAddressFacts). */
interface AddressFacts {
  /** The records of the addresses whose text is recorded more than once at their site. */
  twice: RecordedRow[];
  /** The ids of the addresses that are no usable host of their network's subnet. */
  unusable: string[];
}

interface NetworkRecordsRow {
  id: string;
  name: string;
  subnet: string;
  site_id: string;
  site_name: string;
  /** "id address hostname id address hostname …" (a host name has no spaces; none is empty). */
  recorded: string | null;
}

/**
 * The addresses recorded at :site, a network's as one text, site by site, judged as they come: duplicate_address and
 * the address rules of broken_rule judge them all, and 100,000 rows, or their texts kept until the end of the run,
 * cost more than the judging.
 */
function readAddressFacts(db: Db, site: string | null): AddressFacts {
  const rows = prepare(
    db,
    `SELECT n.id, n.name, n.subnet, n.site_id, s.name AS site_name,
      (SELECT group_concat(a.id || ' ' || a.address || ' ' || coalesce(a.hostname, ''), ' ') FROM addresses a WHERE a.network_id = n.id) AS recorded
    FROM networks n JOIN sites s ON s.id = n.site_id WHERE n.site_id ${IN_SCOPE} ORDER BY n.site_id`,
  ).iterate({ site }) as Iterable<NetworkRecordsRow>;
  const twice = new Map<string, RecordedRow>();
  const unusable: string[] = [];
  let siteId: string | undefined;
  // Each address at the site so far, with the network that records it: a record is made only for a duplicate.
  let seen = new Map<string, NetworkRecordsRow>();
  for (const row of rows) {
    if (row.site_id !== siteId) [siteId, seen] = [row.site_id, new Map()];
    const usable = usableHostTest(row.subnet);
    const text = row.recorded ?? '';
    for (let at = 0; at < text.length; ) {
      const idEnd = text.indexOf(' ', at);
      const addressEnd = text.indexOf(' ', idEnd + 1);
      const address = text.slice(idEnd + 1, addressEnd);
      const earlier = seen.get(address);
      if (earlier === undefined) seen.set(address, row);
      else for (const record of [recordOf(earlier, address), recordAt(row, at)]) twice.set(record.id, record);
      if (!usable(address)) unusable.push(text.slice(at, idEnd));
      const next = text.indexOf(' ', addressEnd + 1);
      at = next === -1 ? text.length : next + 1;
    }
  }
  return { twice: [...twice.values()], unusable };
}

/** The record at `at` of a network's recorded text, and where the next one starts. */
function recordAt(network: NetworkRecordsRow, at: number): RecordedRow & { next: number } {
  const text = network.recorded!;
  const idEnd = text.indexOf(' ', at);
  const addressEnd = text.indexOf(' ', idEnd + 1);
  const hostnameEnd = text.indexOf(' ', addressEnd + 1) === -1 ? text.length : text.indexOf(' ', addressEnd + 1);
  const record = recordedRow(network, text.slice(at, idEnd), text.slice(idEnd + 1, addressEnd), text.slice(addressEnd + 1, hostnameEnd));
  return { ...record, next: hostnameEnd + 1 };
}

/** The record of `address` in a network (its first, as a network records an address once). */
function recordOf(network: NetworkRecordsRow, address: string): RecordedRow {
  for (let at = 0; at < network.recorded!.length; ) {
    const { next, ...record } = recordAt(network, at);
    if (record.address === address) return record;
    at = next;
  }
  throw new Error(`${address} is not recorded in network ${network.id}`);
}

const recordedRow = (network: NetworkRecordsRow, id: string, address: string, hostname: string): RecordedRow => ({
  id,
  address,
  hostname: hostname || null,
  network_id: network.id,
  network_name: network.name,
  subnet: network.subnet,
  site_id: network.site_id,
  site_name: network.site_name,
});

/** ip-math.ts's isUsableHost of one subnet, an IPv4 address in its canonical text judged without BigInts. */
function usableHostTest(cidr: string): (address: string) => boolean {
  const subnet = subnetOf(cidr);
  if (subnet?.family !== 4) return (address) => isUsableHost(cidr, address);
  const [first, last] = [Number(firstUsable(subnet)), Number(lastUsable(subnet))];
  return (address) => {
    const value = canonicalIpv4Number(address);
    return value === undefined ? isUsableHost(cidr, address) : value >= first && value <= last;
  };
}

/** The number of an IPv4 address in canonical dotted text (no leading zeros), else undefined; read without a string. */
function canonicalIpv4Number(text: string): number | undefined {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let octets = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : DOT;
    if (code === DOT) {
      if (digits === 0 || octet > 255) return undefined;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      octets++;
    } else if (code >= ZERO && code <= ZERO + 9 && digits < 3 && !(digits > 0 && octet === 0)) {
      octet = octet * 10 + code - ZERO;
      digits++;
    } else return undefined;
  }
  return octets === 4 ? value : undefined;
}

const [DOT, ZERO] = ['.'.charCodeAt(0), '0'.charCodeAt(0)];

/**
 * duplicate_address: one address recorded in two networks of a site (possible only where their subnets overlap,
 * which model 1 and the legacy migration left behind). Grouped by the address's canonical text, which is one per
 * address: found in the one pass over the addresses at the site (readAddressFacts).
 */
function duplicateAddresses(_db: Db, _site: string | null, reads: Reads): Finding[] {
  // As SQLite ordered them: by site, address, network name (NOCASE) and id.
  const rows = [...reads.addressFacts().twice].sort(
    (x, y) =>
      compareText(x.site_id, y.site_id) ||
      compareText(x.address, y.address) ||
      compareNoCase(x.network_name, y.network_name) ||
      compareText(x.id, y.id),
  );
  const recordedIn = (row: RecordedRow) =>
    row.hostname
      ? part('part.recorded_in_as', { network: row.network_name, subnet: row.subnet, hostname: row.hostname })
      : part('part.recorded_in', { network: row.network_name, subnet: row.subnet });
  return groupBy(rows, (row) => `${row.site_id} ${row.address}`).map((group) =>
    wordedFinding(
      'duplicate_address',
      { address: group[0].address, networkCount: group.length, site: group[0].site_name, records: list(', ', group.map(recordedIn)) },
      [...group.map(addressRef), ...group.map(networkRef)],
    ),
  );
}

interface InRangeRow extends RecordedRow {
  start_address: string;
  end_address: string;
}

/**
 * address_in_dhcp_range: a recorded address inside a DHCP range of its network (the API refuses both ways; older
 * data, an import or the legacy migration may hold one). The index of a network's addresses by key finds them.
 */
function addressesInDhcpRanges(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT a.id, a.address, a.hostname, n.id AS network_id, n.name AS network_name, n.subnet, n.site_id, s.name AS site_name,
      r.start_address, r.end_address
    FROM networks n JOIN sites s ON s.id = n.site_id
      CROSS JOIN ranges r ON r.network_id = n.id AND r.kind = 'dhcp'
      CROSS JOIN addresses a ON a.network_id = n.id AND (a.key_hi, a.key_lo) BETWEEN (r.start_hi, r.start_lo) AND (r.end_hi, r.end_lo)
    WHERE n.site_id ${IN_SCOPE}`,
  ).all({ site }) as unknown as InRangeRow[];
  return rows.map((row) =>
    wordedFinding(
      'address_in_dhcp_range',
      {
        address: addressRef(row).name,
        network: row.network_name,
        subnet: row.subnet,
        site: row.site_name,
        start: row.start_address,
        end: row.end_address,
      },
      [addressRef(row), networkRef(row)],
    ),
  );
}

interface SwitchAddressRow {
  id: string;
  name: string;
  management_ip: string | null;
  site_id: string;
  site_name: string;
  address_id: string | null;
  address: string | null;
  hostname: string | null;
  network_id: string | null;
  network_name: string | null;
  subnet: string | null;
}

/**
 * management_ip_not_recorded: a switch's management IP and its address record (the address with its switchId)
 * disagree: the IP lies in a network of its site but has no record there (the most specific network, as the API
 * keeps it), the record holds another address or sits in another network, or the switch has no management IP
 * any more and still a record. The API keeps them in step; older data, imports and networks added later may not.
 */
function managementIpsNotRecorded(db: Db, site: string | null, reads: Reads): Finding[] {
  const rows = prepare(
    db,
    `SELECT sw.id, sw.name, sw.management_ip, sw.site_id, s.name AS site_name,
      a.id AS address_id, a.address, a.hostname, an.id AS network_id, an.name AS network_name, an.subnet
    FROM switches sw JOIN sites s ON s.id = sw.site_id
      LEFT JOIN addresses a ON a.switch_id = sw.id LEFT JOIN networks an ON an.id = a.network_id
    WHERE sw.site_id ${IN_SCOPE} AND (sw.management_ip IS NOT NULL OR a.id IS NOT NULL)`,
  ).all({ site }) as unknown as SwitchAddressRow[];
  // networkHolding (the API's choice of network) only among the site's networks that hold the IP.
  const findings: Finding[] = [];
  for (const row of rows) {
    const own = row.management_ip;
    const holder = own === null ? undefined : networkHolding(reads.networksHolding(row.id, row.site_id, own), own);
    const recorded =
      row.address_id === null
        ? undefined
        : {
            ref: addressRef({ id: row.address_id, address: row.address!, hostname: row.hostname }),
            network: { type: 'network' as const, id: row.network_id!, name: row.network_name! },
            where: { address: row.address!, recordNetwork: row.network_name!, recordSubnet: row.subnet! },
          };
    if (recorded && holder && row.address === row.management_ip && row.network_id === holder.id) continue;
    if (!recorded && !holder) continue;
    const sw = switchRef(row);
    const ip = { ip: row.management_ip!, switch: row.name };
    const held = holder && { network: holder.name, subnet: holder.subnet };
    const holderRef = holder && { type: 'network' as const, id: holder.id, name: holder.name };
    if (!recorded) {
      findings.push(wordedFinding('management_ip_not_recorded', { ...ip, ...held! }, [sw, holderRef!]));
    } else if (row.management_ip === null) {
      const params = { switch: row.name, ...recorded.where };
      findings.push(wordedFinding('management_ip_not_recorded.without_ip', params, [sw, recorded.ref, recorded.network]));
    } else {
      const [form, should] = held
        ? (['management_ip_not_recorded.differs', held] as const)
        : (['management_ip_not_recorded.differs_outside', { site: row.site_name }] as const);
      findings.push(
        wordedFinding(form, { ...ip, ...recorded.where, ...should }, [
          sw,
          recorded.ref,
          recorded.network,
          ...(holderRef && holderRef.id !== recorded.network.id ? [holderRef] : []),
        ]),
      );
    }
  }
  return findings;
}

interface FullRow {
  id: string;
  name: string;
  subnet: string;
  site_name: string;
  percent: number;
  used: number;
  /** The network's DHCP and reserved ranges: [[kind, start, end, addresses recorded inside], ...] as JSON. */
  ranges: string;
}

/**
 * network_nearly_full: a network at 80 % or more, as its list flags it (nearlyFull: networks.ts's percent of
 * recorded addresses and unrecorded DHCP and reserved ones among the usable addresses); the message gives the
 * counts of ip-math.ts's utilization. Its addresses as the triggers count them, its ranges' on the addresses' index.
 */
function nearlyFullNetworks(db: Db, site: string | null): Finding[] {
  const rows = prepare(
    db,
    `SELECT f.id, f.name, f.subnet, f.site_name, f.percent,
        ${addressCountSql('f')} AS used,
        (SELECT json_group_array(json_array(r.kind, r.start_address, r.end_address, ${RANGE_RECORDED_SQL}))
          FROM ranges r WHERE r.network_id = f.id AND r.kind IN ('dhcp', 'reserved')) AS ranges
      FROM (SELECT n.id, n.name, n.subnet, s.name AS site_name, ${NETWORK_PERCENT_SQL} AS percent
        FROM networks n JOIN sites s ON s.id = n.site_id WHERE n.site_id ${IN_SCOPE}) AS f
      WHERE f.percent >= :full`,
  ).all({ site, full: NEARLY_FULL_PERCENT }) as unknown as FullRow[];
  return rows.map((row) => {
    const subnet = subnetOf(row.subnet)!;
    const ranges = (JSON.parse(row.ranges) as [string, string, string, number][]).map(([kind, start, end, recorded]) => ({
      kind,
      first: ipToBigInt(parseIp(start)!),
      last: ipToBigInt(parseIp(end)!),
      recorded: BigInt(recorded),
    }));
    const use = utilization(subnet, BigInt(row.used), ranges);
    const counts = { used: `${use.used}`, dhcp: `${use.dhcp}`, reserved: `${use.reserved}`, usable: `${use.usable}` };
    const params = { network: row.name, subnet: row.subnet, site: row.site_name, percent: row.percent, ...counts };
    return wordedFinding('network_nearly_full', params, [{ type: 'network', id: row.id, name: row.name }]);
  });
}
