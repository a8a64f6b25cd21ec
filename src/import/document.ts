// Checks a whole db-v1 document (restore and merge) before anything changes: every record's fields
// (validateInput with a `data.<kind>[i].` prefix), the cross-field rules of rules.ts, every reference inside
// the document and every uniqueness rule the schema holds, each fault with its path. A document of model 1
// (0.26.0: no schemaVersion, or one below 6) is converted first (model1.ts), and then checked as any other:
// its faults name the converted document's paths (a model-1 network i is `data.vlans[i]`).
import { ACTIONS, ACTIVITY_ENTRY_FIELDS, type ActivityRow } from '../db/activity.ts';
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
import type { StoredUser } from '../db/users.ts';
import { checkValue, columnFields, isPlainObject, isUuid, validateInput, type Field } from '../fields/field.ts';
import {
  addressPortFaults,
  eachOfList,
  lagFaults,
  lagMemberTypeFaults,
  networkFaults,
  type PairEnd,
  type PairRule,
  pairFaults,
  portFaults,
  vlanSiteFaults,
} from '../fields/rules.ts';
import { USER } from '../fields/users.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { getOrMake } from '../lib/memo.ts';
import { isPasswordHash, PASSWORD_HASH_RULE } from '../lib/password.ts';
import { checkTemplateUnits } from '../lib/port-layout.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { ipamFindings } from './ipam.ts';
import { convertModel1Data, isModel1Document, type Model1Conversion } from './model1.ts';

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
 * Checks a db-v1 document whole; refuses it as validation_failed (invalid) with every fault, or answers it checked.
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
  const faults: FieldFault[] = [];
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
  faults.push(...crossFaults(doc, (kind, record) => `data.${kind}[${indexOf[kind].get(record)}].`));
  if (faults.length)
    throw new Refusal(
      'invalid',
      'validation_failed',
      `The document has ${faults.length} fault${faults.length === 1 ? '' : 's'}; nothing was changed.`,
      faults,
    );
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
    version: versionOf(raw.version, `${prefix}version`, faults),
    createdAt: timestampOf(raw.createdAt, `${prefix}createdAt`, now, faults),
    updatedAt: timestampOf(raw.updatedAt, `${prefix}updatedAt`, now, faults),
    lastLoginAt:
      raw.lastLoginAt === null || raw.lastLoginAt === undefined ? null : timestampOf(raw.lastLoginAt, `${prefix}lastLoginAt`, now, faults),
  };
  if (!isPasswordHash(raw.passwordHash)) faults.push({ field: `${prefix}passwordHash`, message: PASSWORD_HASH_RULE });
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
 * prefix. Records are in the stored shape (ids, not names).
 */
