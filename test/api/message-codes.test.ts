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
type Request = { method?: 'POST' | 'PATCH'; path: string; body: unknown };
type Refused = [
  name: string,
  request: (s: Setup) => Promise<Request>,
  status: number,
  code: string,
  detail: Detail,
  /** The values of the refusal's own message, when its code's form words it (ERROR_FORMS). */
  errorParams?: Record<string, unknown>,
];
const refused = (...row: Refused): Refused => row;
/** A 400 validation_failed row: its fault's field, form and params, and the request. */
const invalid = (name: string, field: string, code: Detail['code'], params: Record<string, unknown>, request: Refused[1]): Refused =>
  refused(name, request, 400, 'validation_failed', { field, code, params });

/** A request for a VLAN of `body` at a site that has VLAN 10 Users. */
const besideUsers = (body: Record<string, unknown>) => async (s: Setup) => {
  await make('/api/vlans', { siteId: s.siteId, vid: 10, name: 'Users' });
  return { path: '/api/vlans', body: { siteId: s.siteId, ...body } };
};

/** A network 10.9.0.0/24 "lan" at the site, with the DHCP range 10.9.0.100-10.9.0.199 and the address 10.9.0.5. */
async function lan(siteId: string) {
  const network = (await make('/api/networks', { siteId, name: 'lan', subnet: '10.9.0.0/24' })).id as string;
  const range = (await make(`/api/networks/${network}/ranges`, { kind: 'dhcp', start: '10.9.0.100', end: '10.9.0.199' })).id as string;
  const address = (await make(`/api/networks/${network}/addresses`, { address: '10.9.0.5' })).id as string;
  return { network, range, address };
}

/** A request made at a site that has lan (above). */
const inLan = (request: (s: Setup, made: Awaited<ReturnType<typeof lan>>) => Request | Promise<Request>) => async (s: Setup) =>
  request(s, await lan(s.siteId));

/** lan's DHCP range as a fault names it. */
const LAN_POOL = { start: '10.9.0.100', end: '10.9.0.199', id: expect.any(String) };

/** A refusal of 10.9.0.150, in lan's DHCP range, at `field`. */
const inLanPool = (name: string, field: string, request: Parameters<typeof inLan>[0]): Refused =>
  refused(
    name,
    inLan(request),
    409,
    'in_dhcp_range',
    { field, code: 'in_dhcp_range', params: LAN_POOL },
    {
      address: '10.9.0.150',
      start: '10.9.0.100',
      end: '10.9.0.199',
    },
  );

/** A switch "edge" at the site with ports 1 and 2, and one "far" with port 1. */
async function edgeAndFar(siteId: string) {
  const edge = (await make('/api/switches', { siteId, name: 'edge' })).id as string;
  const far = (await make('/api/switches', { siteId, name: 'far' })).id as string;
  const ports = [
    (await make(`/api/switches/${edge}/ports`, { name: '1' })).id,
    (await make(`/api/switches/${edge}/ports`, { name: '2' })).id,
  ];
  return { edge, ports: ports as string[], farPort: (await make(`/api/switches/${far}/ports`, { name: '1' })).id as string };
}

