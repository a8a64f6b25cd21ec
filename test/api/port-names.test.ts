// Port names are plain interface names through every door a name comes in by (API create and change, CSV and
// JSON bulk import, merge, restore, a 0.20.x bundle, switch creation), and a name that got into the database
// by another way is never written into a configuration: GET /api/switches/{id}/config refuses with 409.
import { beforeAll, describe, expect, it } from 'vitest';
import { comparable, exportDocument, seedInventory, type Seeded } from '../helpers/data.ts';
import { writeDb } from '../helpers/db.ts';
import { useTestServer } from '../helpers/server.ts';

const RULE = 'must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +';
const INJECTED = /username|privilege|system|evil/;
const DIALECTS = ['cisco-ios', 'arista-eos', 'junos'] as const;

const BAD_NAMES: [string, string][] = [
  ['a line feed with an IOS command', 'Gi1/0/9\nusername evil privilege 15 secret 0 x'],
  ['a carriage return', 'Gi1/0/9\r\nend'],
  ['a Junos statement end and block', 'ge-0/0/9; } system { login { user evil; } }'],
  ['an opening brace', 'ge-0/0/9 {'],
  ['a Unicode line separator', 'Gi1/0/9\u2028username evil'],
  ['a character outside ASCII', 'Büro-9'],
];

const server = useTestServer();
const { call } = server;
let seeded: Seeded;

const portNames = async (switchId: string): Promise<string[]> =>
  (await call('GET', `/api/switches/${switchId}`)).body.ports.map((port: { name: string }) => port.name);

/** The answer is 400 validation_failed naming `field` with the interface-name rule, and repeats none of the name. */
function refusedName(answer: { status: number; body: any; text: string }, field: string): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.error.code).toBe('validation_failed');
  expect(answer.body.error.details).toContainEqual({ field, message: RULE, code: 'not_interface_name', params: {} });
}

beforeAll(async () => {
  seeded = await seedInventory(server.baseUrl, server.token);
});

describe('port names through the API', () => {
  it.each(BAD_NAMES)('refuses to create a port whose name has %s (400, details name)', async (_, name) => {
    const before = await portNames(seeded.switches.core);
    refusedName(await call('POST', `/api/switches/${seeded.switches.core}/ports`, { body: { name } }), 'name');
    expect(await portNames(seeded.switches.core)).toEqual(before);
  });

  it.each(BAD_NAMES)('refuses to rename a port to a name with %s (400, details name)', async (_, name) => {
    const before = (await call('GET', `/api/ports/${seeded.ports.c2}`)).body;
    refusedName(await call('PATCH', `/api/ports/${seeded.ports.c2}`, { body: { name } }), 'name');
    expect((await call('GET', `/api/ports/${seeded.ports.c2}`)).body).toEqual(before);
  });

  it('takes plain interface names, trimmed, and still refuses a taken one', async () => {
    for (const name of ['Gi1/0/48', 'ge-0/0/1:2', 'Port-Channel10', 'Te1/1/1+', 'uplink 1', 'mgmt_0.100']) {
      const made = await call('POST', `/api/switches/${seeded.switches.edge}/ports`, { body: { name: ` ${name} ` } });
      expect(made.status, made.text).toBe(201);
      expect(made.body.name).toBe(name);
    }
    expect((await call('POST', `/api/switches/${seeded.switches.edge}/ports`, { body: { name: 'GI1/0/48' } })).status).toBe(409);
  });

  it('makes ports named 1…N with a new switch, which render', async () => {
    const sw = (await call('POST', '/api/switches', { body: { siteId: seeded.sites.HQ, name: 'access 9', portCount: 3 } })).body;
    expect(await portNames(sw.id)).toEqual(['1', '2', '3']);
    expect((await call('GET', `/api/switches/${sw.id}/config?dialect=junos`)).status).toBe(200);
  });

  it('describes the rule in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    const text = JSON.stringify(doc);
    expect(text).toContain(
      'A plain interface name, as it is written into switch configurations: ASCII letters, digits, spaces and / . : - _ +',
    );
  });
});

