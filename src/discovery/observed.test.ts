import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './observed.ts';

describe('a message without the secrets of the credentials', () => {
  it('blanks a v2c community, and a per-VLAN community given with it', () => {
    const text = 'community campus-ro and campus-ro@20 refused';
    expect(withoutSecrets(text, { version: '2c', community: 'campus-ro' }, ['campus-ro@20'])).toBe('community *** and *** refused');
  });

  it('blanks both v3 keys, the longer first, so that a key inside the other leaves nothing of it', () => {
    const credentials = {
      version: '3',
      user: 'netops',
      authProtocol: 'sha',
      authKey: 'secret-12',
      privProtocol: 'aes',
      privKey: 'secret-12-priv',
    } as const;
    expect(withoutSecrets('keys secret-12-priv / secret-12 for netops', credentials)).toBe('keys *** / *** for netops');
  });

  it('leaves texts under three characters, which would blank common words', () => {
    expect(withoutSecrets('no answer', { version: '2c', community: 'no' })).toBe('no answer');
  });
});
