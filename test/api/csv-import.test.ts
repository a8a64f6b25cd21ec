// Bulk import (POST /api/import/{entity}) of CSV as spreadsheets write it, and of JSON arrays; the CSV round trip.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/csv.ts';
import { seedInventory } from '../helpers/data.ts';
import { api, type ApiClient, userWithRole, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call } = server;

const csv = (entity: string, text: string, query = '') =>
  call('POST', `/api/import/${entity}${query}`, {
    raw: text,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
  });
const get = async (path: string) => (await call('GET', path)).body;
/** A CSV import that must be taken (201): the answer's body. */
const imported = async (entity: string, text: string) => {
  const answer = await csv(entity, text);
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};

beforeAll(async () => {
  await call('POST', '/api/import/sites', { body: [{ name: 'HQ' }, { name: 'Lab', address: 'Bench 2' }] });
  await call('POST', '/api/import/networks', {
    body: [10, 20, 21, 30].map((vlanId) => ({ site: 'HQ', name: `VLAN ${vlanId}`, vlanId })),
  });
});

describe('CSV written by hand', () => {
  it('imports switches from a BOM, CRLF, semicolon file with quoted separators, quotes and line breaks', async () => {
    const text =
      '\uFEFFsite;name;vendor;model;macAddress;managementIp;status;notes\r\n' +
      'HQ;"core; main";Cisco;"C9300 ""48P""";AA-BB-CC-00-00-01;10.0.0.1;active;"line 1\r\nline 2, with a comma"\r\n' +
      'hq;edge;Juniper;;aabb.cc00.0002;;planned;\r\n' +
      '\r\n';
    const { created, ids } = await imported('switches', text);
    expect(created).toBe(2);
    const core = await get(`/api/switches/${ids[0]}`);
    expect(core).toMatchObject({
      name: 'core; main',
      model: 'C9300 "48P"',
      macAddress: 'aa:bb:cc:00:00:01',
      managementIp: '10.0.0.1',
      notes: 'line 1\r\nline 2, with a comma',
    });
    expect((await get(`/api/switches/${ids[1]}`)).macAddress).toBe('aa:bb:cc:00:00:02');
  });

  it('imports ports with VLAN numbers and ranges, names for switches, and links between rows', async () => {
    const text =
      'site,switch,name,mode,untaggedVlan,taggedVlans,description,enabled,poe,linkedSwitch,linkedPort\n' +
      'HQ,"core; main",Gi1/0/1,trunk,10,20-21;30,"uplink, to ""edge""",true,no,edge,ge-0/0/1\n' +
      'HQ,edge,ge-0/0/1,trunk,10,"20-21,30",,yes,false,"core; main",Gi1/0/1\n' +
      'HQ,edge,ge-0/0/2,,20,,"desk\nphone",,1,,\n';
    const { ids } = await imported('ports', text);
    const [uplink, far, desk] = await Promise.all(ids.map((id: string) => get(`/api/ports/${id}`)));
    const vlans = Object.fromEntries((await get('/api/networks?limit=500')).items.map((n: any) => [n.vlanId, n.id]));
    expect(uplink).toMatchObject({
      mode: 'trunk',
      untaggedNetworkId: vlans[10],
      description: 'uplink, to "edge"',
      poe: false,
      linkedPortId: far.id,
      position: 1,
    });
    expect([...uplink.taggedNetworkIds].sort()).toEqual([vlans[20], vlans[21], vlans[30]].sort());
    expect(far).toMatchObject({ linkedPortId: uplink.id, enabled: true });
    expect(desk).toMatchObject({ mode: 'access', untaggedNetworkId: vlans[20], description: 'desk\nphone', poe: true, position: 2 });
  });

  it('refuses every row when row 7 is bad, naming rows[7].<column>, and changes nothing', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `HQ,edge,p${i + 1},${i === 6 ? 99 : 10},${i === 2 ? 'perhaps' : 'true'}`);
    const before = (await get('/api/ports?limit=500')).total;
    const answer = await csv('ports', `site,switch,name,untaggedVlan,poe\n${rows.join('\n')}\n`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toEqual([
      { field: 'rows[3].poe', message: 'must be true or false' },
      { field: 'rows[7].untaggedVlan', message: 'site "HQ" has no network with VLAN 99' },
    ]);
    expect((await get('/api/ports?limit=500')).total).toBe(before);
  });

  it.each<[string, string, string, string]>([
    ['an unknown column', 'networks', 'site,name,vlanId,colour\nHQ,x,40,red\n', 'header.colour'],
    ['an unclosed quote', 'sites', 'name\n"HQ 2\n', 'rows[1]'],
    ['a missing site', 'networks', 'site,name,vlanId\nNowhere,x,40\n', 'rows[1].site'],
    ['a name taken in the file', 'sites', 'name\nNew\nnew\n', 'rows[2].name'],
    ['a name stored already', 'sites', 'name\nhq\n', 'rows[1].name'],
    ['a VLAN stored already', 'networks', 'site,name,vlanId\nHQ,other,10\n', 'rows[1].vlanId'],
    ['a gateway outside the subnet', 'networks', 'site,name,vlanId,subnet,gateway\nHQ,x,40,10.1.0.0/24,10.2.0.1\n', 'rows[1].gateway'],
    ['tagged VLANs on an access port', 'ports', 'site,switch,name,mode,taggedVlans\nHQ,edge,t1,access,20\n', 'rows[1].taggedVlans'],
    ['a bad VLAN range', 'ports', 'site,switch,name,mode,taggedVlans\nHQ,edge,t1,trunk,30-20\n', 'rows[1].taggedVlans'],
    ['a link to a missing port', 'ports', 'site,switch,name,linkedSwitch,linkedPort\nHQ,edge,t1,"core; main",nope\n', 'rows[1].linkedPort'],
    ['a file with no header', 'sites', '\uFEFF\r\n', 'header'],
  ])('refuses %s', async (_, entity, text, field) => {
    const answer = await csv(entity, text);
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toContain(field);
  });

  it('checks a dry run and creates nothing', async () => {
    const answer = await csv('sites', 'name,address\nDry,"1, Road"\n', '?dryRun=true');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ created: 1, ids: [], dryRun: true });
    expect((await get('/api/sites?q=Dry')).total).toBe(0);
  });
});

