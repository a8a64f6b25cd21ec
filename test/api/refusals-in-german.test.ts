// Every refusal the UI's writes of ports, LAGs, switches, addresses, templates and users can meet reads in German:
// each fault carries the code and params of its form, and the refusal's own message its params (and the variant of
// its code's form), each form worded by the German catalogue. A message the server builds as text, without a code,
// fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, fillForm } from '../../src/lib/message-forms.ts';
import { de } from '../../src/ui/messages-de.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call, make } = server;

type Made = {
  main: string;
  edge: string;
  ports: string[];
  console: string;
  lag: string;
  members: string[];
  branch: string;
  branchSwitch: string;
  branchPort: string;
  users: string;
  stack: string;
  lan: string;
  managed: string;
};
const made = {} as Made;

beforeAll(async () => {
  made.main = (await make('/api/sites', { name: 'Main' })).id;
  made.branch = (await make('/api/sites', { name: 'Branch' })).id;
  const { main, branch } = made;
  made.users = (await make('/api/vlans', { siteId: main, vid: 10, name: 'Users' })).id;
  made.edge = (await make('/api/switches', { siteId: main, name: 'edge' })).id;
  const port = async (switchId: string, body: object) => (await make(`/api/switches/${switchId}/ports`, body)).id as string;
  made.ports = [await port(made.edge, { name: '1' }), await port(made.edge, { name: '2', mode: 'trunk', taggedVlanIds: [made.users] })];
  made.console = await port(made.edge, { name: 'con 0', type: 'console' });
  made.members = [await port(made.edge, { name: '47' }), await port(made.edge, { name: '48' })];
  made.lag = (await make(`/api/switches/${made.edge}/lags`, { name: 'Po1', memberPortIds: made.members })).id;
  made.branchSwitch = (await make('/api/switches', { siteId: branch, name: 'branch-1' })).id;
  made.branchPort = await port(made.branchSwitch, { name: '1' });
  made.stack = (await make('/api/switches', { siteId: main, name: 'stack', stackSize: 2 })).id;
  await port(made.stack, { name: '2/0/1', unit: 2 });
  made.lan = (await make('/api/networks', { siteId: main, name: 'lan', subnet: '10.9.0.0/24' })).id;
  await make('/api/switches', { siteId: main, name: 'managed', managementIp: '10.9.0.2' });
  made.managed = (await call('GET', `/api/networks/${made.lan}/addresses`)).body.items[0].id;
});

type Request = { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string; body?: unknown };
const bulk = (body: unknown): Request => ({ method: 'PATCH', path: `/api/switches/${made.edge}/ports`, body });
const lags = (body: unknown): Request => ({ method: 'POST', path: `/api/switches/${made.edge}/lags`, body });

