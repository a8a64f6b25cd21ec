// An OpenLDAP server (Debian's slapd) for the tests of directory sign-in (issue 41): started by the test on 127.0.0.1
// with a temporary slapd.conf and database, the memberof overlay on, and a small directory: people, a service account
// that searches, and groups whose members the test may change (memberOf follows, as Active Directory's does). Its start
// waits at most 15 s for the port; stop() ends the process it started (by its own pid).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { NEEDS } from './needs.ts';

/** slapd (and slapadd beside it) from Debian's package. */
export const SLAPD = '/usr/sbin/slapd';
export const SLAPD_NEED = NEEDS.slapd;

export const BASE = 'dc=example,dc=org';
export const ROOT_DN = `cn=admin,${BASE}`;
export const ROOT_PASSWORD = 'root secret of the test directory';
export const SERVICE_DN = `cn=switchyard,ou=services,${BASE}`;
export const SERVICE_PASSWORD = 'service secret of the test directory';
export const PEOPLE = `ou=people,${BASE}`;
export const GROUPS = `ou=groups,${BASE}`;
export const group = (name: string) => `cn=${name},${GROUPS}`;
export const person = (uid: string) => `uid=${uid},${PEOPLE}`;

/** The people of the test directory, their passwords and the groups they are in. */
export const LDAP_PEOPLE: Record<string, { password: string; groups: string[] }> = {
  alice: { password: 'alice password', groups: ['sy-admins'] },
  bob: { password: 'bob password', groups: ['sy-editors'] },
  carol: { password: 'carol password', groups: ['sy-viewers'] },
  dave: { password: 'dave password', groups: ['staff'] },
};

export interface TestSlapd {
  url: string;
  port: number;
  /** With `tls`: the ldaps:// URL (the ldap:// one takes StartTLS) and the CA's PEM file that signed the server's certificate. */
  ldapsUrl?: string;
  caFile?: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Moves `uid` out of group `from` into group `to` (memberOf follows through the overlay). */
  move(uid: string, from: string, to: string): Promise<void>;
}

/** The environment a Switchyard server needs for this directory. */
export function ldapEnv(url: string): Record<string, string> {
  return {
    LDAP_URL: url,
    LDAP_BIND_DN: SERVICE_DN,
    LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    LDAP_USER_BASE: PEOPLE,
    LDAP_ADMIN_GROUPS: group('sy-admins'),
    LDAP_EDITOR_GROUPS: group('sy-editors'),
    LDAP_VIEWER_GROUPS: `${group('sy-viewers')};${group('other-viewers')}`,
    LDAP_TIMEOUT_MS: '3000',
  };
}

/** Starts slapd with the test directory; with `tls`, a CA of its own signs its certificate for 127.0.0.1 (openssl). */
export async function startSlapd(options: { tls?: boolean } = {}): Promise<TestSlapd> {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-slapd-'));
  mkdirSync(join(dir, 'db'));
  const tls = options.tls ? makeCertificates(dir) : undefined;
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      `pidfile ${join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'moduleload memberof',
      'database mdb',
      `suffix "${BASE}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw "${ROOT_PASSWORD}"`,
      `directory ${join(dir, 'db')}`,
      'maxsize 10485760',
      ...(tls ? [`TLSCACertificateFile ${tls.ca}`, `TLSCertificateFile ${tls.cert}`, `TLSCertificateKeyFile ${tls.key}`] : []),
      'overlay memberof',
      'memberof-refint TRUE',
      // Passwords: only binds compare them. Everything else: readable by a bound user (the service account), not anonymously.
      'access to attrs=userPassword by anonymous auth by self write by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const ldif = [
    `dn: ${BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example`,
    `dn: ou=people,${BASE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${BASE}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: ou=services,${BASE}\nobjectClass: organizationalUnit\nou: services`,
    `dn: ${SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: switchyard\nuserPassword: ${SERVICE_PASSWORD}`,
    ...Object.entries(LDAP_PEOPLE).map(
      ([uid, p]) =>
        `dn: ${person(uid)}\nobjectClass: inetOrgPerson\nuid: ${uid}\ncn: ${uid[0].toUpperCase()}${uid.slice(1)} Example\n` +
        `sn: Example\ndisplayName: ${uid[0].toUpperCase()}${uid.slice(1)} Example\nuserPassword: ${p.password}`,
    ),
  ].join('\n\n');
  writeFileSync(join(dir, 'data.ldif'), `${ldif}\n`);
  const added = spawnSync('/usr/sbin/slapadd', ['-f', conf, '-l', join(dir, 'data.ldif')], { encoding: 'utf8', timeout: 30_000 });
  if (added.status !== 0) throw new Error(`slapadd failed: ${added.stderr}`);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const tlsPort = tls ? await freePort() : undefined;
  const ldapsUrl = tlsPort ? `ldaps://127.0.0.1:${tlsPort}` : undefined;
  let child: ChildProcess | undefined;
  let output = '';

  async function start() {
    const listen = ldapsUrl ? `${url}/ ${ldapsUrl}/` : `${url}/`;
    child = spawn(SLAPD, ['-f', conf, '-h', listen, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await waitForPort(port, 15_000, () => output);
    if (tlsPort) await waitForPort(tlsPort, 15_000, () => output);
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((done) => running.once('exit', () => done()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  await asRoot(url, async (client) => {
    // Groups are added live, so that the memberof overlay writes each member's memberOf.
    const names = new Set(['sy-admins', 'sy-editors', 'sy-viewers', 'other-viewers', 'staff']);
    for (const name of names) {
      const members = Object.entries(LDAP_PEOPLE)
        .filter(([, p]) => p.groups.includes(name))
        .map(([uid]) => person(uid));
      // The root DN is a member of each, so that a group the test empties stays a valid groupOfNames.
      await client.add(group(name), { objectClass: 'groupOfNames', cn: name, member: [ROOT_DN, ...members] });
    }
  });
  return {
    url,
    port,
    ldapsUrl,
    caFile: tls?.ca,
    start,
    stop,
    async move(uid, from, to) {
      await asRoot(url, async (client) => {
        const member = (operation: 'add' | 'delete') =>
          new Change({ operation, modification: new Attribute({ type: 'member', values: [person(uid)] }) });
        await client.modify(group(to), [member('add')]);
        await client.modify(group(from), [member('delete')]);
      });
    },
  };
}

async function asRoot(url: string, work: (client: Client) => Promise<void>) {
  const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
  try {
    await client.bind(ROOT_DN, ROOT_PASSWORD);
    await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** A CA and a server certificate for 127.0.0.1 signed by it, made with the openssl command (bounded in time). */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(dir, name);
  const run = (args: string[]) => {
    const result = spawnSync('openssl', args, { encoding: 'utf8', timeout: 30_000 });
    if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
  };
  writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Switchyard test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr')]);
  run([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('ext.cnf'),
    '-out',
    file('server.pem'),
  ]);
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`slapd did not listen on 127.0.0.1:${port} within ${timeoutMs} ms:\n${output()}`);
}
