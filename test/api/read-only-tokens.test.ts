// Read-only API tokens with an expiry (issue 43): an admin's read-only token reads as a viewer and changes nothing,
// on every route (test/reliability/role-matrix.test.ts runs the whole route table with one); an expired token is 401.
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, TEST_SECRET, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
let readOnly: { id: string; token: string };
let siteId: string;

beforeAll(async () => {
  siteId = (await server.make('/api/sites', { name: 'Read-only HQ' })).id;
  const made = await server.call('POST', '/api/tokens', { body: { name: 'ansible', readOnly: true, expiresInDays: 30 } });
  expect(made.status).toBe(201);
  readOnly = { id: made.body.id, token: made.body.token };
});

describe('making a read-only token', () => {
  it('answers and lists readOnly and expiresAt', async () => {
    const list = await server.must(200, 'GET', '/api/tokens');
    const listed = list.items.find((item: { id: string }) => item.id === readOnly.id);
    expect(listed).toMatchObject({ name: 'ansible', readOnly: true, lastUsedAt: null });
    const days = (Date.parse(listed.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The token itself expires when the list says it does.
    expect(decodeJwt(readOnly.token).exp).toBe(Math.floor(Date.parse(listed.expiresAt) / 1000));
    const plain = await server.make('/api/tokens', { name: 'full' });
    expect(plain).toMatchObject({ readOnly: false, expiresAt: null });
  });

  it.each([
    ['a string', { name: 'x', readOnly: 'yes' }, 'readOnly'],
    ['a number', { name: 'x', readOnly: 1 }, 'readOnly'],
    ['an expiry of 0 days', { name: 'x', readOnly: true, expiresInDays: 0 }, 'expiresInDays'],
  ])('refuses readOnly or expiry as %s (400)', async (_what, body, field) => {
    const answer = await server.call('POST', '/api/tokens', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((fault: { field: string }) => fault.field)).toEqual([field]);
  });
});

describe("an admin's read-only token", () => {
  const asReadOnly = () => server.as(() => readOnly.token);

  it.each([
    ['POST', '/api/sites', { name: 'Not made' }],
    ['PATCH', '/api/sites/:site', { description: 'not changed' }],
    ['DELETE', '/api/sites/:site', undefined],
    ['POST', '/api/users', { username: 'nobody', password: 'correct horse battery', role: 'admin' }],
    ['DELETE', '/api/tokens/:token', undefined],
    ['PATCH', '/api/auth/me', { displayName: 'Not me' }],
  ])('refuses %s %s with 403 forbidden', async (method, path, body) => {
    const filled = path.replace(':site', siteId).replace(':token', readOnly.id);
    const answer = await asReadOnly().call(method, filled, { body });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/read-only/) });
  });

  it('changed nothing', async () => {
    expect((await server.must(200, 'GET', `/api/sites/${siteId}`)).description).toBeNull();
    expect((await server.must(200, 'GET', '/api/tokens')).items.some((item: { id: string }) => item.id === readOnly.id)).toBe(true);
    expect((await server.must(200, 'GET', '/api/users')).items.map((user: { username: string }) => user.username)).toEqual(['admin']);
  });

  it("reads what a viewer reads, and not what only its owner's role may, even once the owner read it", async () => {
    expect((await asReadOnly().call('GET', `/api/sites/${siteId}`)).status).toBe(200);
    expect((await asReadOnly().call('GET', '/api/inventory/ansible')).status).toBe(200);
    // The admin's answer is in the read cache now: the read-only token of the same user is still refused.
    expect((await server.call('GET', '/api/users')).status).toBe(200);
    const users = await asReadOnly().call('GET', '/api/users');
    expect(users.status).toBe(403);
    expect(users.body.error.code).toBe('forbidden');
    expect((await asReadOnly().call('GET', '/api/backup/export')).status).toBe(403);
  });
});

describe('an expired API token', () => {
  // The token's own claims, signed as the server signs them, with an expiry in the past or the future.
  const signedFor = (tokenId: string, expiresAtS: number) =>
    new SignJWT({ ver: 1, tid: tokenId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(server.userId)
      .setIssuedAt(expiresAtS - 7200)
      .setExpirationTime(expiresAtS)
      .sign(new TextEncoder().encode(TEST_SECRET));

  it('is refused with 401 unauthorized, where the same token unexpired reads', async () => {
    const now = Math.floor(Date.now() / 1000);
    const valid = await api(server.baseUrl, 'GET', '/api/sites', { token: await signedFor(readOnly.id, now + 3600) });
    expect(valid.status).toBe(200);
    const expired = await api(server.baseUrl, 'GET', '/api/sites', { token: await signedFor(readOnly.id, now - 60) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('unauthorized');
  });
});
