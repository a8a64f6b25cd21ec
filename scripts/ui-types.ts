// Writes src/ui/api-types.ts, the types of the API's answers that the web UI reads, from the OpenAPI document
// the server builds out of its route tables and field declarations, so that the UI cannot drift from the API.
// `node scripts/ui-types.ts` rewrites the file; src/ui/api-types.test.ts fails while it is out of date.
//
// Where the document is looser than the server, the answers are made exact here, each way checked by the test:
// - a record's field is nullable in the document unless it has a default; here only where its column can hold
//   NULL (the migrated schema says so), and never for the fields the server computes (counts);
// - a record's write-only fields (User.password) are listed in its answers; they are left out here;
// - some hand-written answer schemas name no required properties; ALWAYS_SENT names those the server always sends.
//
// Shapes that answers share are written once: the fields of every stored record as `Stored`, list pages and
// cursor pages as generic types of their items (GENERICS), and an answer that adds properties to an earlier
// type (or to `Stored`) as that type `&` the rest.
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '../src/db/migrate.ts';
import { STORED_FIELDS, VERSION_FIELDS } from '../src/fields/common.ts';
import type { JsonSchema, Resource } from '../src/fields/field.ts';
import { ADDRESS } from '../src/fields/addresses.ts';
import { NETWORK } from '../src/fields/networks.ts';
import { RANGE } from '../src/fields/ranges.ts';
import { PORT } from '../src/fields/ports.ts';
import { SITE } from '../src/fields/sites.ts';
import { SWITCH } from '../src/fields/switches.ts';
import { TEMPLATE } from '../src/fields/templates.ts';
import { LAG } from '../src/fields/lags.ts';
import { USER } from '../src/fields/users.ts';
import { VLAN } from '../src/fields/vlans.ts';
import { ALL_ROUTES } from '../src/routes/index.ts';
import { buildOpenApi } from '../src/http/openapi.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the generated file goes. */
export const API_TYPES_FILE = join(ROOT, 'src', 'ui', 'api-types.ts');

/**
 * One generated type: the answer of an operation, or a part of it (`at`: `items[]` is the items' element, `units[][]`
 * an element of theirs); `omit` leaves properties out, for the part that two answers share (a later answer that has it
 * all is written as it `&` the rest).
 */
type Named = { name: string; method: string; path: string; at?: string; omit?: string[] };

