// Layout templates (docs/LAGS-TEMPLATES.md): names unique (409 name_taken); their units cannot change, and they
// cannot be deleted, while switches are made from them (409 template_in_use). Faults of units name the block.
import type { Actor } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import {
  countSwitchesOfTemplate,
  getTemplate,
  removeTemplate,
  templateIdByName,
  templateToApi,
  type TemplateRow,
  type TemplateValues,
} from '../db/templates.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { faultOf, isPlainObject, validateInput } from '../fields/field.ts';
import { TEMPLATE } from '../fields/templates.ts';
import { counted } from '../lib/counted.ts';
import { checkTemplateUnits, layOutPorts, type TemplateUnits } from '../lib/port-layout.ts';
import { createRecord, refuseClashes, refuseInvalid, writesOf, type DomainKind, type Writes } from './save.ts';

const TEMPLATES: DomainKind<TemplateRow, TemplateValues> = {
  resource: TEMPLATE,
  toApi: templateToApi,
  fieldFaults: unitFaults,
  clashes: (db, values, id) => nameClashes(db, values.name, id),
  refuseUpdate: (db, row, values) => {
    // Compared as JSON values: stored text written by another tool may be spelled otherwise.
    if (values.units === JSON.stringify(JSON.parse(row.units))) return;
    const switches = countSwitchesOfTemplate(db, row.id);
    if (switches > 0) throw templateInUse(row, switches, 'units', 'its units cannot change; duplicate it and change the copy');
  },
  entity: (template) => ({ name: template.name, siteId: null, label: template.name }),
};

/** The writes of templates; a delete of one that switches are made from: 409 template_in_use. */
export const TEMPLATE_WRITES: Writes<undefined, void, string> = writesOf(TEMPLATES, getTemplate, (change, template) => {
  const switches = countSwitchesOfTemplate(change.db, template.id);
  if (switches > 0) throw templateInUse(template, switches, 'id', 'delete or re-create them first');
  removeTemplate(change, template.id);
  return '';
});

/** Creates a template of a NetBox device type; `summaryEnd` ends the entry's summary (" from a NetBox device type"). */
export function createImportedTemplate(db: Db, actor: Actor, input: unknown, summaryEnd: string): string {
  return createRecord(db, actor, { ...TEMPLATES, onCreate: () => ({ summaryEnd }) }, input);
}

/** The template a create of the input would store (a dry run): its fields and counts, without id, version or times. */
export function previewTemplate(db: Db, input: unknown): Record<string, unknown> {
  const { values, faults } = validateInput(TEMPLATE, input, 'create');
  refuseInvalid(faults.length ? unitFaults(input, faults) : []);
  refuseClashes(nameClashes(db, values.name as string));
  const units = values.units as TemplateUnits;
  return { ...values, portCount: layOutPorts(units, units.length).length, switchCount: 0 };
}

function nameClashes(db: Db, name: string, id = ''): FieldFault[] {
  return templateIdByName(db, name, id) ? [faultOf('name', 'template_name_taken', { name })] : [];
}

/**
 * The faults of a template's input; those of `units` each at its own path below it (`units[0][2].namePattern`),
 * as checkTemplateUnits finds them, instead of one fault for the whole list.
 */
function unitFaults(input: unknown, faults: FieldFault[]): FieldFault[] {
  const units = isPlainObject(input) && input.units != null ? checkTemplateUnits(input.units) : undefined;
  if (!units || units.ok || !faults.some((fault) => fault.field === 'units')) return faults;
  const each = units.faults.map((fault) => ({ field: `units${fault.path}`, message: fault.message }));
  return [...faults.filter((fault) => fault.field !== 'units'), ...each];
}

function templateInUse(row: TemplateRow, switches: number, field: string, what: string): Refusal {
  const count = counted(switches, 'switch', 'switches');
  return new Refusal('conflict', 'template_in_use', `Template "${row.name}" is in use: ${count} made from it; ${what}.`, [
    { field, message: `${count} made from the template` },
  ]);
}
