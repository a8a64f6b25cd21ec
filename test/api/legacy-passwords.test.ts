// The users of a 0.20.x data directory keep their bcrypt passwords: the real server migrates a copy of the
// fixture ezSWM 0.20.3 wrote (../shared/fixtures/ezswm-0.20.3, its README names the passwords), each user signs
// in with its old password, and that sign-in rewrites the stored hash as scrypt; a wrong password changes
// nothing. A restore with ?users=replace takes bcrypt hashes by the same rule as the migration.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { comparable, exportDocument } from '../helpers/data.ts';
import { TEST_PASSWORD, api, freshDataDir, startServer, useTestServer, type TestServer } from '../helpers/server.ts';

const FIXTURE = join(SHARED_FIXTURES, 'ezswm-0.20.3');
/** The passwords the fixture's README gives. */
const PASSWORDS = { campus_admin: 'Campus-Admin-2025!', helpdesk: 'Helpdesk-Neu-2026' };
/** helpdesk's password before it changed it (0.20.3 kept only the new one's hash). */
const FIRST_HELPDESK_PASSWORD = 'Helpdesk-Start-1';
// campus_admin's hash in users.json, for the restore tests, which do not need the fixture.
const CAMPUS_ADMIN_HASH = '$2b$10$AA1QfB3PbDX6ym4m7MZTy.4ASCeoh1ZghI0yd4.iMBtTt72oXVDlu';
const SCRYPT = /^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/;

/** A fresh data directory holding a copy of the fixture's thirteen files. */
function fixtureCopy(dir = freshDataDir()): string {
  for (const name of readdirSync(FIXTURE).filter((file) => file.endsWith('.json'))) cpSync(join(FIXTURE, name), join(dir, name));
  return dir;
}

/** The fixture's users.json hashes, by username. */
function fixtureHashes(): Record<string, string> {
  const users = JSON.parse(readFileSync(join(FIXTURE, 'users.json'), 'utf8')) as { username: string; password_hash: string }[];
  return Object.fromEntries(users.map((user) => [user.username, user.password_hash]));
}

function login(baseUrl: string, username: string, password: string) {
  return api(baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
}

/** The stored password hashes by username, as the backup export holds them. */
async function storedHashes(baseUrl: string, token: string): Promise<Record<string, string>> {
  const doc = await exportDocument(baseUrl, token);
  return Object.fromEntries(doc.data.users.map((user: any) => [user.username, user.passwordHash]));
}

describeNeeding([sharedFixture('ezswm-0.20.3')], 'the users of the real 0.20.3 data directory, migrated at the first start', () => {
  let server: TestServer;
  let adminToken: string;
  const original = existsSync(FIXTURE) ? fixtureHashes() : {};

  beforeAll(async () => {
    server = await startServer({ dataDir: fixtureCopy() });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are there: no first-run setup, two users migrated and none skipped', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/auth/status')).body).toMatchObject({ setupRequired: false, user: null });
    expect(server.logs()).toContain('legacy migration: users migrated count=2');
    expect(server.logs()).not.toContain('user not migrated');
    expect(original.campus_admin).toMatch(/^\$2b\$10\$/);
    expect(original.helpdesk).toMatch(/^\$2b\$10\$/);
  });

  it('signs campus_admin in with its 0.20.3 password as an admin with its name and language; its hash is scrypt now', async () => {
    const answer = await login(server.baseUrl, 'campus_admin', PASSWORDS.campus_admin);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.user).toMatchObject({ username: 'campus_admin', role: 'admin', displayName: 'Campus Admin', language: 'en' });
    adminToken = answer.body.token;
    const hashes = await storedHashes(server.baseUrl, adminToken);
    expect(hashes.campus_admin).toMatch(SCRYPT);
    expect(hashes.helpdesk).toBe(original.helpdesk);
  });

  it('refuses helpdesk with a wrong password and with the one it had before, and leaves its bcrypt hash as it was', async () => {
    for (const password of ['wrong-password-1', FIRST_HELPDESK_PASSWORD, PASSWORDS.campus_admin, `${PASSWORDS.helpdesk} `]) {
      const answer = await login(server.baseUrl, 'helpdesk', password);
      expect(answer.status, password).toBe(401);
      expect(answer.body.error.code).toBe('invalid_credentials');
    }
    expect((await storedHashes(server.baseUrl, adminToken)).helpdesk).toBe(original.helpdesk);
  });

  it('signs helpdesk in as a German viewer; the rewritten hash verifies the same password, and no other', async () => {
    const first = await login(server.baseUrl, 'helpdesk', PASSWORDS.helpdesk);
    expect(first.status, first.text).toBe(200);
    expect(first.body.user).toMatchObject({ role: 'viewer', displayName: 'Helpdesk IT-Service (nur lesen)', language: 'de' });
    const rewritten = (await storedHashes(server.baseUrl, adminToken)).helpdesk;
    expect(rewritten).toMatch(SCRYPT);
    expect((await login(server.baseUrl, 'helpdesk', PASSWORDS.helpdesk)).status).toBe(200);
    expect((await login(server.baseUrl, 'helpdesk', FIRST_HELPDESK_PASSWORD)).status).toBe(401);
    // Written once: a scrypt hash of the cost written now is kept at the next sign-in.
    expect((await storedHashes(server.baseUrl, adminToken)).helpdesk).toBe(rewritten);
    expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: first.body.token })).status).toBe(200);
  });

  it('keeps the user as it was otherwise: the session the rewrite happened in works, version and updatedAt unchanged', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token: adminToken })).status).toBe(200);
    const users = (await api(server.baseUrl, 'GET', '/api/users', { token: adminToken })).body.items;
    expect(users.find((user: any) => user.username === 'helpdesk')).toMatchObject({
      createdAt: '2026-11-23T02:43:42.537Z',
      updatedAt: '2026-11-23T02:44:01.776Z',
      lastLoginAt: expect.any(String),
    });
    const doc = await exportDocument(server.baseUrl, adminToken);
    expect(doc.data.users.map((user: any) => [user.username, user.version])).toEqual([
      ['campus_admin', 1],
      ['helpdesk', 1],
    ]);
  });

  it('links the 0.20.3 activity entries to campus_admin, who made them all', async () => {
    const me = (await api(server.baseUrl, 'GET', '/api/auth/me', { token: adminToken })).body;
    const entries = (await api(server.baseUrl, 'GET', '/api/activity?limit=500', { token: adminToken })).body.items;
    const legacy = entries.filter((entry: any) => entry.action !== 'migrate');
    expect(legacy).toHaveLength(162);
    for (const entry of legacy) expect(entry).toMatchObject({ userId: me.id, username: 'campus_admin' });
  });
});

