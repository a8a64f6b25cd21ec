import { checkValue, type Field } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { isPasswordHash, PASSWORD_HASH_RULE } from '../lib/password.ts';
import { addFault, compareText, dropUnknown, idKey, keepDate, newIdOf, type CheckContext, type Entry } from './context.ts';
import type { ApiRecord, LegacyKind } from './types.ts';

const USER_KNOWN = new Set(['id', 'username', 'passwordHash', 'role']);
const USERNAME: Field = USER.fields.find((field) => field.name === 'username')!;
const ROLE: Field = USER.fields.find((field) => field.name === 'role')!;

const ACTIVITY_KNOWN = new Set(['id', 'timestamp', 'user', 'action', 'entity', 'entityId', 'message']);
const LEGACY_ACTIONS = ['create', 'update', 'delete'] as const;
const ENTITY_KINDS: Record<string, LegacyKind> = { site: 'sites', network: 'networks', switch: 'switches' };
/** What an entry of a legacy kind is about now: a 0.20.x network is a VLAN. */
const ENTITY_TYPES: Record<string, string> = { site: 'site', network: 'vlan', switch: 'switch' };
const VERBS: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** Users in the shape of a backup's users: username and role checked with the API's rules, a `$scrypt$` hash. */
export function checkUsers(ctx: CheckContext, entries: Entry[]): ApiRecord[] {
  const file = 'users.json';
  const seen = new Map<string, string>();
  return entries.map((entry) => {
    const { raw } = entry;
    dropUnknown(ctx, file, raw, USER_KNOWN);
    const username = checked(ctx, entry, 'username', USERNAME, raw.username);
    const role = raw.role === undefined || raw.role === null ? 'admin' : checked(ctx, entry, 'role', ROLE, raw.role);
    if (raw.passwordHash === undefined || raw.passwordHash === null) addFault(ctx, file, entry, 'passwordHash', 'is required');
    else if (!isPasswordHash(raw.passwordHash)) addFault(ctx, file, entry, 'passwordHash', PASSWORD_HASH_RULE);
    if (typeof username === 'string') {
      const other = seen.get(username.toLowerCase());
      if (other !== undefined) addFault(ctx, file, entry, 'username', `is the username of user ${other} too`);
      else seen.set(username.toLowerCase(), entry.key ?? `#${entry.index + 1}`);
    }
    return {
      id: newIdOf(ctx, 'users', entry),
      username,
      role,
      disabled: false,
      passwordHash: raw.passwordHash,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      lastLoginAt: null,
    };
  });
}

function checked(ctx: CheckContext, entry: Entry, name: string, field: Field, value: unknown): unknown {
  if (value === undefined || value === null) {
    addFault(ctx, 'users.json', entry, name, 'is required');
    return undefined;
  }
  const result = checkValue(field, value);
  if (!result.ok) addFault(ctx, 'users.json', entry, name, result.message);
  return result.ok ? result.value : undefined;
}

/** The migrated records an activity entry may point at, by new id. */
export interface ActivityTargets {
  byKind: Record<string, Map<string, ApiRecord>>;
  userIds: Map<string, string>;
}

/** Builds the lookups the activity check needs from the checked records. */
export function activityTargets(sites: ApiRecord[], vlans: ApiRecord[], switches: ApiRecord[], users: ApiRecord[]): ActivityTargets {
  const byId = (records: ApiRecord[]) => new Map(records.map((record) => [record.id, record]));
  return {
    byKind: { sites: byId(sites), networks: byId(vlans), switches: byId(switches) },
    userIds: new Map(
      users.filter((user) => typeof user.username === 'string').map((user) => [(user.username as string).toLowerCase(), user.id]),
    ),
  };
}

/**
 * Activity entries as ordinary entries, oldest first: action and entity kept, the entity remapped, or null
 * with the legacy id in the summary when it no longer exists; never undoable.
 */
export function checkActivity(ctx: CheckContext, entries: Entry[], targets: ActivityTargets): ApiRecord[] {
  const activity = entries.map((entry) => checkEntry(ctx, entry, targets));
  activity.sort((a, b) => (a.at as string).localeCompare(b.at as string));
  // Written in this order: their ids ascend in it too (see ascendingUuids).
  const ids = activity.map((entry) => entry.id).sort(compareText);
  activity.forEach((entry, i) => {
    entry.id = ids[i];
  });
  return activity;
}

function checkEntry(ctx: CheckContext, entry: Entry, targets: ActivityTargets): ApiRecord {
  const { raw } = entry;
  dropUnknown(ctx, 'activity.json', raw, ACTIVITY_KNOWN);
  if (raw.timestamp === undefined || raw.timestamp === null) addFault(ctx, 'activity.json', entry, 'timestamp', 'is required');
  const at = keepDate(ctx, 'activity.json', entry, 'timestamp', ctx.now);
  const username = text(ctx, entry, 'user');
  const action = oneOf(ctx, entry, 'action', LEGACY_ACTIONS) ?? 'update';
  const entityType = oneOf(ctx, entry, 'entity', Object.keys(ENTITY_KINDS));
  const { key, record } = entityOf(ctx, entry, entityType, targets);
  const verb = `${VERBS[action]} ${entityType ?? 'record'}`;
  let summary = text(ctx, entry, 'message') ?? (record ? `${verb} ${String(record.name)}` : verb);
  if (key !== undefined && !record) summary += entityType ? ` (legacy ${entityType} id ${key}, no longer exists)` : ` (legacy id ${key})`;
  return {
    id: newIdOf(ctx, 'activity', entry),
    at,
    userId: username ? (targets.userIds.get(username.toLowerCase()) ?? null) : null,
    username: username ?? null,
    action,
    entityType: entityType ? ENTITY_TYPES[entityType] : null,
    entityId: record?.id ?? null,
    entityName: (record?.name as string | undefined) ?? null,
    siteId: record ? (entityType === 'site' ? record.id : (record.siteId ?? null)) : null,
    summary,
    changes: null,
    undoable: false,
    undoneBy: null,
    undoOf: null,
  };
}

/** The legacy id an entry names, and the migrated record it stands for when that still exists. */
function entityOf(
  ctx: CheckContext,
  entry: Entry,
  entityType: string | undefined,
  targets: ActivityTargets,
): { key?: string; record?: ApiRecord } {
  const value = entry.raw.entityId;
  if (value === undefined || value === null) return {};
  const key = idKey(value);
  if (key === undefined) {
    addFault(ctx, 'activity.json', entry, 'entityId', 'must be the id of a site, network or switch');
    return {};
  }
  if (!entityType) return { key };
  const kind = ENTITY_KINDS[entityType];
  const id = ctx.ids[kind].get(key);
  return { key, record: id === undefined ? undefined : targets.byKind[kind].get(id) };
}

function text(ctx: CheckContext, entry: Entry, field: string): string | undefined {
  const value = entry.raw[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    addFault(ctx, 'activity.json', entry, field, 'must be a string');
    return undefined;
  }
  return value.trim() || undefined;
}

function oneOf<T extends string>(ctx: CheckContext, entry: Entry, field: string, values: readonly T[]): T | undefined {
  const value = text(ctx, entry, field);
  if (value === undefined) return undefined;
  if (values.includes(value as T)) return value as T;
  addFault(ctx, 'activity.json', entry, field, `must be one of ${values.join(', ')}`);
  return undefined;
}
