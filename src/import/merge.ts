// Merge: adds a checked document's records to what is stored, each under a fresh id with every reference
// remapped. A site with the name of a stored one is merged into it, and so are, inside it, the VLANs of the
// same number, the networks of the same subnet and the switches of the same name, and the ports of the same
// name inside a merged switch: the stored record stays as it is and the document's references to it point at
// it. What the stored site makes impossible as it is, is fixed and listed (`fixes`): a new VLAN whose colour
// the site uses gets a free one; a new VLAN or network whose name the site uses gets " (2)"…; a link to a
// stored port that is linked already is left out. A new network overlapping a stored one of its site, or a
// switch taking a stored management IP or MAC address, is a clash (409, nothing changed). Templates are merged by
// name when their units are equal (the stored one is used), else come in as "name (2)"…; LAGs come with their
// switches, members and remote LAG remapped, and a LAG that would break a stored one (its name taken on a merged
// switch, or a member merged into a stored port of a stored LAG) is left out, its members then in no LAG. The public
// links of a 0.20.x bundle or an ezSWM backup come only for a switch the merge creates, under a new random token
// (docs/SHARING.md "Merge"): a file must not open a stored switch to whoever chose its tokens.
import { lagMemberTypeProblem } from '../lib/port-kinds.ts';
import { randomUUID } from 'node:crypto';
import { insertActivity, type NewActivityRow } from '../db/activity.ts';
import type { Counts } from '../db/read/backup.ts';
import { noteEntry, recordChange, type Actor } from '../db/change.ts';
import { insertRecords, isKind, KIND_OF, KIND_PLURALS, perPlural, pluralOf, type KindPlural, type StoredRecord } from '../db/images.ts';
import { getNetwork, networkIdByName, networksOfSite, overlappingNetwork } from '../db/networks.ts';
import { addressOfSwitch, listAddresses } from '../db/addresses.ts';
import { listRanges, type RangeRow } from '../db/ranges.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { insertPublicLink, newPublicToken, publicTokenHash } from '../db/public-links.ts';
import { hasTopologyPosition, setTopologyPosition } from '../db/topology-positions.ts';
import { portIdByName, portRefById, setLink } from '../db/ports.ts';
import { siteIdByName, siteNameById } from '../db/sites.ts';
import { getSwitch, switchIdByIp, switchIdByMac, switchIdByName, switchRefById } from '../db/switches.ts';
import { lagIdByName, lagRefById, memberCandidate, setPortLag } from '../db/lags.ts';
import { templateIdByName, templateUnitsOf } from '../db/templates.ts';
import { usedColors, vlanIdByName, vlanIdByVid } from '../db/vlans.ts';
import { Refusal } from '../errors/refusal.ts';
import { refusalOf, ruleFault, type RuleFault, RULES } from '../fields/rules.ts';
import { cidrOverlaps } from '../lib/net.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { zeroCounts, foldCase, type CheckedDocument, type StoredActivity } from './document.ts';
import { nameFreer } from '../legacy/context.ts';
import { remapSharing, type LegacySharing, type MergedPublicLink, type MergedSharing } from '../legacy/ezswm-sharing.ts';
import { ipamFault, ipamFindings, type IpamAddress, type IpamRange } from './ipam.ts';

/** How a merge runs. */
export interface MergeOptions {
  /** merge: same-name records are merged; fail: any same-name record refuses the import (a conflict). */
  onConflict: 'merge' | 'fail';
  dryRun: boolean;
  /** What the document came from, for the activity entry. */
  source: 'db-v1' | 'legacy' | 'netbox';
  /**
   * The import entry keeps undo images of every record it creates and every stored port it links (db/change.ts
   * recordChange), so that undo removes the whole import: the NetBox import's. A document with activity or sharing is not undoable.
   */
  undoable?: boolean;
  /** Fixes made before the merge (the 0.20.x reader's), listed with the merge's own. */
  fixes?: MergeFix[];
  /** The public links and topology positions of a 0.20.x bundle or an ezSWM backup (docs/SHARING.md). */
  sharing?: LegacySharing;
  /** The URL of a new public link's token (`/p/<token>` unless given), answered once in `sharing.links`. */
  publicUrl?: (token: string) => string;
  /** Every fix in the terms of what was sent, where the reader's differ (an ezSWM backup's own lists and records). */
  fixesInSourceTerms?: (fixes: MergeFix[]) => MergeFix[];
}

