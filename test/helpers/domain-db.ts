import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { insertRecord } from '../../src/db/images.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase, type Db } from '../../src/db/open.ts';
import { MIGRATIONS } from '../../src/db/test-rows.ts';
import { Refusal } from '../../src/errors/refusal.ts';

/** A migrated in-memory database whose statements are counted: each run, get, all or iterate, and each exec. */
export interface CountingDb {
  db: Db;
  /** The SQL of every statement `work` ran, in order. */
  statementsOf(work: () => void): string[];
}

const RUNS = new Set(['run', 'get', 'all', 'iterate']);

/** Opens a counting database; the counting wraps db.prepare before the first statement is prepared (and cached). */
export function countingDatabase(): CountingDb {
  const db = openDatabase(':memory:');
  let ran: string[] | undefined;
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  db.prepare = (sql: string) => counted(prepare(sql), sql, () => ran);
  db.exec = (sql: string) => {
    ran?.push(sql);
    exec(sql);
  };
  applyMigrations(db, MIGRATIONS);
  return {
    db,
    statementsOf(work) {
      ran = [];
      try {
        work();
        return ran;
      } finally {
        ran = undefined;
      }
    },
  };
}

function counted(statement: StatementSync, sql: string, log: () => string[] | undefined): StatementSync {
  return new Proxy(statement, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (!RUNS.has(String(name))) return value.bind(target);
      return (...args: unknown[]) => {
        log()?.push(sql.replace(/\s+/g, ' ').trim());
        return value.apply(target, args);
      };
    },
  });
}

/** A counting database holding a site with one VLAN, and switches a and b of three ports each (named 1, 2, 3). */
export interface SeededDb extends CountingDb {
  site: string;
  vlan: string;
  switches: { a: string; b: string };
  ports: { a: string[]; b: string[] };
}

const STORED = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** A fresh seeded database (countingDatabase) for tests of the domain's writes. */
export function seededDatabase(): SeededDb {
  const counting = countingDatabase();
  const { db } = counting;
  const [site, vlan, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  insertRecord(db, 'site', { id: site, name: 'Main', ...STORED });
  insertRecord(db, 'vlan', { id: vlan, siteId: site, name: 'Users', vid: 10, color: '#112233', ...STORED });
  const portsOf = (switchId: string) =>
    [1, 2, 3].map((n) => {
      const id = randomUUID();
      insertRecord(db, 'port', { id, switchId, name: String(n), position: n, ...STORED });
      return id;
    });
  insertRecord(db, 'switch', { id: a, siteId: site, name: 'a', ...STORED });
  insertRecord(db, 'switch', { id: b, siteId: site, name: 'b', ...STORED });
  return { ...counting, site, vlan, switches: { a, b }, ports: { a: portsOf(a), b: portsOf(b) } };
}

/** The Refusal `work` throws (anything else is rethrown; no throw fails the test). */
export function refusalOf(work: () => unknown): Refusal {
  let thrown: unknown = new Error('expected a refusal');
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  if (thrown instanceof Refusal) return thrown;
  throw thrown;
}

/** The Refusal the promise of `work` is rejected with. */
export async function asyncRefusalOf(work: () => Promise<unknown>): Promise<Refusal> {
  const error = await work().then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  );
  if (error instanceof Refusal) return error;
  throw error;
}
