// The agent's spool (issue 39): every observation is written here, in a local SQLite database with synchronous=FULL
// (each commit fsync'd), before it is sent. Sent in order (by seq), deleted only once the server acknowledged it, so
// that a crash, a restart or an outage of the server loses nothing; the server's idempotency keys keep a resend from
// being stored twice. Over its bound the oldest observations go, and how many is kept until a batch reports it.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** One observation waiting in the spool: its order, its idempotency key and its JSON. */
export interface Spooled {
  seq: number;
  key: string;
  body: string;
}

/** The spool of one agent. */
export class Spool {
  private readonly db: DatabaseSync;
  private readonly maxBytes: number;

  constructor(file: string, maxBytes: number) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    this.db.exec(`CREATE TABLE IF NOT EXISTS spool (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, body TEXT NOT NULL,
      bytes INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;`);
    this.maxBytes = maxBytes;
  }

  /**
   * Adds an observation (durably: the commit is fsync'd) and drops the oldest while the spool is over its bound; how
   * many it dropped now.
   */
  add(key: string, body: string): number {
    const bytes = Buffer.byteLength(body) + key.length;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.prepare('INSERT INTO spool (key, body, bytes) VALUES (?, ?, ?)').run(key, body, bytes);
      let dropped = 0;
      while (this.bytes() > this.maxBytes && this.length() > 1) {
        this.db.prepare('DELETE FROM spool WHERE seq = (SELECT min(seq) FROM spool)').run();
        dropped += 1;
      }
      if (dropped > 0)
        this.db
          .prepare(
            "INSERT INTO counters (name, value) VALUES ('dropped', ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
          )
          .run(dropped);
      this.db.exec('COMMIT');
      return dropped;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The oldest `limit` observations, in order. */
  oldest(limit: number): Spooled[] {
    return this.db.prepare('SELECT seq, key, body FROM spool ORDER BY seq LIMIT ?').all(limit) as unknown as Spooled[];
  }

  /** Deletes what the server acknowledged, and takes `reportedDropped` off the dropped count it was told of. */
  acknowledge(seqs: number[], reportedDropped: number): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const remove = this.db.prepare('DELETE FROM spool WHERE seq = ?');
      for (const seq of seqs) remove.run(seq);
      if (reportedDropped > 0) this.db.prepare("UPDATE counters SET value = max(value - ?, 0) WHERE name = 'dropped'").run(reportedDropped);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Observations dropped over the bound and not yet reported to the server. */
  dropped(): number {
    return (this.db.prepare("SELECT value FROM counters WHERE name = 'dropped'").get() as { value: number } | undefined)?.value ?? 0;
  }

  length(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM spool').get() as { n: number }).n;
  }

  bytes(): number {
    return (this.db.prepare('SELECT coalesce(sum(bytes), 0) AS n FROM spool').get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }
}
