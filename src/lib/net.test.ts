import { isIP, isIPv6, SocketAddress } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cidrContains, cidrOverlaps, formatIp, macDigits, normalizeCidr, normalizeIp, normalizeMac, parseIp } from './net.ts';

const bytesOf = (text: string): number[] => [...(parseIp(text)?.bytes ?? [])];

describe('parseIp: IPv4', () => {
  it.each([
    ['0.0.0.0', [0, 0, 0, 0]],
    ['255.255.255.255', [255, 255, 255, 255]],
    ['10.0.10.1', [10, 0, 10, 1]],
    ['192.168.100.200', [192, 168, 100, 200]],
  ])('accepts %s', (text, bytes) => {
    expect(parseIp(text)?.family).toBe(4);
    expect(bytesOf(text)).toEqual(bytes);
  });

  it.each([
    '',
    ' ',
    '1.2.3',
    '1.2.3.4.5',
    '256.0.0.1',
    '1.2.3.256',
    '1000.0.0.1',
    '010.0.0.1',
    '10.00.0.1',
    '10.0.0.01',
    '00.0.0.0',
    '1.2.3.',
    '.1.2.3',
    '1..2.3',
    '1.2.3.4 ',
    ' 1.2.3.4',
    '1.2. 3.4',
    '+1.2.3.4',
    '-1.2.3.4',
    '1.2.3.0x4',
    '1e2.0.0.1',
    '１.2.3.4', // full-width digit
    '1.2.3.4/32',
    '16909060',
  ])('refuses %j', (text) => {
    expect(parseIp(text)).toBeUndefined();
  });
});

describe('parseIp: IPv6', () => {
  it.each([
    ['::', '00000000000000000000000000000000'],
    ['::1', '00000000000000000000000000000001'],
    ['1::', '00010000000000000000000000000000'],
    ['2001:db8::1', '20010db8000000000000000000000001'],
    ['2001:DB8:0:0:0:0:0:1', '20010db8000000000000000000000001'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '20010db8000000000000000000000001'],
    ['fe80::a:B:c:D', 'fe80000000000000000a000b000c000d'],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
    ['1:2:3:4:5:6:7::', '00010002000300040005000600070000'],
    ['::2:3:4:5:6:7:8', '00000002000300040005000600070008'],
    ['1::8', '00010000000000000000000000000008'],
    ['::ffff:10.0.0.1', '00000000000000000000ffff0a000001'],
    ['::FFFF:10.0.0.1', '00000000000000000000ffff0a000001'],
    ['0:0:0:0:0:ffff:10.0.0.1', '00000000000000000000ffff0a000001'],
    ['64:ff9b::1.2.3.4', '0064ff9b000000000000000001020304'],
    ['::1.2.3.4', '00000000000000000000000001020304'],
    ['1:2:3:4:5:6:1.2.3.4', '00010002000300040005000601020304'],
    ['1:2:3:4:5::1.2.3.4', '00010002000300040005000001020304'],
  ])('accepts %s', (text, hex) => {
    const ip = parseIp(text);
    expect(ip?.family).toBe(6);
    expect(Buffer.from(ip!.bytes).toString('hex')).toBe(hex);
  });

  it.each([
    ':',
    ':::',
    '::::',
    '1::2::3',
    '::1::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '::1:2:3:4:5:6:7:8',
    '1:2:3:4::5:6:7:8',
    ':1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7:8:',
    ':1::',
    '::1:',
    '1:::2',
    '12345::',
    '::g',
    '::0x1',
    '1.2.3.4::',
    '::1.2.3.4:1',
    '1.2.3.4::1',
    '::ffff:256.0.0.1',
    '::ffff:010.0.0.1',
    '::ffff:1.2.3',
    '1:2:3:4:5:6:7:1.2.3.4',
    '1:2:3:4:5:6:7:8:1.2.3.4',
    'fe80::1%eth0',
    'fe80::1%1',
    '[::1]',
    ' ::1',
    '::1 ',
    ':: 1',
    '2001:db8::/64',
  ])('refuses %j', (text) => {
    expect(parseIp(text)).toBeUndefined();
  });
});

