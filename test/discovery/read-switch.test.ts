// Reading a switch over SNMP: the project's own recordings (recordings/README.md) served by the recordings agent
// (snmprec-agent.ts) and decoded exactly, and read the same through snmpsimd where it is installed; SNMPv3; and agents
// that do not answer, answer too slowly or answer garbage.
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeviceError,
  type ObservedMembership,
  type ObservedPort,
  type ObservedSwitch,
  type SnmpCredentials,
} from '../../src/discovery/observed.ts';
import { readSwitch } from '../../src/discovery/read-switch.ts';
import { itNeeding, NEEDS } from '../helpers/needs.ts';
import { type SimulatedAgent, startSnmprecAgent } from './snmprec-agent.ts';
import { SNMPSIM_V3, startSnmpsim } from './snmpsim.ts';

const RECORDINGS = join(import.meta.dirname, 'recordings');
const LIMITS = { requestTimeoutMs: 500, retries: 1, deadlineMs: 20_000 };
/** snmpsim and snmprec-agent.ts name a device's Cisco per-VLAN v3 contexts `<device>@<vlan>` (a real Cisco: `vlan-<vlan>`). */
const SIMULATOR_CONTEXTS = { vlanContextPattern: '{context}@{vlan}' };

function port(
  ifIndex: number,
  name: string,
  description: string,
  ifType: number,
  speedMbps: number,
  up: [boolean, boolean],
  mac: string | null,
): ObservedPort {
  return { ifIndex, name, description, ifType, speedMbps, adminUp: up[0], operUp: up[1], present: true, mac };
}
const UP: [boolean, boolean] = [true, true];
const DOWN: [boolean, boolean] = [true, false];
const DISABLED: [boolean, boolean] = [false, false];

function access(ifIndex: number, untagged: number, extra: Partial<ObservedMembership> = {}): ObservedMembership {
  return { ifIndex, untagged, tagged: [], taggedComplete: true, trunk: false, ...extra };
}
function trunk(
  ifIndex: number,
  untagged: number | null,
  tagged: number[],
  taggedComplete: boolean,
  extra: Partial<ObservedMembership> = {},
): ObservedMembership {
  return { ifIndex, untagged, tagged, taggedComplete, trunk: true, ...extra };
}

