-- 0025: read-only API tokens (issue 43): a token made with readOnly has viewer rights whatever its owner's role, so
-- that an inventory source (Ansible, Oxidized) never holds an admin's power. http/access.ts alone enforces it.
ALTER TABLE api_tokens ADD COLUMN read_only INTEGER NOT NULL DEFAULT 0 CHECK (read_only IN (0, 1));