/** A public link the merge made, with its new token's URL: the only place that token is ever shown. */
export interface MadePublicLink {
  id: string;
  /** Its id in public-tokens.json. */
  fileId: string;
  switchId: string;
  switchName: string;
  url: string;
}

/** One value a merge (or the 0.20.x reader before it) changed: the list (or file), the record's id in the document, the field. */
export interface MergeFix {
  file: string;
  id: string;
  /** The record in words where its id alone would not say it (an ezSWM backup's port: "port 7 of switch acc-1"). */
  record?: string;
  field: string;
  from: unknown;
  to: unknown;
  reason: string;
}

/** What a merge created and merged, and every value it had to change. */
export interface MergeResult {
  created: Counts;
  merged: Counts;
  fixes: MergeFix[];
  /** With sharing data: the public links and topology positions made (or, in a dry run, to be made), and the links made. */
  sharing?: { publicLinks: number; topologyPositions: number; links?: MadePublicLink[] };
}

interface MergePlan {
  now: string;
  inserts: Record<KindPlural, StoredRecord[]>;
  /** Stored ports that get linked to a new port: [stored port, new port]. */
  links: [string, string][];
  /** Stored ports (of a merged switch) that become members of a new LAG: [stored port, new LAG]. */
  lagMembers: [string, string][];
  activity: StoredActivity[];
  merged: Counts;
  clashes: RuleFault[];
  fixes: MergeFix[];
  /** The document's id of each record to its stored or new id, per kind. */
  ids: Record<KindPlural, Map<string, string>>;
}

/** Merges a checked document in one transaction with one `import` entry; a refusal lists the clashes (clashRefusal). */
export function mergeDocument(db: Db, actor: Actor, doc: CheckedDocument, options: MergeOptions): MergeResult {
  if (options.undoable && !options.dryRun && !options.sharing && doc.activity.length === 0) return undoableMerge(db, actor, doc, options);
  return inTransaction(db, () => {
    const plan = planMerge(db, doc, options.onConflict);
    plan.fixes.unshift(...(options.fixes ?? []));
    if (plan.clashes.length) throw clashRefusal(plan.clashes);
    const created = {
      ...zeroCounts(),
      ...Object.fromEntries(KIND_PLURALS.map((kind) => [kind, plan.inserts[kind].length])),
      activity: plan.activity.length,
    };
    const sharing = options.sharing && planSharing(db, options.sharing, plan);
    if (options.fixesInSourceTerms) plan.fixes = options.fixesInSourceTerms(plan.fixes);
    if (!options.dryRun) applyPlan(db, actor, plan, { source: options.source, created });
    const result: MergeResult = { created, merged: plan.merged, fixes: plan.fixes };
    if (!sharing) return result;
    result.sharing = { publicLinks: sharing.publicLinks.length, topologyPositions: sharing.topologyPositions.length };
    if (!options.dryRun) result.sharing.links = writeSharing(db, actor, sharing, plan.now, options.publicUrl ?? ((token) => `/p/${token}`));
    return result;
  });
}

// The merge as one change of db/change.ts: every created record (and every stored port a new link or LAG takes) is touched
// before it is written, so that the entry's undo images remove them all and give the stored ports back as they were.
function undoableMerge(db: Db, actor: Actor, doc: CheckedDocument, options: MergeOptions): MergeResult {
  return recordChange(db, actor, (change) => {
    const plan = planMerge(db, doc, options.onConflict);
    plan.fixes.unshift(...(options.fixes ?? []));
    if (plan.clashes.length) throw clashRefusal(plan.clashes);
    const created = { ...zeroCounts(), ...Object.fromEntries(KIND_PLURALS.map((kind) => [kind, plan.inserts[kind].length])) };
    for (const kind of KIND_PLURALS)
      change.touch(
        KIND_OF[kind],
        plan.inserts[kind].map((record) => record.id),
        null,
      );
    change.touch('port', [...plan.links.map(([stored]) => stored), ...plan.lagMembers.map(([stored]) => stored)]);
    writePlan(db, plan);
    const activity = {
      action: 'import' as const,
      entityType: null,
      entityId: null,
      entityName: null,
      siteId: null,
      summary: `Imported ${sourceWords(options.source)}: created ${describe(created)}; merged ${describe(plan.merged)}`,
      // A NetBox bundle may list every interface of every server: the entry keeps the first fixes, the answer has them all.
      changes: {
        source: options.source,
        created,
        merged: plan.merged,
        fixes: plan.fixes.slice(0, ENTRY_FIXES_MAX),
        ...(plan.fixes.length > ENTRY_FIXES_MAX ? { fixesTotal: plan.fixes.length } : {}),
      },
      undoable: true,
    };
    return { activity, result: { created, merged: plan.merged, fixes: plan.fixes } };
  }).result;
}

