import { getTemplate, listTemplates, listTemplatesJson, templateToApi } from '../db/templates.ts';
import { TEMPLATE_WRITES, createImportedTemplate, previewTemplate } from '../domain/templates.ts';
import { validationFailed } from '../errors/http-error.ts';
import { TEMPLATE } from '../fields/templates.ts';
import { counted } from '../lib/counted.ts';
import { created, etag } from '../http/answers.ts';
import { actorOf, flag } from '../http/request.ts';
import { resourceRoutes } from '../http/resource-routes.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { NETBOX_FILE_LIMITS } from '../import/netbox-limits.ts';
import { TEMPLATE_IMPORT_ANSWER } from './schemas/templates.ts';

/** The routes of layout templates (docs/LAGS-TEMPLATES.md): switch models' front panels that switches get their ports from. */
export const TEMPLATE_ROUTES: Route[] = [
  ...resourceRoutes({
    resource: TEMPLATE,
    reads: { get: getTemplate, toApi: templateToApi, listJson: listTemplatesJson, list: listTemplates },
    lists: [
      {
        summary:
          'List layout templates, by name (q searches name, vendor, model and description); JSON only: templates have no CSV layout.',
        filter: () => undefined,
      },
    ],
    summaries: {
      create:
        'Create a layout template; names are unique (409 name_taken). ' +
        'The JSON of GET /api/templates/{id} is accepted as it is (its read-only fields are ignored): ' +
        'that is duplicate, export and import. Faults of units name the block (units[0][2].namePattern).',
      get: 'One layout template, with its ETag.',
      update:
        'Change a template (If-Match honoured). Its units cannot change while switches are made from it (409 template_in_use: ' +
        'their panels are drawn from them); name, vendor, model and description can.',
      delete: 'Delete a template; one that switches are made from: 409 template_in_use.',
    },
    noCsvBecause: 'their units are JSON',
    writes: TEMPLATE_WRITES,
  }),
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
];

/**
 * A NetBox device type (the YAML file) as a template: converted by import/netbox-devicetype.ts, named by ?name= when
 * given, then checked and stored as a POST of its JSON would be (one create entry); ?dryRun=true stores nothing.
 */
async function templateImport(ctx: Ctx): Promise<Reply> {
  const converted = (await readerOfNetboxFiles()).templateFromNetbox(ctx.body as string);
  if (!converted.ok) throw validationFailed(converted.faults, 'The file is not a NetBox device type that makes a template.');
  const name = ctx.query.get('name');
  const body: Record<string, unknown> = { ...converted.template, ...(name !== null ? { name } : {}) };
  const skipped = converted.skipped;
  const preview = previewTemplate(ctx.app.db, body);
  if (flag(ctx, 'dryRun')) return { status: 200, body: { ...preview, skipped } };
  const summaryEnd = ` from a NetBox device type${skipped.length ? ` (${counted(skipped.length, 'interface')} skipped)` : ''}`;
  const id = createImportedTemplate(ctx.app.db, actorOf(ctx), body, summaryEnd);
  const record = templateToApi(getTemplate(ctx.app.db, id)!);
  return created(`/api/templates/${id}`, { ...record, skipped }, { ETag: etag(record.version as number) });
}

// The YAML reader holds ~0.6 MB of the idle server's memory for a request an install makes a few times: the release
// bundles it apart as dist/netbox.js (scripts/build.ts), loaded by the first import. The specifier is not a literal,
// so that esbuild leaves it to run time.
const NETBOX_READER = import.meta.url.endsWith('.ts') ? '../import/netbox-devicetype.ts' : './netbox.js';
const readerOfNetboxFiles = async () => (await import(NETBOX_READER)) as typeof import('../import/netbox-devicetype.ts');