function crossFaults(
  doc: Pick<CheckedDocument, KindPlural | 'users' | 'activity'>,
  where: (kind: KindPlural, record: StoredRecord) => string,
): FieldFault[] {
  const faults: FieldFault[] = [];
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
  for (const site of doc.sites)
    unique(`site name`, foldCase(site.name), `${where('sites', site)}name`, `another site is named "${site.name}"`);
  const siteOfVlan = (id: string) => byId.vlans.get(id)?.siteId as string | undefined;
  for (const vlan of doc.vlans) {
    const at = where('vlans', vlan);
    exists('sites', vlan.siteId, `${at}siteId`, 'site');
    unique('vlan vid', `${vlan.siteId}\n${vlan.vid}`, `${at}vid`, `another VLAN of this site has the number ${vlan.vid}`);
    unique('vlan name', `${vlan.siteId}\n${foldCase(vlan.name)}`, `${at}name`, `another VLAN of this site is named "${vlan.name}"`);
    unique('vlan color', `${vlan.siteId}\n${vlan.color}`, `${at}color`, `another VLAN of this site has the colour ${vlan.color}`);
  }
  // Overlapping subnets of one site are not refused here: model 1 allowed them, migration 0006 keeps them, and
  // a backup of such a database must restore (the checks name them).
  for (const network of doc.networks) {
    const at = where('networks', network);
    exists('sites', network.siteId, `${at}siteId`, 'site');
    faults.push(...networkFaults({ subnet: network.subnet, gateway: network.gateway }, at));
    if (typeof network.siteId === 'string' && byId.sites.has(network.siteId))
      faults.push(...vlanSiteFaults([[`${at}vlanId`, network.vlanId]], network.siteId, siteOfVlan));
    unique(
      'network name',
      `${network.siteId}\n${foldCase(network.name)}`,
      `${at}name`,
      `another network of this site is named "${network.name}"`,
    );
  }
  for (const template of doc.templates)
    unique('template name', foldCase(template.name), `${where('templates', template)}name`, `another template is named "${template.name}"`);
  for (const sw of doc.switches) {
    const at = where('switches', sw);
    exists('sites', sw.siteId, `${at}siteId`, 'site');
    exists('templates', sw.templateId, `${at}templateId`, 'template');
    unique('switch name', `${sw.siteId}\n${foldCase(sw.name)}`, `${at}name`, `another switch of this site is named "${sw.name}"`);
    if (sw.macAddress) unique('mac', String(sw.macAddress), `${at}macAddress`, `another switch has MAC address ${sw.macAddress}`);
    if (sw.managementIp)
      unique('ip', `${sw.siteId}\n${sw.managementIp}`, `${at}managementIp`, `another switch of this site has ${sw.managementIp}`);
    if (typeof sw.siteId === 'string' && byId.sites.has(sw.siteId))
      faults.push(...vlanSiteFaults(eachOfList(`${at}configuredVlanIds`, (sw.configuredVlanIds as string[]) ?? []), sw.siteId, siteOfVlan));
  }
  for (const port of doc.ports) {
    const at = where('ports', port);
    const sw = byId.switches.get(port.switchId as string);
    if (!sw) faults.push({ field: `${at}switchId`, message: `switch ${port.switchId} is not in the document` });
    else faults.push(...portFaults(port, { siteId: sw.siteId as string, stackSize: (sw.stackSize as number) ?? 1 }, siteOfVlan, at));
    unique('port name', `${port.switchId}\n${foldCase(port.name)}`, `${at}name`, `another port of this switch is named "${port.name}"`);
    faults.push(...documentPairFaults(port, byId.ports, LINK, at));
  }
  faults.push(...lagDocumentFaults(doc, byId, where, siteOfVlan));
  faults.push(...ipamDocumentFaults(doc, byId, where));
  faults.push(...userFaults(doc.users));
  faults.push(...activityFaults(doc.activity));
  return faults;
}

