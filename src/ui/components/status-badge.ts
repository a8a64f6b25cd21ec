// A switch's status as a small coloured label (the word carries the meaning, not only the colour).
import { html } from '../html.ts';

/** active / planned / offline / retired. */
export function StatusBadge(p: { status: string }) {
  return html`<span class=${`badge status-${p.status}`}>${p.status}</span>`;
}
