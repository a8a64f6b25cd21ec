// RFC 4515: a value put into an LDAP search filter, escaped so that it matches itself and nothing else (the
// characters *, (, ), \ and NUL, which would widen or end the filter, as \2a, \28, \29, \5c, \00). Non-ASCII
// characters stay as they are (UTF-8 on the wire, which RFC 4515 allows).

/** `value` escaped for an LDAP filter's assertion value. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A filter template (`(uid={username})`) with each {username} replaced by `username`, escaped. */
export function userFilterOf(template: string, username: string): string {
  return template.replaceAll('{username}', escapeFilterValue(username));
}
