import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The database file of a test server's data directory. */
export function databasePath(dataDir: string): string {
  return join(dataDir, 'db.sqlite');
}

/** A read-only connection to a test server's database, for checks that must not go through the API. */
export function openReadOnly(dataDir: string): DatabaseSync {
  return new DatabaseSync(databasePath(dataDir), { readOnly: true, timeout: 5000 });
}

/** PRAGMA integrity_check of a data directory's database ('ok' when sound), on its own read-only connection. */
export function integrityCheck(dataDir: string): string {
  const db = openReadOnly(dataDir);
  try {
    return (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

// Tables whose rows only a successful request may change; login_failures is left out on purpose: a refused
// sign-in is meant to be counted.
const VERSIONED = ['users', 'sites', 'networks', 'switches', 'ports'];
const COUNTED = ['api_tokens', 'port_tagged_networks', 'activity', 'activity_entities'];

/** A cheap summary of everything stored: counts and version sums; equal before and after a refused request. */
export function fingerprint(db: DatabaseSync): string {
  const parts: string[] = [];
  for (const table of VERSIONED) {
    const row = db
      .prepare(`SELECT count(*) AS n, coalesce(sum(version), 0) AS v, coalesce(max(updated_at), '') AS u FROM ${table}`)
      .get() as { n: number; v: number; u: string };
    parts.push(`${table}:${row.n}/${row.v}/${row.u}`);
  }
  const users = db.prepare('SELECT coalesce(sum(token_version), 0) AS t, coalesce(sum(disabled), 0) AS d FROM users').get() as {
    t: number;
    d: number;
  };
  parts.push(`tokens-version:${users.t}/${users.d}`);
  for (const table of COUNTED) parts.push(`${table}:${(db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n}`);
  parts.push(`activity-seq:${(db.prepare('SELECT coalesce(max(seq), 0) AS s FROM activity').get() as { s: number }).s}`);
  return parts.join(' ');
}
