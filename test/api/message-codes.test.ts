// The API's messages carry the code of their form and the values they are made of, so that a client words them in
// its own language: each fault of a refusal (details[].code and params), the refusal's own message where its code
// has a form (error.params), and a finding whose kind has a form (params). The English text is the form filled.
import { describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, FINDING_FORMS, fillForm } from '../../src/lib/message-forms.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call, make } = server;
let sequence = 0;
const site = async () => (await make('/api/sites', { name: `codes ${++sequence}` })).id as string;

/** What a request needs: a fresh site and what the scenario made there. */
type Setup = { siteId: string; otherSiteId: string };
type Detail = { field: string; code: keyof typeof FIELD_FORMS; params: Record<string, unknown> };
type Refused = [
  name: string,
  request: (s: Setup) => Promise<{ path: string; body: unknown }>,
  status: number,
  code: string,
  detail: Detail,
];
const refused = (...row: Refused): Refused => row;

/** A request for a VLAN of `body` at a site that has VLAN 10 Users. */
const besideUsers = (body: Record<string, unknown>) => async (s: Setup) => {
  await make('/api/vlans', { siteId: s.siteId, vid: 10, name: 'Users' });
  return { path: '/api/vlans', body: { siteId: s.siteId, ...body } };
};

const refusals: Refused[] = [
  refused(
    'a VLAN number out of range',
    async (s) => ({ path: '/api/vlans', body: { siteId: s.siteId, vid: 5000, name: 'x' } }),
    400,
    'validation_failed',
    {
      field: 'vid',
      code: 'int_range',
      params: { min: 1, max: 4094 },
    },
  ),
  refused('a site without its name', async () => ({ path: '/api/sites', body: {} }), 400, 'validation_failed', {
    field: 'name',
    code: 'required',
    params: {},
  }),
  refused(
    'a field a site does not have',
    async () => ({ path: '/api/sites', body: { name: 'y', colour: 'red' } }),
    400,
    'validation_failed',
    {
      field: 'colour',
      code: 'unknown_field',
      params: { kind: 'site' },
    },
  ),
  refused(
    'a MAC address that is none',
    async (s) => ({ path: '/api/switches', body: { siteId: s.siteId, name: 'sw', macAddress: 'nope' } }),
    400,
    'validation_failed',
    { field: 'macAddress', code: 'not_mac', params: {} },
  ),
  refused(
    'a gateway outside its subnet',
    async (s) => ({ path: '/api/networks', body: { siteId: s.siteId, name: 'n', subnet: '10.9.0.0/24', gateway: '10.8.0.1' } }),
    400,
    'validation_failed',
    { field: 'gateway', code: 'outside_subnet', params: { subnet: '10.9.0.0/24' } },
  ),
  refused(
    "a port's VLAN of another site",
    async (s) => {
      const vlan = (await make('/api/vlans', { siteId: s.otherSiteId, vid: 20, name: 'far' })).id;
      const sw = (await make('/api/switches', { siteId: s.siteId, name: 'edge' })).id;
      return { path: `/api/switches/${sw}/ports`, body: { name: '1', untaggedVlanId: vlan } };
    },
    400,
    'validation_failed',
    { field: 'untaggedVlanId', code: 'vlan_of_other_site', params: { id: expect.any(String) } },
  ),
  refused(
    'a subnet with host bits set',
    async (s) => ({ path: '/api/networks', body: { siteId: s.siteId, name: 'n', subnet: '10.9.0.1/24' } }),
    400,
    'validation_failed',
    { field: 'subnet', code: 'host_bits_set', params: { network: '10.9.0.0/24' } },
  ),
  refused(
    'a port name that is no interface name',
    async (s) => ({
      path: `/api/switches/${(await make('/api/switches', { siteId: s.siteId, name: 'edge' })).id}/ports`,
      body: { name: 'Gi1/0/1;' },
    }),
    400,
    'validation_failed',
    { field: 'name', code: 'not_interface_name', params: {} },
  ),
  refused(
    "a link to a port of the port's own switch",
    async (s) => {
      const sw = (await make('/api/switches', { siteId: s.siteId, name: 'edge' })).id;
      const other = (await make(`/api/switches/${sw}/ports`, { name: '2' })).id;
      return { path: `/api/switches/${sw}/ports`, body: { name: '1', linkedPortId: other } };
    },
    400,
    'validation_failed',
    { field: 'linkedPortId', code: 'port_of_same_switch', params: {} },
  ),
  refused("a VLAN with another VLAN's name", besideUsers({ vid: 11, name: 'Users' }), 409, 'name_taken', {
    field: 'name',
    code: 'vlan_name_taken',
    params: { name: 'Users' },
  }),
  refused("a VLAN with another VLAN's number", besideUsers({ vid: 10, name: 'Guests' }), 409, 'conflict', {
    field: 'vid',
    code: 'vid_taken',
    params: { vid: 10 },
  }),
];