/** The most fixes an undoable import's entry keeps (fixesTotal counts them all). */
const ENTRY_FIXES_MAX = 1000;

function sourceWords(source: MergeOptions['source']): string {
  return source === 'legacy' ? 'a 0.20.x bundle' : source === 'netbox' ? 'a NetBox bundle' : 'a backup';
}

/**
 * The refusal of a merge's clashes with the stored data: the code of their rule when all break rules of one code (409
 * subnet_overlaps for a new network overlapping a stored one: fields/rules.ts refusalOf), else 409 conflict (the
 * same-name records that onConflict=fail refuses among them).
 */
function clashRefusal(clashes: RuleFault[]): Refusal {
  const message = `The import clashes with stored data in ${clashes.length} place${clashes.length === 1 ? '' : 's'}; nothing was changed.`;
  const refusal = refusalOf(clashes, message);
  return refusal.code === 'validation_failed' ? new Refusal('conflict', 'conflict', message, refusal.details) : refusal;
}

/** How long a VLAN's, network's or template's name may be, with the " (2)" a taken name gets. */
const MERGED_NAME_LENGTH = 100;

function planMerge(db: Db, doc: CheckedDocument, onConflict: MergeOptions['onConflict']): MergePlan {
  const freeName = nameFreer(MERGED_NAME_LENGTH);
  const plan: MergePlan = {
    now: new Date().toISOString(),
    inserts: perPlural((): StoredRecord[] => []),
    links: [],
    lagMembers: [],
    activity: [],
    merged: zeroCounts(),
    clashes: [],
    fixes: [],
    ids: perPlural(() => new Map<string, string>()),
  };
  const ids = plan.ids;
  const mergedIds = new Set<string>();
  const merge = (kind: KindPlural, docId: string, storedId: string, field: string, message: string) => {
    ids[kind].set(docId, storedId);
    mergedIds.add(docId);
    plan.merged[kind]++;
    if (onConflict === 'fail') plan.clashes.push({ field, message });
  };
  const create = (kind: KindPlural, record: StoredRecord, changes: Record<string, unknown>) => {
    const id = randomUUID();
    ids[kind].set(record.id, id);
    const inserted = { ...record, ...changes, id, version: 1, updatedAt: plan.now };
    plan.inserts[kind].push(inserted);
    return inserted;
  };
  const fix = (file: KindPlural, record: StoredRecord, field: string, from: unknown, to: unknown, reason: string) =>
    plan.fixes.push({ file, id: record.id, field, from, to, reason });
  const siteName = (siteId: string) => siteNameById(db, siteId);

  doc.sites.forEach((site, i) => {
    const stored = siteIdByName(db, site.name as string);
    if (stored) merge('sites', site.id, stored, `data.sites[${i}].name`, `a site named "${site.name}" exists`);
    else create('sites', site, {});
  });

  // VLANs: by number inside a merged site; a new one takes a name and a colour its site does not have yet.
  const colors = new Map<string, Set<string>>();
  // A merged record's name, free among the site's stored records and those merged before it (names compared without case).
  const freeSiteName = (
    taken: Map<string, Set<string>>,
    kind: 'vlan' | 'network',
    siteId: string,
    wanted: string,
    storedId: (name: string) => string | undefined,
  ) => {
    const names = getOrSet(taken, siteId, () => new Set<string>());
    const name = freeName(`${kind}\n${siteId}`, wanted, (candidate) => names.has(foldCase(candidate)) || storedId(candidate) !== undefined);
    names.add(foldCase(name));
    return name;
  };
  const vlanNames = new Map<string, Set<string>>();
  doc.vlans.forEach((vlan, i) => {
    const docSite = vlan.siteId as string;
    const siteId = ids.sites.get(docSite)!;
    if (!mergedIds.has(docSite)) return void create('vlans', vlan, { siteId });
    const stored = vlanIdByVid(db, siteId, vlan.vid as number);
    if (stored) return merge('vlans', vlan.id, stored, `data.vlans[${i}].vid`, `site "${siteName(siteId)}" has a VLAN ${vlan.vid}`);
    const name = freeSiteName(vlanNames, 'vlan', siteId, vlan.name as string, (candidate) => vlanIdByName(db, siteId, candidate));
    if (name !== vlan.name) fix('vlans', vlan, 'name', vlan.name, name, `site "${siteName(siteId)}" has a VLAN of that name`);
    const used = getOrSet(colors, siteId, () => usedColors(db, siteId));
    let color = vlan.color as string;
    if (used.has(color)) {
      color = pickVlanColor(used);
      fix('vlans', vlan, 'color', vlan.color, color, `site "${siteName(siteId)}" has a VLAN of that colour`);
    }
    used.add(color);
    create('vlans', vlan, { siteId, name, color });
  });
  const vlan = (id: unknown) => (typeof id === 'string' ? (ids.vlans.get(id) ?? null) : null);

  // Networks: by subnet inside a merged site; one overlapping a stored network of its site is a clash.
  const networkNames = new Map<string, Set<string>>();
  doc.networks.forEach((network, i) => {
    const docSite = network.siteId as string;
    const siteId = ids.sites.get(docSite)!;
    const changes = { siteId, vlanId: vlan(network.vlanId) };
    if (!mergedIds.has(docSite)) return void create('networks', network, changes);
    const subnet = network.subnet as string;
    const same = networksOfSite(db, siteId).find((row) => row.subnet === subnet);
    if (same)
      return merge('networks', network.id, same.id, `data.networks[${i}].subnet`, `site "${siteName(siteId)}" has a network ${subnet}`);
    const overlap = overlappingNetwork(db, siteId, subnet);
    if (overlap) {
      const message = `overlaps network "${overlap.name}" (${overlap.subnet}) of site "${siteName(siteId)}"`;
      plan.clashes.push(ruleFault(RULES.subnetsApart, `data.networks[${i}].subnet`, message));
    }
    const name = freeSiteName(networkNames, 'network', siteId, network.name as string, (candidate) =>
      networkIdByName(db, siteId, candidate),
    );
    if (name !== network.name)
      fix('networks', network, 'name', network.name, name, `site "${siteName(siteId)}" has a network of that name`);
    create('networks', network, { ...changes, name });
  });
  overlapsAmongNew(plan, doc, mergedIds);

  const planner: Planner = { ids, mergedIds, onConflict, clashes: plan.clashes, merge, create, fix, freeName };
  planTemplates(db, doc, planner);
  doc.switches.forEach((sw, i) => {
    const docSite = sw.siteId as string;
    const siteId = ids.sites.get(docSite)!;
    if (mergedIds.has(docSite)) {
      const stored = switchIdByName(db, siteId, sw.name as string);
      if (stored)
        return merge('switches', sw.id, stored, `data.switches[${i}].name`, `site "${siteName(siteId)}" has a switch named "${sw.name}"`);
      if (sw.managementIp && switchIdByIp(db, siteId, sw.managementIp as string)) {
        const message = `another switch of site "${siteName(siteId)}" has ${sw.managementIp}`;
        plan.clashes.push(ruleFault(RULES.valueTaken, `data.switches[${i}].managementIp`, message));
      }
    }
    if (sw.macAddress && switchIdByMac(db, sw.macAddress as string)) {
      const message = `a stored switch has MAC address ${sw.macAddress}`;
      plan.clashes.push(ruleFault(RULES.valueTaken, `data.switches[${i}].macAddress`, message));
    }
    create('switches', sw, {
      siteId,
      templateId: sw.templateId ? (ids.templates.get(sw.templateId as string) ?? null) : null,
      configuredVlanIds: ((sw.configuredVlanIds as string[]) ?? []).map(vlan),
    });
  });
  doc.ports.forEach((port, i) => {
    const switchId = ids.switches.get(port.switchId as string)!;
    if (mergedIds.has(port.switchId as string)) {
      const stored = portIdByName(db, switchId, port.name as string);
      if (stored) return merge('ports', port.id, stored, `data.ports[${i}].name`, `the switch has a port named "${port.name}"`);
    }
    create('ports', port, {
      switchId,
      untaggedVlanId: vlan(port.untaggedVlanId),
      linkedPortId: null,
      lagId: null,
      taggedVlanIds: ((port.taggedVlanIds as string[]) ?? []).map(vlan),
    });
  });
  planLinks(db, doc, ids.ports, mergedIds, plan);
  planLags(db, doc, planner, plan, vlan);
  planIpam(db, doc, planner, plan);
  plan.activity = remapActivity(doc.activity, ids);
  return plan;
}

