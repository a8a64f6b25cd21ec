import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { freeUdpPort, SNMPSIM_V3 } from '../discovery/snmpsim.ts';
import { ROOT, useTestServer } from '../helpers/server.ts';

// Discovery end to end: the real server with its real SNMP reader against the recordings agent
// (test/discovery/snmprec-agent.ts) serving the project's own recordings (test/discovery/recordings/). An undocumented
// Aruba switch is discovered by address, every difference applied (the switch, its ports, VLANs, LAG and the links
// LLDP names), its MAC table kept and searched, discovered again with the remembered credentials (nothing left to
// propose), and taken back by one undo; a Junos switch over SNMPv3; and a host where nothing answers.

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');

interface ProposalItem {
  key: string;
  kind: string;
}

describe('discovering recorded switches through the API', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '15000' } });
  let agent: SimulatedAgent;
  const ids = {} as Record<'site' | 'core' | 'core1' | 'core2', string>;

  beforeAll(async () => {
    agent = await startSnmprecAgent(RECORDINGS);
    ids.site = (await server.make('/api/sites', { name: 'Campus' })).id;
    // core-1 is documented: LLDP on the Aruba's ports 9 and 10 names its ports 1/1/1 and 1/1/2.
    ids.core = (await server.make('/api/switches', { siteId: ids.site, name: 'core-1' })).id;
    ids.core1 = (await server.make(`/api/switches/${ids.core}/ports`, { name: '1/1/1', type: 'sfp+', mode: 'trunk' })).id;
    ids.core2 = (await server.make(`/api/switches/${ids.core}/ports`, { name: '1/1/2', type: 'sfp+', mode: 'trunk' })).id;
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
  });

  const aruba = () => ({ siteId: ids.site, host: `127.0.0.1:${agent.port}`, snmp: { version: '2c', community: 'aruba_2930f' } });
  let applied: { switchId: string; activityId: string };

  it('proposes an undocumented switch with its ports, VLANs, LAG and links, and applies them in one entry', async () => {
    const discovery = await server.must(201, 'POST', '/api/discovery', { ...aruba(), remember: true });
    const keys = (discovery.proposal as ProposalItem[]).map((item) => item.key);
    expect(keys[0]).toBe('switch:create');
    expect(JSON.stringify(discovery)).not.toContain('aruba_2930f"');
    applied = await server.must(200, 'POST', `/api/discovery/${discovery.id}/apply`, { keys });
    const sw = await server.must(200, 'GET', `/api/switches/${applied.switchId}`);
    expect(sw).toMatchObject({ name: 'acc-2930f-1', model: 'JL258A', macAddress: '94:60:d5:12:34:00' });
    const byName = new Map(sw.ports.map((p: { name: string }) => [p.name, p]));
    expect([...byName.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const vlans = (await server.must(200, 'GET', `/api/vlans?siteId=${ids.site}`)).items as { id: string; vid: number }[];
    const vid = (id: string | null) => vlans.find((v) => v.id === id)?.vid ?? null;
    expect(vlans.map((v) => v.vid).sort((a, b) => a - b)).toEqual([1, 10, 20, 99]);
    const port8 = byName.get('8') as { mode: string; untaggedVlanId: string; taggedVlanIds: string[] };
    expect([port8.mode, vid(port8.untaggedVlanId), port8.taggedVlanIds.map(vid).sort()]).toEqual(['trunk', 1, [10, 20, 99]]);
    const port7 = byName.get('7') as { mode: string; untaggedVlanId: string };
    expect([port7.mode, vid(port7.untaggedVlanId)]).toEqual(['access', 99]);
    expect((byName.get('9') as { linkedPortId: string }).linkedPortId).toBe(ids.core1);
    expect((byName.get('10') as { linkedPortId: string }).linkedPortId).toBe(ids.core2);
    const lags = (await server.must(200, 'GET', `/api/switches/${applied.switchId}/lags`)).items as {
      name: string;
      memberPortIds: string[];
    }[];
    expect(lags.map((lag) => [lag.name, lag.memberPortIds.length])).toEqual([['Trk1', 2]]);
    expect((await server.lastEntry(applied.switchId)).action).toBe('discovery');
  });

  it('keeps the MAC table of its access ports, and search says where a MAC was seen', async () => {
    const fdb = (await server.must(200, 'GET', `/api/switches/${applied.switchId}/fdb`)).items as { mac: string }[];
    expect(fdb.map((entry) => entry.mac)).toEqual(['3c:52:82:00:00:07']);
    const results = (await server.must(200, 'GET', '/api/search?q=3C52.8200.0007')).results as { name: string; match: string }[];
    expect(results).toContainEqual(expect.objectContaining({ name: 'acc-2930f-1 / 7', match: 'seenMac' }));
  });

  it('discovers it again with the remembered credentials and finds nothing left to change', async () => {
    const again = await server.must(201, 'POST', '/api/discovery', {
      siteId: ids.site,
      host: `127.0.0.1:${agent.port}`,
      switchId: applied.switchId,
    });
    expect(again.proposal).toEqual([]);
  });

  it('is taken back whole by undoing its entry', async () => {
    await server.must(200, 'POST', `/api/activity/${applied.activityId}/undo`);
    expect((await server.call('GET', `/api/switches/${applied.switchId}`)).status).toBe(404);
    expect((await server.must(200, 'GET', `/api/ports/${ids.core1}`)).linkedPortId).toBeNull();
    expect((await server.must(200, 'GET', `/api/vlans?siteId=${ids.site}`)).total).toBe(0);
  });

  it('reads a Junos switch over SNMPv3 authPriv with its context', async () => {
    const snmp = { version: '3', user: SNMPSIM_V3.user, authProtocol: 'sha', authKey: SNMPSIM_V3.authKey, privProtocol: 'aes' };
    const discovery = await server.must(201, 'POST', '/api/discovery', {
      siteId: ids.site,
      host: `127.0.0.1:${agent.port}`,
      snmp: { ...snmp, privKey: SNMPSIM_V3.privKey, context: 'junos_ex2300' },
    });
    expect(discovery.proposal[0]).toMatchObject({ key: 'switch:create', observed: expect.objectContaining({ name: 'acc-ex-1' }) });
    const wrongKey = await server.call('POST', '/api/discovery', {
      body: { siteId: ids.site, host: `127.0.0.1:${agent.port}`, snmp: { ...snmp, authKey: 'not-the-key-1', privKey: 'x'.repeat(12) } },
    });
    expect([502, 504]).toContain(wrongKey.status);
    expect(wrongKey.text).not.toContain('not-the-key-1');
  });

  it('answers 504 device_timeout where nothing answers, within the discovery timeout', async () => {
    const started = Date.now();
    const silent = await server.call('POST', '/api/discovery', {
      body: { siteId: ids.site, host: `127.0.0.1:${await freeUdpPort()}`, snmp: { version: '2c', community: 'public' } },
    });
    expect([silent.status, silent.body.error.code]).toEqual([504, 'device_timeout']);
    expect(Date.now() - started).toBeLessThan(16_000);
  });
});
