import { runChecksJson } from '../db/read/checks.ts';
import { getSite } from '../db/sites.ts';
import { notFound } from '../errors/http-error.ts';
import { uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { FINDINGS_SCHEMA } from './schemas/checks.ts';

/** The route of the consistency checks. */
export const CHECK_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/checks',
    access: 'viewer',
    handler: checksList,
    summary:
      'What is inconsistent in the documented network, each finding with the entities it involves; ' +
      'siteId keeps those that involve the site (404 for an unknown site).',
    doc: {
      response: FINDINGS_SCHEMA,
      query: [
        {
          name: 'siteId',
          schema: { type: 'string', format: 'uuid' },
          description: 'Only findings that involve this site: a duplicate or a link counts when one of its switches is there.',
        },
      ],
    },
  },
];

function checksList(ctx: Ctx) {
  const siteId = uuidFilter(ctx, 'siteId');
  if (siteId && !getSite(ctx.app.db, siteId)) throw notFound('site');
  return { json: runChecksJson(ctx.app.db, siteId) };
}
