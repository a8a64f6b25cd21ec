import { describe, expect, it } from 'vitest';
import {
  agentText,
  allowedHostEntry,
  credentialSetAllows,
  mayUseCredentialSet,
  mayUseKeptCredentials,
  type BoundAgent,
} from './credential-binding.ts';

const SWITCH: BoundAgent[] = [{ host: '10.0.0.21', port: 161 }];
const BY_NAME: BoundAgent[] = [{ host: 'acc-1.example.net', port: 1161 }];
const CREDENTIAL_SET: BoundAgent[] = [
  { cidr: '10.20.0.0/16', port: 161 },
  { host: 'core-1.example.net', port: 161 },
];

describe('kept SNMP credentials', () => {
  it.each<[string, BoundAgent[], string, number]>([
    ['the address they were kept for', SWITCH, '10.0.0.21', 161],
    ['the name they were kept for, with its port', BY_NAME, 'acc-1.example.net', 1161],
    ['an address of a bound network', CREDENTIAL_SET, '10.20.7.9', 161],
    ['a name bound in a set', CREDENTIAL_SET, 'core-1.example.net', 161],
  ])('go to %s, for an editor', (_name, binding, host, port) => {
    expect(mayUseKeptCredentials(binding, { host, port }, 'editor')).toBe(true);
  });

  it.each<[string, BoundAgent[], string, number]>([
    ['another address', SWITCH, '10.0.0.99', 161],
    ['another port of the same address', SWITCH, '10.0.0.21', 1161],
    ['the address a bound name had once', BY_NAME, '10.0.0.21', 1161],
    ['a name whose addresses are in a bound network', CREDENTIAL_SET, 'evil.example.net', 161],
    ['an address of a bound network at another port', CREDENTIAL_SET, '10.20.7.9', 16100],
  ])('go nowhere else for an editor: not to %s', (_name, binding, host, port) => {
    expect(mayUseKeptCredentials(binding, { host, port }, 'editor')).toBe(false);
  });

  it('bound to no agent (kept before they were bound) go only where an admin sends them', () => {
    expect(mayUseKeptCredentials([], { host: '10.0.0.21', port: 161 }, 'editor')).toBe(false);
    expect(mayUseKeptCredentials([], { host: '10.0.0.21', port: 161 }, 'admin')).toBe(true);
  });

  it('go wherever an admin sends them, and nowhere for a caller without a role', () => {
    expect(mayUseKeptCredentials(SWITCH, { host: '10.0.0.99', port: 1161 }, 'admin')).toBe(true);
    expect(mayUseKeptCredentials(SWITCH, { host: '10.0.0.99', port: 161 }, undefined)).toBe(false);
  });

  it('name their agent as host:port, an IPv6 address in brackets', () => {
    expect([agentText({ host: '10.0.0.21', port: 161 }), agentText({ host: '2001:db8::1', port: 1161 })]).toEqual([
      '10.0.0.21:161',
      '[2001:db8::1]:1161',
    ]);
  });
});

describe('a credential set’s allowed hosts', () => {
  const ALLOWED = ['10.20.0.0/16', '10.0.0.21/32', 'core-1.example.net', '*.lab.example.net', '2001:db8::/32'];

  it.each([
    ['an address of an allowed network', '10.20.7.9', 161],
    ['an allowed address at another port', '10.0.0.21', 1161],
    ['an allowed name in another case', 'CORE-1.example.net', 161],
    ['a name under an allowed wildcard', 'sw1.lab.example.net', 161],
    ['an IPv6 address of an allowed network', '2001:db8::7', 161],
  ])('allow %s', (_name, host, port) => {
    expect(credentialSetAllows(ALLOWED, { host, port })).toBe(true);
    expect(mayUseCredentialSet(ALLOWED, { host, port }, 'editor')).toBe(true);
  });

  it.each([
    ['an address outside', '10.0.0.22'],
    ['a name whose address may be allowed', 'evil.example.net'],
    ['the wildcard’s own domain', 'lab.example.net'],
    ['an IPv4-mapped address of an allowed network', '::ffff:10.20.7.9'],
  ])('allow nothing else: not %s', (_name, host) => {
    expect(credentialSetAllows(ALLOWED, { host, port: 161 })).toBe(false);
    expect(mayUseCredentialSet(ALLOWED, { host, port: 161 }, 'editor')).toBe(false);
    expect(mayUseCredentialSet(ALLOWED, { host, port: 161 }, 'admin')).toBe(true);
  });

  it('allow nothing when they are none (a set kept before, which no schedule used)', () => {
    expect(credentialSetAllows([], { host: '10.0.0.21', port: 161 })).toBe(false);
  });

  it.each([
    ['10.0.0.21', '10.0.0.21/32'],
    [' 2001:DB8::1 ', '2001:db8::1/128'],
    ['10.20.0.0/16', '10.20.0.0/16'],
    ['Core-1.Example.NET.', 'core-1.example.net'],
    ['*.lab.example.net', '*.lab.example.net'],
    ['10.20.0.1/16', undefined],
    ['10.0.0.0/33', undefined],
    ['not a host!', undefined],
    ['', undefined],
  ])('store %j as %j', (text, entry) => {
    expect(allowedHostEntry(text)).toBe(entry);
  });
});
