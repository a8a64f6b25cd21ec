// The acknowledged drift findings of a db-v1 document (its driftAcknowledgements, docs/DISCOVERY.md "Drift"):
// configuration the backup carries beside the inventory. Each is checked as POST /api/checks/acknowledge would store
// it, for a switch of the document.
import type { AcknowledgementRow } from '../db/drift.ts';
import type { FieldFault } from '../errors/refusal.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';

const FIELDS = new Set(['key', 'switchId', 'note', 'until', 'documented', 'observed', 'createdAt', 'createdBy']);

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The document's acknowledgements as stored; each fault pushed with its path. */
export function checkAcknowledgements(raw: unknown, switchIds: Set<string>, faults: FieldFault[]): AcknowledgementRow[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    faults.push({ field: 'driftAcknowledgements', message: 'must be a list' });
    return [];
  }
  return raw.flatMap((item, i) => checkAcknowledgement(item, `driftAcknowledgements[${i}].`, switchIds, faults) ?? []);
}

function checkAcknowledgement(raw: unknown, prefix: string, switchIds: Set<string>, faults: FieldFault[]): AcknowledgementRow | undefined {
  if (!isPlainObject(raw)) return void faults.push({ field: prefix.slice(0, -1), message: 'must be an object' });
  const before = faults.length;
  const fault = (field: string, message: string) => faults.push({ field: prefix + field, message });
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) fault(key, 'is not a field of an acknowledgement');
  const { key, switchId, note, until, createdAt, createdBy } = raw;
  if (!isUuid(switchId) || !switchIds.has(switchId.toLowerCase())) fault('switchId', 'must be the id of a switch of the document');
  if (typeof key !== 'string' || !isUuid(switchId) || !key.startsWith(`drift:${switchId}:`) || key.length > 600)
    fault('key', 'must be drift:<switchId>:<proposal key>');
  if (typeof note !== 'string' || note.trim() === '' || note.length > 1000) fault('note', 'must be a text of 1 to 1000 characters');
  if (until !== null && until !== undefined && !isTime(until)) fault('until', 'must be a time, or null');
  if (!isTime(createdAt)) fault('createdAt', 'must be a time');
  if (createdBy !== null && createdBy !== undefined && !isUuid(createdBy)) fault('createdBy', 'must be a user id, or null');
  if (faults.length > before) return undefined;
  return {
    key: key as string,
    switch_id: (switchId as string).toLowerCase(),
    difference: JSON.stringify([raw.documented ?? null, raw.observed ?? null]),
    note: note as string,
    until: typeof until === 'string' ? new Date(until).toISOString() : null,
    created_at: createdAt as string,
    created_by: (createdBy as string | null | undefined) ?? null,
  };
}
