import { ACTIONS, type ActivityEntry, activityToApi, getActivity, listActivity, type ActivityFilter } from '../db/activity.ts';
import { getUser } from '../db/users.ts';
import { undoEntry } from '../domain/undo.ts';
import { KIND_ORDER } from '../db/images.ts';
import { HttpError, type FieldFault } from '../errors/http-error.ts';
import { ACTIVITY_ENTRY_SCHEMA, cursorOf, encodeCursor } from '../http/activity-page.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../http/list-request.ts';
import { actorOf, pathRow, queryInteger, queryOneOf, uuidFilter } from '../http/request.ts';
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
      'Reverse an entry (an undo entry: redo) with a new undo entry. 409 undo_conflict when an entity it touched holds other data now, ' +
      'or a record it refers to is gone; 409 name_taken (address_taken; conflict for another value) when a value it needs is taken now; ' +
      '409 already_undone; 409 not_undoable for import, restore and migrate, ' +
      'and for an entry whose undo an upgrade lost (the reason is its undoLost); 409 undo_data_invalid when the stored images break the ' +
      'field rules (a database written by another tool). A record the undo would leave that breaks a rule with the data as it is now ' +
      "is refused with that rule's code, as a create or update answers it (409 in_dhcp_range, range_overlaps, lag_member; else 400 " +
      'validation_failed), each detail naming <kind>:<id>.<field>. A refused undo changes nothing.',
    doc: { response: ACTIVITY_ENTRY_SCHEMA },
  },
];

function activityList(ctx: Ctx) {
  const filter = activityFilter(ctx);
  const rows = listActivity(ctx.app.db, { ...filter, limit: filter.limit + 1 });
  const items = rows.slice(0, filter.limit);
  const nextCursor = rows.length > filter.limit ? encodeCursor(items.at(-1)!.seq) : null;
  return { body: { items: withSignIn(ctx, items.map(activityToApi)), nextCursor } };
}

function activityGet(ctx: Ctx) {
  return { body: withSignIn(ctx, [activityToApi(pathRow(ctx, 'activity entry', getActivity))])[0] };
}

/**
 * The entries with how each one's user signs in now (issue 41: local, oidc, ldap; null for the system and for a user
 * deleted since): each user read once per answer. Not part of the stored entry (backups, webhooks): the user's.
 */
function withSignIn(ctx: Ctx, entries: ActivityEntry[]): (ActivityEntry & { userSignIn: string | null })[] {
  const signIns = new Map<string, string | null>();
  return entries.map((entry) => {
    if (entry.userId === null) return { ...entry, userSignIn: null };
    if (!signIns.has(entry.userId)) signIns.set(entry.userId, getUser(ctx.app.db, entry.userId)?.sign_in ?? null);
    return { ...entry, userSignIn: signIns.get(entry.userId)! };
  });
}

function activityUndo(ctx: Ctx) {
  const entry = pathRow(ctx, 'activity entry', getActivity);
  return { body: undoEntry(ctx.app.db, actorOf(ctx), entry.id, { nowMs: Date.now(), unitMs: ctx.app.config.pollIntervalUnitMs }) };
}

/** The checked filters of the list; every fault named in details. */
function activityFilter(ctx: Ctx): ActivityFilter {
  const faults: FieldFault[] = [];
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
    entityType: queryOneOf(ctx, 'entityType', KIND_ORDER, faults),
    action: queryOneOf(ctx, 'action', ACTIONS, faults),
    ...ids,
    limit: queryInteger(ctx, 'limit', 1, MAX_LIMIT, faults) ?? DEFAULT_LIMIT,
    beforeSeq: cursorOf(ctx, faults),
  };
  if (faults.length) throw new HttpError(400, 'validation_failed', 'The activity filters are invalid.', faults);
  return filter;
}