/** The types the UI uses, in the order they are written. Parts equal to an earlier type are written by its name. */
export const NAMED: Named[] = [
  { name: 'User', method: 'get', path: '/api/users/{id}' },
  { name: 'UserList', method: 'get', path: '/api/users' },
  { name: 'Session', method: 'post', path: '/api/auth/login' },
  { name: 'ApiToken', method: 'get', path: '/api/tokens', at: 'items[]' },
  { name: 'TokenList', method: 'get', path: '/api/tokens' },
  { name: 'NewApiToken', method: 'post', path: '/api/tokens' },
  { name: 'Site', method: 'get', path: '/api/sites/{id}' },
  { name: 'SiteList', method: 'get', path: '/api/sites' },
  { name: 'Vlan', method: 'get', path: '/api/vlans/{id}' },
  { name: 'VlanList', method: 'get', path: '/api/vlans' },
  { name: 'VlanPort', method: 'get', path: '/api/vlans/{id}/ports', at: 'items[]' },
  { name: 'VlanPortList', method: 'get', path: '/api/vlans/{id}/ports' },
  { name: 'Network', method: 'get', path: '/api/networks', at: 'items[]' },
  { name: 'NetworkList', method: 'get', path: '/api/networks' },
  { name: 'Address', method: 'get', path: '/api/addresses/{id}' },
  { name: 'AddressList', method: 'get', path: '/api/networks/{id}/addresses' },
  { name: 'Range', method: 'get', path: '/api/ranges/{id}' },
  { name: 'RangeList', method: 'get', path: '/api/networks/{id}/ranges' },
  { name: 'FreeBlockList', method: 'get', path: '/api/networks/{id}/free' },
  { name: 'SubnetInfo', method: 'get', path: '/api/tools/subnet' },
  { name: 'PortBlock', method: 'get', path: '/api/templates/{id}', at: 'units[][]' },
  { name: 'Template', method: 'get', path: '/api/templates/{id}' },
  { name: 'TemplateList', method: 'get', path: '/api/templates' },
  { name: 'TemplateImport', method: 'post', path: '/api/templates/import' },
  { name: 'Port', method: 'get', path: '/api/ports/{id}' },
  { name: 'PortList', method: 'get', path: '/api/switches/{id}/ports' },
  { name: 'Lag', method: 'get', path: '/api/lags/{id}' },
  { name: 'LagList', method: 'get', path: '/api/switches/{id}/lags' },
  { name: 'Switch', method: 'patch', path: '/api/switches/{id}' },
  { name: 'SwitchWithPorts', method: 'get', path: '/api/switches/{id}' },
  { name: 'SwitchList', method: 'get', path: '/api/switches' },
  { name: 'TopologyNode', method: 'get', path: '/api/sites/{id}/topology', at: 'nodes[]' },
  { name: 'TopologyEdge', method: 'get', path: '/api/sites/{id}/topology', at: 'edges[]' },
  { name: 'Topology', method: 'get', path: '/api/sites/{id}/topology' },
  { name: 'PublicLink', method: 'get', path: '/api/public-links/{id}' },
  { name: 'NewPublicLink', method: 'post', path: '/api/switches/{id}/public-link' },
  { name: 'PublicLinkList', method: 'get', path: '/api/switches/{id}/public-links' },
  { name: 'PublicVlan', method: 'get', path: '/api/p/{token}', at: 'ports[].taggedVlans[]' },
  { name: 'PublicPort', method: 'get', path: '/api/p/{token}', at: 'ports[]' },
  { name: 'PublicSwitch', method: 'get', path: '/api/p/{token}' },
  { name: 'ActivityEntry', method: 'get', path: '/api/activity/{id}' },
  { name: 'ActivityPage', method: 'get', path: '/api/activity' },
  // A step `|N` is the Nth branch of an anyOf (or oneOf).
  { name: 'ObservedStateChange', method: 'get', path: '/api/ports/{id}/history', at: 'items[].|1' },
  { name: 'PortHistory', method: 'get', path: '/api/ports/{id}/history' },
  { name: 'SearchResult', method: 'get', path: '/api/search', at: 'results[]' },
  { name: 'SearchAnswer', method: 'get', path: '/api/search' },
  { name: 'EntityRef', method: 'get', path: '/api/checks', at: 'findings[].entities[]' },
  { name: 'Finding', method: 'get', path: '/api/checks', at: 'findings[]' },
  { name: 'ChecksAnswer', method: 'get', path: '/api/checks' },
  { name: 'Health', method: 'get', path: '/api/health' },
  { name: 'ProposalItem', method: 'get', path: '/api/discovery/{id}', at: 'proposal[]' },
  { name: 'DiscoveryRecord', method: 'get', path: '/api/discovery/{id}', omit: ['proposal'] },
  { name: 'Discovery', method: 'get', path: '/api/discovery/{id}' },
  { name: 'DiscoverySummary', method: 'get', path: '/api/discovery', at: 'items[]' },
  { name: 'DiscoveryList', method: 'get', path: '/api/discovery' },
  { name: 'DiscoveryApplied', method: 'post', path: '/api/discovery/{id}/apply' },
  { name: 'FdbEntry', method: 'get', path: '/api/switches/{id}/fdb', at: 'items[]' },
  { name: 'FdbList', method: 'get', path: '/api/switches/{id}/fdb' },
  { name: 'Counts', method: 'post', path: '/api/backup/import', at: 'restored' },
  { name: 'RestoreResult', method: 'post', path: '/api/backup/import' },
  { name: 'MergeResult', method: 'post', path: '/api/data/import' },
  { name: 'CsvImportResult', method: 'post', path: '/api/import/{entity}' },
  { name: 'NetboxImportResult', method: 'post', path: '/api/import/netbox' },
  { name: 'MigrationFix', method: 'get', path: '/api/migration', at: 'fixes[]' },
  { name: 'Migration', method: 'get', path: '/api/migration' },
  { name: 'PollingSchedule', method: 'get', path: '/api/sites/{id}/polling', at: 'schedule' },
  { name: 'PollState', method: 'post', path: '/api/switches/{id}/polling/run', omit: ['switchId', 'discoveryId'] },
  { name: 'CredentialSet', method: 'get', path: '/api/credentials/{id}' },
  { name: 'CredentialSetList', method: 'get', path: '/api/credentials' },
  { name: 'SwitchPolling', method: 'get', path: '/api/switches/{id}/polling' },
  { name: 'SitePolling', method: 'get', path: '/api/sites/{id}/polling' },
  { name: 'PolledSwitch', method: 'get', path: '/api/polling', at: 'items[]' },
  { name: 'PolledSwitchList', method: 'get', path: '/api/polling' },
  { name: 'PollOutcome', method: 'post', path: '/api/switches/{id}/polling/run' },
  { name: 'Sighting', method: 'get', path: '/api/sightings', at: 'items[]' },
  { name: 'SightingList', method: 'get', path: '/api/sightings' },
  { name: 'FreePort', method: 'get', path: '/api/switches/{id}/free-ports', at: 'items[]' },
  { name: 'FreePorts', method: 'get', path: '/api/switches/{id}/free-ports' },
  { name: 'Webhook', method: 'get', path: '/api/webhooks/{id}' },
  { name: 'WebhookList', method: 'get', path: '/api/webhooks' },
  { name: 'WebhookDelivery', method: 'get', path: '/api/webhooks/{id}/deliveries', at: 'items[]' },
  { name: 'WebhookDeliveryList', method: 'get', path: '/api/webhooks/{id}/deliveries' },
  { name: 'WebhookQueued', method: 'post', path: '/api/webhooks/{id}/test' },
  { name: 'ConfigVersion', method: 'get', path: '/api/switches/{id}/configs', at: 'items[]' },
  { name: 'ConfigVersionList', method: 'get', path: '/api/switches/{id}/configs' },
  { name: 'ConfigStored', method: 'post', path: '/api/switches/{id}/configs' },
  { name: 'Agent', method: 'get', path: '/api/agents', at: 'items[]' },
  { name: 'AgentList', method: 'get', path: '/api/agents' },
  { name: 'NewAgent', method: 'post', path: '/api/agents' },
];

