import { describe, expect, it } from 'vitest';
import { decodeSystem, vendorOf } from './mib-system.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('the system part', () => {
  it('names the switch, its maker, the first chassis and the bridge MAC', () => {
    const walk = new Map<string, Uint8Array | number | string>([
      ['1.3.6.1.2.1.1.1.0', text('Cisco IOS Software, C2960X')],
      ['1.3.6.1.2.1.1.2.0', '1.3.6.1.4.1.9.1.1208'],
      ['1.3.6.1.2.1.1.4.0', text('noc@example.net')],
      ['1.3.6.1.2.1.1.5.0', text('acc-1')],
      ['1.3.6.1.2.1.1.6.0', text('Room 1')],
      ['1.3.6.1.2.1.17.1.1.0', Uint8Array.from([0, 0x1a, 0x2b, 0x3c, 0x4d, 0])],
      // a module (9) first, then two stack members: the lowest chassis(3) row describes the switch
      ['1.3.6.1.2.1.47.1.1.1.1.5.1', 9],
      ['1.3.6.1.2.1.47.1.1.1.1.5.1001', 3],
      ['1.3.6.1.2.1.47.1.1.1.1.5.2001', 3],
      ['1.3.6.1.2.1.47.1.1.1.1.11.1001', text('FOC1')],
      ['1.3.6.1.2.1.47.1.1.1.1.13.1001', text('WS-C2960X-48FPS-L')],
      ['1.3.6.1.2.1.47.1.1.1.1.11.2001', text('FOC2')],
    ]);
    expect(decodeSystem(walk)).toEqual({
      sysName: 'acc-1',
      sysDescr: 'Cisco IOS Software, C2960X',
      sysObjectID: '1.3.6.1.4.1.9.1.1208',
      sysLocation: 'Room 1',
      sysContact: 'noc@example.net',
      vendor: 'Cisco',
      model: 'WS-C2960X-48FPS-L',
      serial: 'FOC1',
      macAddress: '00:1a:2b:3c:4d:00',
    });
  });

  it('leaves out what the agent does not have', () => {
    expect(decodeSystem(new Map([['1.3.6.1.2.1.17.1.1.0', Uint8Array.from([0, 0, 0, 0, 0, 0])]]))).toEqual({
      sysName: null,
      sysDescr: null,
      sysObjectID: null,
      sysLocation: null,
      sysContact: null,
      vendor: null,
      model: null,
      serial: null,
      macAddress: null,
    });
  });

  it.each<[string | null, string | null]>([
    ['1.3.6.1.4.1.30065.1.3011.7050.1958.128', 'Arista'],
    ['1.3.6.1.4.1.2636.1.1.1.4.82.5', 'Juniper'],
    ['1.3.6.1.4.1.11.2.3.7.11.181', 'HPE'],
    ['1.3.6.1.4.1.99999.1', null],
    ['1.3.6.1.2.1.1', null],
    [null, null],
  ])('the maker of %s is %s', (sysObjectId, vendor) => {
    expect(vendorOf(sysObjectId)).toBe(vendor);
  });
});
