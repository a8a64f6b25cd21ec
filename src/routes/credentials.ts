import { randomUUID } from 'node:crypto';
import { getCredentialSet, listCredentialSets, type CredentialSetRow } from '../db/polling.ts';
import { ALLOWED_HOSTS_MAX, allowedHostEntry } from '../discovery/credential-binding.ts';
import { sealCredentialSet, publicPartOf } from '../discovery/credential-sets.ts';
import { credentialKey, type CredentialKey } from '../discovery/credentials.ts';
import type { SnmpCredentials } from '../discovery/observed.ts';
import { readCredentials } from '../discovery/snmp-input.ts';
import { createCredentialSet, removeCredentialSet, updateCredentialSet, type CredentialSetInput } from '../domain/polling.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { created } from '../http/answers.ts';
import { actorOf, pathId, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { CREDENTIAL_NAME_MAX, CREDENTIAL_SET, CREDENTIAL_SET_CREATE, CREDENTIAL_SET_UPDATE } from './schemas/credentials.ts';

/** The routes of credential sets (issue 37): SNMP credentials kept once by an admin, for polls and discoveries. */
export const CREDENTIAL_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/credentials',
    access: 'admin',
    handler: credentialSetCreate,
    body: { accepts: 'json' },
    summary:
      'Keep SNMP credentials under a name (unique in any case: 409), sealed with a key derived from APP_JWT_SECRET (400 when it is not set), ' +
      'with the hosts they may be sent to (allowedHosts: addresses, networks, host names; editors and every scheduled poll send them nowhere else). ' +
      'Never answered, logged or exported: the answer holds a v3 set’s user, protocols and context, a v2c set’s version alone. ' +
      'An activity entry, not undoable.',
    doc: { request: CREDENTIAL_SET_CREATE, response: CREDENTIAL_SET, status: 201 },
  },
  {
    method: 'GET',
    path: '/api/credentials',
    access: 'editor',
    handler: credentialSetsList,
    summary: 'Every credential set, by name, without its secrets (editors too: they choose one for a schedule).',
    doc: { response: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: CREDENTIAL_SET } } } },
  },
  {
    method: 'GET',
    path: '/api/credentials/:id',
    access: 'editor',
    handler: credentialSetGet,
    summary: 'One credential set, without its secrets.',
    doc: { response: CREDENTIAL_SET },
  },
  {
    method: 'PATCH',
    path: '/api/credentials/:id',
    access: 'admin',
    handler: credentialSetUpdate,
    body: { accepts: 'json' },
    summary:
      'Rename a credential set, replace its credentials whole (snmp) or its allowed hosts; an activity entry that says the secrets were replaced, never them.',
    doc: { request: CREDENTIAL_SET_UPDATE, response: CREDENTIAL_SET },
  },
  {
    method: 'DELETE',
    path: '/api/credentials/:id',
    access: 'admin',
    handler: credentialSetDelete,
    summary: 'Delete a credential set; 409 in_use naming the switches and sites whose polling uses it (details: one per schedule).',
    doc: { status: 204 },
  },
];

function credentialSetCreate(ctx: Ctx): Reply {
  const body = readSetBody(ctx, true);
  const id = randomUUID();
  const row = createCredentialSet(ctx.app.db, actorOf(ctx), id, sealedInput(ctx, body, id) as CredentialSetInput);
  return created(`/api/credentials/${id}`, credentialSetToApi(row));
}

function credentialSetsList(ctx: Ctx): Reply {
  return { body: { items: listCredentialSets(ctx.app.db).map(credentialSetToApi) } };
}

function credentialSetGet(ctx: Ctx): Reply {
  return { body: credentialSetToApi(pathRow(ctx, 'credential set', getCredentialSet)) };
}

function credentialSetUpdate(ctx: Ctx): Reply {
  const id = pathId(ctx, 'credential set');
  const body = readSetBody(ctx, false);
  return { body: credentialSetToApi(updateCredentialSet(ctx.app.db, actorOf(ctx), id, sealedInput(ctx, body, id))) };
}

function credentialSetDelete(ctx: Ctx): Reply {
  removeCredentialSet(ctx.app.db, actorOf(ctx), pathId(ctx, 'credential set'));
  return { status: 204 };
}

interface SetBody {
  name?: string;
  snmp?: SnmpCredentials;
  allowedHosts?: string[];
}

const SET_KEYS = new Set(['name', 'snmp', 'allowedHosts']);

// The body of a create (name and snmp required) or an update (either); 400 with every fault, never a secret's value.
function readSetBody(ctx: Ctx, creating: boolean): SetBody {
  const body = ctx.body;
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => !SET_KEYS.has(key))
    .map((key) => ({ field: key, message: 'is not a field of a credential set' }));
  const name = typeof body.name === 'string' ? body.name.trim() : undefined;
  if ((body.name !== undefined || creating) && (!name || name.length > CREDENTIAL_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)))
    faults.push({ field: 'name', message: body.name === undefined ? 'is required' : `must be 1 to ${CREDENTIAL_NAME_MAX} characters` });
  if (creating && body.snmp === undefined) faults.push({ field: 'snmp', message: 'is required' });
  const snmp = body.snmp === undefined ? undefined : readCredentials(body.snmp, faults);
  if (creating && body.allowedHosts === undefined) faults.push({ field: 'allowedHosts', message: 'is required' });
  const allowedHosts = body.allowedHosts === undefined ? undefined : readAllowedHosts(body.allowedHosts, faults);
  if (!creating && Object.keys(body).length === 0) faults.push({ field: 'body', message: 'must change name, snmp or allowedHosts' });
  if (faults.length) throw validationFailed(faults, 'The credential set is invalid.');
  if (snmp && !ctx.app.config.jwtSecret)
    throw validationFailed([
      { field: 'snmp', message: 'cannot be kept: APP_JWT_SECRET is not set, and they would not open after a restart' },
    ]);
  return { name, snmp, allowedHosts };
}

// The hosts a set may be sent to: 1 to ALLOWED_HOSTS_MAX addresses, networks or host names, each stored canonical.
function readAllowedHosts(value: unknown, faults: FieldFault[]): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > ALLOWED_HOSTS_MAX) {
    faults.push({ field: 'allowedHosts', message: `must be a list of 1 to ${ALLOWED_HOSTS_MAX} addresses, networks or host names` });
    return undefined;
  }
  const entries = value.map((text, index) => {
    const entry = typeof text === 'string' ? allowedHostEntry(text) : undefined;
    if (entry === undefined)
      faults.push({
        field: `allowedHosts[${index}]`,
        message: 'must be an IP address, a network (10.20.0.0/16) or a host name (*.example.net)',
      });
    return entry;
  });
  return [...new Set(entries.filter((entry) => entry !== undefined))];
}

function sealedInput(ctx: Ctx, body: SetBody, id: string): Partial<CredentialSetInput> {
  const sealed = body.snmp && sealCredentialSet(keyOf(ctx), body.snmp, id);
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.allowedHosts === undefined ? {} : { allowed_hosts: JSON.stringify(body.allowedHosts) }),
    ...(body.snmp && sealed
      ? { version: body.snmp.version, details: JSON.stringify(publicPartOf(body.snmp)), nonce: sealed.nonce, sealed: sealed.sealed }
      : {}),
  };
}

function keyOf(ctx: Ctx): CredentialKey {
  return credentialKey(ctx.app.config.jwtSecret);
}

/** A credential set as the API answers it: never its secrets. */
function credentialSetToApi(row: CredentialSetRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    ...(JSON.parse(row.details) as Record<string, string>),
    allowedHosts: JSON.parse(row.allowed_hosts) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