/** Enumerations whose values the UI offers as choices (a property of a named type), written in the document's order. */
export const CHOICES: { name: string; type: string; property: string }[] = [
  { name: 'ROLES', type: 'User', property: 'role' },
  { name: 'SWITCH_STATUSES', type: 'Switch', property: 'status' },
  { name: 'ACTIVITY_KINDS', type: 'ActivityEntry', property: 'entityType' },
  { name: 'ACTIVITY_ACTIONS', type: 'ActivityEntry', property: 'action' },
];

/** The records whose answers derive from field declarations, and so from a table. */
const RECORDS: Resource[] = [SITE, VLAN, NETWORK, ADDRESS, RANGE, TEMPLATE, SWITCH, LAG, PORT, USER];

/** The fields every stored inventory record has (its id and its version fields), written once as `Stored`. */
const STORED = { name: 'Stored', properties: [...STORED_FIELDS, ...VERSION_FIELDS].map((field) => field.name) };

/** Answers of one shape around different items (the `items` array), written once as `name<T>` of the items' type. */
export const GENERICS: { name: string; properties: string[] }[] = [
  { name: 'ListPage', properties: ['items', 'total', 'totalExact', 'limit', 'offset'] },
  { name: 'CursorPage', properties: ['items', 'nextCursor'] },
];

/** Fields a client sends but the server never answers. */
export const WRITE_ONLY = ['password'];

