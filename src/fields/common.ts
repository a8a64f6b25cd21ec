import type { Field } from './field.ts';

/** The fields every stored inventory resource has: id, version and the two timestamps. */
export const STORED_FIELDS: readonly Field[] = [
  { name: 'id', column: 'id', type: 'uuid', readOnly: true, description: 'Lower-case UUIDv4.', csv: true, sortable: false },
];

/** version, createdAt and updatedAt, read-only, at the end of each resource. */
export const VERSION_FIELDS: readonly Field[] = [
  {
    name: 'version',
    column: 'version',
    type: 'integer',
    readOnly: true,
    csv: false,
    description: 'Starts at 1, raised by every change; sent as ETag.',
  },
  { name: 'createdAt', column: 'created_at', type: 'timestamp', readOnly: true, csv: false, sortable: true, description: 'ISO 8601 UTC.' },
  { name: 'updatedAt', column: 'updated_at', type: 'timestamp', readOnly: true, csv: false, sortable: true, description: 'ISO 8601 UTC.' },
];

/** Optional free text of up to `maxLength` characters. */
export function optionalText(name: string, column: string, maxLength: number, description: string, extra: Partial<Field> = {}): Field {
  return { name, column, type: 'text', maxLength, description, searchable: true, ...extra };
}
