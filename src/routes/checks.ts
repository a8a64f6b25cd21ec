import { listAcknowledgements, type AcknowledgementRow } from '../db/drift.ts';
import { runChecksJson } from '../db/read/checks.ts';
import { getSite } from '../db/sites.ts';
import { acknowledgeDrift, removeAcknowledgement, type Acknowledging } from '../discovery/acknowledge.ts';
import { driftFindings } from '../discovery/drift.ts';
import { notFound, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { created, pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { ACKNOWLEDGE_REQUEST, ACKNOWLEDGEMENT_SCHEMA, FINDINGS_SCHEMA } from './schemas/checks.ts';

const SITE_QUERY = {
  name: 'siteId',
  schema: { type: 'string', format: 'uuid' },
  description: 'Only findings that involve this site: a duplicate or a link counts when one of its switches is there.',
};

/** The routes of the consistency checks, and of the acknowledgements that keep drift findings out of them. */
export const CHECK_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/checks',
    access: 'viewer',
    handler: checksList,
    summary:
      'What is inconsistent in the documented network, each finding with the entities it involves; ' +
      'siteId keeps those that involve the site (404 for an unknown site).',
    doc: { response: FINDINGS_SCHEMA, query: [SITE_QUERY] },
  },
  {
    method: 'POST',
    path: '/api/checks/acknowledge',
    access: 'editor',
    handler: acknowledge,
    body: { accepts: 'json' },
    doc: { request: ACKNOWLEDGE_REQUEST, response: ACKNOWLEDGEMENT_SCHEMA, status: 201 },
    summary:
      'Keep a drift finding out of GET /api/checks until `until`, or until its difference changes ' +
      '(404 for a key that names no drift finding now); acknowledging it again replaces the acknowledgement. ' +
      'An activity entry of its switch, not undoable.',
  },
  {
    method: 'GET',
    path: '/api/checks/acknowledgements',
    access: 'viewer',
    handler: acknowledgementsList,
    summary: "The acknowledged drift findings by key (those past their `until` too, until removed); siteId: of that site's switches.",
    doc: { response: pageSchema(ACKNOWLEDGEMENT_SCHEMA), query: [SITE_QUERY, ...PAGE_QUERY_DOC] },
  },
  {
    method: 'DELETE',
    path: '/api/checks/acknowledgements/:key',
    access: 'editor',
    handler: acknowledgementRemove,
    summary:
      'Remove an acknowledgement (its key URL-encoded): the finding comes back while it is a difference. An activity entry, not undoable.',
    doc: { status: 204 },
  },
];

function checksList(ctx: Ctx) {
  return { json: runChecksJson(ctx.app.db, siteOf(ctx), [driftFindings]) };
}

function siteOf(ctx: Ctx): string | undefined {
  const siteId = uuidFilter(ctx, 'siteId');
  if (siteId && !getSite(ctx.app.db, siteId)) throw notFound('site');
  return siteId;
}

function acknowledge(ctx: Ctx): Reply {
  const row = acknowledgeDrift(ctx.app.db, actorOf(ctx), readAcknowledging(ctx.body));
  return created(`/api/checks/acknowledgements/${encodeURIComponent(row.key)}`, acknowledgementToApi(row));
}

function acknowledgementsList(ctx: Ctx): Reply {
  const { limit, offset } = pageParams(ctx);
  const rows = listAcknowledgements(ctx.app.db, siteOf(ctx) ?? null);
  return pageAnswer(rows.slice(offset, offset + limit).map(acknowledgementToApi), rows.length, { limit, offset });
}

function acknowledgementRemove(ctx: Ctx): Reply {
  removeAcknowledgement(ctx.app.db, actorOf(ctx), ctx.params.key);
  return { status: 204 };
}

function acknowledgementToApi(row: AcknowledgementRow) {
  const [documented, observed] = JSON.parse(row.difference) as [unknown, unknown];
  return {
    key: row.key,
    switchId: row.switch_id,
    note: row.note,
    until: row.until,
    documented,
    observed,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

const FIELDS = ['key', 'note', 'until'];

function readAcknowledging(body: unknown): Acknowledging {
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object { key, note, until? }' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((name) => !FIELDS.includes(name))
    .map((name) => ({ field: name, message: 'is not a field of an acknowledgement: only key, note and until' }));
  const { key, note, until } = body;
  if (typeof key !== 'string' || key.length < 1 || key.length > 600)
    faults.push({ field: 'key', message: "must be a drift finding's key (params.findingKey)" });
  const text = typeof note === 'string' ? note.trim() : '';
  if (text.length < 1 || text.length > 1000) faults.push({ field: 'note', message: 'must be a text of 1 to 1000 characters' });
  const time = until === undefined || until === null ? null : untilOf(until);
  if (time === undefined) faults.push({ field: 'until', message: 'must be a date or a time in the future (ISO 8601), or null' });
  if (faults.length) throw validationFailed(faults, 'The acknowledgement is invalid.');
  return { key: key as string, note: text, until: time ?? null };
}

/** A date or time in the future as an ISO time; undefined for anything else. */
function untilOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) || time <= Date.now() ? undefined : new Date(time).toISOString();
}