/** Properties the server always sends although the answer's schema does not list them as required. */
export const ALWAYS_SENT: { method: string; path: string; at?: string; names: string[] }[] = [
  { method: 'get', path: '/api/users', names: ['items'] },
  { method: 'post', path: '/api/auth/login', names: ['user', 'token', 'expiresAt'] },
  { method: 'get', path: '/api/tokens', names: ['items'] },
  { method: 'get', path: '/api/tokens', at: 'items[]', names: ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt'] },
  { method: 'post', path: '/api/tokens', names: ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt', 'token'] },
  { method: 'get', path: '/api/ports/{id}/history', names: ['items', 'nextCursor'] },
  { method: 'get', path: '/api/health', names: ['status', 'version', 'schemaVersion', 'uptimeS', 'warnings'] },
  { method: 'post', path: '/api/backup/import', names: ['restored'] },
  { method: 'post', path: '/api/data/import', names: ['created', 'merged'] },
  { method: 'post', path: '/api/import/{entity}', names: ['created', 'ids'] },
  { method: 'post', path: '/api/import/netbox', names: ['created', 'merged', 'fixes', 'netbox'] },
];

/** The OpenAPI document as the server builds it (the version does not matter here). */
export function openApiDocument(): JsonSchema {
  return buildOpenApi(ALL_ROUTES, '0');
}

/** The JSON answer schema of an operation, or the part `at` names. */
export function answerSchema(doc: JsonSchema, method: string, path: string, at = ''): JsonSchema {
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const operation = paths[path]?.[method];
  if (!operation) throw new Error(`ui-types: no operation ${method.toUpperCase()} ${path}`);
  const success = Object.entries(operation.responses as Record<string, JsonSchema>).find(([status]) => status.startsWith('2'))?.[1];
  let schema = (success?.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
  if (!schema) throw new Error(`ui-types: ${method.toUpperCase()} ${path} answers no JSON`);
  for (const step of at.split('.').filter(Boolean)) {
    const branch = /^\|(\d+)$/.exec(step);
    if (branch) {
      schema = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined)?.[Number(branch[1])];
      if (!schema) throw new Error(`ui-types: ${method.toUpperCase()} ${path} has no ${at}`);
      continue;
    }
    const name = step.replace(/(\[\])+$/, '');
    schema = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
    for (let depth = (step.length - name.length) / 2; schema && depth > 0; depth--) schema = schema.items as JsonSchema | undefined;
    if (!schema) throw new Error(`ui-types: ${method.toUpperCase()} ${path} has no ${at}`);
  }
  return schema;
}

/** Columns that cannot hold NULL, per table, in the schema the migrations build. */
function notNullColumns(): Map<string, Set<string>> {
  const db = new DatabaseSync(':memory:');
  try {
    applyMigrations(db, join(ROOT, 'migrations'));
    const out = new Map<string, Set<string>>();
    for (const { table } of RECORDS) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; notnull: number; pk: number }[];
      out.set(table, new Set(columns.filter((c) => c.notnull || c.pk).map((c) => c.name)));
    }
    return out;
  } finally {
    db.close();
  }
}

const LINE_WIDTH = 140;

const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema) => new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an object schema is the answer of a record: it has a property for every field of it. */
function recordOf(schema: JsonSchema): Resource | undefined {
  const properties = schema.properties;
  if (!isObject(properties)) return undefined;
  return RECORDS.find((resource) => resource.fields.every((field) => field.name in properties));
}

function withoutNull(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  if (Array.isArray(out.type)) {
    const types = out.type.filter((type) => type !== 'null');
    out.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((value) => value !== null);
  return out;
}

/** A stored JSON field's schema, `oneOf: [its schema, { type: 'null' }]`, as its schema alone. */
function notNullBranch(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.oneOf)) return schema;
  const rest = (schema.oneOf as JsonSchema[]).filter((branch) => branch.type !== 'null');
  if (rest.length !== 1) return schema;
  const { oneOf: _dropped, ...others } = schema;
  return { ...others, ...rest[0] };
}

