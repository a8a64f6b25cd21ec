import {
  configVersionToApi,
  getConfigVersion,
  getConfigVersionText,
  listConfigVersions,
  type ConfigVersionRow,
} from '../db/config-versions.ts';
import { writeTurn } from '../db/open.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { configMaskKey, storeConfigVersion, type StoredConfig } from '../domain/config-versions.ts';
import { fetchConfigOver, type SshCredentials } from '../discovery/fetch-config.ts';
import type { Target } from '../discovery/target.ts';
import { notFound, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { dialectOfVendor } from '../lib/config-dialect.ts';
import { created, pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';
import { diffLines, linesOf, unifiedDiff } from '../lib/line-diff.ts';
import { RUNNING_CONFIG_DIALECTS, type RunningConfigDialect } from '../switch-config/read-running.ts';
import { CONFIG_BODY_LIMIT, CONFIG_FETCH_REQUEST, CONFIG_STORED, CONFIG_VERSION, SSH_LIMITS } from './schemas/config-versions.ts';

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
    method: 'POST',
    path: '/api/switches/:id/configs/fetch',
    access: 'editor',
    handler: configFetch,
    body: { accepts: 'json' },
    summary:
      "Fetch the switch's running configuration over SSH and store it as an upload is stored (201 new version, 200 seen again). " +
      'Per dialect, paging off and then its show command (IOS, NX-OS, Aruba CX: `terminal length 0` / `no page`, then ' +
      '`show running-config`; EOS `show running-config | no-more`; Junos `show configuration` on an exec channel). The host must ' +
      'be allowed by DISCOVERY_ALLOW (403 host_not_allowed); the whole fetch is bounded by DISCOVERY_TIMEOUT_MS (504 device_timeout); ' +
      'a refused login, a closed connection, a refused command: 502 device_error. Nothing is stored on a failure, and the ' +
      'credentials never are. The host key is not checked.',
    doc: { request: CONFIG_FETCH_REQUEST, response: CONFIG_STORED, status: 201 },
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

async function configFetch(ctx: Ctx): Promise<Reply> {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const request = fetchRequestOf(ctx.body, sw);
  const text = await fetchConfigOver(ctx.app, request.target, request.credentials, request.dialect, CONFIG_BODY_LIMIT);
  // The fetch took its time: this write waits for its turn again, as a discovery's does.
  await writeTurn(ctx.app.db);
  // The switch may have been deleted while its configuration came.
  const current = getSwitch(ctx.app.db, sw.id);
  if (!current) throw notFound('switch');
  const stored = storeConfigVersion(ctx.app.db, actorOf(ctx), current, {
    text,
    source: 'ssh',
    dialect: request.dialect,
    maskKey: configMaskKey(ctx.app.config.jwtSecret),
  });
  return storedAnswer(stored);
}

/** The fetch's target, credentials and dialect, from the body and the switch; 400 naming each fault. */
function fetchRequestOf(body: unknown, sw: SwitchRow): { target: Target; credentials: SshCredentials; dialect: RunningConfigDialect } {
  const faults: FieldFault[] = [];
  const input = isPlainObject(body) ? body : {};
  if (!isPlainObject(body)) faults.push({ field: 'body', message: 'must be an object' });
  for (const key of Object.keys(input))
    if (!['host', 'port', 'dialect', 'credentials'].includes(key)) faults.push({ field: key, message: 'is not known' });
  const host = input.host === undefined ? (sw.management_ip ?? undefined) : input.host;
  if (host === undefined) faults.push({ field: 'host', message: 'is required: the switch has no management IP' });
  else if (typeof host !== 'string' || host.trim() === '' || host.length > SSH_LIMITS.host || /[\s/@]/.test(host.trim()))
    faults.push({ field: 'host', message: 'must be an address or a host name' });
  const port = input.port ?? 22;
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535)
    faults.push({ field: 'port', message: 'must be a whole number from 1 to 65535' });
  const dialect = input.dialect ?? dialectOfVendor(sw.vendor);
  if (dialect === undefined)
    faults.push({ field: 'dialect', message: `is required: the switch's vendor names none (${RUNNING_CONFIG_DIALECTS.join(', ')})` });
  else if (!(RUNNING_CONFIG_DIALECTS as readonly unknown[]).includes(dialect))
    faults.push({ field: 'dialect', message: `must be one of ${RUNNING_CONFIG_DIALECTS.join(', ')}` });
  const credentials = credentialsOf(input.credentials, faults);
  if (faults.length > 0) throw validationFailed(faults, 'The fetch cannot be made as asked.');
  return {
    target: { host: (host as string).trim().replace(/^\[(.*)\]$/, '$1'), port: port as number },
    credentials: credentials!,
    dialect: dialect as RunningConfigDialect,
  };
}

function credentialsOf(value: unknown, faults: FieldFault[]): SshCredentials | undefined {
  if (!isPlainObject(value)) {
    faults.push({ field: 'credentials', message: 'is required: an object with username and a password or privateKey' });
    return undefined;
  }
  const credentials: SshCredentials = { username: '' };
  const limits: Record<string, number> = {
    username: SSH_LIMITS.username,
    password: SSH_LIMITS.password,
    privateKey: SSH_LIMITS.privateKey,
    passphrase: SSH_LIMITS.password,
  };
  for (const [key, text] of Object.entries(value)) {
    const limit = limits[key];
    if (limit === undefined) faults.push({ field: `credentials.${key}`, message: 'is not known' });
    else if (typeof text !== 'string' || text === '' || text.length > limit)
      faults.push({ field: `credentials.${key}`, message: `must be text of 1 to ${limit} characters` });
    else credentials[key as keyof SshCredentials] = text;
  }
  if (value.username === undefined) faults.push({ field: 'credentials.username', message: 'is required' });
  if (value.password === undefined && value.privateKey === undefined)
    faults.push({ field: 'credentials.password', message: 'or privateKey is required' });
  return credentials;
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
