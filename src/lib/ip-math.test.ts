import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { SUBNET_INFO_10_0_10_0_24 } from '../../test/fixtures/subnet-info.ts';
import {
  bigIntToIp,
  canonicalIpNumber,
  countOut,
  freeBlocks,
  ipKey,
  ipToBigInt,
  isUsableHost,
  keyOf,
  nextFree,
  percentOf,
  subnetInfo,
  subnetOf,
  usableCount,
  utilization,
  valueOfKey,
  type Interval,
} from './ip-math.ts';
import { formatIp, parseIp } from './net.ts';

describe('address keys', () => {
  const addresses = [
    '0.0.0.0',
    '10.0.0.1',
    '10.0.0.255',
    '10.0.1.0',
    '255.255.255.255',
    '::',
    '::1',
    '2001:db8::1',
    'fe80::1',
    'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ];

  it('turns an address into a number and back', () => {
    for (const text of addresses) {
      const ip = parseIp(text)!;
      expect(formatIp(bigIntToIp(ip.family, ipToBigInt(ip)))).toBe(text);
      expect(valueOfKey(keyOf(ipToBigInt(ip)))).toBe(ipToBigInt(ip));
    }
  });

  it('fits each half in a signed 64-bit integer, and SQLite orders the keys as the addresses are ordered', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE k (text TEXT, hi INTEGER, lo INTEGER)');
    const insert = db.prepare('INSERT INTO k VALUES (?, ?, ?)');
    for (const text of [...addresses.slice(5)].reverse()) {
      const key = ipKey(text)!;
      insert.run(text, key.hi, key.lo);
    }
    db.prepare('SELECT 1').get();
    const ordered = (db.prepare('SELECT text FROM k ORDER BY hi, lo').all() as { text: string }[]).map((row) => row.text);
    expect(ordered).toEqual(addresses.slice(5));
    db.close();
  });

  it('has no key for text that is not an address', () => {
    expect(ipKey('10.0.0.256')).toBeUndefined();
    expect(ipKey('10.0.0.0/24')).toBeUndefined();
  });
});

describe('usable hosts', () => {
  it.each([
    ['10.0.0.0/24', '10.0.0.1', true],
    ['10.0.0.0/24', '10.0.0.254', true],
    ['10.0.0.0/24', '10.0.0.0', false],
    ['10.0.0.0/24', '10.0.0.255', false],
    ['10.0.0.0/24', '10.0.1.1', false],
    ['10.0.0.0/30', '10.0.0.1', true],
    ['10.0.0.0/30', '10.0.0.3', false],
    ['10.0.0.0/31', '10.0.0.0', true],
    ['10.0.0.0/31', '10.0.0.1', true],
    ['10.0.0.7/32', '10.0.0.7', true],
    ['10.0.0.7/32', '10.0.0.8', false],
    ['2001:db8::/64', '2001:db8::', false],
    ['2001:db8::/64', '2001:db8::1', true],
    ['2001:db8::/64', '2001:db8::ffff:ffff:ffff:ffff', true],
    ['2001:db8::/64', '2001:db8:0:1::', false],
    ['2001:db8::/127', '2001:db8::', true],
    ['2001:db8::/127', '2001:db8::1', true],
    ['2001:db8::5/128', '2001:db8::5', true],
    ['10.0.0.0/24', '::ffff:10.0.0.1', false],
    ['2001:db8::/64', '10.0.0.1', false],
    ['10.0.0.1/24', '10.0.0.2', false],
    ['not a cidr', '10.0.0.1', false],
    ['10.0.0.0/24', 'not an address', false],
  ])('in %s, %s is usable: %s', (cidr, ip, usable) => {
    expect(isUsableHost(cidr, ip)).toBe(usable);
  });

  it.each([
    ['10.0.0.0/24', 256n, 254n],
    ['10.0.0.0/31', 2n, 2n],
    ['10.0.0.0/32', 1n, 1n],
    ['0.0.0.0/0', 2n ** 32n, 2n ** 32n - 2n],
    ['2001:db8::/64', 2n ** 64n, 2n ** 64n - 1n],
    ['2001:db8::/127', 2n, 2n],
    ['::/0', 2n ** 128n, 2n ** 128n - 1n],
  ])('%s has %s addresses, %s usable', (cidr, size, usable) => {
    const subnet = subnetOf(cidr)!;
    expect(subnet.size).toBe(size);
    expect(usableCount(subnet)).toBe(usable);
  });

  it('has no subnet for host bits, a bad prefix or bad text', () => {
    for (const text of ['10.0.0.1/24', '10.0.0.0/33', '10.0.0.0/024', '10.0.0.0', '2001:db8::1/64', '', 'x/8']) {
      expect(subnetOf(text)).toBeUndefined();
    }
  });
});

