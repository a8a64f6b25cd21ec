import { describe, expect, it } from 'vitest';
import { escapeFilterValue, userFilterOf } from './ldap-filter.ts';

describe('RFC 4515 escaping', () => {
  it.each([
    ['jdoe', 'jdoe'],
    ['*', '\\2a'],
    ['*)(uid=*', '\\2a\\29\\28uid=\\2a'],
    ['a\\b', 'a\\5cb'],
    ['nul\0', 'nul\\00'],
    ['Jörg', 'Jörg'],
  ])('escapes %j as %j', (value, escaped) => {
    expect(escapeFilterValue(value)).toBe(escaped);
  });

  it('fills every {username} of a template', () => {
    expect(userFilterOf('(|(uid={username})(mail={username}))', 'x*')).toBe('(|(uid=x\\2a)(mail=x\\2a))');
  });
});
