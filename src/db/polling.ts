import { prepare, type Db } from './open.ts';

// Polling (migrations/0020_polling.sql): credential sets (their secrets sealed by src/discovery/credentials.ts, never
// answered), the schedules of switches and sites, and the scheduler's state of each switch a schedule covers.

/** A credential set's row; its secrets stay sealed in nonce and sealed. */
export interface CredentialSetRow {
  id: string;
  name: string;
  version: '2c' | '3';
  /** JSON of what the API answers of its credentials (no secret). */
  details: string;
  nonce: Uint8Array;
  sealed: Uint8Array;
  /** JSON array of the hosts it may be sent to (discovery/credential-binding.ts allowedHostEntry). */
  allowed_hosts: string;
  created_at: string;
  updated_at: string;
}

/** A switch's own schedule, or a site's (host is a switch's only). */
export interface ScheduleRow {
  enabled: number;
  interval_minutes: number;
  host: string | null;
  credential_id: string;
  updated_at: string;
}

/** The scheduler's state of one switch. */
export interface PollStateRow {
  switch_id: string;
  status: PollStatus;
  last_polled_at: string | null;
  last_error: string | null;
  next_at: number;
  duration_ms: number | null;
  failures: number;
}

/** ok: the last poll read the switch; failing: it did not (backing off); paused: its schedule is off; pending: not polled yet. */
export type PollStatus = 'ok' | 'failing' | 'paused' | 'pending';

/** Where a paused switch's next poll is: never. */
export const NEVER = Number.MAX_SAFE_INTEGER;

const SET_COLUMNS = 'id, name, version, details, nonce, sealed, allowed_hosts, created_at, updated_at';

/** One credential set by id. */
export function getCredentialSet(db: Db, id: string): CredentialSetRow | undefined {
  return prepare(db, `SELECT ${SET_COLUMNS} FROM credential_sets WHERE id = ?`).get(id) as CredentialSetRow | undefined;
}

/** The id of the credential set of this name (any case), if any. */
export function credentialSetIdByName(db: Db, name: string): string | undefined {
  return (prepare(db, 'SELECT id FROM credential_sets WHERE name = ?').get(name) as { id: string } | undefined)?.id;
}

/** Every credential set, by name. */
export function listCredentialSets(db: Db): CredentialSetRow[] {
  return prepare(db, `SELECT ${SET_COLUMNS} FROM credential_sets ORDER BY name, id`).all() as unknown as CredentialSetRow[];
}

/** Stores a credential set, new or replacing the one of its id. */
export function saveCredentialSet(db: Db, row: CredentialSetRow): void {
  prepare(
    db,
    `INSERT INTO credential_sets (${SET_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version, details = excluded.details, nonce = excluded.nonce,
       sealed = excluded.sealed, allowed_hosts = excluded.allowed_hosts, updated_at = excluded.updated_at`,
  ).run(row.id, row.name, row.version, row.details, row.nonce, row.sealed, row.allowed_hosts, row.created_at, row.updated_at);
}

/** Deletes a credential set. */
export function deleteCredentialSet(db: Db, id: string): void {
  prepare(db, 'DELETE FROM credential_sets WHERE id = ?').run(id);
}

/** The switches and sites whose schedules use a credential set, by name. */
export function credentialSetUsers(db: Db, id: string): { kind: 'switch' | 'site'; id: string; name: string }[] {
  return prepare(
    db,
    `SELECT 'switch' AS kind, w.id, w.name FROM switch_polling p JOIN switches w ON w.id = p.switch_id WHERE p.credential_id = ?
     UNION ALL
     SELECT 'site' AS kind, s.id, s.name FROM site_polling p JOIN sites s ON s.id = p.site_id WHERE p.credential_id = ?
     ORDER BY kind DESC, name`,
  ).all(id, id) as { kind: 'switch' | 'site'; id: string; name: string }[];
}

/** A switch's own schedule. */
export function getSwitchSchedule(db: Db, switchId: string): ScheduleRow | undefined {
  return prepare(db, 'SELECT enabled, interval_minutes, host, credential_id, updated_at FROM switch_polling WHERE switch_id = ?').get(
    switchId,
  ) as ScheduleRow | undefined;
}

/** A site's schedule. */
export function getSiteSchedule(db: Db, siteId: string): ScheduleRow | undefined {
  return prepare(db, 'SELECT enabled, interval_minutes, NULL AS host, credential_id, updated_at FROM site_polling WHERE site_id = ?').get(
    siteId,
  ) as ScheduleRow | undefined;
}

/** Stores a switch's own schedule. */
export function saveSwitchSchedule(db: Db, switchId: string, schedule: ScheduleRow): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO switch_polling (switch_id, enabled, interval_minutes, host, credential_id, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(switchId, schedule.enabled, schedule.interval_minutes, schedule.host, schedule.credential_id, schedule.updated_at);
}

