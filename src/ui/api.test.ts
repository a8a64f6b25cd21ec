import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityOf, deletePort, updatePort } from './api.ts';

/** A fetch whose answers come back when `release(path)` is called, in whatever order the test releases them. */
function heldFetch(answers: Record<string, () => Response>) {
  const waiting = new Map<string, () => void>();
  vi.stubGlobal('fetch', (url: string) => new Promise<Response>((resolve) => waiting.set(url, () => resolve(answers[url]!()))));
  return {
    release(url: string) {
      waiting.get(url)!();
    },
    get pending() {
      return waiting.size;
    },
  };
}

const json = (body: unknown, entryId?: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(entryId ? { 'Activity-Id': entryId } : {}) },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a change's activity entry", () => {
  it('is the one its own answer named, when two changes answer in the other order', async () => {
    const held = heldFetch({
      '/api/ports/a': () => json({ id: 'a', name: '1' }, 'entry-of-a'),
      '/api/ports/b': () => json({ id: 'b', name: '2' }, 'entry-of-b'),
    });
    const first = updatePort('a', { description: 'x' });
    const second = updatePort('b', { description: 'y' });
    await vi.waitFor(() => expect(held.pending).toBe(2));
    held.release('/api/ports/b');
    held.release('/api/ports/a');
    const [a, b] = await Promise.all([first, second]);
    expect(activityOf(a)).toBe('entry-of-a');
    expect(activityOf(b)).toBe('entry-of-b');
  });

  it('is named by an answer without a body (204) too', async () => {
    const held = heldFetch({ '/api/ports/c': () => new Response(null, { status: 204, headers: { 'Activity-Id': 'entry-of-c' } }) });
    const deleted = deletePort('c');
    await vi.waitFor(() => expect(held.pending).toBe(1));
    held.release('/api/ports/c');
    expect(activityOf(await deleted)).toBe('entry-of-c');
  });

  it('is undefined when the change wrote none, and for what no change answered', async () => {
    const held = heldFetch({ '/api/ports/d': () => json({ id: 'd', name: '4' }) });
    const unchanged = updatePort('d', {});
    await vi.waitFor(() => expect(held.pending).toBe(1));
    held.release('/api/ports/d');
    const answer = await unchanged;
    expect(activityOf(answer)).toBeUndefined();
    expect(activityOf({ ...answer })).toBeUndefined();
    expect(activityOf(undefined)).toBeUndefined();
  });
});
