// Discovery of ten real switches' recordings (LibreNMS, GPL: read from ../shared/fixtures/snmp, never copied here),
// served by the recordings agent (snmprec-agent.ts), compared with the discovery each must give (expected/<device>.json,
// compared as its README's "How tests should compare" says); and, where snmpsimd is installed, each read through the
// fixtures' serve.sh exactly as through the recordings agent. Needs that folder (helpers/needs.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ObservedSwitch, SnmpCredentials } from '../../src/discovery/observed.ts';
import { readSwitch } from '../../src/discovery/read-switch.ts';
import { describeNeeding, NEEDS, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { type SimulatedAgent, startSnmprecAgent } from './snmprec-agent.ts';
import { SNMPSIM_V3, type Snmpsim, startServeScript } from './snmpsim.ts';

const FIXTURES = join(SHARED_FIXTURES, 'snmp');
const DEVICES = [
  'ios_c3560',
  'ios_2960x',
  'iosxe_ie32008t2s-ios17-12',
  'nxos_n3k-3064pq',
  'arista_eos',
  'junos_qfx5100',
  'junos_ex4600mp',
  'procurve_2520',
  'linksys-ss_lgs318p',
  'edgeswitch_us-8-v2',
];
const LIMITS = { requestTimeoutMs: 1000, retries: 1, deadlineMs: 60_000 };
/** snmpsim names a device's Cisco per-VLAN v3 contexts `<device>@<vlan>` (a real Cisco: `vlan-<vlan>`). */
const SIMULATOR_CONTEXTS = { vlanContextPattern: '{context}@{vlan}' };

interface ExpectedPort {
  ifIndex: number;
  name: string | null;
  descr: string | null;
  alias: string | null;
  speedMbps: number | null;
  adminUp: boolean | null;
  operUp: boolean | null;
}
interface ExpectedMembership {
  ifIndex: number;
  untagged: number | null;
  tagged: number[];
  taggedComplete: boolean;
}
interface Expected {
  ports: ExpectedPort[];
  vlans: { id: number; name: string | null; type?: string }[];
  membership: ExpectedMembership[];
  lags: { ifIndex: number; memberIfIndexes: number[] }[];
  lldpNeighbours: { localPort: string; localIfIndex: number; remoteSysName: string | null }[];
  cdpNeighbours: { localIfIndex: number; remoteDeviceId: string }[];
}

function expectedOf(device: string): Expected {
  return JSON.parse(readFileSync(join(FIXTURES, 'expected', `${device}.json`), 'utf8'));
}

function v2c(device: string): SnmpCredentials {
  return { version: '2c', community: device };
}

function v3(device: string): SnmpCredentials {
  return {
    version: '3',
    user: SNMPSIM_V3.user,
    authProtocol: 'sha',
    authKey: SNMPSIM_V3.authKey,
    privProtocol: 'aes',
    privKey: SNMPSIM_V3.privKey,
    context: device,
  };
}

function compare(observed: ObservedSwitch, expected: Expected): void {
  expect(
    observed.ports.map(({ ifIndex, name, description, speedMbps, adminUp, operUp }) => ({
      ifIndex,
      name,
      description,
      speedMbps,
      adminUp,
      operUp,
    })),
  ).toEqual(
    expected.ports.map((port) => ({
      ifIndex: port.ifIndex,
      name: port.name || port.descr,
      description: port.alias ?? '',
      speedMbps: port.speedMbps ?? 0,
      adminUp: port.adminUp ?? false,
      operUp: port.operUp ?? false,
    })),
  );
  // The reader leaves out Cisco's FDDI and Token Ring default VLANs (1002-1005): not ethernet, nothing to document.
  expect(observed.vlans).toEqual(
    expected.vlans.filter((vlan) => (vlan.type ?? 'ethernet') === 'ethernet').map(({ id, name }) => ({ vid: id, name })),
  );

  const observedRows = new Map(observed.membership.map((row) => [row.ifIndex, row]));
  expect([...observedRows.keys()]).toEqual(expected.membership.map((row) => row.ifIndex));
  for (const want of expected.membership) {
    const got = observedRows.get(want.ifIndex)!;
    expect({ ifIndex: got.ifIndex, untagged: got.untagged, taggedComplete: got.taggedComplete }).toEqual({
      ifIndex: want.ifIndex,
      untagged: want.untagged,
      taggedComplete: want.taggedComplete,
    });
    if (want.taggedComplete) expect(got.tagged).toEqual(want.tagged);
    else expect(got.tagged).toEqual(expect.arrayContaining(want.tagged));
  }

  expect(observed.lags).toEqual(expected.lags.map(({ ifIndex, memberIfIndexes }) => ({ ifIndex, memberIfIndexes })));

  const portName = new Map(observed.ports.map((port) => [port.ifIndex, port.name]));
  const lldp = observed.neighbours.filter((neighbour) => neighbour.protocol === 'lldp');
  expect(lldp.map((neighbour) => ({ localPort: portName.get(neighbour.localIfIndex), remoteSysName: neighbour.remoteSysName }))).toEqual(
    expected.lldpNeighbours.map((neighbour) => ({ localPort: neighbour.localPort, remoteSysName: neighbour.remoteSysName ?? '' })),
  );
  const cdp = observed.neighbours.filter((neighbour) => neighbour.protocol === 'cdp');
  expect(cdp.map(({ localIfIndex, remoteSysName }) => ({ localIfIndex, remoteSysName }))).toEqual(
    expected.cdpNeighbours.map((neighbour) => ({ localIfIndex: neighbour.localIfIndex, remoteSysName: neighbour.remoteDeviceId })),
  );
}

describeNeeding([sharedFixture('snmp/data')], 'discovery of the ten LibreNMS switch recordings', () => {
  let agent: SimulatedAgent;
  const byV2c = new Map<string, ObservedSwitch>();
  const target = () => ({ host: '127.0.0.1', port: agent.port });

  beforeAll(async () => {
    agent = await startSnmprecAgent(join(FIXTURES, 'data'));
  });

  afterAll(async () => {
    await agent?.stop();
  });

  for (const device of DEVICES) {
    it(`reads ${device} over v2c as its expected discovery says`, async () => {
      const observed = await readSwitch(target(), v2c(device), LIMITS);
      byV2c.set(device, observed);
      compare(observed, expectedOf(device));
    }, 90_000);
  }

  for (const device of ['ios_c3560', 'arista_eos', 'junos_qfx5100']) {
    it(`reads ${device} over v3 authPriv (SHA, AES) with its context, as over v2c`, async () => {
      const observed = await readSwitch(target(), v3(device), LIMITS, SIMULATOR_CONTEXTS);
      compare(observed, expectedOf(device));
      if (byV2c.has(device)) expect(observed).toEqual(byV2c.get(device));
    }, 90_000);
  }

  describeNeeding([sharedFixture('snmp/serve.sh'), NEEDS.snmpsimd], 'and through snmpsimd', () => {
    let snmpsim: Snmpsim;

    beforeAll(async () => {
      snmpsim = await startServeScript(join(FIXTURES, 'serve.sh'), 'junos_ex4600mp');
    }, 150_000);

    afterAll(async () => {
      await snmpsim?.stop();
    });

    for (const device of DEVICES) {
      it(`reads ${device} through snmpsimd exactly as through the recordings agent`, async () => {
        const throughSnmpsim = await readSwitch({ host: '127.0.0.1', port: snmpsim.port }, v2c(device), LIMITS);
        expect(await readSwitch(target(), v2c(device), LIMITS)).toEqual(throughSnmpsim);
      }, 90_000);
    }
  });
});
