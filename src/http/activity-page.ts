// A page of the activity log as the API answers it, for GET /api/activity and a port's history alike: the
// schema of an entry, and the opaque cursor that pages to older entries.
import { ACTIONS, ACTIVITY_ENTRY_FIELDS } from '../db/activity.ts';
import { KIND_ORDER } from '../db/images.ts';
import type { FieldFault } from '../errors/http-error.ts';
import type { JsonSchema } from '../fields/field.ts';
import type { Ctx } from './route.ts';

const NULLABLE_TEXT = { type: ['string', 'null'] };
const NULLABLE_ID = { type: ['string', 'null'], format: 'uuid' };

/** An activity entry as the API answers it. */
export const ACTIVITY_ENTRY_SCHEMA: JsonSchema = {
  type: 'object',
  required: [...ACTIVITY_ENTRY_FIELDS],
  properties: {
    id: { type: 'string', format: 'uuid' },
    at: { type: 'string', format: 'date-time' },
    userId: { ...NULLABLE_ID, description: 'Who made the change; null for the system (legacy migration).' },
    username: NULLABLE_TEXT,
    userSignIn: {
      enum: ['local', 'oidc', 'ldap', null],
      description:
        'How the user signs in now (GET /api/activity and /api/activity/{id} only): local, oidc or ldap; null for the system or a deleted user.',
    },
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
    undoLost: {
      ...NULLABLE_TEXT,
      description:
        'Why an entry that could once be undone cannot be any more (written before an upgrade changed the data model); null otherwise.',
    },
  },
};

// The cursor is the seq of the last entry shown, wrapped so that clients treat it as opaque.
const CURSOR_PREFIX = 'a1.';

/** The opaque cursor that pages after the entry with this seq. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');
}

/** The seq of the `before` cursor of a request; a fault when it is not one of ours. */
export function cursorOf(ctx: Ctx, faults: FieldFault[]): number | undefined {
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
