import type { FieldFault } from '../../errors/refusal.ts';
import {
  addressRuleFaults,
  lagRuleFaults,
  networkRuleFaults,
  portRuleFaults,
  rangeRuleFaults,
  type RecordLookups,
} from '../../fields/record-rules.ts';
import type { EntityRef } from './checks.ts';
import { type Db, prepare } from '../open.ts';

// The rules that the write paths refuse, each kind's put together once (fields/record-rules.ts), run over the stored
// rows for GET /api/checks, so that rows that came in before a rule existed, or were written by another tool, are
// found rather than kept in silence. One query per kind of row, the lookups the rules need read in bulk with it (each
// row carries the records its rules ask about), then a pass in JavaScript: no query per row.

/** A stored record that breaks rules: the record, and one fault per broken rule (the field and why). */
export interface RuleBreak {
  entity: EntityRef;
  faults: FieldFault[];
}

/**
 * A linked port of a switch at the site, as the checks read it once for every check that looks at links; `far`: the
 * switch and the link of the port it links to (undefined: no port has that id). Its tagged VLAN ids comma-separated.
 */
export interface LinkedPortRecord {
  id: string;
  name: string;
  mode: string;
  unit: number;
  untaggedVlanId: string | null;
  taggedVlanIds: string | null;
  linkedPortId: string | null;
  switchId: string;
  switchName: string;
  siteId: string;
  stackSize: number;
  far?: { switchId: string; linkedPortId: string | null };
}

/**
 * Every stored record in scope that breaks a rule; `inScope` is the SQL that keeps the site's rows (`IN (…)`, :site
 * bound), `linkedPorts` the linked ports of the site's switches (the checks have read them), `unusableAddresses` the
 * ids of the addresses in scope that are no usable host of their network, `foreignVlanSwitches` the ids of the switches
 * in scope whose ports carry a VLAN of another site or one that does not exist (the checks have read each switch's VLANs).
 */
export function ruleBreaks(
  db: Db,
  site: string | null,
  inScope: string,
  linkedPorts: Iterable<LinkedPortRecord>,
  unusableAddresses: string[],
  foreignVlanSwitches: string[],
): RuleBreak[] {
  return [...switchedBreaks(db, site, inScope, linkedPorts, foreignVlanSwitches), ...ipamBreaks(db, site, inScope, unusableAddresses)];
}

// The sites of the VLANs a judged record may name, in one statement: of all sites, every VLAN; of one site, its VLANs
// and those of other sites that its switches' ports carry (vlan_switch_ports): a record names no other VLAN that exists.
function vlanSites(db: Db, site: string | null): (id: string) => string | undefined {
  const rows = prepare(db, site === null ? 'SELECT id, site_id FROM vlans' : SITE_VLANS).all(site === null ? {} : { site }) as {
    id: string;
    site_id: string;
  }[];
  const sites = new Map(rows.map((row) => [row.id, row.site_id]));
  return (id) => sites.get(id);
}

const SITE_VLANS = `SELECT id, site_id FROM vlans WHERE site_id = :site
  UNION SELECT v.id, v.site_id FROM switches sw CROSS JOIN vlan_switch_ports c ON c.switch_id = sw.id CROSS JOIN vlans v ON v.id = c.vlan_id
  WHERE sw.site_id = :site AND v.site_id IS NOT sw.site_id`;

/**
 * A port or a LAG, in the one shape of switchedBreaks' statement: a LAG's mode is its portMode, its link its remote
 * LAG; it has no unit. `far_*`: the switch and the link of the far end (null: there is none).
 */
interface SwitchedRow {
  kind: 'port' | 'lag';
  id: string;
  name: string;
  mode: string;
  unit: number | null;
  untagged_vlan_id: string | null;
  /** The tagged VLAN ids, comma-separated (null: none). */
  tagged: string | null;
  linked_port_id: string | null;
  switch_id: string;
  switch_name: string;
  site_id: string;
  stack_size: number;
  far_switch_id: string | null;
  far_linked_port_id: string | null;
  /** A LAG's members as a JSON array of { id, name, type, switchId }, in port order (a port: null). */
  members: string | null;
}