/** Stores a site's schedule. */
export function saveSiteSchedule(db: Db, siteId: string, schedule: ScheduleRow): void {
  prepare(
    db,
    'INSERT OR REPLACE INTO site_polling (site_id, enabled, interval_minutes, credential_id, updated_at) VALUES (?, ?, ?, ?, ?)',
  ).run(siteId, schedule.enabled, schedule.interval_minutes, schedule.credential_id, schedule.updated_at);
}

/** Removes a switch's own schedule, or a site's (the undo of its first setting). */
export function deleteSchedule(db: Db, owner: 'switch' | 'site', id: string): void {
  if (owner === 'switch') prepare(db, 'DELETE FROM switch_polling WHERE switch_id = ?').run(id);
  else prepare(db, 'DELETE FROM site_polling WHERE site_id = ?').run(id);
}

/** The schedule that covers a switch: its own, else its site's; with where it comes from. */
export function effectiveSchedule(db: Db, switchId: string): (ScheduleRow & { source: 'switch' | 'site' }) | undefined {
  return prepare(
    db,
    `SELECT 'switch' AS source, enabled, interval_minutes, host, credential_id, updated_at FROM switch_polling WHERE switch_id = ?1
     UNION ALL
     SELECT 'site' AS source, p.enabled, p.interval_minutes, NULL, p.credential_id, p.updated_at
       FROM switches w JOIN site_polling p ON p.site_id = w.site_id WHERE w.id = ?1
     ORDER BY source DESC LIMIT 1`,
  ).get(switchId) as (ScheduleRow & { source: 'switch' | 'site' }) | undefined;
}

// Every switch a schedule covers, with its schedule: its own row, else its site's.
const COVERED = `SELECT w.id AS switch_id, w.name AS switch_name, w.site_id,
    coalesce(sp.enabled, tp.enabled) AS enabled, coalesce(sp.interval_minutes, tp.interval_minutes) AS interval_minutes,
    CASE WHEN sp.switch_id IS NULL THEN 'site' ELSE 'switch' END AS source
  FROM switches w LEFT JOIN switch_polling sp ON sp.switch_id = w.id LEFT JOIN site_polling tp ON tp.site_id = w.site_id
  WHERE (sp.switch_id IS NOT NULL OR tp.site_id IS NOT NULL)`;

/**
 * Brings the scheduler's state in line with the schedules of `scope` (a switch, a site, or all when null): a covered
 * switch without state gets its first poll at a random point of its interval (jitter), a switch whose schedule is off
 * is paused, one switched on again is due within its interval; state of switches no schedule covers any more goes.
 */
export function syncPollState(db: Db, scope: { switchId?: string; siteId?: string }, nowMs: number, unitMs: number): void {
  const where = 'AND (?1 IS NULL OR w.id = ?1) AND (?2 IS NULL OR w.site_id = ?2)';
  const params = [scope.switchId ?? null, scope.siteId ?? null, nowMs, unitMs, NEVER] as const;
  prepare(
    db,
    `INSERT INTO poll_state (switch_id, status, next_at)
     SELECT c.switch_id, CASE WHEN c.enabled THEN 'pending' ELSE 'paused' END,
       CASE WHEN c.enabled THEN ?3 + abs(random()) % (c.interval_minutes * ?4) ELSE ?5 END
     FROM (${COVERED} ${where}) c WHERE true
     ON CONFLICT (switch_id) DO UPDATE SET
       status = CASE WHEN excluded.status = 'paused' THEN 'paused' WHEN poll_state.status = 'paused' THEN 'pending' ELSE poll_state.status END,
       next_at = CASE WHEN excluded.status = 'paused' THEN ?5 WHEN poll_state.status = 'paused' OR poll_state.next_at > excluded.next_at
         THEN excluded.next_at ELSE poll_state.next_at END`,
  ).run(...params);
  prepare(
    db,
    `DELETE FROM poll_state WHERE switch_id IN (SELECT w.id FROM switches w WHERE true ${where})
       AND switch_id NOT IN (SELECT c.switch_id FROM (${COVERED} ${where}) c)`,
  ).run(scope.switchId ?? null, scope.siteId ?? null);
}

/** After a start: the polls that fell due while the service was down spread over their intervals, not all at once. */
export function spreadOverduePolls(db: Db, nowMs: number, unitMs: number): void {
  prepare(
    db,
    `UPDATE poll_state SET next_at = ?1 + abs(random()) % (?2 * coalesce(
       (SELECT interval_minutes FROM switch_polling WHERE switch_id = poll_state.switch_id),
       (SELECT p.interval_minutes FROM switches w JOIN site_polling p ON p.site_id = w.site_id WHERE w.id = poll_state.switch_id), 5))
     WHERE next_at < ?1`,
  ).run(nowMs, unitMs);
}

