import type { Field, Resource } from '../fields/field.ts';

// SQLite serialises records itself (json_object) for the backup export and the JSON list pages: one string
// per chunk or page instead of a JavaScript object per row and its serialisation. The keys derive from the
// field declarations. SQLite has no boolean type (0/1 columns would come out as numbers), hence jsonBool; a
// `json` field's column holds JSON text, which json() marks as JSON (json_object would quote it as a string).

/** SQL whose value is JSON true when `condition` holds, else JSON false. */
export function jsonBool(condition: string): string {
  return `CASE WHEN ${condition} THEN json('true') ELSE json('false') END`;
}

/** The JSON of one column's value in json_object: booleans as true/false, a `json` field as the JSON it holds. */
export function columnJson(field: Field, column: string): string {
  if (field.type === 'boolean') return jsonBool(`${column} = 1`);
  if (field.type === 'json') return `json(${column})`;
  return column;
}

/**
 * The json_object(…) of one record of `resource`: every field with a column, read from the row `alias`, then
 * the fields without one that `computed` has SQL for, each in declaration order (the order of the API answers).
 */
export function recordJson(resource: Resource, alias: string, computed: Record<string, string> = {}): string {
  const pairs: string[] = [];
  for (const field of resource.fields) {
    if (!field.column) continue;
    const column = `${alias}.${field.column}`;
    pairs.push(`'${field.name}', ${columnJson(field, column)}`);
  }
  for (const field of resource.fields) {
    if (!field.column && computed[field.name] !== undefined) pairs.push(`'${field.name}', ${computed[field.name]}`);
  }
  return `json_object(${pairs.join(', ')})`;
}