/** A LAG's member as its row carries it. */
interface Member {
  id: string;
  name: string;
  type: string;
  switchId: string;
}

const LAG_MEMBERS = `(SELECT json_group_array(json_object('id', m.id, 'name', m.name, 'type', m.type, 'switchId', m.switch_id))
  FROM (SELECT id, name, type, switch_id FROM ports WHERE lag_id = l.id ORDER BY position, name, id) m)`;

// One statement for the ports and the LAGs, and one for the sites of all VLANs (a VLAN named may be of another site):
// GET /api/checks runs a fixed number of statements. Reading every port into JavaScript would cost more than every
// other check together (96,000 rows, their tagged lists), so SQLite narrows the ports to those a port rule could refuse
// (PORT_CANDIDATES) and the declarations judge them and word the finding; the linked ports among them the checks have
// read already (for the link checks), so the statement leaves them out. A LAG is read whole, with its remote LAG and
// its members: there are few. A port's LAG is left out of its row: its LAG's row judges its members. Rows are judged
// as they come, and only a break is kept.
function switchedBreaks(
  db: Db,
  site: string | null,
  inScope: string,
  linkedPorts: Iterable<LinkedPortRecord>,
  foreignVlanSwitches: string[],
): RuleBreak[] {
  const siteOfVlan = vlanSites(db, site);
  const rows = prepare(
    db,
    `SELECT 'port' AS kind, p.id, p.name, p.mode, p.unit, p.untagged_vlan_id,
      (SELECT group_concat(t.vlan_id) FROM port_tagged_vlans t WHERE t.port_id = p.id) AS tagged, p.linked_port_id, p.switch_id,
      sw.name AS switch_name, sw.site_id, sw.stack_size, NULL AS far_switch_id, NULL AS far_linked_port_id, NULL AS members
    FROM ${site === null ? ALL_CANDIDATES : SITE_CANDIDATES}
    WHERE sw.site_id ${inScope} AND p.linked_port_id IS NULL
    UNION ALL SELECT 'lag', l.id, l.name, l.port_mode, NULL, l.untagged_vlan_id,
      (SELECT group_concat(t.vlan_id) FROM lag_tagged_vlans t WHERE t.lag_id = l.id), l.remote_lag_id, l.switch_id, sw.name, sw.site_id,
      sw.stack_size, f.switch_id, f.remote_lag_id, ${LAG_MEMBERS}
    FROM switches sw CROSS JOIN lags l ON l.switch_id = sw.id LEFT JOIN lags f ON f.id = l.remote_lag_id WHERE sw.site_id ${inScope}`,
  ).iterate({ site, foreign: JSON.stringify(foreignVlanSwitches) }) as Iterable<SwitchedRow>;
  const breaks: RuleBreak[] = [];
  const judge = (row: SwitchedRow) => {
    const found = switchedBreak(row, siteOfVlan);
    if (found) breaks.push(found);
  };
  for (const row of rows) judge(row);
  for (const port of linkedPorts) judge(linkedPortRow(port));
  return breaks;
}

/** A linked port the checks read, in the shape of switchedBreaks' rows. */
function linkedPortRow(port: LinkedPortRecord): SwitchedRow {
  return {
    kind: 'port',
    id: port.id,
    name: port.name,
    mode: port.mode,
    unit: port.unit,
    untagged_vlan_id: port.untaggedVlanId,
    tagged: port.taggedVlanIds,
    linked_port_id: port.linkedPortId,
    switch_id: port.switchId,
    switch_name: port.switchName,
    site_id: port.siteId,
    stack_size: port.stackSize,
    far_switch_id: port.far?.switchId ?? null,
    far_linked_port_id: port.far?.linkedPortId ?? null,
    members: null,
  };
}

