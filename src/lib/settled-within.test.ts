import { describe, expect, it } from 'vitest';
import { settledWithin } from './settled-within.ts';

describe('waiting for work in flight at a stop', () => {
  it('returns once every piece has settled, failed ones too', async () => {
    const order: string[] = [];
    const quick = new Promise((done) => setTimeout(() => done(order.push('quick')), 10));
    const failing = Promise.reject(new Error('down'));
    await settledWithin([quick, failing, undefined], 5_000);
    expect(order).toEqual(['quick']);
  });

  it('gives up on work that hangs after the grace period', async () => {
    const started = Date.now();
    await settledWithin([new Promise(() => {})], 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
