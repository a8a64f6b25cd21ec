import type { SQLInputValue } from 'node:sqlite';
import { columnFields, toColumnValue, type Field, type Resource } from '../fields/field.ts';
import { getOrMake } from '../lib/memo.ts';
import { prepare, type Db } from './open.ts';

// The SQL that every inventory table shares, built once per resource from its field declarations (Field.column):
// the column list of a SELECT, the INSERT of a whole row and the UPDATE of a change. A column added to a
// resource's fields is read, inserted and updated with the rest. A resource's derivedColumns (an address's keys)
// are written by every INSERT and UPDATE here, computed from the row's column values, and never read back.

interface RowSql {
  /** The fields that have a column, in declaration order, and those columns. */
  fields: readonly Field[];
  columns: readonly string[];
  /** The derived columns after them (none for most kinds). */
  derived: readonly string[];
  insert: string;
  /** The same INSERT at a given rowid, its first parameter. */
  insertAt: string;
  /** The columns of the fields that are not read-only: what a change writes. */
  editable: readonly string[];
  update: string;
  /** Every column but the id (and the derived ones), by id: what an undo writes back. */
  overwrite: string;
}

const rowSqlCache = new WeakMap<Resource, RowSql>();

// Imports insert 100,000 rows through here: the hit path makes no closure.
function rowSql(resource: Resource): RowSql {
  return (
    rowSqlCache.get(resource) ??
    getOrMake(rowSqlCache, resource, () => {
      const fields = columnFields(resource);
      const columns = fields.map((field) => field.column);
      const editable = fields.filter((field) => !field.readOnly).map((field) => field.column);
      const derived = resource.derivedColumns?.columns ?? [];
      const written = [...columns, ...derived];
      const sets = (names: readonly string[]) => names.map((column) => `${column} = ?`).join(', ');
      return {
        fields,
        columns,
        derived,
        insert: `INSERT INTO ${resource.table} (${written.join(', ')}) VALUES (${written.map(() => '?').join(', ')})`,
        insertAt: `INSERT INTO ${resource.table} (rowid, ${written.join(', ')}) VALUES (?, ${written.map(() => '?').join(', ')})`,
        editable,
        update: `UPDATE ${resource.table} SET ${sets([...editable, ...derived])}, version = version + 1, updated_at = ?
    WHERE id = ?`,
        overwrite: `UPDATE ${resource.table} SET ${sets([...columns.filter((column) => column !== 'id'), ...derived])} WHERE id = ?`,
      };
    })
  );
}

/** The columns of a resource's table, in declaration order. */
export function columnsOf(resource: Resource): readonly string[] {
  return rowSql(resource).columns;
}

/** `alias.column, …`: every column of a resource's table, for a SELECT. */
export function selectList(resource: Resource, alias: string): string {
  return columnsOf(resource)
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

/**
 * Inserts a whole record in the API's shape (field names, id, version and timestamps as given): each column's value
 * made from its field in one pass, a field the record leaves out stored as its default (a document written before
 * the field existed), else NULL.
 */
export function insertApiRecord(db: Db, resource: Resource, record: Record<string, unknown>): void {
  const { insert } = rowSql(resource);
  prepare(db, insert).run(...apiRecordValues(resource, record));
}

/** The values of one INSERT row of an API record: its field columns, then its derived columns. */
function apiRecordValues(resource: Resource, record: Record<string, unknown>): SQLInputValue[] {
  const { fields, columns, derived } = rowSql(resource);
  const values = fields.map(
    (field) => toColumnValue(field, field.name in record ? record[field.name] : (field.default ?? null)) as SQLInputValue,
  );
  if (derived.length === 0) return values;
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
  return [...values, ...derivedValues(resource, row)];
}

/** The derived columns' values of a row (column values), in the order of derivedColumns.columns. */
function derivedValues(resource: Resource, row: Record<string, unknown>): SQLInputValue[] {
  const derived = resource.derivedColumns;
  if (!derived) return [];
  const computed = derived.compute(row);
  return derived.columns.map((column) => (computed[column] ?? null) as SQLInputValue);
}

/** Rows a multi-row INSERT writes at most: fewer statements for a bulk load, far below SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 256;

/**
 * insertApiRecord for many records, up to ROWS_PER_INSERT of them in one statement: a load of 100,000 ports
 * spends most of its time per statement, not per row.
 */
export function insertApiRecords(db: Db, resource: Resource, records: readonly Record<string, unknown>[]): void {
  const { fields, columns, derived } = rowSql(resource);
  const written = [...columns, ...derived];
  const row = `(${written.map(() => '?').join(', ')})`;
  const sqlOf = (rows: number) => `INSERT INTO ${resource.table} (${written.join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`;
  const full = sqlOf(ROWS_PER_INSERT);
  // One array of values for every statement, filled in place: no copy of the records, no array per row.
  const values: SQLInputValue[] = [];
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    const end = Math.min(records.length, start + ROWS_PER_INSERT);
    values.length = 0;
    for (let i = start; i < end; i++) {
      const record = records[i];
      if (derived.length > 0) for (const value of apiRecordValues(resource, record)) values.push(value);
      else
        for (const field of fields)
          values.push(toColumnValue(field, field.name in record ? record[field.name] : (field.default ?? null)) as SQLInputValue);
    }
    prepare(db, end - start === ROWS_PER_INSERT ? full : sqlOf(end - start)).run(...values);
  }
}