describe('JSON arrays and the endpoint', () => {
  it('imports a JSON array with ids or names, and writes one import entry that cannot be undone', async () => {
    const lab = (await get('/api/sites?q=Lab')).items[0];
    const answer = await call('POST', '/api/import/networks', {
      body: [
        { siteId: lab.id, name: 'Lab users', vlanId: 10 },
        { site: 'lab', name: 'Lab voice', vlanId: 11 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ created: 2, ids: [expect.any(String), expect.any(String)] });
    const entry = (await get('/api/activity?limit=1')).items[0];
    expect(entry).toMatchObject({ action: 'import', entityType: 'network', undoable: false, summary: 'Imported 2 networks' });
    const undo = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(undo.body.error.code).toBe('not_undoable');
  });

  it.each<[string, () => Promise<number>, number]>([
    ['another entity', () => call('POST', '/api/import/users', { body: [] }).then((a) => a.status), 404],
    [
      'an editor',
      async () => {
        const editor = await userWithRole(server.baseUrl, server.token, 'ed', 'editor');
        return (await api(server.baseUrl, 'POST', '/api/import/sites', { token: editor.token, body: [{ name: 'E' }] })).status;
      },
      403,
    ],
    ['a JSON object', () => call('POST', '/api/import/sites', { body: { name: 'E' } }).then((a) => a.status), 400],
    [
      'plain text',
      () => call('POST', '/api/import/sites', { raw: 'name\nE\n', headers: { 'content-type': 'text/plain' } }).then((a) => a.status),
      415,
    ],
  ])('answers %s with the right status', async (_, call, status) => {
    expect(await call()).toBe(status);
  });
});

/** Imports an export's CSV of `entity` into a server, which must take it (201). */
async function importExport(to: ApiClient, entity: string, text: string): Promise<void> {
  const answer = await to.call('POST', `/api/import/${entity}`, { raw: text, headers: { 'content-type': 'text/csv' } });
  expect(answer.status, `${entity}: ${answer.text}`).toBe(201);
}

describe('CSV round trip', () => {
  // A server to export from and a fresh one to import into.
  const from = useTestServer();
  const to = useTestServer();
  const KINDS = [
    ['sites', '/api/sites'],
    ['networks', '/api/networks'],
    ['switches', '/api/switches'],
    ['ports', '/api/ports'],
  ] as const;

  /** A CSV export without the id column (ids are fresh on import), rows sorted. */
  function withoutIds(text: string): string[] {
    const { header, rows } = parseCsv(text);
    expect(header[0]).toBe('id');
    return [header.slice(1).join('|'), ...rows.map((row) => JSON.stringify(row.slice(1))).sort()];
  }

  it('imports what GET ?format=csv exports, unchanged, for every kind', async () => {
    await seedInventory(from.baseUrl, from.token, 'Zürich, "HQ"');
    const other = await from.call('POST', '/api/sites', { body: { name: 'Lab' } });
    const sw = await from.call('POST', '/api/switches', {
      body: { siteId: other.body.id, name: 'lab-sw', portCount: 2 },
    });
    const coreId = (await from.call('GET', '/api/switches?q=core')).body.items[0].id;
    const core4 = (await from.call('GET', `/api/switches/${coreId}`)).body.ports[3];
    const lab1 = (await from.call('GET', `/api/switches/${sw.body.id}`)).body.ports[0];
    expect((await from.call('PATCH', `/api/ports/${lab1.id}`, { body: { linkedPortId: core4.id } })).status).toBe(200);
    for (const [entity, path] of KINDS) {
      const exported = await from.call('GET', `${path}?format=csv`);
      expect(exported.status).toBe(200);
      if (entity === 'ports') expect(exported.text).toMatch(/,trunk,10,20-21,10G,.*\r\n[\s\S]*,Lab,lab-sw,1,/);
      await importExport(to, entity, exported.text);
      const again = await to.call('GET', `${path}?format=csv`);
      expect(withoutIds(again.text), entity).toEqual(withoutIds(exported.text));
    }
  });
});

describe('CSV formula escaping', () => {
  // A server to export from and a fresh one to import into.
  const from = useTestServer();
  const to = useTestServer();
  const FORMULA = '=HYPERLINK("http://x","y")';

  it('writes cells a spreadsheet would run as formulas with a leading quote, and imports them back unchanged', async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await from.call(method, path, { body });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
      return answer.body;
    };
    // Text is trimmed on input, so a leading tab (or CR) is never stored; a tab after a quote is.
    expect((await call('POST', '/api/sites', { name: 'tabbed', notes: '\tX' })).notes).toBe('X');
    await call('DELETE', `/api/sites/${(await call('GET', '/api/sites?q=tabbed')).items[0].id}`);
    const site = await call('POST', '/api/sites', { name: '=HQ', description: FORMULA, address: '+1', notes: "'=x" });
    const network = await call('POST', '/api/networks', { siteId: site.id, name: '-voice', vlanId: 20, description: '@SUM(A1)' });
    const core = await call('POST', '/api/switches', {
      siteId: site.id,
      name: '-core',
      vendor: '-2',
      model: '@SUM(A1)',
      location: "'\tX",
      notes: '+1',
      portCount: 1,
    });
    const edge = await call('POST', '/api/switches', { siteId: site.id, name: '@edge', portCount: 1 });
    const [corePort] = (await call('GET', `/api/switches/${core.id}`)).ports;
    const [edgePort] = (await call('GET', `/api/switches/${edge.id}`)).ports;
    await call('PATCH', `/api/ports/${corePort.id}`, {
      name: '+1',
      description: FORMULA,
      speed: '-2',
      connectedDevice: '@SUM(A1)',
      untaggedNetworkId: network.id,
      linkedPortId: edgePort.id,
    });
    // A port name is a plain interface name: of the formula characters, it may start with + or - only.
    await call('PATCH', `/api/ports/${edgePort.id}`, { name: '-2', description: "'+1", connectedDevice: "'\tX" });

    const exported: Record<string, string> = {};
    for (const entity of ['sites', 'networks', 'switches', 'ports']) {
      const answer = await from.call('GET', `/api/${entity}?format=csv&sort=name`);
      expect(answer.status).toBe(200);
      exported[entity] = answer.text;
    }
    const lines = (entity: string) => exported[entity].split('\r\n').slice(1, -1);
    expect(lines('sites')).toEqual([`${site.id},'=HQ,"'=HYPERLINK(""http://x"",""y"")",'+1,''=x`]);
    expect(lines('networks')).toEqual([`${network.id},'=HQ,'-voice,20,,,'@SUM(A1),`]);
    expect(lines('switches')).toEqual([
      `${core.id},'=HQ,'-core,'-2,'@SUM(A1),,,,,''\tX,active,'+1`,
      `${edge.id},'=HQ,'@edge,,,,,,,,active,`,
    ]);
    expect(lines('ports')).toEqual([
      `${corePort.id},'=HQ,'-core,'+1,1,"'=HYPERLINK(""http://x"",""y"")",true,access,20,,'-2,false,,'@edge,'-2,'@SUM(A1)`,
      `${edgePort.id},'=HQ,'@edge,'-2,1,''+1,true,access,,,,false,,'-core,'+1,''\tX`,
    ]);

    for (const entity of ['sites', 'networks', 'switches', 'ports']) await importExport(to, entity, exported[entity]);
    const read = async (path: string) => (await to.call('GET', path)).body;
    const [site2] = (await read('/api/sites')).items;
    expect(site2).toMatchObject({ name: '=HQ', description: FORMULA, address: '+1', notes: "'=x" });
    expect((await read('/api/networks')).items).toMatchObject([{ name: '-voice', vlanId: 20, description: '@SUM(A1)' }]);
    const switches = (await read('/api/switches?sort=name')).items;
    expect(switches).toMatchObject([
      { name: '-core', vendor: '-2', model: '@SUM(A1)', location: "'\tX", notes: '+1' },
      { name: '@edge', vendor: null, notes: null },
    ]);
    const ports = (await read('/api/ports?sort=name')).items;
    expect(ports).toMatchObject([
      { name: '+1', description: FORMULA, speed: '-2', connectedDevice: '@SUM(A1)', linkedPortId: ports[1].id },
      { name: '-2', description: "'+1", connectedDevice: "'\tX", linkedPortId: ports[0].id },
    ]);
    for (const entity of ['sites', 'networks', 'switches', 'ports']) {
      const again = await to.call('GET', `/api/${entity}?format=csv&sort=name`);
      const withoutId = (text: string) => text.split('\r\n').map((line) => line.replace(/^[^,]*,/, ''));
      expect(withoutId(again.text), entity).toEqual(withoutId(exported[entity]));
    }
  });
});
