// Tabs as links (the selected tab lives in the URL), marked up as a tab list.
import { html } from '../html.ts';

type TabItem = { key: string; label: string; href: string };

/** A row of tab links; the current one is marked. */
export function Tabs(p: { items: TabItem[]; current: string; label: string }) {
  return html`<nav class="tabs" aria-label=${p.label}>
    ${p.items.map(
      (t) => html`<a href=${t.href} class=${t.key === p.current ? 'tab current' : 'tab'}
      aria-current=${t.key === p.current ? 'page' : undefined}>${t.label}</a>`,
    )}
  </nav>`;
}
