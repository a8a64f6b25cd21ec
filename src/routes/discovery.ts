import { randomUUID } from 'node:crypto';
import {
  getDiscovery,
  listDiscoveries,
  listFdb,
  switchCredentials,
  type DiscoveryRow,
  type ListedDiscoveryRow,
} from '../db/discoveries.ts';
import { getConfigVersion, getConfigVersionText } from '../db/config-versions.ts';
import { writeTurn, type Db } from '../db/open.ts';
import { getCredentialSet } from '../db/polling.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { applyDiscovery } from '../discovery/apply.ts';
import { agentText, mayUseCredentialSet, mayUseKeptCredentials } from '../discovery/credential-binding.ts';
import { credentialKey, openCredentials, type CredentialKey } from '../discovery/credentials.ts';
import { recordDiscovery } from '../discovery/discover.ts';
import { readObserved } from '../discovery/read-observed.ts';
import { readCredentials } from '../discovery/snmp-input.ts';
import { allowedHostsOf, credentialSetSecrets } from '../discovery/credential-sets.ts';
import { parseTarget, type Target } from '../discovery/target.ts';
import type { SnmpCredentials } from '../discovery/observed.ts';
import { HttpError, notFound, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { dialectOfVendor } from '../lib/config-dialect.ts';
import { readRunningConfig, RUNNING_CONFIG_DIALECTS, type RunningConfigDialect } from '../switch-config/running-config.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';
import { created, pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, pathId, pathRow, uuidFilter } from '../http/request.ts';
import type { App, Ctx, Reply, Route } from '../http/route.ts';
import {
  APPLIED,
  APPLY_REQUEST,
  DISCOVERY,
  DISCOVERY_REQUEST,
  FDB_ENTRY,
  LISTED_DISCOVERY,
  MAX_KEYS,
  SNMP_LIMITS,
} from './schemas/discovery.ts';

/** The routes of SNMP discovery (docs/DISCOVERY.md): read a switch, propose, apply; and the MAC tables kept. */
export const DISCOVERY_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/discovery',
    access: 'editor',
    handler: discoveryCreate,
    body: { accepts: 'json' },
    summary:
      'Read a switch over SNMP (within DISCOVERY_TIMEOUT_MS: 504 device_timeout; an agent that refuses or answers no SNMP: ' +
      '502 device_error) and answer its discovery: every difference between the documentation and the switch as proposal items ' +
      '(nothing documented changes). ' +
      'A documented switch (switchId) keeps the MAC and ARP tables read; remember: true keeps the credentials, sealed, for that host and port, ' +
      'so that a later discovery of the switch there may leave snmp out; leaving it out for another host or port is 403 credentials_bound_to_host ' +
      'unless the caller is an admin. Credentials are never answered, logged or exported. Every address the host has must be allowed by ' +
      'DISCOVERY_ALLOW (by default all but link-local and cloud metadata addresses): 403 host_not_allowed, nothing sent. Unknown site or switch: 404.',
    doc: { request: DISCOVERY_REQUEST, response: DISCOVERY, status: 201 },
  },
  {
    method: 'GET',
    path: '/api/discovery',
    access: 'viewer',
    handler: discoveriesList,
    summary: 'Past discoveries, newest first, filtered by switch or site; each with the number of its proposal items.',
    doc: {
      response: pageSchema(LISTED_DISCOVERY),
      query: [
        { name: 'switchId', schema: { type: 'string', format: 'uuid' } },
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        ...PAGE_QUERY_DOC,
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/discovery/:id',
    access: 'viewer',
    handler: discoveryGet,
    summary: 'One discovery with its proposal.',
    doc: { response: DISCOVERY },
  },
  {
    method: 'POST',
    path: '/api/discovery/:id/apply',
    access: 'editor',
    handler: discoveryApply,
    body: { accepts: 'json' },
    summary:
      'Apply the chosen items of a discovery (each with the items it requires: 400 otherwise) in one transaction and one undoable activity entry. ' +
      'A key not in its proposal: 400; applied already: 409 already_applied; documented data changed since for a chosen item: ' +
      '409 discovery_stale naming those keys.',
    doc: { request: APPLY_REQUEST, response: APPLIED },
  },
  {
    method: 'POST',
    path: '/api/configs/:id/discovery',
    access: 'editor',
    handler: configDiscoveryCreate,
    summary:
      "Answer a discovery of the version's switch read from the stored running configuration instead of over SNMP (issue 38): " +
      'the same proposal, review and apply. Read in the version’s dialect, else ?dialect=, else the one of the switch’s vendor ' +
      '(400 when none is known). Lines the reader does not know are counted in the notes, never a failure. The switch keeps its ' +
      'MAC and ARP tables and its history (a configuration has neither). Unknown version: 404.',
    doc: {
      query: [
        { name: 'dialect', schema: { type: 'string', enum: [...RUNNING_CONFIG_DIALECTS] }, description: 'When the version names none.' },
      ],
      response: DISCOVERY,
      status: 201,
    },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/fdb',
    access: 'viewer',
    handler: switchFdbList,
    summary:
      "The MAC addresses the switch's last discovery saw on its access ports (not on trunks, LAGs or links to other switches), by port, " +
      'with the IP addresses kept ARP tables give them.',
    doc: { response: pageSchema(FDB_ENTRY), query: PAGE_QUERY_DOC },
  },
];

async function discoveryCreate(ctx: Ctx): Promise<Reply> {
  const db = ctx.app.db;
  const body = readDiscoveryBody(ctx.body);
  const switchId = documentedSwitchOf(db, body);
  const key = keyOf(ctx.app);
  if (body.remember && !key)
    throw validationFailed([
      { field: 'remember', message: 'cannot keep credentials: APP_JWT_SECRET is not set, and they would not open after a restart' },
    ]);
  const credentials =
    body.snmp ?? keptSetCredentials(ctx, body.credentialId, key, body.target) ?? rememberedCredentials(ctx, switchId, key, body.target);
  if (!credentials)
    throw validationFailed([
      { field: 'snmp', message: switchId ? 'is required: no credentials are remembered for this switch' : 'is required' },
    ]);
  const observed = await readObserved(ctx.app, body.target, credentials);
  // The read took its time: this write waits for its turn again, as it did before it.
  await writeTurn(db);
  const id = randomUUID();
  const row = recordDiscovery(db, {
    id,
    scope: { siteId: body.siteId, switchId, host: body.target.host },
    hostText: body.host,
    observed,
    observedAt: new Date().toISOString(),
    createdBy: ctx.user?.id ?? null,
    remember: body.remember && key ? { credentials, boundTo: body.target, key } : undefined,
  });
  if (!row) throw new HttpError(404, 'not_found', 'The site or the switch was deleted while the switch was read.');
  return created(`/api/discovery/${id}`, discoveryToApi(row));
}

function configDiscoveryCreate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const version = pathRow(ctx, 'configuration version', getConfigVersion);
  const sw = getSwitch(db, version.switch_id);
  if (!sw) throw notFound('switch');
  const dialect = version.dialect ?? ctx.query.get('dialect') ?? dialectOfVendor(sw.vendor);
  if (!dialect || !(RUNNING_CONFIG_DIALECTS as readonly string[]).includes(dialect))
    throw validationFailed(
      [{ field: 'dialect', message: `must be one of ${RUNNING_CONFIG_DIALECTS.join(', ')}` }],
      'Name the dialect the configuration is written in: the version and the switch’s vendor name none.',
    );
  const reading = readRunningConfig(getConfigVersionText(db, version.id) ?? '', dialect as RunningConfigDialect);
  const notes = reading.unknownLines > 0 ? [`${reading.unknownLines} lines of the configuration were not read into the model.`] : [];
  const id = randomUUID();
  const row = recordDiscovery(db, {
    id,
    scope: { siteId: sw.site_id, switchId: sw.id, host: sw.management_ip ?? sw.name },
    hostText: `configuration ${version.number}`,
    observed: { ...reading.observed, notes: [...reading.observed.notes, ...notes] },
    observedAt: new Date().toISOString(),
    createdBy: ctx.user?.id ?? null,
    tables: false,
  });
  if (!row) throw notFound('switch');
  return created(`/api/discovery/${id}`, discoveryToApi(row));
}

