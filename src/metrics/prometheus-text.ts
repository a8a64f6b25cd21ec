// The Prometheus text exposition format, version 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/):
// written here rather than with prom-client, which costs ~3 MB of the 60 MB idle budget (docs/OPERATIONS.md, "Metrics").

/** The media type of a scrape's answer. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The labels of one series, by name. */
export type Labels = Readonly<Record<string, string>>;

/** One series of a counter or gauge. */
export interface Sample {
  labels?: Labels;
  value: number;
}

/** One series of a histogram: a count per bucket (not cumulative; the last one is +Inf's own), their sum and count. */
export interface HistogramSeries {
  labels?: Labels;
  counts: ArrayLike<number>;
  sum: number;
  count: number;
}

/** A counter or gauge family: its HELP and TYPE lines, then one line per sample. */
export function family(name: string, type: 'counter' | 'gauge', help: string, samples: readonly Sample[]): string {
  const lines = [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
  for (const sample of samples) lines.push(`${name}${labelText(sample.labels)} ${formatValue(sample.value)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A histogram family: per series, cumulative `_bucket` lines for each upper bound and le="+Inf" (equal to the
 * count), then `_sum` and `_count`. `bounds` ascend; each series has one count more than there are bounds.
 */
export function histogramFamily(name: string, help: string, bounds: readonly number[], series: readonly HistogramSeries[]): string {
  const lines = [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} histogram`];
  const les = [...bounds.map(formatValue), '+Inf'];
  for (const { labels, counts, sum, count } of series) {
    let cumulative = 0;
    les.forEach((le, index) => {
      cumulative += counts[index];
      lines.push(`${name}_bucket${labelText({ ...labels, le })} ${formatValue(cumulative)}`);
    });
    lines.push(`${name}_sum${labelText(labels)} ${formatValue(sum)}`, `${name}_count${labelText(labels)} ${formatValue(count)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A label value as the format quotes it: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}

// HELP text escapes backslash and line feed only.
function escapeHelp(text: string): string {
  return text.replace(/[\\\n]/g, (char) => (char === '\n' ? '\\n' : '\\\\'));
}

function labelText(labels: Labels | undefined): string {
  if (!labels) return '';
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabelValue(value)}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}
