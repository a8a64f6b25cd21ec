// Checks a whole db-v1 document (restore and merge) before anything changes: every record's fields
// (validateInput with a `data.<kind>[i].` prefix), the rules of each kind (fields/record-rules.ts), every reference inside
// the document and every uniqueness rule the schema holds, each fault with its path. A document of model 1
// (0.26.0: no schemaVersion, or one below 6) is converted first (model1.ts), and then checked as any other:
// its faults name the converted document's paths (a model-1 network i is `data.vlans[i]`).
import { ACTIONS, ACTIVITY_ENTRY_FIELDS, type ActivityRow } from '../db/activity.ts';
import type { AcknowledgementRow } from '../db/drift.ts';
import { DOCUMENT_KINDS, type Counts, type DocumentKind } from '../db/read/backup.ts';
import {
  KIND_OF,
  KIND_ORDER,
  KIND_PLURALS,
  perPlural,
  RESOURCES,
  undoDataFaults,
  type Kind,
  type KindPlural,
  type StoredRecord,
} from '../db/images.ts';
import { NO_PASSWORD_HASH, type StoredUser } from '../db/users.ts';
import { checkValue, columnFields, isPlainObject, isUuid, validateInput, type Field } from '../fields/field.ts';
import { RECORD_RULES, type LagRuleContext, type RecordLookups, type RuleContext } from '../fields/record-rules.ts';
import { refusalOf, type Rule, ruleFault, type RuleFault, RULES } from '../fields/rules.ts';
import { USER } from '../fields/users.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { getOrMake } from '../lib/memo.ts';
import { isPasswordHash, PASSWORD_HASH_RULE } from '../lib/password.ts';
import { checkTemplateUnits } from '../lib/port-layout.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { ipamFault, ipamFindings } from './ipam.ts';
import { convertModel1Data, isModel1Document, type Model1Conversion } from './model1.ts';
import { checkAcknowledgements } from './acknowledgements.ts';
import { checkSchedules, type DocumentSchedule } from './polling-schedules.ts';

/** The schema name of the backup document. */
const DOCUMENT_SCHEMA = 'db-v1';

/** An activity entry of a document, checked, as it will be stored (seq aside), with the entities it touched. */
export interface StoredActivity {
  row: Omit<ActivityRow, 'seq'>;
  touched: { type: string; id: string }[];
}

/** A checked document: every record normalised, ids and references consistent; its inventory by plural (`switches`). */
export type CheckedDocument = Record<KindPlural, StoredRecord[]> & {
  exportedAt: string | null;
  users: StoredUser[];
  activity: StoredActivity[];
  /** Acknowledged drift findings (configuration; not counted). */
  driftAcknowledgements: AcknowledgementRow[];
  /** Polling schedules of its switches and sites (configuration; not counted): import/polling-schedules.ts. */
  pollingSchedules: DocumentSchedule[];
  /** What the conversion of a model-1 (0.26.0) document did; undefined for a document of model 2. */
  converted?: Model1Conversion;
};

/** The counts of a checked document. */
export function countsOf(doc: CheckedDocument): Counts {
  const counts = {} as Counts;
  for (const kind of DOCUMENT_KINDS) counts[kind] = doc[kind].length;
  return counts;
}

/** Zero of every kind. */
export function zeroCounts(): Counts {
  return Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, 0])) as Counts;
}

/** Whether a body claims to be a db-v1 document; refuses another schema as unsupported_schema (invalid). */
export function isDocument(body: unknown): boolean {
  if (!isPlainObject(body) || !('schema' in body)) return false;
  if (body.schema !== DOCUMENT_SCHEMA) {
    throw new Refusal(
      'invalid',
      'unsupported_schema',
      `This is not a Switchyard backup of schema ${DOCUMENT_SCHEMA} (schema is ${describeSchema(body.schema)}).`,
      [{ field: 'schema', message: `must be "${DOCUMENT_SCHEMA}"` }],
    );
  }
  return true;
}