/** Switches of a site schedule that have no state yet (created since it was set): whether any. */
export function anyCoveredWithoutState(db: Db): boolean {
  return (
    prepare(
      db,
      `SELECT 1 FROM site_polling p JOIN switches w ON w.site_id = p.site_id
       WHERE NOT EXISTS (SELECT 1 FROM poll_state s WHERE s.switch_id = w.id) LIMIT 1`,
    ).get() !== undefined
  );
}

/** The switches due for a poll at `nowMs` by the server (not those of an agent's site), soonest first: one range of the poll_state_due index. */
export function duePolls(db: Db, nowMs: number, limit: number): string[] {
  return (
    prepare(
      db,
      `SELECT switch_id FROM poll_state WHERE next_at <= ?
         AND NOT EXISTS (SELECT 1 FROM switches w JOIN agent_sites a ON a.site_id = w.site_id WHERE w.id = poll_state.switch_id)
       ORDER BY next_at LIMIT ?`,
    ).all(nowMs, limit) as { switch_id: string }[]
  ).map((row) => row.switch_id);
}

/** How many switches are due for a poll now. */
export function countDuePolls(db: Db, nowMs: number): number {
  return (prepare(db, 'SELECT count(*) AS n FROM poll_state WHERE next_at <= ?').get(nowMs) as { n: number }).n;
}

/** A switch's poll state. */
export function getPollState(db: Db, switchId: string): PollStateRow | undefined {
  return prepare(db, 'SELECT * FROM poll_state WHERE switch_id = ?').get(switchId) as PollStateRow | undefined;
}

/** Stores a poll's outcome as the switch's state. */
export function savePollState(db: Db, row: PollStateRow): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO poll_state (switch_id, status, last_polled_at, last_error, next_at, duration_ms, failures)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.switch_id, row.status, row.last_polled_at, row.last_error, row.next_at, row.duration_ms, row.failures);
}

/** One row of GET /api/polling. */
export interface PolledSwitchRow extends Omit<PollStateRow, 'switch_id'> {
  switch_id: string;
  switch_name: string;
  site_id: string;
  interval_minutes: number;
  source: 'switch' | 'site';
}

/** A page of the switches schedules cover, failing first, then by name; and how many there are. */
export function listPolledSwitches(
  db: Db,
  filter: { siteId?: string; status?: PollStatus },
  limit: number,
  offset: number,
): { rows: PolledSwitchRow[]; total: number } {
  const from = `FROM (${COVERED}) c LEFT JOIN poll_state s ON s.switch_id = c.switch_id
    WHERE (?1 IS NULL OR c.site_id = ?1) AND (?2 IS NULL OR coalesce(s.status, 'pending') = ?2)`;
  const params = [filter.siteId ?? null, filter.status ?? null] as const;
  const rows = prepare(
    db,
    `SELECT c.switch_id, c.switch_name, c.site_id, c.interval_minutes, c.source, coalesce(s.status, 'pending') AS status,
       s.last_polled_at, s.last_error, coalesce(s.next_at, 0) AS next_at, s.duration_ms, coalesce(s.failures, 0) AS failures
     ${from} ORDER BY CASE coalesce(s.status, 'pending') WHEN 'failing' THEN 0 ELSE 1 END, c.switch_name, c.switch_id LIMIT ?3 OFFSET ?4`,
  ).all(...params, limit, offset) as unknown as PolledSwitchRow[];
  const { n } = prepare(db, `SELECT count(*) AS n ${from}`).get(...params) as { n: number };
  return { rows, total: n };
}

/**
 * The schedules of switches and sites as the backup export writes them (JSON objects joined by commas; '' for none):
 * each names its credential set by id and by name, never by a secret.
 */
export function schedulesJson(db: Db): string {
  const row = prepare(
    db,
    `SELECT group_concat(record, ',') AS text FROM (
       SELECT json_object('switchId', p.switch_id, 'enabled', json(CASE p.enabled WHEN 1 THEN 'true' ELSE 'false' END),
         'intervalMinutes', p.interval_minutes, 'host', p.host, 'credentialId', p.credential_id, 'credentialName', c.name,
         'updatedAt', p.updated_at) AS record
       FROM switch_polling p JOIN credential_sets c ON c.id = p.credential_id
       UNION ALL
       SELECT json_object('siteId', p.site_id, 'enabled', json(CASE p.enabled WHEN 1 THEN 'true' ELSE 'false' END),
         'intervalMinutes', p.interval_minutes, 'credentialId', p.credential_id, 'credentialName', c.name, 'updatedAt', p.updated_at)
       FROM site_polling p JOIN credential_sets c ON c.id = p.credential_id)`,
  ).get() as { text: string | null };
  return row.text ?? '';
}