const CISCO: ObservedSwitch = {
  system: {
    sysName: 'acc-sw-1',
    sysDescr: 'Cisco IOS Software, C2960X Software (C2960X-UNIVERSALK9-M), Version 15.2(7)E4, RELEASE SOFTWARE (fc2)',
    sysObjectID: '1.3.6.1.4.1.9.1.1208',
    sysLocation: 'Building A, room 0.12',
    sysContact: 'noc@example.net',
    vendor: 'Cisco',
    model: 'WS-C2960X-24TS-L',
    serial: 'FOC1234X0AB',
    macAddress: '00:1a:2b:3c:4d:00',
  },
  ports: [
    port(1, 'Vl1', '', 53, 1000, UP, '00:1a:2b:3c:4d:40'),
    port(5001, 'Po1', 'to dist-sw-2', 53, 2000, UP, '00:1a:2b:3c:4d:30'),
    port(10101, 'Gi1/0/1', 'desk 12', 6, 1000, UP, '00:1a:2b:3c:4d:01'),
    port(10102, 'Gi1/0/2', 'desk 13', 6, 1000, UP, '00:1a:2b:3c:4d:02'),
    port(10103, 'Gi1/0/3', ' printer room ', 6, 1000, UP, '00:1a:2b:3c:4d:03'),
    port(10104, 'Gi1/0/4', '', 6, 1000, UP, '00:1a:2b:3c:4d:04'),
    port(10105, 'Gi1/0/5', '', 6, 1000, UP, '00:1a:2b:3c:4d:05'),
    port(10106, 'Gi1/0/6', '', 6, 10, DISABLED, '00:1a:2b:3c:4d:06'),
    port(10107, 'Gi1/0/7', 'uplink core-sw-1', 6, 1000, UP, '00:1a:2b:3c:4d:07'),
    port(10108, 'Gi1/0/8', '', 6, 10, DOWN, '00:1a:2b:3c:4d:08'),
    port(10109, 'Gi1/0/9', 'dist-sw-2 a', 6, 1000, UP, '00:1a:2b:3c:4d:09'),
    port(10110, 'Gi1/0/10', 'dist-sw-2 b', 6, 1000, UP, '00:1a:2b:3c:4d:0a'),
  ],
  // the FDDI and Token Ring defaults (1002-1005) are left out
  vlans: [
    { vid: 1, name: 'default' },
    { vid: 10, name: 'users' },
    { vid: 20, name: 'printers' },
    { vid: 30, name: 'voice' },
    { vid: 99, name: 'mgmt' },
  ],
  membership: [
    // VLAN 30 has no bridge instance: every trunk's tagged list is incomplete
    trunk(5001, 99, [1, 10, 20], false),
    access(10101, 10, { voiceVlan: 30 }),
    access(10102, 10),
    access(10103, 10),
    access(10104, 10),
    access(10105, 20),
    access(10106, 20),
    trunk(10107, 1, [10, 20], false),
    // encapsulation notApplicable (link down), no vmVlan, listed in VLAN 10's instance: a trunk
    trunk(10108, null, [10], false),
    // the Port-channel's members: trunking, but the bridge instances list the Port-channel instead
    trunk(10109, null, [], false),
    trunk(10110, null, [], false),
  ],
  lags: [{ ifIndex: 5001, memberIfIndexes: [10109, 10110] }],
  neighbours: [
    {
      localIfIndex: 10107,
      remoteSysName: 'core-sw-1.example.net',
      remotePortId: 'TenGigabitEthernet1/1/1',
      remotePortDesc: '',
      remoteChassisId: '10.0.0.1',
      protocol: 'cdp',
    },
    {
      localIfIndex: 10109,
      remoteSysName: 'dist-sw-2.example.net',
      remotePortId: 'GigabitEthernet1/0/49',
      remotePortDesc: '',
      remoteChassisId: '10.0.0.2',
      protocol: 'cdp',
    },
    {
      localIfIndex: 10110,
      remoteSysName: 'dist-sw-2.example.net',
      remotePortId: 'GigabitEthernet1/0/50',
      remotePortDesc: '',
      remoteChassisId: '10.0.0.2',
      protocol: 'cdp',
    },
  ],
  fdb: [
    { mac: '00:50:56:aa:00:01', vlan: null, ifIndex: 10107 },
    { mac: '00:50:56:aa:10:01', vlan: 10, ifIndex: 10101 },
    { mac: '00:50:56:aa:20:01', vlan: 20, ifIndex: 10105 },
  ],
  arp: [{ ip: '10.0.99.1', mac: '00:00:0c:07:ac:63', ifIndex: 1 }],
  poe: [],
  notes: [
    'the per-VLAN BRIDGE-MIB instances of VLANs 30 did not answer (skipped)',
    'ports not trunking by the VTP trunk table but listed in per-VLAN BRIDGE-MIB instances are taken as trunks (ifIndex 10108)',
    "trunks' tagged VLANs are unknown for VLANs 30 (no per-VLAN BRIDGE-MIB instance read)",
  ],
};