function discoveriesList(ctx: Ctx): Reply {
  const filter = { switchId: uuidFilter(ctx, 'switchId'), siteId: uuidFilter(ctx, 'siteId') };
  const { limit, offset } = pageParams(ctx);
  const { rows, total } = listDiscoveries(ctx.app.db, filter, limit, offset);
  return pageAnswer(rows.map(discoveryToApi), total, { limit, offset });
}

function discoveryGet(ctx: Ctx): Reply {
  return { body: discoveryToApi(pathRow(ctx, 'discovery', getDiscovery)) };
}

function discoveryApply(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const id = pathId(ctx, 'discovery');
  const { keys, drift } = readApply(ctx.body);
  // An unknown id: applyDiscovery refuses it as not_found (404) inside its transaction.
  const { entry, switchId } = applyDiscovery(db, id, keys, actorOf(ctx), keyOf(ctx.app), { drift });
  return { body: { discovery: discoveryToApi(getDiscovery(db, id)!), activityId: entry.id, switchId } };
}

function switchFdbList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const { limit, offset } = pageParams(ctx);
  const { rows, total } = listFdb(ctx.app.db, sw.id, limit, offset);
  const items = rows.map((row) => ({
    mac: row.mac,
    vlan: row.vlan,
    portId: row.port_id,
    portName: row.port_name,
    seenAt: row.seen_at,
    ips: JSON.parse(row.ips) as string[],
  }));
  return pageAnswer(items, total, { limit, offset });
}