describe('a refusal', () => {
  it.each(refusals)('of %s names the form of each fault with its values', async (_name, request, status, code, detail) => {
    const { path, body } = await request({ siteId: await site(), otherSiteId: await site() });
    const answer = await call('POST', path, { body });
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    const fault = answer.body.error.details.find((d: { field: string }) => d.field === detail.field);
    expect(fault).toEqual({ ...detail, message: expect.any(String) });
    expect(fault.message).toBe(fillForm(FIELD_FORMS[detail.code], fault.params));
  });

  it("gives its own message's values when its code's form words it, and none when the message is a route's own", async () => {
    const invalid = await call('POST', '/api/sites', { body: {} });
    expect(invalid.body.error).toMatchObject({ code: 'validation_failed', message: ERROR_FORMS.validation_failed, params: {} });
    const siteId = await site();
    await make('/api/vlans', { siteId, vid: 10, name: 'Users' });
    const taken = await call('POST', '/api/vlans', { body: { siteId, vid: 10, name: 'Users' } });
    expect(taken.body.error).toMatchObject({ code: 'name_taken', params: { fields: 'name, vid' } });
    expect(taken.body.error.message).toBe(fillForm(ERROR_FORMS.name_taken, taken.body.error.params));
    const filter = await call('GET', '/api/vlans?siteId=nope');
    expect(filter.status).toBe(400);
    expect(filter.body.error.params).toBeUndefined();
  });
});

type Found = [kind: keyof typeof FINDING_FORMS, build: (siteId: string) => Promise<void>, params: Record<string, unknown>];
const found = (...row: Found): Found => row;

const findings: Found[] = [
  found(
    'unused_vlan',
    async (siteId) => {
      await make('/api/vlans', { siteId, vid: 300, name: 'Spare' });
    },
    { vid: 300, vlan: 'Spare', site: expect.stringMatching(/^codes /) },
  ),
  found(
    'link_mode_mismatch',
    async (siteId) => {
      const a = (await make('/api/switches', { siteId, name: 'sw-a' })).id;
      const b = (await make('/api/switches', { siteId, name: 'sw-b' })).id;
      const far = (await make(`/api/switches/${b}/ports`, { name: '48', mode: 'trunk' })).id;
      await make(`/api/switches/${a}/ports`, { name: '1', mode: 'access', linkedPortId: far });
    },
    { portA: 'sw-a port 1', modeA: 'access', portB: 'sw-b port 48', modeB: 'trunk' },
  ),
  found(
    'management_ip_outside_subnets',
    async (siteId) => {
      await make('/api/networks', { siteId, name: 'lan', subnet: '10.7.0.0/24' });
      await make('/api/switches', { siteId, name: 'stray', managementIp: '10.6.0.9' });
    },
    { ip: '10.6.0.9', switch: 'stray', family: 4, site: expect.stringMatching(/^codes /) },
  ),
];

describe('a finding', () => {
  it.each(findings)('%s gives the values its kind words its message from', async (kind, build, params) => {
    const siteId = await site();
    await build(siteId);
    const answer = await call('GET', `/api/checks?siteId=${siteId}`);
    const finding = answer.body.findings.find((f: { kind: string }) => f.kind === kind);
    expect(finding.params).toEqual(params);
    expect(finding.message).toBe(fillForm(FINDING_FORMS[kind], finding.params));
  });
});
