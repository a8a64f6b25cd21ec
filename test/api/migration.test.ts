// GET /api/migration: the last migration of 0.20.x files with every value it fixed, for any signed-in user; 404 in
// the contract's shape when no migration happened. The real 0.20.3 directory's summary: test/legacy/fixes-where-they-happened.test.ts.
import { describe, expect, it } from 'vitest';
import { sampleDataDir, signInSampleAdmin } from '../legacy/helpers.ts';
import { api, useTestServer, userWithRole } from '../helpers/server.ts';

describe('GET /api/migration without a migration', () => {
  const server = useTestServer();

  it('answers 404 not_found in the error shape', async () => {
    const answer = await server.call('GET', '/api/migration');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'not_found', message: 'No such migration.' } });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/migration')).status).toBe(401);
  });
});

describe('GET /api/migration after the migration of the 0.20.x sample', () => {
  const server = useTestServer({ dataDir: sampleDataDir, admin: false });

  it('answers a viewer the time, the counts and every fix the log names, each with its record or its file', async () => {
    const admin = await signInSampleAdmin(server.baseUrl);
    const viewer = await userWithRole(server.baseUrl, admin, 'vera', 'viewer');
    const answer = await api(server.baseUrl, 'GET', '/api/migration', { token: viewer.token });
    expect(answer.status, answer.text).toBe(200);
    const logged = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('legacy migration: value fixed'));
    expect(answer.body.fixes).toHaveLength(logged.length);
    expect(answer.body.counts.sites).toBeGreaterThan(0);
    const port = answer.body.fixes.find((fix: { field: string }) => fix.field === 'ports[3].access_vlan');
    expect(port).toMatchObject({ kind: 'port', file: 'switches.json', from: 190, to: null, parentName: 'access-2' });
    expect(port.recordPath).toMatch(/^\/switches\/[0-9a-f-]{36}\?port=[0-9a-f-]{36}$/);
  });
});
