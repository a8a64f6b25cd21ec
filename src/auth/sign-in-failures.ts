// Why a sign-in through the OpenID Connect provider or the directory failed. The clients (oidc.ts, ldap.ts) are
// bundles of their own in the release (dist/oidc.js, dist/ldap.js, loaded only when configured), each with its own
// copy of these classes: the routes recognise them by name, never by instanceof.

/** Why a sign-in through the provider failed, as the callback's page says it. */
export type OidcFailureReason = 'state' | 'provider_error' | 'token' | 'unreachable';

/** A failed sign-in through the provider: `reason` picks the page's words, the message goes to the log. */
export class OidcFailure extends Error {
  readonly reason: OidcFailureReason;
  constructor(reason: OidcFailureReason, message: string) {
    super(message);
    this.name = 'OidcFailure';
    this.reason = reason;
  }
}

/** The directory cannot be reached or answered an error: local sign-in goes on. */
export class LdapUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LdapUnavailable';
  }
}

/** Whether `error` is an OidcFailure (of any bundle). */
export function isOidcFailure(error: unknown): error is OidcFailure {
  return error instanceof Error && error.name === 'OidcFailure' && typeof (error as OidcFailure).reason === 'string';
}

/** Whether `error` is an LdapUnavailable (of any bundle). */
export function isLdapUnavailable(error: unknown): error is LdapUnavailable {
  return error instanceof Error && error.name === 'LdapUnavailable';
}
