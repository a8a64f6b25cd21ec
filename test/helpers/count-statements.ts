import type { StatementSync } from 'node:sqlite';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase, type Db } from '../../src/db/open.ts';
import { MIGRATIONS } from '../../src/db/test-rows.ts';

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
