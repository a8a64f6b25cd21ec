// LAG groups of ezSWM 0.20.3 (lag-groups.json, LEGACY.md) as model 2's LAGs. A LAG's members are the ports its
// `port_ids` name and the ports whose `lag_group_id` names it (0.20.3 mirrors one into the other; an ezSWM 0.32
// backup keeps only the ports' side); a port claimed by two LAGs stays in the first of lag-groups.json. A LAG
// takes its mode and VLANs from its first member by position (0.20.3 has no LAG mode: LACP active, the
// default); members whose own differ keep theirs, listed in a fix line (the checks name them too). Its far LAG
// is the LAG on the switch `remote_device_id` names that names this one's switch back (0.20.3 mirrors each LAG
// on the far switch), else the LAG the members' links lead to, else the LAG on the switch named
// `remote_device` that names this one's switch back (a 0.32 backup keeps a stale nanoid in
// `remote_device_id`). A far end that cannot be found is dropped with a fix line, its name kept in the
// description. What cannot be a LAG (fewer than two members) is not migrated, named in the log. Pure: no I/O.
import { LAG } from '../fields/lags.ts';
import { INTERFACE_NAME_MAX, suffixedInterfaceName } from '../lib/interface-name.ts';
import { addFault, checkMapped, dedupeNames, dropUnknown, fixAt, idKey, keepLine, keepTimes, mapping, newIdOf } from './context.ts';
import type { CheckContext, Entry } from './context.ts';
import type { ApiRecord, LegacyFix } from './types.ts';

const FILE = 'lag-groups.json';
const KNOWN = new Set([
  'id',
  'switch_id',
  'name',
  'port_ids',
  'remote_device',
  'remote_device_id',
  'description',
  'created_at',
  'updated_at',
]);
const LAG_MAPPING = mapping({ name: 'name', description: 'description' });

/** A port's `lag_group_id`, waiting for the LAGs: the port, its switch's entry and its index there. */
export interface LagClaim {
  port: ApiRecord;
  entry: Entry;
  index: number;
  lagKey: string;
}

/** What the LAGs need of the switches: entries and records index for index, every port by legacy id, the claims. */
export interface SwitchesForLags {
  entries: Entry[];
  switches: ApiRecord[];
  portIds: Map<string, ApiRecord>;
  claims: LagClaim[];
}

/** A LAG group on its way: its entry, its switch (legacy id and record) and, once made, its record and members. */
interface Draft {
  entry: Entry;
  order: number;
  switchKey: string;
  sw: ApiRecord;
  switchName: string;
  record?: ApiRecord;
  members: ApiRecord[];
}

/** A claim of a LAG on a port, with where a fix of it is reported. */
interface Claim {
  draft: Draft;
  at: Omit<LegacyFix, 'from' | 'to' | 'reason'>;
  from: unknown;
}

/** The LAGs in the API's shape; member ports get `lagId`. */
export function checkLags(ctx: CheckContext, entries: Entry[], input: SwitchesForLags): ApiRecord[] {
  const switchByKey = new Map<string, { sw: ApiRecord; name: string }>();
  input.entries.forEach((entry, i) => {
    if (entry.key !== null) switchByKey.set(entry.key, { sw: input.switches[i], name: String(entry.raw.name ?? '') });
  });
  const drafts = new Map<string, Draft>();
  const all: Draft[] = [];
  entries.forEach((entry, order) => {
    dropUnknown(ctx, FILE, entry.raw, KNOWN);
    const switchKey = idKey(entry.raw.switch_id);
    const owner = switchKey === undefined ? undefined : switchByKey.get(switchKey);
    if (!owner || switchKey === undefined) {
      ctx.fixes.push({
        ...fixAt(FILE, entry, 'switch_id'),
        from: entry.raw.switch_id ?? null,
        to: null,
        reason: 'names a switch that does not exist; the LAG is not migrated',
      });
      return;
    }
    const draft: Draft = { entry, order, switchKey, sw: owner.sw, switchName: owner.name, members: [] };
    all.push(draft);
    if (entry.key !== null) drafts.set(entry.key, draft);
  });
  assignMembers(ctx, all, drafts, input, new Set(entries.flatMap((entry) => entry.key ?? [])));
  const lags = all.flatMap((draft) => makeLag(ctx, draft) ?? []);
  dedupeNames(
    ctx,
    all.flatMap((draft) => (draft.record ? [{ record: draft.record, scope: draft.sw.id, fixAt: fixAt(FILE, draft.entry, 'name') }] : [])),
    INTERFACE_NAME_MAX,
    suffixedInterfaceName,
  );
  pairLags(
    ctx,
    all.filter((draft) => draft.record),
    switchByKey,
    input.portIds,
  );
  return lags;
}

