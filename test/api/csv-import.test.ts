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
const imported = async (entity: string, text: string, status = 201) => {
  const answer = await csv(entity, text);
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
};

beforeAll(async () => {
  await call('POST', '/api/import/sites', { body: [{ name: 'HQ' }, { name: 'Lab', address: 'Bench 2' }] });
  await call('POST', '/api/import/vlans', {
    body: [10, 20, 21, 30].map((vid) => ({ site: 'HQ', name: `VLAN ${vid}`, vid })),
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
      'site,switch,name,type,mode,untaggedVlan,taggedVlans,description,enabled,poe,macAddress,linkedSwitch,linkedPort\n' +
      'HQ,"core; main",Gi1/0/1,sfp+,trunk,10,20-21;30,"uplink, to ""edge""",true,,,edge,ge-0/0/1\n' +
      'HQ,edge,ge-0/0/1,,trunk,10,"20-21,30",,yes,,,"core; main",Gi1/0/1\n' +
      'HQ,edge,ge-0/0/2,,,20,,"desk\nphone",,802.3at/30,0011.2233.4455,,\n';
    const { ids } = await imported('ports', text);
    const [uplink, far, desk] = await Promise.all(ids.map((id: string) => get(`/api/ports/${id}`)));
    const vlans = Object.fromEntries((await get('/api/vlans?limit=500')).items.map((v: any) => [v.vid, v.id]));
    expect(uplink).toMatchObject({
      mode: 'trunk',
      type: 'sfp+',
      untaggedVlanId: vlans[10],
      description: 'uplink, to "edge"',
      poe: null,
      linkedPortId: far.id,
      position: 1,
    });
    expect([...uplink.taggedVlanIds].sort()).toEqual([vlans[20], vlans[21], vlans[30]].sort());
    expect(far).toMatchObject({ linkedPortId: uplink.id, enabled: true, type: 'rj45' });
    expect(desk).toMatchObject({
      mode: 'access',
      untaggedVlanId: vlans[20],
      description: 'desk\nphone',
      poe: { type: '802.3at', maxWatts: 30 },
      macAddress: '00:11:22:33:44:55',
      position: 2,
    });
  });

  it('refuses every row when row 7 is bad, naming rows[7].<column>, and changes nothing', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `HQ,edge,p${i + 1},${i === 6 ? 99 : 10},${i === 2 ? 'perhaps' : '802.3af'}`);
    const before = (await get('/api/ports?limit=500')).total;
    const answer = await csv('ports', `site,switch,name,untaggedVlan,poe\n${rows.join('\n')}\n`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toEqual([
      { field: 'rows[3].poe', message: expect.stringContaining('type must be one of 802.3af') },
      { field: 'rows[7].untaggedVlan', message: 'site "HQ" has no VLAN 99' },
    ]);
    expect((await get('/api/ports?limit=500')).total).toBe(before);
  });

  // A row that breaks a uniqueness or overlap rule is refused with the API's own 409 (issue 34).
  it.each<[string, string, string, string, number?]>([
    ['an unknown column', 'vlans', 'site,name,vid,colour\nHQ,x,40,red\n', 'header.colour'],
    ['an unclosed quote', 'sites', 'name\n"HQ 2\n', 'rows[1]'],
    ['a missing site', 'vlans', 'site,name,vid\nNowhere,x,40\n', 'rows[1].site'],
    ['a name taken in the file', 'sites', 'name\nNew\nnew\n', 'rows[2].name', 409],
    ['a name stored already', 'sites', 'name\nhq\n', 'rows[1].name', 409],
    ['a VLAN number stored already', 'vlans', 'site,name,vid\nHQ,other,10\n', 'rows[1].vid', 409],
    ['a VLAN colour stored already', 'vlans', 'site,name,vid,color\nHQ,other,40,#1f77b4\n', 'rows[1].color', 409],
    ['a network without a subnet', 'networks', 'site,name,vlan\nHQ,x,10\n', 'rows[1].subnet'],
    ['a network of a VLAN the site has not', 'networks', 'site,name,vlan,subnet\nHQ,x,99,10.9.0.0/24\n', 'rows[1].vlan'],
    ['overlapping subnets in the file', 'networks', 'site,name,subnet\nHQ,a,10.9.0.0/16\nHQ,b,10.9.1.0/24\n', 'rows[2].subnet', 409],
    ['a bad DNS server', 'networks', 'site,name,subnet,dnsServers\nHQ,a,10.9.0.0/16,10.9.0.53;dns\n', 'rows[1].dnsServers'],
    ['a gateway outside the subnet', 'networks', 'site,name,vlan,subnet,gateway\nHQ,x,10,10.1.0.0/24,10.2.0.1\n', 'rows[1].gateway'],
    ['a configured VLAN the site has not', 'switches', 'site,name,configuredVlans\nHQ,s9,10-11\n', 'rows[1].configuredVlans'],
    ['a unit beyond the stack', 'ports', 'site,switch,name,unit\nHQ,edge,u2,2\n', 'rows[1].unit'],
    ['an id that is no id', 'sites', 'id,name\nx-1,Other\n', 'rows[1].id'],
    ['tagged VLANs on an access port', 'ports', 'site,switch,name,mode,taggedVlans\nHQ,edge,t1,access,20\n', 'rows[1].taggedVlans'],
    ['a bad VLAN range', 'ports', 'site,switch,name,mode,taggedVlans\nHQ,edge,t1,trunk,30-20\n', 'rows[1].taggedVlans'],
    ['a link to a missing port', 'ports', 'site,switch,name,linkedSwitch,linkedPort\nHQ,edge,t1,"core; main",nope\n', 'rows[1].linkedPort'],
    ['a file with no header', 'sites', '\uFEFF\r\n', 'header'],
  ])('refuses %s', async (_, entity, text, field, status = 400) => {
    const answer = await csv(entity, text);
    expect(answer.status).toBe(status);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toContain(field);
  });

  it('checks a dry run and creates nothing', async () => {
    const answer = await csv('sites', 'name,address\nDry,"1, Road"\n', '?dryRun=true');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ created: 1, updated: 0, unchanged: 0, ids: [], dryRun: true, encoding: 'utf-8' });
    expect((await get('/api/sites?q=Dry')).total).toBe(0);
  });
});

