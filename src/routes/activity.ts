import { ACTIONS, activityToApi, getActivity, listActivity, type ActivityFilter } from '../db/activity.ts';
import { undoEntry } from '../db/change.ts';
import { KIND_ORDER } from '../db/images.ts';
import type { JsonSchema } from '../fields/field.ts';
import { HttpError, notFound } from '../http-error.ts';
import type { Ctx, Route } from '../router.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, actorOf, pathId, uuidFilter } from './common.ts';

const NULLABLE_TEXT = { type: ['string', 'null'] };
const NULLABLE_ID = { type: ['string', 'null'], format: 'uuid' };

/** An activity entry as the API answers it. */
export const ACTIVITY_ENTRY_SCHEMA: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'at',
    'userId',
    'username',
    'action',
    'entityType',
    'entityId',
    'entityName',
    'siteId',
    'summary',
    'changes',
    'undoable',
    'undoneBy',
    'undoOf',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    at: { type: 'string', format: 'date-time' },
    userId: { ...NULLABLE_ID, description: 'Who made the change; null for the system (legacy migration).' },
    username: NULLABLE_TEXT,
    action: { enum: [...ACTIONS] },
    entityType: { enum: [...KIND_ORDER, null] },
    entityId: NULLABLE_ID,
    entityName: NULLABLE_TEXT,
    siteId: NULLABLE_ID,
    summary: { type: 'string' },
    changes: { description: 'For one entity { field: [before, after] }; for several, the same keyed by type, then id.' },
    undoable: { type: 'boolean', description: 'Whether POST /api/activity/{id}/undo may reverse it now.' },
    undoneBy: { ...NULLABLE_ID, description: 'The undo entry that reversed this one.' },
    undoOf: { ...NULLABLE_ID, description: 'For an undo: the entry it reversed.' },
  },
};

const ACTIVITY_QUERY = [
  { name: 'entityType', schema: { enum: [...KIND_ORDER] }, description: 'Only entries about this kind of entity.' },
  {
    name: 'entityId',
    schema: { type: 'string', format: 'uuid' },
    description: 'Only entries that touched this entity (bulk edits and cascades too).',
  },
  { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
  { name: 'userId', schema: { type: 'string', format: 'uuid' } },
  { name: 'action', schema: { enum: [...ACTIONS] } },
  { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
  { name: 'before', schema: { type: 'string' }, description: 'The nextCursor of the previous page: only older entries.' },
];

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

// The cursor is the seq of the last entry shown, wrapped so that clients treat it as opaque.
const CURSOR_PREFIX = 'a1.';

/** The opaque cursor that pages after the entry with this seq (also used by port history). */
export function encodeCursor(seq: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');
}

/** The seq of the `before` cursor of a request; a fault when it is not one of ours. */
export function cursorOf(ctx: Ctx, faults: { field: string; message: string }[]): number | undefined {
  const raw = ctx.query.get('before');
  if (raw === null || raw === '') return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(raw) ? Buffer.from(raw, 'base64url').toString('utf8') : '';
  const seq =
    text.startsWith(CURSOR_PREFIX) && /^\d{1,15}$/.test(text.slice(CURSOR_PREFIX.length))
      ? Number(text.slice(CURSOR_PREFIX.length))
      : undefined;
  if (seq === undefined) faults.push({ field: 'before', message: 'must be a nextCursor from an earlier page' });
  return seq;
}