const anId = expect.any(String);

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
  refused(
    "a VLAN with another VLAN's colour",
    async (s) => {
      await make('/api/vlans', { siteId: s.siteId, vid: 10, name: 'Users', color: '#123456' });
      return { path: '/api/vlans', body: { siteId: s.siteId, vid: 11, name: 'Guests', color: '#123456' } };
    },
    409,
    'color_taken',
    { field: 'color', code: 'colour_of_other_vlan', params: { color: '#123456' } },
    { color: '#123456' },
  ),
  refused(
    "a subnet overlapping another network's",
    inLan((s) => ({ path: '/api/networks', body: { siteId: s.siteId, name: 'half', subnet: '10.9.0.0/25' } })),
    409,
    'subnet_overlaps',
    { field: 'subnet', code: 'overlaps_network', params: { subnet: '10.9.0.0/24', network: 'lan', id: anId } },
    { subnet: '10.9.0.0/25', otherSubnet: '10.9.0.0/24', network: 'lan' },
  ),
  refused(
    'an address recorded already',
    inLan((_s, { network }) => ({ path: `/api/networks/${network}/addresses`, body: { address: '10.9.0.5' } })),
    409,
    'address_taken',
    { field: 'address', code: 'address_recorded', params: { id: anId } },
    { address: '10.9.0.5' },
  ),
  inLanPool('an address in a DHCP range', 'address', (_s, { network }) => ({
    path: `/api/networks/${network}/addresses`,
    body: { address: '10.9.0.150' },
  })),
  inLanPool("a switch's management IP in a DHCP range", 'managementIp', (s) => ({
    path: '/api/switches',
    body: { siteId: s.siteId, name: 'edge', managementIp: '10.9.0.150' },
  })),
  refused(
    "a switch's management IP another device has",
    inLan(async (s, { network }) => {
      await make(`/api/networks/${network}/addresses`, { address: '10.9.0.6', hostname: 'printer' });
      return { path: '/api/switches', body: { siteId: s.siteId, name: 'edge', managementIp: '10.9.0.6' } };
    }),
    409,
    'address_taken',
    { field: 'managementIp', code: 'address_recorded', params: { id: anId } },
  ),
  refused(
    "a switch row of a bulk import whose management IP is in a DHCP range, at the row's field",
    inLan((s) => ({ path: '/api/import/switches', body: [{ siteId: s.siteId, name: 'edge', managementIp: '10.9.0.150' }] })),
    409,
    'in_dhcp_range',
    { field: 'rows[1].managementIp', code: 'in_dhcp_range', params: LAN_POOL },
  ),
  refused(
    'a DHCP range over a recorded address',
    inLan((_s, { network }) => ({ path: `/api/networks/${network}/ranges`, body: { kind: 'dhcp', start: '10.9.0.2', end: '10.9.0.9' } })),
    409,
    'in_dhcp_range',
    { field: 'addresses', code: 'covers_recorded_address', params: { address: '10.9.0.5', id: anId } },
  ),
  refused(
    'a range over another range',
    inLan((_s, { network }) => ({
      path: `/api/networks/${network}/ranges`,
      body: { kind: 'reserved', start: '10.9.0.190', end: '10.9.0.210' },
    })),
    409,
    'range_overlaps',
    { field: 'start', code: 'overlaps_range', params: LAN_POOL },
    { start: '10.9.0.190', end: '10.9.0.210', kind: 'dhcp', otherStart: '10.9.0.100', otherEnd: '10.9.0.199' },
  ),
  refused(
    "a port with another port's name",
    async (s) => ({ path: `/api/switches/${(await edgeAndFar(s.siteId)).edge}/ports`, body: { name: '1' } }),
    409,
    'name_taken',
    { field: 'name', code: 'port_name_taken', params: { switch: 'edge', name: '1' } },
  ),
  invalid("a port's PoE of no standard", 'poe', 'poe_type', { values: expect.stringContaining('802.3at') }, async (s) => ({
    path: `/api/switches/${(await edgeAndFar(s.siteId)).edge}/ports`,
    body: { name: '3', poe: { type: 'x', maxWatts: 5 } },
  })),
  invalid("a switch's tags that are no list", 'tags', 'not_tag_list', {}, async (s) => ({
    path: '/api/switches',
    body: { siteId: s.siteId, name: 'edge', tags: 'core' },
  })),
  invalid("a network's DNS server that is no address", 'dnsServers', 'item_not_ip', { value: '"dns"' }, async (s) => ({
    path: '/api/networks',
    body: { siteId: s.siteId, name: 'n', subnet: '10.9.0.0/24', dnsServers: ['dns'] },
  })),
  refused(
    'a bulk port edit of no ports',
    async (s) => ({ method: 'PATCH', path: `/api/switches/${(await edgeAndFar(s.siteId)).edge}/ports`, body: { portIds: [], set: {} } }),
    400,
    'validation_failed',
    { field: 'portIds', code: 'no_ports_named', params: {} },
  ),
  refused(
    "a bulk port edit of another switch's port",
    async (s) => {
      const { edge, farPort } = await edgeAndFar(s.siteId);
      return { method: 'PATCH', path: `/api/switches/${edge}/ports`, body: { portIds: [farPort], set: { description: 'x' } } };
    },
    400,
    'validation_failed',
    { field: 'portIds[0]', code: 'port_of_other_switch', params: { id: anId, switch: 'edge' } },
  ),
  refused(
    'a bulk port edit that sets a name on many ports',
    async (s) => {
      const { edge, ports } = await edgeAndFar(s.siteId);
      return { method: 'PATCH', path: `/api/switches/${edge}/ports`, body: { portIds: ports, set: { name: 'x' } } };
    },
    400,
    'validation_failed',
    { field: 'set.name', code: 'not_set_in_bulk', params: {} },
  ),
];

