import {
  configVersionToApi,
  getConfigVersion,
  getConfigVersionText,
  listConfigVersions,
  type ConfigVersionRow,
} from '../db/config-versions.ts';
import { getSwitch } from '../db/switches.ts';
import { configMaskKey, storeConfigVersion, type StoredConfig } from '../domain/config-versions.ts';
import { notFound, validationFailed } from '../errors/http-error.ts';
import { created, pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { isUuid } from '../fields/field.ts';
import { diffLines, linesOf, unifiedDiff } from '../lib/line-diff.ts';
import { RUNNING_CONFIG_DIALECTS, type RunningConfigDialect } from '../switch-config/read-running.ts';
import { CONFIG_BODY_LIMIT, CONFIG_STORED, CONFIG_VERSION } from './schemas/config-versions.ts';

const DIALECT_QUERY = {
  name: 'dialect',
  schema: { type: 'string', enum: [...RUNNING_CONFIG_DIALECTS] },
  description: 'The dialect the configuration is written in, kept with the version (to read it into the model).',
};

/** The routes of switches' running configurations: stored versions, their text and their diffs (issue 38). */
export const CONFIG_VERSION_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/switches/:id/configs',
    access: 'editor',
    handler: configUpload,
    body: { accepts: 'text', limit: CONFIG_BODY_LIMIT },
    summary:
      'Store a running configuration of the switch (text/plain, at most 4 MiB, UTF-8): its secrets masked first (a short hash of ' +
      'each instead). 201 with a new version (and an activity entry about the switch); 200 when the switch ran this configuration ' +
      "before (volatile lines such as timestamps, ntp clock-period and uptime aside): that version's lastSeenAt and seenCount move, " +
      'nothing else is stored. An empty configuration: 400.',
    doc: { query: [DIALECT_QUERY], response: CONFIG_STORED, status: 201 },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/configs',
    access: 'viewer',
    handler: configList,
    summary: "The switch's stored configuration versions, the newest first (at most 100 are kept), without their text.",
    doc: { query: PAGE_QUERY_DOC, response: pageSchema(CONFIG_VERSION) },
  },
  {
    method: 'GET',
    path: '/api/configs/:id',
    access: 'viewer',
    handler: configText,
    summary: 'The text of a stored configuration version (text/plain), its secrets masked.',
    doc: { produces: ['text/plain'] },
  },
  {
    method: 'GET',
    path: '/api/configs/:id/diff',
    access: 'viewer',
    handler: configDiff,
    summary:
      'The unified diff (text/plain, three lines of context) that takes the version `against` to this one; empty when their ' +
      'texts are equal. `against` missing or not an id: 400; either version unknown: 404.',
    doc: {
      produces: ['text/plain'],
      query: [
        {
          name: 'against',
          schema: { type: 'string', format: 'uuid' },
          description: 'The version to compare with (the old side).',
          required: true,
        },
      ],
    },
  },
];

function configUpload(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const stored = storeConfigVersion(ctx.app.db, actorOf(ctx), sw, {
    text: ctx.body as string,
    source: 'upload',
    dialect: dialectOf(ctx),
    maskKey: configMaskKey(ctx.app.config.jwtSecret),
  });
  return storedAnswer(stored);
}

/** A new version: 201 with its Location; a known one seen again: 200. */
export function storedAnswer(stored: StoredConfig): Reply {
  const body = { ...configVersionToApi(stored.version), created: stored.created };
  if (!stored.created) return { body };
  return created(`/api/configs/${stored.version.id}`, body);
}

function dialectOf(ctx: Ctx): RunningConfigDialect | null {
  const dialect = ctx.query.get('dialect');
  if (dialect === null || dialect === '') return null;
  if ((RUNNING_CONFIG_DIALECTS as readonly string[]).includes(dialect)) return dialect as RunningConfigDialect;
  throw validationFailed(
    [{ field: 'dialect', message: `must be one of ${RUNNING_CONFIG_DIALECTS.join(', ')}` }],
    `Name a configuration dialect: ${RUNNING_CONFIG_DIALECTS.join(', ')}.`,
  );
}

function configList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const page = pageParams(ctx);
  const { rows, total } = listConfigVersions(ctx.app.db, sw.id, page.limit, page.offset);
  return pageAnswer(rows.map(configVersionToApi), total, page);
}

function configText(ctx: Ctx): Reply {
  const version = pathRow(ctx, 'configuration version', getConfigVersion);
  return { text: getConfigVersionText(ctx.app.db, version.id) ?? '' };
}

function configDiff(ctx: Ctx): Reply {
  const version = pathRow(ctx, 'configuration version', getConfigVersion);
  const against = ctx.query.get('against');
  if (!against || !isUuid(against))
    throw validationFailed(
      [{ field: 'against', message: 'must be the id of a configuration version' }],
      'Name the version to compare with: against=<id>.',
    );
  const old = getConfigVersion(ctx.app.db, against.toLowerCase());
  if (!old) throw notFound('configuration version');
  const before = linesOf(getConfigVersionText(ctx.app.db, old.id) ?? '');
  const after = linesOf(getConfigVersionText(ctx.app.db, version.id) ?? '');
  return { text: unifiedDiff(diffLines(before, after), nameOf(old), nameOf(version)) };
}

/** A version as a diff's header names it: its number and when it came. */
function nameOf(version: ConfigVersionRow): string {
  return `version ${version.number} (${version.fetched_at})`;
}