const n = (text: string): bigint => ipToBigInt(parseIp(text)!);
const span = (first: string, last = first): Interval => ({ first: n(first), last: n(last) });

describe('utilisation', () => {
  it('counts used, dhcp and reserved (unrecorded), free and the percent of a /24', () => {
    const subnet = subnetOf('10.0.0.0/24')!;
    expect(utilization(subnet, 20n, { dhcp: 100n, reserved: 8n })).toEqual({
      size: 256,
      usable: 254,
      used: 20,
      reserved: 8,
      dhcp: 100,
      free: 126,
      percent: 50.4,
    });
  });

  it('counts the usable addresses of ranges, leaving out network and broadcast addresses they cover', () => {
    const subnet = subnetOf('10.0.0.0/24')!;
    const ranges = [
      { kind: 'dhcp', first: n('10.0.0.100'), last: n('10.0.0.199'), recorded: 0n },
      { kind: 'reserved', first: n('10.0.0.240'), last: n('10.0.0.255'), recorded: 2n },
      { kind: 'static', first: n('10.0.0.0'), last: n('10.0.0.19'), recorded: 3n },
    ];
    expect(utilization(subnet, 20n, ranges)).toEqual({
      size: 256,
      usable: 254,
      used: 20,
      reserved: 13,
      dhcp: 100,
      free: 121,
      percent: 52.4,
    });
  });

  it('counts every address of a /31 and a /32', () => {
    expect(utilization(subnetOf('10.0.0.0/31')!, 1n, { dhcp: 0n, reserved: 0n })).toEqual({
      size: 2,
      usable: 2,
      used: 1,
      reserved: 0,
      dhcp: 0,
      free: 1,
      percent: 50,
    });
    expect(utilization(subnetOf('10.0.0.9/32')!, 1n, { dhcp: 0n, reserved: 0n })).toMatchObject({ usable: 1, free: 0, percent: 100 });
  });

  it('answers IPv6 counts past 2^53 as decimal strings', () => {
    expect(utilization(subnetOf('2001:db8::/64')!, 3n, { dhcp: 65536n, reserved: 2n ** 63n })).toEqual({
      size: '18446744073709551616',
      usable: '18446744073709551615',
      used: 3,
      reserved: '9223372036854775808',
      dhcp: 65536,
      free: '9223372036854710268',
      percent: 50,
    });
  });

  it.each([
    [1n, 8n, 12.5],
    [1n, 2000n, 0.1],
    [1n, 2001n, 0],
    [2n, 3n, 66.7],
    [0n, 254n, 0],
    [254n, 254n, 100],
  ])('rounds %s of %s to %s per cent', (part, whole, percent) => {
    expect(percentOf(part, whole)).toBe(percent);
  });

  it('counts below 2^53 as numbers, larger ones as text', () => {
    expect(countOut(2n ** 53n - 1n)).toBe(9007199254740991);
    expect(countOut(2n ** 53n)).toBe('9007199254740992');
  });
});

describe('the next free address and the free blocks', () => {
  const lan = subnetOf('10.0.0.0/24')!;

  it('takes the first usable address when nothing is blocked', () => {
    expect(nextFree(lan, [])).toBe(n('10.0.0.1'));
    expect(nextFree(subnetOf('10.0.0.0/31')!, [])).toBe(n('10.0.0.0'));
    expect(nextFree(subnetOf('2001:db8::/64')!, [])).toBe(n('2001:db8::1'));
  });

  it('skips the gateway, runs of recorded addresses and ranges, overlapping or not', () => {
    const blocked = [
      span('10.0.0.1'),
      span('10.0.0.2', '10.0.0.5'),
      span('10.0.0.3', '10.0.0.9'),
      span('10.0.0.10', '10.0.0.20'),
      span('10.0.0.30'),
    ];
    expect(nextFree(lan, blocked)).toBe(n('10.0.0.21'));
  });

  it('has none when every usable address is blocked', () => {
    expect(nextFree(subnetOf('10.0.0.0/30')!, [span('10.0.0.1'), span('10.0.0.2')])).toBeUndefined();
    expect(nextFree(lan, [span('10.0.0.0', '10.0.0.255')])).toBeUndefined();
  });

  it('lists the free blocks between the blocked ones', () => {
    const blocks = freeBlocks(lan, [
      span('10.0.0.1'),
      span('10.0.0.5', '10.0.0.9'),
      span('10.0.0.7', '10.0.0.8'),
      span('10.0.0.250', '10.0.0.255'),
    ]);
    expect(blocks).toEqual([
      { first: n('10.0.0.2'), last: n('10.0.0.4'), size: 3n },
      { first: n('10.0.0.10'), last: n('10.0.0.249'), size: 240n },
    ]);
    expect(freeBlocks(lan, [])).toEqual([{ first: n('10.0.0.1'), last: n('10.0.0.254'), size: 254n }]);
    expect(freeBlocks(subnetOf('10.0.0.0/30')!, [span('10.0.0.1', '10.0.0.2')])).toEqual([]);
  });
});

