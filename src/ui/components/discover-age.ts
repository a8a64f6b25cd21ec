// How long ago a switch was read: "just now", "10 minutes ago", "3 days ago" in the UI's language (the last
// discovery of a switch, where search saw a MAC or IP address, when a MAC table entry was seen).
import { html } from '../html.ts';
import { formatDateTime } from '../format.ts';
import { LOCALE, t } from '../messages.ts';

/** Each unit and how many of the one before make one of it. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['month', 30],
  ['year', 12],
];

/** A timestamp as the time since it: "just now" under a minute, else "10 minutes ago" (Intl's words). */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  let amount = (now - then) / 1000;
  if (amount < 60) return t('age.justNow');
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [next, size] of STEPS) {
    if (amount < size) break;
    amount /= size;
    unit = next;
  }
  const format = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
  return format.format(-Math.floor(amount), unit);
}

/** The time since `iso` in a <time> element whose title is the date and time. */
export function Age(p: { iso: string }) {
  return html`<time datetime=${p.iso} title=${formatDateTime(p.iso)}>${timeAgo(p.iso)}</time>`;
}