describe('formatIp and normalizeIp', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0'],
    ['10.0.10.1', '10.0.10.1'],
    ['::', '::'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::1', '::1'],
    ['1::', '1::'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // first of two equal runs
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'], // the longer run wins
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // one zero group is not compressed
    ['1:0:2:0:3:0:4:0', '1:0:2:0:3:0:4:0'],
    ['2001:db8::0:1', '2001:db8::1'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8'],
    ['0:0:1:0:0:0:0:0', '0:0:1::'],
    ['abcd:EF01:2345:6789:ABCD:EF01:2345:6789', 'abcd:ef01:2345:6789:abcd:ef01:2345:6789'],
    ['::ffff:10.0.0.1', '::ffff:10.0.0.1'],
    ['::ffff:0a00:0001', '::ffff:10.0.0.1'],
    ['0:0:0:0:0:FFFF:C000:0201', '::ffff:192.0.2.1'],
    ['::ffff:0:0', '::ffff:0.0.0.0'],
    ['64:ff9b::1.2.3.4', '64:ff9b::102:304'],
    ['::1.2.3.4', '::102:304'],
    ['::ffff:0:1.2.3.4', '::ffff:0:102:304'], // IPv4-translated, not mapped
    ['1::ffff:1.2.3.4', '1::ffff:102:304'],
  ])('%s -> %s', (text, canonical) => {
    expect(normalizeIp(text)).toBe(canonical);
  });

  it('returns undefined for invalid text', () => {
    expect(normalizeIp('')).toBeUndefined();
    expect(normalizeIp('1.2.3')).toBeUndefined();
    expect(normalizeIp(':::')).toBeUndefined();
  });

  it('throws on a malformed ParsedIp', () => {
    expect(() => formatIp({ family: 4, bytes: new Uint8Array(16) })).toThrow(RangeError);
    expect(() => formatIp({ family: 6, bytes: new Uint8Array(4) })).toThrow(RangeError);
  });
});

