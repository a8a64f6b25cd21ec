import type { JsonSchema } from '../fields/field.ts';
import { YAML_MEDIA_TYPES, type Route } from './route.ts';

/** The values a message is worded from, by the name of its placeholder in the form of its code (src/lib/message-forms.ts). */
export const MESSAGE_PARAMS_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: { type: ['string', 'number'] },
  description:
    "The values the message is made of, by the placeholders of its code's form: a client words the message in its own language " +
    'from the code and these, and shows the English message for a code it does not know.',
};

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        params: {
          ...MESSAGE_PARAMS_SCHEMA,
          description: 'Present when the message is the form of its code (validation_failed, name_taken).',
        },
        form: {
          type: 'string',
          description:
            'With params, when the code words its message in several ways: the variant (lag_member.owns, validation_failed.bulk).',
        },
        details: {
          type: 'array',
          maxItems: 1000,
          description: 'Each fault: the path into the request it names, and what is wrong (each cut at 1,000 characters). At most 1,000.',
          items: {
            type: 'object',
            properties: {
              field: { type: 'string' },
              message: { type: 'string' },
              code: {
                type: 'string',
                description: 'The form of the message (int_range, required, not_mac…), when it has one; with params.',
              },
              params: MESSAGE_PARAMS_SCHEMA,
            },
          },
        },
        truncated: { const: true, description: 'Present when there were more than 1,000 faults: details lists the first 1,000.' },
        detailsTotal: { type: 'integer', description: 'With truncated: how many faults there were.' },
      },
    },
  },
};

/** The OpenAPI 3.1 document of a route table: every route, nothing else. */
export function buildOpenApi(routes: Route[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchyard API',
      version,
      description:
        'Sites, VLANs, networks (IP subnets), switches, ports and the activity log. ' +
        'A database or a backup of 0.26.0 (model 1: one network = a VLAN and its subnet) is carried forward: ' +
        'each network becomes a VLAN of the same id and, when it had a subnet, a network of that VLAN; ' +
        'activity entries written before cannot be undone and say why in `undoLost`. ' +
        'Errors always have the shape of the Error schema. Besides the codes of each operation, any request may answer 503 `unavailable` ' +
        'with Retry-After when the database stays busy past its 5 s timeout (another process holding the write lock). ' +
        'A change may answer 507 `insufficient_storage` when the disk holding the database is full, ' +
        'and 503 `read_only` when the database file or its file system is read-only; nothing of it is stored then, ' +
        'and GET /api/health says `degraded` with the reason. ' +
        'A change not made with a Bearer token (first-run setup, sign-in, anything with the session cookie) ' +
        'answers 421 `unknown_host` when the Host it was sent to is not an IP address, localhost, ' +
        "the machine's own name or a name of APP_ALLOWED_HOSTS (DNS rebinding).",
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
    },
  };
}

/** On the answer of every change that wrote to the activity log: the entry it wrote (undo it with its id). */
const ACTIVITY_ID_HEADER: JsonSchema = {
  description:
    'The id of the activity entry this change wrote (for a bulk import, restore or merge its one entry), ' +
    'for an undo (POST /api/activity/{id}/undo) without looking it up; absent when the request wrote none.',
  schema: { type: 'string', format: 'uuid' },
};

function operation(route: Route): JsonSchema {
  const status = String(route.doc?.status ?? (route.method === 'DELETE' ? 204 : 200));
  const produces = route.doc?.produces ?? ['application/json'];
  const success: JsonSchema = { description: 'Success.' };
  if (route.method !== 'GET') success.headers = { 'Activity-Id': ACTIVITY_ID_HEADER };
  if (status !== '204') {
    success.content = Object.fromEntries(
      produces.map((type) => [type, { schema: type === 'application/json' ? (route.doc?.response ?? {}) : { type: 'string' } }]),
    );
  }
  const op: JsonSchema = {
    summary: route.summary,
    operationId: operationIdOf(route),
    'x-access': route.access,
    responses: {
      [status]: success,
      default: { description: 'An error.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
  if (route.access === 'agent') op.security = [{ bearer: [] }];
  else if (route.access !== 'public') op.security = [{ bearer: [] }, { cookie: [] }];
  const parameters = [
    ...[...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.doc?.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: q.required ?? false,
      schema: q.schema,
      ...(q.description ? { description: q.description } : {}),
    })),
  ];
  if (parameters.length) op.parameters = parameters;
  if (route.body) {
    const content: JsonSchema =
      route.body.accepts === 'yaml'
        ? Object.fromEntries(YAML_MEDIA_TYPES.map((type) => [type, { schema: route.doc?.request ?? { type: 'string' } }]))
        : route.body.accepts === 'text'
          ? { 'text/plain': { schema: { type: 'string' } } }
          : { 'application/json': { schema: route.doc?.request ?? {} } };
    if (route.body.accepts === 'json-or-csv') content['text/csv'] = { schema: { type: 'string' } };
    op.requestBody = { required: !route.body.optional, content };
  }
  return op;
}

/** The method and the path after /api in camel case: GET /api/switches/:id/ports is getSwitchesIdPorts. */
function operationIdOf(route: Route): string {
  const camelPath = route.path.replace(/^\/api/, '').replace(/[/:{}.-](\w)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return `${route.method.toLowerCase()}${camelPath}`;
}