// The schema a client sent, for the message: quoted when it is short text, else only its type (a deeply
// nested value would overflow JSON.stringify's stack).
function describeSchema(schema: unknown): string {
  if (typeof schema === 'string') return JSON.stringify(schema.slice(0, 40));
  return schema === null ? 'null' : Array.isArray(schema) ? 'a list' : `a ${typeof schema}`;
}

/**
 * Checks a db-v1 document whole; refuses it with every fault, or answers it checked. The refusal is the code of the
 * faults' rule when all break rules of one code (409 name_taken for two VLANs of a site with one name: fields/rules.ts
 * refusalOf), else 400 validation_failed.
 * `currentSchema` is the schema version of this database: a document written at a later one is refused
 * (unsupported_schema), since its records may hold what this release does not know.
 */
export function checkDocument(body: unknown, now: string, currentSchema = Number.MAX_SAFE_INTEGER): CheckedDocument {
  if (!isPlainObject(body) || body.schema !== DOCUMENT_SCHEMA) {
    isDocument(body);
    throw new Refusal('invalid', 'unsupported_schema', `The body is not a Switchyard backup document (schema "${DOCUMENT_SCHEMA}").`, [
      { field: 'schema', message: 'is missing' },
    ]);
  }
  const faults: RuleFault[] = [];
  const version = body.schemaVersion;
  if (version !== undefined && !(typeof version === 'number' && Number.isSafeInteger(version) && version >= 1)) {
    faults.push({ field: 'schemaVersion', message: 'must be a schema version (an integer of at least 1), or left out (0.26.0)' });
  } else if (typeof version === 'number' && version > currentSchema) {
    throw new Refusal(
      'invalid',
      'unsupported_schema',
      `The backup was written at schema version ${version}, by a later release; this one is at ${currentSchema}. Restore it with that release or a later one.`,
      [{ field: 'schemaVersion', message: `must be at most ${currentSchema}` }],
    );
  }
  let data = isPlainObject(body.data) ? body.data : undefined;
  let converted: Model1Conversion | undefined;
  if (data && faults.length === 0 && isModel1Document(body)) ({ data, conversion: converted } = convertModel1Data(data, now));
  if (!data) faults.push({ field: 'data', message: 'must be an object with users, sites, vlans, networks, switches, ports and activity' });
  const list = (kind: DocumentKind): unknown[] => {
    const value = data?.[kind];
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    faults.push({ field: `data.${kind}`, message: 'must be a list' });
    return [];
  };
  const doc: CheckedDocument = {
    exportedAt: typeof body.exportedAt === 'string' ? body.exportedAt : null,
    users: list('users').flatMap((raw, i) => checkUser(raw, `data.users[${i}].`, now, faults) ?? []),
    ...perPlural((): StoredRecord[] => []),
    activity: [],
    driftAcknowledgements: [],
    pollingSchedules: [],
    converted,
  };
  const indexOf = perPlural(() => new Map<StoredRecord, number>());
  for (const kind of KIND_PLURALS) {
    list(kind).forEach((raw, i) => {
      const record = checkInventoryRecord(KIND_OF[kind], raw, `data.${kind}[${i}].`, now, faults);
      if (!record) return;
      doc[kind].push(record);
      indexOf[kind].set(record, i);
    });
  }
  fillPositions(doc.ports);
  fillColors(doc.vlans);
  doc.activity = list('activity').flatMap((raw, i) => checkActivity(raw, `data.activity[${i}].`, faults) ?? []);
  const switchIds = new Set(doc.switches.map((record) => String(record.id)));
  doc.driftAcknowledgements = checkAcknowledgements(body.driftAcknowledgements, switchIds, faults);
  const siteIds = new Set(doc.sites.map((record) => String(record.id)));
  doc.pollingSchedules = checkSchedules(body.pollingSchedules, { switches: switchIds, sites: siteIds }, faults);
  faults.push(...crossFaults(doc, (kind, record) => `data.${kind}[${indexOf[kind].get(record)}].`));
  if (faults.length)
    throw refusalOf(faults, `The document has ${faults.length} fault${faults.length === 1 ? '' : 's'}; nothing was changed.`);
  return doc;
}

