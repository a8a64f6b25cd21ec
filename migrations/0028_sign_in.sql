-- 0028: single sign-on (issue 41): how each user signs in, and whether local passwords still sign in everyone.
--
-- users.sign_in: local (a password kept here), oidc (an OpenID Connect provider) or ldap (a directory). An OIDC
-- user is linked by (oidc_issuer, oidc_subject), never by a name that could be reused; an LDAP user by its
-- ldap_dn (the entry's DN as the directory spells it, compared without case). An external user's password_hash
-- is '!', which no password verifies: the password form never signs it in against this table.
ALTER TABLE users ADD COLUMN sign_in TEXT NOT NULL DEFAULT 'local' CHECK (sign_in IN ('local', 'oidc', 'ldap'));
ALTER TABLE users ADD COLUMN oidc_issuer TEXT CHECK (oidc_issuer IS NULL OR length(oidc_issuer) BETWEEN 1 AND 2000);
ALTER TABLE users ADD COLUMN oidc_subject TEXT CHECK (oidc_subject IS NULL OR length(oidc_subject) BETWEEN 1 AND 255);
ALTER TABLE users ADD COLUMN ldap_dn TEXT COLLATE NOCASE CHECK (ldap_dn IS NULL OR length(ldap_dn) BETWEEN 1 AND 2000);
CREATE UNIQUE INDEX users_oidc_identity ON users(oidc_issuer, oidc_subject) WHERE oidc_issuer IS NOT NULL;
CREATE UNIQUE INDEX users_ldap_dn ON users(ldap_dn) WHERE ldap_dn IS NOT NULL;

-- One row: local_sign_in is 'everyone' (the default) or 'admins' (local password sign-in only for admins: the
-- break-glass account keeps working while everybody else signs in through the provider or the directory).
CREATE TABLE sign_in_settings (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  local_sign_in TEXT NOT NULL DEFAULT 'everyone' CHECK (local_sign_in IN ('everyone', 'admins')),
  updated_at    TEXT
);
INSERT INTO sign_in_settings (id) VALUES (1);
