import type { SQLInputValue } from 'node:sqlite';
import type { Resource } from '../fields/field.ts';
import { prepare, type Db } from './open.ts';
import { recordJson } from './record-json.ts';
import { selectList } from './resource-sql.ts';
import { countedRows, phraseQuery, searchIndexesOf } from './search-index.ts';
import { getOrMake } from '../lib/memo.ts';

/**
 * A filter of a list: a column expression equal to the value (`sql`), or a condition with one `?` for it
 * (`condition`); `undefined` values are left out, so optional query filters pass straight in. Both are written
 * by our code, never by a client.
 */
export type ColumnFilter = { sql: string; value: SQLInputValue | undefined } | { condition: string; value: SQLInputValue | undefined };

/** A field without a column: its SQL over the list's table alias, and the name the SELECT gives it, if it has one. */
export interface ComputedField {
  /** A value for a count, JSON for a list (a port's tagged networks). */
  sql: string;
  /** The SELECT's column name (`port_count`); a computed field can be sorted on only when it has one. */
  name?: string;
  /** What a sort on the field orders by, when not its value (a network's utilization: its percent). */
  sortSql?: string;
}

/** How one resource's list is queried: its table alias, the SQL of its computed fields and its default order. */
export interface ListShape {
  resource: Resource;
  /** The table alias the SELECT uses (`s` in `FROM sites s`). */
  alias: string;
  /** The fields without a column, by field name; every one must be here for the JSON page. */
  computed?: Record<string, ComputedField>;
  /** ORDER BY text when no sort is asked for. */
  defaultOrder: string;
  /** A column that q is also looked for in other spellings of (a port's name: `Gi1/0/5` as `GigabitEthernet1/0/5`). */
  spellings?: { column: string; of: (q: string) => string[] };
}

/** The pieces of a list query: WHERE text with its parameters, ORDER BY text, and the page. */
export interface ListQuery {
  where: string;
  params: SQLInputValue[];
  orderBy: string;
  limit: number;
  offset: number;
  /** The computed field sorted on (a count), if any, which the page query must then compute for every row. */
  computedSort: ComputedField | undefined;
  /** q as the search indexes find it, when q alone narrows the list. */
  search?: IndexedSearch;
  /** The total as derived data keeps it, for a filter that has such a count (else the filter's rows are counted). */
  keptTotal?: (db: Db) => number;
}

/** Escapes LIKE wildcards so `q` matches literally (the ESCAPE character is a backslash). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A condition that `q` also matches by, besides the text of the searchable fields (an address inside a subnet). */
export interface SearchAlso {
  /** SQL written by our code, with `?` for `params`. */
  sql: string;
  params: SQLInputValue[];
}

/**
 * Builds WHERE (filters AND q over the resource's searchable fields, case-insensitive, OR `searchAlso`) and ORDER
 * BY from checked list parameters. Only field names of the resource reach the SQL text; values are bound.
 */
export function buildListQuery(shape: ListShape, list: ListParams, filters: ColumnFilter[] = [], searchAlso?: SearchAlso): ListQuery {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  for (const filter of filters) {
    if (filter.value === undefined) continue;
    clauses.push('condition' in filter ? filter.condition : `${filter.sql} = ?`);
    params.push(filter.value);
  }
  let search: IndexedSearch | undefined;
  if (list.q) {
    const columns = shape.resource.fields.filter((f) => f.searchable && f.column).map((f) => `${f.column}`);
    const texts = searchedTexts(shape, columns, list.q);
    const matches = texts.map(({ column }) => `${shape.alias}.${column} LIKE ? ESCAPE '\\'`);
    for (const { text } of texts) params.push(likePattern(text));
    if (searchAlso) {
      matches.push(searchAlso.sql);
      params.push(...searchAlso.params);
    }
    if (matches.length) clauses.push(`(${matches.join(' OR ')})`);
    // q alone narrows the list: its rows can come from the search index instead (readPage decides).
    if (clauses.length === 1 && !searchAlso) search = indexedSearch(shape, texts);
  }
  return {
    where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '',
    params,
    orderBy: `ORDER BY ${orderOf(shape, list)}`,
    limit: list.limit,
    offset: list.offset,
    computedSort: list.sort ? sortedByValue(shape.computed?.[list.sort.field]) : undefined,
    search,
  };
}

/** The rows of a q filter as the search indexes find them: a lookup of rowids per index, with its phrase. */
interface IndexedSearch {
  lookups: { sql: string; phrase: string }[];
}

