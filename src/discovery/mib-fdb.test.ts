import { describe, expect, it } from 'vitest';
import { decodeArp, decodeFdb } from './mib-fdb.ts';
import type { BridgePorts, SnmpValue } from './mib-values.ts';

const BRIDGE: BridgePorts = {
  map: new Map([
    [1, 101],
    [2, 102],
  ]),
  ifIndexes: new Set([101, 102]),
};
const MAC = '0.80.86.170.0.1';

describe('the forwarding database', () => {
  it('reads dot1qTpFdbPort with the VLAN of its fdbId, leaving out the switch itself and unknown bridge ports', () => {
    const notes: string[] = [];
    const walk = new Map<string, SnmpValue>([
      ['1.3.6.1.2.1.17.7.1.4.2.1.3.0.10', 5],
      [`1.3.6.1.2.1.17.7.1.2.2.1.2.5.${MAC}`, 1],
      [`1.3.6.1.2.1.17.7.1.2.2.1.2.20.${MAC}`, 2],
      ['1.3.6.1.2.1.17.7.1.2.2.1.2.20.0.0.0.0.0.9', 0],
      ['1.3.6.1.2.1.17.7.1.2.2.1.2.20.0.0.0.0.0.8', 77],
      [`1.3.6.1.2.1.17.4.3.1.2.${MAC}`, 1],
    ]);
    expect(decodeFdb(walk, BRIDGE, notes)).toEqual([
      { mac: '00:50:56:aa:00:01', vlan: 10, ifIndex: 101 },
      { mac: '00:50:56:aa:00:01', vlan: 20, ifIndex: 102 },
    ]);
    expect(notes).toEqual(['1 forwarding-database entries are on bridge ports with no ifIndex (left out)']);
  });

  it('reads dot1dTpFdbPort with the VLAN of its instance when there is no Q-BRIDGE FDB', () => {
    const walk = new Map<string, SnmpValue>([[`1.3.6.1.2.1.17.4.3.1.2.${MAC}`, 2]]);
    expect(decodeFdb(walk, BRIDGE, [])).toEqual([{ mac: '00:50:56:aa:00:01', vlan: null, ifIndex: 102 }]);
    expect(decodeFdb(walk, BRIDGE, [], 30)).toEqual([{ mac: '00:50:56:aa:00:01', vlan: 30, ifIndex: 102 }]);
  });
});

describe('ARP and neighbour tables', () => {
  it('merges both IP-MIB tables, IPv4 first, IPv6 written canonically', () => {
    const mac = (last: number) => Uint8Array.from([0, 0, 0x5e, 0, 1, last]);
    const v6 = '32.1.13.184.0.0.0.0.0.0.0.0.0.0.0.1';
    const walk = new Map<string, SnmpValue>([
      [`1.3.6.1.2.1.4.35.1.4.5.2.16.${v6}`, mac(3)],
      ['1.3.6.1.2.1.4.35.1.4.5.1.4.10.0.0.2', mac(2)],
      ['1.3.6.1.2.1.4.35.1.4.5.1.4.10.0.0.3', new Uint8Array()],
      ['1.3.6.1.2.1.4.22.1.2.5.10.0.0.2', mac(9)],
      ['1.3.6.1.2.1.4.22.1.2.0.10.0.0.1', mac(1)],
    ]);
    expect(decodeArp(walk)).toEqual([
      { ip: '10.0.0.1', mac: '00:00:5e:00:01:01', ifIndex: null },
      { ip: '10.0.0.2', mac: '00:00:5e:00:01:02', ifIndex: 5 },
      { ip: '2001:db8::1', mac: '00:00:5e:00:01:03', ifIndex: 5 },
    ]);
  });
});
