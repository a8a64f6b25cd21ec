import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { TEMPLATE } from '../fields/templates.ts';
import type { TemplateUnits } from '../lib/port-layout.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { insertRow, updateRow } from './resource-sql.ts';

// Layout templates (docs/LAGS-TEMPLATES.md): a switch model's front panel as units of blocks, stored as checked
// JSON (src/lib/port-layout.ts). portCount and switchCount are computed: the ports it makes for a switch of its
// units (every block of every unit: a one-unit template for one member makes them all), the switches made from it.

/** A templates row with its counts. */
export type TemplateRow = RowOf<typeof TEMPLATE> & { port_count: number; switch_count: number };

/** The editable columns of a template. */
export type TemplateValues = EditableRowOf<typeof TEMPLATE>;

const PORT_COUNT = `(SELECT coalesce(sum(json_extract(b.value, '$.count')), 0) FROM json_each(t.units) u, json_each(u.value) b)`;
const SWITCH_COUNT = '(SELECT count(*) FROM switches w WHERE w.template_id = t.id)';

const TEMPLATE_LIST: ListShape = {
  resource: TEMPLATE,
  alias: 't',
  computed: {
    portCount: { sql: PORT_COUNT, name: 'port_count' },
    switchCount: { sql: SWITCH_COUNT, name: 'switch_count' },
  },
  defaultOrder: 't.name, t.id',
};

/** One template by id, with its counts. */
export function getTemplate(db: Db, id: string): TemplateRow | undefined {
  return prepare(db, `${rowsSelect(TEMPLATE_LIST)} WHERE t.id = ?`).get(id) as TemplateRow | undefined;
}

/** The units of a template (its stored, checked form), or undefined when there is no such template. */
export function templateUnitsOf(db: Db, id: string): TemplateUnits | undefined {
  const row = prepare(db, 'SELECT units FROM templates WHERE id = ?').get(id) as { units: string } | undefined;
  return row && (JSON.parse(row.units) as TemplateUnits);
}

/** The id of the template with this name (case-insensitive), other than `exceptId`. */
export function templateIdByName(db: Db, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM templates WHERE name = ? COLLATE NOCASE AND id <> ?').get(name, exceptId) as
    | { id: string }
    | undefined;
  return row?.id;
}

/** How many switches were made from a template. */
export function countSwitchesOfTemplate(db: Db, id: string): number {
  return (prepare(db, 'SELECT count(*) AS n FROM switches WHERE template_id = ?').get(id) as { n: number }).n;
}

/** One page of templates and the total matching the same search. */
export function listTemplates(db: Db, list: ListParams): { rows: TemplateRow[]; total: number } {
  return readRowsPage(db, TEMPLATE_LIST, buildListQuery(TEMPLATE_LIST, list)) as { rows: TemplateRow[]; total: number };
}

/** The same page of templates as listTemplates, serialised as the API's JSON items by SQLite. */
export function listTemplatesJson(db: Db, list: ListParams): JsonPage {
  return readJsonPage(db, TEMPLATE_LIST, buildListQuery(TEMPLATE_LIST, list));
}

/** Stores a new template. */
export function insertTemplate(db: Db, id: string, values: TemplateValues, now: string): void {
  insertRow(db, TEMPLATE, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a template's editable columns and raises its version. */
export function updateTemplate(db: Db, id: string, values: TemplateValues, now: string): void {
  updateRow(db, TEMPLATE, id, values, now);
}

/** Deletes a template after recording it (the caller has made sure no switch refers to it). */
export function removeTemplate(change: Change, id: string): void {
  change.touch('template', id);
  deleteEntity(change.db, 'template', id);
}

/** A template as the API answers it, with its port and switch counts. */
export function templateToApi(row: TemplateRow): ApiRecord {
  return { ...apiOf(TEMPLATE, row), portCount: row.port_count, switchCount: row.switch_count };
}
