import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, hostName, isHttps, isKnownHost, requestOrigin } from './client.ts';

const config = { trustedProxies: ['10.0.0.0/8', '::1/128'], allowedHosts: ['switchyard.example.net', '*.lab.example.net'] };

function fakeRequest(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('the client address', () => {
  it.each([
    ['the socket without forwarding', '192.0.2.1', {}, '192.0.2.1'],
    ['an IPv4-mapped socket address as IPv4', '::ffff:192.0.2.1', {}, '192.0.2.1'],
    ['the socket when an untrusted peer forwards', '192.0.2.1', { 'x-forwarded-for': '198.51.100.1' }, '192.0.2.1'],
    ['the forwarded address from a trusted proxy', '10.1.2.3', { 'x-forwarded-for': '198.51.100.1' }, '198.51.100.1'],
    ['the right-most untrusted hop of a chain', '10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.9.9.9' }, '198.51.100.1'],
    ['the left-most hop when all are trusted', '::1', { 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }, '10.0.0.1'],
  ])('is %s', (_what, peer, headers, expected) => {
    expect(clientAddress(config, fakeRequest(peer, headers))).toBe(expected);
  });
});

describe('the client key of the per-client limits', () => {
  it.each([
    ['an IPv4 address as it is', '192.0.2.1', '192.0.2.1'],
    ['an IPv6 address as its /64', '2001:db8::1', '2001:db8::/64'],
    ['another address of the same /64 alike', '2001:db8:0:0:ffff:ffff:ffff:fffe', '2001:db8::/64'],
    ['an address of the next /64 apart', '2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['an IPv4-mapped IPv6 address as its IPv4', '::ffff:192.0.2.1', '192.0.2.1'],
    ['an IPv4-mapped address in hex as its IPv4', '::ffff:c000:201', '192.0.2.1'],
    ['the IPv6 loopback as its /64', '::1', '::/64'],
    ['what is not an address as given', 'unknown', 'unknown'],
  ])('is %s', (_what, address, expected) => {
    expect(clientKey(address)).toBe(expected);
  });

  it('counts 2001:db8::1 and 2001:db8::2 as one client, 192.0.2.1 and 192.0.2.2 as two', () => {
    expect(clientKey('2001:db8::1')).toBe(clientKey('2001:db8::2'));
    expect(clientKey('192.0.2.1')).not.toBe(clientKey('192.0.2.2'));
  });
});

describe('the protocol and origin', () => {
  it('believe X-Forwarded-Proto and -Host only from a trusted proxy', () => {
    const forwarded = { host: '10.0.0.9:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'switchyard.example.net' };
    expect(isHttps(config, fakeRequest('10.0.0.9', forwarded))).toBe(true);
    expect(requestOrigin(config, fakeRequest('10.0.0.9', forwarded))).toBe('https://switchyard.example.net');
    expect(isHttps(config, fakeRequest('192.0.2.1', forwarded))).toBe(false);
    expect(requestOrigin(config, fakeRequest('192.0.2.1', forwarded))).toBe('http://10.0.0.9:3000');
  });
});

describe('known host names', () => {
  it.each([
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['[fe80::1]', true],
    ['localhost', true],
    ['LOCALHOST.:3000', true],
    [`${hostname()}:3000`, true],
    ['switchyard.example.net', true],
    ['sw1.lab.example.net:8443', true],
    ['lab.example.net', false],
    ['evil.example', false],
    ['switchyard.example.net.evil.example', false],
    ['localhost.evil.example', false],
    ['', false],
    [undefined, false],
  ])('%s is known: %s', (host, known) => {
    expect(isKnownHost(config, host)).toBe(known);
  });

  it('reads the name of a Host header without port, brackets or final dot', () => {
    expect([hostName('Example.NET.:80'), hostName('[2001:db8::1]:443'), hostName('10.0.0.1')]).toEqual([
      'example.net',
      '2001:db8::1',
      '10.0.0.1',
    ]);
  });
});
