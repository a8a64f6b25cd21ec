// Issue 33, finding 2: a NetBox device-type file is read on the event loop, so POST /api/templates/import holds it
// to limits (NETBOX_FILE_LIMITS) that keep the reading well under 100 ms; a hostile file is refused in bounded time.
import { describe, expect, it } from 'vitest';
import { NETBOX_FILE_LIMITS } from '../../src/import/netbox-limits.ts';
import { useTestServer } from '../helpers/server.ts';

const HEAD = 'manufacturer: Acme\nmodel: Hostile\n';

/** The attacker's file: a few kB of anchors, each a list aliasing the one before it many times. */
function aliasBomb(): string {
  const anchors = Array.from({ length: 30 }, (_, i) => `a${i + 1}: &a${i + 1} [${`*a${i}, `.repeat(20)}]`);
  return `${HEAD}a0: &a0 [x, x]\n${anchors.join('\n')}\ninterfaces: *a30\n`;
}

/** A bomb of few aliases: each level names the one before ten times (10^6 nodes at the last). */
function expandingBomb(): string {
  const levels = Array.from({ length: 6 }, (_, i) => `l${i + 1}: &l${i + 1} [${`*l${i}, `.repeat(10)}]`);
  return `${HEAD}l0: &l0 [x]\n${levels.join('\n')}\ninterfaces: [*l6]\n`;
}

/** The finding's shape: one interface aliased `count` times, each alias making the old reader walk the whole file. */
function manyAliases(count: number): string {
  return `${HEAD}vlan: &vlan {name: vlan1, type: virtual}\ninterfaces: [${'*vlan, '.repeat(count)}{name: Gi1, type: 1000base-t}]\n`;
}

describe('POST /api/templates/import refuses a hostile file in bounded time', () => {
  const server = useTestServer();
  const importYaml = (text: string) =>
    server.call('POST', '/api/templates/import?dryRun=true', { raw: text, headers: { 'content-type': 'application/yaml' } });
  const bodyRefused = (message: RegExp) => ({
    error: {
      code: 'validation_failed',
      message: expect.any(String),
      details: [{ field: 'body', message: expect.stringMatching(message) }],
    },
  });

  it('answers the alias bomb with 400 validation_failed naming the aliases', async () => {
    const bomb = aliasBomb();
    expect(bomb.length).toBeLessThan(4096);
    const answer = await importYaml(bomb);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual(bodyRefused(new RegExp(`^uses more than ${NETBOX_FILE_LIMITS.aliases} aliases`)));
  });

  it('answers a bomb of few aliases with 400 naming the nodes it would expand to', async () => {
    const answer = await importYaml(expandingBomb());
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual(bodyRefused(new RegExp(`^has more than ${NETBOX_FILE_LIMITS.nodes} lists, mappings and values`)));
  });

  it('answers the finding’s file (20,000 aliases, 140 kB) with 413 naming the limit, and one under the limit with 400', async () => {
    const finding = await importYaml(manyAliases(20_000));
    expect(finding.status, finding.text).toBe(413);
    expect(finding.body).toEqual({
      error: { code: 'payload_too_large', message: `The body is larger than ${NETBOX_FILE_LIMITS.bytes} bytes.` },
    });
    const smaller = manyAliases(9_000);
    expect(smaller.length).toBeLessThan(NETBOX_FILE_LIMITS.bytes);
    const answer = await importYaml(smaller);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual(bodyRefused(/^(uses more than \d+ aliases|holds more than \d+ YAML tokens)/));
  });

  it('answers lists nested 10,000 deep with 400 naming the depth, again and again, and keeps serving', async () => {
    // Sent twice, this 20 kB file made V8 abort the server process (a regular expression compiled at the stack's end).
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await importYaml(`${'- '.repeat(10_000)}1\n`));
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toEqual(bodyRefused(new RegExp(`^nests lists and mappings more than ${NETBOX_FILE_LIMITS.depth} deep`)));
    }
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });
});