/** What planMerge shares with the steps it hands a kind to. */
interface Planner {
  ids: Record<KindPlural, Map<string, string>>;
  onConflict: MergeOptions['onConflict'];
  clashes: RuleFault[];
  mergedIds: Set<string>;
  merge(kind: KindPlural, docId: string, storedId: string, field: string, message: string): void;
  create(kind: KindPlural, record: StoredRecord, changes: Record<string, unknown>): StoredRecord;
  fix(file: KindPlural, record: StoredRecord, field: string, from: unknown, to: unknown, reason: string): void;
  /** A name of the scope that `taken` does not have: the name, or it with " (2)", " (3)"… (nameFreer). */
  freeName: ReturnType<typeof nameFreer>;
}

// Templates are one list for the whole install: one of the same name and the same units is the stored one; one
// of the same name with other units comes in under a free name ("name (2)"), listed as a fix.
function planTemplates(db: Db, doc: CheckedDocument, planner: Planner): void {
  const { merge, create, fix } = planner;
  const names = new Set<string>();
  doc.templates.forEach((template, i) => {
    const name = template.name as string;
    const stored = templateIdByName(db, name);
    const at = `data.templates[${i}].name`;
    if (stored && JSON.stringify(templateUnitsOf(db, stored)) === JSON.stringify(template.units))
      return merge('templates', template.id, stored, at, `a template named "${name}" exists`);
    const free = planner.freeName(
      'template',
      name,
      (candidate) => names.has(foldCase(candidate)) || templateIdByName(db, candidate) !== undefined,
    );
    names.add(foldCase(free));
    if (free !== name) {
      fix('templates', template, 'name', name, free, 'a stored template has that name with other units');
      if (planner.onConflict === 'fail') planner.clashes.push({ field: at, message: `a template named "${name}" exists with other units` });
    }
    create('templates', template, { name: free });
  });
}

