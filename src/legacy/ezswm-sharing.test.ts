import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entriesOf, newContext } from './context.ts';
import { checkSharing, remapSharing, topologyLayoutRecords } from './ezswm-sharing.ts';

// public-tokens.json and topology-layouts.json as 0.20.x wrote them, mapped onto public links and topology
// positions: what is kept, what is dropped with a fix, what is a fault, and that a token never reaches a fix.

const NOW = '2026-11-23T10:00:00.000Z';
const TOKEN = 'zKsz5L8ltFHgiE2TauKCOjziMsnjd5kQ';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A context in which the sites `north`, `south` and the switches `sw-n` (north) and `sw-s` (south) exist. */
function check(tokens: unknown[], layouts: unknown) {
  const ctx = newContext(NOW);
  ctx.ids.sites.set('north', 'site-north');
  ctx.ids.sites.set('south', 'site-south');
  ctx.ids.switches.set('sw-n', 'new-n');
  ctx.ids.switches.set('sw-s', 'new-s');
  const layoutRecords = topologyLayoutRecords(layouts);
  if ('fault' in layoutRecords) throw new Error(layoutRecords.fault.reason);
  const entries = {
    tokens: entriesOf(ctx, 'public-tokens', 'public-tokens.json', tokens),
    layouts: entriesOf(ctx, 'topology-layouts', 'topology-layouts.json', layoutRecords.records),
  };
  const switches = [
    { id: 'new-n', siteId: 'site-north' },
    { id: 'new-s', siteId: 'site-south' },
  ];
  return { ctx, ...checkSharing(ctx, entries, switches) };
}

const token = (fields: object) => ({
  id: 'tok1',
  switch_id: 'sw-n',
  token: TOKEN,
  created_at: '2026-11-23T02:43:52.232Z',
  revoked_at: null,
  last_access_at: null,
  ...fields,
});

describe('public-tokens.json', () => {
  it('keeps an active token as the SHA-256 of its value, with its dates and its switch remapped', () => {
    const { publicLinks, ctx } = check([token({ last_access_at: '2026-11-23T02:43:52.416Z' })], {});
    expect(ctx.faults).toEqual([]);
    expect(ctx.fixes).toEqual([]);
    expect(publicLinks).toEqual([
      {
        id: expect.any(String),
        legacyId: 'tok1',
        legacySwitchId: 'sw-n',
        switchId: 'new-n',
        tokenHash: sha(TOKEN),
        createdAt: '2026-11-23T02:43:52.232Z',
        lastAccessAt: '2026-11-23T02:43:52.416Z',
      },
    ]);
  });

  it.each<[string, object, string, string]>([
    ['a revoked token', { revoked_at: '2026-11-23T02:43:52.356Z' }, 'revoked_at', 'revoked'],
    ['a token of a deleted switch', { switch_id: 'acc-test' }, 'switch_id', 'does not exist'],
    ['a token without a switch', { switch_id: null }, 'switch_id', 'names no switch'],
    ['a token too short', { token: 'abc' }, 'token', 'is no token'],
    ['a token with a space', { token: `${TOKEN.slice(1)} ` }, 'token', 'is no token'],
    ['a token that is a number', { token: 42 }, 'token', 'is no token'],
    ['no token', { token: undefined }, 'token', 'is no token'],
  ])('does not migrate %s: a fix names it, without the token', (_name, fields, field, reason) => {
    const { publicLinks, ctx } = check([token(fields)], {});
    expect(publicLinks).toEqual([]);
    expect(ctx.faults).toEqual([]);
    expect(ctx.fixes).toEqual([
      expect.objectContaining({ file: 'public-tokens.json', id: 'tok1', field, to: null, reason: expect.stringContaining(reason) }),
    ]);
    expect(JSON.stringify(ctx.fixes)).not.toContain(TOKEN.slice(1, 20));
  });

  it('migrates a token once when two records hold it', () => {
    const { publicLinks, ctx } = check([token({}), token({ id: 'tok2' })], {});
    expect(publicLinks.map((link) => link.legacyId)).toEqual(['tok1']);
    expect(ctx.fixes).toEqual([
      expect.objectContaining({ id: 'tok2', field: 'token', from: null, reason: expect.stringContaining('tok1') }),
    ]);
  });

  it.each([
    ['a record that is not an object', ['text'], ''],
    ['a record without an id', [{ switch_id: 'sw-n', token: TOKEN }], 'id'],
  ])('refuses %s (a fault: the file has the wrong shape)', (_name, records, field) => {
    const { ctx } = check(records, {});
    expect(ctx.faults).toEqual([expect.objectContaining({ file: 'public-tokens.json', field })]);
  });

  it('counts the fields it does not know as dropped', () => {
    const { ctx } = check([token({ label: 'front door' })], {});
    expect([...ctx.dropped.values()]).toEqual([{ file: 'public-tokens.json', field: 'label', count: 1 }]);
  });
});

