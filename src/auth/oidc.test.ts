import { describe, expect, it } from 'vitest';
import { groupsOf } from './oidc.ts';

describe('the groups of a claim', () => {
  it.each([
    [{ groups: ['a', 'b', 3] }, 'groups', ['a', 'b']],
    [{ groups: 'only' }, 'groups', ['only']],
    [{ realm_access: { roles: ['admins'] } }, 'realm_access.roles', ['admins']],
    [{ 'https://example.net/groups': ['x'] }, 'https://example.net/groups', ['x']],
    [{}, 'groups', undefined],
    [{ groups: { not: 'a list' } }, 'groups', undefined],
  ])('reads %j by %s', (claims, claim, groups) => {
    expect(groupsOf(claims, claim)).toEqual(groups);
  });
});