const ARUBA: ObservedSwitch = {
  system: {
    sysName: 'acc-2930f-1',
    sysDescr:
      'Aruba JL258A 2930F-8G-PoE+-2SFP+ Switch, revision WC.16.10.0012, ROM WC.16.01.0008 (/ws/swbuildm/rel_ukiah_qaoff/code/build/bom(swbuildm_rel_ukiah_qaoff_rel_ukiah))',
    sysObjectID: '1.3.6.1.4.1.11.2.3.7.11.181',
    sysLocation: 'Building B, floor 1',
    sysContact: 'noc@example.net',
    vendor: 'HPE',
    model: 'JL258A',
    serial: 'CN12345678',
    macAddress: '94:60:d5:12:34:00',
  },
  ports: [
    port(1, '1', 'phone + pc 1', 6, 1000, UP, '94:60:d5:12:34:01'),
    port(2, '2', 'phone + pc 2', 6, 1000, UP, '94:60:d5:12:34:02'),
    port(3, '3', '', 6, 1000, UP, '94:60:d5:12:34:03'),
    port(4, '4', '', 6, 0, DOWN, '94:60:d5:12:34:04'),
    port(5, '5', '', 6, 1000, UP, '94:60:d5:12:34:05'),
    port(6, '6', '', 6, 1000, UP, '94:60:d5:12:34:06'),
    port(7, '7', 'mgmt laptop', 6, 1000, UP, '94:60:d5:12:34:07'),
    port(8, '8', 'esx-host-1', 6, 1000, UP, '94:60:d5:12:34:08'),
    port(9, '9', 'core-1 1/1/1', 6, 10000, UP, '94:60:d5:12:34:09'),
    port(10, '10', 'core-1 1/1/2', 6, 10000, UP, '94:60:d5:12:34:0a'),
    port(289, 'Trk1', 'to core-1', 161, 20000, UP, '94:60:d5:12:34:21'),
    port(1001, 'DEFAULT_VLAN', '', 53, 0, UP, '94:60:d5:12:34:00'),
  ],
  vlans: [
    { vid: 1, name: 'DEFAULT_VLAN' },
    { vid: 10, name: 'users' },
    { vid: 20, name: 'voice' },
    { vid: 99, name: 'mgmt' },
  ],
  membership: [
    trunk(1, 10, [20], true, { pvid: 10 }),
    trunk(2, 10, [20], true, { pvid: 10 }),
    trunk(3, 10, [20], true, { pvid: 10 }),
    // port 4 is down and so in no VLAN of the current table: the static (configured) lists count
    trunk(4, 10, [20], true, { pvid: 10 }),
    access(5, 1, { pvid: 1 }),
    access(6, 1, { pvid: 1 }),
    access(7, 99, { pvid: 99 }),
    trunk(8, 1, [10, 20, 99], true, { pvid: 1 }),
    trunk(289, 1, [10, 20, 99], true, { pvid: 1 }),
  ],
  lags: [{ ifIndex: 289, memberIfIndexes: [9, 10] }],
  neighbours: [
    {
      localIfIndex: 1,
      remoteSysName: '',
      remotePortId: '00:04:f2:aa:bb:01',
      remotePortDesc: 'eth0',
      remoteChassisId: '10.0.20.5',
      protocol: 'lldp',
    },
    {
      localIfIndex: 8,
      remoteSysName: 'esx-host-1.example.net',
      remotePortId: '00:0c:29:00:00:08',
      remotePortDesc: 'vmnic0',
      remoteChassisId: '00:0c:29:00:00:08',
      protocol: 'lldp',
    },
    {
      localIfIndex: 9,
      remoteSysName: 'core-1',
      remotePortId: '1/1/1',
      remotePortDesc: '1/1/1',
      remoteChassisId: 'a0:36:9f:00:00:01',
      protocol: 'lldp',
    },
    {
      localIfIndex: 10,
      remoteSysName: 'core-1',
      remotePortId: '1/1/2',
      remotePortDesc: '1/1/2',
      remoteChassisId: 'a0:36:9f:00:00:01',
      protocol: 'lldp',
    },
  ],
  fdb: [
    { mac: '00:0c:29:00:00:08', vlan: 1, ifIndex: 8 },
    { mac: 'a0:36:9f:00:00:01', vlan: 1, ifIndex: 289 },
    { mac: '00:0c:29:00:10:01', vlan: 10, ifIndex: 1 },
    { mac: 'b8:27:eb:00:00:02', vlan: 10, ifIndex: 2 },
    { mac: '3c:52:82:00:00:07', vlan: 99, ifIndex: 7 },
  ],
  arp: [
    { ip: '10.0.1.1', mac: '00:00:5e:00:01:01', ifIndex: 1001 },
    { ip: '2001:db8::1', mac: '00:00:5e:00:02:01', ifIndex: 1001 },
  ],
  poe: [1, 2, 3, 4, 5, 6, 7, 8].map((ifIndex) => ({ ifIndex, adminEnabled: ifIndex !== 6 })),
  notes: [],
};

