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
      expect(['public', 'user', 'viewer', 'editor', 'admin', 'agent'], `${route.method} ${route.path}`).toContain(route.access);
    }
  });
});

describe('the OpenAPI document of model 2: VLANs apart from networks', () => {
  const json = (path: string, method: string, status = '200') =>
    document.paths[path][method].responses[status].content['application/json'].schema;
  const item = (path: string) => json(path, 'get').properties.items.items;
  const query = (path: string) =>
    Object.fromEntries(document.paths[path].get.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));

  it('describes a VLAN with its number, status, colour and counts, and filters by site, number and status', () => {
    const vlan = item('/api/vlans');
    for (const field of ['vid', 'status', 'color', 'networkCount', 'portCount', 'switchCount'])
      expect(vlan.properties).toHaveProperty(field);
    expect(vlan.properties.vid).toMatchObject({ minimum: 1, maximum: 4094 });
    expect([vlan.properties.vid.type].flat()).toContain('integer');
    expect(json('/api/vlans', 'post', '201').properties).toHaveProperty('color');
    expect(query('/api/vlans')).toMatchObject({
      siteId: { format: 'uuid' },
      vid: { type: 'integer' },
      status: { enum: ['active', 'inactive'] },
    });
  });

  it('describes a network as a subnet with a VLAN by id and a list of DNS servers, filtered by VLAN id', () => {
    const network = item('/api/networks');
    expect(network.properties.vlanId).toMatchObject({ format: 'uuid' });
    expect(network.properties.dnsServers).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(network.required).toEqual(expect.arrayContaining(['subnet', 'dnsServers']));
    expect(query('/api/networks').vlanId).toMatchObject({ type: 'string', format: 'uuid' });
    expect(document.paths['/api/networks'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['siteId', 'name', 'subnet']),
    );
  });

  it('describes the ports of a VLAN with their switch and how they carry it, as JSON or CSV', () => {
    const port = item('/api/vlans/{id}/ports');
    expect(port.properties.as).toMatchObject({ enum: ['untagged', 'tagged'] });
    expect(port.properties.switch.required).toEqual(['id', 'name']);
    expect(Object.keys(document.paths['/api/vlans/{id}/ports'].get.responses['200'].content)).toEqual(['application/json', 'text/csv']);
  });

  it('counts VLANs and networks of a site', () => {
    const site = item('/api/sites');
    for (const count of ['switchCount', 'vlanCount', 'networkCount']) expect([site.properties[count].type].flat()).toContain('integer');
  });
});
