// Pure formatting helpers of the UI: the range of a list page, dates and times, text on a VLAN's colour, and
// the values of an activity entry's changes.
import { LOCALE, formatNumber, t } from './messages.ts';

/** "1–100 of 2,000" for a page of a list. */
export function rangeText(offset: number, count: number, total: number, totalExact = true): string {
  const of = totalExact ? formatNumber(total) : t('pager.moreThan', { total: formatNumber(total) });
  if (total === 0 || count === 0) return t('pager.none', { total: of });
  return t('pager.range', { from: formatNumber(offset + 1), to: formatNumber(offset + count), total: of });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's local day and time of day as "2026-11-22 06:12". */
const isoLocal = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A timestamp as local date and time in the UI's language: "2026-11-22 06:12", in German "22.11.2026, 06:12". */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return LOCALE === 'en' ? isoLocal(d) : d.toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The time of day of a timestamp, "06:12:04". */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The local day of a timestamp as "YYYY-MM-DD", the key the activity timeline groups by. */
export function dayKey(iso: string): string {
  return isoLocal(new Date(iso)).slice(0, 10);
}

/** A day heading: "Today", "Yesterday" or "Mon, 2026-11-16" (in German "Mo., 16.11.2026"). */
export function dayLabel(key: string, now = new Date()): string {
  const today = dayKey(now.toISOString());
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000).toISOString());
  if (key === today) return t('day.today');
  if (key === yesterday) return t('day.yesterday');
  const day = new Date(`${key}T12:00:00`);
  const weekday = day.toLocaleDateString(LOCALE, { weekday: 'short' });
  const date = LOCALE === 'en' ? key : day.toLocaleDateString(LOCALE, { dateStyle: 'medium' });
  return t('day.other', { weekday, date });
}

/** Black or white, whichever reads better on the given background colour. */
export function textOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#000';
  const lin = (c: string) => {
    const v = parseInt(c, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin(m[1]!) + 0.7152 * lin(m[2]!) + 0.0722 * lin(m[3]!);
  return lum > 0.179 ? '#000000' : '#ffffff';
}

/** A port's PoE: its standard, with its maximum in watts in the user's locale ("802.3at 25.5 W", German "802.3at 25,5 W"). */
export function poeText(poe: { type: string; maxWatts: number | null } | null): string {
  if (!poe) return '';
  return poe.maxWatts === null ? poe.type : t('ports.poeWatts', { type: poe.type, watts: formatNumber(poe.maxWatts) });
}

/** A value of an activity entry's changes for display: null as "—", lists joined, objects as JSON. */
export function displayValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(displayValue).join(', ') : '—';
  if (typeof v === 'object') {
    const poe = v as { type?: unknown; maxWatts?: unknown };
    if (typeof poe.type === 'string' && (poe.maxWatts === null || typeof poe.maxWatts === 'number'))
      return poeText({ type: poe.type, maxWatts: poe.maxWatts });
    return JSON.stringify(v);
  }
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  // A fraction (a PoE budget of 25.5 W) with the locale's decimal mark; whole numbers (a VLAN, a unit) as they are.
  if (typeof v === 'number' && !Number.isInteger(v)) return formatNumber(v);
  return String(v);
}