// LAGs: those of a new switch come with their members and remote LAG remapped. On a merged switch, a LAG whose
// name the stored switch has, or one with a member merged into a stored port that is in a stored LAG, is left out
// (its new members then in no LAG); otherwise it is created, and its merged (stored) members join it. A remote LAG
// that was left out leaves the pair unpaired.
function planLags(db: Db, doc: CheckedDocument, planner: Planner, plan: MergePlan, vlan: (id: unknown) => string | null): void {
  const { ids, mergedIds, create, fix } = planner;
  const newPorts = new Map(plan.inserts.ports.map((port) => [port.id, port]));
  const created = new Map<string, StoredRecord>();
  for (const lag of doc.lags) {
    const docSwitch = lag.switchId as string;
    const switchId = ids.switches.get(docSwitch)!;
    const members = ((lag.memberPortIds as string[]) ?? []).map((portId) => ids.ports.get(portId)!);
    if (mergedIds.has(docSwitch)) {
      const reason = leftOutReason(db, lag, switchId, members, mergedIds);
      if (reason) {
        fix('lags', lag, 'id', lag.id, null, `${reason}; the LAG was left out and its ports are in no LAG`);
        continue;
      }
    }
    const record = create('lags', lag, {
      switchId,
      untaggedVlanId: vlan(lag.untaggedVlanId),
      taggedVlanIds: ((lag.taggedVlanIds as string[]) ?? []).map(vlan),
      memberPortIds: members,
    });
    created.set(lag.id, record);
    for (const portId of members) {
      const port = newPorts.get(portId);
      if (port) port.lagId = record.id;
      else plan.lagMembers.push([portId, record.id]);
    }
  }
  for (const lag of doc.lags) {
    const record = created.get(lag.id);
    const remote = lag.remoteLagId as string | null;
    if (!record || !remote) continue;
    const other = created.get(remote);
    record.remoteLagId = other?.id ?? null;
    if (!other) fix('lags', lag, 'remoteLagId', remote, null, 'its remote LAG was left out');
  }
}