/** A record's answer made exact: nullable only where the column is, no write-only fields. */
function exactRecord(schema: JsonSchema, resource: Resource, notNull: Map<string, Set<string>>): JsonSchema {
  const columns = notNull.get(resource.table)!;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (WRITE_ONLY.includes(name)) continue;
    const field = resource.fields.find((f) => f.name === name);
    const neverNull = field && (field.column ? columns.has(field.column) : field.readOnly || field.default !== undefined);
    properties[name] = neverNull ? withoutNull(notNullBranch(property)) : property;
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((name) => name in properties) : schema.required;
  return { ...schema, properties, required };
}

/** A copy of the document with every record answer made exact and the ALWAYS_SENT properties required. */
export function exactDocument(doc: JsonSchema): JsonSchema {
  const notNull = notNullColumns();
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    const resource = recordOf(copy);
    return resource ? exactRecord(copy, resource, notNull) : copy;
  };
  const exact = walk(doc) as JsonSchema;
  for (const gap of ALWAYS_SENT) {
    const schema = answerSchema(exact, gap.method, gap.path, gap.at);
    const required = requiredOf(schema);
    for (const name of gap.names) required.add(name);
    schema.required = Object.keys(schema.properties as object).filter((name) => required.has(name));
  }
  return exact;
}

/** A TypeScript type for a JSON Schema; parts equal to a named type are written by its name. */
function typeOf(schema: JsonSchema, names: Map<string, string>, indent: string): string {
  const named = names.get(JSON.stringify(schema));
  if (named) return named;
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  const members = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(members)) return members.map((member) => typeOf(member, names, indent)).join(' | ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (types.length === 0) return 'unknown';
  return types
    .map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = typeOf((schema.items ?? {}) as JsonSchema, names, indent);
          // An object type, or a list of them, needs no parentheses (the formatter drops them); a union does.
          return /^[\w.]+(\[\])*$/.test(item) || oneObject(item.replace(/(\[\])+$/, '')) ? `${item}[]` : `(${item})[]`;
        }
        case 'object':
          return objectType(schema, names, indent);
        default:
          throw new Error(`ui-types: no TypeScript type for JSON type ${type}`);
      }
    })
    .join(' | ');
}

/** Whether a type is one object type `{ ... }` (its first brace closes at its end), not a union. */
function oneObject(type: string): boolean {
  if (!type.startsWith('{')) return false;
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    if (type[i] === '{') depth++;
    else if (type[i] === '}' && --depth === 0) return i === type.length - 1;
  }
  return false;
}

// Single quotes, as the formatter writes them.
function literal(value: unknown): string {
  return typeof value === 'string' && !/['\\\n]/.test(value) ? `'${value}'` : JSON.stringify(value);
}

function objectType(schema: JsonSchema, names: Map<string, string>, indent: string): string {
  const properties = Object.entries(propertiesOf(schema));
  if (properties.length === 0) return 'Record<string, unknown>';
  const required = requiredOf(schema);
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const head = `${inner}${name}${required.has(name) ? '' : '?'}:`;
    const type = typeOf(property, names, inner);
    // A union too long for one line goes one member a line, as the formatter (lines of 140) writes it.
    if (head.length + type.length + 2 <= LINE_WIDTH || /[{\n]/.test(type)) return `${head} ${type};`;
    return `${head}\n${type
      .split(' | ')
      .map((member) => `${inner}  | ${member}`)
      .join('\n')};`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The object schema of `names` only, as `schema` has them. */
function pick(schema: JsonSchema, names: string[]): JsonSchema {
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, properties[name]])),
    required: names.filter((name) => required.has(name)),
  };
}

/** Whether `schema` has every property of `base`, each the same and required alike. */
function extendsBase(schema: JsonSchema, base: JsonSchema): boolean {
  const [own, theirs] = [propertiesOf(schema), propertiesOf(base)];
  const [ownRequired, theirRequired] = [requiredOf(schema), requiredOf(base)];
  return Object.entries(theirs).every(
    ([name, property]) =>
      name in own && JSON.stringify(own[name]) === JSON.stringify(property) && ownRequired.has(name) === theirRequired.has(name),
  );
}

