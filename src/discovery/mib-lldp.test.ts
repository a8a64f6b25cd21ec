import { describe, expect, it } from 'vitest';
import { indexInterfaces } from './mib-interfaces.ts';
import { decodeCdp, decodeLldp, renderLldpId } from './mib-lldp.ts';
import type { BridgePorts, SnmpValue } from './mib-values.ts';
import type { ObservedPort } from './observed.ts';

const text = (value: string) => new TextEncoder().encode(value);
const MAC = Uint8Array.from([0xb8, 0xa4, 0x4f, 0, 0, 1]);
const REM = '1.0.8802.1.1.2.1.4.1.1';

function port(ifIndex: number, name: string): ObservedPort {
  return { ifIndex, name, description: '', ifType: 6, speedMbps: 0, adminUp: true, operUp: true, present: true, mac: null };
}

function remote(portNum: number, index: number, sysName: string, portSubtype: number, portId: Uint8Array): [string, SnmpValue][] {
  const key = `0.${portNum}.${index}`;
  return [
    [`${REM}.4.${key}`, 4],
    [`${REM}.5.${key}`, MAC],
    [`${REM}.6.${key}`, portSubtype],
    [`${REM}.7.${key}`, portId],
    [`${REM}.8.${key}`, text('uplink')],
    [`${REM}.9.${key}`, text(sysName)],
  ];
}

describe('LLDP neighbours', () => {
  const ports = [port(10, 'Gi1/0/1'), port(11, 'Gi1/0/2'), port(12, 'Gi1/0/3'), port(13, 'Gi1/0/4')];
  const bridge: BridgePorts = { map: new Map([[2, 11]]), ifIndexes: new Set([10, 11, 12, 13]) };
  const walk = new Map<string, SnmpValue>([
    // local port 1 is named by lldpLocPortId; 2 is a bridge port; 12 is an ifIndex; 99 is nothing known
    ['1.0.8802.1.1.2.1.3.7.1.3.1', text('Gi1/0/1')],
    ['1.0.8802.1.1.2.1.3.7.1.3.2', Uint8Array.from([0, 1, 2, 3, 4, 5])],
    ...remote(12, 1, 'c', 5, text('Te1/1')),
    ...remote(1, 1, 'a', 3, MAC),
    ...remote(2, 2, 'b', 4, Uint8Array.from([1, 10, 0, 0, 1])),
    ...remote(99, 3, 'lost', 5, text('x')),
  ]);

  it('resolves the local port by name, else as a bridge port, else as an ifIndex, and renders ids by subtype', () => {
    const notes: string[] = [];
    const interfaces = indexInterfaces(new Map(), ports);
    expect(decodeLldp(walk, { ...interfaces, byName: new Map([['Gi1/0/1', 10]]) }, bridge, notes)).toEqual([
      {
        localIfIndex: 10,
        remoteSysName: 'a',
        remotePortId: 'b8:a4:4f:00:00:01',
        remotePortDesc: 'uplink',
        remoteChassisId: 'b8:a4:4f:00:00:01',
        protocol: 'lldp',
      },
      {
        localIfIndex: 11,
        remoteSysName: 'b',
        remotePortId: '10.0.0.1',
        remotePortDesc: 'uplink',
        remoteChassisId: 'b8:a4:4f:00:00:01',
        protocol: 'lldp',
      },
      {
        localIfIndex: 12,
        remoteSysName: 'c',
        remotePortId: 'Te1/1',
        remotePortDesc: 'uplink',
        remoteChassisId: 'b8:a4:4f:00:00:01',
        protocol: 'lldp',
      },
    ]);
    expect(notes).toEqual(['LLDP neighbours on local port numbers 99 have no known interface (left out)']);
  });

  it.each<[number, Uint8Array, string]>([
    [3, MAC, 'b8:a4:4f:00:00:01'],
    [5, text('Ethernet1/49'), 'Ethernet1/49'],
    [7, text('518'), '518'],
    [7, Uint8Array.from([0, 1, 2]), '000102'],
    [5, Uint8Array.from([0, 1, 2, 3, 4, 5]), '00:01:02:03:04:05'],
  ])('a port id of subtype %s reads as %s', (subtype, value, rendered) => {
    expect(renderLldpId(subtype, value, 'port')).toBe(rendered);
  });
});

describe('CDP neighbours', () => {
  it('names the neighbour by its device id and port, with its IPv4 address as the chassis id', () => {
    const walk = new Map<string, SnmpValue>([
      ['1.3.6.1.4.1.9.9.23.1.2.1.1.3.10.1', 1],
      ['1.3.6.1.4.1.9.9.23.1.2.1.1.4.10.1', Uint8Array.from([10, 0, 0, 1])],
      ['1.3.6.1.4.1.9.9.23.1.2.1.1.6.10.1', text('core-1.example.net')],
      ['1.3.6.1.4.1.9.9.23.1.2.1.1.7.10.1', text('TenGigabitEthernet1/1/1')],
      ['1.3.6.1.4.1.9.9.23.1.2.1.1.6.77.1', text('on an unknown interface')],
    ]);
    expect(decodeCdp(walk, indexInterfaces(new Map(), [port(10, 'Gi1/0/1')]))).toEqual([
      {
        localIfIndex: 10,
        remoteSysName: 'core-1.example.net',
        remotePortId: 'TenGigabitEthernet1/1/1',
        remotePortDesc: '',
        remoteChassisId: '10.0.0.1',
        protocol: 'cdp',
      },
    ]);
  });
});