// Why a LAG of a merged switch cannot come in, or undefined when it can.
function leftOutReason(db: Db, lag: StoredRecord, switchId: string, members: string[], mergedIds: Set<string>): string | undefined {
  const sw = getSwitch(db, switchId);
  if (lagIdByName(db, switchId, lag.name as string)) return `the stored switch "${sw?.name}" has a LAG named "${lag.name}"`;
  const docPorts = (lag.memberPortIds as string[]) ?? [];
  for (const [j, portId] of members.entries()) {
    if (!mergedIds.has(docPorts[j])) continue;
    const stored = memberCandidate(db, portId);
    if (stored?.lagId) {
      const other = lagRefById(db, stored.lagId);
      return `port "${stored.name}" of the stored switch "${sw?.name}" is a member of its LAG "${other?.name}"`;
    }
    const typeProblem = stored && lagMemberTypeProblem(stored.name, stored.type);
    if (typeProblem) return `${typeProblem} (of the stored switch "${sw?.name}")`;
  }
  return undefined;
}

const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0, sort: undefined, q: undefined };

// Ranges and addresses: those of a new network come as they are; inside a merged network a range with the same
// start and end, and an address with the same address, are merged, and the new ones must keep the IPAM rules
// with the stored ones (a clash otherwise). An address that names a stored switch as the one whose management
// IP it is keeps that only when the switch has that management IP and no address of its own yet.
function planIpam(db: Db, doc: CheckedDocument, planner: Planner, plan: MergePlan): void {
  const { ids, mergedIds, merge, create, fix } = planner;
  const stored = new Map<string, { addresses: Map<string, string>; ranges: RangeRow[] }>();
  const storedOf = (networkId: string) => {
    let entry = stored.get(networkId);
    if (!entry) {
      const addresses = new Map(listAddresses(db, ALL, { networkId }).rows.map((row) => [row.address, row.id]));
      entry = { addresses, ranges: listRanges(db, networkId) };
      stored.set(networkId, entry);
    }
    return entry;
  };
  const newAddresses: IpamAddress[] = [];
  const newRanges: IpamRange[] = [];
  doc.ranges.forEach((range, i) => {
    const networkId = ids.networks.get(range.networkId as string)!;
    if (!mergedIds.has(range.networkId as string)) return void create('ranges', range, { networkId });
    const same = storedOf(networkId).ranges.find((row) => row.start_address === range.start && row.end_address === range.end);
    if (same) return merge('ranges', range.id, same.id, `data.ranges[${i}].start`, `the network has a range ${range.start}–${range.end}`);
    const created = create('ranges', range, { networkId });
    newRanges.push({
      ...created,
      networkId,
      start: range.start as string,
      end: range.end as string,
      kind: String(range.kind),
      at: `data.ranges[${i}].`,
      where: `data.ranges[${i}]`,
    });
  });
  doc.addresses.forEach((address, i) => {
    const networkId = ids.networks.get(address.networkId as string)!;
    const docSwitch = address.switchId as string | null;
    const changes: Record<string, unknown> = {
      networkId,
      portId: address.portId ? (ids.ports.get(address.portId as string) ?? null) : null,
      switchId: docSwitch ? (ids.switches.get(docSwitch) ?? null) : null,
    };
    if (mergedIds.has(address.networkId as string)) {
      const same = storedOf(networkId).addresses.get(address.address as string);
      if (same)
        return merge('addresses', address.id, same, `data.addresses[${i}].address`, `the network has the address ${address.address}`);
    }
    if (docSwitch && mergedIds.has(docSwitch)) {
      const switchId = changes.switchId as string;
      const sw = getSwitch(db, switchId);
      const reason =
        sw?.management_ip !== address.address
          ? `the stored switch "${sw?.name}" has another management IP (${sw?.management_ip ?? 'none'})`
          : addressOfSwitch(db, switchId)
            ? `the stored switch "${sw?.name}" has an address for its management IP already`
            : undefined;
      if (reason) {
        fix('addresses', address, 'switchId', docSwitch, null, `${reason}; the address is no longer its management IP`);
        changes.switchId = null;
      }
    }
    const created = create('addresses', address, changes);
    if (mergedIds.has(address.networkId as string))
      newAddresses.push({
        id: created.id,
        networkId,
        address: address.address as string,
        at: `data.addresses[${i}].`,
        where: `data.addresses[${i}]`,
      });
  });
  const networks = new Set([...newAddresses, ...newRanges].map((item) => item.networkId));
  if (networks.size === 0) return;
  const addresses: IpamAddress[] = [...newAddresses];
  const ranges: IpamRange[] = [...newRanges];
  for (const networkId of networks) {
    const entry = storedOf(networkId);
    for (const [address, id] of entry.addresses) addresses.push({ id, networkId, address, where: 'a stored address' });
    for (const row of entry.ranges)
      ranges.push({ id: row.id, networkId, start: row.start_address, end: row.end_address, kind: row.kind, where: 'a stored range' });
  }
  const subnets = new Map([...networks].map((id) => [id, getNetwork(db, id)?.subnet]));
  for (const finding of ipamFindings((id) => subnets.get(id), addresses, ranges)) plan.clashes.push(ipamFault(finding));
}

