// GET /api/checks against a real server, with data made through the inventory API. Each scenario builds its own
// sites and asks for the findings of those sites, so scenarios do not see each other's data; for each finding kind
// one data set has it and one does not, and the check must name exactly the entities involved. Last, without a
// server: runChecks runs one pass of SQL per kind, the same few statements whatever the size of the data.
import type { StatementSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS, runChecks } from '../../src/db/read/checks.ts';
import { FINDING_FORMS, type FindingParams, fillForm } from '../../src/lib/message-forms.ts';
import type { Db } from '../../src/db/open.ts';
import { addSiteWithEveryKind } from '../fixtures/checks-site.ts';
import { addSite, addSwitch, freshDb } from '../fixtures/config/inventory-db.ts';
import { exportDocument } from '../helpers/data.ts';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

interface Finding {
  kind: string;
  severity: string;
  message: string;
  entities: { type: string; id: string; name: string }[];
}

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let sequence = 0;

const { call, make } = server.as(() => tokens.editor);
const site = async () => (await make('/api/sites', { name: `site ${++sequence}` })).id;
const vlan = async (siteId: string, vid: number, extra: Record<string, unknown> = {}) =>
  (await make('/api/vlans', { siteId, vid, name: `vlan ${vid}`, ...extra })).id;
const net = async (siteId: string, subnet: string, extra: Record<string, unknown> = {}) =>
  (await make('/api/networks', { siteId, subnet, name: `net ${subnet}`, ...extra })).id;
const sw = async (siteId: string, name: string, extra: Record<string, unknown> = {}) =>
  (await make('/api/switches', { siteId, name, ...extra })).id;
const port = async (switchId: string, name: string, extra: Record<string, unknown> = {}) =>
  (await make(`/api/switches/${switchId}/ports`, { name, ...extra })).id;

