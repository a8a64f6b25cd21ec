// The NetBox bundle made into a document (documentOfNetbox), on small bundles written inline: the shapes NetBox 3.x and
// 4.x differ in, the mapping's choices (VLANs shared by sites, overlapping prefixes), and that every record is accounted
// for. The bundles in NetBox's full answer shapes and the import through the API: test/api/netbox-import.test.ts.
import { describe, expect, it } from 'vitest';
import { documentOfNetbox, type NetboxDocument } from './netbox.ts';

const site = (id: number, name: string) => ({ id, name, slug: name.toLowerCase() });
const nested = (o: { id: number; name: string }) => ({ id: o.id, url: `https://nb/api/x/${o.id}/`, display: o.name, name: o.name });
const SITE_A = site(1, 'Alpha');
const SITE_B = site(2, 'Beta');
const ROLE = { id: 1, name: 'Access switch', slug: 'access-switch' };
const vlan = (id: number, vid: number, extra: object = {}) => ({
  id,
  vid,
  name: `V${vid}`,
  status: { value: 'active', label: 'Active' },
  ...extra,
});
const device = (id: number, name: string, s: { id: number; name: string }, extra: object = {}) => ({
  id,
  name,
  site: nested(s),
  role: ROLE,
  device_type: { id: 1, model: 'M1', manufacturer: { id: 1, name: 'Acme' } },
  status: { value: 'active', label: 'Active' },
  ...extra,
});
const iface = (id: number, d: { id: number; name: string }, name: string, extra: object = {}) => ({
  id,
  name,
  device: nested(d),
  type: { value: '1000base-t', label: '1000BASE-T (1GE)' },
  enabled: true,
  ...extra,
});
const data = (nb: NetboxDocument, plural: string) => nb.document.data[plural] ?? [];
const reasons = (nb: NetboxDocument, file: string) => nb.fixes.filter((fix) => fix.file === file).map((fix) => fix.reason);

function expectAccounted(nb: NetboxDocument) {
  for (const [path, tally] of Object.entries(nb.tally)) expect(tally.imported + tally.folded + tally.listed, path).toBe(tally.records);
}

