import {
  countSwitchesOfTemplate,
  getTemplate,
  insertTemplate,
  listTemplates,
  listTemplatesJson,
  removeTemplate,
  templateIdByName,
  templateToApi,
  updateTemplate,
  type TemplateRow,
  type TemplateValues,
} from '../db/templates.ts';
import { HttpError, uniquenessConflict, validationFailed } from '../errors/http-error.ts';
import { inputSchema, isPlainObject, resourceSchema, validateInput } from '../fields/field.ts';
import { TEMPLATE } from '../fields/templates.ts';
import { counted } from '../http/inventory-edits.ts';
import { inventoryCreate, inventoryDelete, inventoryGet, inventoryList, inventoryUpdate } from '../http/inventory-handlers.ts';
import type { EditedKind } from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { flag, wantsCsv } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { NETBOX_FILE_LIMITS, templateFromNetbox } from '../import/netbox-devicetype.ts';
import { checkTemplateUnits, layOutPorts, type TemplateUnits } from '../lib/port-layout.ts';
import { TEMPLATE_IMPORT_ANSWER } from './schemas/templates.ts';

/** The routes of layout templates (docs/LAGS-TEMPLATES.md): switch models' front panels that switches get their ports from. */
export const TEMPLATE_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/templates',
    access: 'viewer',
    handler: templatesList,
    summary: 'List layout templates, by name (q searches name, vendor, model and description); JSON only: templates have no CSV layout.',
    doc: { response: listSchema(TEMPLATE), query: LIST_QUERY_DOC.filter((parameter) => parameter.name !== 'format') },
  },
  {
    method: 'POST',
    path: '/api/templates',
    access: 'editor',
    handler: templateCreate,
    body: { accepts: 'json' },
    summary:
      'Create a layout template; names are unique (409 name_taken). ' +
      'The JSON of GET /api/templates/{id} is accepted as it is (its read-only fields are ignored): ' +
      'that is duplicate, export and import. Faults of units name the block (units[0][2].namePattern).',
    doc: { request: inputSchema(TEMPLATE, 'create'), response: resourceSchema(TEMPLATE), status: 201 },
  },
  {
    method: 'POST',
    path: '/api/templates/import',
    access: 'editor',
    handler: templateImport,
    body: { accepts: 'yaml', limit: NETBOX_FILE_LIMITS.bytes },
    summary:
      'Make a template of a NetBox device-type YAML file (application/yaml, application/x-yaml, text/yaml or text/plain): ' +
      'interfaces then console ports become blocks; what makes no port is listed in skipped. ' +
      'The name is "<manufacturer> <model>" unless ?name= gives one (409 name_taken); ?dryRun=true answers 200 without storing, else 201 with Location. ' +
      `A file of more than ${NETBOX_FILE_LIMITS.bytes / 1024} KiB is refused with 413; with 400 one of more than ${NETBOX_FILE_LIMITS.tokens} YAML tokens, ` +
      `nested more than ${NETBOX_FILE_LIMITS.depth} deep, with more than ${NETBOX_FILE_LIMITS.aliases} aliases or tags, ` +
      `or whose aliases expand it past ${NETBOX_FILE_LIMITS.nodes} nodes.`,
    doc: {
      request: {
        type: 'string',
        description: `The device type as NetBox writes it (manufacturer, model, interfaces, console-ports, …), at most ${NETBOX_FILE_LIMITS.bytes} bytes.`,
      },
      response: TEMPLATE_IMPORT_ANSWER,
      status: 201,
      query: [
        {
          name: 'name',
          schema: { type: 'string', minLength: 1, maxLength: 100 },
          description: "The template's name instead of manufacturer and model.",
        },
        { name: 'dryRun', schema: { type: 'boolean' }, description: 'Answer 200 with the template it would make, storing nothing.' },
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/templates/:id',
    access: 'viewer',
    handler: templateGet,
    summary: 'One layout template, with its ETag.',
    doc: { response: resourceSchema(TEMPLATE) },
  },
  {
    method: 'PATCH',
    path: '/api/templates/:id',
    access: 'editor',
    handler: templateUpdate,
    body: { accepts: 'json' },
    summary:
      'Change a template (If-Match honoured). Its units cannot change while switches are made from it (409 template_in_use: ' +
      'their panels are drawn from them); name, vendor, model and description can.',
    doc: { request: inputSchema(TEMPLATE, 'patch'), response: resourceSchema(TEMPLATE) },
  },
  {
    method: 'DELETE',
    path: '/api/templates/:id',
    access: 'editor',
    handler: templateDelete,
    summary: 'Delete a template; one that switches are made from: 409 template_in_use.',
    doc: { status: 204 },
  },
];

/** Templates as the shared handlers (http/inventory-handlers.ts) take them: of no site. */
const TEMPLATES: EditedKind<TemplateRow, TemplateValues, undefined> = {
  resource: TEMPLATE,
  path: '/api/templates',
  get: getTemplate,
  toApi: templateToApi,
  listJson: listTemplatesJson,
  list: listTemplates,
  csv: () => {
    throw noCsv();
  },
  insert: insertTemplate,
  update: updateTemplate,
  clashes: (db, values, id) =>
    templateIdByName(db, values.name, id) ? [{ field: 'name', message: `a template named "${values.name}" exists` }] : [],
  refuseUpdate: (db, row, values) => {
    // Compared as JSON values: stored text written by another tool may be spelled otherwise.
    if (values.units === JSON.stringify(JSON.parse(row.units))) return;
    const switches = countSwitchesOfTemplate(db, row.id);
    if (switches > 0) throw templateInUse(row, switches, 'units', 'its units cannot change; duplicate it and change the copy');
  },
  entity: (template) => ({ name: template.name, siteId: null, label: template.name }),
};

function templatesList(ctx: Ctx) {
  if (wantsCsv(ctx)) throw noCsv();
  return inventoryList(ctx, TEMPLATES, listRequest(ctx, TEMPLATE), undefined);
}

function templateGet(ctx: Ctx) {
  return inventoryGet(ctx, TEMPLATES);
}

function templateCreate(ctx: Ctx) {
  refuseFaults(ctx.body, 'create');
  return inventoryCreate(ctx, TEMPLATES);
}

function templateUpdate(ctx: Ctx) {
  refuseFaults(ctx.body, 'patch');
  return inventoryUpdate(ctx, TEMPLATES);
}

function templateDelete(ctx: Ctx) {
  return inventoryDelete(ctx, TEMPLATES, (change, row) => {
    const switches = countSwitchesOfTemplate(change.db, row.id);
    if (switches > 0) throw templateInUse(row, switches, 'id', 'delete or re-create them first');
    removeTemplate(change, row.id);
    return '';
  });
}

/**
 * A NetBox device type (the YAML file) as a template: converted by import/netbox-devicetype.ts, named by ?name= when
 * given, then checked and stored as a POST of its JSON would be (one create entry); ?dryRun=true stores nothing.
 */
function templateImport(ctx: Ctx): Reply {
  const converted = templateFromNetbox(ctx.body as string);
  if (!converted.ok) throw validationFailed(converted.faults, 'The file is not a NetBox device type that makes a template.');
  const name = ctx.query.get('name');
  const body: Record<string, unknown> = { ...converted.template, ...(name !== null ? { name } : {}) };
  refuseFaults(body, 'create');
  const skipped = converted.skipped;
  if (flag(ctx, 'dryRun')) return { status: 200, body: { ...preview(ctx, body), skipped } };
  const kind: EditedKind<TemplateRow, TemplateValues, undefined> = {
    ...TEMPLATES,
    onCreate: () => ({
      summaryEnd: ` from a NetBox device type${skipped.length ? ` (${counted(skipped.length, 'interface')} skipped)` : ''}`,
    }),
  };
  const reply = inventoryCreate({ ...ctx, body }, kind);
  return { ...reply, body: { ...(reply.body as Record<string, unknown>), skipped } };
}

/** The template an import would store (a dry run): its fields and counts, without id, version or times; 409 for a name taken. */
function preview(ctx: Ctx, body: Record<string, unknown>): Record<string, unknown> {
  const { values } = validateInput(TEMPLATE, body, 'create');
  const clash = templateIdByName(ctx.app.db, values.name as string);
  if (clash) throw uniquenessConflict([{ field: 'name', message: `a template named "${values.name}" exists` }]);
  const units = values.units as TemplateUnits;
  return { ...values, portCount: layOutPorts(units, units.length).length, switchCount: 0 };
}

/**
 * 400 with every fault of a template's body; the faults of `units` each at its own path below it
 * (`units[0][2].namePattern`), as checkTemplateUnits finds them, instead of one fault for the whole list.
 */
function refuseFaults(body: unknown, mode: 'create' | 'patch'): void {
  const { faults } = validateInput(TEMPLATE, body, mode);
  if (faults.length === 0) return;
  const units = isPlainObject(body) && body.units != null ? checkTemplateUnits(body.units) : undefined;
  if (!units || units.ok || !faults.some((fault) => fault.field === 'units')) throw validationFailed(faults);
  const unitFaults = units.faults.map((fault) => ({ field: `units${fault.path}`, message: fault.message }));
  throw validationFailed([...faults.filter((fault) => fault.field !== 'units'), ...unitFaults]);
}

function templateInUse(row: TemplateRow, switches: number, field: string, what: string): HttpError {
  const count = counted(switches, 'switch', 'switches');
  return new HttpError(409, 'template_in_use', `Template "${row.name}" is in use: ${count} made from it; ${what}.`, [
    { field, message: `${count} made from the template` },
  ]);
}

function noCsv(): HttpError {
  return new HttpError(400, 'validation_failed', 'Templates have no CSV layout (their units are JSON); ask for JSON.', [
    { field: 'format', message: 'must be json: templates have no CSV layout' },
  ]);
}
