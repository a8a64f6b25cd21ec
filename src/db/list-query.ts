import type { SQLInputValue } from 'node:sqlite';
import type { Resource } from '../fields/field.ts';
import type { ListParams } from '../routes/common.ts';

/** An equality filter on a column; `undefined` values are left out, so optional query filters pass straight in. */
export interface ColumnFilter {
  /** A column expression written by our code (never by a client), like `n.site_id`. */
  sql: string;
  value: SQLInputValue | undefined;
}

/** How one resource's list is queried: its table alias, the SQL of its computed fields and its default order. */
export interface ListShape {
  resource: Resource;
  /** The table alias the SELECT uses (`s` in `FROM sites s`). */
  alias: string;
  /** SQL for fields without a column (counts), as the SELECT names them. */
  computed?: Record<string, string>;
  /** ORDER BY text when no sort is asked for. */
  defaultOrder: string;
}

/** The pieces of a list query: WHERE text with its parameters, ORDER BY text, and the page. */
export interface ListQuery {
  where: string;
  params: SQLInputValue[];
  orderBy: string;
  limit: number;
  offset: number;
  /** The sort is on a computed field (a count), which the page query must then compute for every row. */
  sortsOnComputed: boolean;
}

/** Escapes LIKE wildcards so `q` matches literally (the ESCAPE character is a backslash). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Builds WHERE (filters AND q over the resource's searchable fields, case-insensitive) and ORDER BY from
 * checked list parameters. Only field names of the resource reach the SQL text; values are bound.
 */
export function buildListQuery(shape: ListShape, list: ListParams, filters: ColumnFilter[] = []): ListQuery {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  for (const filter of filters) {
    if (filter.value === undefined) continue;
    clauses.push(`${filter.sql} = ?`);
    params.push(filter.value);
  }
  if (list.q) {
    const columns = shape.resource.fields.filter((f) => f.searchable && f.column).map((f) => `${shape.alias}.${f.column}`);
    if (columns.length) {
      clauses.push(`(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
      for (let i = 0; i < columns.length; i++) params.push(likePattern(list.q));
    }
  }
  return {
    where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '',
    params,
    orderBy: `ORDER BY ${orderOf(shape, list)}`,
    limit: list.limit,
    offset: list.offset,
    sortsOnComputed: Boolean(list.sort && shape.computed?.[list.sort.field]),
  };
}

/**
 * The SQL of one page: `select` (which names its table with the shape's alias and may compute counts) for
 * the rows of the page, with parameters `...query.params, limit, offset`. The page is chosen first without
 * the computed columns, so a count subquery runs for the 100 rows shown, not for every row sorted.
 */
export function pageSql(shape: ListShape, select: string, table: string, query: ListQuery): string {
  if (query.sortsOnComputed) return `${select} ${query.where} ${query.orderBy} LIMIT ? OFFSET ?`;
  const a = shape.alias;
  return `${select} WHERE ${a}.rowid IN (SELECT ${a}.rowid FROM ${table} ${a} ${query.where} ${query.orderBy} LIMIT ? OFFSET ?) ${query.orderBy}`;
}

function orderOf(shape: ListShape, list: ListParams): string {
  if (!list.sort) return shape.defaultOrder;
  const field = shape.resource.fields.find((f) => f.name === list.sort!.field);
  const expression = field?.column ? `${shape.alias}.${field.column}` : shape.computed?.[list.sort.field];
  if (!expression) return shape.defaultOrder;
  // The id last keeps pages stable when the sorted values tie.
  return `${expression} ${list.sort.descending ? 'DESC' : 'ASC'}, ${shape.alias}.id`;
}