/** Gives every port to the first LAG (in file order) that claims it, by `port_ids` or by its `lag_group_id`. */
function assignMembers(ctx: CheckContext, all: Draft[], drafts: Map<string, Draft>, input: SwitchesForLags, keys: Set<string>): void {
  const claims = new Map<ApiRecord, Claim[]>();
  const claim = (port: ApiRecord, item: Claim) => {
    const list = claims.get(port) ?? [];
    if (!list.some((other) => other.draft === item.draft)) list.push(item);
    claims.set(port, list);
  };
  for (const draft of all) {
    const { port_ids: portIds } = draft.entry.raw;
    if (portIds === undefined || portIds === null) continue;
    if (!Array.isArray(portIds)) {
      addFault(ctx, FILE, draft.entry, 'port_ids', 'must be a list of port ids');
      continue;
    }
    portIds.forEach((value, j) => {
      const at = fixAt(FILE, draft.entry, `port_ids[${j}]`);
      const port = input.portIds.get(idKey(value) ?? '');
      if (!port) ctx.fixes.push({ ...at, from: value, to: null, reason: 'names a port that does not exist; dropped' });
      else if (port.switchId !== draft.sw.id)
        ctx.fixes.push({ ...at, from: value, to: null, reason: "names a port of another switch than the LAG's; dropped" });
      else claim(port, { draft, at, from: value });
    });
  }
  for (const item of input.claims) {
    const at = fixAt('switches.json', item.entry, `ports[${item.index}].lag_group_id`);
    const draft = drafts.get(item.lagKey);
    // A LAG of a switch that does not exist is named in its own line.
    if (!draft) {
      if (!keys.has(item.lagKey))
        ctx.fixes.push({ ...at, from: item.lagKey, to: null, reason: 'names a LAG group that does not exist in lag-groups.json; dropped' });
    } else if (item.port.switchId !== draft.sw.id)
      ctx.fixes.push({ ...at, from: item.lagKey, to: null, reason: "names a LAG group of another switch than the port's; dropped" });
    else claim(item.port, { draft, at, from: item.lagKey });
  }
  for (const [port, list] of claims) {
    list.sort((a, b) => a.draft.order - b.draft.order);
    const [first, ...others] = list;
    if (port.type === 'console' || port.type === 'management') {
      for (const item of list)
        ctx.fixes.push({
          ...item.at,
          from: item.from,
          to: null,
          reason: `port ${String(port.name)} is a ${port.type} port, never a LAG member; dropped`,
        });
      continue;
    }
    first.draft.members.push(port);
    for (const item of others)
      ctx.fixes.push({
        ...item.at,
        from: item.from,
        to: null,
        reason:
          `port ${String(port.name)} is a member of LAG group ${first.draft.entry.key ?? ''} (${String(first.draft.entry.raw.name ?? '')}), ` +
          'the first of lag-groups.json to name it; dropped',
      });
  }
}

/** The LAG of a draft with two members or more (else a fix line); its members get its id. */
function makeLag(ctx: CheckContext, draft: Draft): ApiRecord | undefined {
  const { entry } = draft;
  const members = draft.members.sort((a, b) => (a.position as number) - (b.position as number));
  if (members.length < 2) {
    ctx.fixes.push({
      ...fixAt(FILE, entry, 'port_ids'),
      from: members.map((port) => port.name),
      to: null,
      reason:
        `the LAG ${String(entry.raw.name ?? '')} has ${members.length === 0 ? 'no member port' : 'one member port'}, and a LAG needs two: ` +
        'not migrated, its ports keep their configuration',
    });
    return undefined;
  }
  // A description longer than the field's is cut by checkMapped, with its fix line, as every record's is.
  const input: Record<string, unknown> = { name: lagName(ctx, entry) };
  if (typeof entry.raw.description === 'string' && entry.raw.description.trim() !== '') input.description = entry.raw.description;
  const values = checkMapped(ctx, FILE, entry, LAG, input, LAG_MAPPING, { extra: { memberPortIds: members.map((port) => port.id) } });
  if (!values) return undefined;
  const [first] = members;
  const trunk = first.mode === 'trunk';
  const record: ApiRecord = {
    id: newIdOf(ctx, 'lag-groups', entry),
    switchId: draft.sw.id,
    ...values,
    mode: 'lacp-active',
    portMode: trunk ? 'trunk' : 'access',
    untaggedVlanId: first.untaggedVlanId ?? null,
    taggedVlanIds: trunk ? [...((first.taggedVlanIds as string[]) ?? [])] : [],
    memberPortIds: members.map((port) => port.id),
    remoteLagId: null,
    description: values.description ?? null,
    version: 1,
    ...keepTimes(ctx, FILE, entry),
  };
  const differ = members.filter((port) => !sameConfig(port, first));
  if (differ.length > 0)
    ctx.fixes.push({
      ...fixAt(FILE, entry, 'port_ids'),
      from: differ.map((port) => port.name),
      to: differ.map((port) => port.name),
      reason: `members whose mode or VLANs differ from the first member ${String(first.name)}, whose the LAG takes: they keep their own (the checks name them)`,
    });
  for (const port of members) port.lagId = record.id;
  draft.record = record;
  return record;
}

