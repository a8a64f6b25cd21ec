// What the route table of the migration's summary (routes/migration.ts) names: the last legacy migration and its fixes.
import type { JsonSchema } from '../../fields/field.ts';

/** The kinds of record a fix can be about; null for a fix of a record that was not migrated. */
export const FIXED_KINDS = ['site', 'vlan', 'network', 'switch', 'port', 'address', 'range', 'template', 'lag', 'user'] as const;

const VALUE: JsonSchema = { description: 'A value as the 0.20.x file held it, or as the migration left it (null: dropped).' };

/** One value the migration fixed, with the record it is about. */
const FIX_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['kind', 'recordId', 'recordName', 'recordPath', 'parentName', 'file', 'legacyId', 'field', 'apiField', 'from', 'to', 'reason'],
  properties: {
    kind: { type: ['string', 'null'], enum: [...FIXED_KINDS, null], description: 'The kind of the record; null when it was not migrated.' },
    recordId: { type: ['string', 'null'], format: 'uuid' },
    recordName: { type: ['string', 'null'], description: 'Its name as the migration left it (a VLAN `190 (Users)`, an address itself).' },
    recordPath: { type: ['string', 'null'], description: "The UI's page of the record (a port: its switch's page with ?port=)." },
    parentName: { type: ['string', 'null'], description: "The name of a port's or LAG's switch, or an address's or range's network." },
    file: { type: 'string', description: 'The 0.20.x file the value was in.' },
    legacyId: { type: 'string', description: "The record's id in that file (a port's: its switch's)." },
    field: { type: 'string', description: "The field in the file's names (`ports[3].access_vlan`)." },
    apiField: { type: ['string', 'null'], description: "The field in the API's names (untaggedVlanId), when it has one." },
    from: VALUE,
    to: VALUE,
    reason: { type: 'string' },
    code: { type: 'string', description: 'The form of the reason (lib/message-forms.ts FIX_FORMS), when it has one; with params.' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'The values the reason is worded from.' },
  },
};

/** The answer of GET /api/migration. */
export const MIGRATION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['at', 'counts', 'fixes'],
  properties: {
    at: { type: 'string', format: 'date-time', description: 'When the migration ran.' },
    counts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'How many records of each kind came across.' },
    fixes: { type: 'array', items: FIX_SCHEMA, description: 'Every value fixed, in the order they were logged (`value fixed` lines).' },
  },
};