describeNeeding([sharedFixture('ezswm-0.20.3')], 'a 0.20.3 user whose username an existing user has', () => {
  // The first admin was made before the files were put next to the database: users do not count as data.
  const server = useTestServer({ admin: 'campus_admin' });
  beforeAll(async () => {
    await server.restart({ between: (dataDir) => void fixtureCopy(dataDir) });
  });

  it('is skipped and named in the log; the existing user keeps its password, the other 0.20.3 user signs in', async () => {
    expect(server.logs()).toContain('legacy migration: user not migrated, the username is taken by an existing user username=campus_admin');
    expect(server.logs()).toContain('legacy migration: users migrated count=1');
    expect((await login(server.baseUrl, 'campus_admin', PASSWORDS.campus_admin)).status).toBe(401);
    expect((await login(server.baseUrl, 'campus_admin', TEST_PASSWORD)).status).toBe(200);
    expect((await login(server.baseUrl, 'helpdesk', PASSWORDS.helpdesk)).status).toBe(200);
    // Its entries name it but link to nobody: the user of that name now is another.
    const entries = (await server.call('GET', '/api/activity?limit=500')).body.items.filter((entry: any) => entry.action !== 'migrate');
    expect(entries).toHaveLength(162);
    for (const entry of entries) expect(entry).toMatchObject({ userId: null, username: 'campus_admin' });
  });
});

describe('POST /api/backup/import?users=replace with bcrypt hashes of 0.20.x', () => {
  const server = useTestServer();
  // A restore with users=replace ends every token issued before it: the admin signs in again after each.
  let token: string;
  let doc: any;
  let index: number;

  beforeAll(async () => {
    token = server.token;
    const made = await server.call('POST', '/api/users', { body: { username: 'old_viewer', password: TEST_PASSWORD, role: 'viewer' } });
    expect(made.status, made.text).toBe(201);
    doc = await exportDocument(server.baseUrl, token);
    index = doc.data.users.findIndex((user: any) => user.username === 'old_viewer');
  });

  async function restore(passwordHash: string) {
    const body = structuredClone(doc);
    body.data.users[index].passwordHash = passwordHash;
    const answer = await api(server.baseUrl, 'POST', '/api/backup/import?users=replace', { token, body });
    if (answer.status === 200) token = (await login(server.baseUrl, 'admin', TEST_PASSWORD)).body.token;
    return answer;
  }

  const tail = CAMPUS_ADMIN_HASH.slice(7);
  it.each([
    ['cost 13', `$2b$13$${tail}`],
    ['cost 31', `$2b$31$${tail}`],
    ['cost 03', `$2b$03$${tail}`],
    ['$2x$', `$2x$10$${tail}`],
    ['52 characters of salt and hash', CAMPUS_ADMIN_HASH.slice(0, -1)],
    ['a hash whose unused bits are set', `${CAMPUS_ADMIN_HASH.slice(0, -1)}v`],
  ])('refuses a bcrypt hash of %s with 400 naming the field, and changes nothing', async (_, passwordHash) => {
    const before = await exportDocument(server.baseUrl, token);
    const answer = await restore(passwordHash);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toEqual([
      { field: `data.users[${index}].passwordHash`, message: expect.stringContaining('$2a$, $2b$, $2y$ with a cost from 04 to 12') },
    ]);
    expect(comparable(await exportDocument(server.baseUrl, token))).toEqual(comparable(before));
  });

  it.each([
    ['$2b$', CAMPUS_ADMIN_HASH],
    ['$2a$', CAMPUS_ADMIN_HASH.replace('$2b$', '$2a$')],
    ['$2y$', CAMPUS_ADMIN_HASH.replace('$2b$', '$2y$')],
  ])('takes a %s hash of 0.20.x; its user signs in with the old password, which rewrites it', async (_, passwordHash) => {
    const answer = await restore(passwordHash);
    expect(answer.status, answer.text).toBe(200);
    expect((await storedHashes(server.baseUrl, token)).old_viewer).toBe(passwordHash);
    expect((await login(server.baseUrl, 'old_viewer', TEST_PASSWORD)).status).toBe(401);
    expect((await storedHashes(server.baseUrl, token)).old_viewer).toBe(passwordHash);
    const signedIn = await login(server.baseUrl, 'old_viewer', PASSWORDS.campus_admin);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user).toMatchObject({ username: 'old_viewer', role: 'viewer' });
    expect((await storedHashes(server.baseUrl, token)).old_viewer).toMatch(SCRYPT);
  });
});