// ---- The body of a discovery ----

interface DiscoveryBody {
  siteId: string;
  host: string;
  target: Target;
  switchId: string | null;
  snmp: SnmpCredentials | undefined;
  credentialId: string | undefined;
  remember: boolean;
}

const BODY_KEYS = new Set(['siteId', 'host', 'switchId', 'snmp', 'credentialId', 'remember']);

/** The body of POST /api/discovery, checked whole (400 with every fault). */
function readDiscoveryBody(body: unknown): DiscoveryBody {
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => !BODY_KEYS.has(key))
    .map((key) => ({ field: key, message: 'is not a field of a discovery' }));
  if (!isUuid(body.siteId)) faults.push({ field: 'siteId', message: body.siteId === undefined ? 'is required' : 'must be an id (a UUID)' });
  if (body.switchId !== undefined && body.switchId !== null && !isUuid(body.switchId))
    faults.push({ field: 'switchId', message: 'must be an id (a UUID)' });
  const host = typeof body.host === 'string' ? body.host.trim() : '';
  const target = host.length <= SNMP_LIMITS.host ? parseTarget(host) : undefined;
  if (!target)
    faults.push({
      field: 'host',
      message:
        body.host === undefined ? 'is required' : 'must be an IP address or a host name, with :port when not 161 ([2001:db8::1]:1161)',
    });
  if (body.remember !== undefined && typeof body.remember !== 'boolean')
    faults.push({ field: 'remember', message: 'must be true or false' });
  const snmp = body.snmp === undefined || body.snmp === null ? undefined : readCredentials(body.snmp, faults);
  if (body.remember === true && body.snmp == null) faults.push({ field: 'remember', message: 'needs snmp: the credentials to remember' });
  if (body.credentialId !== undefined && !isUuid(body.credentialId))
    faults.push({ field: 'credentialId', message: 'must be the id (a UUID) of a credential set' });
  else if (body.credentialId !== undefined && body.snmp != null)
    faults.push({ field: 'credentialId', message: 'cannot be given with snmp' });
  if (faults.length) throw validationFailed(faults, 'The discovery request is invalid.');
  return {
    siteId: (body.siteId as string).toLowerCase(),
    host,
    target: target!,
    switchId: isUuid(body.switchId) ? body.switchId.toLowerCase() : null,
    snmp,
    credentialId: isUuid(body.credentialId) ? body.credentialId.toLowerCase() : undefined,
    remember: body.remember === true,
  };
}

/** The documented switch the body names (null for none): 404 for a site or switch that does not exist, 400 for one of another site. */
function documentedSwitchOf(db: Db, body: DiscoveryBody): string | null {
  if (!getSite(db, body.siteId)) throw notFound('site');
  if (body.switchId === null) return null;
  const sw = getSwitch(db, body.switchId);
  if (!sw) throw notFound('switch');
  if (sw.site_id !== body.siteId)
    throw validationFailed([{ field: 'switchId', message: `switch ${sw.name} is at another site than siteId` }]);
  return sw.id;
}

