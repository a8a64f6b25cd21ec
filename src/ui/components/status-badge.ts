// A switch's status as a small coloured label (the word carries the meaning, not only the colour).
import { html } from '../html.ts';
import type { Switch } from '../api-types.ts';
import { t } from '../messages.ts';

/** active / planned / offline / retired. */
export function StatusBadge(p: { status: Switch['status'] }) {
  return html`<span class=${`badge status-${p.status}`}>${t(`status.${p.status}`)}</span>`;
}