describe('against node:net as an oracle', () => {
  const hexGroup = fc
    .integer({ min: 0, max: 0xffff })
    .chain((value) => fc.constantFrom(value.toString(16), value.toString(16).toUpperCase(), value.toString(16).padStart(4, '0')));
  // Random 16-byte addresses biased towards zero groups so that "::" compression gets exercised.
  const bytes16 = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 8, maxLength: 8 });

  it('parses every address node formats, to the same bytes', () => {
    fc.assert(
      fc.property(bytes16, (groups) => {
        const full = groups.map((g) => g.toString(16)).join(':');
        const viaNode = new SocketAddress({ address: full, family: 'ipv6' }).address;
        const ip = parseIp(viaNode);
        expect(ip?.family).toBe(6);
        expect(bytesOf(viaNode)).toEqual(bytesOf(full));
      }),
    );
  });

  it('round-trips: format(parse(x)) parses to the same bytes and is a fixed point', () => {
    fc.assert(
      fc.property(fc.array(hexGroup, { minLength: 8, maxLength: 8 }), fc.nat(8), fc.nat(8), (groups, a, b) => {
        // Optionally zero out a stretch so that the canonical form compresses something.
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const text = groups.map((g, i) => (i >= lo && i < hi ? '0' : g)).join(':');
        const canonical = normalizeIp(text)!;
        expect(canonical).toBeDefined();
        expect(isIPv6(canonical)).toBe(true);
        expect(bytesOf(canonical)).toEqual(bytesOf(text));
        expect(normalizeIp(canonical)).toBe(canonical);
        expect(canonical).toBe(canonical.toLowerCase());
        expect(canonical).not.toMatch(/:0[0-9a-f]/);
      }),
    );
  });

  it('agrees with node:net on what is an IP for random short strings', () => {
    const alphabet = fc.constantFrom(...'0123456789abcdefABCDEFg:.:.:'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (text) => {
        const mine = parseIp(text);
        const theirs = isIP(text);
        expect(mine === undefined ? 0 : mine.family).toBe(theirs);
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with node:net on valid addresses after a random one-character edit', () => {
    const seeds = [
      '::',
      '::1',
      '1::',
      '2001:db8::1',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7::',
      '::ffff:10.0.0.1',
      '64:ff9b::1.2.3.4',
      '1:2:3:4:5:6:1.2.3.4',
      'fe80::a:b:c:d',
      '10.0.10.1',
      '0.0.0.0',
      '255.255.255.255',
    ];
    const edit = fc.record({
      seed: fc.constantFrom(...seeds),
      at: fc.nat(40),
      kind: fc.constantFrom('insert', 'delete', 'replace'),
      char: fc.constantFrom(...'0159aefF:.g'.split('')),
    });
    fc.assert(
      fc.property(edit, ({ seed, at, kind, char }) => {
        const i = at % (seed.length + 1);
        const text =
          kind === 'insert'
            ? seed.slice(0, i) + char + seed.slice(i)
            : kind === 'delete'
              ? seed.slice(0, i) + seed.slice(i + 1)
              : seed.slice(0, i) + char + seed.slice(i + 1);
        const mine = parseIp(text);
        expect(mine === undefined ? 0 : mine.family).toBe(isIP(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with node:net on IPv4 dotted quads with and without leading zeros', () => {
    const octet = fc.oneof(
      fc.integer({ min: 0, max: 300 }).map(String),
      fc.integer({ min: 0, max: 99 }).map((n) => `0${n}`),
    );
    fc.assert(
      fc.property(fc.array(octet, { minLength: 3, maxLength: 5 }), (octets) => {
        const text = octets.join('.');
        expect(parseIp(text) === undefined ? 0 : 4).toBe(isIP(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeCidr', () => {
  it.each([
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['10.0.10.0/24', '10.0.10.0/24'],
    ['10.0.10.1/32', '10.0.10.1/32'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['192.168.1.128/25', '192.168.1.128/25'],
    ['::/0', '::/0'],
    ['2001:db8::/64', '2001:db8::/64'],
    ['2001:DB8:0:0::/64', '2001:db8::/64'],
    ['2001:db8::1/128', '2001:db8::1/128'],
    ['::1/128', '::1/128'],
    ['fe80::/10', 'fe80::/10'],
    ['::ffff:10.0.0.0/104', '::ffff:10.0.0.0/104'],
    ['::ffff:0:0/96', '::ffff:0.0.0.0/96'],
  ])('%s -> %s', (text, value) => {
    expect(normalizeCidr(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['10.0.10.1/24', '10.0.10.0/24', '10.0.10.1'],
    ['10.0.10.255/24', '10.0.10.0/24', '10.0.10.255'],
    ['1.2.3.4/0', '0.0.0.0/0', '1.2.3.4'],
    ['10.0.0.1/31', '10.0.0.0/31', '10.0.0.1'],
    ['172.16.5.4/12', '172.16.0.0/12', '172.16.5.4'],
    ['2001:db8::1/64', '2001:db8::/64', '2001:db8::1'],
    ['2001:DB8:0:0:1::/63', '2001:db8::/63', '2001:db8:0:0:1::'],
    ['2001:db8:ffff::/33', '2001:db8:8000::/33', '2001:db8:ffff::'],
    ['::1/0', '::/0', '::1'],
    ['::ffff:10.0.0.1/120', '::ffff:10.0.0.0/120', '::ffff:10.0.0.1'],
  ])('%s has host bits set -> %s', (text, network, address) => {
    expect(normalizeCidr(text)).toEqual({
      ok: false,
      reason: `has host bits set; the network is ${network}`,
      network,
      address,
    });
  });

  it('gives the exact reason from the brief', () => {
    expect(normalizeCidr('10.0.10.1/24')).toEqual({
      ok: false,
      reason: 'has host bits set; the network is 10.0.10.0/24',
      network: '10.0.10.0/24',
      address: '10.0.10.1',
    });
  });

  it.each(['10.0.0.0/33', '10.0.0.0/100', '10.0.0.0/99999999999999999999999', '::/129', '2001:db8::/200'])(
    'refuses the too long prefix of %s, naming it',
    (text) => {
      const result = normalizeCidr(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.reason).toMatch(/^has a prefix length of \d+, but an IPv[46] prefix runs from 0 to (32|128)$/);
      expect(result.network).toBeUndefined();
      expect(result.address).toBeUndefined();
    },
  );

  it.each([
    '',
    ' ',
    '10.0.0.0',
    '10.0.0.0/',
    '/24',
    '10.0.0.0/08',
    '10.0.0.0/00',
    '10.0.0.0/-1',
    '10.0.0.0/+8',
    '10.0.0.0/8.0',
    '10.0.0.0/24/24',
    '10.0.0.0/ 24',
    '10.0.0.0 /24',
    ' 10.0.0.0/24',
    '10.0.0.0/24 ',
    '010.0.0.0/8',
    '10.0.0/24',
    '256.0.0.0/8',
    '1::2::/64',
    ':::/0',
    'fe80::%eth0/64',
    '[2001:db8::]/64',
    'abc',
    '10.0.0.0/0x18',
  ])('refuses %j with the example reason', (text) => {
    expect(normalizeCidr(text)).toEqual({ ok: false, reason: 'is not an IPv4 or IPv6 CIDR like 10.0.10.0/24' });
  });

  it('gives a network that is itself valid and contains the address, for any IPv4 address and prefix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 32 }),
        (octets, prefix) => {
          const address = octets.join('.');
          const result = normalizeCidr(`${address}/${prefix}`);
          const network = result.ok ? result.value : result.network!;
          expect(normalizeCidr(network)).toEqual({ ok: true, value: network });
          expect(cidrContains(network, address)).toBe(true);
        },
      ),
    );
  });
});

describe('cidrContains', () => {
  it.each([
    ['10.0.10.0/24', '10.0.10.0', true],
    ['10.0.10.0/24', '10.0.10.1', true],
    ['10.0.10.0/24', '10.0.10.255', true],
    ['10.0.10.0/24', '10.0.11.0', false],
    ['10.0.10.0/24', '10.0.9.255', false],
    ['0.0.0.0/0', '255.255.255.255', true],
    ['0.0.0.0/0', '0.0.0.0', true],
    ['10.0.0.1/32', '10.0.0.1', true],
    ['10.0.0.1/32', '10.0.0.2', false],
    ['192.168.1.128/25', '192.168.1.127', false],
    ['192.168.1.128/25', '192.168.1.200', true],
    ['::/0', '::', true],
    ['::/0', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2001:db8::/64', '2001:DB8::1', true],
    ['2001:db8::/64', '2001:db8:0:0:ffff:ffff:ffff:ffff', true],
    ['2001:db8::/64', '2001:db8:0:1::', false],
    ['2001:db8::/33', '2001:db8:7fff::1', true],
    ['2001:db8::/33', '2001:db8:8000::', false],
    ['::1/128', '::1', true],
    ['::1/128', '::2', false],
    ['::ffff:10.0.0.0/104', '::ffff:10.1.2.3', true],
  ])('%s contains %s: %s', (cidr, ip, expected) => {
    expect(cidrContains(cidr, ip)).toBe(expected);
  });

  it('is false across families, including IPv4-mapped IPv6 addresses against an IPv4 cidr', () => {
    expect(cidrContains('10.0.0.0/8', '::ffff:10.0.0.1')).toBe(false);
    expect(cidrContains('0.0.0.0/0', '::')).toBe(false);
    expect(cidrContains('::/0', '10.0.0.1')).toBe(false);
    expect(cidrContains('::ffff:0:0/96', '10.0.0.1')).toBe(false);
  });

  it('is false when either side is invalid, including a cidr with host bits set', () => {
    expect(cidrContains('10.0.10.1/24', '10.0.10.2')).toBe(false);
    expect(cidrContains('10.0.0.0/33', '10.0.0.1')).toBe(false);
    expect(cidrContains('10.0.0.0', '10.0.0.0')).toBe(false);
    expect(cidrContains('10.0.0.0/8', '10.0.0')).toBe(false);
    expect(cidrContains('10.0.0.0/8', '')).toBe(false);
    expect(cidrContains('', '10.0.0.1')).toBe(false);
    expect(cidrContains('10.0.0.0/8', ' 10.0.0.1')).toBe(false);
    expect(cidrContains('10.0.0.0/8', '10.0.0.1/32')).toBe(false);
  });

  it('agrees with node:net BlockList for random IPv4 and IPv6 networks', async () => {
    const { BlockList } = await import('node:net');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 16, maxLength: 16 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 16, maxLength: 16 }),
        fc.integer({ min: 0, max: 128 }),
        fc.boolean(),
        (netBytes, addrBytes, rawPrefix, v4) => {
          const family = v4 ? 4 : 6;
          const length = v4 ? 4 : 16;
          const prefix = v4 ? rawPrefix % 33 : rawPrefix;
          // Share a random-length leading part so that "contained" cases are common.
          const shared = rawPrefix % (length + 1);
          const addr = addrBytes.slice(0, length).map((b, i) => (i < shared ? netBytes[i] : b));
          const network = normalizeCidr(`${formatIp({ family, bytes: Uint8Array.from(netBytes.slice(0, length)) })}/${prefix}`);
          const cidr = network.ok ? network.value : network.network!;
          const ip = formatIp({ family, bytes: Uint8Array.from(addr) });
          const list = new BlockList();
          const [base, bits] = cidr.split('/');
          list.addSubnet(base, Number(bits), v4 ? 'ipv4' : 'ipv6');
          expect(cidrContains(cidr, ip)).toBe(list.check(ip, v4 ? 'ipv4' : 'ipv6'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('cidrOverlaps', () => {
  it.each([
    ['10.0.10.0/24', '10.0.10.0/24', true],
    ['10.0.0.0/16', '10.0.10.0/24', true],
    ['10.0.10.0/24', '10.0.0.0/16', true],
    ['10.0.10.0/24', '10.0.10.128/25', true],
    ['10.0.10.0/24', '10.0.11.0/24', false],
    ['10.0.10.0/31', '10.0.10.2/31', false],
    ['10.0.10.0/31', '10.0.10.1/32', true],
    ['0.0.0.0/0', '192.168.1.0/24', true],
    ['192.168.1.0/25', '192.168.1.128/25', false],
    ['2001:db8::/64', '2001:db8::/64', true],
    ['2001:db8::/32', '2001:db8:0:1::/64', true],
    ['2001:db8:0:1::/64', '2001:db8::/32', true],
    ['2001:db8::/64', '2001:db8:0:1::/64', false],
    ['::/0', '2001:db8::/64', true],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(cidrOverlaps(a, b)).toBe(expected);
    expect(cidrOverlaps(b, a)).toBe(expected);
  });

  it('is false across families and when either side is invalid', () => {
    expect(cidrOverlaps('0.0.0.0/0', '::/0')).toBe(false);
    expect(cidrOverlaps('10.0.0.0/8', '::ffff:10.0.0.0/104')).toBe(false);
    expect(cidrOverlaps('10.0.10.1/24', '10.0.10.0/24')).toBe(false);
    expect(cidrOverlaps('10.0.10.0/24', '10.0.10.0')).toBe(false);
    expect(cidrOverlaps('', '10.0.10.0/24')).toBe(false);
  });

  it("agrees with containment: two blocks overlap exactly when one holds the other's first address", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 32 }),
        (aBytes, bBytes, aPrefix, bPrefix) => {
          const block = (bytes: number[], prefix: number) => {
            const result = normalizeCidr(`${bytes.join('.')}/${prefix}`);
            return result.ok ? result.value : result.network!;
          };
          const a = block(aBytes, aPrefix);
          const b = block([...aBytes.slice(0, 2), ...bBytes.slice(2)], bPrefix);
          const first = (cidr: string) => cidr.split('/')[0];
          expect(cidrOverlaps(a, b)).toBe(cidrContains(a, first(b)) || cidrContains(b, first(a)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeMac', () => {
  it.each([
    ['aa:bb:cc:dd:ee:ff', 'aa:bb:cc:dd:ee:ff'],
    ['AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff'],
    ['AA-BB-CC-DD-EE-FF', 'aa:bb:cc:dd:ee:ff'],
    ['aa-bb-cc-dd-ee-ff', 'aa:bb:cc:dd:ee:ff'],
    ['Aa:bB:01:23:45:67', 'aa:bb:01:23:45:67'],
    ['aabb.ccdd.eeff', 'aa:bb:cc:dd:ee:ff'],
    ['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff'],
    ['0000.0000.0000', '00:00:00:00:00:00'],
  ])('%s -> %s', (text, mac) => {
    expect(normalizeMac(text)).toBe(mac);
  });

  it.each([
    '',
    ' ',
    'aa:bb:cc:dd:ee:ff ',
    ' aa:bb:cc:dd:ee:ff',
    'aa:bb:cc:dd:ee',
    'aa:bb:cc:dd:ee:ff:00',
    'aa:bb-cc:dd:ee:ff',
    'aa-bb-cc-dd-ee:ff',
    'aa.bb.cc.dd.ee.ff',
    'aa:bb:cc:dd:ee:fg',
    'a:bb:cc:dd:ee:ff',
    'aaa:bb:cc:dd:ee:ff',
    'aabbccddeeff',
    'aabb.ccdd.eeff.0011',
    'aabb.ccdd.eef',
    'aabb:ccdd:eeff',
    'aabb-ccdd-eeff',
    'aabb.ccdd-eeff',
    'aa::cc:dd:ee:ff',
    'aa:bb:cc:dd:ee:ff\n',
  ])('refuses %j', (text) => {
    expect(normalizeMac(text)).toBeUndefined();
  });
});

describe('macDigits', () => {
  it.each([
    ['aa:bb', 'aabb'],
    ['AA:BB:CC', 'aabbcc'],
    ['aabb', 'aabb'],
    ['ab-cd', 'abcd'],
    ['aabb.cc', 'aabbcc'],
    ['aa:bb-cc.dd', 'aabbccdd'],
    ['AA:BB:CC:DD:EE:FF', 'aabbccddeeff'],
    ['1234', '1234'],
    [':a:b:c:d:', 'abcd'],
    ['0123456789abcdef0123', '0123456789abcdef0123'],
  ])('%j -> %j', (text, digits) => {
    expect(macDigits(text)).toBe(digits);
  });

  it.each(['', 'abc', 'a:b:c', '::::', '..--', 'aa:bb:gg', 'aa bb', ' aabb', 'aabb ', 'switch-01', 'aa_bb', 'ａｂｃｄ'])(
    'refuses %j',
    (text) => {
      expect(macDigits(text)).toBeUndefined();
    },
  );
});
