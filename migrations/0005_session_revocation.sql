-- 0005: sign-out ends the session it signs out, and a restore cannot bring a revoked token back.

-- Session tokens carry a random id (jti); signing out lists it here until the token would have expired anyway.
CREATE TABLE revoked_sessions (
  id          TEXT PRIMARY KEY,
  expires_at  INTEGER NOT NULL  -- seconds since the epoch, the token's own exp
) WITHOUT ROWID;

-- The highest token_version any user ever had. A restore with users=replace gives every restored user a
-- version above it, so no token issued before (revoked by a password change, or of a deleted user) works again.
CREATE TABLE token_versions (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  highest  INTEGER NOT NULL
);
INSERT INTO token_versions (id, highest) SELECT 1, coalesce(max(token_version), 1) FROM users;

CREATE TRIGGER token_versions_on_user_insert AFTER INSERT ON users BEGIN
  UPDATE token_versions SET highest = max(highest, NEW.token_version) WHERE id = 1;
END;
CREATE TRIGGER token_versions_on_user_update AFTER UPDATE OF token_version ON users BEGIN
  UPDATE token_versions SET highest = max(highest, NEW.token_version) WHERE id = 1;
END;
