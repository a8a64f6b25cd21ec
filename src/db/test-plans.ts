// For tests that hold a query to its index: the statements some work runs, and the lines of their plans.
import { StatementSync } from 'node:sqlite';
import type { Db } from './open.ts';

/** The statements (SQL and arguments) that `work` runs on any connection: its reads, and its writes when asked. */
export function statementsOf(work: () => void, methods: readonly ('all' | 'get' | 'run')[] = ['all', 'get']): [string, unknown[]][] {
  const ran: [string, unknown[]][] = [];
  const originals = methods.map((method) => StatementSync.prototype[method]);
  methods.forEach((method, i) => {
    (StatementSync.prototype as unknown as Record<string, unknown>)[method] = function (this: StatementSync, ...args: unknown[]) {
      ran.push([this.sourceSQL, args]);
      return (originals[i] as (...a: unknown[]) => unknown).apply(this, args);
    };
  });
  try {
    work();
  } finally {
    methods.forEach((method, i) => ((StatementSync.prototype as unknown as Record<string, unknown>)[method] = originals[i]));
  }
  return ran;
}

/** The lines of a statement's query plan (EXPLAIN QUERY PLAN's `detail`). */
export function planOf(db: Db, sql: string, args: unknown[]): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(args as [])) as { detail: string }[]).map(({ detail }) => detail);
}
