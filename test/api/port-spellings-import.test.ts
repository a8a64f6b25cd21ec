// Issue 35: a bulk import names a port by any usual spelling of its name (src/lib/interface-name.ts), as search
// finds it: a link's linkedPort and an address's port ("switch port" or "switch/port").
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const site = await server.make('/api/sites', { name: 'Plant' });
  ids.core = (await server.make('/api/switches', { siteId: site.id, name: 'core-1' })).id;
  ids.edge = (await server.make('/api/switches', { siteId: site.id, name: 'edge-1' })).id;
  ids.coreGi = (await server.make(`/api/switches/${ids.core}/ports`, { name: 'GigabitEthernet1/0/1' })).id;
  ids.coreTe = (await server.make(`/api/switches/${ids.core}/ports`, { name: 'Te1/1/1' })).id;
  ids.network = (await server.make('/api/networks', { siteId: site.id, name: 'users', subnet: '10.9.0.0/24' })).id;
});

describe('a bulk import names a port by any spelling of its name', () => {
  it.each([
    ['Gi1/0/1', 'coreGi'],
    ['gigabitethernet1/0/1', 'coreGi'],
    ['TenGigabitEthernet1/1/1', 'coreTe'],
  ])('links a port to linkedPort %j: the port %s', async (linkedPort, far) => {
    const name = `ge-0/0/${linkedPort.length}`;
    const answer = await server.must(201, 'POST', '/api/import/ports', [
      { site: 'Plant', switch: 'edge-1', name, linkedSwitch: 'core-1', linkedPort },
    ]);
    const port = await server.must(200, 'GET', `/api/ports/${answer.ids[0]}`);
    expect(port.linkedPortId).toBe(ids[far]);
  });

  it.each([
    ['10.9.0.11', 'core-1 Gi1/0/1', 'coreGi'],
    ['10.9.0.12', 'core-1/Gi1/0/1', 'coreGi'],
    ['10.9.0.13', 'core-1 / GigabitEthernet1/0/1', 'coreGi'],
    ['10.9.0.14', 'core-1 TenGigE1/1/1', 'coreTe'],
  ])('records %s on the port %j names: the port %s', async (address, port, expected) => {
    const answer = await server.must(201, 'POST', '/api/import/addresses', [{ site: 'Plant', network: '10.9.0.0/24', address, port }]);
    const recorded = await server.must(200, 'GET', `/api/addresses/${answer.ids[0]}`);
    expect(recorded.portId).toBe(ids[expected]);
  });
});
