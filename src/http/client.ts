// Who is calling, as far as the service can tell: the client's address, the protocol and the host name the
// browser used. X-Forwarded-For, -Proto and -Host are believed only from a proxy listed in TRUSTED_PROXIES:
// from anyone else they are whatever the caller wants them to be.
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { Config } from '../boot/config.ts';
import { cidrContains, formatIp, hostNameMatches, normalizeIp, parseIp, unmappedIp } from '../lib/net.ts';

type ClientConfig = Pick<Config, 'trustedProxies' | 'allowedHosts'>;

/** A socket's peer address in canonical form (an IPv4-mapped IPv6 peer as plain IPv4). */
export function socketAddress(socket: { remoteAddress?: string }): string {
  const raw = socket.remoteAddress ?? '';
  const plain = raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice('::ffff:'.length) : raw;
  return normalizeIp(plain) ?? plain;
}

function peerAddress(req: IncomingMessage): string {
  return socketAddress(req.socket);
}

/**
 * The client an address stands for, as the per-client limits count it (connections, sign-ins, public links): an
 * IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4), an IPv6 one as its /64, the block one subscriber or
 * one LAN gets and an attacker holds whole; anything else as given.
 */
export function clientKey(address: string): string {
  const parsed = parseIp(address);
  if (!parsed) return address;
  const ip = unmappedIp(parsed);
  if (ip.family === 4) return formatIp(ip);
  const network = new Uint8Array(16);
  network.set(ip.bytes.subarray(0, 8));
  return `${formatIp({ family: 6, bytes: network })}/64`;
}

/** Whether `address` is one of the trusted proxies. */
export function isTrustedProxy(config: ClientConfig, address: string): boolean {
  return config.trustedProxies.some((cidr) => cidrContains(cidr, address));
}

/**
 * The client's address: the socket's, or, when the socket is a trusted proxy, the address that proxy put in
 * X-Forwarded-For: the right-most entry that is not itself a trusted proxy (entries further left are the
 * client's own say and can be forged).
 */
export function clientAddress(config: ClientConfig, req: IncomingMessage): string {
  const peer = peerAddress(req);
  const forwarded = forwardedBy(config, req, 'x-forwarded-for');
  if (!forwarded) return peer;
  const hops = forwarded
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const address = normalizeIp(hops[index]) ?? hops[index];
    if (index === 0 || !isTrustedProxy(config, address)) return address;
  }
  return peer;
}

/** Whether the browser talks HTTPS to the service: the socket is TLS, or a trusted proxy says so. */
export function isHttps(config: ClientConfig, req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return firstValue(forwardedBy(config, req, 'x-forwarded-proto'))?.toLowerCase() === 'https';
}

/** The host (with port) the browser asked for: Host, or a trusted proxy's X-Forwarded-Host. */
export function requestHost(config: ClientConfig, req: IncomingMessage): string | undefined {
  return firstValue(forwardedBy(config, req, 'x-forwarded-host')) ?? req.headers.host;
}

/** The service's origin as the browser sees it (`https://switchyard.example.net`), for the Origin check. */
export function requestOrigin(config: ClientConfig, req: IncomingMessage): string | undefined {
  const host = requestHost(config, req);
  return host ? `${isHttps(config, req) ? 'https' : 'http'}://${host}` : undefined;
}

/**
 * Whether the host name of the request is one the service is known by: an IP literal, localhost, the
 * machine's own name or a name of APP_ALLOWED_HOSTS. Any other name may be an attacker's, pointed at the
 * service by DNS rebinding.
 */
export function isKnownHost(config: ClientConfig, host: string | undefined): boolean {
  const name = hostName(host);
  if (!name) return false;
  if (parseIp(name) || name === 'localhost' || name === hostname().toLowerCase()) return true;
  return config.allowedHosts.some((allowed) => hostNameMatches(allowed, name));
}

/** The name part of a Host header, lower case, without port, brackets or a final dot. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1].toLowerCase();
  const name = host.replace(/:\d+$/, '').toLowerCase().replace(/\.$/, '');
  return name || undefined;
}

function forwardedBy(config: ClientConfig, req: IncomingMessage, header: string): string | undefined {
  const value = req.headers[header];
  if (typeof value !== 'string' || value === '') return undefined;
  return isTrustedProxy(config, peerAddress(req)) ? value : undefined;
}

function firstValue(list: string | undefined): string | undefined {
  return list?.split(',')[0].trim() || undefined;
}
