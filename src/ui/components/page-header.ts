// The head of every page: breadcrumb, title, and the page's actions (one primary).
import { html, useEffect } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import { t } from '../messages.ts';

type Crumb = { label: string; href?: string };

/** Breadcrumb trail, the page title (also the document's title) and the action buttons. */
export function PageHeader(p: { title: string; crumbs?: Crumb[]; children?: ComponentChildren; sub?: ComponentChildren }) {
  useEffect(() => {
    document.title = t('app.documentTitle', { title: p.title });
  }, [p.title]);
  return html`<header class="page-header">
    ${
      p.crumbs &&
      p.crumbs.length > 0 &&
      html`<nav class="breadcrumb" aria-label=${t('pageHeader.breadcrumb')}><ol>
      ${p.crumbs.map((c) => html`<li>${c.href ? html`<a href=${c.href}>${c.label}</a>` : html`<span>${c.label}</span>`}</li>`)}
      <li aria-current="page"><span>${p.title}</span></li>
    </ol></nav>`
    }
    <div class="page-title-row">
      <div class="page-title">
        <h1 tabindex="-1">${p.title}</h1>
        ${p.sub && html`<div class="page-sub">${p.sub}</div>`}
      </div>
      ${p.children && html`<div class="page-actions">${p.children}</div>`}
    </div>
  </header>`;
}
