// What an admin or editor sets for polling (issue 37): credential sets (admins) and the schedules of switches and sites
// (editors), each change with its activity entry. An entry names a set by its name and says which parts changed, never
// a secret. A credential set's entry, like a public link's, is not undoable (a secret replaced is not kept to be put
// back); a schedule's is (it holds no secret, and names its set by id). The scheduler's state follows a schedule in the
// same transaction (db/polling.ts syncPollState), after its undo too (db/change.ts recordUndo).
import { recordChange, type ActivityInput, type Actor, type SideRow, type SideStore } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import {
  credentialSetIdByName,
  credentialSetUsers,
  deleteCredentialSet,
  deleteSchedule,
  getCredentialSet,
  getSiteSchedule,
  getSwitchSchedule,
  saveCredentialSet,
  saveSiteSchedule,
  saveSwitchSchedule,
  syncPollState,
  type CredentialSetRow,
  type ScheduleRow,
} from '../db/polling.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { formedRefusal, isUuid } from '../fields/field.ts';
import { notFound } from './save.ts';

/** A credential set to store: its name, version, public details (JSON) and sealed secrets (the sealing is the caller's). */
export type CredentialSetInput = Pick<CredentialSetRow, 'name' | 'version' | 'details' | 'nonce' | 'sealed' | 'allowed_hosts'>;

/** Stores a new credential set under `id`; 409 unique_violation for a name taken (in any case). */
export function createCredentialSet(db: Db, actor: Actor, id: string, input: CredentialSetInput): CredentialSetRow {
  return recordChange(db, actor, (change) => {
    refuseTakenName(db, input.name, id);
    const row = { id, ...input, created_at: change.now, updated_at: change.now };
    saveCredentialSet(change.db, row);
    const changes = { name: [null, row.name], allowedHosts: [null, JSON.parse(row.allowed_hosts)] };
    return { activity: setActivity(row, 'create', `Created credential set ${row.name}`, changes), result: row };
  }).result;
}

/** Changes a credential set: its name, or its secrets (with its version and details) when `input` has them. */
export function updateCredentialSet(db: Db, actor: Actor, id: string, input: Partial<CredentialSetInput>): CredentialSetRow {
  return recordChange(db, actor, (change) => {
    const before = getCredentialSet(change.db, id);
    if (!before) throw notFound('credential set');
    if (input.name !== undefined) refuseTakenName(db, input.name, id);
    const row = { ...before, ...input, updated_at: change.now };
    saveCredentialSet(change.db, row);
    const changes = {
      ...(row.name === before.name ? {} : { name: [before.name, row.name] }),
      ...(input.sealed ? { secrets: ['replaced'] } : {}),
      ...(row.version === before.version ? {} : { version: [before.version, row.version] }),
      ...(row.allowed_hosts === before.allowed_hosts
        ? {}
        : { allowedHosts: [JSON.parse(before.allowed_hosts), JSON.parse(row.allowed_hosts)] }),
    };
    return { activity: setActivity(row, 'update', `Changed credential set ${row.name}`, changes), result: row };
  }).result;
}

/** Deletes a credential set; 409 in_use naming the switches and sites whose schedules use it. */
export function removeCredentialSet(db: Db, actor: Actor, id: string): void {
  recordChange(db, actor, (change) => {
    const row = getCredentialSet(change.db, id);
    if (!row) throw notFound('credential set');
    const users = credentialSetUsers(change.db, id);
    if (users.length > 0) throw inUse(row.name, users);
    deleteCredentialSet(change.db, id);
    return { activity: setActivity(row, 'delete', `Deleted credential set ${row.name}`, { name: [row.name, null] }), result: id };
  });
}

/** 409 in_use: the set's name, and the switches and sites whose schedules use it, each a fault. */
function inUse(set: string, users: { kind: 'switch' | 'site'; id: string; name: string }[]): Refusal {
  const names = (kind: 'switch' | 'site') =>
    users
      .filter((user) => user.kind === kind)
      .map((user) => user.name)
      .join(', ');
  const [switches, sites] = [names('switch'), names('site')];
  const form = switches && sites ? 'in_use.both' : switches ? 'in_use.switches' : 'in_use.sites';
  const faults = users.map((user) => ({ field: `${user.kind}s/${user.id}`, message: `${user.kind} ${user.name} polls with it` }));
  return formedRefusal('conflict', form, { set, ...(switches ? { switches } : {}), ...(sites ? { sites } : {}) }, faults);
}

function refuseTakenName(db: Db, name: string, id: string): void {
  const taken = credentialSetIdByName(db, name);
  if (taken !== undefined && taken !== id)
    throw new Refusal('conflict', 'unique_violation', `A credential set named ${name} exists already.`, [
      { field: 'name', message: 'is taken by another credential set' },
    ]);
}

function setActivity(row: CredentialSetRow, action: 'create' | 'update' | 'delete', summary: string, changes: object): ActivityInput {
  return { action, entityType: null, entityId: null, entityName: row.name, siteId: null, summary, changes, undoable: false };
}

/** A schedule as an editor sets it. */
export interface ScheduleInput {
  enabled: boolean;
  intervalMinutes: number;
  host: string | null;
  credentialId: string;
}

