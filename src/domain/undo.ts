// The undo (and redo) of an activity entry, judged as every other write path judges. db/change.ts reads the entry,
// refuses what is the undo's own (changed since, already undone, not undoable, undo data that breaks the field rules)
// and writes the images back; before its transaction commits, each record the undo leaves that a rule can reach is
// judged here by its kind's rules (fields/record-rules.ts) over the database as the undo leaves it, and a broken rule
// refuses the undo with the rule's own code (fields/rules.ts refusalOf), as the API's create and update answer it.
import type { ActivityEntry } from '../db/activity.ts';
import { addressConflict, addressIdsOfNetwork } from '../db/addresses.ts';
import { recordUndo, type Actor, type UndoImages } from '../db/change.ts';
import { scheduleStores, type PollClock } from './polling.ts';
import { imageToApi, readImage, type Image, type Kind } from '../db/images.ts';
import { lagIdsOfPorts, lagIdsOfSwitch, lagIdsPairedWith, lagIdsUsingVlan, memberPortIds } from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import { portIdsLinkedTo, portIdsOfSwitch, portIdsUsingVlan } from '../db/ports.ts';
import { rangeConflict, rangeIdsOfNetwork } from '../db/ranges.ts';
import { switchIdsConfiguringVlan } from '../db/switches.ts';
import type { Refusal } from '../errors/refusal.ts';
import { RECORD_RULES, type RecordLookups, type LagRuleContext, type RuleContext } from '../fields/record-rules.ts';
import { refusalOf, RULES, ruleFault, type RuleFault } from '../fields/rules.ts';
import { getOrMake } from '../lib/memo.ts';

/**
 * Reverses an activity entry (an undo entry: redoes the change it reversed) with its own undo entry, in one
 * transaction, or refuses and changes nothing: db/change.ts recordUndo's refusals, then a record the undo would
 * leave breaking a rule: the rule's code where every fault breaks rules of one code (409 in_dhcp_range, range_overlaps,
 * lag_member), else 400 validation_failed, each fault named `<kind>:<id>.<field>`.
 */
export function undoEntry(db: Db, actor: Actor, entryId: string, clock?: PollClock): ActivityEntry {
  return recordUndo(
    db,
    actor,
    entryId,
    (images) => {
      const judged = judgedRecords(db, images);
      return () => refuseBrokenRules(db, judged);
    },
    scheduleStores(clock ?? { nowMs: Date.now(), unitMs: 60_000 }),
  );
}

type JudgedKind = 'port' | 'lag' | 'switch' | 'network' | 'address' | 'range';

/** The ids of each kind that the rules judge after an undo, and the ports and LAGs it removes. */
type Judged = Record<JudgedKind, Set<string>> & { removed: Set<string> };

/**
 * The records whose rules an undo can break, read before it writes (a superset of those it leaves): the ports, LAGs,
 * switches, networks, addresses and ranges it writes; the ports and LAGs of the switches it writes, and those using
 * the VLANs it writes, with the switches configuring them; the LAGs its ports are members of, now and in its images
 * (each keeps two or more members); the ports and LAGs still pointing at one it removes; and the addresses and ranges
 * of the networks whose subnet it changes.
 */
function judgedRecords(db: Db, { before, after }: UndoImages): Judged {
  const ids = (kind: Kind, kept: boolean) => Object.keys(before[kind] ?? {}).filter((id) => Boolean(before[kind]![id]) === kept);
  const written = (kind: JudgedKind) => new Set(ids(kind, true));
  const judged: Judged = {
    port: written('port'),
    lag: written('lag'),
    switch: written('switch'),
    network: written('network'),
    address: written('address'),
    range: written('range'),
    removed: new Set([...ids('port', false), ...ids('lag', false)]),
  };
  const add = (kind: JudgedKind, found: readonly string[]) => found.forEach((id) => judged[kind].add(id));
  add('lag', lagIdsOfPorts(db, Object.keys(before.port ?? {})));
  for (const images of [before.port, after.port])
    for (const image of Object.values(images ?? {})) if (image?.lag_id) add('lag', [String(image.lag_id)]);
  for (const id of ids('switch', true)) {
    add('port', portIdsOfSwitch(db, id));
    add('lag', lagIdsOfSwitch(db, id));
  }
  for (const id of ids('vlan', true)) {
    add('port', portIdsUsingVlan(db, id));
    add('lag', lagIdsUsingVlan(db, id));
    add('switch', switchIdsConfiguringVlan(db, id));
  }
  for (const id of ids('port', false)) add('port', portIdsLinkedTo(db, id));
  for (const id of ids('lag', false)) add('lag', lagIdsPairedWith(db, id));
  for (const id of judged.network) {
    if (before.network![id]!.subnet === after.network?.[id]?.subnet) continue;
    add('address', addressIdsOfNetwork(db, id));
    add('range', rangeIdsOfNetwork(db, id));
  }
  return judged;
}

