// Merge: adds a checked document's records to what is stored, each under a fresh id with every reference
// remapped. A site with the name of a stored one is merged into it, and so are the networks and switches of
// the same name inside it, and the ports of the same name inside a merged switch: the stored record stays as
// it is and the document's references to it point at it.
import { randomUUID } from 'node:crypto';
import { insertActivity } from '../db/activity.ts';
import type { Counts } from '../db/backup.ts';
import type { Actor } from '../db/change.ts';
import { insertRecord, isKind, KIND_OF, KIND_PLURALS, perPlural, pluralOf, type KindPlural, type StoredRecord } from '../db/images.ts';
import { networkIdByName, networkIdByVlan } from '../db/networks.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { portIdByName, portRefById, setLink } from '../db/ports.ts';
import { siteIdByName, siteNameById } from '../db/sites.ts';
import { switchIdByIp, switchIdByMac, switchIdByName } from '../db/switches.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { zeroCounts, type CheckedDocument, type StoredActivity } from './document.ts';

/** How a merge runs. */
export interface MergeOptions {
  /** merge: same-name records are merged; fail: any same-name record refuses the import (a conflict). */
  onConflict: 'merge' | 'fail';
  dryRun: boolean;
  /** What the document came from, for the activity entry. */
  source: 'db-v1' | 'legacy';
}

/** What a merge created and merged, and the links it could not make. */
export interface MergeResult {
  created: Counts;
  merged: Counts;
  warnings: string[];
}

interface MergePlan {
  now: string;
  inserts: Record<KindPlural, StoredRecord[]>;
  /** Stored ports that get linked to a new port: [stored port, new port]. */
  links: [string, string][];
  activity: StoredActivity[];
  merged: Counts;
  clashes: FieldFault[];
  warnings: string[];
}

/** Merges a checked document in one transaction with one `import` entry; a conflict refusal lists the clashes. */
export function mergeDocument(db: Db, actor: Actor, doc: CheckedDocument, options: MergeOptions): MergeResult {
  return inTransaction(db, () => {
    const plan = planMerge(db, doc, options.onConflict);
    if (plan.clashes.length) {
      throw new Refusal(
        'conflict',
        'conflict',
        `The import clashes with stored data in ${plan.clashes.length} place${plan.clashes.length === 1 ? '' : 's'}; nothing was changed.`,
        plan.clashes,
      );
    }
    const created = {
      ...zeroCounts(),
      ...Object.fromEntries(KIND_PLURALS.map((kind) => [kind, plan.inserts[kind].length])),
      activity: plan.activity.length,
    };
    if (!options.dryRun) applyPlan(db, actor, plan, { source: options.source, created });
    return { created, merged: plan.merged, warnings: plan.warnings };
  });
}

function planMerge(db: Db, doc: CheckedDocument, onConflict: MergeOptions['onConflict']): MergePlan {
  const plan: MergePlan = {
    now: new Date().toISOString(),
    inserts: perPlural((): StoredRecord[] => []),
    links: [],
    activity: [],
    merged: zeroCounts(),
    clashes: [],
    warnings: [],
  };
  const ids = perPlural(() => new Map<string, string>());
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
    plan.inserts[kind].push({ ...record, ...changes, id, version: 1, updatedAt: plan.now });
  };

  doc.sites.forEach((site, i) => {
    const stored = siteIdByName(db, site.name as string);
    if (stored) merge('sites', site.id, stored, `data.sites[${i}].name`, `a site named "${site.name}" exists`);
    else create('sites', site, {});
  });
  doc.networks.forEach((network, i) => {
    const siteId = ids.sites.get(network.siteId as string)!;
    if (mergedIds.has(network.siteId as string)) {
      const stored = networkIdByName(db, siteId, network.name as string);
      if (stored)
        return merge(
          'networks',
          network.id,
          stored,
          `data.networks[${i}].name`,
          `site "${siteNameById(db, siteId)}" has a network named "${network.name}"`,
        );
      if (networkIdByVlan(db, siteId, network.vlanId as number)) {
        plan.clashes.push({
          field: `data.networks[${i}].vlanId`,
          message: `site "${siteNameById(db, siteId)}" has another network with VLAN ${network.vlanId}`,
        });
      }
    }
    create('networks', network, { siteId });
  });
  doc.switches.forEach((sw, i) => {
    const siteId = ids.sites.get(sw.siteId as string)!;
    if (mergedIds.has(sw.siteId as string)) {
      const stored = switchIdByName(db, siteId, sw.name as string);
      if (stored)
        return merge(
          'switches',
          sw.id,
          stored,
          `data.switches[${i}].name`,
          `site "${siteNameById(db, siteId)}" has a switch named "${sw.name}"`,
        );
      if (sw.managementIp && switchIdByIp(db, siteId, sw.managementIp as string)) {
        plan.clashes.push({
          field: `data.switches[${i}].managementIp`,
          message: `another switch of site "${siteNameById(db, siteId)}" has ${sw.managementIp}`,
        });
      }
    }
    if (sw.macAddress && switchIdByMac(db, sw.macAddress as string)) {
      plan.clashes.push({ field: `data.switches[${i}].macAddress`, message: `a stored switch has MAC address ${sw.macAddress}` });
    }
    create('switches', sw, { siteId });
  });
  const network = (id: unknown) => (typeof id === 'string' ? (ids.networks.get(id) ?? null) : null);
  doc.ports.forEach((port, i) => {
    const switchId = ids.switches.get(port.switchId as string)!;
    if (mergedIds.has(port.switchId as string)) {
      const stored = portIdByName(db, switchId, port.name as string);
      if (stored) return merge('ports', port.id, stored, `data.ports[${i}].name`, `the switch has a port named "${port.name}"`);
    }
    create('ports', port, {
      switchId,
      untaggedNetworkId: network(port.untaggedNetworkId),
      linkedPortId: null,
      taggedNetworkIds: ((port.taggedNetworkIds as string[]) ?? []).map(network),
    });
  });
  planLinks(db, doc, ids.ports, mergedIds, plan);
  plan.activity = remapActivity(doc.activity, ids);
  return plan;
}

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
      plan.warnings.push(`Port "${port.name}" was not linked to the stored port it names, which is linked to another port already.`);
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

function applyPlan(db: Db, actor: Actor, plan: MergePlan, about: { source: MergeOptions['source']; created: Counts }): void {
  for (const kind of KIND_PLURALS) for (const record of plan.inserts[kind]) insertRecord(db, KIND_OF[kind], record);
  for (const [stored, linked] of plan.links) setLink(db, stored, linked, plan.now);
  for (const entry of plan.activity) insertActivity(db, entry.row, entry.touched);
  const touched = KIND_PLURALS.flatMap((kind) => plan.inserts[kind].map((record) => ({ type: KIND_OF[kind], id: record.id })));
  for (const [stored] of plan.links) touched.push({ type: 'port', id: stored });
  const { created } = about;
  insertActivity(
    db,
    {
      id: randomUUID(),
      at: plan.now,
      user_id: actor.id,
      username: actor.username,
      action: 'import',
      entity_type: null,
      entity_id: null,
      entity_name: null,
      site_id: null,
      summary: `Imported ${about.source === 'legacy' ? 'a 0.20.x bundle' : 'a backup'}: created ${describe(created)}; merged ${describe(plan.merged)}`,
      changes: JSON.stringify({ source: about.source, created, merged: plan.merged, warnings: plan.warnings }),
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
