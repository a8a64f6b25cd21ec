// An upload's progress.
import { html } from '../html.ts';

/** A labelled progress bar for a fraction from 0 to 1. */
export function ProgressBar(p: { fraction: number; label: string }) {
  const pct = Math.round(Math.max(0, Math.min(1, p.fraction)) * 100);
  return html`<div class="progress-row"><progress max="100" value=${pct} aria-label=${p.label}>${pct}%</progress><span>${pct}%</span></div>`;
}