/**
 * The unlinked ports a port rule could refuse: a unit past 1 (beyond a stack of one), a switch whose ports carry a
 * VLAN of another site or none (:foreign, the checks' read of each switch's VLAN counts). Every other port passes
 * every rule of portFaults but one: tagged VLANs off a trunk, which every write refuses and which this pass does not
 * look for, since finding it means a lookup for each of the ports that are not trunks (~150 ms at the 1× bench set).
 * Of all sites, each part is read through an index (ports_stacked, a partial index, and the ports by switch); of one
 * site, its switches' ports are read, so that its cost is what the site holds.
 */
const ALL_CANDIDATES = `(SELECT id FROM ports WHERE unit > 1
  UNION SELECT p.id FROM json_each(:foreign) f CROSS JOIN ports p ON p.switch_id = f.value) c
  CROSS JOIN ports p ON p.id = c.id CROSS JOIN switches sw ON sw.id = p.switch_id`;

const SITE_CANDIDATES = `switches sw CROSS JOIN ports p ON p.switch_id = sw.id AND (p.unit > 1 OR sw.id IN (SELECT value FROM json_each(:foreign)))`;

/** The record's break, or undefined when it breaks no rule (its entity then not made). */
function switchedBreak(row: SwitchedRow, siteOfVlan: (id: string) => string | undefined): RuleBreak | undefined {
  const members = row.members === null ? [] : (JSON.parse(row.members) as Member[]);
  const lookups = switchedLookups(row, siteOfVlan, members);
  const record = {
    id: row.id,
    switchId: row.switch_id,
    untaggedVlanId: row.untagged_vlan_id,
    taggedVlanIds: row.tagged?.split(',') ?? [],
  };
  if (row.kind === 'port') {
    const port = { ...record, mode: row.mode, unit: row.unit, linkedPortId: row.linked_port_id };
    const faults = portRuleFaults(port, lookups, { symmetric: true });
    return faults.length === 0 ? undefined : { entity: { type: 'port', id: row.id, name: `${row.switch_name} port ${row.name}` }, faults };
  }
  const lag = { ...record, portMode: row.mode, remoteLagId: row.linked_port_id, memberPortIds: members.map((member) => member.id) };
  const faults = lagRuleFaults(lag, lookups, { symmetric: true });
  return faults.length === 0 ? undefined : { entity: { type: 'lag', id: row.id, name: `${row.switch_name} LAG ${row.name}` }, faults };
}

/** What the rules of a port or LAG ask, answered from its row: its switch, its far end, a LAG's members. */
function switchedLookups(row: SwitchedRow, siteOfVlan: (id: string) => string | undefined, members: Member[]): RecordLookups {
  const far = (id: string) =>
    id !== row.linked_port_id || row.far_switch_id === null
      ? undefined
      : { switchId: row.far_switch_id, linkedPortId: row.far_linked_port_id, remoteLagId: row.far_linked_port_id };
  return {
    siteOfVlan,
    switchOf: (id) => (id === row.switch_id ? { siteId: row.site_id, stackSize: row.stack_size, name: row.switch_name } : undefined),
    port: (id) => (row.kind === 'port' ? far(id) : members.find((member) => member.id === id)),
    lag: far,
    network: () => undefined,
  };
}

/** A network, address or range, in the one shape of ipamBreaks' statement. */
interface IpamRow {
  kind: 'network' | 'address' | 'range';
  id: string;
  name: string | null;
  /** A network's gateway, an address, a range's start. */
  a: string | null;
  /** A network's VLAN, a range's end, an address's port. */
  b: string | null;
  /** A network's VLAN's site, a range's kind, an address's port's switch. */
  c: string | null;
  /** An address's port's site. */
  d: string | null;
  subnet: string | null;
  network_id: string | null;
  network_name: string | null;
  site_id: string;
}

