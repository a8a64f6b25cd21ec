import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Spool } from './spool.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'agent-spool-')), 'spool.sqlite');

describe('the agent spool', () => {
  it('gives observations back in the order they came, and deletes only those acknowledged', () => {
    const spool = new Spool(fresh(), 1024 * 1024);
    for (const key of ['a', 'b', 'c']) spool.add(key, `{"key":"${key}"}`);
    const [first, second] = spool.oldest(2);
    expect([first.key, second.key]).toEqual(['a', 'b']);
    spool.acknowledge([second.seq], 0);
    expect(spool.oldest(10).map((entry) => entry.key)).toEqual(['a', 'c']);
    spool.close();
  });

  it('keeps what it holds across a reopen (a restart)', () => {
    const file = fresh();
    const spool = new Spool(file, 1024 * 1024);
    spool.add('kept', '{}');
    spool.close();
    const again = new Spool(file, 1024 * 1024);
    expect(again.oldest(10).map((entry) => entry.key)).toEqual(['kept']);
    again.close();
  });

  it('over its bound drops the oldest, counts them until a batch reports them, and keeps the newest', () => {
    const spool = new Spool(fresh(), 10_000);
    let dropped = 0;
    for (let index = 0; index < 20; index++) dropped += spool.add(`k${index}`, 'x'.repeat(1000));
    expect(dropped).toBe(11);
    expect(spool.dropped()).toBe(11);
    expect(spool.oldest(1)[0].key).toBe('k11');
    expect(spool.bytes()).toBeLessThanOrEqual(10_000);
    spool.acknowledge([], 11);
    expect(spool.dropped()).toBe(0);
    spool.close();
  });
});
