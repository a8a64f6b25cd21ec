// Issue 35: a port is found by every usual spelling of its name (src/lib/interface-name.ts interfaceNameForms):
// with its switch ("acc-sw-01/Gi1/0/5", "acc-sw-01 Gi1/0/5"), bare, long or short, in GET /api/search and in the
// ports lists' q; a bulk import names a port so too (a link's linkedPort, an address's "switch port" or "switch/port").
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const site = await server.make('/api/sites', { name: 'Plant' });
  ids.acc = (await server.make('/api/switches', { siteId: site.id, name: 'acc-sw-01' })).id;
  ids.dist = (await server.make('/api/switches', { siteId: site.id, name: 'dist-01' })).id;
  const port = (switchId: string, name: string) => server.make(`/api/switches/${switchId}/ports`, { name });
  ids.gi5 = (await port(ids.acc, 'GigabitEthernet1/0/5')).id;
  ids.gi50 = (await port(ids.acc, 'GigabitEthernet1/0/50')).id;
  ids.te1 = (await port(ids.acc, 'Te1/1/1')).id;
  ids.po1 = (await port(ids.acc, 'Port-channel1')).id;
  ids.distGi5 = (await port(ids.dist, 'Gi1/0/5')).id;
  ids.xe = (await port(ids.dist, 'xe-0/0/5')).id;
  ids.et = (await port(ids.dist, 'Ethernet1/49')).id;
  ids.mgmt = (await port(ids.dist, 'mgmt0')).id;
  await server.make('/api/networks', { siteId: site.id, name: 'users', subnet: '10.9.0.0/24' });
});

const PORT_FORMS: [string, string][] = [
  // q, the port (key of ids) it finds
  ['acc-sw-01/Gi1/0/5', 'gi5'],
  ['acc-sw-01 Gi1/0/5', 'gi5'],
  ['acc-sw-01 / gi1/0/5', 'gi5'],
  ['acc-sw-01/GigabitEthernet1/0/5', 'gi5'],
  ['Gi1/0/5', 'gi5'],
  ['gi 1/0/5', 'gi5'],
  ['Gig1/0/5', 'gi5'],
  ['GigabitEthernet1/0/5', 'gi5'],
  ['dist-01/GigabitEthernet1/0/5', 'distGi5'],
  ['GigabitEthernet1/0/5', 'distGi5'],
  ['Te1/1/1', 'te1'],
  ['TenGigabitEthernet1/1/1', 'te1'],
  ['acc-sw-01 TenGigE1/1/1', 'te1'],
  ['Po1', 'po1'],
  ['acc-sw-01/Po1', 'po1'],
  ['xe-0/0/5', 'xe'],
  ['dist-01 xe-0/0/5', 'xe'],
  ['Et1/49', 'et'],
  ['dist-01/Eth1/49', 'et'],
  ['mgmt0', 'mgmt'],
  ['Ma0', 'mgmt'],
];

const portIdsIn = (items: { id: string }[]) => items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0]);