/** A LAG name as a plain interface name: other characters become `_` (with a fix line); an empty one `lag`. */
function lagName(ctx: CheckContext, entry: Entry): string {
  const raw = entry.raw.name;
  if (raw === undefined || raw === null) return '';
  const text = String(raw).trim();
  const name = text
    .replace(/[^A-Za-z0-9/.:_+ -]/g, '_')
    .slice(0, INTERFACE_NAME_MAX)
    .trim();
  if (name !== text)
    ctx.fixes.push({
      ...fixAt(FILE, entry, 'name'),
      from: raw,
      to: name,
      reason: 'a LAG name is a plain interface name; other characters became _',
    });
  return name;
}

/** Whether two ports carry the same mode and VLANs. */
function sameConfig(a: ApiRecord, b: ApiRecord): boolean {
  const tagged = (port: ApiRecord) => [...((port.taggedVlanIds as string[]) ?? [])].sort().join(',');
  return a.mode === b.mode && (a.untaggedVlanId ?? null) === (b.untaggedVlanId ?? null) && tagged(a) === tagged(b);
}

/** How a far LAG was found. */
type Found = 'id' | 'links' | 'name';

/** Pairs each LAG with its far LAG when the two find each other; a far end not found is dropped with a fix line. */
function pairLags(
  ctx: CheckContext,
  drafts: Draft[],
  switchByKey: Map<string, { sw: ApiRecord; name: string }>,
  portIds: Map<string, ApiRecord>,
): void {
  // Without LAGs, no map of every port (480,000 of them) for nothing.
  if (drafts.length === 0) return;
  const lagOfPort = new Map<string, Draft>();
  for (const draft of drafts) for (const port of draft.members) lagOfPort.set(port.id, draft);
  const portById = new Map([...portIds.values()].map((port) => [port.id, port]));
  const choice = new Map<Draft, { far: Draft; how: Found }>();
  for (const draft of drafts) {
    const found = farLag(draft, drafts, switchByKey, portById, lagOfPort);
    if (found) choice.set(draft, found);
  }
  for (const draft of drafts) {
    const chosen = choice.get(draft);
    const mutual = chosen && choice.get(chosen.far)?.far === draft;
    const record = draft.record!;
    if (mutual) {
      record.remoteLagId = chosen.far.record!.id;
      const staleId = idKey(draft.entry.raw.remote_device_id);
      if (staleId !== undefined && staleId !== chosen.far.switchKey)
        ctx.fixes.push({
          ...fixAt(FILE, draft.entry, 'remote_device_id'),
          from: staleId,
          to: chosen.far.switchName,
          reason:
            `names ${switchByKey.has(staleId) ? 'another switch' : 'no switch (a stale id)'}; ` +
            `the far LAG ${String(chosen.far.record!.name)} of ${chosen.far.switchName} was found ` +
            `by ${chosen.how === 'links' ? "the members' links" : 'remote_device'}`,
        });
      continue;
    }
    const remote = text(draft.entry.raw.remote_device) ?? text(draft.entry.raw.remote_device_id);
    if (remote === undefined) continue;
    const field = text(draft.entry.raw.remote_device_id) !== undefined ? 'remote_device_id' : 'remote_device';
    const note = `Remote device (0.20.x): ${remote}`;
    keepLine(LAG, record, note, '; ');
    ctx.fixes.push({
      ...fixAt(FILE, draft.entry, field),
      from: draft.entry.raw[field],
      to: null,
      reason:
        'names no LAG that names this one back (deleted, never mirrored, or not a switch of the data); dropped, kept in the description',
    });
  }
}

/** The far LAG a LAG points at: by remote_device_id, by its members' links, or by remote_device (a switch name). */
function farLag(
  draft: Draft,
  drafts: Draft[],
  switchByKey: Map<string, { sw: ApiRecord; name: string }>,
  portById: Map<string, ApiRecord>,
  lagOfPort: Map<string, Draft>,
): { far: Draft; how: Found } | undefined {
  const linked = new Map<Draft, number>();
  for (const port of draft.members) {
    const far = typeof port.linkedPortId === 'string' ? portById.get(port.linkedPortId) : undefined;
    const lag = far ? lagOfPort.get(far.id) : undefined;
    if (lag && lag.sw.id !== draft.sw.id) linked.set(lag, (linked.get(lag) ?? 0) + 1);
  }
  const best = (list: Draft[]) => list.reduce((a, b) => ((linked.get(b) ?? 0) > (linked.get(a) ?? 0) ? b : a));
  const others = drafts.filter((other) => other.sw.id !== draft.sw.id);
  const remoteKey = idKey(draft.entry.raw.remote_device_id);
  if (remoteKey !== undefined && switchByKey.has(remoteKey)) {
    const back = others.filter((other) => other.switchKey === remoteKey && idKey(other.entry.raw.remote_device_id) === draft.switchKey);
    if (back.length > 0) return { far: best(back), how: 'id' };
  }
  if (linked.size > 0) return { far: best([...linked.keys()]), how: 'links' };
  const remoteName = text(draft.entry.raw.remote_device)?.toLowerCase();
  if (remoteName === undefined) return undefined;
  const back = others.filter(
    (other) =>
      other.switchName.toLowerCase() === remoteName &&
      text(other.entry.raw.remote_device)?.toLowerCase() === draft.switchName.toLowerCase(),
  );
  return back.length > 0 ? { far: best(back), how: 'name' } : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