describe('port names through the imports', () => {
  it('refuses a CSV import of a port whose name breaks onto a second line, naming rows[n].name', async () => {
    const before = (await call('GET', '/api/ports?limit=1')).body.total;
    const text = 'site,switch,name,description\nHQ,core,Gi1/0/20,fine\nHQ,core,"Gi1/0/21\nusername evil privilege 15 secret 0 x",bad\n';
    const answer = await call('POST', '/api/import/ports', { raw: text, headers: { 'content-type': 'text/csv' } });
    refusedName(answer, 'rows[2].name');
    expect(answer.body.error.details).toHaveLength(1);
    expect((await call('GET', '/api/ports?limit=1')).body.total).toBe(before);
  });

  it('refuses a JSON bulk import of a port whose name ends a Junos statement', async () => {
    const answer = await call('POST', '/api/import/ports', { body: [{ site: 'HQ', switch: 'core', name: 'ge-0/0/9; } system {' }] });
    refusedName(answer, 'rows[1].name');
  });

  it.each<[string, string, string, string, string[]]>([
    // what is refused, where it is posted, the port given the name, the name, the queries tried
    [
      'merge a document holding such a port name (POST /api/data/import)',
      '/api/data/import',
      'c1',
      'Gi1/0/1\nusername evil privilege 15 secret 0 x',
      ['', '?dryRun=true', '?onConflict=fail'],
    ],
    [
      'restore a backup holding such a port name (POST /api/backup/import)',
      '/api/backup/import',
      'e1',
      'ge-0/0/0 { }',
      ['', '?dryRun=true', '?users=replace'],
    ],
  ])('refuses to %s, changing nothing', async (_, path, port, name, queries) => {
    const before = await exportDocument(server.baseUrl, server.token);
    const doc = structuredClone(before);
    const index = doc.data.ports.findIndex((record: { id: string }) => record.id === seeded.ports[port]);
    doc.data.ports[index].name = name;
    for (const query of queries) refusedName(await call('POST', `${path}${query}`, { body: doc }), `data.ports[${index}].name`);
    expect(comparable(await exportDocument(server.baseUrl, server.token))).toEqual(comparable(before));
  });

  it("merges a 0.20.x bundle holding such a port name (POST /api/data/import) as the port's place, the text kept in its description", async () => {
    const bundle = {
      sites: [{ id: 'site-plant', name: 'Legacy plant' }],
      vlans: [{ id: 'vlan-office', site_id: 'site-plant', vlan_id: 10, name: 'Office' }],
      switches: [
        {
          id: 'a',
          site_id: 'site-plant',
          name: 'plant-sw',
          ports: [
            { id: 'a1', unit: 1, index: 1, label: 'Gi0/1', port_mode: 'access', access_vlan: 10 },
            { id: 'a2', unit: 1, index: 2, label: 'Gi0/2\r\nusername evil privilege 15', port_mode: 'access', access_vlan: 10 },
          ],
        },
      ],
    };
    const answer = await call('POST', '/api/data/import', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({ file: 'switches.json', id: 'a', field: 'ports[1].label', reason: expect.stringContaining(RULE) }),
    );
    const [sw] = (await call('GET', '/api/switches?q=plant-sw')).body.items;
    const ports = (await call('GET', `/api/switches/${sw.id}/ports`)).body.items;
    expect(ports.map((port: any) => [port.name, port.description])).toEqual([
      ['Gi0/1', null],
      ['1/2', 'label: Gi0/2\r\nusername evil privilege 15'],
    ]);
    const config = await call('GET', `/api/switches/${sw.id}/config?dialect=cisco-ios`);
    expect(config.text.split('\n').some((line: string) => line.startsWith('username'))).toBe(false);
  });
});

describe("a name stored behind the API's back", () => {
  it('is never written into a configuration: 409 unsafe_config_value naming the port, for every dialect', async () => {
    await server.restart({
      between: (dataDir) => {
        writeDb(dataDir, 'UPDATE ports SET name = ? WHERE id = ?', 'Gi1/0/2\n!\nusername evil privilege 15 secret 0 x\n!', seeded.ports.c2);
      },
    });

    for (const dialect of DIALECTS) {
      const answer = await call('GET', `/api/switches/${seeded.switches.core}/config?dialect=${dialect}`);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.body.error).toEqual({
        code: 'unsafe_config_value',
        message: expect.stringContaining(
          `Port #2 of this switch (in position order, id ${seeded.ports.c2}) has a name that is not a plain interface name`,
        ),
        details: [{ field: `port:${seeded.ports.c2}`, message: RULE.replace('must be', 'name must be') }],
      });
      expect(answer.text).not.toMatch(INJECTED);
      // The other switch, with plain names only, still renders.
      expect((await call('GET', `/api/switches/${seeded.switches.edge}/config?dialect=${dialect}`)).status).toBe(200);
    }
  });
});