const refusals: [name: string, request: () => Request | Promise<Request>][] = [
  ['a bulk edit that is no object', () => bulk([])],
  ['a bulk edit without portIds', () => bulk({ set: { description: 'x' } })],
  ['a bulk edit whose portIds are no ids', () => bulk({ portIds: 'all', set: { description: 'x' } })],
  ["a bulk edit that leaves a port's tagged VLANs on an access port", () => bulk({ portIds: made.ports, set: { mode: 'access' } })],
  ['a bulk edit of the mode of LAG members', () => bulk({ portIds: made.members, set: { mode: 'trunk' } })],
  [
    'a change of a LAG member’s VLAN',
    () => ({ method: 'PATCH', path: `/api/ports/${made.members[0]}`, body: { untaggedVlanId: made.users } }),
  ],
  ['a port’s position of null', () => ({ method: 'PATCH', path: `/api/ports/${made.ports[0]}`, body: { position: null } })],
  ['the delete of a member of a LAG of two', () => ({ method: 'DELETE', path: `/api/ports/${made.members[0]}` })],
  ['a far end matched without a link', () => ({ method: 'PATCH', path: `/api/ports/${made.ports[0]}?matchFarEnd=true`, body: {} })],
  [
    'a far end matched at a site without the VLAN',
    () => ({
      method: 'PATCH',
      path: `/api/ports/${made.ports[0]}?matchFarEnd=true`,
      body: { linkedPortId: made.branchPort, untaggedVlanId: made.users },
    }),
  ],
  ['a LAG with the name of another', () => lags({ name: 'Po1', memberPortIds: made.ports })],
  ['a LAG of a member of another LAG', () => lags({ name: 'Po2', memberPortIds: [made.ports[0], made.members[0]] })],
  ['a LAG of members of another LAG', () => lags({ name: 'Po2', memberPortIds: made.members })],
  ['a LAG of a console port', () => lags({ name: 'Po3', memberPortIds: [made.ports[0], made.console] })],
  ['a LAG of one port', () => lags({ name: 'Po4', memberPortIds: [made.ports[0]] })],
  ['a LAG of a port of another switch', () => lags({ name: 'Po4', memberPortIds: [made.ports[0], made.branchPort] })],
  ['a LAG paired with a LAG of its own switch', () => lags({ name: 'Po4', memberPortIds: made.ports, remoteLagId: made.lag })],
  ['a stack smaller than its ports', () => ({ method: 'PATCH', path: `/api/switches/${made.stack}`, body: { stackSize: 1 } })],
  [
    'a switch of a template that is none, with a port count',
    () => ({ method: 'POST', path: '/api/switches', body: { siteId: made.main, name: 't', portCount: 8, templateId: made.users } }),
  ],
  [
    'a switch whose management IP is its network’s address',
    () => ({ method: 'POST', path: '/api/switches', body: { siteId: made.main, name: 'n', managementIp: '10.9.0.0' } }),
  ],
  ['a duplicate that is no object', () => ({ method: 'POST', path: `/api/switches/${made.edge}/duplicate`, body: [] })],
  [
    'a duplicate with a field it has not',
    () => ({ method: 'POST', path: `/api/switches/${made.edge}/duplicate`, body: { name: 'x', site: 'y' } }),
  ],
  ['the delete of a switch’s management address', () => ({ method: 'DELETE', path: `/api/addresses/${made.managed}` })],
  [
    'a change of a switch’s management address',
    () => ({ method: 'PATCH', path: `/api/addresses/${made.managed}`, body: { address: '10.9.0.3' } }),
  ],
  [
    'a layout of a switch of another site',
    () => ({
      method: 'PUT',
      path: `/api/sites/${made.main}/topology-layout`,
      body: { positions: { [made.branchSwitch]: { x: 1, y: 1 } } },
    }),
  ],
  [
    'a template with the name of another',
    async () => {
      const units = [[{ type: 'rj45', count: 4, namePattern: '{n}' }]];
      await make('/api/templates', { name: 'T1', units });
      return { method: 'POST', path: '/api/templates', body: { name: 'T1', units } };
    },
  ],
  [
    'the last admin made a viewer',
    async () => {
      const admin = (await call('GET', '/api/auth/me')).body.id;
      return { method: 'PATCH', path: `/api/users/${admin}`, body: { role: 'viewer' } };
    },
  ],
];

type Fault = { field: string; message: string; code?: keyof typeof FIELD_FORMS; params?: Record<string, string | number> };
const DE = de as unknown as Record<string, string>;

/** That `fault` is its German form's code filled, and so is a fault it quotes. */
function expectWorded(fault: Fault): void {
  expect(fault.code, `${fault.field}: ${fault.message}`).toBeDefined();
  expect(DE[`serverFault.${fault.code}`], fault.code).toBeDefined();
  expect(fault.message).toBe(fillForm(FIELD_FORMS[fault.code!], fault.params!));
  const { faultCode, fault: quoted, ...params } = fault.params!;
  if (faultCode === undefined) return;
  const own = Object.entries(params).filter(([name]) => name.startsWith('fault.'));
  const quotedParams = Object.fromEntries(own.map(([name, value]) => [name.slice('fault.'.length), value]));
  expectWorded({ field: String(params.field), message: String(quoted), code: faultCode as Fault['code'], params: quotedParams });
}

describe('a refusal of a port or LAG write', () => {
  it.each(refusals)('of %s has a German form for its message and every fault', async (_name, request) => {
    const { method, path, body } = await request();
    const answer = await call(method, path, body === undefined ? {} : { body });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const { code, form, message, params, details } = answer.body.error;
    const key = (form ?? code) as keyof typeof ERROR_FORMS;
    expect(params, message).toBeDefined();
    expect(DE[`serverError.${key}`], key).toBeDefined();
    expect(message).toBe(fillForm(ERROR_FORMS[key], params));
    expect(details.length).toBeGreaterThan(0);
    for (const fault of details) expectWorded(fault);
  });
});
