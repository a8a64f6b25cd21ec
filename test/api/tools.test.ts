import { describe, expect, it } from 'vitest';
import { SUBNET_INFO_10_0_10_0_24 } from '../fixtures/subnet-info.ts';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

// GET /api/tools/subnet: the subnet calculator, for any signed-in user.

const server = useTestServer();
const tokens = useSignedInUsers(server, { viewer: 'vi' });
const { call } = server.as(() => tokens.viewer);
const subnet = (query: string) => call('GET', `/api/tools/subnet?${query}`);

describe('the subnet calculator', () => {
  it('describes an IPv4 subnet to a viewer', async () => {
    const answer = await subnet('cidr=10.0.10.0/24');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(SUBNET_INFO_10_0_10_0_24);
  });

  it('clears host bits and splits into smaller prefixes', async () => {
    const answer = await subnet(`cidr=${encodeURIComponent('192.168.1.77/24')}&split=26`);
    expect(answer.body).toMatchObject({
      cidr: '192.168.1.0/24',
      split: { prefix: 26, total: 4, subnets: ['192.168.1.0/26', '192.168.1.64/26', '192.168.1.128/26', '192.168.1.192/26'] },
    });
  });

  it('describes an IPv6 subnet with counts as text, and lists 256 of a large split with the total', async () => {
    const answer = await subnet(`cidr=${encodeURIComponent('2001:db8::/48')}&split=64`);
    expect(answer.body).toMatchObject({
      network: '2001:db8::',
      broadcast: null,
      mask: 'ffff:ffff:ffff::',
      lastHost: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
      size: '1208925819614629174706176',
      hostCount: '1208925819614629174706175',
      split: { prefix: 64, total: 65536 },
    });
    expect(answer.body.split.subnets).toHaveLength(256);
    expect(answer.body.split.subnets.at(-1)).toBe('2001:db8:0:ff::/64');
  });

  const bad: [string, string, string][] = [
    ['no cidr', '', 'cidr'],
    ['an address without prefix', 'cidr=10.0.0.1', 'cidr'],
    ['a prefix too long', 'cidr=10.0.0.0/33', 'cidr'],
    ['not an address', 'cidr=router/24', 'cidr'],
    ['a split shorter than the prefix', 'cidr=10.0.0.0/24&split=16', 'split'],
    ['a split past 32 for IPv4', 'cidr=10.0.0.0/24&split=33', 'split'],
    ['a split that is no number', 'cidr=10.0.0.0/24&split=half', 'split'],
  ];
  it.each(bad)('refuses %s (400 naming %s)', async (_what, query, field) => {
    const answer = await subnet(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', details: [{ field }] });
  });

  it('answers 401 without a token', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/tools/subnet?cidr=10.0.0.0/24')).status).toBe(401);
  });
});
