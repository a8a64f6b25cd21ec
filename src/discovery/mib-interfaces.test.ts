import { describe, expect, it } from 'vitest';
import { decodeInterfaces, indexInterfaces, speedMbps, withOctets } from './mib-interfaces.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('interfaces', () => {
  const walk = new Map<string, Uint8Array | number>([
    ['1.3.6.1.2.1.2.2.1.2.1', text('GigabitEthernet0/1')],
    ['1.3.6.1.2.1.2.2.1.2.2', text('GigabitEthernet0/2')],
    ['1.3.6.1.2.1.2.2.1.2.3', text('Slot 3')],
    ['1.3.6.1.2.1.2.2.1.3.1', 6],
    ['1.3.6.1.2.1.2.2.1.3.2', 6],
    ['1.3.6.1.2.1.2.2.1.3.3', 6],
    ['1.3.6.1.2.1.2.2.1.5.1', 1_000_000_000],
    ['1.3.6.1.2.1.2.2.1.5.2', 4294967295],
    ['1.3.6.1.2.1.2.2.1.5.3', 0],
    ['1.3.6.1.2.1.2.2.1.6.1', Uint8Array.from([0, 1, 2, 3, 4, 5])],
    ['1.3.6.1.2.1.2.2.1.6.2', new Uint8Array()],
    ['1.3.6.1.2.1.2.2.1.7.1', 1],
    ['1.3.6.1.2.1.2.2.1.7.2', 1],
    ['1.3.6.1.2.1.2.2.1.7.3', 2],
    ['1.3.6.1.2.1.2.2.1.8.1', 1],
    ['1.3.6.1.2.1.2.2.1.8.2', 7],
    ['1.3.6.1.2.1.2.2.1.8.3', 6],
    ['1.3.6.1.2.1.31.1.1.1.1.1', text('Gi0/1')],
    ['1.3.6.1.2.1.31.1.1.1.1.2', text('Gi0/2')],
    ['1.3.6.1.2.1.31.1.1.1.15.1', 0],
    ['1.3.6.1.2.1.31.1.1.1.15.2', 40000],
    ['1.3.6.1.2.1.31.1.1.1.18.1', text(' desk 12 ')],
  ]);

  it('names each by ifName (else ifDescr), keeps the alias exactly and takes the speed from ifHighSpeed, else ifSpeed', () => {
    expect(decodeInterfaces(walk)).toEqual([
      {
        ifIndex: 1,
        name: 'Gi0/1',
        description: ' desk 12 ',
        ifType: 6,
        speedMbps: 1000,
        adminUp: true,
        operUp: true,
        present: true,
        mac: '00:01:02:03:04:05',
      },
      { ifIndex: 2, name: 'Gi0/2', description: '', ifType: 6, speedMbps: 40000, adminUp: true, operUp: false, present: true, mac: null },
      { ifIndex: 3, name: 'Slot 3', description: '', ifType: 6, speedMbps: 0, adminUp: false, operUp: false, present: false, mac: null },
    ]);
  });

  it('finds an interface by ifName or ifDescr', () => {
    const index = indexInterfaces(walk, decodeInterfaces(walk));
    expect(index.byName.get('Gi0/2')).toBe(2);
    expect(index.byName.get('GigabitEthernet0/2')).toBe(2);
    expect(index.byIfIndex.get(3)?.name).toBe('Slot 3');
  });

  it.each<[number | undefined, number | undefined, number]>([
    [1e9, 1000, 1000],
    [1e8, 0, 100],
    [1e8, undefined, 100],
    [4294967295, 0, 0],
    [undefined, undefined, 0],
    [1_500_000, undefined, 2],
  ])('ifSpeed %s, ifHighSpeed %s: %s Mb/s', (ifSpeed, ifHighSpeed, mbps) => {
    expect(speedMbps(ifSpeed, ifHighSpeed)).toBe(mbps);
  });
});

describe('traffic counters', () => {
  const ports = decodeInterfaces(
    new Map([
      ['1.3.6.1.2.1.2.2.1.2.1', text('Gi0/1')],
      ['1.3.6.1.2.1.2.2.1.2.2', text('Gi0/2')],
      ['1.3.6.1.2.1.2.2.1.2.3', text('Gi0/3')],
    ]),
  );

  it('takes the 64-bit counters where the agent has them, else the 32-bit ones, and none where it has neither', () => {
    const walk = new Map<string, number>([
      ['1.3.6.1.2.1.31.1.1.1.6.1', 2 ** 40],
      ['1.3.6.1.2.1.31.1.1.1.10.1', 7],
      ['1.3.6.1.2.1.2.2.1.10.2', 100],
      ['1.3.6.1.2.1.2.2.1.16.2', 200],
    ]);
    expect(withOctets(walk, ports).map(({ name, inOctets, outOctets }) => ({ name, inOctets, outOctets }))).toEqual([
      { name: 'Gi0/1', inOctets: 2 ** 40, outOctets: 7 },
      { name: 'Gi0/2', inOctets: 100, outOctets: 200 },
      { name: 'Gi0/3', inOctets: undefined, outOctets: undefined },
    ]);
    expect(withOctets(walk, ports)[2]).not.toHaveProperty('inOctets');
  });
});
