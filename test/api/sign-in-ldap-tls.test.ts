// Directory sign-in over TLS (issue 41): ldaps:// and StartTLS against slapd with a certificate for 127.0.0.1 signed
// by a CA of the test's own, trusted through LDAP_CA_FILE; without it the certificate is refused and the directory
// counts as unreachable (the service never talks to a directory it cannot verify).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawApi } from '../helpers/http.ts';
import { describeNeeding, NEEDS, systemTool } from '../helpers/needs.ts';
import { useTestServer } from '../helpers/server.ts';
import { LDAP_PEOPLE, ldapEnv, startSlapd, type TestSlapd } from '../helpers/slapd.ts';

const OPENSSL = systemTool('openssl', 'apt-get install openssl');

describeNeeding([NEEDS.slapd, OPENSSL], 'sign-in against an LDAP directory over TLS', () => {
  let slapd: TestSlapd | undefined;
  const envs = { ldaps: {}, startTls: {}, untrusted: {} } as Record<string, Record<string, string>>;
  beforeAll(async () => {
    slapd = await startSlapd({ tls: true });
    Object.assign(envs.ldaps, ldapEnv(slapd.ldapsUrl!), { LDAP_CA_FILE: slapd.caFile! });
    Object.assign(envs.startTls, ldapEnv(slapd.url), { LDAP_STARTTLS: 'true', LDAP_CA_FILE: slapd.caFile! });
    Object.assign(envs.untrusted, ldapEnv(slapd.ldapsUrl!));
  }, 60_000);
  afterAll(() => slapd?.stop());

  const login = (baseUrl: string, username: string) =>
    rawApi(baseUrl, 'POST', '/api/auth/login', { body: { username, password: LDAP_PEOPLE[username].password } });

  describe('ldaps:// with LDAP_CA_FILE', () => {
    const server = useTestServer({ env: envs.ldaps });
    it('signs a directory user in', async () => {
      const answer = await login(server.baseUrl, 'alice');
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ role: 'admin', signIn: 'ldap' });
    });
  });

  describe('ldap:// with LDAP_STARTTLS=true and LDAP_CA_FILE', () => {
    const server = useTestServer({ env: envs.startTls });
    it('signs a directory user in', async () => {
      const answer = await login(server.baseUrl, 'bob');
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ role: 'editor', signIn: 'ldap' });
    });
  });

  describe('ldaps:// without the CA', () => {
    const server = useTestServer({ env: envs.untrusted });
    it('refuses the certificate: the directory is unreachable, and local users still sign in', async () => {
      const answer = await login(server.baseUrl, 'alice');
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('directory_unavailable');
      expect(server.logs()).toMatch(/certificate/i);
    });
  });
});