// A VLAN without a colour gets the first one its site does not use, as the API picks it.
function fillColors(vlans: StoredRecord[]): void {
  const used = new Map<unknown, Set<string>>();
  for (const vlan of vlans) {
    const colors = used.get(vlan.siteId) ?? new Set<string>();
    if (typeof vlan.color === 'string') colors.add(vlan.color);
    used.set(vlan.siteId, colors);
  }
  for (const vlan of vlans) {
    if (typeof vlan.color === 'string') continue;
    const colors = used.get(vlan.siteId)!;
    vlan.color = pickVlanColor(colors);
    colors.add(vlan.color as string);
  }
}

// A port without a position goes after the last one of its switch, as the API places it.
function fillPositions(ports: StoredRecord[]): void {
  const last = new Map<unknown, number>();
  for (const port of ports)
    if (typeof port.position === 'number') last.set(port.switchId, Math.max(last.get(port.switchId) ?? 0, port.position));
  for (const port of ports) {
    if (typeof port.position === 'number') continue;
    port.position = (last.get(port.switchId) ?? 0) + 1;
    last.set(port.switchId, port.position as number);
  }
}

/** Checks one stored inventory record: its fields, its id, version and timestamps (defaults when left out). */
function checkInventoryRecord(kind: Kind, raw: unknown, prefix: string, now: string, faults: FieldFault[]): StoredRecord | undefined {
  const start = faults.length;
  const checked = validateInput(RESOURCES[kind], raw, 'create', prefix);
  faults.push(...(kind === 'template' ? unitFaults(checked.faults, raw, prefix) : checked.faults));
  if (!isPlainObject(raw)) return undefined;
  const record: Record<string, unknown> = { ...checked.values };
  delete record.portCount;
  record.id = idOf(raw.id, `${prefix}id`, faults);
  if (kind === 'port' || kind === 'lag') record.switchId = idOf(raw.switchId, `${prefix}switchId`, faults);
  // A port's LAG is read-only in the API (set through the LAG's memberPortIds) but stored: the document carries it.
  if (kind === 'port') record.lagId = raw.lagId === undefined || raw.lagId === null ? null : idOf(raw.lagId, `${prefix}lagId`, faults);
  if (kind === 'address' || kind === 'range') record.networkId = idOf(raw.networkId, `${prefix}networkId`, faults);
  if (kind === 'address')
    record.switchId = raw.switchId === undefined || raw.switchId === null ? null : idOf(raw.switchId, `${prefix}switchId`, faults);
  record.version = versionOf(raw.version, `${prefix}version`, faults);
  record.createdAt = timestampOf(raw.createdAt, `${prefix}createdAt`, now, faults);
  record.updatedAt = timestampOf(raw.updatedAt, `${prefix}updatedAt`, record.createdAt as string, faults);
  return faults.length === start ? (record as StoredRecord) : undefined;
}

// A template's units break the rules of src/lib/port-layout.ts in places: each is a fault of its own, at its path
// (`data.templates[0].units[0][2].namePattern`), instead of the field's one joined message.
function unitFaults(found: FieldFault[], raw: unknown, prefix: string): FieldFault[] {
  const at = `${prefix}units`;
  if (!isPlainObject(raw) || raw.units === undefined || raw.units === null || !found.some((fault) => fault.field === at)) return found;
  const checked = checkTemplateUnits(raw.units);
  if (checked.ok) return found;
  return [
    ...found.filter((fault) => fault.field !== at),
    ...checked.faults.map((fault) => ({ field: `${at}${fault.path}`, message: fault.message })),
  ];
}

function idOf(raw: unknown, field: string, faults: FieldFault[]): string | undefined {
  if (isUuid(raw)) return raw.toLowerCase();
  faults.push({ field, message: raw === undefined ? 'is required' : 'must be an id (a UUID)' });
  return undefined;
}

