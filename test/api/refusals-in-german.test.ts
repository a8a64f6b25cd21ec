// Every refusal the UI's port and LAG writes can meet reads in German: each fault carries the code and params of its
// form, and the refusal's own message its params (and the variant of its code's form), each form worded by the
// German catalogue. A message the server still builds as text, without a code, fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, fillForm } from '../../src/lib/message-forms.ts';
import { de } from '../../src/ui/messages-de.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call, make } = server;

type Made = { edge: string; ports: string[]; console: string; lag: string; members: string[]; branchPort: string; users: string };
const made = {} as Made;

beforeAll(async () => {
  const main = (await make('/api/sites', { name: 'Main' })).id;
  const branch = (await make('/api/sites', { name: 'Branch' })).id;
  made.users = (await make('/api/vlans', { siteId: main, vid: 10, name: 'Users' })).id;
  made.edge = (await make('/api/switches', { siteId: main, name: 'edge' })).id;
  const port = async (switchId: string, body: object) => (await make(`/api/switches/${switchId}/ports`, body)).id as string;
  made.ports = [await port(made.edge, { name: '1' }), await port(made.edge, { name: '2', mode: 'trunk', taggedVlanIds: [made.users] })];
  made.console = await port(made.edge, { name: 'con 0', type: 'console' });
  made.members = [await port(made.edge, { name: '47' }), await port(made.edge, { name: '48' })];
  made.lag = (await make(`/api/switches/${made.edge}/lags`, { name: 'Po1', memberPortIds: made.members })).id;
  made.branchPort = await port((await make('/api/switches', { siteId: branch, name: 'branch-1' })).id, { name: '1' });
});

type Request = { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
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
