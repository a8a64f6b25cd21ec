// The polling schedules of a db-v1 document (its pollingSchedules, issue 37): configuration the backup carries beside
// the inventory, each of a switch or a site of the document. A schedule names its credential set by id and by name;
// the set itself, whose secrets the export never carries, is this database's: a restore takes the set of that id, else
// the one of that name, and leaves out a schedule whose set is in neither (import/restore.ts says how many).
import type { ScheduleRow } from '../db/polling.ts';
import type { FieldFault } from '../errors/refusal.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';

/** The bounds of a schedule's interval, as PUT /api/switches/{id}/polling keeps them (migrations/0020_polling.sql). */
const INTERVAL = { min: 5, max: 1440 };

const FIELDS = new Set(['switchId', 'siteId', 'enabled', 'intervalMinutes', 'host', 'credentialId', 'credentialName', 'updatedAt']);

/** A checked schedule of the document: whose it is, its row as stored, and its credential set's name. */
export interface DocumentSchedule {
  owner: { kind: 'switch' | 'site'; id: string };
  row: ScheduleRow;
  credentialName: string | null;
}

/** The document's schedules; each fault pushed with its path. */
export function checkSchedules(raw: unknown, ids: { switches: Set<string>; sites: Set<string> }, faults: FieldFault[]): DocumentSchedule[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    faults.push({ field: 'pollingSchedules', message: 'must be a list' });
    return [];
  }
  const owners = new Set<string>();
  return raw.flatMap((item, i) => {
    const schedule = checkSchedule(item, `pollingSchedules[${i}].`, ids, faults);
    if (!schedule) return [];
    const owner = `${schedule.owner.kind}:${schedule.owner.id}`;
    if (owners.has(owner)) {
      faults.push({ field: `pollingSchedules[${i}]`, message: `is a second schedule of the same ${schedule.owner.kind}` });
      return [];
    }
    owners.add(owner);
    return [schedule];
  });
}

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

function checkSchedule(
  raw: unknown,
  prefix: string,
  ids: { switches: Set<string>; sites: Set<string> },
  faults: FieldFault[],
): DocumentSchedule | undefined {
  if (!isPlainObject(raw)) return void faults.push({ field: prefix.slice(0, -1), message: 'must be an object' });
  const before = faults.length;
  const fault = (field: string, message: string) => faults.push({ field: prefix + field, message });
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) fault(key, 'is not a field of a polling schedule');
  const { switchId, siteId, enabled, intervalMinutes, host, credentialId, credentialName, updatedAt } = raw;
  const kind = switchId !== undefined ? 'switch' : 'site';
  const id = kind === 'switch' ? switchId : siteId;
  if (switchId !== undefined && siteId !== undefined) fault('siteId', 'must be left out when switchId is given');
  else if (!isUuid(id) || !(kind === 'switch' ? ids.switches : ids.sites).has(id.toLowerCase()))
    fault(kind === 'switch' ? 'switchId' : 'siteId', `must be the id of a ${kind} of the document`);
  if (typeof enabled !== 'boolean') fault('enabled', 'must be true or false');
  if (
    typeof intervalMinutes !== 'number' ||
    !Number.isInteger(intervalMinutes) ||
    intervalMinutes < INTERVAL.min ||
    intervalMinutes > INTERVAL.max
  )
    fault('intervalMinutes', `must be a whole number of minutes from ${INTERVAL.min} to ${INTERVAL.max}`);
  if (kind === 'site' && host !== undefined && host !== null) fault('host', "is not a field of a site's schedule");
  // The form of a host is the poll's to judge (a host it cannot read makes the switch failing, as through the API).
  else if (host !== undefined && host !== null && (typeof host !== 'string' || !/^\S{1,300}$/.test(host.trim())))
    fault('host', 'must be a host of 1 to 300 characters without spaces, or null');
  if (!isUuid(credentialId)) fault('credentialId', 'must be the id (a UUID) of a credential set');
  if (credentialName !== undefined && credentialName !== null && (typeof credentialName !== 'string' || credentialName.length > 100))
    fault('credentialName', 'must be the name of a credential set, or null');
  if (!isTime(updatedAt)) fault('updatedAt', 'must be a time');
  if (faults.length > before) return undefined;
  return {
    owner: { kind, id: (id as string).toLowerCase() },
    row: {
      enabled: enabled ? 1 : 0,
      interval_minutes: intervalMinutes as number,
      host: typeof host === 'string' ? host.trim() : null,
      credential_id: (credentialId as string).toLowerCase(),
      updated_at: updatedAt as string,
    },
    credentialName: typeof credentialName === 'string' ? credentialName : null,
  };
}