describe('JSON arrays and the endpoint', () => {
  it('imports a JSON array with ids or names, and writes one import entry that cannot be undone', async () => {
    const lab = (await get('/api/sites?q=Lab')).items[0];
    const answer = await call('POST', '/api/import/vlans', {
      body: [
        { siteId: lab.id, name: 'Lab users', vid: 10 },
        { site: 'lab', name: 'Lab voice', vid: 11, color: '#1F77B4' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ created: 2, updated: 0, unchanged: 0, ids: [expect.any(String), expect.any(String)] });
    const [users, voice] = await Promise.all(answer.body.ids.map((id: string) => get(`/api/vlans/${id}`)));
    expect([users.color, voice.color]).toEqual(['#ff7f0e', '#1f77b4']);
    const entry = (await get('/api/activity?limit=1')).items[0];
    expect(entry).toMatchObject({
      action: 'import',
      entityType: 'vlan',
      undoable: false,
      summary: 'Imported 2 vlans: 2 created, 0 updated, 0 unchanged',
    });
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
    ['vlans', '/api/vlans'],
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
      if (entity === 'ports') expect(exported.text).toContain(',802.3af/15.4,');
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
  const ENTITIES = ['sites', 'vlans', 'networks', 'switches', 'ports'];

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
    const vlan = await call('POST', '/api/vlans', { siteId: site.id, name: '-voice', vid: 20, description: '@SUM(A1)', color: '#123456' });
    const network = await call('POST', '/api/networks', {
      siteId: site.id,
      name: '+net',
      vlanId: vlan.id,
      subnet: '10.0.0.0/24',
      description: '=1+1',
    });
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
      untaggedVlanId: vlan.id,
      linkedPortId: edgePort.id,
    });
    // A port name is a plain interface name: of the formula characters, it may start with + or - only.
    await call('PATCH', `/api/ports/${edgePort.id}`, { name: '-2', description: "'+1", connectedDevice: "'\tX" });

    const exported: Record<string, string> = {};
    for (const entity of ENTITIES) {
      const answer = await from.call('GET', `/api/${entity}?format=csv&sort=name`);
      expect(answer.status).toBe(200);
      exported[entity] = answer.text;
    }
    const lines = (entity: string) => exported[entity].split('\r\n').slice(1, -1);
    expect(lines('sites')).toEqual([`${site.id},'=HQ,"'=HYPERLINK(""http://x"",""y"")",'+1,''=x`]);
    expect(lines('vlans')).toEqual([`${vlan.id},'=HQ,20,'-voice,'@SUM(A1),active,#123456`]);
    expect(lines('networks')).toEqual([`${network.id},'=HQ,20,'+net,10.0.0.0/24,,,'=1+1`]);
    expect(lines('switches')).toEqual([
      `${core.id},'=HQ,'-core,'-2,'@SUM(A1),,,,,''\tX,,,,active,1,,,,'+1`,
      `${edge.id},'=HQ,'@edge,,,,,,,,,,,active,1,,,,`,
    ]);
    expect(lines('ports')).toEqual([
      `${corePort.id},'=HQ,'-core,'+1,1,1,rj45,"'=HYPERLINK(""http://x"",""y"")",true,,access,20,,'-2,,,,'@edge,'-2,'@SUM(A1),`,
      `${edgePort.id},'=HQ,'@edge,'-2,1,1,rj45,''+1,true,,access,,,,,,,'-core,'+1,''\tX,`,
    ]);

    for (const entity of ENTITIES) await importExport(to, entity, exported[entity]);
    const read = async (path: string) => (await to.call('GET', path)).body;
    const [site2] = (await read('/api/sites')).items;
    expect(site2).toMatchObject({ name: '=HQ', description: FORMULA, address: '+1', notes: "'=x" });
    const [vlan2] = (await read('/api/vlans')).items;
    expect(vlan2).toMatchObject({ name: '-voice', vid: 20, description: '@SUM(A1)', color: '#123456' });
    expect((await read('/api/networks')).items).toMatchObject([{ name: '+net', vlanId: vlan2.id, description: '=1+1' }]);
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
    for (const entity of ENTITIES) {
      const again = await to.call('GET', `/api/${entity}?format=csv&sort=name`);
      const withoutId = (text: string) => text.split('\r\n').map((line) => line.replace(/^[^,]*,/, ''));
      expect(withoutId(again.text), entity).toEqual(withoutId(exported[entity]));
    }
  });
});