/** Each searchable column with q, and the column of the shape's `spellings` with each other spelling of q too. */
function searchedTexts(shape: ListShape, columns: string[], q: string): { column: string; text: string }[] {
  const texts = columns.map((column) => ({ column, text: q }));
  const { spellings } = shape;
  if (!spellings || !columns.includes(spellings.column)) return texts;
  const others = spellings.of(q).filter((text) => text.toLowerCase() !== q.toLowerCase());
  return [...texts, ...others.map((text) => ({ column: spellings.column, text }))];
}

/**
 * The rowids whose searchable columns contain their text (q, or another spelling of it), by the table's search
 * indexes (the phrase of a text finds exactly the rows LIKE finds: src/db/search-index.ts); undefined when a text
 * is shorter than three characters or an index does not cover every searchable column.
 */
function indexedSearch(shape: ListShape, texts: { column: string; text: string }[]): IndexedSearch | undefined {
  const lookups: IndexedSearch['lookups'] = [];
  const covered = new Set<string>();
  for (const { index, columns: indexed } of searchIndexesOf(shape.resource.table)) {
    for (const text of new Set(texts.map(({ text }) => text))) {
      const mine = texts.filter((searched) => searched.text === text && indexed.includes(searched.column)).map(({ column }) => column);
      const phrase = mine.length ? phraseQuery(text, mine) : undefined;
      if (phrase === undefined) continue;
      lookups.push({ sql: `SELECT rowid FROM ${index} WHERE ${index} MATCH ?`, phrase });
      for (const column of mine) covered.add(`${column}\n${text}`);
    }
  }
  if (covered.size < texts.length) return undefined;
  return { lookups };
}

/**
 * The rowids of the indexes that find q at all, as one subquery and its parameters. Only rowids found by two
 * indexes need the UNION's removal of duplicates, which costs a temporary B-tree of every match; a q found by one
 * index only (port 4 in the descriptions) is counted straight from it.
 */
function matchingRowids(db: Db, { lookups }: IndexedSearch): { rowids: string; params: string[] } {
  const finds = ({ sql, phrase }: IndexedSearch['lookups'][number]) => prepare(db, `${sql} LIMIT 1`).get(phrase) !== undefined;
  // One index (most tables): nothing to leave out, so no probe.
  const found = lookups.length > 1 ? lookups.filter(finds) : lookups;
  const used = found.length ? found : lookups.slice(0, 1);
  return { rowids: used.map(({ sql }) => sql).join(' UNION '), params: used.map(({ phrase }) => phrase) };
}

/**
 * Up to this many rows found by the index, the page is taken from them; past it (a common q), the page walks the
 * list's order with LIKE and stops when it is full, since the matches are at least this dense.
 */
const FEW_MATCHES = 2000;

/**
 * A q that matches more rows than this is counted only this far (API.md): `total` says this many and `totalExact`
 * false. An exact count visits every match, so the page of a common q would cost what the data holds.
 */
export const SEARCH_COUNT_LIMIT = 10_000;

/** A page's total: exact, or for a common q, SEARCH_COUNT_LIMIT with totalExact false. */
export interface PageTotal {
  total: number;
  totalExact: boolean;
}

/**
 * The query to read a page with, and its total: a q filter that the index finds in fewer than FEW_MATCHES rows
 * reads them by rowid (and they are the total); a common one keeps LIKE for the page, in the list's order, and is
 * counted in the index up to SEARCH_COUNT_LIMIT, without reading a row of the table; any other filter is counted
 * (countMatching).
 */
function planned(db: Db, shape: ListShape, query: ListQuery): PageTotal & { query: ListQuery } {
  if (!query.search) return { query, total: countMatching(db, shape, query), totalExact: true };
  const { rowids, params } = matchingRowids(db, query.search);
  const few = (prepare(db, `SELECT count(*) AS n FROM (${rowids} LIMIT ${FEW_MATCHES})`).get(...params) as { n: number }).n;
  if (few < FEW_MATCHES) {
    const where = `WHERE ${shape.alias}.rowid IN (${rowids})`;
    return { query: { ...query, where, params, search: undefined }, total: few, totalExact: true };
  }
  const counted = prepare(db, `SELECT count(*) AS n FROM (${rowids} LIMIT ${SEARCH_COUNT_LIMIT + 1})`).get(...params) as { n: number };
  return { query, total: Math.min(counted.n, SEARCH_COUNT_LIMIT), totalExact: counted.n <= SEARCH_COUNT_LIMIT };
}

const rowsSelectCache = new WeakMap<ListShape, string>();

/**
 * The SELECT of a resource's rows, without WHERE: every column of its fields, then each computed field that has a
 * name (the counts), from its table under the shape's alias.
 */
