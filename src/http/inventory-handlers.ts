// The list and the read that the inventory's route files share (through the resource adapter, resource-routes.ts,
// and the ports' and LAGs' own routes): each is given its kind once (its fields and its reads).
import type { ApiRecord, Resource } from '../fields/field.ts';
import type { JsonPage, ListParams } from '../db/list-query.ts';
import type { Db } from '../db/open.ts';
import { csvListAnswer, jsonListAnswer, withEtag } from './answers.ts';
import { pathRow, wantsCsv } from './request.ts';
import type { Ctx, Reply } from './route.ts';

/** A kind that is listed and read by id: its fields and its reads. */
export interface ListedKind<Row, Filter> {
  /** Its fields; `resource.type` names it in 404s and in the activity log. */
  resource: Resource;
  /** One row by id; `callerId`, the user asking, for what is the caller's own (a switch's `favorite`). */
  get(db: Db, id: string, callerId?: string): Row | undefined;
  toApi(row: Row): ApiRecord;
  /** A list page as SQLite serialises it (JSON answers). */
  listJson(db: Db, list: ListParams, filter: Filter): JsonPage;
  /** A list page as rows (CSV answers). */
  list(db: Db, list: ListParams, filter: Filter): { rows: Row[]; total: number };
  /** The CSV of records: recordsToCsv of import/csv-layout.ts, handed in since http/ does not import import/. */
  csv(db: Db, records: ApiRecord[]): string;
}

/** GET of a list: JSON serialised by SQLite, or CSV of the rows' records with the total in X-Total-Count. */
export function inventoryList<Row, Filter>(ctx: Ctx, kind: ListedKind<Row, Filter>, list: ListParams, filter: Filter): Reply {
  if (!wantsCsv(ctx)) return jsonListAnswer(kind.listJson(ctx.app.db, list, filter), list);
  const { rows, total } = kind.list(ctx.app.db, list, filter);
  return csvListAnswer(kind.csv(ctx.app.db, rows.map(kind.toApi)), total);
}

/** GET of one by the path's id, with its ETag (404 when there is none). */
export function inventoryGet<Row, Filter>(ctx: Ctx, kind: ListedKind<Row, Filter>): Reply {
  return withEtag(kind.toApi(pathRow(ctx, kind.resource.type, kind.get)));
}