const JUNOS: ObservedSwitch = {
  system: {
    sysName: 'acc-ex-1',
    sysDescr:
      'Juniper Networks, Inc. ex2300-c-12p Ethernet Switch, kernel JUNOS 21.4R3-S5.4, Build date: 2023-09-01 00:00:00 UTC Copyright (c) 1996-2023 Juniper Networks, Inc.',
    sysObjectID: '1.3.6.1.4.1.2636.1.1.1.4.132.3',
    sysLocation: 'Building C',
    sysContact: 'noc@example.net',
    vendor: 'Juniper',
    model: null,
    serial: null,
    macAddress: '2c:6b:f5:00:11:00',
  },
  ports: [
    port(33, 'me0', 'oob', 6, 1000, UP, '2c:6b:f5:00:11:3f'),
    port(513, 'ge-0/0/0', 'desk 1', 6, 1000, UP, '2c:6b:f5:00:11:00'),
    port(514, 'ge-0/0/1', 'desk 2', 6, 1000, UP, '2c:6b:f5:00:11:01'),
    port(515, 'ge-0/0/2', '', 6, 1000, UP, '2c:6b:f5:00:11:02'),
    port(516, 'ge-0/0/3', '', 6, 1000, UP, '2c:6b:f5:00:11:03'),
    port(517, 'ge-0/0/4', 'ap-2 (trunk)', 6, 1000, UP, '2c:6b:f5:00:11:04'),
    port(518, 'ge-0/0/5', 'printer\\lab', 6, 1000, UP, '2c:6b:f5:00:11:05'),
    port(519, 'ge-0/0/6', '', 6, 0, DISABLED, '2c:6b:f5:00:11:06'),
    port(520, 'ge-0/0/7', '', 6, 1000, UP, '2c:6b:f5:00:11:07'),
    port(521, 'xe-0/1/0', 'core-1 et-0/0/1', 6, 10000, UP, '2c:6b:f5:00:11:10'),
    port(522, 'xe-0/1/1', 'core-2 et-0/0/1', 6, 10000, UP, '2c:6b:f5:00:11:11'),
    port(600, 'ae0', 'to core', 161, 20000, UP, '2c:6b:f5:00:11:20'),
    port(601, 'ae0.0', '', 53, 20000, UP, '2c:6b:f5:00:11:20'),
  ],
  vlans: [
    { vid: 1, name: 'default' },
    { vid: 10, name: 'users' },
    { vid: 20, name: 'voice' },
    { vid: 99, name: 'mgmt' },
  ],
  membership: [
    access(513, 10, { pvid: 10 }),
    access(514, 10, { pvid: 10 }),
    access(515, 10, { pvid: 10 }),
    access(516, 20, { pvid: 20 }),
    trunk(517, null, [10, 20, 99], true, { pvid: 0 }),
    trunk(518, 99, [10], true, { pvid: 99 }),
    access(520, 1, { pvid: 1 }),
    trunk(600, null, [10, 20, 99], true, { pvid: 0 }),
  ],
  // ae0.0 (a logical unit over ae0) is no LAG
  lags: [{ ifIndex: 600, memberIfIndexes: [521, 522] }],
  neighbours: [
    {
      localIfIndex: 517,
      remoteSysName: 'ap-2',
      remotePortId: 'd8:b1:90:00:00:02',
      remotePortDesc: 'eth0',
      remoteChassisId: 'd8:b1:90:00:00:02',
      protocol: 'lldp',
    },
    {
      localIfIndex: 521,
      remoteSysName: 'core-1.example.net',
      remotePortId: 'et-0/0/1',
      remotePortDesc: 'to acc-ex-1',
      remoteChassisId: 'a0:36:9f:00:00:01',
      protocol: 'lldp',
    },
    {
      localIfIndex: 522,
      remoteSysName: 'core-2.example.net',
      remotePortId: 'et-0/0/1',
      remotePortDesc: 'to acc-ex-1',
      remoteChassisId: 'a0:36:9f:00:00:02',
      protocol: 'lldp',
    },
  ],
  fdb: [
    { mac: '00:0c:29:00:10:01', vlan: 10, ifIndex: 513 },
    { mac: 'a0:36:9f:00:00:01', vlan: 10, ifIndex: 600 },
    { mac: '00:04:f2:00:20:01', vlan: 20, ifIndex: 516 },
    { mac: '3c:52:82:00:00:99', vlan: 99, ifIndex: 518 },
  ],
  arp: [],
  poe: [],
  notes: ['Q-BRIDGE port lists name bridge ports with no dot1dBasePortIfIndex entry (ignored): 0'],
};

function v3(context: string, keys: { authKey?: string; privKey?: string } = {}): SnmpCredentials {
  return {
    version: '3',
    user: SNMPSIM_V3.user,
    authProtocol: 'sha',
    authKey: keys.authKey ?? SNMPSIM_V3.authKey,
    privProtocol: 'aes',
    privKey: keys.privKey ?? SNMPSIM_V3.privKey,
    context,
  };
}