export function rowsSelect(shape: ListShape): string {
  return getOrMake(rowsSelectCache, shape, () => {
    const { resource, alias } = shape;
    const computed = Object.values(shape.computed ?? {}).flatMap((c) => (c.name ? [`${c.sql} AS ${c.name}`] : []));
    return `SELECT ${[selectList(resource, alias), ...computed].join(', ')} FROM ${resource.table} ${alias}`;
  });
}

const descendingCache = new WeakMap<ListShape, ListShape>();

/**
 * The shape and the list parameters of a list whose sort on `field` is its default order (a numeric key: an address,
 * a range's start): sorted on it, the shape itself, or one of the default order reversed, with no sort of its own.
 */
export function keyOrdered(shape: ListShape, list: ListParams, field: string): { shape: ListShape; list: ListParams } {
  if (list.sort?.field !== field) return { shape, list };
  const descending = getOrMake(descendingCache, shape, () => ({
    ...shape,
    defaultOrder: shape.defaultOrder
      .split(', ')
      .map((part) => `${part} DESC`)
      .join(', '),
  }));
  return { shape: list.sort.descending ? descending : shape, list: { ...list, sort: undefined } };
}

/**
 * The reads of a list whose sort on `field` is its default order (keyOrdered), filtered by `filtersOf`; `kept` gives
 * the query a total that derived data keeps, where its filter has one (a network's addresses).
 */
export function keyOrderedPages<Row, Filter>(
  shape: ListShape,
  field: string,
  filtersOf: (filter: Filter) => ColumnFilter[],
  kept?: (filter: Filter, list: ListParams) => ListQuery['keptTotal'],
): PageReads<Row, Filter> {
  return pageReads((_db, asked, filter) => {
    const ordered = keyOrdered(shape, asked, field);
    const query = buildListQuery(ordered.shape, ordered.list, filtersOf(filter));
    return { shape: ordered.shape, query: { ...query, keptTotal: kept?.(filter, ordered.list) } };
  });
}

/** One row by id as a list reads it (rowsSelect: its columns and named counts), or undefined. */
export function rowById<Row>(db: Db, shape: ListShape, id: string): Row | undefined {
  return prepare(db, `${rowsSelect(shape)} WHERE ${shape.alias}.id = ?`).get(id) as Row | undefined;
}

/** The named counts of a list (`{ portCount: sql }`): each computed field with its SELECT name in snake case (`port_count`). */
export function namedCounts(counts: Record<string, string>): Record<string, ComputedField> {
  const named = Object.entries(counts).map(([field, sql]) => [field, { sql, name: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) }]);
  return Object.fromEntries(named);
}

/** A list's page as rows (CSV) and as SQLite's JSON (the API's list answer), both of the shape and query a filter makes. */
export interface PageReads<Row, Filter> {
  rows(db: Db, list: ListParams, filter: Filter): { rows: Row[]; total: number };
  json(db: Db, list: ListParams, filter: Filter): JsonPage;
}

/** The two reads of a list's page, from what makes its shape and query (readRowsPage, readJsonPage). */
export function pageReads<Row, Filter>(
  queryOf: (db: Db, list: ListParams, filter: Filter) => { shape: ListShape; query: ListQuery },
): PageReads<Row, Filter> {
  return {
    rows: (db, list, filter) => {
      const { shape, query } = queryOf(db, list, filter);
      return readRowsPage(db, shape, query) as { rows: Row[]; total: number };
    },
    json: (db, list, filter) => {
      const { shape, query } = queryOf(db, list, filter);
      return readJsonPage(db, shape, query);
    },
  };
}

/**
 * The SQL of one page of rows (rowsSelect), with parameters `...query.params, limit, offset`. The page is chosen
 * first without the computed columns, so a count subquery runs for the 100 rows shown, not for every row sorted.
 */
function pageSql(shape: ListShape, query: ListQuery): string {
  const select = rowsSelect(shape);
  if (query.computedSort) return `${select} ${query.where} ${query.orderBy} LIMIT ? OFFSET ?`;
  const a = shape.alias;
  const pageRowids = `SELECT ${a}.rowid FROM ${shape.resource.table} ${a} ${query.where} ${query.orderBy} LIMIT ? OFFSET ?`;
  return `${select} WHERE ${a}.rowid IN (${pageRowids}) ${query.orderBy}`;
}

/** The query's page as rows (pageSql), with the total matching its filter. */
export function readRowsPage(db: Db, shape: ListShape, asked: ListQuery): { rows: unknown[] } & PageTotal {
  const { query, total, totalExact } = planned(db, shape, asked);
  const rows = prepare(db, pageSql(shape, query)).all(...query.params, query.limit, query.offset);
  return { rows, total, totalExact };
}