describe('a refusal', () => {
  it.each(refusals)('of %s names the form of each fault with its values', async (_name, request, status, code, detail, errorParams) => {
    const { method = 'POST', path, body } = await request({ siteId: await site(), otherSiteId: await site() });
    const answer = await call(method, path, { body });
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    const fault = answer.body.error.details.find((d: { field: string }) => d.field === detail.field);
    expect(fault).toEqual({ ...detail, message: expect.any(String) });
    expect(fault.message).toBe(fillForm(FIELD_FORMS[detail.code], fault.params));
    if (!errorParams) return;
    expect(answer.body.error.params).toEqual(errorParams);
    expect(answer.body.error.message).toBe(fillForm(ERROR_FORMS[code as keyof typeof ERROR_FORMS], errorParams as Record<string, string>));
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

type Found = [form: keyof typeof FINDING_FORMS, build: (siteId: string) => Promise<void>, params: Record<string, unknown>];
const codesSite = expect.stringMatching(/^codes /);
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
    'link_native_vlan_mismatch.none_at_b',
    async (siteId) => {
      const vlan = (await make('/api/vlans', { siteId, vid: 10, name: 'Users' })).id;
      const a = (await make('/api/switches', { siteId, name: 'sw-a' })).id;
      const b = (await make('/api/switches', { siteId, name: 'sw-b' })).id;
      const far = (await make(`/api/switches/${b}/ports`, { name: '48' })).id;
      await make(`/api/switches/${a}/ports`, { name: '1', untaggedVlanId: vlan, linkedPortId: far });
    },
    { portA: 'sw-a port 1', portB: 'sw-b port 48', vidA: 10 },
  ),
  found(
    'management_ip_outside_subnets',
    async (siteId) => {
      await make('/api/networks', { siteId, name: 'lan', subnet: '10.7.0.0/24' });
      await make('/api/switches', { siteId, name: 'stray', managementIp: '10.6.0.9' });
    },
    { ip: '10.6.0.9', switch: 'stray', family: 4, site: expect.stringMatching(/^codes /) },
  ),
  found(
    'gateway_is_management_ip.in_vlan',
    async (siteId) => {
      const vlanId = (await make('/api/vlans', { siteId, vid: 10, name: 'Users' })).id;
      await make('/api/networks', { siteId, name: 'lan', subnet: '10.7.0.0/24', gateway: '10.7.0.1', vlanId });
      await make('/api/switches', { siteId, name: 'core', managementIp: '10.7.0.1' });
    },
    { gateway: '10.7.0.1', network: 'lan', subnet: '10.7.0.0/24', vid: 10, site: codesSite, switch: 'core', switchSite: codesSite },
  ),
  found(
    'poe_over_budget.one_port',
    async (siteId) => {
      const sw = (await make('/api/switches', { siteId, name: 'poe', poeBudgetWatts: 10 })).id;
      await make(`/api/switches/${sw}/ports`, { name: '1', poe: { type: '802.3at', maxWatts: 25.5 } });
    },
    { switch: 'poe', demand: 25.5, budget: 10 },
  ),
  found(
    'management_ip_not_recorded',
    async (siteId) => {
      await make('/api/switches', { siteId, name: 'core', managementIp: '10.7.0.2' });
      await make('/api/networks', { siteId, name: 'lan', subnet: '10.7.0.0/24' });
    },
    { ip: '10.7.0.2', switch: 'core', network: 'lan', subnet: '10.7.0.0/24' },
  ),
];

describe('a finding', () => {
  it.each(findings)('%s gives the values its form words its message from, and a variant its form', async (form, build, params) => {
    const siteId = await site();
    await build(siteId);
    const answer = await call('GET', `/api/checks?siteId=${siteId}`);
    const [kind] = form.split('.');
    const finding = answer.body.findings.find((f: { kind: string }) => f.kind === kind);
    expect(finding.form).toBe(form === kind ? undefined : form);
    expect(finding.params).toEqual(params);
    expect(finding.message).toBe(fillForm(FINDING_FORMS[form], finding.params));
  });
});