/** The key that seals remembered credentials; none without APP_JWT_SECRET (a random secret does not outlive the process). */
function keyOf(app: App): CredentialKey | undefined {
  return app.config.jwtSecret ? credentialKey(app.config.jwtSecret) : undefined;
}

/** The secrets of the credential set named (404 for none); undefined when none is named. */
function keptSetCredentials(
  ctx: Ctx,
  credentialId: string | undefined,
  key: CredentialKey | undefined,
  target: Target,
): SnmpCredentials | undefined {
  if (credentialId === undefined) return undefined;
  const set = getCredentialSet(ctx.app.db, credentialId);
  if (set && !mayUseCredentialSet(allowedHostsOf(set), target, ctx.user?.role)) throw setNotForHost(set.name, target);
  return credentialSetSecrets(ctx.app.db, key, credentialId);
}

/** The credentials remembered for the switch; 403 credentials_bound_to_host where the caller may not send them to `target`. */
function rememberedCredentials(
  ctx: Ctx,
  switchId: string | null,
  key: CredentialKey | undefined,
  target: Target,
): SnmpCredentials | undefined {
  if (!switchId || !key) return undefined;
  const sealed = switchCredentials(ctx.app.db, switchId);
  const kept = sealed && openCredentials(key, sealed, switchId);
  if (!kept) return undefined;
  if (!mayUseKeptCredentials(kept.boundTo ? [kept.boundTo] : [], target, ctx.user?.role)) throw boundElsewhere(kept.boundTo, target);
  return kept.credentials;
}

function setNotForHost(name: string, target: Target): HttpError {
  return new HttpError(
    403,
    'credentials_bound_to_host',
    `The credential set ${name} may not be sent to ${agentText(target)}: it goes only to the hosts it allows unless an admin sends it.`,
  );
}

function boundElsewhere(boundTo: Target | null, target: Target): HttpError {
  const bound = boundTo
    ? `for ${agentText(boundTo)}, not ${agentText(target)}`
    : 'bound to no host (they were remembered before credentials were)';
  return new HttpError(
    403,
    'credentials_bound_to_host',
    `The SNMP credentials remembered for this switch are ${bound}: give snmp to read it there (with remember: true to keep them for it), or ask an admin.`,
  );
}

// ---- Answers ----

/** A discovery as the API answers it: never its credentials or what it keeps for applying. */
function discoveryToApi(row: DiscoveryRow | ListedDiscoveryRow) {
  return {
    id: row.id,
    siteId: row.site_id,
    switchId: row.switch_id,
    newSwitch: row.for_new_switch === 1,
    host: row.host,
    observedAt: row.observed_at,
    createdBy: row.created_by,
    agentId: row.agent_id ?? null,
    system: JSON.parse(row.system) as unknown,
    notes: JSON.parse(row.notes) as string[],
    appliedAt: row.applied_at,
    appliedKeys: row.applied_keys === null ? null : (JSON.parse(row.applied_keys) as string[]),
    activityId: row.activity_id,
    ...('proposal' in row
      ? { proposal: JSON.parse(row.proposal) as unknown }
      : { proposalCount: row.proposal_count, credentialsRemembered: row.credentials_remembered === 1 }),
  };
}

function readApply(body: unknown): { keys: string[]; drift: boolean } {
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object { keys: [...] }' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => key !== 'keys' && key !== 'drift')
    .map((key) => ({ field: key, message: 'is not a field of an apply: only keys and drift' }));
  if (body.drift !== undefined && typeof body.drift !== 'boolean') faults.push({ field: 'drift', message: 'must be true or false' });
  const keys = body.keys;
  if (!Array.isArray(keys)) faults.push({ field: 'keys', message: keys === undefined ? 'is required' : 'must be a list of keys' });
  else if (keys.length === 0 || keys.length > MAX_KEYS)
    faults.push({ field: 'keys', message: `must name 1 to ${MAX_KEYS} keys of the proposal` });
  else {
    const seen = new Set<string>();
    keys.forEach((key, i) => {
      if (typeof key !== 'string' || key === '') faults.push({ field: `keys[${i}]`, message: 'must be a key of the proposal' });
      else if (seen.has(key)) faults.push({ field: `keys[${i}]`, message: 'is named twice' });
      else seen.add(key);
    });
  }
  if (faults.length) throw validationFailed(faults, 'The apply request is invalid.');
  return { keys: keys as string[], drift: body.drift === true };
}