describe('topology-layouts.json', () => {
  const layout = (positions: object, site = 'north') => ({ [site]: { node_positions: positions, updated_at: NOW } });

  it("keeps each position of a switch of the layout's site, ids remapped", () => {
    const { topologyPositions, ctx } = check([], layout({ 'sw-n': { x: 300, y: 60.5 } }));
    expect(ctx.faults).toEqual([]);
    expect(ctx.fixes).toEqual([]);
    expect(topologyPositions).toEqual([
      { legacySiteId: 'north', legacySwitchId: 'sw-n', siteId: 'site-north', switchId: 'new-n', x: 300, y: 60.5 },
    ]);
  });

  it.each<[string, object, string]>([
    ['a switch that was deleted', { gone: { x: 1, y: 2 } }, 'does not exist'],
    ['a switch of another site', { 'sw-s': { x: 1, y: 2 } }, 'another site'],
    ['a position without y', { 'sw-n': { x: 1 } }, 'is no position'],
    ['a position in text', { 'sw-n': { x: '1', y: '2' } }, 'is no position'],
    ['a position out of range', { 'sw-n': { x: 1e9, y: 0 } }, 'is no position'],
    ['a position that is a number', { 'sw-n': 5 }, 'is no position'],
  ])('drops the position of %s with a fix', (_name, positions, reason) => {
    const { topologyPositions, ctx } = check([], layout(positions));
    expect(topologyPositions).toEqual([]);
    expect(ctx.faults).toEqual([]);
    expect(ctx.fixes).toEqual([
      expect.objectContaining({
        file: 'topology-layouts.json',
        id: 'north',
        field: `node_positions.${Object.keys(positions)[0]}`,
        to: null,
        reason: expect.stringContaining(reason),
      }),
    ]);
  });

  it('names the layout of a site that does not exist, and migrates none of its positions', () => {
    const { topologyPositions, ctx } = check([], layout({ 'sw-n': { x: 1, y: 2 } }, 'deleted-site'));
    expect(topologyPositions).toEqual([]);
    expect(ctx.fixes).toEqual([
      expect.objectContaining({ id: 'deleted-site', field: 'id', reason: expect.stringContaining('1 positions') }),
    ]);
  });

  it('takes a layout without positions as empty', () => {
    const { topologyPositions, ctx } = check([], { north: { node_positions: {}, updated_at: NOW }, south: { updated_at: NOW } });
    expect([topologyPositions, ctx.faults, ctx.fixes]).toEqual([[], [], []]);
  });

  it.each([
    ['node_positions that are a list', { north: { node_positions: [] } }, 'node_positions'],
    ['a layout that is text', { north: 'x' }, ''],
  ])('refuses %s (a fault)', (_name, layouts, field) => {
    const { ctx } = check([], layouts);
    expect(ctx.faults).toEqual([expect.objectContaining({ file: 'topology-layouts.json', field })]);
  });

  it.each([
    ['an array', [], 'an array'],
    ['null', null, 'null'],
    ['a number', 3, 'a number'],
  ])('refuses a file that is %s', (_name, content, shape) => {
    const answer = topologyLayoutRecords(content);
    expect(answer).toEqual({ fault: expect.objectContaining({ file: 'topology-layouts.json', reason: expect.stringContaining(shape) }) });
  });

  it('reads a missing file as no layouts', () => {
    expect(topologyLayoutRecords(undefined)).toEqual({ records: [] });
  });
});

describe('remapSharing (the merge)', () => {
  const link = {
    id: 'l1',
    legacyId: 'tok1',
    legacySwitchId: 'sw-n',
    switchId: 'doc-sw',
    tokenHash: sha(TOKEN),
    createdAt: NOW,
    lastAccessAt: null,
  };
  const position = { legacySiteId: 'north', legacySwitchId: 'sw-n', siteId: 'doc-site', switchId: 'doc-sw', x: 1, y: 2 };
  const ids = { sites: new Map([['doc-site', 'merged-site']]), switches: new Map([['doc-sw', 'merged-sw']]) };
  const created = { newSwitchName: () => 'sw-new', storedSwitchName: () => undefined, hasPosition: () => false };
  const stored = { newSwitchName: () => undefined, storedSwitchName: () => 'sw-stored', hasPosition: () => true };

  it('gives the link of a switch the merge creates no token of the file, and names that in a fix', () => {
    const fixes: unknown[][] = [];
    const merged = remapSharing({ publicLinks: [link], topologyPositions: [position] }, ids, created, (...fix) => fixes.push(fix));
    expect(merged).toEqual({
      publicLinks: [{ id: 'l1', legacyId: 'tok1', switchId: 'merged-sw' }],
      topologyPositions: [{ ...position, siteId: 'merged-site', switchId: 'merged-sw' }],
    });
    expect(JSON.stringify(merged)).not.toContain(sha(TOKEN));
    expect(fixes).toEqual([['public-tokens.json', 'tok1', 'token', null, expect.stringContaining('"sw-new" gets a new random token')]]);
  });

  it('makes no link to a stored switch and keeps its stored position, each with a fix', () => {
    const fixes: unknown[][] = [];
    const merged = remapSharing({ publicLinks: [link], topologyPositions: [position] }, ids, stored, (...fix) => fixes.push(fix));
    expect(merged).toEqual({ publicLinks: [], topologyPositions: [] });
    expect(fixes).toEqual([
      ['public-tokens.json', 'tok1', 'switch_id', 'sw-n', expect.stringContaining('names the stored switch "sw-stored"')],
      ['topology-layouts.json', 'north', 'node_positions.sw-n', { x: 1, y: 2 }, expect.stringContaining('keeps that one')],
    ]);
  });

  it('makes at most 50 links to one new switch, naming each one more in a fix', () => {
    const links = Array.from({ length: 52 }, (_, i) => ({ ...link, id: `l${i}`, legacyId: `tok${i}` }));
    const fixes: unknown[][] = [];
    const merged = remapSharing({ publicLinks: links, topologyPositions: [] }, ids, created, (...fix) => fixes.push(fix));
    expect(merged.publicLinks).toHaveLength(50);
    expect(fixes.filter((fix) => fix[2] === 'switch_id').map((fix) => fix[1])).toEqual(['tok50', 'tok51']);
  });
});