function versionOf(raw: unknown, field: string, faults: FieldFault[]): number {
  if (raw === undefined) return 1;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1) return raw;
  faults.push({ field, message: 'must be an integer of at least 1' });
  return 1;
}

const TIMESTAMP: Field = { name: 'at', type: 'timestamp', description: '' };

function timestampOf(raw: unknown, field: string, fallback: string, faults: FieldFault[]): string {
  if (raw === undefined || raw === null) return fallback;
  const checked = checkValue(TIMESTAMP, raw);
  if (checked.ok) return checked.value as string;
  faults.push({ field, message: checked.message });
  return fallback;
}

// A user's stored fields (those with a column: the API's answer, the write-only password not among them), its
// password hash and its version.
const USER_KEYS = new Set([...columnFields(USER).map((field) => field.name), 'passwordHash', 'version']);

function checkUser(raw: unknown, prefix: string, now: string, faults: FieldFault[]): StoredUser | undefined {
  if (!isPlainObject(raw)) return void faults.push({ field: prefix.slice(0, -1), message: 'must be an object' });
  const before = faults.length;
  for (const key of Object.keys(raw)) if (!USER_KEYS.has(key)) faults.push({ field: prefix + key, message: 'is not a field of a user' });
  const field = (name: string) => USER.fields.find((f) => f.name === name)!;
  const value = (name: string, fallback?: unknown) => {
    if (raw[name] === undefined && fallback !== undefined) return fallback;
    const checked = checkValue(field(name), raw[name] ?? null);
    if (!checked.ok) faults.push({ field: prefix + name, message: checked.message });
    return checked.ok ? checked.value : undefined;
  };
  const user = {
    id: idOf(raw.id, `${prefix}id`, faults),
    username: value('username'),
    displayName: value('displayName', null),
    language: value('language', 'en'),
    role: value('role'),
    disabled: value('disabled', false),
    passwordHash: raw.passwordHash,
    signIn: value('signIn', 'local'),
    oidcIssuer: value('oidcIssuer', null),
    oidcSubject: value('oidcSubject', null),
    ldapDn: value('ldapDn', null),
    version: versionOf(raw.version, `${prefix}version`, faults),
    createdAt: timestampOf(raw.createdAt, `${prefix}createdAt`, now, faults),
    updatedAt: timestampOf(raw.updatedAt, `${prefix}updatedAt`, now, faults),
    lastLoginAt:
      raw.lastLoginAt === null || raw.lastLoginAt === undefined ? null : timestampOf(raw.lastLoginAt, `${prefix}lastLoginAt`, now, faults),
  };
  // A user of a provider or a directory has no password here (db/users.ts NO_PASSWORD_HASH).
  const external = user.signIn === 'oidc' || user.signIn === 'ldap';
  if (!(external && raw.passwordHash === NO_PASSWORD_HASH) && !isPasswordHash(raw.passwordHash)) {
    faults.push({ field: `${prefix}passwordHash`, message: PASSWORD_HASH_RULE });
  }
  return faults.length === before ? (user as StoredUser) : undefined;
}

const ACTIVITY_KEYS = new Set<string>([...ACTIVITY_ENTRY_FIELDS, 'undoData']);

