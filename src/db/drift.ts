import { prepare, type Db } from './open.ts';

// The SQL of drift (docs/DISCOVERY.md, "Drift"): each documented switch's latest discovery, which GET /api/checks
// compares with the documentation as it is now, and the acknowledgements that keep a drift finding out of the checks.

/** A switch's latest discovery with the switch as it is now: its observation (JSON) is what drift compares. */
export interface LatestDiscoveryRow {
  id: string;
  host: string;
  observed_at: string;
  observed: string;
  switch_id: string;
  switch_name: string;
  site_id: string;
}

/** The rowid of the latest discovery of the switch `switchId` (an SQL expression: a column or a parameter). */
const latestOfSwitch = (switchId: string) => `(SELECT rowid FROM discoveries INDEXED BY discoveries_switch WHERE switch_id = ${switchId}
  ORDER BY observed_at DESC, rowid DESC LIMIT 1)`;
const LATEST_OF_SWITCH = latestOfSwitch('w.id');
const LATEST_COLUMNS = 'd.id, d.host, d.observed_at, d.observed, w.id AS switch_id, w.name AS switch_name, w.site_id';

/**
 * The latest discovery of each switch of the site (`site` null: of every site), by switch name. For every site it
 * starts from the switches that have a discovery (the index discoveries_switch alone), so that it costs nothing where
 * there is none; for one site from the site's switches, one index lookup each.
 */
export function latestDiscoveries(db: Db, site: string | null): LatestDiscoveryRow[] {
  const sql =
    site === null
      ? `SELECT ${LATEST_COLUMNS} FROM (SELECT DISTINCT switch_id FROM discoveries INDEXED BY discoveries_switch WHERE switch_id IS NOT NULL) s
        CROSS JOIN switches w ON w.id = s.switch_id CROSS JOIN discoveries d ON d.rowid = ${LATEST_OF_SWITCH}
        ORDER BY w.name, w.id`
      : `SELECT ${LATEST_COLUMNS} FROM switches w CROSS JOIN discoveries d ON d.rowid = ${LATEST_OF_SWITCH}
        WHERE w.site_id = :site ORDER BY w.name, w.id`;
  return prepare(db, sql).all(site === null ? {} : { site }) as unknown as LatestDiscoveryRow[];
}

/** The id of a switch's latest discovery. */
export function latestDiscoveryId(db: Db, switchId: string): string | undefined {
  const row = prepare(db, `SELECT id FROM discoveries WHERE rowid = ${latestOfSwitch('?')}`).get(switchId) as { id: string } | undefined;
  return row?.id;
}

/** An acknowledged drift finding as stored; difference is JSON text. */
export interface AcknowledgementRow {
  key: string;
  switch_id: string;
  difference: string;
  note: string;
  until: string | null;
  created_at: string;
  created_by: string | null;
}

/** Every acknowledgement, or those of one site's switches, by key. */
export function listAcknowledgements(db: Db, site: string | null): AcknowledgementRow[] {
  const sql =
    site === null
      ? 'SELECT * FROM drift_acknowledgements ORDER BY key'
      : `SELECT a.* FROM switches w CROSS JOIN drift_acknowledgements a INDEXED BY drift_acknowledgements_switch ON a.switch_id = w.id
        WHERE w.site_id = ? ORDER BY a.key`;
  return prepare(db, sql).all(...(site === null ? [] : [site])) as unknown as AcknowledgementRow[];
}

/** One acknowledgement by its finding's key. */
export function getAcknowledgement(db: Db, key: string): AcknowledgementRow | undefined {
  return prepare(db, 'SELECT * FROM drift_acknowledgements WHERE key = ?').get(key) as AcknowledgementRow | undefined;
}

/** Stores an acknowledgement, in place of one of the same key. */
export function putAcknowledgement(db: Db, row: AcknowledgementRow): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO drift_acknowledgements (key, switch_id, difference, note, until, created_at, created_by)
    VALUES (:key, :switch_id, :difference, :note, :until, :created_at, :created_by)`,
  ).run({ ...row });
}

/** Removes an acknowledgement; whether there was one. */
export function deleteAcknowledgement(db: Db, key: string): boolean {
  return prepare(db, 'DELETE FROM drift_acknowledgements WHERE key = ?').run(key).changes > 0;
}

/** Removes every acknowledgement (a restore, before it writes the backup's). */
export function deleteAllAcknowledgements(db: Db): void {
  prepare(db, 'DELETE FROM drift_acknowledgements').run();
}

/** Every acknowledgement as the backup's JSON records joined by commas (a handful: one string), by key. */
export function acknowledgementsJson(db: Db): string {
  const row = prepare(
    db,
    `SELECT group_concat(record, ',') AS text FROM (SELECT json_object('key', key, 'switchId', switch_id, 'note', note, 'until', until,
      'documented', json_extract(difference, '$[0]'), 'observed', json_extract(difference, '$[1]'), 'createdAt', created_at,
      'createdBy', created_by) AS record FROM drift_acknowledgements ORDER BY key)`,
  ).get() as { text: string | null };
  return row.text ?? '';
}
