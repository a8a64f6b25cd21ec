// scripts/build.ts: its command line, and server bundles that import nothing but Node's own modules.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build, parseArgs, SERVER_ENTRIES } from '../../scripts/build.ts';
import { DeviceError } from '../../src/discovery/observed.ts';
import { runProcess } from '../helpers/server.ts';
import { isLdapUnavailable } from '../../src/auth/sign-in-failures.ts';
import { freeUdpPort } from '../discovery/snmpsim.ts';

/** A TCP port on 127.0.0.1 that nothing listens on (taken and let go). */
async function closedTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const tmp = mkdtempSync(join(tmpdir(), 'switchyard-build-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('scripts/build.ts', () => {
  it('reads ui, server and --outdir from the command line', () => {
    expect(parseArgs([])).toEqual({});
    expect(parseArgs(['ui'])).toEqual({ server: false });
    expect(parseArgs(['server', '--outdir', '/tmp/x'])).toEqual({ ui: false, outDir: '/tmp/x' });
    expect(parseArgs(['--outdir=/tmp/y'])).toEqual({ outDir: '/tmp/y' });
    expect(() => parseArgs(['--watch'])).toThrow(/unknown argument/);
    expect(() => parseArgs(['--outdir='])).toThrow(/needs a directory/);
  });

  it('bundles server, migrate, backup and the SNMP reader into self-contained ESM files', { timeout: 60_000 }, async () => {
    expect(SERVER_ENTRIES).toEqual({
      server: 'src/server.ts',
      migrate: 'src/cli/migrate.ts',
      backup: 'src/cli/backup.ts',
      discovery: 'src/discovery/read-switch.ts',
      netbox: 'src/import/netbox-devicetype.ts',
      ssh: 'src/discovery/ssh-config.ts',
      agent: 'src/agent/main.ts',
      oidc: 'src/auth/oidc.ts',
      ldap: 'src/auth/ldap.ts',
    });
    const result = await build({ ui: false, outDir: join(tmp, 'dist') });
    expect(result.ui).toBeUndefined();
    expect(result.serverFiles.map((f) => basename(f))).toEqual([
      'server.js',
      'migrate.js',
      'backup.js',
      'discovery.js',
      'netbox.js',
      'ssh.js',
      'agent.js',
      'oidc.js',
      'ldap.js',
    ]);
    // The server loads the readers beside it at run time, and carries none of net-snmp or yaml itself.
    const server = readFileSync(join(tmp, 'dist', 'server.js'), 'utf8');
    expect(server).toMatch(/["']\.\/discovery\.js["']/);
    expect(server).not.toContain('net-snmp');
    expect(server).toMatch(/["']\.\/netbox\.js["']/);
    expect(server).not.toContain('node_modules/yaml/');
    expect(server).toMatch(/["']\.\/ssh\.js["']/);
    expect(server).not.toContain('node_modules/ssh2/');
    // Nor openid-client or ldapts: the single sign-on clients are loaded only when configured (issue 41).
    expect(server).toMatch(/["']\.\/oidc\.js["']/);
    expect(server).toMatch(/["']\.\/ldap\.js["']/);
    expect(server).not.toContain('node_modules/openid-client/');
    expect(server).not.toContain('node_modules/ldapts/');
    const { createOidc } = await import(join(tmp, 'dist', 'oidc.js'));
    expect(typeof createOidc).toBe('function');
    const { createLdap } = await import(join(tmp, 'dist', 'ldap.js'));
    const ldap = createLdap({
      url: 'ldap://127.0.0.1:1',
      startTls: false,
      userBase: 'dc=x',
      userFilter: '(uid={username})',
      roles: {},
      timeoutMs: 500,
    });
    // The bundle's LdapUnavailable is known to the server's copy by name.
    expect(isLdapUnavailable(await ldap.authenticate('someone', 'a password').catch((error: unknown) => error))).toBe(true);
    // The reader bundle reads on its own; its DeviceError is known to the server's copy by name and kind.
    const { readSwitch } = await import(join(tmp, 'dist', 'discovery.js'));
    const silent = readSwitch(
      { host: '127.0.0.1', port: await freeUdpPort() },
      { version: '2c', community: 'public' },
      { requestTimeoutMs: 300, retries: 0, deadlineMs: 2000 },
    );
    const failure = await silent.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).not.toBeInstanceOf(DeviceError);
    expect(DeviceError.is(failure) && failure.kind).toBe('timeout');
    const { templateFromNetbox } = await import(join(tmp, 'dist', 'netbox.js'));
    expect(templateFromNetbox('manufacturer: Acme\nmodel: S1\ninterfaces:\n  - name: ge-0/0/1\n    type: 1000base-t\n')).toMatchObject({
      ok: true,
      template: { vendor: 'Acme', model: 'S1' },
    });
    // The SSH bundle runs on plain Node (no test runner's __dirname) without ssh2's native addons: a closed port is
    // refused, as from the source tree.
    const sshBundle = pathToFileURL(join(tmp, 'dist', 'ssh.js')).href;
    const fetched = await runProcess([
      '--input-type=module',
      '-e',
      `const { fetchRunningConfig } = await import(${JSON.stringify(sshBundle)});
       const target = { host: '127.0.0.1', port: ${await closedTcpPort()} };
       await fetchRunningConfig(target, { username: 'u', password: 'p' }, 'cisco-ios', { deadlineMs: 2000, maxBytes: 1000 }).then(
         () => console.log('fetched'),
         (error) => console.log(error.name, error.kind, error.message),
       );`,
    ]);
    expect(fetched.output).toMatch(/^DeviceError error The switch refused the connection/m);
    for (const file of result.serverFiles) {
      const code = readFileSync(file, 'utf8');
      const specifiers = [...code.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
        (m) => m[1] ?? m[2],
      );
      const dynamic = [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
      const required = [...code.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
      expect({ file, outside: [...specifiers, ...dynamic, ...required].filter((s) => !s.startsWith('node:')) }).toEqual({
        file,
        outside: [],
      });
    }
    expect(JSON.parse(readFileSync(join(tmp, 'dist', 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  });
});