const BROKEN_RULES = 'The undo would leave a record that breaks the rules with the data as it is now; nothing was changed.';

/** Judges each record of `judged` as the undo left it by its kind's rules, and refuses the undo when one breaks any. */
function refuseBrokenRules(db: Db, judged: Judged): void {
  const read = imageReader(db);
  const lookups = undoLookups(db, read);
  const faults: RuleFault[] = [];
  const judge = (kind: JudgedKind, rules: (record: Record<string, unknown>, context: LagRuleContext) => RuleFault[]) => {
    for (const id of judged[kind]) {
      const image = read(kind, id);
      if (image) faults.push(...rules({ ...imageToApi(kind, image), id }, contextOf(kind, id, judged.removed)));
    }
  };
  judge('port', (port, context) => RECORD_RULES.port(port, lookups, context));
  judge('lag', (lag, context) => RECORD_RULES.lag({ ...lag, memberPortIds: memberPortIds(db, String(lag.id)) }, lookups, context));
  judge('switch', (sw, context) => RECORD_RULES.switch(sw, lookups, context));
  judge('network', (network, context) => RECORD_RULES.network(network, lookups, context));
  judge('address', (address, context) => [
    ...RECORD_RULES.address(address, lookups, context),
    ...addressClash(db, address, lookups, context),
  ]);
  judge('range', (range, context) => rangeFaultsAndClash(db, range, lookups, context));
  if (faults.length > 0) throw refusalOf(faults, BROKEN_RULES);
}

/** How the undo words a fault: each under `<kind>:<id>.`; a far end the undo removes says so. */
function contextOf(kind: Kind, id: string, removed: ReadonlySet<string>): LagRuleContext {
  return {
    prefix: `${kind}:${id}.`,
    symmetric: true,
    portLag: true,
    memberWords: { tooFew: () => 'a LAG needs two or more members' },
    missing: (noun, missingId) => {
      if (!removed.has(missingId)) return `${noun} ${missingId} does not exist`;
      return `${noun === 'LAG' ? 'pairs with' : 'links to'} ${noun} ${missingId}, which the undo removes`;
    },
  };
}

// An address held by another of its network, or inside one of its DHCP ranges: 409 address_taken or in_dhcp_range.
function addressClash(db: Db, address: Record<string, unknown>, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  if (!lookups.network(String(address.networkId))) return [];
  const clash = addressConflict(db, String(address.networkId), String(address.address), String(address.id));
  return clashFaults(clash, `${context.prefix}address`);
}

// A range's own rules, then, when it keeps them, one overlapping it or a DHCP pool over recorded addresses.
function rangeFaultsAndClash(db: Db, range: Record<string, unknown>, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  if (!lookups.network(String(range.networkId))) return [];
  const faults = RECORD_RULES.range(range, lookups, context);
  if (faults.length > 0) return faults;
  const { start, end, kind } = range as { start: string; end: string; kind: string };
  return clashFaults(rangeConflict(db, String(range.networkId), { start, end, kind }, String(range.id)), `${context.prefix}start`);
}

// A clash the storage answers as a refusal, as a fault of the rule of its code.
function clashFaults(clash: Refusal | undefined, field: string): RuleFault[] {
  if (!clash) return [];
  const rule = Object.values(RULES).find((candidate) => candidate.code === clash.code && candidate.kind === clash.kind);
  return [rule ? ruleFault(rule, field, clash.message) : { field, message: clash.message }];
}

type ImageReader = (kind: Kind, id: string) => Image | null;

/** Reads each record once however often it is asked for (the switch of many ports, the network of many addresses). */
function imageReader(db: Db): ImageReader {
  const read = new Map<string, Image | null>();
  return (kind, id) => getOrMake(read, `${kind}:${id}`, () => readImage(db, kind, id));
}

/** What the rules ask of other records, answered from the database as the undo leaves it. */
function undoLookups(db: Db, read: ImageReader): RecordLookups {
  return {
    siteOfVlan: (id) => read('vlan', id)?.site_id as string | undefined,
    switchOf: (id) => {
      const sw = read('switch', id);
      return sw ? { siteId: String(sw.site_id), stackSize: Number(sw.stack_size), name: String(sw.name) } : undefined;
    },
    port: (id) => {
      const port = read('port', id);
      return port
        ? { switchId: String(port.switch_id), linkedPortId: port.linked_port_id as string | null, name: port.name, type: port.type }
        : undefined;
    },
    lag: (id) => {
      const lag = read('lag', id);
      return lag ? { switchId: String(lag.switch_id), remoteLagId: lag.remote_lag_id as string | null, name: String(lag.name) } : undefined;
    },
    network: (id) => {
      const network = read('network', id);
      return network ? { siteId: String(network.site_id), subnet: String(network.subnet) } : undefined;
    },
    pointingAt: (field, id) => (field === 'linkedPortId' ? portIdsLinkedTo(db, id) : lagIdsPairedWith(db, id)),
  };
}
