// The body of POST and PATCH /api/webhooks checked: each fault at its field, the URL by allowed-url.ts.
import type { LookupAll } from '../discovery/allowed-target.ts';
import type { Db } from '../db/open.ts';
import { getSite } from '../db/sites.ts';
import { WEBHOOK_FORMATS, type WebhookFormat } from '../db/webhooks.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';
import { urlFault } from './allowed-url.ts';
import { patternFault } from './patterns.ts';

/** A subscription's fields as a request gives them; on PATCH, those it names. */
export interface SubscriptionInput {
  name?: string;
  url?: string;
  secret?: string;
  enabled?: boolean;
  events?: string[];
  siteIds?: string[] | null;
  format?: WebhookFormat;
}

const FIELDS = ['name', 'url', 'secret', 'enabled', 'events', 'siteIds', 'format'];
const REQUIRED = ['name', 'url', 'secret', 'events'];
const MAX_PATTERNS = 50;
const SECRET_CHARS = { min: 16, max: 200 };

/** The body checked (`whole`: a POST, which names every required field); 400 naming each fault. */
export async function subscriptionInput(
  db: Db,
  body: unknown,
  whole: boolean,
  allow: readonly string[],
  lookup?: LookupAll,
): Promise<SubscriptionInput> {
  if (!isPlainObject(body)) throw validationFailed([{ field: '', message: 'must be a JSON object' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => !FIELDS.includes(key))
    .map((key) => ({ field: key, message: 'is not a field of webhook' }));
  if (whole) for (const key of REQUIRED) if (body[key] === undefined) faults.push({ field: key, message: 'is required' });
  const input = body as SubscriptionInput;
  const fault = (field: string, message: string | undefined) => message !== undefined && faults.push({ field, message });
  if (input.name !== undefined) fault('name', textFault(input.name, 1, 100));
  if (input.secret !== undefined) fault('secret', textFault(input.secret, SECRET_CHARS.min, SECRET_CHARS.max));
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') fault('enabled', 'must be true or false');
  if (input.format !== undefined && !WEBHOOK_FORMATS.includes(input.format))
    fault('format', `must be one of ${WEBHOOK_FORMATS.join(', ')}`);
  if (input.events !== undefined) faults.push(...eventsFaults(input.events));
  if (input.siteIds !== undefined && input.siteIds !== null) faults.push(...siteFaults(db, input.siteIds));
  if (input.url !== undefined) fault('url', typeof input.url === 'string' ? await urlFault(input.url, allow, lookup) : 'must be a text');
  if (faults.length > 0) throw validationFailed(faults);
  return { ...input, name: input.name?.trim() };
}

function textFault(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return 'must be a text';
  const length = value.trim().length;
  return length < min || length > max ? `must be ${min} to ${max} characters` : undefined;
}

function eventsFaults(events: unknown): FieldFault[] {
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_PATTERNS)
    return [{ field: 'events', message: `must be a list of 1 to ${MAX_PATTERNS} event patterns` }];
  const faults = events.map((pattern, index) => ({ field: `events[${index}]`, message: patternFault(pattern) }));
  if (new Set(events).size !== events.length) faults.push({ field: 'events', message: 'names a pattern twice' });
  return faults.filter((fault): fault is FieldFault => fault.message !== undefined);
}

function siteFaults(db: Db, siteIds: unknown): FieldFault[] {
  if (!Array.isArray(siteIds) || siteIds.length === 0 || siteIds.length > 1000)
    return [{ field: 'siteIds', message: 'must be null (every site) or a list of 1 to 1000 site ids' }];
  return siteIds.flatMap((id, index) =>
    isUuid(id) && getSite(db, id.toLowerCase()) ? [] : [{ field: `siteIds[${index}]`, message: 'names no site' }],
  );
}