const findings = async (siteId?: string, token = tokens.editor): Promise<Finding[]> => {
  const answer = await call('GET', `/api/checks${siteId ? `?siteId=${siteId}` : ''}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.findings;
};
const entityGroups = (list: Finding[], kind: string) =>
  list
    .filter((f) => f.kind === kind)
    .map((f) => f.entities.map((e) => e.id).sort())
    .sort((a, b) => (a.join() < b.join() ? -1 : 1));
const groups = (expected: string[][]) => expected.map((ids) => [...ids].sort()).sort((a, b) => (a.join() < b.join() ? -1 : 1));

/**
 * A data set: built at a fresh site `a` (and at other sites it makes), it returns the entity ids of each finding of the
 * kind expected at `a`.
 */
type Scenario = [name: string, kind: string, build: (a: string) => Promise<string[][]>];
/** A row of the table, written as a call so that its name and kind head the data set. */
const scenario = (...row: Scenario): Scenario => row;

const scenarios: Scenario[] = [
  scenario('one management IP at two sites', 'duplicate_management_ip', async (a) => {
    const b = await site();
    const one = await sw(a, 'a1', { managementIp: '10.1.0.5' });
    const two = await sw(b, 'b1', { managementIp: '10.1.0.5' });
    await sw(b, 'b2', { managementIp: '10.1.0.6' });
    return [[one, two]];
  }),
  scenario('distinct management IPs', 'duplicate_management_ip', async (a) => {
    const b = await site();
    await sw(a, 'a1', { managementIp: '10.2.0.5' });
    await sw(b, 'b1', { managementIp: '10.2.0.6' });
    return [];
  }),
  scenario('distinct MAC addresses', 'duplicate_mac', async (a) => {
    await sw(a, 'a1', { macAddress: '02:00:00:00:03:01' });
    await sw(a, 'a2', { macAddress: '02:00:00:00:03:02' });
    return [];
  }),
  scenario("a management IP outside its site's networks", 'management_ip_outside_subnets', async (a) => {
    await net(a, '10.4.99.0/24', { vlanId: await vlan(a, 99) });
    await sw(a, 'inside', { managementIp: '10.4.99.2' });
    const outside = await sw(a, 'outside', { managementIp: '10.4.100.2' });
    return [[outside]];
  }),
  scenario(
    'management IPs inside (a /31 without VLAN too), or of a family without networks at the site',
    'management_ip_outside_subnets',
    async (a) => {
      await net(a, '10.5.99.0/24', { vlanId: await vlan(a, 99) });
      await net(a, '10.5.200.0/31');
      await sw(a, 'inside', { managementIp: '10.5.99.2' });
      await sw(a, 'transit', { managementIp: '10.5.200.1' });
      await sw(a, 'v6', { managementIp: '2001:db8:5::2' });
      return [];
    },
  ),
  scenario('a link whose ends have different native VLANs', 'link_native_vlan_mismatch', async (a) => {
    const [v1, v99] = [await vlan(a, 1), await vlan(a, 99)];
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'trunk', untaggedVlanId: v1 });
    const far = await port(await sw(a, 'core-1'), '1', { mode: 'trunk', untaggedVlanId: v99, linkedPortId: near });
    return [[near, far]];
  }),
  scenario('a link across sites whose ends share the VLAN number', 'link_native_vlan_mismatch', async (a) => {
    const b = await site();
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'trunk', untaggedVlanId: await vlan(a, 99, { name: 'Mgmt A' }) });
    await port(await sw(b, 'core-1'), '1', {
      mode: 'trunk',
      untaggedVlanId: await vlan(b, 99, { name: 'Mgmt B' }),
      linkedPortId: near,
    });
    return [];
  }),
  scenario('a link whose trunk ends carry different tagged VLANs', 'link_tagged_vlan_mismatch', async (a) => {
    const [v10, v20, v30] = [await vlan(a, 10), await vlan(a, 20), await vlan(a, 30)];
    const near = await port(await sw(a, 'acc-1'), 'Gi1/0/48', { mode: 'trunk', taggedVlanIds: [v10, v30] });
    const far = await port(await sw(a, 'core-1'), 'Te1/0/1', { mode: 'trunk', taggedVlanIds: [v10, v20], linkedPortId: near });
    return [[near, far]];
  }),
  scenario('a link across sites whose trunk ends carry the same VLAN numbers', 'link_tagged_vlan_mismatch', async (a) => {
    const b = await site();
    const near = await port(await sw(a, 'acc-1'), 'Gi1/0/48', { mode: 'trunk', taggedVlanIds: [await vlan(a, 10), await vlan(a, 30)] });
    await port(await sw(b, 'core-1'), 'Te1/0/1', {
      mode: 'trunk',
      taggedVlanIds: [await vlan(b, 30, { name: 'cams B' }), await vlan(b, 10, { name: 'users B' })],
      linkedPortId: near,
    });
    return [];
  }),
  scenario('a LAG pair across sites whose ends differ in tagged VLANs and member count', 'lag_pair_mismatch', async (a) => {
    const b = await site();
    const [a10, a30, b10, b40] = [await vlan(a, 10), await vlan(a, 30), await vlan(b, 10), await vlan(b, 40)];
    const [near, far] = [await sw(a, 'lag-a'), await sw(b, 'lag-b')];
    // A trunk LAG Po1 of `count` trunk ports, carrying `taggedVlanIds`.
    const trunkLag = async (switchId: string, taggedVlanIds: string[], count: number, remoteLagId?: string) => {
      const memberPortIds = await Promise.all(Array.from({ length: count }, (_, i) => port(switchId, `${i + 1}`, { mode: 'trunk' })));
      return (await make(`/api/switches/${switchId}/lags`, { name: 'Po1', portMode: 'trunk', taggedVlanIds, memberPortIds, remoteLagId }))
        .id;
    };
    const one = await trunkLag(near, [a10, a30], 2);
    const two = await trunkLag(far, [b10, b40], 3, one);
    return [[one, two]];
  }),
  scenario('a LAG pair across sites whose ends agree by VLAN number, LACP active and passive', 'lag_pair_mismatch', async (a) => {
    const b = await site();
    const [a10, b10] = [await vlan(a, 10), await vlan(b, 10, { name: 'other name' })];
    const [near, far] = [await sw(a, 'lag-a'), await sw(b, 'lag-b')];
    const ports = async (switchId: string) => [await port(switchId, '1'), await port(switchId, '2')];
    const one = (await make(`/api/switches/${near}/lags`, { name: 'Po1', untaggedVlanId: a10, memberPortIds: await ports(near) })).id;
    await make(`/api/switches/${far}/lags`, {
      name: 'ae0',
      mode: 'lacp-passive',
      untaggedVlanId: b10,
      memberPortIds: await ports(far),
      remoteLagId: one,
    });
    return [];
  }),
  scenario('a link from an access port to a trunk', 'link_mode_mismatch', async (a) => {
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'access' });
    const far = await port(await sw(a, 'core-1'), '1', { mode: 'trunk', linkedPortId: near });
    return [[near, far]];
  }),
  scenario('links with one mode at both ends', 'link_mode_mismatch', async (a) => {
    await port(await sw(a, 'c1'), '1', { mode: 'trunk', linkedPortId: await port(await sw(a, 'c2'), '1', { mode: 'trunk' }) });
    await port(await sw(a, 'e1'), '1', { linkedPortId: await port(await sw(a, 'e2'), '1') });
    return [];
  }),
  scenario(
    'VLANs used on a switch, by a port or configured, that the uplink does not carry at both ends',
    'vlan_not_carried_by_uplink',
    async (a) => {
      const [users, cams, mgmt, lab] = [await vlan(a, 10), await vlan(a, 30), await vlan(a, 99), await vlan(a, 40)];
      const edge = await sw(a, 'edge', { configuredVlanIds: [lab] });
      await port(edge, '1', { untaggedVlanId: users });
      await port(edge, '2', { untaggedVlanId: cams });
      await port(edge, '3', { untaggedVlanId: mgmt });
      const uplink = await port(edge, '48', { mode: 'trunk', untaggedVlanId: mgmt, taggedVlanIds: [users, cams] });
      const core = await sw(a, 'core');
      await port(core, '2', { untaggedVlanId: cams });
      await port(core, '1', { mode: 'trunk', untaggedVlanId: mgmt, taggedVlanIds: [users], linkedPortId: uplink });
      return [
        [edge, cams, lab],
        [core, cams],
      ];
    },
  ),
  scenario('VLANs all carried at both ends, tagged or native', 'vlan_not_carried_by_uplink', async (a) => {
    const [users, mgmt] = [await vlan(a, 10), await vlan(a, 99)];
    const edge = await sw(a, 'edge', { configuredVlanIds: [users] });
    await port(edge, '1', { untaggedVlanId: users });
    await port(edge, '2', { untaggedVlanId: mgmt });
    const uplink = await port(edge, '48', { mode: 'trunk', untaggedVlanId: mgmt, taggedVlanIds: [users] });
    await port(await sw(a, 'core'), '1', { mode: 'trunk', untaggedVlanId: mgmt, taggedVlanIds: [users], linkedPortId: uplink });
    return [];
  }),
  scenario('PoE demand of a switch over its budget', 'poe_over_budget', async (a) => {
    const s = await sw(a, 'poe', { poeBudgetWatts: 50 });
    await port(s, '1', { poe: { type: '802.3at', maxWatts: 30 } });
    await port(s, '2', { poe: { type: '802.3at', maxWatts: 30 } });
    return [[s]];
  }),
  scenario('PoE demand within the budget, or no budget known', 'poe_over_budget', async (a) => {
    const s = await sw(a, 'poe', { poeBudgetWatts: 60 });
    await port(s, '1', { poe: { type: '802.3at', maxWatts: 30 } });
    await port(s, '2', { poe: { type: '802.3at', maxWatts: 30 } });
    await port(s, '3', { poe: { type: '802.3at', maxWatts: 30 }, enabled: false });
    await port(await sw(a, 'unknown'), '1', { poe: { type: '802.3bt-type4', maxWatts: 90 } });
    return [];
  }),
  scenario("a gateway that is a switch's management IP", 'gateway_is_management_ip', async (a) => {
    const mgmt = await net(a, '10.8.99.0/24', { gateway: '10.8.99.1', vlanId: await vlan(a, 99) });
    const core = await sw(a, 'core', { managementIp: '10.8.99.1' });
    await sw(a, 'edge', { managementIp: '10.8.99.2' });
    return [[mgmt, core]];
  }),
  scenario("gateways that are no switch's address", 'gateway_is_management_ip', async (a) => {
    await net(a, '10.9.99.0/24', { gateway: '10.9.99.1' });
    await sw(a, 'edge', { managementIp: '10.9.99.2' });
    return [];
  }),
  scenario('a VLAN no port carries (one with a subnet, one configured on a switch)', 'unused_vlan', async (a) => {
    const [unused, configured] = [await vlan(a, 5), await vlan(a, 7)];
    await net(a, '10.10.5.0/24', { vlanId: unused });
    await port(await sw(a, 's', { configuredVlanIds: [configured] }), '1', { untaggedVlanId: await vlan(a, 6) });
    return [[unused], [configured]];
  }),
  scenario('VLANs carried untagged or tagged only', 'unused_vlan', async (a) => {
    const s = await sw(a, 's');
    await port(s, '1', { untaggedVlanId: await vlan(a, 6) });
    await port(s, '2', { mode: 'trunk', taggedVlanIds: [await vlan(a, 7)] });
    return [];
  }),
  scenario('a network at 80 % and more (recorded, DHCP and reserved)', 'network_nearly_full', async (a) => {
    const full = await net(a, '10.11.1.0/30');
    await make(`/api/networks/${full}/addresses`, { address: '10.11.1.1' });
    await make(`/api/networks/${full}/addresses`, { address: '10.11.1.2' });
    const pool = await net(a, '10.11.2.0/28');
    await make(`/api/networks/${pool}/ranges`, { start: '10.11.2.1', end: '10.11.2.10', kind: 'dhcp' });
    await make(`/api/networks/${pool}/ranges`, { start: '10.11.2.11', end: '10.11.2.12', kind: 'reserved' });
    return [[full], [pool]];
  }),
  scenario('networks under 80 %', 'network_nearly_full', async (a) => {
    const lan = await net(a, '10.12.1.0/29');
    await make(`/api/networks/${lan}/addresses`, { address: '10.12.1.1' });
    await make(`/api/networks/${lan}/ranges`, { start: '10.12.1.2', end: '10.12.1.5', kind: 'static' });
    return [];
  }),
  scenario('a management IP that a network added later holds, without its address record', 'management_ip_not_recorded', async (a) => {
    const early = await sw(a, 'early', { managementIp: '10.13.1.5' });
    const lan = await net(a, '10.13.1.0/24');
    return [[early, lan]];
  }),
  scenario('management IPs recorded as the API keeps them, or in no network', 'management_ip_not_recorded', async (a) => {
    await net(a, '10.14.1.0/24');
    await sw(a, 'kept', { managementIp: '10.14.1.5' });
    await sw(a, 'moved', { managementIp: '10.14.1.6' }).then((id) =>
      call('PATCH', `/api/switches/${id}`, { body: { managementIp: '10.14.1.7' } }),
    );
    await sw(a, 'outside', { managementIp: '192.0.2.14' });
    return [];
  }),
  scenario('addresses the API keeps out of DHCP ranges and apart', 'address_in_dhcp_range', async (a) => {
    const lan = await net(a, '10.15.1.0/24');
    await make(`/api/networks/${lan}/ranges`, { start: '10.15.1.100', end: '10.15.1.200', kind: 'dhcp' });
    await make(`/api/networks/${lan}/addresses`, { address: '10.15.1.99' });
    expect((await call('POST', `/api/networks/${lan}/addresses`, { body: { address: '10.15.1.150' } })).status).toBe(409);
    return [];
  }),
];

describe('GET /api/checks: each finding kind with a data set that has it and one that does not', () => {
  it.each(scenarios)('%s (%s)', async (_name, kind, build) => {
    const a = await site();
    const expected = await build(a);
    expect(entityGroups(await findings(a), kind)).toEqual(groups(expected));
  });

  it('duplicate_mac: the API refuses a second switch with the same MAC in any spelling, so only the unit test can store one', async () => {
    const a = await site();
    await sw(a, 'a1', { macAddress: '02:00:00:00:04:01' });
    const again = await call('POST', '/api/switches', { body: { siteId: await site(), name: 'b1', macAddress: '0200.0000.0401' } });
    expect(again.status).toBe(409);
    expect(entityGroups(await findings(a), 'duplicate_mac')).toEqual([]);
  });
});

describe('GET /api/checks: LAG members', () => {
  it("lag_member_mismatch: a member restored with VLANs other than its LAG's is one finding naming the LAG and the port (the API refuses to make one: 409 lag_member)", async () => {
    const a = await site();
    const [users, voice] = [await vlan(a, 10), await vlan(a, 20)];
    const edge = await sw(a, 'lag-edge');
    const members = [await port(edge, '1'), await port(edge, '2', { mode: 'trunk', taggedVlanIds: [voice] })];
    const lag = (await make(`/api/switches/${edge}/lags`, { name: 'Po1', untaggedVlanId: users, memberPortIds: members })).id;
    expect(entityGroups(await findings(a), 'lag_member_mismatch')).toEqual([]);
    const own = await call('PATCH', `/api/ports/${members[0]}`, { body: { untaggedVlanId: voice } });
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('lag_member');
    // A change of the LAG is written to its members.
    const trunk = { portMode: 'trunk', untaggedVlanId: null, taggedVlanIds: [users, voice] };
    expect((await call('PATCH', `/api/lags/${lag}`, { body: trunk })).status).toBe(200);
    expect(entityGroups(await findings(a), 'lag_member_mismatch')).toEqual([]);
    // A backup edited by hand (member 1 without VLAN 20) and restored: a restore keeps a member whose VLANs differ.
    const doc = await exportDocument(server.baseUrl, server.token);
    const record = doc.data.ports.find((p: { id: string }) => p.id === members[0]);
    expect(record).toMatchObject({ lagId: lag, mode: 'trunk', untaggedVlanId: null, taggedVlanIds: [users, voice].sort() });
    record.taggedVlanIds = [users];
    const restored = await server.call('POST', '/api/backup/import', { body: doc });
    expect(restored.status).toBe(200);
    expect((await findings(a)).filter((f) => f.kind === 'lag_member_mismatch')).toEqual([
      {
        kind: 'lag_member_mismatch',
        severity: 'error',
        message: 'Member 1 of LAG Po1 on switch lag-edge differs from its LAG: VLAN 20 only on the LAG.',
        params: {
          port: '1',
          lag: 'Po1',
          switch: 'lag-edge',
          differences: { separator: '; ', parts: [{ form: 'part.vlan_only_on_lag', params: { vid: 20 } }] },
        },
        entities: [
          { type: 'lag', id: lag, name: 'lag-edge LAG Po1' },
          { type: 'port', id: members[0], name: 'lag-edge port 1' },
        ],
      },
    ]);
  });
});

describe('GET /api/checks: the findings made from a list', () => {
  const LIST_KINDS = ['link_tagged_vlan_mismatch', 'lag_pair_mismatch', 'vlan_not_carried_by_uplink'];
  it.each(scenarios.filter(([, kind]) => LIST_KINDS.includes(kind)))(
    '%s (%s) carries the params its message is worded from, a list part by part',
    async (_name, kind, build) => {
      const a = await site();
      await build(a);
      const found = (await findings(a)).filter((f) => f.kind === kind) as (Finding & { form?: string; params?: FindingParams })[];
      for (const finding of found) {
        expect(finding.params, finding.message).toBeDefined();
        expect(fillForm(FINDING_FORMS[(finding.form ?? kind) as keyof typeof FINDING_FORMS], finding.params!)).toBe(finding.message);
        expect(
          Object.values(finding.params!).some((value) => typeof value === 'object'),
          'a list param',
        ).toBe(true);
      }
    },
  );
});

describe('GET /api/checks answers', () => {
  it('writes each finding in full and drops it once the data is fixed', async () => {
    const a = await site();
    const [users, cams] = [await vlan(a, 10, { name: 'Users' }), await vlan(a, 30, { name: 'Cameras' })];
    const edge = await sw(a, 'edge-7');
    await port(edge, '1', { untaggedVlanId: users });
    await port(edge, '2', { untaggedVlanId: cams });
    const uplink = await port(edge, '48', { mode: 'trunk', taggedVlanIds: [users] });
    const far = await port(await sw(a, 'core-7'), '1', { mode: 'trunk', taggedVlanIds: [users, cams], linkedPortId: uplink });
    expect(await findings(a)).toEqual([
      {
        kind: 'link_tagged_vlan_mismatch',
        severity: 'error',
        message: 'The link between core-7 port 1 and edge-7 port 48 carries different tagged VLANs at its ends: VLAN 30 only on core-7 1.',
        params: {
          portA: 'core-7 port 1',
          portB: 'edge-7 port 48',
          vlans: { separator: '; ', parts: [{ form: 'part.vlan_only_on', params: { vid: 30, where: 'core-7 1' } }] },
        },
        entities: [
          { type: 'port', id: far, name: 'core-7 port 1' },
          { type: 'port', id: uplink, name: 'edge-7 port 48' },
        ],
      },
      {
        kind: 'vlan_not_carried_by_uplink',
        severity: 'warning',
        message:
          'Switch edge-7 uses 1 VLAN that no trunk towards its linked switches (core-7) carries at both ends: VLAN 30 (Cameras, on 1 port).',
        form: 'vlan_not_carried_by_uplink.one_vlan',
        params: {
          switch: 'edge-7',
          neighbours: 'core-7',
          vlans: { separator: '; ', parts: [{ form: 'part.uncarried_on_one_port', params: { vid: 30, vlan: 'Cameras' } }] },
        },
        entities: [
          { type: 'switch', id: edge, name: 'edge-7' },
          { type: 'vlan', id: cams, name: 'Cameras' },
        ],
      },
    ]);
    expect((await call('PATCH', `/api/ports/${uplink}`, { body: { taggedVlanIds: [users, cams] } })).status).toBe(200);
    expect(await findings(a)).toEqual([]);
  });

  it('without siteId reports every site, sorted by severity', async () => {
    const all = await findings(undefined, tokens.viewer);
    const kinds = new Set(all.map((f) => f.kind));
    for (const kind of [
      'duplicate_management_ip',
      'management_ip_outside_subnets',
      'link_native_vlan_mismatch',
      'link_mode_mismatch',
      'link_tagged_vlan_mismatch',
      'vlan_not_carried_by_uplink',
      'poe_over_budget',
      'gateway_is_management_ip',
      'unused_vlan',
    ]) {
      expect(kinds).toContain(kind);
    }
    const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
    expect(all.map((f) => rank[f.severity])).toEqual([...all.map((f) => rank[f.severity])].sort());
    expect(await findings(undefined, tokens.viewer)).toEqual(all);
  });

  it.each<[string, string, number, string]>([
    ['a siteId that is not an id', '?siteId=main', 400, 'validation_failed'],
    ['a site that does not exist', '?siteId=5f0c6a8e-1111-4222-8333-444455556666', 404, 'not_found'],
  ])('%s: %i', async (_name, query, status, code) => {
    const answer = await call('GET', `/api/checks${query}`);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it('needs a signed-in user', async () => {
    const answer = await api(server.baseUrl, 'GET', '/api/checks');
    expect(answer.status).toBe(401);
  });
});

// GET /api/checks makes one pass of SQL per kind, no per-row queries. Counted, not timed: the statements runChecks
// runs must be the same few whatever the size of the data, with every kind of finding in it.

/** The database behind a proxy that counts every statement run through it (and every exec). */
function counting(db: Db): { db: Db; runs: () => number } {
  let runs = 0;
  const countStatement = (statement: StatementSync) =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'all' || key === 'get' || key === 'iterate' || key === 'run') runs++;
          return value.apply(target, args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'prepare') return (sql: string) => countStatement(target.prepare(sql));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, runs: () => runs };
}

describe('runChecks runs a fixed number of statements, whatever the size of the data', () => {
  const sizes: [sites: number][] = [[1], [5], [40]];
  const measured: Record<number, number> = {};

  it.each(sizes)('%i sites, each with every finding kind', (sites) => {
    const db = freshDb();
    for (let n = 1; n <= sites; n++) addSiteWithEveryKind(db, n);
    // Every core's management IP is also used at another site.
    addSwitch(db, addSite(db, 'elsewhere'), { name: 'twin', managementIp: '192.0.2.1' });
    const { db: counted, runs } = counting(db);
    const findings = runChecks(counted);
    expect(new Set(findings.map((finding) => finding.kind))).toEqual(new Set(FINDING_KINDS));
    expect(findings.length).toBeGreaterThanOrEqual(sites * 6);
    measured[sites] = runs();
    expect(runs()).toBeGreaterThan(0);
    // One statement per kind, the reads that several kinds share, and the far ends of one-sided links at most.
    expect(runs(), 'a statement per kind and per shared read at most').toBeLessThanOrEqual(FINDING_KINDS.length + 3);
  });

  it('runs as many statements for 40 sites as for 1', () => {
    expect(Object.keys(measured)).toHaveLength(sizes.length);
    expect(new Set(Object.values(measured)).size).toBe(1);
  });
});
