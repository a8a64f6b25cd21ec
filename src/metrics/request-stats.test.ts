import { describe, expect, it } from 'vitest';
import { createRequestStats, LATENCY_BOUNDS_S, observe, UNMATCHED_ROUTE } from './request-stats.ts';

describe('the request counts', () => {
  it('count answers by status and put a latency on a bound in that bound’s bucket (le is inclusive)', () => {
    const stats = createRequestStats().forRoute('GET', '/api/sites/:id');
    observe(stats, 200, LATENCY_BOUNDS_S[0]);
    observe(stats, 200, LATENCY_BOUNDS_S[0] + 1e-9);
    observe(stats, 404, 60);
    expect(Object.fromEntries(stats.byStatus)).toEqual({ 200: 2, 404: 1 });
    expect(stats.buckets[0]).toBe(1);
    expect(stats.buckets[1]).toBe(1);
    expect(stats.buckets[LATENCY_BOUNDS_S.length]).toBe(1);
    expect([stats.count, stats.sumSeconds]).toEqual([3, 60 + 2 * LATENCY_BOUNDS_S[0] + 1e-9]);
  });

  it('give one set of counts per route and method, made once', () => {
    const requests = createRequestStats();
    expect(requests.forRoute('GET', '/api/sites')).toBe(requests.forRoute('GET', '/api/sites'));
    expect(requests.forRoute('POST', '/api/sites')).not.toBe(requests.forRoute('GET', '/api/sites'));
  });

  it('count unmatched requests as route "other", and a method no route uses as OTHER', () => {
    const requests = createRequestStats();
    expect(requests.unmatched('DELETE')).toMatchObject({ route: UNMATCHED_ROUTE, method: 'DELETE' });
    expect(requests.unmatched('PROPFIND')).toMatchObject({ route: UNMATCHED_ROUTE, method: 'OTHER' });
    expect(requests.unmatched('PROPFIND')).toBe(requests.unmatched('BREW'));
    expect(requests.all().every((stats) => stats.route === UNMATCHED_ROUTE)).toBe(true);
  });
});