/** One page as SQLite serialises it: the JSON array text of the items, and the total matching the filter. */
export interface JsonPage extends PageTotal {
  items: string;
}

/** How many rows match the query's filter (the page's `total`). */
function countMatching(db: Db, shape: ListShape, query: ListQuery): number {
  const { alias, resource } = shape;
  // Unfiltered: the count the triggers keep (migrations/0010_search_index.sql), not a scan of the table; a
  // filter with a kept count of its own likewise (a network's addresses).
  const counted = query.where ? query.keptTotal?.(db) : countedRows(db, resource.table);
  if (counted !== undefined) return counted;
  return (prepare(db, `SELECT count(*) AS n FROM ${resource.table} ${alias} ${query.where}`).get(...query.params) as { n: number }).n;
}

/** The query's page as SQLite serialises it (pageJsonSql), with the total matching its filter. */
export function readJsonPage(db: Db, shape: ListShape, asked: ListQuery): JsonPage {
  const { query, total, totalExact } = planned(db, shape, asked);
  const { items } = prepare(db, pageJsonSql(shape, query)).get(...query.params, query.limit, query.offset) as { items: string };
  return { items, total, totalExact };
}

/**
 * The SQL of the same page as pageSql, as one JSON array text (column `items`, `[]` for none): each record is
 * the json_object of its API answer. Parameters `...query.params, limit, offset`.
 *
 * The page's rowids are chosen first, in order (the computed field sorted on, if any, is computed there for
 * every row); the records are then read by rowid and aggregated in that order, which CROSS JOIN keeps (its
 * left side is always the outer loop). Unlike pageSql, nothing is sorted twice: pageSql's shape (IN, then
 * ORDER BY again) made this query a fifth slower.
 */
function pageJsonSql(shape: ListShape, query: ListQuery): string {
  const texts = getOrMake(pageJsonSqlCache, shape, () => new Map<string, string>());
  return getOrMake(texts, `${query.where}\n${query.orderBy}`, () => buildPageJsonSql(shape, query));
}

// Built once per WHERE and ORDER BY text (a few per list: filter values and the page are bound), like prepare()'s
// statements: building the long text and hashing a new copy of it in prepare() cost ~5% of an uncached list.
const pageJsonSqlCache = new WeakMap<ListShape, Map<string, string>>();

function buildPageJsonSql(shape: ListShape, query: ListQuery): string {
  const { alias: a, resource } = shape;
  const sorted = query.computedSort;
  const keys = sorted ? `${a}.rowid AS k, ${sorted.sql} AS ${sorted.name}` : `${a}.rowid AS k`;
  const computed: Record<string, string> = {};
  for (const field of resource.fields) {
    if (field.column) continue;
    const c = shape.computed?.[field.name];
    if (!c) throw new Error(`The ${resource.type} list has no SQL for its field ${field.name}.`);
    computed[field.name] = c === sorted ? `page.${c.name}` : c.sql;
  }
  // json_object must be the aggregate's own argument: JSON read back from a subquery is plain text again,
  // which json_group_array would quote as a string.
  return `SELECT json_group_array(${recordJson(resource, a, computed)}) AS items
    FROM (SELECT ${keys} FROM ${resource.table} ${a} ${query.where} ${query.orderBy} LIMIT ? OFFSET ?) page
    CROSS JOIN ${resource.table} ${a} ON ${a}.rowid = page.k`;
}

/** The computed field a sort orders by its value, which the page query then computes for every row. */
function sortedByValue(computed: ComputedField | undefined): ComputedField | undefined {
  return computed?.name && !computed.sortSql ? computed : undefined;
}

function orderOf(shape: ListShape, list: ListParams): string {
  if (!list.sort) return shape.defaultOrder;
  const field = shape.resource.fields.find((f) => f.name === list.sort!.field);
  const computed = shape.computed?.[list.sort.field];
  const expression = field?.column ? `${shape.alias}.${field.column}` : (computed?.sortSql ?? computed?.name);
  if (!expression) return shape.defaultOrder;
  // The id last keeps pages stable when the sorted values tie.
  return `${expression} ${list.sort.descending ? 'DESC' : 'ASC'}, ${shape.alias}.id`;
}

/** Paging, sorting and search of a list request, checked (by http/list-request.ts, from the query string). */
export interface ListParams {
  limit: number;
  offset: number;
  /** A field name of the resource (whitelisted) and its direction. */
  sort: { field: string; descending: boolean } | undefined;
  q: string | undefined;
}
