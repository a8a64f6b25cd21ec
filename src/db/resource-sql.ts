import type { SQLInputValue } from 'node:sqlite';
import { columnFields, type Resource } from '../fields/field.ts';
import { getOrMake } from '../lib/memo.ts';
import { prepare, type Db } from './open.ts';

// The SQL that every inventory table shares, built once per resource from its field declarations (Field.column):
// the column list of a SELECT, the INSERT of a whole row and the UPDATE of a change. A column added to a
// resource's fields is read, inserted and updated with the rest.

interface RowSql {
  columns: readonly string[];
  insert: string;
  /** The columns of the fields that are not read-only: what a change writes. */
  editable: readonly string[];
  update: string;
}

const rowSqlCache = new WeakMap<Resource, RowSql>();

function rowSql(resource: Resource): RowSql {
  return getOrMake(rowSqlCache, resource, () => {
    const columns = columnFields(resource).map((field) => field.column);
    const editable = columnFields(resource)
      .filter((field) => !field.readOnly)
      .map((field) => field.column);
    return {
      columns,
      insert: `INSERT INTO ${resource.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      editable,
      update: `UPDATE ${resource.table} SET ${editable.map((column) => `${column} = ?`).join(', ')}, version = version + 1, updated_at = ?
    WHERE id = ?`,
    };
  });
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
