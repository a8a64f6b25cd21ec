// Real device types of the public NetBox device-type library (../shared/fixtures/netbox-devicetypes, present on the
// project's own machines only): each imported through the API, a switch made of the template, and its ports read
// back must be the file's Ethernet interfaces (types mapped as docs/LAGS-TEMPLATES.md says) then its console ports.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { ROOT, useTestServer } from '../helpers/server.ts';

const LIBRARY = join(SHARED_FIXTURES, 'netbox-devicetypes');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'netbox');

interface Expected {
  manufacturer: string;
  model: string;
  part_number: string | null;
  interfaces: { name: string; type: string; mgmt_only: boolean }[];
  console_ports: string[];
}

/** The port type and speed each NetBox type of the six files makes (the design's table); absent: no port. */
const MAPPED: Record<string, { type: string; speed: string }> = {
  '1000base-t': { type: 'rj45', speed: '1G' },
  '1000base-x-sfp': { type: 'sfp', speed: '1G' },
  '10gbase-x-sfpp': { type: 'sfp+', speed: '10G' },
  '25gbase-x-sfp28': { type: 'sfp28', speed: '25G' },
  '40gbase-x-qsfpp': { type: 'qsfp', speed: '40G' },
  '100gbase-x-qsfp28': { type: 'qsfp28', speed: '100G' },
};
/** The types of the six files that make no port. */
const NOT_PORTS = new Set(['cisco-stackwise']);

describeNeeding([sharedFixture('netbox-devicetypes/expected.json')], 'switches from the NetBox device-type library', () => {
  const server = useTestServer();
  const expected: Record<string, Expected> = existsSync(join(LIBRARY, 'expected.json'))
    ? JSON.parse(readFileSync(join(LIBRARY, 'expected.json'), 'utf8'))
    : {};
  let siteId = '';

  beforeAll(async () => {
    siteId = (await server.make('/api/sites', { name: 'NetBox library' })).id;
  });

  const importFile = (text: string, query = '') =>
    server.call('POST', `/api/templates/import${query}`, { raw: text, headers: { 'content-type': 'application/yaml' } });

  it('knows every interface type of the six files', () => {
    const types = new Set(Object.values(expected).flatMap((file) => file.interfaces.map((item) => item.type)));
    for (const type of types) expect(type in MAPPED || NOT_PORTS.has(type), type).toBe(true);
  });

  it.each(Object.keys(expected))(
    '%s: the switch made from the imported template has the file’s Ethernet interfaces, then its console ports',
    async (file) => {
      const want = expected[file];
      const imported = await importFile(readFileSync(join(LIBRARY, file), 'utf8'));
      expect(imported.status, imported.text).toBe(201);
      const { skipped, ...template } = imported.body;
      expect(template).toMatchObject({ name: `${want.manufacturer} ${want.model}`, vendor: want.manufacturer, model: want.model });
      expect(skipped.map(({ name, type }: { name: string; type: string }) => ({ name, type }))).toEqual(
        want.interfaces.filter((item) => NOT_PORTS.has(item.type)).map(({ name, type }) => ({ name, type })),
      );
      for (const item of skipped) expect(item.reason).toMatch(/\w/);

      const made = await server.make('/api/switches', { siteId, name: `sw-${want.model}`.slice(0, 60), templateId: template.id });
      const { ports, templateId } = await server.must(200, 'GET', `/api/switches/${made.id}`);
      expect(templateId).toBe(template.id);
      const ethernet = want.interfaces.filter((item) => !NOT_PORTS.has(item.type));
      expect(ports.map((port: { name: string; type: string }) => ({ name: port.name, type: port.type }))).toEqual([
        ...ethernet.map((item) => ({ name: item.name, type: item.mgmt_only ? 'management' : MAPPED[item.type].type })),
        ...want.console_ports.map((name) => ({ name, type: 'console' })),
      ]);
      expect(ports.slice(0, ethernet.length).map((port: { speed: string | null }) => port.speed)).toEqual(
        ethernet.map((item) => MAPPED[item.type].speed),
      );
    },
  );

  it('names the field of each fault of a file that makes no template', async () => {
    const refused = await importFile(readFileSync(join(FIXTURES, 'broken-duplicate-names.yaml'), 'utf8'));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.details.map((fault: { field: string }) => fault.field)).toEqual([
      'interfaces[1].name',
      'console-ports[0].name',
    ]);
  });
});
