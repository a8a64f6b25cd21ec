import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { TEMPLATE } from '../fields/templates.ts';
import type { TemplateUnits } from '../lib/port-layout.ts';
import type { Change } from './change.ts';
import { removeEntity } from './images.ts';
import { buildListQuery, namedCounts, pageReads, rowById, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { idWhere } from './resource-sql.ts';

// Layout templates (docs/LAGS-TEMPLATES.md): a switch model's front panel as units of blocks, stored as checked
// JSON (src/lib/port-layout.ts). portCount and switchCount are computed: the ports it makes for a switch of its
// units (every block of every unit: a one-unit template for one member makes them all), the switches made from it.

/** A templates row with its counts. */
export type TemplateRow = RowOf<typeof TEMPLATE> & { port_count: number; switch_count: number };

/** The editable columns of a template. */
export type TemplateValues = EditableRowOf<typeof TEMPLATE>;

const TEMPLATE_LIST: ListShape = {
  resource: TEMPLATE,
  alias: 't',
  computed: namedCounts({
    portCount: `(SELECT coalesce(sum(json_extract(b.value, '$.count')), 0) FROM json_each(t.units) u, json_each(u.value) b)`,
    switchCount: '(SELECT count(*) FROM switches w WHERE w.template_id = t.id)',
  }),
  defaultOrder: 't.name, t.id',
};

/** One template by id, with its counts. */
export const getTemplate = (db: Db, id: string) => rowById<TemplateRow>(db, TEMPLATE_LIST, id);

/** The units of a template (its stored, checked form), or undefined when there is no such template. */
export function templateUnitsOf(db: Db, id: string): TemplateUnits | undefined {
  const row = prepare(db, 'SELECT units FROM templates WHERE id = ?').get(id) as { units: string } | undefined;
  return row && (JSON.parse(row.units) as TemplateUnits);
}

/** The id of the template with this name (case-insensitive), other than `exceptId`. */
export const templateIdByName = (db: Db, name: string, exceptId = '') => idWhere(db, TEMPLATE, { name }, exceptId);

/** How many switches were made from a template. */
export function countSwitchesOfTemplate(db: Db, id: string): number {
  return (prepare(db, 'SELECT count(*) AS n FROM switches WHERE template_id = ?').get(id) as { n: number }).n;
}

const TEMPLATE_PAGES = pageReads<TemplateRow, void>((_db, list) => ({ shape: TEMPLATE_LIST, query: buildListQuery(TEMPLATE_LIST, list) }));

/** One page of templates and the total matching the same search. */
export const listTemplates = TEMPLATE_PAGES.rows;

/** The same page of templates as listTemplates, serialised as the API's JSON items by SQLite. */
export const listTemplatesJson = TEMPLATE_PAGES.json;

/** Deletes a template after recording it (the caller has made sure no switch refers to it). */
export const removeTemplate = (change: Change, id: string) => removeEntity(change, 'template', id);

/** A template as the API answers it, with its port and switch counts. */
export function templateToApi(row: TemplateRow): ApiRecord {
  return { ...apiOf(TEMPLATE, row), portCount: row.port_count, switchCount: row.switch_count };
}