describe('the subnet calculator', () => {
  it('describes an IPv4 subnet', () => {
    expect(subnetInfo('10.0.10.0/24')).toEqual({ ok: true, info: SUBNET_INFO_10_0_10_0_24 });
  });

  it('clears host bits and handles /31, /32 and /0', () => {
    expect(subnetInfo('192.168.1.77/26')).toMatchObject({ ok: true, info: { cidr: '192.168.1.64/26', lastHost: '192.168.1.126' } });
    expect(subnetInfo('10.0.0.0/31')).toMatchObject({ info: { firstHost: '10.0.0.0', lastHost: '10.0.0.1', hostCount: 2 } });
    expect(subnetInfo('10.0.0.1/32')).toMatchObject({ info: { mask: '255.255.255.255', wildcard: '0.0.0.0', hostCount: 1 } });
    expect(subnetInfo('0.0.0.0/0')).toMatchObject({ info: { mask: '0.0.0.0', size: 4294967296, hostCount: 4294967294 } });
  });

  it('describes an IPv6 subnet with counts as text', () => {
    expect(subnetInfo('2001:db8:1::/64')).toEqual({
      ok: true,
      info: {
        cidr: '2001:db8:1::/64',
        family: 6,
        prefix: 64,
        network: '2001:db8:1::',
        broadcast: null,
        mask: 'ffff:ffff:ffff:ffff::',
        wildcard: '::ffff:ffff:ffff:ffff',
        firstHost: '2001:db8:1::1',
        lastHost: '2001:db8:1:0:ffff:ffff:ffff:ffff',
        size: '18446744073709551616',
        hostCount: '18446744073709551615',
      },
    });
  });

  it('splits into smaller prefixes, listing at most 256 with the total', () => {
    const quarter = subnetInfo('10.0.0.0/24', 26);
    expect(quarter.ok && quarter.info.split).toEqual({
      prefix: 26,
      total: 4,
      subnets: ['10.0.0.0/26', '10.0.0.64/26', '10.0.0.128/26', '10.0.0.192/26'],
    });
    const many = subnetInfo('2001:db8::/32', 64);
    expect(many.ok && many.info.split?.total).toBe(4294967296);
    expect(many.ok && many.info.split?.subnets.length).toBe(256);
    expect(many.ok && many.info.split?.subnets.slice(0, 2)).toEqual(['2001:db8::/64', '2001:db8:0:1::/64']);
    const same = subnetInfo('10.0.0.0/24', 24);
    expect(same.ok && same.info.split).toEqual({ prefix: 24, total: 1, subnets: ['10.0.0.0/24'] });
  });

  it.each([
    ['10.0.0.0', undefined, 'cidr'],
    ['10.0.0.0/33', undefined, 'cidr'],
    ['10.0.0.256/24', undefined, 'cidr'],
    ['fe80::/129', undefined, 'cidr'],
    ['10.0.0.0/24', 23, 'split'],
    ['10.0.0.0/24', 33, 'split'],
    ['10.0.0.0/24', 24.5, 'split'],
  ])('refuses %s split %s (%s)', (cidr, split, field) => {
    expect(subnetInfo(cidr, split)).toMatchObject({ ok: false, field });
  });
});

describe('canonicalIpNumber (the UI places ranges with it)', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '255.255.255.255',
    '::',
    '::1',
    '2001:db8::',
    '2001:db8:0:1::5',
    'fe80::1:2:3:4',
    '1:2:3:4:5:6:7:8',
    '::ffff:10.0.0.1',
    'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ])('gives %s the number the full parser gives', (text) => {
    const ip = parseIp(text)!;
    expect(formatIp(ip)).toBe(text);
    expect(canonicalIpNumber(text)).toBe(ipToBigInt(ip));
  });
});
