// The inventories other tools read (issue 43): GET /api/inventory/ansible, read for real by ansible-inventory and
// ansible through contrib/ansible/switchyard_inventory.py, and GET /api/inventory/oxidized against the fields that
// Oxidized's HTTP source documents.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding, NEEDS } from '../helpers/needs.ts';
import { ROOT, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const SCRIPT = join(ROOT, 'contrib', 'ansible', 'switchyard_inventory.py');
let readOnlyToken: string;
const ids: Record<string, string> = {};

/**
 * Two sites: HQ Berlin (a Cisco core with a trunk, an Arista distribution switch with a tag) and 2nd Floor (a Juniper
 * access switch, planned, and a second switch named core, of no known vendor and without a management IP).
 */
beforeAll(async () => {
  const { make, must } = server;
  const hq = await make('/api/sites', { name: 'HQ Berlin' });
  const floor = await make('/api/sites', { name: '2nd Floor' });
  const users = await make('/api/vlans', { siteId: hq.id, name: 'Users', vid: 10 });
  const voice = await make('/api/vlans', { siteId: hq.id, name: 'Voice', vid: 20 });
  const mgmt = await make('/api/vlans', { siteId: hq.id, name: 'Mgmt', vid: 99 });
  const floorUsers = await make('/api/vlans', { siteId: floor.id, name: 'Users', vid: 10 });
  const core = await make('/api/switches', {
    siteId: hq.id,
    name: 'core',
    vendor: 'Cisco',
    model: 'C9300-48P',
    role: 'core',
    tags: ['Backbone'],
    managementIp: '10.0.0.1',
    portCount: 2,
    configuredVlanIds: [mgmt.id],
  });
  const dist = await make('/api/switches', {
    siteId: hq.id,
    name: 'dist a',
    vendor: 'Arista',
    model: '7050SX3',
    role: 'distribution',
    tags: ['backbone', 'PCI zone'],
    managementIp: '10.0.0.2',
    portCount: 1,
  });
  const access = await make('/api/switches', {
    siteId: floor.id,
    name: 'edge-1',
    vendor: 'Juniper',
    model: 'EX2300-24T',
    role: 'access',
    status: 'planned',
    managementIp: '10.1.0.5',
    portCount: 1,
  });
  const lab = await make('/api/switches', { siteId: floor.id, name: 'core', vendor: 'Acme', portCount: 0 });
  const corePorts = (await must(200, 'GET', `/api/switches/${core.id}`)).ports;
  await must(200, 'PATCH', `/api/ports/${corePorts[0].id}`, {
    mode: 'trunk',
    untaggedVlanId: users.id,
    taggedVlanIds: [voice.id],
    description: 'to dist a',
  });
  await must(200, 'PATCH', `/api/ports/${corePorts[1].id}`, { untaggedVlanId: users.id, enabled: false });
  const accessPorts = (await must(200, 'GET', `/api/switches/${access.id}`)).ports;
  await must(200, 'PATCH', `/api/ports/${accessPorts[0].id}`, { untaggedVlanId: floorUsers.id });
  Object.assign(ids, { hq: hq.id, floor: floor.id, core: core.id, dist: dist.id, access: access.id, lab: lab.id });
  readOnlyToken = (await make('/api/tokens', { name: 'ansible', readOnly: true })).token;
});

describe('GET /api/inventory/ansible', () => {
  it('groups the switches by site, role, vendor, model, tag and status, with safe names', async () => {
    const inventory = await server.must(200, 'GET', '/api/inventory/ansible');
    const groups = Object.fromEntries(
      Object.entries(inventory)
        .filter(([name]) => name !== '_meta')
        .map(([name, group]: [string, any]) => [name, group.hosts.length ? group.hosts : group.children]),
    );
    expect(groups).toEqual({
      sites: ['site_2nd_floor', 'site_hq_berlin'],
      roles: ['role_access', 'role_core', 'role_distribution'],
      vendors: ['vendor_acme', 'vendor_arista', 'vendor_cisco', 'vendor_juniper'],
      models: ['model_7050sx3', 'model_c9300_48p', 'model_ex2300_24t'],
      tags: ['tag_backbone', 'tag_pci_zone'],
      statuses: ['status_active', 'status_planned'],
      site_2nd_floor: ['core.2nd-floor', 'edge-1'],
      site_hq_berlin: ['core.hq-berlin', 'dist-a'],
      role_access: ['edge-1'],
      role_core: ['core.hq-berlin'],
      role_distribution: ['dist-a'],
      vendor_juniper: ['edge-1'],
      vendor_acme: ['core.2nd-floor'],
      vendor_cisco: ['core.hq-berlin'],
      vendor_arista: ['dist-a'],
      model_ex2300_24t: ['edge-1'],
      model_c9300_48p: ['core.hq-berlin'],
      model_7050sx3: ['dist-a'],
      tag_backbone: ['core.hq-berlin', 'dist-a'],
      tag_pci_zone: ['dist-a'],
      status_planned: ['edge-1'],
      status_active: ['core.2nd-floor', 'core.hq-berlin', 'dist-a'],
    });
    for (const name of Object.keys(groups)) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
    expect(inventory.site_hq_berlin.vars).toEqual({ switchyard_site_id: ids.hq });
  });

  it('gives each host its management IP, network OS, site, model, VLANs and ports', async () => {
    const { hostvars } = (await server.must(200, 'GET', '/api/inventory/ansible'))._meta;
    expect(hostvars['core.hq-berlin']).toEqual({
      ansible_host: '10.0.0.1',
      ansible_network_os: 'cisco.ios.ios',
      switchyard_id: ids.core,
      switchyard_name: 'core',
      switchyard_site: 'HQ Berlin',
      switchyard_site_id: ids.hq,
      switchyard_vendor: 'Cisco',
      switchyard_model: 'C9300-48P',
      switchyard_role: 'core',
      switchyard_status: 'active',
      switchyard_tags: ['Backbone'],
      switchyard_vlans: [
        { vid: 10, name: 'Users' },
        { vid: 20, name: 'Voice' },
        { vid: 99, name: 'Mgmt' },
      ],
      switchyard_ports: [
        {
          name: '1',
          type: 'rj45',
          enabled: true,
          description: 'to dist a',
          mode: 'trunk',
          untagged_vlan: 10,
          tagged_vlans: [20],
          lag: null,
        },
        { name: '2', type: 'rj45', enabled: false, description: null, mode: 'access', untagged_vlan: 10, tagged_vlans: [], lag: null },
      ],
    });
    expect(hostvars['dist-a']).toMatchObject({ ansible_network_os: 'arista.eos.eos', switchyard_vlans: [] });
    expect(hostvars['edge-1']).toMatchObject({ ansible_host: '10.1.0.5', ansible_network_os: 'junipernetworks.junos.junos' });
    expect(hostvars['core.2nd-floor']).not.toHaveProperty('ansible_host');
    expect(hostvars['core.2nd-floor']).not.toHaveProperty('ansible_network_os');
  });

  it.each([
    ['siteId', () => `siteId=${ids.floor}`, ['core.2nd-floor', 'edge-1']],
    ['role', () => 'role=distribution', ['dist-a']],
    ['tag, letter case aside', () => 'tag=BACKBONE', ['core.hq-berlin', 'dist-a']],
    ['status', () => 'status=planned', ['edge-1']],
    ['two filters together', () => `siteId=${ids.hq}&tag=pci%20zone`, ['dist-a']],
  ])('filters by %s', async (_what, query, hosts) => {
    const inventory = await server.must(200, 'GET', `/api/inventory/ansible?${query()}`);
    expect(Object.keys(inventory._meta.hostvars).sort()).toEqual(hosts);
  });

  it.each([
    ['siteId=nope', 'siteId'],
    ['role=router', 'role'],
    ['status=gone', 'status'],
    [`tag=${'t'.repeat(101)}`, 'tag'],
  ])('refuses %s with 400 naming the filter', async (query, field) => {
    const answer = await server.call('GET', `/api/inventory/ansible?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((fault: { field: string }) => fault.field)).toEqual([field]);
  });

  it('needs a signed-in caller (401)', async () => {
    const answer = await server.call('GET', '/api/inventory/ansible', { token: '' });
    expect(answer.status).toBe(401);
  });
});

describe('GET /api/inventory/oxidized', () => {
  // Oxidized's HTTP source (docs/Sources.md of ytti/oxidized) maps each object's keys by `map:` onto name, ip, model
  // and group; the README's source: block maps each to the key of the same name.
  const DOCUMENTED_KEYS = ['group', 'ip', 'model', 'name'];

  it('lists each switch with a management IP by the keys Oxidized maps, models in its names, the site as group', async () => {
    const nodes = await server.must(200, 'GET', '/api/inventory/oxidized');
    for (const node of nodes) expect(Object.keys(node).sort()).toEqual(DOCUMENTED_KEYS);
    expect(nodes).toEqual([
      { name: 'edge-1', ip: '10.1.0.5', model: 'junos', group: '2nd Floor' },
      { name: 'core.hq-berlin', ip: '10.0.0.1', model: 'ios', group: 'HQ Berlin' },
      { name: 'dist-a', ip: '10.0.0.2', model: 'eos', group: 'HQ Berlin' },
    ]);
  });

  it('takes the same filters', async () => {
    const nodes = await server.must(200, 'GET', '/api/inventory/oxidized?status=active&role=core');
    expect(nodes.map((node: { name: string }) => node.name)).toEqual(['core.hq-berlin']);
  });

  it('reads with a read-only token', async () => {
    expect((await server.call('GET', '/api/inventory/oxidized', { token: readOnlyToken })).status).toBe(200);
  });
});

/** Runs a command to its end with the inventory script's environment (bounded: 60 s). */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), 'switchyard-ansible-'));
  return new Promise((done) => {
    execFile(
      command,
      args,
      {
        cwd: ROOT,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          ANSIBLE_LOCAL_TEMP: join(home, 'tmp'),
          ANSIBLE_NOCOLOR: '1',
          SWITCHYARD_URL: server.baseUrl,
          SWITCHYARD_TOKEN: readOnlyToken,
          ...env,
        },
      },
      (error, stdout, stderr) => done({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

describeNeeding([NEEDS.ansible], 'the inventory read by Ansible itself, through contrib/ansible/switchyard_inventory.py', () => {
  it('ansible-inventory --list gives the groups and hostvars the data says', async () => {
    const { code, stdout, stderr } = await run('ansible-inventory', ['-i', SCRIPT, '--list']);
    expect(code, stderr).toBe(0);
    const listed = JSON.parse(stdout);
    const served = await server.must(200, 'GET', '/api/inventory/ansible');
    expect(listed._meta.hostvars).toEqual(served._meta.hostvars);
    expect(listed.site_hq_berlin.hosts).toEqual(['core.hq-berlin', 'dist-a']);
    expect(listed.sites.children.sort()).toEqual(['site_2nd_floor', 'site_hq_berlin']);
    expect(listed.all.children).toEqual(expect.arrayContaining(['sites', 'roles', 'vendors', 'models', 'tags', 'statuses']));
    // Ansible took every group name as it is: none was rewritten or warned about.
    expect(stderr).not.toMatch(/invalid characters|not valid/i);
  });

  it('ansible-inventory --graph draws the groups under their parents, as the README shows it', async () => {
    const { code, stdout, stderr } = await run('ansible-inventory', ['-i', SCRIPT, '--graph', 'sites']);
    expect(code, stderr).toBe(0);
    expect(stdout.split('\n').map((line) => line.replace(/^[\s|]*[-]*/, ''))).toEqual(
      expect.arrayContaining(['@sites:', '@site_2nd_floor:', 'core.2nd-floor', 'edge-1', '@site_hq_berlin:', 'core.hq-berlin', 'dist-a']),
    );
  });

  it('ansible over a group prints each host its ansible_host', async () => {
    const { code, stdout, stderr } = await run(
      'ansible',
      ['site_hq_berlin', '-i', SCRIPT, '-c', 'local', '-m', 'debug', '-a', 'var=ansible_host'],
      {
        ANSIBLE_LOAD_CALLBACK_PLUGINS: '1',
        ANSIBLE_STDOUT_CALLBACK: 'json',
      },
    );
    expect(code, stderr + stdout).toBe(0);
    const hosts = JSON.parse(stdout).plays[0].tasks[0].hosts;
    expect(Object.fromEntries(Object.entries(hosts).map(([host, result]: [string, any]) => [host, result.ansible_host]))).toEqual({
      'core.hq-berlin': '10.0.0.1',
      'dist-a': '10.0.0.2',
    });
  });

  it('the script answers --host with one host and fails with a clear line without a token', async () => {
    const host = await run(SCRIPT, ['--host', 'edge-1']);
    expect(host.code, host.stderr).toBe(0);
    expect(JSON.parse(host.stdout)).toMatchObject({ ansible_host: '10.1.0.5', switchyard_id: ids.access });
    const filtered = await run(SCRIPT, ['--list'], { SWITCHYARD_FILTER: 'status=planned' });
    expect(Object.keys(JSON.parse(filtered.stdout)._meta.hostvars)).toEqual(['edge-1']);
    const refused = await run(SCRIPT, ['--list'], { SWITCHYARD_TOKEN: 'not-a-token' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/answered 401/);
  });
});

/**
 * An HTTPS server on 127.0.0.1 with a certificate of its own (made by openssl, for IP 127.0.0.1) that passes each request
 * on to the test server: where the script must be given the certificate as SWITCHYARD_CA_FILE.
 */
async function startTlsFront(): Promise<{ url: string; caFile: string; server: Server }> {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { stdio: 'ignore', timeout: 30_000 },
  );
  const front = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, async (req, res) => {
    const answer = await fetch(server.baseUrl + req.url, { headers: { authorization: req.headers.authorization ?? '' } });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((listening) => front.listen(0, '127.0.0.1', listening));
  const { port } = front.address() as { port: number };
  return { url: `https://127.0.0.1:${port}`, caFile: cert, server: front };
}

describeNeeding([NEEDS.ansible, NEEDS.openssl], 'the inventory script over HTTPS with a private CA', () => {
  let front: Awaited<ReturnType<typeof startTlsFront>> | undefined;
  beforeAll(async () => {
    front = await startTlsFront();
  });
  afterAll(() => {
    front?.server.close();
  });

  it('trusts the server with SWITCHYARD_CA_FILE, and refuses it without', async () => {
    const trusted = await run(SCRIPT, ['--list'], { SWITCHYARD_URL: front!.url, SWITCHYARD_CA_FILE: front!.caFile });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(Object.keys(JSON.parse(trusted.stdout)._meta.hostvars)).toContain('edge-1');
    const untrusted = await run(SCRIPT, ['--list'], { SWITCHYARD_URL: front!.url });
    expect(untrusted.code).not.toBe(0);
    expect(untrusted.stderr).toMatch(/CERTIFICATE_VERIFY_FAILED|certificate verify failed/i);
  });
});
