import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { driftedRecording, ARUBA_RECORDING, portsChangedRecording } from '../fixtures/drifted-recording.ts';
import { useTestServer } from '../helpers/server.ts';

// Drift end to end: the real server with its real SNMP reader against the recordings agent (test/discovery/snmprec-agent.ts)
// serving a copy of the Aruba recording. The switch is documented from a first discovery, then its recording is changed
// between two discoveries as the switch could be (a VLAN renamed, an access port moved, a description, an LLDP
// neighbour): GET /api/checks gives exactly those drift findings; adopting one removes it, acknowledging another hides it.

interface Finding {
  kind: string;
  form?: string;
  params: Record<string, string>;
}

describe('drift of a recorded switch changed between two discoveries', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '15000' } });
  const dir = mkdtempSync(join(tmpdir(), 'drift-recordings-'));
  let agent: SimulatedAgent;
  const ids = {} as Record<'site' | 'core' | 'switch', string>;

  const discover = async () => {
    const body = {
      siteId: ids.site,
      switchId: ids.switch,
      host: `127.0.0.1:${agent.port}`,
      snmp: { version: '2c', community: 'aruba_2930f' },
    };
    return (await server.must(201, 'POST', '/api/discovery', body)) as { id: string; proposal: { key: string }[] };
  };
  const drift = async () => ((await server.must(200, 'GET', '/api/checks')).findings as Finding[]).filter((f) => f.kind === 'drift');
  const keys = async () => (await drift()).map((finding) => finding.params.key).sort();
  const restartAgent = async () => {
    await agent.stop();
    agent = await startSnmprecAgent(dir);
  };

  beforeAll(async () => {
    copyFileSync(ARUBA_RECORDING, join(dir, 'aruba_2930f.snmprec'));
    agent = await startSnmprecAgent(dir);
    ids.site = (await server.make('/api/sites', { name: 'Campus' })).id;
    ids.core = (await server.make('/api/switches', { siteId: ids.site, name: 'core-1' })).id;
    for (const name of ['1/1/1', '1/1/2', '1/1/3'])
      await server.make(`/api/switches/${ids.core}/ports`, { name, type: 'sfp+', mode: 'trunk' });
    const first = await server.must(201, 'POST', '/api/discovery', {
      siteId: ids.site,
      host: `127.0.0.1:${agent.port}`,
      snmp: { version: '2c', community: 'aruba_2930f' },
    });
    const keysOfFirst = (first.proposal as { key: string }[]).map((item) => item.key);
    ids.switch = (await server.must(200, 'POST', `/api/discovery/${first.id}/apply`, { keys: keysOfFirst })).switchId;
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds no drift while the switch is as documented', async () => {
    expect((await discover()).proposal).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('finds exactly the changes: the VLAN renamed, the port moved, the description, the neighbour', async () => {
    writeFileSync(join(dir, 'aruba_2930f.snmprec'), driftedRecording(), 'latin1');
    await restartAgent();
    const { id } = await discover();
    expect(await keys()).toEqual(['port:2:description', 'port:7:untaggedVlan', 'port:9:linkedPort', 'vlan:20:name']);
    expect((await drift()).every((finding) => finding.params.discoveryId === id)).toBe(true);
  });

  it('removes a finding adopted through the apply of its discovery', async () => {
    const finding = (await drift()).find((each) => each.params.key === 'port:7:untaggedVlan')!;
    const body = { keys: [finding.params.key], drift: true };
    await server.must(200, 'POST', `/api/discovery/${finding.params.discoveryId}/apply`, body);
    expect(await keys()).toEqual(['port:2:description', 'port:9:linkedPort', 'vlan:20:name']);
  });

  it('hides a finding acknowledged', async () => {
    const finding = (await drift()).find((each) => each.params.key === 'port:9:linkedPort')!;
    await server.must(201, 'POST', '/api/checks/acknowledge', { key: finding.params.findingKey, note: 'recabled on purpose' });
    expect(await keys()).toEqual(['port:2:description', 'vlan:20:name']);
  });
});

// A port pulled and a port added between two discoveries: the documented port the switch does not report any more is a
// drift finding that only an acknowledgement or the documentation (the port deleted) settles; the new port is one that
// its proposal key adopts.
describe('drift of the ports of a recorded switch: missing and extra', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '15000' } });
  const dir = mkdtempSync(join(tmpdir(), 'drift-ports-'));
  let agent: SimulatedAgent;
  const ids = {} as Record<'site' | 'switch', string>;
  const snmp = { version: '2c', community: 'aruba_2930f' };
  const drift = async () => ((await server.must(200, 'GET', '/api/checks')).findings as Finding[]).filter((f) => f.kind === 'drift');
  const findingKeys = async () => (await drift()).map((finding) => finding.params.findingKey!.split(':').slice(2).join(':')).sort();

  beforeAll(async () => {
    copyFileSync(ARUBA_RECORDING, join(dir, 'aruba_2930f.snmprec'));
    agent = await startSnmprecAgent(dir);
    ids.site = (await server.make('/api/sites', { name: 'Campus' })).id;
    const first = await server.must(201, 'POST', '/api/discovery', { siteId: ids.site, host: `127.0.0.1:${agent.port}`, snmp });
    const keysOfFirst = (first.proposal as { key: string }[]).map((item) => item.key);
    ids.switch = (await server.must(200, 'POST', `/api/discovery/${first.id}/apply`, { keys: keysOfFirst })).switchId;
    writeFileSync(join(dir, 'aruba_2930f.snmprec'), portsChangedRecording(), 'latin1');
    await agent.stop();
    agent = await startSnmprecAgent(dir);
    await server.must(201, 'POST', '/api/discovery', { siteId: ids.site, switchId: ids.switch, host: `127.0.0.1:${agent.port}`, snmp });
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the port the switch lost as missing, without a key to adopt it, and the port it gained as extra', async () => {
    expect(await findingKeys()).toEqual(['port:11:add', 'port:3:missing']);
    const [added, missing] = [...(await drift())].sort((a, b) => String(a.params.port).localeCompare(String(b.params.port)));
    expect(added).toMatchObject({ form: 'drift.port_added', params: { port: '11', key: 'port:11:add' } });
    expect(missing).toMatchObject({ form: 'drift.port_missing', params: { port: '3' } });
    expect(missing.params).not.toHaveProperty('key');
  });

  it('removes the extra port adopted through its key, and the missing one acknowledged or deleted', async () => {
    const added = (await drift()).find((each) => each.params.key === 'port:11:add')!;
    await server.must(200, 'POST', `/api/discovery/${added.params.discoveryId}/apply`, { keys: ['port:11:add'], drift: true });
    expect(await findingKeys()).toEqual(['port:3:missing']);
    const missing = (await drift())[0]!;
    await server.must(201, 'POST', '/api/checks/acknowledge', { key: missing.params.findingKey, note: 'module out for repair' });
    expect(await drift()).toEqual([]);
    await server.must(204, 'DELETE', `/api/checks/acknowledgements/${encodeURIComponent(missing.params.findingKey!)}`);
    expect(await findingKeys()).toEqual(['port:3:missing']);
    const port = ((await server.must(200, 'GET', `/api/switches/${ids.switch}`)).ports as { id: string; name: string }[]).find(
      (p) => p.name === '3',
    )!;
    await server.must(204, 'DELETE', `/api/ports/${port.id}`);
    expect(await drift()).toEqual([]);
  });
});
