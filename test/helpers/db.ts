// A test server's SQLite database read (and, where a test changes data behind the server's back, written)
// directly, on a connection of the test's own.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

/** The database file of a test server's data directory. */
export function databasePath(dataDir: string): string {
  return join(dataDir, 'db.sqlite');
}

/** A read-only connection to a test server's database, for checks that must not go through the API. */
export function openReadOnly(dataDir: string): DatabaseSync {
  return new DatabaseSync(databasePath(dataDir), { readOnly: true, timeout: 5000 });
}

/** The rows of one query on a database file, read on a read-only connection of its own. */
export function readDbFile<T = Record<string, unknown>>(file: string, sql: string, ...params: SQLInputValue[]): T[] {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The rows of one query on a test server's database, read on a read-only connection of its own. */
export function readDb<T = Record<string, unknown>>(dataDir: string, sql: string, ...params: SQLInputValue[]): T[] {
  return readDbFile<T>(databasePath(dataDir), sql, ...params);
}

/**
 * Runs one statement on a test server's database through a connection of its own, as another process would (waiting
 * up to 5 s for a lock); the rows it returns, if any.
 */
export function writeDb<T = Record<string, unknown>>(dataDir: string, sql: string, ...params: SQLInputValue[]): T[] {
  const db = new DatabaseSync(databasePath(dataDir), { timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** PRAGMA integrity_check of a database file ('ok' when sound), on its own read-only connection. */
export function fileIntegrity(file: string): string {
  return readDbFile<{ integrity_check: string }>(file, 'PRAGMA integrity_check')
    .map((row) => row.integrity_check)
    .join('; ');
}

/** PRAGMA integrity_check of a data directory's database ('ok' when sound), on its own read-only connection. */
export function integrityCheck(dataDir: string): string {
  return fileIntegrity(databasePath(dataDir));
}

// Tables whose rows only a successful request may change; login_failures is left out on purpose: a refused
// sign-in is meant to be counted.
const VERSIONED = ['users', 'sites', 'vlans', 'networks', 'switches', 'ports'];
const COUNTED = ['api_tokens', 'port_tagged_vlans', 'switch_configured_vlans', 'user_favorite_switches', 'activity', 'activity_entities'];

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

/**
 * A large inventory for seedBigSite: the site 'Big site' with `switches` switches named `switch <s>`, each with
 * `portsPerSwitch` ports `Gi1/0/<p>` described by `description`, and, with `untaggedVlan`, a VLAN 'Users' (10,
 * with the network 'Users' 10.0.10.0/24) that every port has untagged.
 */
export interface BigSite {
  switches: number;
  portsPerSwitch: number;
  description: (s: number, p: number) => string;
  untaggedVlan?: boolean;
}

/** Writes a BigSite straight into a stopped server's database, in one transaction (far faster than the API). */
export function seedBigSite(dataDir: string, options: BigSite): void {
  const db = new DatabaseSync(databasePath(dataDir));
  const now = new Date().toISOString();
  const siteId = randomUUID();
  const vlanId = options.untaggedVlan ? randomUUID() : null;
  db.exec('BEGIN');
  db.prepare('INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(siteId, 'Big site', now, now);
  if (vlanId) {
    db.prepare('INSERT INTO vlans (id, site_id, name, vid, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      vlanId,
      siteId,
      'Users',
      10,
      '#1f77b4',
      now,
      now,
    );
    db.prepare('INSERT INTO networks (id, site_id, vlan_id, name, subnet, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      randomUUID(),
      siteId,
      vlanId,
      'Users',
      '10.0.10.0/24',
      now,
      now,
    );
  }
  const addSwitch = db.prepare('INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const addPort = db.prepare(`INSERT INTO ports (id, switch_id, name, position, description, untagged_vlan_id, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (let s = 1; s <= options.switches; s++) {
    const switchId = randomUUID();
    addSwitch.run(switchId, siteId, `switch ${s}`, now, now);
    for (let p = 1; p <= options.portsPerSwitch; p++)
      addPort.run(randomUUID(), switchId, `Gi1/0/${p}`, p, options.description(s, p), vlanId, now, now);
  }
  db.exec('COMMIT');
  db.close();
}
