import '../boot/silence-sqlite-warning.ts';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteFailure } from '../http/errors.ts';
import { noteStorageFault, storageFaultOf } from './sqlite-errors.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-sqlite-errors-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The error SQLite throws for `sql` on `db`. */
function failureOf(db: DatabaseSync, sql: string): unknown {
  try {
    db.exec(sql);
  } catch (error) {
    return error;
  }
  throw new Error(`no error from ${sql}`);
}

/** A node:sqlite error with this extended result code, as SQLite reports codes that are hard to provoke. */
function sqliteError(errcode: number): Error {
  return Object.assign(new Error('sqlite'), { code: 'ERR_SQLITE_ERROR', errcode });
}

describe('sqliteFailure', () => {
  it('answers a write that found the database full (SQLITE_FULL) with 507 insufficient_storage and what to do', () => {
    const db = new DatabaseSync(join(dir, 'db.sqlite'));
    db.exec('CREATE TABLE t (v TEXT); PRAGMA max_page_count = 3');
    const error = failureOf(db, `INSERT INTO t VALUES ('${'x'.repeat(20_000)}')`);
    db.close();
    expect(storageFaultOf(error)).toBe('disk_full');
    const failure = sqliteFailure(error)!;
    expect(failure).toMatchObject({ status: 507, code: 'insufficient_storage' });
    expect(failure.message).toMatch(/not saved.*Free space/);
  });

  it('answers a write to a database opened read-only (SQLITE_READONLY) with 503 read_only and what to do', () => {
    const path = join(dir, 'db.sqlite');
    new DatabaseSync(path).exec('CREATE TABLE t (v TEXT)');
    const db = new DatabaseSync(path, { readOnly: true });
    const error = failureOf(db, "INSERT INTO t VALUES ('x')");
    db.close();
    expect(storageFaultOf(error)).toBe('read_only');
    const failure = sqliteFailure(error)!;
    expect(failure).toMatchObject({ status: 503, code: 'read_only' });
    expect(failure.message).toMatch(/read-only.*restart/);
  });

  it('answers every extended SQLITE_READONLY code with 503 read_only; a moved file says to restart', () => {
    for (const errcode of [264, 520, 776, 1288, 1544])
      expect(sqliteFailure(sqliteError(errcode))).toMatchObject({ status: 503, code: 'read_only' });
    expect(sqliteFailure(sqliteError(1032))!.message).toMatch(/moved, replaced or deleted.*Restart/);
  });

  it('answers a disk I/O error by the cause a probe noted on it, and as unknown (500) without one', () => {
    const unexplained = sqliteError(778);
    expect(sqliteFailure(unexplained)).toBeUndefined();
    const full = sqliteError(778);
    noteStorageFault(full, 'disk_full');
    expect(sqliteFailure(full)).toMatchObject({ status: 507, code: 'insufficient_storage' });
    const readOnly = sqliteError(4874);
    noteStorageFault(readOnly, 'read_only');
    expect(sqliteFailure(readOnly)).toMatchObject({ status: 503, code: 'read_only' });
  });

  it('keeps the answers it had: busy and locked 503 unavailable with Retry-After, constraint 409 conflict', () => {
    expect(sqliteFailure(sqliteError(5))).toMatchObject({ status: 503, code: 'unavailable', headers: { 'Retry-After': '1' } });
    expect(sqliteFailure(sqliteError(517))).toMatchObject({ status: 503, code: 'unavailable' });
    expect(sqliteFailure(sqliteError(6))).toMatchObject({ status: 503, code: 'unavailable' });
    expect(sqliteFailure(sqliteError(2067))).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('leaves other errors alone', () => {
    expect(sqliteFailure(new Error('boom'))).toBeUndefined();
    expect(sqliteFailure(sqliteError(1))).toBeUndefined();
    expect(sqliteFailure(undefined)).toBeUndefined();
  });
});
