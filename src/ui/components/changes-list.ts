// The changed fields of an activity entry, as before → after.
import { html } from '../html.ts';
import { displayValue } from '../format.ts';

function isPair(v: unknown): v is [unknown, unknown] {
  return Array.isArray(v) && v.length === 2;
}

/** Renders `changes` ({ field: [before, after] }); other shapes show as field: value. */
export function ChangesList(p: { changes: unknown }) {
  const c = p.changes;
  if (!c || typeof c !== 'object' || Array.isArray(c)) return null;
  const entries = Object.entries(c as Record<string, unknown>);
  if (entries.length === 0) return null;
  return html`<dl class="changes">
    ${entries.slice(0, 30).map(([field, v]) => html`<div class="change">
      <dt>${field}</dt>
      <dd>${isPair(v)
        ? html`<span class="before">${displayValue(v[0])}</span><span class="arrow" aria-label="changed to"> → </span><span class="after">${displayValue(v[1])}</span>`
        : html`<span>${displayValue(v)}</span>`}</dd>
    </div>`)}
    ${entries.length > 30 && html`<div class="change"><dt>…</dt><dd>${entries.length - 30} more</dd></div>`}
  </dl>`;
}