describe('GET /api/search finds a port by every usual form of its name', () => {
  it.each(PORT_FORMS)('%j finds %s', async (q, port) => {
    const { results } = await server.must(200, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    const hits = results.filter((hit: { type: string }) => hit.type === 'port');
    expect(portIdsIn(hits)).toContain(port);
  });

  it('ranks the port a switch and an exact name give first, before ports whose name only begins so', async () => {
    const { results } = await server.must(200, 'GET', `/api/search?q=${encodeURIComponent('acc-sw-01 Gi1/0/5')}`);
    expect(portIdsIn(results)).toEqual(['gi5', 'gi50']);
    expect(results[0]).toMatchObject({ name: 'acc-sw-01 / GigabitEthernet1/0/5', switchId: ids.acc, match: 'switchPort' });
  });

  it('finds a bare name on every switch, the exact names first', async () => {
    const { results } = await server.must(200, 'GET', '/api/search?q=Gi1%2F0%2F5');
    expect(portIdsIn(results)).toEqual(['gi5', 'distGi5', 'gi50']);
    expect(results[0]).toMatchObject({ type: 'port', name: 'acc-sw-01 / GigabitEthernet1/0/5', match: 'name', label: 'Name' });
  });
});

describe("a switch's ports list finds a port by every usual form of its name", () => {
  it.each(PORT_FORMS.filter(([q]) => !/^(acc-sw-01|dist-01)\b/.test(q)))('%j finds %s', async (q, port) => {
    const switchId = ['gi5', 'gi50', 'te1', 'po1'].includes(port) ? ids.acc : ids.dist;
    const ofSwitch = await server.must(200, 'GET', `/api/switches/${switchId}/ports?q=${encodeURIComponent(q)}`);
    expect(portIdsIn(ofSwitch.items)).toContain(port);
    const everywhere = await server.must(200, 'GET', `/api/ports?q=${encodeURIComponent(q)}`);
    expect(portIdsIn(everywhere.items)).toContain(port);
  });

  it('finds the long form by the short one and the short form by the long one, nothing else', async () => {
    const shortQ = await server.must(200, 'GET', `/api/switches/${ids.acc}/ports?q=Gi1%2F0%2F5`);
    expect(portIdsIn(shortQ.items)).toEqual(['gi5', 'gi50']);
    expect(shortQ.total).toBe(2);
    const longQ = await server.must(200, 'GET', `/api/switches/${ids.dist}/ports?q=GigabitEthernet1%2F0%2F5`);
    expect(portIdsIn(longQ.items)).toEqual(['distGi5']);
    const everywhere = await server.must(200, 'GET', '/api/ports?q=gi1%2F0%2F5');
    expect(portIdsIn(everywhere.items).sort()).toEqual(['distGi5', 'gi5', 'gi50']);
  });
});

describe('a bulk import names a port by any spelling of its name', () => {
  let hosts = 10;

  it.each([
    ['Gi1/0/5', 'gi5'],
    ['gigabitethernet1/0/50', 'gi50'],
    ['TenGigabitEthernet1/1/1', 'te1'],
  ])('links a port to linkedPort %j: the port %s', async (linkedPort, far) => {
    const row = { site: 'Plant', switch: 'dist-01', name: `ge-0/1/${linkedPort.length}`, linkedSwitch: 'acc-sw-01', linkedPort };
    const answer = await server.must(201, 'POST', '/api/import/ports', [row]);
    expect((await server.must(200, 'GET', `/api/ports/${answer.ids[0]}`)).linkedPortId).toBe(ids[far]);
  });

  it.each([
    ['acc-sw-01 Gi1/0/5', 'gi5'],
    ['acc-sw-01/Gi1/0/5', 'gi5'],
    ['acc-sw-01 / GigabitEthernet1/0/5', 'gi5'],
    ['acc-sw-01 TenGigE1/1/1', 'te1'],
  ])('records an address on the port %j names: the port %s', async (port, expected) => {
    hosts += 1;
    const address = `10.9.0.${hosts}`;
    const answer = await server.must(201, 'POST', '/api/import/addresses', [{ site: 'Plant', network: '10.9.0.0/24', address, port }]);
    expect((await server.must(200, 'GET', `/api/addresses/${answer.ids[0]}`)).portId).toBe(ids[expected]);
  });
});

describe('GET /api/search finds a port stored with a space before its number, as TP-Link names its ports', () => {
  beforeAll(async () => {
    const siteId = (await server.must(200, 'GET', `/api/switches/${ids.acc}`)).siteId;
    ids.tplink = (await server.make('/api/switches', { siteId, name: 'tl-sw-01' })).id;
    ids.tplinkGi5 = (await server.make(`/api/switches/${ids.tplink}/ports`, { name: 'gigabitEthernet 1/0/5' })).id;
  });

  it.each(['Gi1/0/5', 'GigabitEthernet1/0/5', 'tl-sw-01 Gi1/0/5', 'tl-sw-01/gigabitethernet1/0/5', 'gigabitEthernet 1/0/5'])(
    '%j finds it',
    async (q) => {
      const { results } = await server.must(200, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(portIdsIn(results)).toContain('tplinkGi5');
    },
  );

  it.each(['Gi1/0/5', 'GigabitEthernet1/0/5', 'gi 1/0/5'])("the ports lists' q %j finds it", async (q) => {
    const ofSwitch = await server.must(200, 'GET', `/api/switches/${ids.tplink}/ports?q=${encodeURIComponent(q)}`);
    expect(portIdsIn(ofSwitch.items)).toEqual(['tplinkGi5']);
    const everywhere = await server.must(200, 'GET', `/api/ports?q=${encodeURIComponent(q)}`);
    expect(portIdsIn(everywhere.items)).toContain('tplinkGi5');
  });

  it('a bulk import names it by its short form: a link and an address', async () => {
    const row = { site: 'Plant', switch: 'dist-01', name: 'ge-0/2/1', linkedSwitch: 'tl-sw-01', linkedPort: 'Gi1/0/5' };
    const linked = await server.must(201, 'POST', '/api/import/ports', [row]);
    expect((await server.must(200, 'GET', `/api/ports/${linked.ids[0]}`)).linkedPortId).toBe(ids.tplinkGi5);
    const address = { site: 'Plant', network: '10.9.0.0/24', address: '10.9.0.100', port: 'tl-sw-01/Gi1/0/5' };
    const recorded = await server.must(201, 'POST', '/api/import/addresses', [address]);
    expect((await server.must(200, 'GET', `/api/addresses/${recorded.ids[0]}`)).portId).toBe(ids.tplinkGi5);
  });
});