/** The DeviceError a read fails with (the test fails when it succeeds or throws anything else). */
async function failure(read: Promise<unknown>): Promise<DeviceError> {
  const error = await read.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeviceError);
  return error as DeviceError;
}

describe('reading the recorded switches of recordings/', () => {
  let agent: SimulatedAgent;
  const target = () => ({ host: '127.0.0.1', port: agent.port });

  beforeAll(async () => {
    agent = await startSnmprecAgent(RECORDINGS);
  });

  afterAll(async () => {
    await agent?.stop();
  });

  it.each<[string, ObservedSwitch]>([
    ['cisco_ios', CISCO],
    ['aruba_2930f', ARUBA],
    ['junos_ex2300', JUNOS],
  ])('reads %s over v2c exactly as recorded', async (community, expected) => {
    expect(await readSwitch(target(), { version: '2c', community }, LIMITS)).toEqual(expected);
  });

  itNeeding(
    [NEEDS.snmpsimd],
    'reads them through snmpsimd exactly as through the recordings agent, over v2c and v3',
    { timeout: 120_000 },
    async () => {
      const snmpsim = await startSnmpsim(RECORDINGS, 'cisco_ios');
      try {
        for (const name of ['cisco_ios', 'aruba_2930f', 'junos_ex2300']) {
          for (const credentials of [{ version: '2c', community: name } as const, v3(name)]) {
            const throughSnmpsim = await readSwitch({ host: '127.0.0.1', port: snmpsim.port }, credentials, LIMITS, SIMULATOR_CONTEXTS);
            expect(await readSwitch(target(), credentials, LIMITS, SIMULATOR_CONTEXTS)).toEqual(throughSnmpsim);
          }
        }
      } finally {
        await snmpsim.stop();
      }
    },
  );

  it('reads over v3 authPriv (SHA, AES-128) with a context, a Cisco per-VLAN instance as a context of its own', async () => {
    expect(await readSwitch(target(), v3('cisco_ios'), LIMITS, SIMULATOR_CONTEXTS)).toEqual(CISCO);
    expect(await readSwitch(target(), v3('aruba_2930f'), LIMITS)).toEqual(ARUBA);
  });

  it('skips a table that does not answer with a note, and fails when the switch stops answering', async () => {
    const noRetry = { requestTimeoutMs: 300, retries: 0, deadlineMs: 10_000 };
    // 1 GET of the system group and 9 interface columns come first; the 12th request walks ENTITY-MIB
    const lossy = await relay(agent.port, (n) => n !== 12);
    try {
      const observed = await readSwitch({ host: '127.0.0.1', port: lossy.port }, { version: '2c', community: 'aruba_2930f' }, noRetry);
      expect(observed.ports).toEqual(ARUBA.ports);
      expect(observed.system.model).toBeNull();
      expect(observed.notes).toEqual([
        expect.stringMatching(/^1\.3\.6\.1\.2\.1\.47\.1\.1\.1\.1\.5 could not be read \(no SNMP v2c answer .*\); skipped$/),
      ]);
    } finally {
      lossy.close();
    }
    const gone = await relay(agent.port, (n) => n <= 12);
    try {
      const error = await failure(readSwitch({ host: '127.0.0.1', port: gone.port }, { version: '2c', community: 'aruba_2930f' }, noRetry));
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(/stopped answering/);
    } finally {
      gone.close();
    }
  });

  it('fails with a DeviceError that names no key when the v3 auth key is wrong', async () => {
    const error = await failure(readSwitch(target(), v3('aruba_2930f', { authKey: 'wrong-auth-key' }), LIMITS));
    expect(error.kind).toBe('error');
    expect(error.message).toMatch(/SNMPv3 authentication/);
    expect(error.message).not.toMatch(/wrong-auth-key|switchyard-priv/);
  });

  it('fails with a DeviceError timeout when the v3 privacy key is wrong (the agent drops what it cannot decrypt)', async () => {
    const error = await failure(readSwitch(target(), v3('aruba_2930f', { privKey: 'wrong-priv-key' }), LIMITS));
    expect(error.kind).toBe('timeout');
    expect(error.message).not.toMatch(/wrong-priv-key|switchyard-auth/);
  });

  it('fails with a DeviceError timeout for a community the agent does not know, without quoting it', async () => {
    const error = await failure(readSwitch(target(), { version: '2c', community: 'not-a-community' }, LIMITS));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/wrong community/);
    expect(error.message).not.toMatch(/not-a-community/);
  });
});

