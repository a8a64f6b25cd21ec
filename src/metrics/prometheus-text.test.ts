import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { escapeLabelValue, family, histogramFamily } from './prometheus-text.ts';

// An independent reader of the format (a devDependency without types of its own).
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => ParsedFamily[];
interface ParsedFamily {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
}

describe('a counter or gauge family', () => {
  it('has HELP and TYPE lines and one line per sample, as a Prometheus parser reads them', () => {
    const parsed = parse(
      family('jobs_total', 'counter', 'Jobs done.', [
        { labels: { kind: 'a' }, value: 3 },
        { labels: { kind: 'b' }, value: 0 },
      ]) + family('temperature', 'gauge', 'Now.', [{ value: -1.5 }]),
    );
    expect(parsed).toEqual([
      {
        name: 'jobs_total',
        help: 'Jobs done.',
        type: 'COUNTER',
        metrics: [
          { labels: { kind: 'a' }, value: '3' },
          { labels: { kind: 'b' }, value: '0' },
        ],
      },
      { name: 'temperature', help: 'Now.', type: 'GAUGE', metrics: [{ value: '-1.5' }] },
    ]);
  });

  it('escapes backslash, double quote and line feed in label values, which a parser reads back unchanged', () => {
    const nasty = 'C:\\dir\\"file"\nnext';
    expect(escapeLabelValue(nasty)).toBe('C:\\\\dir\\\\\\"file\\"\\nnext');
    const [parsed] = parse(family('odd', 'gauge', 'Odd labels.', [{ labels: { path: nasty }, value: 1 }]));
    expect(parsed.metrics[0].labels).toEqual({ path: nasty });
  });

  it('escapes backslash and line feed in HELP text', () => {
    expect(family('x', 'gauge', 'one \\ two\nthree', [])).toContain('# HELP x one \\\\ two\\nthree\n');
    expect(parse(family('x', 'gauge', 'one \\ two\nthree', [{ value: 1 }]))[0].help).toBe('one \\ two\nthree');
  });

  it('writes NaN and the infinities as the format spells them', () => {
    const text = family('x', 'gauge', 'Specials.', [
      { labels: { v: 'nan' }, value: Number.NaN },
      { labels: { v: 'inf' }, value: Infinity },
      { labels: { v: '-inf' }, value: -Infinity },
    ]);
    expect(text.split('\n').slice(2, 5)).toEqual(['x{v="nan"} NaN', 'x{v="inf"} +Inf', 'x{v="-inf"} -Inf']);
  });
});

describe('a histogram family', () => {
  const bounds = [0.1, 1];

  it('has cumulative buckets, le="+Inf" equal to the count, then _sum and _count, as a Prometheus parser reads them', () => {
    const [parsed] = parse(histogramFamily('latency_seconds', 'Latency.', bounds, [{ counts: [2, 0, 3], sum: 7.5, count: 5 }]));
    expect(parsed).toEqual({
      name: 'latency_seconds',
      help: 'Latency.',
      type: 'HISTOGRAM',
      metrics: [{ buckets: { '0.1': '2', '1': '2', '+Inf': '5' }, sum: '7.5', count: '5' }],
    });
  });

  it('writes each labelled series whole, its labels before le', () => {
    const text = histogramFamily('latency_seconds', 'Latency.', bounds, [
      { labels: { route: '/a' }, counts: [1, 1, 0], sum: 0.6, count: 2 },
      { labels: { route: '/b' }, counts: [0, 0, 1], sum: 3, count: 1 },
    ]);
    expect(text.split('\n').slice(2, -1)).toEqual([
      'latency_seconds_bucket{route="/a",le="0.1"} 1',
      'latency_seconds_bucket{route="/a",le="1"} 2',
      'latency_seconds_bucket{route="/a",le="+Inf"} 2',
      'latency_seconds_sum{route="/a"} 0.6',
      'latency_seconds_count{route="/a"} 2',
      'latency_seconds_bucket{route="/b",le="0.1"} 0',
      'latency_seconds_bucket{route="/b",le="1"} 0',
      'latency_seconds_bucket{route="/b",le="+Inf"} 1',
      'latency_seconds_sum{route="/b"} 3',
      'latency_seconds_count{route="/b"} 1',
    ]);
  });
});
