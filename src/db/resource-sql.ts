import type { SQLInputValue } from 'node:sqlite';
import { columnFields, toColumnValue, type Field, type Resource } from '../fields/field.ts';
import { getOrMake } from '../lib/memo.ts';
import { prepare, type Db } from './open.ts';

// The SQL that every inventory table shares, built once per resource from its field declarations (Field.column):
// the column list of a SELECT, the INSERT of a whole row and the UPDATE of a change. A column added to a
// resource's fields is read, inserted and updated with the rest.

interface RowSql {
  /** The fields that have a column, in declaration order, and those columns. */
  fields: readonly Field[];
  columns: readonly string[];
  insert: string;
  /** The columns of the fields that are not read-only: what a change writes. */
  editable: readonly string[];
  update: string;
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
      return {
        fields,
        columns,
        insert: `INSERT INTO ${resource.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        editable,
        update: `UPDATE ${resource.table} SET ${editable.map((column) => `${column} = ?`).join(', ')}, version = version + 1, updated_at = ?
    WHERE id = ?`,
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
  const { insert, fields } = rowSql(resource);
  prepare(db, insert).run(
    ...fields.map((field) => toColumnValue(field, field.name in record ? record[field.name] : (field.default ?? null)) as SQLInputValue),
  );
}

/** Rows a multi-row INSERT writes at most: fewer statements for a bulk load, far below SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 64;

/**
 * insertApiRecord for many records, up to ROWS_PER_INSERT of them in one statement: a load of 100,000 ports
 * spends most of its time per statement, not per row.
 */
export function insertApiRecords(db: Db, resource: Resource, records: readonly Record<string, unknown>[]): void {
  const { fields, columns } = rowSql(resource);
  const row = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    const chunk = records.slice(start, start + ROWS_PER_INSERT);
    const values: SQLInputValue[] = [];
    for (const record of chunk)
      for (const field of fields)
        values.push(toColumnValue(field, field.name in record ? record[field.name] : (field.default ?? null)) as SQLInputValue);
    prepare(db, `INSERT INTO ${resource.table} (${columns.join(', ')}) VALUES ${Array(chunk.length).fill(row).join(', ')}`).run(...values);
  }
}

/** Inserts a whole row: every column from `row` by its name (NULL when absent). */
export function insertRow(db: Db, resource: Resource, row: Record<string, unknown>): void {
  const { insert, columns } = rowSql(resource);
  prepare(db, insert).run(...columns.map((column) => (row[column] ?? null) as SQLInputValue));
}

/** Writes the columns of a resource's editable (not read-only) fields from `row`, raises the version and sets updated_at. */
export function updateRow(db: Db, resource: Resource, id: string, row: Record<string, unknown>, now: string): void {
  const { update, editable } = rowSql(resource);
  prepare(db, update).run(...editable.map((column) => (row[column] ?? null) as SQLInputValue), now, id);
}
