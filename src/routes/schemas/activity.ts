// What the route table of the activity log (routes/activity.ts) names besides http/activity-page.ts.
import { ACTIONS } from '../../db/activity.ts';
import { KIND_ORDER } from '../../db/images.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../http/list-request.ts';

/** The filters and paging of GET /api/activity. */
export const ACTIVITY_QUERY = [
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