// Addresses and ranges: their network, port and switch are in the document (a port of the network's site, a
// switch with one address at most), and every IPAM rule holds among them (ipam.ts).
function ipamDocumentFaults(
  doc: Pick<CheckedDocument, KindPlural>,
  byId: Record<KindPlural, Map<string, StoredRecord>>,
  where: (kind: KindPlural, record: StoredRecord) => string,
): FieldFault[] {
  const faults: FieldFault[] = [];
  const unique = uniquenessChecker(faults);
  const siteOfPort = (id: string) => byId.switches.get(byId.ports.get(id)?.switchId as string)?.siteId as string | undefined;
  const networkOf = (record: StoredRecord, at: string) => {
    const network = byId.networks.get(record.networkId as string);
    if (!network) faults.push({ field: `${at}networkId`, message: `network ${record.networkId} is not in the document` });
    return network;
  };
  for (const range of doc.ranges) networkOf(range, where('ranges', range));
  for (const address of doc.addresses) {
    const at = where('addresses', address);
    const network = networkOf(address, at);
    if (network) faults.push(...addressPortFaults({ portId: address.portId }, network.siteId as string, siteOfPort, at));
    const switchId = address.switchId as string | null;
    if (switchId === null) continue;
    if (!byId.switches.has(switchId)) faults.push({ field: `${at}switchId`, message: `switch ${switchId} is not in the document` });
    unique('address switch', switchId, `${at}switchId`, `another address is the management IP of switch ${switchId}`);
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
  for (const { field, message, code } of findings) faults.push({ field, message: code === 'record' ? message : `${message} [${code}]` });
  return faults;
}

// LAGs: the switch is in the document; names unique per switch; memberPortIds is exactly the ports whose lagId is
// the LAG (two or more, each a port of the LAG's switch that is no console or management port); remoteLagId a LAG
// of another switch that points back; its VLANs as a port's (of the switch's site; tagged only on a trunk).
function lagDocumentFaults(
  doc: Pick<CheckedDocument, KindPlural>,
  byId: Record<KindPlural, Map<string, StoredRecord>>,
  where: (kind: KindPlural, record: StoredRecord) => string,
  siteOfVlan: (id: string) => string | undefined,
): FieldFault[] {
  const faults: FieldFault[] = [];
  const unique = uniquenessChecker(faults);
  const membersOf = new Map<string, StoredRecord[]>();
  for (const port of doc.ports) {
    const lagId = port.lagId as string | null;
    if (!lagId) continue;
    if (!byId.lags.has(lagId)) faults.push({ field: `${where('ports', port)}lagId`, message: `LAG ${lagId} is not in the document` });
    else getOrMake(membersOf, lagId, () => []).push(port);
  }
  for (const lag of doc.lags) {
    const at = where('lags', lag);
    const sw = byId.switches.get(lag.switchId as string);
    if (!sw) faults.push({ field: `${at}switchId`, message: `switch ${lag.switchId} is not in the document` });
    unique('lag name', `${lag.switchId}\n${foldCase(lag.name)}`, `${at}name`, `another LAG of this switch is named "${lag.name}"`);
    const named = (lag.memberPortIds as string[]) ?? [];
    if (named.length < 2) faults.push({ field: `${at}memberPortIds`, message: 'must name two or more ports' });
    named.forEach((portId, j) => {
      const field = `${at}memberPortIds[${j}]`;
      const port = byId.ports.get(portId);
      if (!port) return void faults.push({ field, message: `port ${portId} is not in the document` });
      if (sw && port.switchId !== lag.switchId) faults.push({ field, message: `port "${port.name}" is not a port of the LAG's switch` });
      else faults.push(...lagMemberTypeFaults({ name: port.name, type: port.type }, field));
      if (port.lagId !== lag.id)
        faults.push({
          field,
          message: `port "${port.name}" has lagId ${port.lagId ?? 'null'}: a member's lagId is its LAG (${where('ports', port)}lagId)`,
        });
    });
    for (const port of membersOf.get(lag.id) ?? [])
      if (!named.includes(port.id))
        faults.push({
          field: `${where('ports', port)}lagId`,
          message: `names LAG "${lag.name}" (${at.slice(0, -1)}), whose memberPortIds does not name this port`,
        });
    faults.push(...documentPairFaults(lag, byId.lags, REMOTE_LAG, at));
    if (sw) faults.push(...lagFaults(lag, sw.siteId as string, siteOfVlan, at));
  }
  return faults;
}

// A link or a LAG pair of the document (fields/rules.ts pairFaults), its far end looked up among the document's records.
const LINK: PairRule = { field: 'linkedPortId', symmetric: true, words: { missing: (far) => `port ${far} is not in the document` } };
const REMOTE_LAG: PairRule = {
  field: 'remoteLagId',
  symmetric: true,
  words: {
    missing: (far) => `LAG ${far} is not in the document`,
    noBack: (far) => `LAG ${far} does not point back at this LAG (remote LAGs are symmetric)`,
  },
};

function documentPairFaults(self: StoredRecord, records: Map<string, StoredRecord>, rule: PairRule, at: string): FieldFault[] {
  const endOf = (record: StoredRecord): PairEnd => ({
    id: record.id,
    switchId: String(record.switchId),
    partnerId: record[rule.field] as string | null,
  });
  return pairFaults(
    endOf(self),
    rule,
    {
      find: (id) => {
        const far = records.get(id);
        return far && endOf(far);
      },
    },
    at,
  );
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

function uniquenessChecker(faults: FieldFault[]) {
  const seen = new Set<string>();
  return (scope: string, key: string, field: string, message: string) => {
    const full = `${scope}\n${key}`;
    if (seen.has(full)) faults.push({ field, message });
    else seen.add(full);
  };
}
