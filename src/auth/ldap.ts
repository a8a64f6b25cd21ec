// Sign-in against an LDAP directory or Active Directory (issue 41), with ldapts: the service account (or an
// anonymous bind) searches the user by the filter, with the username escaped (RFC 4515); the groups are read from
// the user's memberOf, or searched under LDAP_GROUP_BASE by member; then the password is checked by a bind as the
// user's DN. An empty password is refused before any bind (a simple bind with a DN and no password is an
// unauthenticated bind, which many directories let through). Connecting and each operation are bounded in time; a
// directory that cannot be reached is an LdapUnavailable, which leaves local sign-in working.
import { Client, InvalidCredentialsError } from 'ldapts';
import type { LdapConfig } from '../boot/config.ts';
import { escapeFilterValue, userFilterOf } from '../lib/ldap-filter.ts';
import { LdapUnavailable } from './sign-in-failures.ts';

/** A user of the directory whose password checked out. */
export interface LdapUser {
  dn: string;
  /** The entry's own name (uid, sAMAccountName), else the name typed. */
  username: string;
  displayName: string | null;
  /** The DNs of its groups. */
  groups: string[];
}

/** The directory's sign-in. */
export interface Ldap {
  readonly config: LdapConfig;
  /** The user when the directory knows `username` with `password`; undefined when not (or for an empty password). */
  authenticate(username: string, password: string): Promise<LdapUser | undefined>;
}

const USER_ATTRIBUTES = ['uid', 'sAMAccountName', 'cn', 'displayName', 'memberOf'];

/** The directory sign-in for `config`; one connection per sign-in, closed after it. */
export function createLdap(config: LdapConfig): Ldap {
  const tlsOptions = { ...(config.ca ? { ca: config.ca } : {}), minVersion: 'TLSv1.2' as const };
  return {
    config,
    async authenticate(username, password) {
      if (password === '' || username === '') return undefined;
      // tlsOptions only for ldaps:// (ldapts connects with TLS whenever it is given them); StartTLS takes its own.
      const secure = config.url.startsWith('ldaps:') ? { tlsOptions } : {};
      const client = new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.timeoutMs, ...secure });
      try {
        // The certificate is checked against the URL's host: the upgraded socket would otherwise be checked as localhost's.
        if (config.startTls) await client.startTLS({ ...tlsOptions, host: new URL(config.url).hostname.replace(/^\[|\]$/g, '') });
        if (config.bindDn) await client.bind(config.bindDn, config.bindPassword ?? '');
        const { searchEntries } = await client.search(config.userBase, {
          scope: 'sub',
          filter: userFilterOf(config.userFilter, username),
          attributes: USER_ATTRIBUTES,
          sizeLimit: 2,
        });
        // None, or more than one: the name does not name one user.
        if (searchEntries.length !== 1) return undefined;
        const entry = searchEntries[0];
        const groups = config.groupBase ? await groupsByMember(client, config.groupBase, entry.dn) : values(entry.memberOf);
        try {
          await client.bind(entry.dn, password);
        } catch (error) {
          if (error instanceof InvalidCredentialsError) return undefined;
          throw error;
        }
        const own = values(entry.uid)[0] ?? values(entry.sAMAccountName)[0] ?? username;
        return { dn: entry.dn, username: own, displayName: values(entry.displayName)[0] ?? values(entry.cn)[0] ?? null, groups };
      } catch (error) {
        if (error instanceof LdapUnavailable) throw error;
        throw new LdapUnavailable(`the directory ${config.url} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await client.unbind().catch(() => undefined);
      }
    },
  };
}

async function groupsByMember(client: Client, base: string, dn: string): Promise<string[]> {
  const member = escapeFilterValue(dn);
  const { searchEntries } = await client.search(base, {
    scope: 'sub',
    filter: `(|(member=${member})(uniqueMember=${member}))`,
    attributes: ['dn'],
    sizeLimit: 1000,
  });
  return searchEntries.map((group) => group.dn);
}

function values(attribute: unknown): string[] {
  const list = Array.isArray(attribute) ? attribute : attribute === undefined ? [] : [attribute];
  return list.map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value)));
}
