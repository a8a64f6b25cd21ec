// Writes src/ui/api-types.ts, the types of the API's answers that the web UI reads, from the OpenAPI document
// the server builds out of its route tables and field declarations, so that the UI cannot drift from the API.
// `node scripts/ui-types.ts` rewrites the file; src/ui/api-types.test.ts fails while it is out of date.
//
// Where the document is looser than the server, the answers are made exact here, each way checked by the test:
// - a record's field is nullable in the document unless it has a default; here only where its column can hold
//   NULL (the migrated schema says so), and never for the fields the server computes (counts);
// - a record's write-only fields (User.password) are listed in its answers; they are left out here;
// - some hand-written answer schemas name no required properties; ALWAYS_SENT names those the server always sends.
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '../src/db/migrate.ts';
import type { JsonSchema, Resource } from '../src/fields/field.ts';
import { NETWORK } from '../src/fields/networks.ts';
import { PORT } from '../src/fields/ports.ts';
import { SITE } from '../src/fields/sites.ts';
import { SWITCH } from '../src/fields/switches.ts';
import { USER } from '../src/fields/users.ts';
import { ALL_ROUTES } from '../src/routes/index.ts';
import { buildOpenApi } from '../src/http/openapi.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the generated file goes. */
export const API_TYPES_FILE = join(ROOT, 'src', 'ui', 'api-types.ts');

/** One generated type: the answer of an operation, or a part of it (`at`: `items[]` is the items' element). */
type Named = { name: string; method: string; path: string; at?: string };

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
  { name: 'Network', method: 'get', path: '/api/networks/{id}' },
  { name: 'NetworkList', method: 'get', path: '/api/networks' },
  { name: 'Port', method: 'get', path: '/api/ports/{id}' },
  { name: 'PortList', method: 'get', path: '/api/switches/{id}/ports' },
  { name: 'Switch', method: 'patch', path: '/api/switches/{id}' },
  { name: 'SwitchWithPorts', method: 'get', path: '/api/switches/{id}' },
  { name: 'SwitchList', method: 'get', path: '/api/switches' },
  { name: 'ActivityEntry', method: 'get', path: '/api/activity/{id}' },
  { name: 'ActivityPage', method: 'get', path: '/api/activity' },
  { name: 'PortHistory', method: 'get', path: '/api/ports/{id}/history' },
  { name: 'SearchResult', method: 'get', path: '/api/search', at: 'results[]' },
  { name: 'SearchAnswer', method: 'get', path: '/api/search' },
  { name: 'EntityRef', method: 'get', path: '/api/checks', at: 'findings[].entities[]' },
  { name: 'Finding', method: 'get', path: '/api/checks', at: 'findings[]' },
  { name: 'ChecksAnswer', method: 'get', path: '/api/checks' },
  { name: 'Health', method: 'get', path: '/api/health' },
  { name: 'Counts', method: 'post', path: '/api/backup/import', at: 'restored' },
  { name: 'RestoreResult', method: 'post', path: '/api/backup/import' },
  { name: 'MergeResult', method: 'post', path: '/api/data/import' },
  { name: 'CsvImportResult', method: 'post', path: '/api/import/{entity}' },
];

/** Enumerations whose values the UI offers as choices (a property of a named type), written in the document's order. */
export const CHOICES: { name: string; type: string; property: string }[] = [
  { name: 'ROLES', type: 'User', property: 'role' },
  { name: 'SWITCH_STATUSES', type: 'Switch', property: 'status' },
  { name: 'ACTIVITY_KINDS', type: 'ActivityEntry', property: 'entityType' },
  { name: 'ACTIVITY_ACTIONS', type: 'ActivityEntry', property: 'action' },
];

/** The records whose answers derive from field declarations, and so from a table. */
const RECORDS: Resource[] = [SITE, NETWORK, SWITCH, PORT, USER];

/** Fields a client sends but the server never answers. */
export const WRITE_ONLY = ['password'];

/** Properties the server always sends although the answer's schema does not list them as required. */
export const ALWAYS_SENT: { method: string; path: string; at?: string; names: string[] }[] = [
  { method: 'get', path: '/api/users', names: ['items'] },
  { method: 'post', path: '/api/auth/login', names: ['user', 'token', 'expiresAt'] },
  { method: 'get', path: '/api/switches/{id}', names: ['ports'] },
  { method: 'get', path: '/api/tokens', names: ['items'] },
  { method: 'get', path: '/api/tokens', at: 'items[]', names: ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt'] },
  { method: 'post', path: '/api/tokens', names: ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt', 'token'] },
  { method: 'get', path: '/api/ports/{id}/history', names: ['items', 'nextCursor'] },
  { method: 'get', path: '/api/health', names: ['status', 'version', 'schemaVersion', 'uptimeS', 'warnings'] },
  { method: 'post', path: '/api/backup/import', names: ['restored'] },
  { method: 'post', path: '/api/data/import', names: ['created', 'merged', 'warnings'] },
  { method: 'post', path: '/api/import/{entity}', names: ['created', 'ids'] },
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
    const name = step.replace(/\[\]$/, '');
    schema = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
    if (schema && step.endsWith('[]')) schema = schema.items as JsonSchema | undefined;
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

/** A record's answer made exact: nullable only where the column is, no write-only fields. */
function exactRecord(schema: JsonSchema, resource: Resource, notNull: Map<string, Set<string>>): JsonSchema {
  const columns = notNull.get(resource.table)!;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (WRITE_ONLY.includes(name)) continue;
    const field = resource.fields.find((f) => f.name === name);
    const neverNull = field && (field.column ? columns.has(field.column) : field.readOnly || field.default !== undefined);
    properties[name] = neverNull ? withoutNull(property) : property;
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
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
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
          return /^[\w.]+$/.test(item) ? `${item}[]` : `(${item})[]`;
        }
        case 'object':
          return objectType(schema, names, indent);
        default:
          throw new Error(`ui-types: no TypeScript type for JSON type ${type}`);
      }
    })
    .join(' | ');
}

// Single quotes, as the formatter writes them.
function literal(value: unknown): string {
  return typeof value === 'string' && !/['\\\n]/.test(value) ? `'${value}'` : JSON.stringify(value);
}

function objectType(schema: JsonSchema, names: Map<string, string>, indent: string): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) return 'Record<string, unknown>';
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
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

/** The text of src/ui/api-types.ts. */
export function renderApiTypes(doc: JsonSchema = openApiDocument()): string {
  const exact = exactDocument(doc);
  const schemas = NAMED.map((n) => ({ name: n.name, schema: answerSchema(exact, n.method, n.path, n.at) }));
  const names = new Map<string, string>();
  const out = [
    '// Generated by scripts/ui-types.ts from the OpenAPI document of the server: do not edit; run',
    '// `node scripts/ui-types.ts` after changing an answer of the API. The types of the answers the UI reads,',
    '// then the values of the enumerations it offers as choices.',
  ];
  for (const { name, schema } of schemas) {
    out.push('', `export type ${name} = ${typeOf(schema, names, '')};`);
    names.set(JSON.stringify(schema), name);
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
