import { ACTIONS, activityToApi, getActivity, listActivity, type ActivityFilter } from '../db/activity.ts';
import { undoEntry } from '../db/change.ts';
import { KIND_ORDER } from '../db/images.ts';
import { HttpError, notFound } from '../errors/http-error.ts';
import { ACTIVITY_ENTRY_SCHEMA, cursorOf, encodeCursor } from '../http/activity-page.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../http/list-request.ts';
import { actorOf, pathId, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { ACTIVITY_QUERY } from './schemas/activity.ts';

/** The routes of the activity log: its pages, one entry, and undo. */
export const ACTIVITY_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/activity',
    access: 'viewer',
    handler: activityList,
    summary: 'The activity log, newest first, with cursor paging that stays stable while changes are made.',
    doc: {
      query: ACTIVITY_QUERY,
      response: {
        type: 'object',
        required: ['items', 'nextCursor'],
        properties: {
          items: { type: 'array', items: ACTIVITY_ENTRY_SCHEMA },
          nextCursor: { type: ['string', 'null'], description: 'Pass as before= for the next page; null on the last page.' },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/activity/:id',
    access: 'viewer',
    handler: activityGet,
    summary: 'One activity entry.',
    doc: { response: ACTIVITY_ENTRY_SCHEMA },
  },
  {
    method: 'POST',
    path: '/api/activity/:id/undo',
    access: 'editor',
    handler: activityUndo,
    summary:
      "Reverse an entry (an undo entry: redo) with a new undo entry. 409 undo_conflict when an entity it touched holds other data now, a name or id it needs is taken, or a port would break the port rules with the data as it is now (networks of its switch's site, symmetric links); 409 already_undone; 409 not_undoable for import, restore and migrate; 409 undo_data_invalid when the stored images break the field rules (a database written by another tool). A refused undo changes nothing.",
    doc: { response: ACTIVITY_ENTRY_SCHEMA },
  },
];

function activityList(ctx: Ctx) {
  const filter = activityFilter(ctx);
  const rows = listActivity(ctx.app.db, { ...filter, limit: filter.limit + 1 });
  const items = rows.slice(0, filter.limit);
  const nextCursor = rows.length > filter.limit ? encodeCursor(items.at(-1)!.seq) : null;
  return { body: { items: items.map(activityToApi), nextCursor } };
}

function activityGet(ctx: Ctx) {
  const row = getActivity(ctx.app.db, pathId(ctx, 'activity entry'));
  if (!row) throw notFound('activity entry');
  return { body: activityToApi(row) };
}

function activityUndo(ctx: Ctx) {
  const id = pathId(ctx, 'activity entry');
  if (!getActivity(ctx.app.db, id)) throw notFound('activity entry');
  return { body: undoEntry(ctx.app.db, actorOf(ctx), id) };
}

/** The checked filters of the list; every fault named in details. */
function activityFilter(ctx: Ctx): ActivityFilter {
  const faults: { field: string; message: string }[] = [];
  const oneOf = (name: string, allowed: readonly string[]) => {
    const value = ctx.query.get(name) || undefined;
    if (value !== undefined && !allowed.includes(value)) faults.push({ field: name, message: `must be one of ${allowed.join(', ')}` });
    return value;
  };
  const ids: Record<string, string | undefined> = {};
  for (const name of ['entityId', 'siteId', 'userId']) {
    try {
      ids[name] = uuidFilter(ctx, name);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.details) throw error;
      faults.push(...error.details);
    }
  }
  const filter: ActivityFilter = {
    entityType: oneOf('entityType', KIND_ORDER),
    action: oneOf('action', ACTIONS),
    ...ids,
    limit: limitOf(ctx, faults),
    beforeSeq: cursorOf(ctx, faults),
  };
  if (faults.length) throw new HttpError(400, 'validation_failed', 'The activity filters are invalid.', faults);
  return filter;
}

function limitOf(ctx: Ctx, faults: { field: string; message: string }[]): number {
  const raw = ctx.query.get('limit');
  if (raw === null || raw === '') return DEFAULT_LIMIT;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && value >= 1 && value <= MAX_LIMIT) return value;
  faults.push({ field: 'limit', message: `must be an integer from 1 to ${MAX_LIMIT}` });
  return DEFAULT_LIMIT;
}