describe('documentOfNetbox', () => {
  it('reads bare results arrays and keys written as /api/<path>/, and the shapes of NetBox 3.x (device_role, a prefix’s site)', () => {
    const sw = device(1, 'sw1', SITE_A, { role: undefined, device_role: ROLE });
    const nb = documentOfNetbox({
      '/api/dcim/sites/': [SITE_A],
      'dcim/devices': { count: 1, next: null, previous: null, results: [sw] },
      'ipam/prefixes': [{ id: 1, prefix: '10.0.0.0/24', site: nested(SITE_A), status: { value: 'active', label: 'Active' } }],
    });
    expect(data(nb, 'switches').map((one) => one.name)).toEqual(['sw1']);
    expect(data(nb, 'networks').map((one) => [one.subnet, one.siteId])).toEqual([['10.0.0.0/24', data(nb, 'sites')[0].id]]);
    expect(Object.keys(nb.tally)).toEqual(['dcim/sites', 'dcim/devices', 'ipam/prefixes']);
    expectAccounted(nb);
  });

  it('records the management IP of a switch as an address of its network when the bundle has no IP address of it', () => {
    const sw = device(1, 'sw 1', SITE_A, { primary_ip4: { id: 9, address: '10.0.0.5/24' } });
    const prefix = { id: 1, prefix: '10.0.0.0/24', scope_type: 'dcim.site', scope_id: 1, status: { value: 'active', label: 'Active' } };
    const nb = documentOfNetbox({ 'dcim/sites': [SITE_A], 'dcim/devices': [sw], 'ipam/prefixes': [prefix] });
    const [address] = data(nb, 'addresses');
    expect(address).toMatchObject({ address: '10.0.0.5', hostname: 'sw-1', deviceType: 'switch', switchId: data(nb, 'switches')[0].id });
    expect(address.networkId).toBe(data(nb, 'networks')[0].id);
  });

  it('copies a global VLAN into each site whose ports use it, and lists one of a site not in the bundle', () => {
    const [a, b] = [device(1, 'a1', SITE_A), device(2, 'b1', SITE_B)];
    const shared = vlan(1, 50);
    const nb = documentOfNetbox({
      'dcim/sites': [SITE_A, SITE_B],
      'dcim/devices': [a, b],
      'ipam/vlans': [shared, vlan(2, 60, { site: nested(site(9, 'Gamma')) })],
      'dcim/interfaces': [
        iface(1, a, 'ge-0/0/1', { mode: { value: 'access', label: 'Access' }, untagged_vlan: nested({ id: 1, name: 'V50' }) }),
        iface(2, b, 'ge-0/0/1', { mode: { value: 'access', label: 'Access' }, untagged_vlan: nested({ id: 1, name: 'V50' }) }),
      ],
    });
    const vlans = data(nb, 'vlans');
    expect(vlans.map((one) => one.vid)).toEqual([50, 50]);
    expect(new Set(vlans.map((one) => one.siteId)).size).toBe(2);
    const ports = data(nb, 'ports');
    expect(ports.map((port) => vlans.find((one) => one.id === port.untaggedVlanId)?.siteId)).toEqual(
      data(nb, 'switches').map((sw) => sw.siteId),
    );
    expect(reasons(nb, 'ipam/vlans')).toContain('its site (Gamma) is not imported');
    expect(nb.tally['ipam/vlans']).toEqual({ records: 2, imported: 1, folded: 0, listed: 1 });
    expectAccounted(nb);
  });

  it('keeps the more specific of two overlapping prefixes of a site and lists the other', () => {
    const scoped = (id: number, prefix: string) => ({
      id,
      prefix,
      scope_type: 'dcim.site',
      scope_id: 1,
      status: { value: 'active', label: 'Active' },
    });
    const nb = documentOfNetbox({ 'dcim/sites': [SITE_A], 'ipam/prefixes': [scoped(1, '10.0.0.0/16'), scoped(2, '10.0.5.0/24')] });
    expect(data(nb, 'networks').map((one) => one.subnet)).toEqual(['10.0.5.0/24']);
    expect(reasons(nb, 'ipam/prefixes')).toEqual(['overlaps 10.0.5.0/24 at the same site, which is more specific and imported']);
  });

  it('notes a q-in-q port kept as a trunk, lists a cable of two terminations at one end and a path it does not know', () => {
    const a = device(1, 'a1', SITE_A);
    const ports = [iface(1, a, 'p1', { mode: { value: 'q-in-q', label: 'Q-in-Q (802.1ad)' } }), iface(2, a, 'p2'), iface(3, a, 'p3')];
    const end = (id: number) => ({ object_type: 'dcim.interface', object_id: id, object: { id, name: `p${id}` } });
    const nb = documentOfNetbox({
      'dcim/sites': [SITE_A],
      'dcim/devices': [a],
      'dcim/interfaces': ports,
      'dcim/cables': [{ id: 1, a_terminations: [end(1), end(2)], b_terminations: [end(3)] }],
      'circuits/circuits': [{ id: 7, cid: 'LINE-1' }],
    });
    expect(data(nb, 'ports').find((port) => port.name === 'p1')).toMatchObject({ mode: 'trunk' });
    expect(nb.fixes.find((fix) => fix.file === 'dcim/interfaces')).toMatchObject({ field: 'mode', from: 'q-in-q', to: 'trunk' });
    expect(reasons(nb, 'dcim/cables')).toEqual(['a cable of 2 and 1 terminations: only one to one cables are mapped']);
    expect(reasons(nb, 'circuits/circuits')).toEqual(['circuits are not mapped']);
    expectAccounted(nb);
  });

  it.each([
    ['a list', []],
    ['a value that is no list answer', { 'dcim/sites': 'x' }],
    ['one page of a longer list', { 'dcim/sites': { count: 3, next: 'https://nb/api/dcim/sites/?offset=1', results: [SITE_A] } }],
  ])('refuses %s', (_what, bundle) => {
    expect(() => documentOfNetbox(bundle)).toThrow(/NetBox bundle/);
  });
});
