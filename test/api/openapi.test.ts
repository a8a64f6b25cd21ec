import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../src/routes/index.ts';
import { useTestServer } from '../helpers/server.ts';

// No sign-in: the document is public.
const server = useTestServer({ admin: false });
let document: any;

beforeAll(async () => {
  document = (await server.call('GET', '/api/openapi.json')).body;
});

/** Every method + path pair of a route table, in OpenAPI's path syntax. */
function operationsOfRoutes(): string[] {
  return ALL_ROUTES.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`).sort();
}

function operationsOfDocument(doc: any): string[] {
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI document', () => {
  it('lists every route the router has, and nothing it does not', () => {
    expect(operationsOfDocument(document)).toEqual(operationsOfRoutes());
  });

  it('has no route twice in the table', () => {
    const operations = operationsOfRoutes();
    expect(new Set(operations).size).toBe(operations.length);
  });

  it('is valid OpenAPI 3.1 by a third-party validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });

  it('documents a summary and an access rule for each operation', () => {
    for (const route of ALL_ROUTES) {
      expect(route.summary, `${route.method} ${route.path}`).toMatch(/\S/);
      expect(['public', 'user', 'viewer', 'editor', 'admin'], `${route.method} ${route.path}`).toContain(route.access);
    }
  });
});