/** The timing of the scheduler's first polls: now, and the length of one minute of an interval (POLL_INTERVAL_UNIT_MS). */
export interface PollClock {
  nowMs: number;
  unitMs: number;
}

/** Sets a switch's own schedule (overriding its site's); its poll state follows. */
export function setSwitchSchedule(db: Db, actor: Actor, switchId: string, input: ScheduleInput, clock: PollClock): ScheduleRow {
  return recordChange(db, actor, (change) => {
    const sw = getSwitch(change.db, switchId);
    if (!sw) throw notFound('switch');
    const row = scheduleRow(change.db, input, change.now);
    const before = getSwitchSchedule(change.db, switchId);
    change.touchSide('switch_polling', scheduleStores(clock).switch_polling!, switchId);
    saveSwitchSchedule(change.db, switchId, row);
    syncPollState(change.db, { switchId }, clock.nowMs, clock.unitMs);
    const activity = scheduleActivity('switch', sw, before, row);
    return { activity: { ...activity, siteId: sw.site_id }, result: row };
  }).result;
}

/** Sets a site's schedule, for its switches without one of their own; their poll state follows. */
export function setSiteSchedule(db: Db, actor: Actor, siteId: string, input: ScheduleInput, clock: PollClock): ScheduleRow {
  return recordChange(db, actor, (change) => {
    const site = getSite(change.db, siteId);
    if (!site) throw notFound('site');
    const row = scheduleRow(change.db, { ...input, host: null }, change.now);
    const before = getSiteSchedule(change.db, siteId);
    change.touchSide('site_polling', scheduleStores(clock).site_polling!, siteId);
    saveSiteSchedule(change.db, siteId, row);
    syncPollState(change.db, { siteId }, clock.nowMs, clock.unitMs);
    return { activity: { ...scheduleActivity('site', site, before, row), siteId }, result: row };
  }).result;
}

const isScheduleRow = (row: SideRow, withHost: boolean): boolean =>
  Object.keys(row).sort().join() === 'credential_id,enabled,host,interval_minutes,updated_at' &&
  (row.enabled === 0 || row.enabled === 1) &&
  Number.isInteger(row.interval_minutes) &&
  Number(row.interval_minutes) >= 5 &&
  Number(row.interval_minutes) <= 1440 &&
  (row.host === null || (withHost && typeof row.host === 'string' && row.host.length <= 300)) &&
  isUuid(row.credential_id) &&
  typeof row.updated_at === 'string';

/**
 * The schedules of switches and sites as side records of a change (db/change.ts SideStore): kept by its entry, put back
 * (or removed) by its undo, the poll state of the switches they cover following with `clock`.
 */
export function scheduleStores(clock: PollClock): Record<string, SideStore> {
  return { switch_polling: scheduleStore('switch', clock), site_polling: scheduleStore('site', clock) };
}

const SCHEDULES = {
  switch: { get: getSwitchSchedule, save: saveSwitchSchedule, covered: (switchId: string) => ({ switchId }) },
  site: { get: getSiteSchedule, save: saveSiteSchedule, covered: (siteId: string) => ({ siteId }) },
} as const;

function scheduleStore(kind: 'switch' | 'site', clock: PollClock): SideStore {
  const schedules = SCHEDULES[kind];
  return {
    read: (db, id) => (schedules.get(db, id) as SideRow | undefined) ?? null,
    write(db, id, row) {
      if (row) schedules.save(db, id, row as unknown as ScheduleRow);
      else deleteSchedule(db, kind, id);
      syncPollState(db, schedules.covered(id), clock.nowMs, clock.unitMs);
    },
    valid: (row) => isScheduleRow(row, kind === 'switch'),
  };
}

function scheduleRow(db: Db, input: ScheduleInput, now: string): ScheduleRow {
  if (!getCredentialSet(db, input.credentialId))
    throw new Refusal('invalid', 'validation_failed', 'The schedule is invalid.', [
      { field: 'credentialId', message: 'is no credential set' },
    ]);
  return {
    enabled: input.enabled ? 1 : 0,
    interval_minutes: input.intervalMinutes,
    host: input.host,
    credential_id: input.credentialId,
    updated_at: now,
  };
}

const SCHEDULE_FIELDS = [
  ['enabled', 'enabled'],
  ['interval_minutes', 'intervalMinutes'],
  ['host', 'host'],
  ['credential_id', 'credentialId'],
] as const;

function scheduleActivity(
  kind: 'switch' | 'site',
  record: { id: string; name: string },
  before: ScheduleRow | undefined,
  after: ScheduleRow,
): ActivityInput {
  const polling: Record<string, [unknown, unknown]> = {};
  for (const [column, field] of SCHEDULE_FIELDS)
    if (before?.[column] !== after[column]) polling[field] = [before ? before[column] : null, after[column]];
  return {
    action: 'update',
    entityType: kind,
    entityId: record.id,
    entityName: record.name,
    siteId: null,
    summary: `Set the polling of ${kind} ${record.name}`,
    changes: { polling },
    // Undoable: the entry keeps the schedule as it was (db/change.ts touchSchedule); an undo writes it back.
    undoable: true,
  };
}
