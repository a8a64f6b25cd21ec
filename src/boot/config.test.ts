import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, pendingConnectionsDefault } from './config.ts';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'switchyard-config-')), APP_JWT_SECRET: 'x'.repeat(64) });

describe('TRUSTED_PROXIES, APP_ALLOWED_HOSTS and MAX_CONNECTIONS_PER_ADDRESS', () => {
  it('reads addresses and CIDRs as CIDRs, host names in lower case, and the cap', () => {
    const config = loadConfig({
      ...base(),
      TRUSTED_PROXIES: ' 10.0.0.5, 172.18.0.0/16 ,::1',
      APP_ALLOWED_HOSTS: 'Switchyard.Example.NET., *.lab.example.net',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    expect(config.trustedProxies).toEqual(['10.0.0.5/32', '172.18.0.0/16', '::1/128']);
    expect(config.allowedHosts).toEqual(['switchyard.example.net', '*.lab.example.net']);
    expect(config.maxConnectionsPerAddress).toBe(0);
  });

  it('has no trusted proxy, no extra host and a cap of 256 by default', () => {
    const config = loadConfig(base());
    expect([config.trustedProxies, config.allowedHosts, config.maxConnectionsPerAddress]).toEqual([[], [], 256]);
  });

  it.each([
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0.1/24'],
    ['TRUSTED_PROXIES', 'proxy.example.net'],
    ['APP_ALLOWED_HOSTS', 'http://switchyard.example.net'],
    ['APP_ALLOWED_HOSTS', 'switchyard.example.net:443'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '-1'],
    ['MAX_CONNECTIONS_PER_ADDRESS', 'many'],
  ])('stops the start on %s=%s with a line naming the variable', (variable, value) => {
    expect(() => loadConfig({ ...base(), [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), [variable]: value })).toThrow(variable);
  });
});

describe('MAX_PENDING_CONNECTIONS', () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`;

  it('is read as a whole number, and 0 turns the cap off', () => {
    expect(loadConfig({ ...base(), MAX_PENDING_CONNECTIONS: '20' }).maxPendingConnections).toBe(20);
    expect(loadConfig({ ...base(), MAX_PENDING_CONNECTIONS: '0' }).maxPendingConnections).toBe(0);
    expect(loadConfig(base()).maxPendingConnections).toBe(pendingConnectionsDefault(readFileSync('/proc/self/limits', 'utf8')));
  });

  it('is half the open-file limit by default, at most 10,000, and 1,000 when the limit cannot be read', () => {
    expect(pendingConnectionsDefault(limits('1024'))).toBe(512);
    expect(pendingConnectionsDefault(limits('1048576'))).toBe(10_000);
    expect(pendingConnectionsDefault(limits('unlimited'))).toBe(1000);
    expect(pendingConnectionsDefault(undefined)).toBe(1000);
  });

  it.each(['-1', 'many', '1000001', '2e3'])('stops the start on MAX_PENDING_CONNECTIONS=%s with a line naming the variable', (value) => {
    expect(() => loadConfig({ ...base(), MAX_PENDING_CONNECTIONS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), MAX_PENDING_CONNECTIONS: value })).toThrow('MAX_PENDING_CONNECTIONS');
  });
});

describe('DISCOVERY_TIMEOUT_MS', () => {
  it('is 20 seconds by default and read in milliseconds', () => {
    expect(loadConfig(base()).discoveryTimeoutMs).toBe(20_000);
    expect(loadConfig({ ...base(), DISCOVERY_TIMEOUT_MS: '5000' }).discoveryTimeoutMs).toBe(5000);
  });

  it.each(['0', '999', '100001', '20s', '-5000', '1e4'])(
    'stops the start on DISCOVERY_TIMEOUT_MS=%s with a line naming the variable',
    (value) => {
      expect(() => loadConfig({ ...base(), DISCOVERY_TIMEOUT_MS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base(), DISCOVERY_TIMEOUT_MS: value })).toThrow('DISCOVERY_TIMEOUT_MS');
    },
  );
});

describe('DISCOVERY_ALLOW', () => {
  it('lets a discovery reach every address by default (link-local and metadata ones are kept out by the check)', () => {
    expect(loadConfig(base()).discoveryAllow).toEqual(['0.0.0.0/0', '::/0']);
    expect(loadConfig({ ...base(), DISCOVERY_ALLOW: ' ' }).discoveryAllow).toEqual(['0.0.0.0/0', '::/0']);
  });

  it('reads addresses and CIDRs as CIDRs and host names in lower case', () => {
    const config = loadConfig({
      ...base(),
      DISCOVERY_ALLOW: ' 10.20.0.0/16, 192.0.2.7,2001:DB8::/32 , Core-1.Example.NET., *.mgmt.example.net',
    });
    expect(config.discoveryAllow).toEqual(['10.20.0.0/16', '192.0.2.7/32', '2001:db8::/32', 'core-1.example.net', '*.mgmt.example.net']);
  });

  it.each([
    '10.20.0.1/16',
    '10.0.0.0/33',
    '10.0.0',
    '0251.0376.0251.0376',
    'http://10.0.0.1',
    '10.0.0.1:161',
    'not a host',
    '*',
    '*.',
    'a.*.example.net',
  ])('stops the start on DISCOVERY_ALLOW=%s with a line naming the variable', (value) => {
    expect(() => loadConfig({ ...base(), DISCOVERY_ALLOW: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), DISCOVERY_ALLOW: value })).toThrow('DISCOVERY_ALLOW');
  });
});

describe('READ_CACHE_MB', () => {
  it('is 32 MB by default, read in megabytes, and 0 turns the read cache off', () => {
    expect(loadConfig(base()).readCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ ...base(), READ_CACHE_MB: '8' }).readCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ ...base(), READ_CACHE_MB: '0' }).readCacheBytes).toBe(0);
  });

  it.each(['4097', '32MB', '-1', '1.5'])('stops the start on READ_CACHE_MB=%s with a line naming the variable and its unit', (value) => {
    expect(() => loadConfig({ ...base(), READ_CACHE_MB: value })).toThrow(
      `READ_CACHE_MB must be a whole number of megabytes from 0 to 4096, got "${value}"`,
    );
  });
});

describe('METRICS_ALLOW, LITESTREAM_REPLICA_URL and LITESTREAM_METRICS_URL', () => {
  it('reads the scrapers’ addresses as CIDRs, the replica URL and the address of Litestream’s metrics', () => {
    const config = loadConfig({
      ...base(),
      METRICS_ALLOW: '10.0.0.5, 172.18.0.0/16 ,::1',
      LITESTREAM_REPLICA_URL: ' s3://backups/switchyard ',
      LITESTREAM_METRICS_URL: 'http://litestream:9090/metrics',
    });
    expect(config.metricsAllow).toEqual(['10.0.0.5/32', '172.18.0.0/16', '::1/128']);
    expect(config.replicaUrl).toBe('s3://backups/switchyard');
    expect(config.litestreamMetricsUrl).toBe('http://litestream:9090/metrics');
  });

  it('allows no address without a token, runs without Litestream and looks for its metrics on 127.0.0.1:9090 by default', () => {
    const config = loadConfig({ ...base(), LITESTREAM_REPLICA_URL: '  ' });
    expect([config.metricsAllow, config.replicaUrl, config.litestreamMetricsUrl]).toEqual([[], undefined, 'http://127.0.0.1:9090/metrics']);
  });

  it.each([
    's3://bucket/db',
    'file:///var/backups/switchyard',
    'sftp://user@host/backups',
    'gcs://bucket/db',
    'abs://account@container/db',
  ])('takes the replica URL %s', (url) => {
    expect(loadConfig({ ...base(), LITESTREAM_REPLICA_URL: url }).replicaUrl).toBe(url);
  });

  it.each([
    ['METRICS_ALLOW', 'prometheus.example.net'],
    ['METRICS_ALLOW', '10.0.0.1/24'],
    ['LITESTREAM_REPLICA_URL', '/var/backups/switchyard'],
    ['LITESTREAM_REPLICA_URL', 'http://example.net/replica'],
    ['LITESTREAM_METRICS_URL', '127.0.0.1:9090'],
    ['LITESTREAM_METRICS_URL', 'ftp://127.0.0.1/metrics'],
    ['LITESTREAM_METRICS_URL', 'https://127.0.0.1:9090/metrics'],
  ])('stops the start on %s=%s with a line naming the variable', (variable, value) => {
    expect(() => loadConfig({ ...base(), [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), [variable]: value })).toThrow(variable);
  });
});

describe('HISTORY_DAYS', () => {
  it('keeps 400 days of history by default, else the days given', () => {
    expect(loadConfig(base()).historyDays).toBe(400);
    expect(loadConfig({ ...base(), HISTORY_DAYS: '30' }).historyDays).toBe(30);
  });

  it.each(['0', '36501', '30d', '-1'])('stops the start on HISTORY_DAYS=%s with a line naming the variable', (value) => {
    expect(() => loadConfig({ ...base(), HISTORY_DAYS: value })).toThrow('HISTORY_DAYS');
  });
});

describe('OIDC_*', () => {
  const oidc = { OIDC_ISSUER: 'https://idp.example.net/realms/main', OIDC_CLIENT_ID: 'switchyard' };

  it('reads the provider, its groups and the secret from OIDC_CLIENT_SECRET_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchyard-oidc-'));
    writeFileSync(join(dir, 'secret'), 'from-a-file\n');
    const config = loadConfig({
      ...base(),
      ...oidc,
      OIDC_CLIENT_SECRET_FILE: join(dir, 'secret'),
      OIDC_ADMIN_GROUPS: 'sy-admins, ops',
      OIDC_SCOPES: 'profile groups',
    });
    expect(config.oidc).toMatchObject({
      clientSecret: 'from-a-file',
      roles: { admin: ['sy-admins', 'ops'], editor: [], viewer: [] },
      scopes: 'openid profile groups',
      groupsClaim: 'groups',
    });
    expect(loadConfig(base()).oidc).toBeUndefined();
  });

  it.each([['http://idp.example.net'], ['http://10.0.0.5:8080'], ['ftp://idp.example.net'], ['not a url']])(
    'refuses the issuer %s (http:// only on a loopback address)',
    (issuer) => {
      expect(() => loadConfig({ ...base(), ...oidc, OIDC_ISSUER: issuer })).toThrow('OIDC_ISSUER');
    },
  );

  it('takes http:// on a loopback address, and wants a client id', () => {
    expect(loadConfig({ ...base(), ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...base(), ...oidc, OIDC_ISSUER: 'http://localhost:9000' }).oidc?.issuer).toBe('http://localhost:9000');
    expect(() => loadConfig({ ...base(), OIDC_ISSUER: 'https://idp.example.net' })).toThrow('OIDC_CLIENT_ID');
  });
});

describe('LDAP_*', () => {
  const ldap = { LDAP_URL: 'ldaps://dc1.example.net', LDAP_USER_BASE: 'OU=Staff,DC=example,DC=net' };

  it('reads the directory, its group DNs separated by ; and the default filter', () => {
    const config = loadConfig({
      ...base(),
      ...ldap,
      LDAP_ADMIN_GROUPS: 'CN=Switchyard Admins,OU=Groups,DC=example,DC=net; CN=Ops,OU=Groups,DC=example,DC=net',
      LDAP_BIND_PASSWORD: 'secret',
    });
    expect(config.ldap).toMatchObject({
      userFilter: '(uid={username})',
      startTls: false,
      bindPassword: 'secret',
      timeoutMs: 5000,
      roles: { admin: ['CN=Switchyard Admins,OU=Groups,DC=example,DC=net', 'CN=Ops,OU=Groups,DC=example,DC=net'], editor: [], viewer: [] },
    });
    expect(loadConfig(base()).ldap).toBeUndefined();
  });

  it.each([
    ['LDAP_URL', 'http://dc1.example.net'],
    ['LDAP_USER_BASE', ''],
    ['LDAP_USER_FILTER', '(uid=alice)'],
    ['LDAP_USER_FILTER', 'uid={username}'],
    ['LDAP_STARTTLS', 'maybe'],
    ['LDAP_STARTTLS', 'true'],
    ['LDAP_TIMEOUT_MS', '0'],
    ['LDAP_CA_FILE', '/nonexistent/ca.pem'],
  ])('stops the start on %s=%s with a line naming the variable', (variable, value) => {
    expect(() => loadConfig({ ...base(), ...ldap, [variable]: value })).toThrow(variable);
  });

  it('warns about ldap:// without StartTLS away from loopback', () => {
    const config = loadConfig({ ...base(), ...ldap, LDAP_URL: 'ldap://dc1.example.net', LDAP_VIEWER_GROUPS: 'cn=x' });
    expect(config.warnings.join('\n')).toMatch(/in the clear/);
    expect(loadConfig({ ...base(), ...ldap, LDAP_URL: 'ldap://dc1.example.net', LDAP_STARTTLS: 'true' }).ldap?.startTls).toBe(true);
  });
});
