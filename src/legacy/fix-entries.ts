// The migration's fixes where they happened: one `migrate` entry per migrated record with fixes, about that record
// and linked to its switch or network, so that the record's history (a port's, its switch's) says what the
// migration changed and why. Pure: no I/O.
import { randomUUID } from 'node:crypto';
import type { NewActivityRow } from '../db/activity.ts';
import { jsonForMessage } from '../lib/json-text.ts';
import type { MessageParams } from '../lib/message-forms.ts';
import { apiFieldOf } from './mappings.ts';
import type { FixedRecord } from './fix-records.ts';
import type { LegacyFix } from './types.ts';

/** An entry to store and the entities besides its own it is about (its port's switch, its address's network). */
export interface FixEntry {
  row: NewActivityRow;
  touched: { type: string; id: string }[];
}

/** How many of a record's fixes its summary spells out; its changes hold them all. */
const FIXES_IN_SUMMARY = 3;

/** One entry per record that `records` (index for index with `fixes`) names, in the order of its first fix. */
export function fixEntries(fixes: readonly LegacyFix[], records: readonly (FixedRecord | null)[], at: string): FixEntry[] {
  const byRecord = new Map<string, { record: FixedRecord; fixes: LegacyFix[] }>();
  fixes.forEach((fix, i) => {
    const record = records[i];
    // A user has no history to show an entry in.
    if (!record || record.kind === 'user') return;
    const key = `${record.kind} ${record.id}`;
    const group = byRecord.get(key) ?? { record, fixes: [] };
    group.fixes.push(fix);
    byRecord.set(key, group);
  });
  return [...byRecord.values()].map(({ record, fixes: own }) => fixEntry(record, own, at));
}

function fixEntry(record: FixedRecord, fixes: LegacyFix[], at: string): FixEntry {
  const words = fixes.slice(0, FIXES_IN_SUMMARY).map(fixWords);
  if (fixes.length > FIXES_IN_SUMMARY) words.push(`${fixes.length - FIXES_IN_SUMMARY} more`);
  const row: NewActivityRow = {
    id: randomUUID(),
    at,
    user_id: null,
    username: null,
    action: 'migrate',
    entity_type: record.kind,
    entity_id: record.id,
    entity_name: record.name,
    site_id: record.siteId,
    summary: `Migration fixed ${recordWords(record)}: ${words.join('; ')}`,
    changes: JSON.stringify(changesOf(fixes)),
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  };
  return { row, touched: record.parent ? [{ type: record.parent.kind, id: record.parent.id }] : [] };
}

/** `port 1/1/30 of switch acc-hs1`, `VLAN 190 (Users)`, `address 10.0.0.5 of network LAN (10.0.0.0/24)`. */
export function recordWords(record: FixedRecord): string {
  const kind = record.kind === 'vlan' ? 'VLAN' : record.kind === 'lag' ? 'LAG' : record.kind;
  return `${kind} ${record.name}${record.parent ? ` of ${record.parent.kind} ${record.parent.name}` : ''}`;
}

/** `access_vlan 190 → none (VLAN 190 does not exist at the switch's site; dropped)`. */
function fixWords(fix: LegacyFix): string {
  return `${fieldOf(fix)} ${valueWords(fix.from)} → ${valueWords(fix.to)} (${fix.reason})`;
}

function valueWords(value: unknown): string {
  return value === null || value === undefined ? 'none' : jsonForMessage(value, 60);
}

/**
 * `{ field: [from, to] }` with `reasons: { field: reason }`, `forms: { field: { code, params } }` of the reasons that have a
 * form and `fields: { field: <the API's name> }` of the fields that have one (the UI words them in its language); a
 * field fixed again is numbered (`tagged_vlans (2)`).
 */
function changesOf(fixes: LegacyFix[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const reasons: Record<string, string> = {};
  const forms: Record<string, { code: string; params: MessageParams }> = {};
  const fields: Record<string, string> = {};
  for (const fix of fixes) {
    let field = fieldOf(fix);
    for (let n = 2; field in changes; n++) field = `${fieldOf(fix)} (${n})`;
    changes[field] = [fix.from ?? null, fix.to ?? null];
    reasons[field] = fix.reason;
    if (fix.code) forms[field] = { code: fix.code, params: fix.params ?? {} };
    const api = apiFieldOf(fix.file, fix.field);
    if (api) fields[field] = api;
  }
  return { ...changes, reasons, ...(Object.keys(forms).length && { forms }), ...(Object.keys(fields).length && { fields }) };
}

/** The fix's field in its record's own terms: a port's without `ports[3].`; the whole record's as `record`. */
function fieldOf(fix: LegacyFix): string {
  return fix.field.replace(/^ports\[\d+\]\.?/, '') || 'record';
}