// New networks of a merged site that overlap each other are a clash as well (the document may hold such
// pairs: model 1 allowed them; a new site takes them as they are, as migration 0006 does).
function overlapsAmongNew(plan: MergePlan, doc: CheckedDocument, mergedIds: Set<string>): void {
  const bySite = new Map<string, StoredRecord[]>();
  doc.networks.forEach((network) => {
    if (!mergedIds.has(network.siteId as string) || mergedIds.has(network.id)) return;
    const list = getOrSet(bySite, network.siteId as string, () => []);
    const other = list.find((earlier) => cidrOverlaps(earlier.subnet as string, network.subnet as string));
    if (other) {
      const message = `overlaps ${other.subnet} of data.networks[${doc.networks.indexOf(other)}], which goes into the same stored site`;
      plan.clashes.push(ruleFault(RULES.subnetsApart, `data.networks[${doc.networks.indexOf(network)}].subnet`, message));
    }
    list.push(network);
  });
}

function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** `name`, or the first of "name (2)", "name (3)"… (at most 100 characters) that is not `taken`. */

// Links between two new ports are kept; a link to a merged (stored) port is made only when that port is
// free, since taking it would silently break the stored link; otherwise it is left out with a warning.
function planLinks(db: Db, doc: CheckedDocument, portIds: Map<string, string>, mergedIds: Set<string>, plan: MergePlan): void {
  const newPorts = new Map(plan.inserts.ports.map((port) => [port.id, port]));
  const taken = new Set<string>();
  for (const port of doc.ports) {
    const linked = port.linkedPortId as string | null;
    if (!linked || mergedIds.has(port.id)) continue;
    const record = newPorts.get(portIds.get(port.id)!)!;
    const target = portIds.get(linked)!;
    if (!mergedIds.has(linked)) {
      record.linkedPortId = target;
    } else if (portRefById(db, target)?.linkedPortId === null && !taken.has(target)) {
      record.linkedPortId = target;
      taken.add(target);
      plan.links.push([target, record.id]);
    } else {
      plan.fixes.push({
        file: 'ports',
        id: port.id,
        field: 'linkedPortId',
        from: linked,
        to: null,
        reason: `port "${port.name}" was not linked to the stored port it names, which is linked to another port already`,
      });
    }
  }
}

function remapActivity(entries: StoredActivity[], ids: Record<KindPlural, Map<string, string>>): StoredActivity[] {
  const entryIds = new Map(entries.map((entry) => [entry.row.id, randomUUID()]));
  const entity = (type: string | null, id: string | null) => (type && id && isKind(type) ? (ids[pluralOf(type)].get(id) ?? null) : null);
  return entries.map(({ row }) => {
    const entityId = entity(row.entity_type, row.entity_id);
    return {
      row: {
        ...row,
        id: entryIds.get(row.id)!,
        user_id: null,
        entity_id: entityId,
        site_id: row.site_id ? (ids.sites.get(row.site_id) ?? null) : null,
        undo_data: null,
        undoable: 0,
        undone_by: row.undone_by ? (entryIds.get(row.undone_by) ?? null) : null,
        undo_of: row.undo_of ? (entryIds.get(row.undo_of) ?? null) : null,
      },
      touched: entityId && row.entity_type ? [{ type: row.entity_type, id: entityId }] : [],
    };
  });
}

