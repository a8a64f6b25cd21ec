// Each fix of the migration resolved to the record it is about (LEGACY.md step 3: nothing changes unsaid), so that the
// record's history holds its own migration entry and the summary of the migration links to it. A fix of a record that
// is not migrated (a revoked token, a dropped activity reference, a VLAN without its number) resolves to nothing and
// stays listed under its file. Pure: no I/O.
import type { CheckContext } from './context.ts';
import type { ApiRecord, LegacyFile, LegacyFix, LegacyKind, LegacyRecords } from './types.ts';

/** The kinds of record a fix can be about. */
export type FixedKind = 'site' | 'vlan' | 'network' | 'switch' | 'port' | 'address' | 'range' | 'template' | 'lag' | 'user';

/** The migrated record a fix is about: its kind, new id, name, site, and the switch or network it belongs to. */
export interface FixedRecord {
  kind: FixedKind;
  id: string;
  name: string;
  siteId: string | null;
  parent: { kind: 'switch' | 'network'; id: string; name: string } | null;
}

/** A fix pushed with the record it is about named, where its file and legacy id would name another (the switch's address). */
export interface FixTarget {
  kind: 'address';
  id: string;
}

/** The file's records, as LegacyRecords holds them, and the kind of fixed record they are. */
const FILE_KINDS: Partial<Record<LegacyFile, { kind: FixedKind; ids: LegacyKind; records: keyof LegacyRecords }>> = {
  'sites.json': { kind: 'site', ids: 'sites', records: 'sites' },
  'vlans.json': { kind: 'vlan', ids: 'vlans', records: 'vlans' },
  'networks.json': { kind: 'network', ids: 'networks', records: 'networks' },
  'switches.json': { kind: 'switch', ids: 'switches', records: 'switches' },
  'ip-allocations.json': { kind: 'address', ids: 'ip-allocations', records: 'addresses' },
  'ip-ranges.json': { kind: 'range', ids: 'ip-ranges', records: 'ranges' },
  'layout-templates.json': { kind: 'template', ids: 'layout-templates', records: 'templates' },
  'lag-groups.json': { kind: 'lag', ids: 'lag-groups', records: 'lags' },
  'users.json': { kind: 'user', ids: 'users', records: 'users' },
};

const PORT_FIELD = /^ports\[(\d+)\]/;

/** The record of each of ctx.fixes, index for index (null: not migrated, or a file of no record). */
export function fixedRecords(ctx: CheckContext, data: LegacyRecords): (FixedRecord | null)[] {
  const byId = recordsById(data, ctx.fixes);
  const ports = portsAt(ctx, data);
  return ctx.fixes.map((fix) => {
    const target = ctx.fixTargets.get(fix);
    if (target) return recordOf(target.kind, byId.get(target.id), byId);
    const of = FILE_KINDS[fix.file];
    const id = of && ctx.ids[of.ids].get(fix.id);
    if (!of || !id) return null;
    const port = PORT_FIELD.exec(fix.field);
    if (of.kind === 'switch' && port) return recordOf('port', ports.get(`${id} ${port[1]}`), byId);
    return recordOf(of.kind, byId.get(id), byId);
  });
}

/** The records of the kinds fixes name (and the switches and networks they belong to), by id; ports apart. */
function recordsById(data: LegacyRecords, fixes: readonly LegacyFix[]): Map<string, ApiRecord> {
  const kinds = new Set<keyof LegacyRecords>(['switches', 'networks', 'addresses']);
  for (const fix of fixes) {
    const of = FILE_KINDS[fix.file];
    if (of) kinds.add(of.records);
  }
  const byId = new Map<string, ApiRecord>();
  for (const kind of kinds) for (const record of data[kind] as ApiRecord[]) byId.set(record.id, record);
  return byId;
}

/** The ports that fixes of switches.json name (`ports[3].…`), by `<switch id> <position>`: not every port of a large file. */
function portsAt(ctx: CheckContext, data: LegacyRecords): Map<string, ApiRecord> {
  const wanted = new Set<string>();
  for (const fix of ctx.fixes) {
    const id = fix.file === 'switches.json' && PORT_FIELD.test(fix.field) ? ctx.ids.switches.get(fix.id) : undefined;
    if (id) wanted.add(id);
  }
  const ports = new Map<string, ApiRecord>();
  if (wanted.size === 0) return ports;
  for (const port of data.ports) if (wanted.has(port.switchId as string)) ports.set(`${port.switchId} ${port.position}`, port);
  return ports;
}

function recordOf(kind: FixedKind, record: ApiRecord | undefined, byId: Map<string, ApiRecord>): FixedRecord | null {
  if (!record) return null;
  const parent = parentOf(kind, record, byId);
  const siteId = (parent ? byId.get(parent.id)?.siteId : kind === 'site' ? record.id : record.siteId) ?? null;
  return { kind, id: record.id, name: nameOf(kind, record), siteId: siteId as string | null, parent };
}

function parentOf(kind: FixedKind, record: ApiRecord, byId: Map<string, ApiRecord>): FixedRecord['parent'] {
  const parentKind = kind === 'port' || kind === 'lag' ? 'switch' : kind === 'address' || kind === 'range' ? 'network' : undefined;
  if (!parentKind) return null;
  const id = record[`${parentKind}Id`] as string;
  const parent = byId.get(id);
  return { kind: parentKind, id, name: parent ? nameOf(parentKind, parent) : id };
}

/** What the summary calls a record: a VLAN by number and name, a network by name and subnet, an address by itself. */
function nameOf(kind: FixedKind, record: ApiRecord): string {
  if (kind === 'vlan') return `${record.vid} (${record.name})`;
  if (kind === 'network') return `${record.name} (${record.subnet})`;
  if (kind === 'address') return String(record.address);
  if (kind === 'range') return `${record.start}–${record.end}`;
  if (kind === 'user') return String(record.username);
  return String(record.name);
}