/** The generic of GENERICS that `schema` is an instance of, with its items' type name. */
function genericOf(schema: JsonSchema, names: Map<string, string>): { name: string; item: string } | undefined {
  const keys = Object.keys(propertiesOf(schema)).join();
  const generic = GENERICS.find((g) => g.properties.join() === keys);
  const item = names.get(JSON.stringify(propertiesOf(schema).items?.items));
  return generic && item ? { name: generic.name, item } : undefined;
}

/** The text of src/ui/api-types.ts. */
export function renderApiTypes(doc: JsonSchema = openApiDocument()): string {
  const exact = exactDocument(doc);
  const schemas = NAMED.map((n) => {
    const schema = answerSchema(exact, n.method, n.path, n.at);
    const omit = n.omit ?? [];
    return {
      name: n.name,
      schema: omit.length
        ? pick(
            schema,
            Object.keys(propertiesOf(schema)).filter((key) => !omit.includes(key)),
          )
        : schema,
    };
  });
  const names = new Map<string, string>();
  const out = [
    '// Generated by scripts/ui-types.ts from the OpenAPI document of the server: do not edit; run',
    '// `node scripts/ui-types.ts` after changing an answer of the API. The types of the answers the UI reads,',
    '// then the values of the enumerations it offers as choices.',
  ];
  // The bases an answer may extend: Stored, then each object type written before it.
  const bases: { name: string; schema: JsonSchema }[] = [];
  const record = schemas.find(({ schema }) => STORED.properties.every((name) => name in propertiesOf(schema)));
  if (record) {
    const stored = pick(record.schema, STORED.properties);
    out.push('', `export type ${STORED.name} = ${typeOf(stored, names, '')};`);
    bases.push({ name: STORED.name, schema: stored });
  }
  const genericBodies = new Map<string, string>();
  /** A named answer's type: an instance of a generic, a base & what it adds, or the whole object. */
  function declaration(schema: JsonSchema): string {
    const generic = genericOf(schema, names);
    if (generic) {
      // The body with the items' type as T: written once, and by name where another answer has the same.
      const body = typeOf(schema, new Map([...names, [JSON.stringify(propertiesOf(schema).items?.items), 'T']]), '');
      if (!genericBodies.has(generic.name)) {
        genericBodies.set(generic.name, body);
        out.push('', `export type ${generic.name}<T> = ${body};`);
      }
      if (genericBodies.get(generic.name) === body) return `${generic.name}<${generic.item}>`;
    }
    const base = bases
      .filter((b) => extendsBase(schema, b.schema))
      .sort((a, b) => Object.keys(propertiesOf(b.schema)).length - Object.keys(propertiesOf(a.schema)).length)[0];
    if (!base) return typeOf(schema, names, '');
    const inherited = Object.keys(propertiesOf(base.schema));
    const rest = pick(
      schema,
      Object.keys(propertiesOf(schema)).filter((key) => !inherited.includes(key)),
    );
    return `${base.name} & ${typeOf(rest, names, '')}`;
  }

  for (const { name, schema } of schemas) {
    out.push('', `export type ${name} = ${declaration(schema)};`);
    names.set(JSON.stringify(schema), name);
    if (schema.type === 'object' && Object.keys(propertiesOf(schema)).length > 1) bases.push({ name, schema });
  }
  for (const choice of CHOICES) {
    const schema = schemas.find((s) => s.name === choice.type)?.schema;
    const values = (schema?.properties as Record<string, JsonSchema> | undefined)?.[choice.property]?.enum;
    if (!Array.isArray(values)) throw new Error(`ui-types: ${choice.type}.${choice.property} is no enumeration`);
    const list = values.filter((value) => value !== null).map(literal);
    const head = `export const ${choice.name}: NonNullable<${choice.type}['${choice.property}']>[] =`;
    const line = `${head} [${list.join(', ')}];`;
    out.push('', line.length <= LINE_WIDTH ? line : `${head} [\n${list.map((value) => `  ${value},`).join('\n')}\n];`);
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(API_TYPES_FILE, renderApiTypes());
  console.log(`ui-types: wrote ${API_TYPES_FILE}`);
}