/** A UDP socket on 127.0.0.1 that answers each datagram with `reply(request)`, or not at all when it returns undefined. */
async function fakeAgent(
  reply: (request: Buffer) => Buffer | undefined,
): Promise<{ port: number; received: () => number; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  let received = 0;
  socket.on('message', (request, from) => {
    received++;
    const answer = reply(request);
    if (answer) socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((done) => socket.bind(0, '127.0.0.1', done));
  return { port: socket.address().port, received: () => received, close: () => socket.close() };
}

/** A UDP relay to an agent that passes on only the requests `pass(n)` (n counting from 1) lets through. */
async function relay(agentPort: number, pass: (n: number) => boolean): Promise<{ port: number; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  let requests = 0;
  let client: dgram.RemoteInfo | undefined;
  socket.on('message', (datagram, from) => {
    if (from.port === agentPort) {
      if (client) socket.send(datagram, client.port, client.address);
      return;
    }
    client = from;
    if (pass(++requests)) socket.send(datagram, agentPort, '127.0.0.1');
  });
  await new Promise<void>((done) => socket.bind(0, '127.0.0.1', done));
  return { port: socket.address().port, close: () => socket.close() };
}

describe('a switch that does not answer properly', () => {
  const community: SnmpCredentials = { version: '2c', community: 'public' };

  it('gives a DeviceError timeout within the request bound when nothing answers', async () => {
    const silent = await fakeAgent(() => undefined);
    try {
      const started = Date.now();
      const error = await failure(
        readSwitch({ host: '127.0.0.1', port: silent.port }, community, { requestTimeoutMs: 300, retries: 1, deadlineMs: 10_000 }),
      );
      const took = Date.now() - started;
      expect(error.kind).toBe('timeout');
      expect(silent.received()).toBe(2);
      expect(took).toBeGreaterThanOrEqual(550);
      expect(took).toBeLessThan(2000);
    } finally {
      silent.close();
    }
  });

  it('gives a DeviceError timeout at the deadline, even when the requests would wait longer', async () => {
    const silent = await fakeAgent(() => undefined);
    try {
      const started = Date.now();
      const error = await failure(
        readSwitch({ host: '127.0.0.1', port: silent.port }, community, { requestTimeoutMs: 2000, retries: 5, deadlineMs: 700 }),
      );
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(/limit of 0.7 s/);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      silent.close();
    }
  });

  // Random bytes are no SNMP message: net-snmp cannot decode them, the request then times out, and since the device
  // did answer, only not in SNMP, the reader calls it an error (502 device_error), not a timeout.
  it.each<[string, () => Buffer]>([
    ['random bytes', () => randomBytes(64)],
    ['a BER sequence of random bytes', () => Buffer.concat([Buffer.from([0x30, 0x3e]), randomBytes(62)])],
    ['a truncated SNMP-looking header', () => Buffer.from([0x30, 0x82, 0xff, 0xff, 0x02, 0x01, 0x01, 0x04])],
  ])('gives a DeviceError error, never an unhandled exception, for %s', async (_, garbage) => {
    const liar = await fakeAgent(() => garbage());
    try {
      const error = await failure(
        readSwitch({ host: '127.0.0.1', port: liar.port }, community, { requestTimeoutMs: 300, retries: 1, deadlineMs: 5000 }),
      );
      expect(error.kind).toBe('error');
      expect(error.message).toMatch(/not SNMP/);
      expect(error.message).not.toMatch(/public/);
    } finally {
      liar.close();
    }
  });

  it('gives a DeviceError error for an agent that answers a request with the request itself', async () => {
    const echo = await fakeAgent((request) => request);
    try {
      const error = await failure(
        readSwitch({ host: '127.0.0.1', port: echo.port }, community, { requestTimeoutMs: 300, retries: 1, deadlineMs: 5000 }),
      );
      expect(error.kind).toBe('error');
      expect(error.message).toMatch(/not a valid reply/);
    } finally {
      echo.close();
    }
  });
});