describe('CSV edited in a spreadsheet', () => {
  const server = useTestServer();

  /** Exports a kind, lets `edit` change cells of the rows (by column name), imports the result; answers the import and the new export. */
  async function roundTrip(entity: string, edit: (row: Record<string, string>) => void) {
    const exported = await server.call('GET', `/api/${entity}?format=csv`);
    const { header, rows } = parseCsv(exported.text);
    const edited = rows.map((cells) => {
      const row = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
      edit(row);
      return header.map((name) => row[name]);
    });
    const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const text = [header.join(','), ...edited.map((cells) => cells.map(quote).join(','))].join('\r\n');
    const answer = await server.call('POST', `/api/import/${entity}`, { raw: text, headers: { 'content-type': 'text/csv' } });
    expect(answer.status, answer.text).toBeLessThan(300);
    const again = parseCsv((await server.call('GET', `/api/${entity}?format=csv`)).text);
    return { answer: answer.body, rows: again.rows.map((cells) => Object.fromEntries(again.header.map((name, i) => [name, cells[i]]))) };
  }

  it('imports back as the edit, for VLANs, networks, switches and ports, leaving the rest unchanged', async () => {
    const seeded = await seedInventory(server.baseUrl, server.token);
    const vlans = await roundTrip('vlans', (row) => {
      if (row.name === 'Voice') Object.assign(row, { description: 'handsets', status: 'inactive', color: '#abcdef' });
    });
    expect(vlans.answer).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(vlans.rows.find((row) => row.name === 'Voice')).toMatchObject({ description: 'handsets', status: 'inactive', color: '#abcdef' });

    const networks = await roundTrip('networks', (row) => {
      if (row.name === 'Users') Object.assign(row, { dnsServers: '10.0.10.53;10.0.10.54', vlan: '20' });
    });
    expect(networks.answer).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(networks.rows.find((row) => row.name === 'Users')).toMatchObject({ dnsServers: '10.0.10.53;10.0.10.54', vlan: '20' });
    expect((await server.must(200, 'GET', `/api/networks/${seeded.networks.Users}`)).vlanId).toBe(seeded.vlans.Voice);

    const switches = await roundTrip('switches', (row) => {
      if (row.name === 'core')
        Object.assign(row, { tags: 'floor 2;core', configuredVlans: '10;20-21', role: 'core', stackSize: '2', rackPosition: 'U12' });
    });
    expect(switches.answer).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const core = await server.must(200, 'GET', `/api/switches/${seeded.switches.core}`);
    expect(core).toMatchObject({ tags: ['floor 2', 'core'], role: 'core', stackSize: 2, rackPosition: 'U12' });
    expect([...core.configuredVlanIds].sort()).toEqual(Object.values(seeded.vlans).sort());

    const ports = await roundTrip('ports', (row) => {
      if (row.id === seeded.ports.c1) Object.assign(row, { taggedVlans: '20', description: 'uplink', unit: '2', type: 'sfp+' });
      if (row.id === seeded.ports.c2) Object.assign(row, { poe: '802.3at/30', macAddress: 'AA-BB-CC-DD-EE-01', linkStatus: 'up' });
    });
    expect(ports.answer).toMatchObject({ created: 0, updated: 2, unchanged: 4 });
    const c1 = await server.must(200, 'GET', `/api/ports/${seeded.ports.c1}`);
    expect(c1).toMatchObject({
      taggedVlanIds: [seeded.vlans.Voice],
      description: 'uplink',
      unit: 2,
      type: 'sfp+',
      linkedPortId: seeded.ports.e1,
    });
    const c2 = await server.must(200, 'GET', `/api/ports/${seeded.ports.c2}`);
    expect(c2).toMatchObject({ poe: { type: '802.3at', maxWatts: 30 }, macAddress: 'aa:bb:cc:dd:ee:01', linkStatus: 'up' });

    const unchanged = await roundTrip('ports', () => {});
    expect(unchanged.answer).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
  });

  it('moves a link when a row names another far port, and the far ends follow', async () => {
    const ports = (await server.must(200, 'GET', '/api/ports?limit=100')).items;
    const c1 = ports.find((port: any) => port.linkedPortId !== null && port.mode === 'trunk');
    // The row keeps its linkedSwitch, so the new far port is one of the far switch's.
    const farSwitchId = ports.find((port: any) => port.id === c1.linkedPortId).switchId;
    const e2 = ports.find((port: any) => port.switchId === farSwitchId && port.name === '2' && port.linkedPortId === null);
    const { answer } = await roundTrip('ports', (row) => {
      if (row.id === c1.id) row.linkedPort = e2.name;
    });
    expect(answer).toMatchObject({ updated: 3 });
    expect((await server.must(200, 'GET', `/api/ports/${c1.id}`)).linkedPortId).toBe(e2.id);
    expect((await server.must(200, 'GET', `/api/ports/${e2.id}`)).linkedPortId).toBe(c1.id);
    expect((await server.must(200, 'GET', `/api/ports/${c1.linkedPortId}`)).linkedPortId).toBeNull();
  });
});
