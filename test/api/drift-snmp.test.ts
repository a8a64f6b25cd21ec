import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { ROOT, useTestServer } from '../helpers/server.ts';

// Drift end to end: the real server with its real SNMP reader against the recordings agent (test/discovery/snmprec-agent.ts)
// serving a copy of the Aruba recording. The switch is documented from a first discovery, then its recording is changed
// between two discoveries as the switch could be (a VLAN renamed, an access port moved, a description, an LLDP
// neighbour): GET /api/checks gives exactly those drift findings; adopting one removes it, acknowledging another hides it.

const RECORDING = join(ROOT, 'test', 'discovery', 'recordings', 'aruba_2930f.snmprec');

/** Lines of the recording replaced (OID|type|value): each a change the switch's operator could make. */
const CHANGES: [line: string, changed: string][] = [
  // VLAN 20 renamed.
  ['1.3.6.1.2.1.17.7.1.4.3.1.1.20|4|voice', '1.3.6.1.2.1.17.7.1.4.3.1.1.20|4|phones'],
  // Access port 7 moved from VLAN 99 to VLAN 10: its PVID, and its bit (0x02 of the first octet) in both VLANs' port lists.
  ['1.3.6.1.2.1.17.7.1.4.5.1.1.7|66|99', '1.3.6.1.2.1.17.7.1.4.5.1.1.7|66|10'],
  ['1.3.6.1.2.1.17.7.1.4.2.1.4.0.99|4x|03', '1.3.6.1.2.1.17.7.1.4.2.1.4.0.99|4x|01'],
  ['1.3.6.1.2.1.17.7.1.4.2.1.5.0.99|4x|02', '1.3.6.1.2.1.17.7.1.4.2.1.5.0.99|4x|00'],
  ['1.3.6.1.2.1.17.7.1.4.3.1.2.99|4x|03', '1.3.6.1.2.1.17.7.1.4.3.1.2.99|4x|01'],
  ['1.3.6.1.2.1.17.7.1.4.3.1.4.99|4x|02', '1.3.6.1.2.1.17.7.1.4.3.1.4.99|4x|00'],
  ['1.3.6.1.2.1.17.7.1.4.2.1.4.0.10|4x|e1', '1.3.6.1.2.1.17.7.1.4.2.1.4.0.10|4x|e3'],
  ['1.3.6.1.2.1.17.7.1.4.2.1.5.0.10|4x|e0', '1.3.6.1.2.1.17.7.1.4.2.1.5.0.10|4x|e2'],
  ['1.3.6.1.2.1.17.7.1.4.3.1.2.10|4x|f1', '1.3.6.1.2.1.17.7.1.4.3.1.2.10|4x|f3'],
  ['1.3.6.1.2.1.17.7.1.4.3.1.4.10|4x|f0', '1.3.6.1.2.1.17.7.1.4.3.1.4.10|4x|f2'],
  // Port 2's description.
  ['1.3.6.1.2.1.31.1.1.1.18.2|4|phone + pc 2', '1.3.6.1.2.1.31.1.1.1.18.2|4|printer'],
  // Port 9 recabled to core-1's port 1/1/3: its LLDP neighbour's port id and description.
  ['1.0.8802.1.1.2.1.4.1.1.7.0.9.3|4|1/1/1', '1.0.8802.1.1.2.1.4.1.1.7.0.9.3|4|1/1/3'],
  ['1.0.8802.1.1.2.1.4.1.1.8.0.9.3|4|1/1/1', '1.0.8802.1.1.2.1.4.1.1.8.0.9.3|4|1/1/3'],
];

/** The recording with every change made: each line is replaced where it starts with the text given. */
function changedRecording(): string {
  const lines = readFileSync(RECORDING, 'latin1').split('\n');
  for (const [from, to] of CHANGES) {
    const at = lines.findIndex((line) => line.startsWith(from));
    if (at < 0) throw new Error(`the recording has no line ${from}`);
    lines[at] = to + lines[at].slice(from.length);
  }
  return lines.join('\n');
}

interface Finding {
  kind: string;
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
    copyFileSync(RECORDING, join(dir, 'aruba_2930f.snmprec'));
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
    writeFileSync(join(dir, 'aruba_2930f.snmprec'), changedRecording(), 'latin1');
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