// One statement for the networks, addresses and ranges (GET /api/checks runs a fixed number of statements). Of the
// addresses only those a rule could refuse are read: `unusable`, the ids of those that are no usable host of their
// network (the checks have read every address's text), and those with a port (whose site the rule judges). Reading
// and judging every one of 100,000 recorded addresses was most of what the checks of an IPAM-sized install cost.
function ipamBreaks(db: Db, site: string | null, inScope: string, unusable: string[]): RuleBreak[] {
  const rows = prepare(
    db,
    `WITH candidates AS (SELECT value AS id FROM json_each(:unusable)
      UNION SELECT id FROM addresses INDEXED BY addresses_port WHERE :site IS NULL AND port_id IS NOT NULL
      UNION SELECT a.id FROM networks n CROSS JOIN addresses a ON a.network_id = n.id WHERE n.site_id = :site AND a.port_id IS NOT NULL)
    SELECT 'network' AS kind, n.id, n.name, n.gateway AS a, n.vlan_id AS b, nv.site_id AS c, NULL AS d, n.subnet,
      n.id AS network_id, n.name AS network_name, n.site_id
    FROM networks n LEFT JOIN vlans nv ON nv.id = n.vlan_id WHERE n.site_id ${inScope}
    UNION ALL SELECT 'address', a.id, a.hostname, a.address, a.port_id, p.switch_id, ps.site_id, n.subnet, n.id, n.name, n.site_id
    FROM candidates CROSS JOIN addresses a ON a.id = candidates.id CROSS JOIN networks n ON n.id = a.network_id
      LEFT JOIN ports p ON p.id = a.port_id LEFT JOIN switches ps ON ps.id = p.switch_id WHERE n.site_id ${inScope}
    UNION ALL SELECT 'range', r.id, NULL, r.start_address, r.end_address, r.kind, NULL, n.subnet, n.id, n.name, n.site_id
    FROM networks n CROSS JOIN ranges r ON r.network_id = n.id WHERE n.site_id ${inScope}`,
  ).iterate({ site, unusable: JSON.stringify(unusable) }) as Iterable<IpamRow>;
  const breaks: RuleBreak[] = [];
  for (const row of rows) {
    const found = ipamBreakOf(row);
    if (found.faults.length > 0) breaks.push(found);
  }
  return breaks;
}

function ipamBreakOf(row: IpamRow): RuleBreak {
  const network = { type: 'network', id: row.network_id ?? row.id, name: row.network_name ?? '' } as const;
  const lookups = ipamLookups(row);
  const context = { symmetric: true };
  if (row.kind === 'network') {
    const record = { subnet: row.subnet, gateway: row.a, siteId: row.site_id, vlanId: row.b };
    return { entity: network, faults: networkRuleFaults(record, lookups, context) };
  }
  if (row.kind === 'address') {
    const name = row.name ? `${row.a} (${row.name})` : (row.a ?? '');
    const address = { address: row.a, portId: row.b, networkId: row.network_id };
    return { entity: { type: 'address', id: row.id, name }, faults: addressRuleFaults(address, lookups, context) };
  }
  const range = { start: row.a, end: row.b, kind: row.c, networkId: row.network_id };
  return { entity: network, faults: rangeRuleFaults(range, lookups, { ...context, prefix: `range ${row.a}–${row.b}.` }) };
}

/** What the rules of a network, address or range ask, answered from its row: the network, its VLAN's site, an address's port. */
function ipamLookups(row: IpamRow): RecordLookups {
  const address = row.kind === 'address';
  return {
    siteOfVlan: (id) => (row.kind === 'network' && id === row.b ? (row.c ?? undefined) : undefined),
    switchOf: (id) => (address && id === row.c && row.d !== null ? { siteId: row.d, stackSize: 0 } : undefined),
    port: (id) => (address && id === row.b && row.c !== null ? { switchId: row.c } : undefined),
    lag: () => undefined,
    network: (id) => (id === row.network_id ? { siteId: row.site_id, subnet: row.subnet ?? '' } : undefined),
  };
}
