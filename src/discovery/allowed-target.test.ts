import { describe, expect, it } from 'vitest';
import { addressAllowed, checkedTarget, type LookupAll } from './allowed-target.ts';
import { DeviceError } from './observed.ts';

const EVERYWHERE = ['0.0.0.0/0', '::/0'];

describe('the addresses a discovery may reach by default (DISCOVERY_ALLOW unset)', () => {
  it.each([
    '10.0.0.21',
    '192.0.2.7',
    '127.0.0.1',
    '::1',
    '2001:db8::1',
    '100.100.100.199',
    '::ffff:10.0.0.21',
    '169.253.255.255',
    '169.255.0.0',
  ])('%s is allowed', (address) => {
    expect(addressAllowed(address, EVERYWHERE)).toBe(true);
  });

  it.each([
    ['the cloud metadata address', '169.254.169.254'],
    ['IPv4 link-local', '169.254.0.1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local, the top of fe80::/10', 'febf:ffff::1'],
    ["AWS's IPv6 metadata address", 'fd00:ec2::254'],
    ["Alibaba Cloud's metadata address", '100.100.100.200'],
    ["Azure's WireServer", '168.63.129.16'],
    ['the metadata address IPv4-mapped', '::ffff:169.254.169.254'],
    ['the metadata address IPv4-mapped, in hex', '::ffff:a9fe:a9fe'],
    ['IPv4 link-local IPv4-mapped', '::ffff:169.254.1.1'],
    ['the metadata address through NAT64', '64:ff9b::a9fe:a9fe'],
    ['the unspecified IPv4 address', '0.0.0.0'],
    ['the unspecified IPv6 address', '::'],
    ['IPv4 multicast', '224.0.0.1'],
    ['the IPv4 broadcast', '255.255.255.255'],
    ['IPv6 multicast', 'ff02::1'],
    ['an address with a zone id', 'fe80::1%eth0'],
    ['no address', 'switch-1'],
  ])('%s (%s) is not', (_name, address) => {
    expect(addressAllowed(address, EVERYWHERE)).toBe(false);
  });
});

describe('the addresses DISCOVERY_ALLOW lets in', () => {
  it('are those of its CIDRs only', () => {
    const allow = ['10.20.0.0/16', '2001:db8:5::/48'];
    expect(['10.20.0.1', '10.20.255.254', '2001:db8:5::1', '::ffff:10.20.3.4'].map((a) => addressAllowed(a, allow))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.21.0.1', '127.0.0.1', '2001:db8:6::1', '169.254.169.254'].map((a) => addressAllowed(a, allow))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('let a guarded address in only by an entry inside its block', () => {
    expect(addressAllowed('169.254.10.5', ['169.254.10.0/24'])).toBe(true);
    expect(addressAllowed('169.254.169.254', ['169.254.10.0/24'])).toBe(false);
    expect(addressAllowed('169.254.169.254', ['169.254.169.254/32'])).toBe(true);
    expect(addressAllowed('169.254.169.254', ['169.0.0.0/8', '0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('fe80::1', ['fe80::/64'])).toBe(true);
    expect(addressAllowed('64:ff9b::a9fe:a9fe', ['64:ff9b::/96'])).toBe(false);
  });

  it('let an address in by the name it was found by, never a guarded one', () => {
    const allow = ['10.20.0.0/16', 'core-1.example.net', '*.mgmt.example.net'];
    expect(addressAllowed('192.0.2.1', allow, 'core-1.example.net')).toBe(true);
    expect(addressAllowed('192.0.2.2', allow, 'acc-7.mgmt.example.net')).toBe(true);
    expect(addressAllowed('192.0.2.3', allow, 'mgmt.example.net')).toBe(false);
    expect(addressAllowed('192.0.2.4', allow, 'core-1.example.net.evil.example')).toBe(false);
    expect(addressAllowed('192.0.2.5', allow)).toBe(false);
    expect(addressAllowed('169.254.169.254', allow, 'core-1.example.net')).toBe(false);
  });
});

describe('a target checked after its name is looked up', () => {
  /** A lookup that answers `addresses` and counts its calls. */
  const fakeLookup = (addresses: string[]) => {
    const lookup = async (_host: string) => {
      lookup.calls++;
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    lookup.calls = 0;
    return lookup;
  };

  it('is read at the first address the name has, as an address, looked up once', async () => {
    const lookup = fakeLookup(['10.0.0.21', '2001:db8::21']);
    expect(await checkedTarget({ host: 'acc-1.example.net', port: 1161 }, EVERYWHERE, lookup)).toEqual({
      ok: true,
      target: { host: '10.0.0.21', port: 1161 },
    });
    expect(lookup.calls).toBe(1);
  });

  it.each([
    ['a link-local address', ['169.254.169.254']],
    ['an IPv6 link-local address', ['fe80::1']],
    ['an allowed address and a link-local one', ['10.0.0.21', 'fd00:ec2::254']],
    ['the metadata address IPv4-mapped', ['::ffff:169.254.169.254']],
  ])('is refused when the name has %s', async (_name, addresses) => {
    const result = await checkedTarget({ host: 'metadata.example.net', port: 161 }, EVERYWHERE, fakeLookup(addresses));
    expect(result.ok).toBe(false);
  });

  it('is an address checked as it is, never looked up', async () => {
    const lookup = fakeLookup(['10.0.0.1']);
    expect(await checkedTarget({ host: '169.254.169.254', port: 161 }, EVERYWHERE, lookup)).toEqual({
      ok: false,
      address: '169.254.169.254',
    });
    expect(await checkedTarget({ host: '::ffff:10.0.0.9', port: 161 }, EVERYWHERE, lookup)).toEqual({
      ok: true,
      target: { host: '10.0.0.9', port: 161 },
    });
    expect(lookup.calls).toBe(0);
  });

  it('fails as a device error when the name has no address', async () => {
    const failing: LookupAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(checkedTarget({ host: 'gone.example.net', port: 161 }, EVERYWHERE, failing)).rejects.toThrow(DeviceError);
    await expect(checkedTarget({ host: 'gone.example.net', port: 161 }, EVERYWHERE, fakeLookup([]))).rejects.toThrow(
      'the host name could not be resolved',
    );
  });

  it('finds a name that the system resolver reads as a numeric address (0xa9fea9fe is 169.254.169.254)', async () => {
    expect(await checkedTarget({ host: '0xa9fea9fe', port: 161 }, EVERYWHERE)).toEqual({ ok: false, address: '169.254.169.254' });
  });
});
