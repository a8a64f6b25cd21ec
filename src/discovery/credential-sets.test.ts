import '../boot/silence-sqlite-warning.ts';
import { describe, expect, it } from 'vitest';
import { de } from '../ui/messages-de.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { saveCredentialSet } from '../db/polling.ts';
import { MIGRATIONS } from '../db/test-rows.ts';
import { Refusal } from '../errors/refusal.ts';
import { ERROR_FORMS, fillForm } from '../lib/message-forms.ts';
import { credentialSetSecrets, sealCredentialSet } from './credential-sets.ts';
import { credentialKey } from './credentials.ts';

// A credential set's secrets open with the key they were sealed with, and only with it.

const ID = '0b7c3a52-5d1e-4c39-9a57-1f0f6b1c2d3e';

function databaseWithSet(secret: string) {
  const db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  const sealed = sealCredentialSet(credentialKey(secret), { version: '2c', community: 'c0mmunity' }, ID);
  const at = '2026-12-07T10:00:00.000Z';
  saveCredentialSet(db, {
    id: ID,
    name: 'Campus RO',
    version: '2c',
    details: '{}',
    ...sealed,
    allowed_hosts: '[]',
    created_at: at,
    updated_at: at,
  });
  return db;
}

describe('the secrets of a credential set', () => {
  it('open with the key they were sealed with', () => {
    const db = databaseWithSet('s'.repeat(64));
    expect(credentialSetSecrets(db, credentialKey('s'.repeat(64)), ID)).toEqual({ version: '2c', community: 'c0mmunity' });
  });

  it('are refused as credentials_unreadable, worded in English and German, when APP_JWT_SECRET changed since', () => {
    const db = databaseWithSet('s'.repeat(64));
    let refusal: unknown;
    try {
      credentialSetSecrets(db, credentialKey('t'.repeat(64)), ID);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'credentials_unreadable', params: { set: 'Campus RO' } });
    expect((refusal as Refusal).message).toBe(fillForm(ERROR_FORMS.credentials_unreadable, { set: 'Campus RO' }));
    expect(fillForm(de['serverError.credentials_unreadable'], { set: 'Campus RO' })).toContain('Campus RO');
  });
});