function checkActivity(raw: unknown, prefix: string, faults: FieldFault[]): StoredActivity | undefined {
  if (!isPlainObject(raw)) return void faults.push({ field: prefix.slice(0, -1), message: 'must be an object' });
  const before = faults.length;
  for (const key of Object.keys(raw))
    if (!ACTIVITY_KEYS.has(key)) faults.push({ field: prefix + key, message: 'is not a field of an activity entry' });
  const text = (name: string, required = false): string | null => {
    const value = raw[name];
    if (typeof value === 'string' && (value !== '' || !required)) return value;
    if ((value === null || value === undefined) && !required) return null;
    faults.push({ field: prefix + name, message: required ? 'is required text' : 'must be text or null' });
    return null;
  };
  const optionalId = (name: string): string | null => {
    const value = text(name);
    if (value !== null && !isUuid(value)) faults.push({ field: prefix + name, message: 'must be an id (a UUID) or null' });
    return value?.toLowerCase() ?? null;
  };
  const id = idOf(raw.id, `${prefix}id`, faults);
  const at = timestampOf(raw.at ?? '', `${prefix}at`, '', faults);
  const action = text('action', true);
  if (action !== null && !(ACTIONS as readonly string[]).includes(action))
    faults.push({ field: `${prefix}action`, message: `must be one of ${ACTIONS.join(', ')}` });
  const undoData = checkUndoData(raw.undoData, `${prefix}undoData`, faults);
  const row: Omit<ActivityRow, 'seq'> = {
    id: id ?? '',
    at,
    user_id: optionalId('userId'),
    username: text('username'),
    action: action as ActivityRow['action'],
    entity_type: text('entityType'),
    entity_id: text('entityId'),
    entity_name: text('entityName'),
    site_id: optionalId('siteId'),
    summary: text('summary', true) ?? '',
    changes: changesText(raw.changes, `${prefix}changes`, faults),
    undo_data: undoData ? JSON.stringify(undoData) : null,
    undoable: undoData ? 1 : 0,
    undone_by: optionalId('undoneBy'),
    undo_of: optionalId('undoOf'),
    undo_lost: text('undoLost'),
  };
  if (raw.undoable !== undefined && typeof raw.undoable !== 'boolean')
    faults.push({ field: `${prefix}undoable`, message: 'must be true or false' });
  if (faults.length > before) return undefined;
  return { row, touched: touchedOf(row, undoData) };
}

type UndoData = { before: Record<string, Record<string, unknown>>; after: Record<string, Record<string, unknown>> };

// Every image is checked as an undo would write it (undoDataFaults: the field rules, the rules across fields, the
// shape); a fault refuses the document like any other, with its path (`data.activity[3].undoData.before.switch.<id>.macAddress`).
/** An entry's changes as the activity table stores them (JSON text), or a fault when JSON cannot write them. */
function changesText(raw: unknown, field: string, faults: FieldFault[]): string | null {
  if (raw === undefined || raw === null) return null;
  try {
    return JSON.stringify(raw);
  } catch {
    // JSON.parse reads a document nested 100,000 deep; JSON.stringify overflows the stack on it.
    faults.push({ field, message: 'is nested too deep to store' });
    return null;
  }
}

function checkUndoData(raw: unknown, field: string, faults: FieldFault[]): UndoData | null {
  if (raw === undefined || raw === null) return null;
  const found = undoDataFaults(raw, `${field}.`);
  faults.push(...found);
  return found.length === 0 ? (raw as UndoData) : null;
}

// The entities an entry touched, as recordChange stores them: the keys of its before-images; else its entity.
function touchedOf(row: Omit<ActivityRow, 'seq'>, undoData: UndoData | null): { type: string; id: string }[] {
  if (undoData) return KIND_ORDER.flatMap((kind) => Object.keys(undoData.before[kind] ?? {}).map((id) => ({ type: kind, id })));
  return row.entity_type && row.entity_id ? [{ type: row.entity_type, id: row.entity_id }] : [];
}

