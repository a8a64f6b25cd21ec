// JSON Schemas of the data-management documents, for the OpenAPI document; derived from the field declarations.
import { ACTIVITY_ENTRY_FIELDS } from '../db/activity.ts';
import { DOCUMENT_KINDS } from '../db/read/backup.ts';
import { KIND_OF, KIND_PLURALS, RESOURCES, type KindPlural } from '../db/images.ts';
import { columnFields, resourceSchema, type JsonSchema } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { LEGACY_KINDS } from '../legacy/types.ts';

/** `{ users: n, sites: n, … }`. */
export const COUNTS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, { type: 'integer', minimum: 0 }])),
};

/** What a fix of a merge names, in the words of the import that made it: its file, its record's id, the record. */
export interface FixDescriptions {
  file: string;
  id: string;
  record: string;
}

/** The fixes of a merge's answer (the data import's and the NetBox import's): each change the merge made to a record, and why. */
export function mergeFixesSchema(described: FixDescriptions): JsonSchema {
  return {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        file: { type: 'string', description: described.file },
        id: { type: 'string', description: described.id },
        record: { type: 'string', description: described.record },
        field: { type: 'string' },
        from: {},
        to: {},
        reason: { type: 'string' },
      },
    },
  };
}

function storedSchema(kind: KindPlural): JsonSchema {
  const resource = RESOURCES[KIND_OF[kind]];
  const stored = { ...resource, fields: resource.fields.filter((field) => field.column || field.type === 'uuid-list') };
  return resourceSchema(stored);
}

const USER_RECORD: JsonSchema = (() => {
  const schema = resourceSchema({ ...USER, fields: columnFields(USER) });
  const properties = {
    ...(schema.properties as Record<string, JsonSchema>),
    passwordHash: {
      type: 'string',
      description:
        '$scrypt$ln=15,r=8,p=1$<salt>$<hash>: a 16-byte salt and a 64-byte hash in base64, with the cost this service writes ' +
        '(ln=15,r=8,p=1) or ln=14,r=8,p=1 (taken in by earlier releases); or bcrypt as 0.20.x wrote it ($2a$, $2b$ or $2y$, cost 04 to 12, ' +
        '53 characters of salt and hash), rewritten as scrypt at the next sign-in. Any other is refused.',
    },
    version: { type: 'integer' },
  };
  return { ...schema, properties };
})();

const ACTIVITY_RECORD: JsonSchema = {
  type: 'object',
  description:
    'An activity entry as GET /api/activity answers it, plus undoData (the before/after images an undo needs, or null). ' +
    "Every image is checked as an undo would write it: the columns of its kind only (a port's and a LAG's also `tagged`, " +
    "a switch's `configured`), each value as the API stores it after its field rules, and the rules across fields; " +
    'a fault refuses the document (`data.activity[3].undoData.before.switch.<id>.macAddress`).',
  properties: Object.fromEntries([...ACTIVITY_ENTRY_FIELDS, 'undoData'].map((name) => [name, {}])),
};

/** The db-v1 backup document. */
export const DOCUMENT_SCHEMA_JSON: JsonSchema = {
  type: 'object',
  required: ['schema', 'data'],
  properties: {
    schema: { const: 'db-v1' },
    schemaVersion: {
      type: 'integer',
      description:
        'The database schema version the document was written at (the highest applied migration). Left out by 0.26.0 and earlier: ' +
        'such a document (or one below 6) is converted as migration 0006 converts a database.',
    },
    app: { const: 'switchyard' },
    appVersion: { type: 'string' },
    exportedAt: { type: 'string', format: 'date-time' },
    counts: COUNTS_SCHEMA,
    data: {
      type: 'object',
      properties: {
        users: { type: 'array', items: USER_RECORD },
        ...Object.fromEntries(KIND_PLURALS.map((kind) => [kind, { type: 'array', items: storedSchema(kind) }])),
        activity: { type: 'array', items: ACTIVITY_RECORD },
      },
    },
  },
};

/** A bundle of 0.20.x legacy files (LEGACY.md). */
export const LEGACY_BUNDLE_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'The contents of the files ezSWM 0.20.x wrote (LEGACY.md), by file name without .json: ' +
    'each the JSON array of records of that file (snake_case fields, nanoid ids).',
  properties: Object.fromEntries(LEGACY_KINDS.map((kind) => [kind, {}])),
};