// Public links and positions of the merged switches: a link only for a switch the merge creates, a stored switch
// keeps its position (ezswm-sharing.ts remapSharing); each such one is a fix.
function planSharing(db: Db, sharing: LegacySharing, plan: MergePlan): MergedSharing {
  const created = new Map(plan.inserts.switches.map((sw) => [sw.id, sw.name as string]));
  return remapSharing(
    sharing,
    plan.ids,
    {
      newSwitchName: (switchId) => created.get(switchId),
      storedSwitchName: (switchId) => switchRefById(db, switchId)?.name,
      hasPosition: (siteId, switchId) => hasTopologyPosition(db, siteId, switchId),
    },
    (file, id, field, from, reason) => plan.fixes.push({ file, id, field, from, to: null, reason }),
  );
}

// Each link gets a new token (the route's generator), made by the actor now, and an entry in its switch's history
// as the switch page's "make a link" writes one; the token leaves only in the answer, never in a fix or an entry.
function writeSharing(db: Db, actor: Actor, sharing: MergedSharing, now: string, publicUrl: (token: string) => string): MadePublicLink[] {
  const made: MadePublicLink[] = [];
  for (const link of sharing.publicLinks) {
    const sw = switchRefById(db, link.switchId)!;
    const token = newPublicToken();
    insertPublicLink(db, {
      id: link.id,
      switchId: link.switchId,
      tokenHash: publicTokenHash(token),
      createdAt: now,
      lastAccessAt: null,
      createdBy: actor.id,
    });
    insertActivity(db, linkMadeEntry(actor, { id: link.switchId, ...sw }, link, now));
    made.push({ id: link.id, fileId: link.legacyId, switchId: link.switchId, switchName: sw.name, url: publicUrl(token) });
  }
  for (const { siteId, switchId, x, y } of sharing.topologyPositions) setTopologyPosition(db, siteId, switchId, x, y);
  return made;
}

function linkMadeEntry(
  actor: Actor,
  sw: { id: string; name: string; siteId: string },
  link: MergedPublicLink,
  now: string,
): NewActivityRow {
  return {
    id: randomUUID(),
    at: now,
    user_id: actor.id,
    username: actor.username,
    action: 'update',
    entity_type: 'switch',
    entity_id: sw.id,
    entity_name: sw.name,
    site_id: sw.siteId,
    summary: `Made a public link to switch ${sw.name} (merged from public-tokens.json ${link.legacyId}, with a new token)`,
    changes: JSON.stringify({ publicLink: [null, link.id] }),
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  };
}

/** The records of a plan written: its new records, the stored ports it links to new ones and makes members of new LAGs. */
function writePlan(db: Db, plan: MergePlan): void {
  for (const kind of KIND_PLURALS) insertRecords(db, KIND_OF[kind], plan.inserts[kind]);
  for (const [stored, linked] of plan.links) setLink(db, stored, linked, plan.now);
  for (const [port, lag] of plan.lagMembers) setPortLag(db, port, lag, plan.now);
}

function applyPlan(db: Db, actor: Actor, plan: MergePlan, about: { source: MergeOptions['source']; created: Counts }): void {
  writePlan(db, plan);
  for (const entry of plan.activity) insertActivity(db, entry.row, entry.touched);
  const touched = KIND_PLURALS.flatMap((kind) => plan.inserts[kind].map((record) => ({ type: KIND_OF[kind], id: record.id })));
  for (const [stored] of plan.links) touched.push({ type: 'port', id: stored });
  for (const [stored] of plan.lagMembers) touched.push({ type: 'port', id: stored });
  const { created } = about;
  const entryId = randomUUID();
  noteEntry(actor, entryId);
  insertActivity(
    db,
    {
      id: entryId,
      at: plan.now,
      user_id: actor.id,
      username: actor.username,
      action: 'import',
      entity_type: null,
      entity_id: null,
      entity_name: null,
      site_id: null,
      summary: `Imported ${sourceWords(about.source)}: created ${describe(created)}; merged ${describe(plan.merged)}`,
      changes: JSON.stringify({ source: about.source, created, merged: plan.merged, fixes: plan.fixes }),
      undo_data: null,
      undoable: 0,
      undone_by: null,
      undo_of: null,
    },
    touched,
  );
}

function describe(counts: Counts): string {
  return (
    KIND_PLURALS.map((plural) => `${counts[plural]} ${plural}`).join(', ') +
    (counts.activity ? `, ${counts.activity} activity entries` : '')
  );
}