/** SQLite's NOCASE: folds ASCII letters only, so that the checks here agree with the schema's. */
export function foldCase(text: unknown): string {
  return String(text).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * Every reference, rule and uniqueness fault across the records of a document; `where` gives a record's path
 * prefix. Records are in the stored shape (ids, not names). The rules of each kind are fields/record-rules.ts's, over
 * the document's records; what is the document's alone (ids, references, a member's lagId) is checked here.
 */
function crossFaults(
  doc: Pick<CheckedDocument, KindPlural | 'users' | 'activity'>,
  where: (kind: KindPlural, record: StoredRecord) => string,
): RuleFault[] {
  const faults: RuleFault[] = [];
  const unique = uniquenessChecker(faults);
  const byId = perPlural(() => new Map<string, StoredRecord>());
  for (const kind of KIND_PLURALS) {
    for (const record of doc[kind]) {
      const at = where(kind, record);
      if (byId[kind].has(record.id))
        faults.push({ field: `${at}id`, message: `repeats the id of ${where(kind, byId[kind].get(record.id)!).slice(0, -1)}` });
      else byId[kind].set(record.id, record);
    }
  }
  const exists = (kind: KindPlural, id: unknown, field: string, what: string) => {
    if (typeof id === 'string' && !byId[kind].has(id)) faults.push({ field, message: `${what} ${id} is not in the document` });
  };
  const lookups = documentLookups(byId);
  // A record of a site the document does not hold is not judged against that site (its siteId is refused already).
  const ofSite = (record: StoredRecord, at: string) => inDocument(at, byId.sites.has(record.siteId as string) ? undefined : SITE_REFUSED);
  const nameOnce = nameChecker(unique);
  for (const site of doc.sites) nameOnce(site, '', where('sites', site), 'site');
  for (const vlan of doc.vlans) {
    const at = where('vlans', vlan);
    exists('sites', vlan.siteId, `${at}siteId`, 'site');
    const inSite = (value: unknown) => `${vlan.siteId}\n${value}`;
    unique('vlan vid', inSite(vlan.vid), `${at}vid`, `another VLAN of this site has the number ${vlan.vid}`, RULES.valueTaken);
    nameOnce(vlan, vlan.siteId, at, 'VLAN of this site');
    unique('vlan color', inSite(vlan.color), `${at}color`, `another VLAN of this site has the colour ${vlan.color}`, RULES.valueTaken);
  }
  // Overlapping subnets of one site are not refused here: model 1 allowed them, migration 0006 keeps them, and
  // a backup of such a database must restore (the checks name them).
  for (const network of doc.networks) {
    const at = where('networks', network);
    exists('sites', network.siteId, `${at}siteId`, 'site');
    faults.push(...RECORD_RULES.network(network, lookups, ofSite(network, at)));
    nameOnce(network, network.siteId, at, 'network of this site');
  }
  for (const template of doc.templates) nameOnce(template, '', where('templates', template), 'template');
  for (const sw of doc.switches) {
    const at = where('switches', sw);
    exists('sites', sw.siteId, `${at}siteId`, 'site');
    exists('templates', sw.templateId, `${at}templateId`, 'template');
    nameOnce(sw, sw.siteId, at, 'switch of this site');
    valuesOnce(sw, at, unique);
    faults.push(...RECORD_RULES.switch(sw, lookups, ofSite(sw, at)));
  }
  for (const port of doc.ports) {
    const at = where('ports', port);
    exists('switches', port.switchId, `${at}switchId`, 'switch');
    faults.push(...RECORD_RULES.port(port, lookups, { ...inDocument(at), memberType: false }));
    nameOnce(port, port.switchId, at, 'port of this switch');
  }
  faults.push(...lagDocumentFaults(doc, { byId, where, lookups }));
  faults.push(...ipamDocumentFaults(doc, { byId, where, lookups }));
  faults.push(...userFaults(doc.users));
  faults.push(...activityFaults(doc.activity));
  return faults;
}

// A switch's MAC address is unique, and so is its management IP within its site.
function valuesOnce(sw: StoredRecord, at: string, unique: Unique): void {
  if (sw.macAddress)
    unique('mac', String(sw.macAddress), `${at}macAddress`, `another switch has MAC address ${sw.macAddress}`, RULES.valueTaken);
  if (sw.managementIp) {
    const message = `another switch of this site has ${sw.managementIp}`;
    unique('ip', `${sw.siteId}\n${sw.managementIp}`, `${at}managementIp`, message, RULES.valueTaken);
  }
}

/** A document's records by id, the path prefix of each, and the rules' lookups over them. */
interface DocumentIndex {
  byId: Record<KindPlural, Map<string, StoredRecord>>;
  where: (kind: KindPlural, record: StoredRecord) => string;
  lookups: RecordLookups;
}

const SITE_REFUSED: ReadonlySet<string> = new Set(['siteId']);

/** How a document's records are judged: every pair points back, a missing record is "not in the document". */
function inDocument(prefix: string, refused?: ReadonlySet<string>): RuleContext {
  return { prefix, symmetric: true, refused, missing: (noun, id) => `${noun} ${id} is not in the document` };
}

/** The rules' lookups over a document's records by id. */
function documentLookups(byId: Record<KindPlural, Map<string, StoredRecord>>): RecordLookups {
  return {
    siteOfVlan: (id) => byId.vlans.get(id)?.siteId as string | undefined,
    switchOf: (id) => {
      const sw = byId.switches.get(id);
      return sw && { siteId: sw.siteId as string, stackSize: (sw.stackSize as number) ?? 1 };
    },
    port: (id) => byId.ports.get(id) as ReturnType<RecordLookups['port']>,
    lag: (id) => byId.lags.get(id) as ReturnType<RecordLookups['lag']>,
    network: (id) => byId.networks.get(id) as ReturnType<RecordLookups['network']>,
  };
}

// Addresses and ranges: their network, port and switch are in the document (a switch with one address at most),
// each keeps its kind's rules, and every IPAM rule of a set holds among them (ipam.ts).
function ipamDocumentFaults(doc: Pick<CheckedDocument, KindPlural>, { byId, where, lookups }: DocumentIndex): RuleFault[] {
  const faults: RuleFault[] = [];
  const unique = uniquenessChecker(faults);
  const inNetwork = (record: StoredRecord, at: string) => {
    if (byId.networks.has(record.networkId as string)) return true;
    faults.push({ field: `${at}networkId`, message: `network ${record.networkId} is not in the document` });
    return false;
  };
  for (const range of doc.ranges) {
    const at = where('ranges', range);
    if (inNetwork(range, at)) faults.push(...RECORD_RULES.range(range, lookups, inDocument(at)));
  }
  for (const address of doc.addresses) {
    const at = where('addresses', address);
    if (inNetwork(address, at)) faults.push(...RECORD_RULES.address(address, lookups, inDocument(at)));
    const switchId = address.switchId as string | null;
    if (switchId === null) continue;
    if (!byId.switches.has(switchId)) faults.push({ field: `${at}switchId`, message: `switch ${switchId} is not in the document` });
    unique('address switch', switchId, `${at}switchId`, `another address is the management IP of switch ${switchId}`, RULES.valueTaken);
  }
  const subnetOf = (id: string) => byId.networks.get(id)?.subnet as string | undefined;
  const item = (kind: KindPlural, record: StoredRecord) => {
    const at = where(kind, record);
    return { id: record.id, networkId: record.networkId as string, at, where: at.slice(0, -1) };
  };
  const findings = ipamFindings(
    subnetOf,
    doc.addresses.map((address) => ({ ...item('addresses', address), address: address.address as string })),
    doc.ranges.map((range) => ({
      ...item('ranges', range),
      start: range.start as string,
      end: range.end as string,
      kind: range.kind as string,
    })),
  );
  // A record's own rules (a finding of code `record`) were judged above, by its kind's.
  for (const finding of findings) if (finding.code !== 'record') faults.push(ipamFault(finding));
  return faults;
}

// LAGs: the switch is in the document; names unique per switch; memberPortIds is exactly the ports whose lagId is
// the LAG; then the rules of a LAG (record-rules.ts: its members, its pair, its VLANs), worded as the document's.
function lagDocumentFaults(doc: Pick<CheckedDocument, KindPlural>, { byId, where, lookups }: DocumentIndex): RuleFault[] {
  const faults: RuleFault[] = [];
  const nameOnce = nameChecker(uniquenessChecker(faults));
  const membersOf = new Map<string, StoredRecord[]>();
  for (const port of doc.ports) {
    const lagId = port.lagId as string | null;
    if (!lagId) continue;
    if (!byId.lags.has(lagId)) faults.push({ field: `${where('ports', port)}lagId`, message: `LAG ${lagId} is not in the document` });
    else getOrMake(membersOf, lagId, () => []).push(port);
  }
  for (const lag of doc.lags) {
    const at = where('lags', lag);
    if (!byId.switches.has(lag.switchId as string))
      faults.push({ field: `${at}switchId`, message: `switch ${lag.switchId} is not in the document` });
    nameOnce(lag, lag.switchId, at, 'LAG of this switch');
    faults.push(...memberLagIdFaults(lag, at, membersOf.get(lag.id) ?? [], byId.ports, where));
    faults.push(...RECORD_RULES.lag(lag, lookups, { ...inDocument(at), ...LAG_WORDS }));
  }
  return faults;
}

const LAG_WORDS: Pick<LagRuleContext, 'pairWords' | 'memberWords'> = {
  pairWords: { noBack: (far) => `LAG ${far} does not point back at this LAG (remote LAGs are symmetric)` },
  memberWords: {
    tooFew: () => 'must name two or more ports',
    otherSwitch: (portName) => `port "${portName}" is not a port of the LAG's switch`,
  },
};

// A LAG's memberPortIds and its members' lagId say the same: each port it names has its lagId, each port with its
// lagId is named.
function memberLagIdFaults(
  lag: StoredRecord,
  at: string,
  members: StoredRecord[],
  ports: Map<string, StoredRecord>,
  where: (kind: KindPlural, record: StoredRecord) => string,
): FieldFault[] {
  const faults: FieldFault[] = [];
  const named = (lag.memberPortIds as string[]) ?? [];
  named.forEach((portId, j) => {
    const port = ports.get(portId);
    if (port && port.lagId !== lag.id)
      faults.push({
        field: `${at}memberPortIds[${j}]`,
        message: `port "${port.name}" has lagId ${port.lagId ?? 'null'}: a member's lagId is its LAG (${where('ports', port)}lagId)`,
      });
  });
  for (const port of members)
    if (!named.includes(port.id))
      faults.push({
        field: `${where('ports', port)}lagId`,
        message: `names LAG "${lag.name}" (${at.slice(0, -1)}), whose memberPortIds does not name this port`,
      });
  return faults;
}

function userFaults(users: StoredUser[]): FieldFault[] {
  const faults: FieldFault[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  users.forEach((user, i) => {
    if (ids.has(user.id)) faults.push({ field: `data.users[${i}].id`, message: `repeats the id of data.users[${ids.get(user.id)}]` });
    if (names.has(foldCase(user.username)))
      faults.push({
        field: `data.users[${i}].username`,
        message: `repeats the username of data.users[${names.get(foldCase(user.username))}]`,
      });
    ids.set(user.id, i);
    names.set(foldCase(user.username), i);
  });
  return faults;
}

function activityFaults(entries: StoredActivity[]): FieldFault[] {
  const faults: FieldFault[] = [];
  const ids = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (ids.has(entry.row.id))
      faults.push({ field: `data.activity[${i}].id`, message: `repeats the id of data.activity[${ids.get(entry.row.id)}]` });
    ids.set(entry.row.id, i);
  });
  return faults;
}

/** A record's name unique in its scope (a site's VLANs, a switch's ports), compared as SQLite's NOCASE does. */
function nameChecker(unique: Unique) {
  return (record: StoredRecord, scope: unknown, at: string, whose: string) =>
    unique(
      `${whose} name`,
      `${scope}\n${foldCase(record.name)}`,
      `${at}name`,
      `another ${whose} is named "${record.name}"`,
      RULES.nameTaken,
    );
}

/** Reports a value seen before in its scope, as breaking `rule`. */
type Unique = (scope: string, key: string, field: string, message: string, rule: Rule) => void;

function uniquenessChecker(faults: RuleFault[]): Unique {
  const seen = new Set<string>();
  return (scope, key, field, message, rule) => {
    const full = `${scope}\n${key}`;
    if (seen.has(full)) faults.push(ruleFault(rule, field, message));
    else seen.add(full);
  };
}