/** Inserts a whole row: every column from `row` by its name (NULL when absent); at `rowid` when given and free. */
export function insertRow(db: Db, resource: Resource, row: Record<string, unknown>, rowid?: number): void {
  const { insert, insertAt, columns } = rowSql(resource);
  const values = [...columns.map((column) => (row[column] ?? null) as SQLInputValue), ...derivedValues(resource, row)];
  if (rowid !== undefined && !rowidTaken(db, resource, rowid)) prepare(db, insertAt).run(rowid, ...values);
  else prepare(db, insert).run(...values);
}

function rowidTaken(db: Db, resource: Resource, rowid: number): boolean {
  return prepare(db, `SELECT 1 FROM ${resource.table} WHERE rowid = ?`).get(rowid) !== undefined;
}

/**
 * The id of the row of a resource's table whose columns hold these values (a `name` compared case-insensitively: names
 * are unique in any case), other than `exceptId`: the lookups of uniqueness and of imports by name.
 */
export function idWhere(db: Db, resource: Resource, where: Record<string, SQLInputValue>, exceptId = ''): string | undefined {
  const conditions = Object.keys(where).map((column) => (column === 'name' ? 'name = ? COLLATE NOCASE' : `${column} = ?`));
  const sql = `SELECT id FROM ${resource.table} WHERE ${conditions.join(' AND ')} AND id <> ?`;
  return (prepare(db, sql).get(...Object.values(where), exceptId) as { id: string } | undefined)?.id;
}

/** The ids of the rows of a resource's table whose `column` holds `value` (a site's VLANs, a network's ranges). */
export function idsWhere(db: Db, resource: Resource, column: string, value: SQLInputValue): string[] {
  return selectIds(db, `SELECT id FROM ${resource.table} WHERE ${column} = ?`, value);
}

/** The ids a statement selects (its one column named id, or the first), in its order. */
export function selectIds(db: Db, sql: string, ...params: SQLInputValue[]): string[] {
  return (prepare(db, sql).all(...params) as { id: string }[]).map((row) => row.id);
}

/** Stores a new row of a resource: its column values, with the id, version 1 and both timestamps `now`. */
export function insertNew(db: Db, resource: Resource, id: string, values: object, now: string): void {
  insertRow(db, resource, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes the columns of a resource's editable (not read-only) fields from `row`, raises the version and sets updated_at. */
export function updateRow(db: Db, resource: Resource, id: string, row: Record<string, unknown>, now: string): void {
  const { update, editable } = rowSql(resource);
  prepare(db, update).run(...editable.map((column) => (row[column] ?? null) as SQLInputValue), ...derivedValues(resource, row), now, id);
}

/** Writes every column of an existing row but its id from `row` (NULL when absent), derived columns too: an undo's write-back. */
export function overwriteRow(db: Db, resource: Resource, id: string, row: Record<string, unknown>): void {
  const { overwrite, columns } = rowSql(resource);
  const values = columns.filter((column) => column !== 'id').map((column) => (row[column] ?? null) as SQLInputValue);
  prepare(db, overwrite).run(...values, ...derivedValues(resource, row), id);
}
