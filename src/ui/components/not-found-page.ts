// Any URL the UI does not know.
import { html } from '../html.ts';
import { t, tParts } from '../messages.ts';
import { PageHeader } from './page-header.ts';

/** Says the page does not exist and links home. */
export function NotFoundPage() {
  const dashboard = html`<a href="/">${t('notFound.dashboard')}</a>`;
  return html`<${PageHeader} title=${t('notFound.title')} />
    <div class="card"><p>${tParts('notFound.text', { dashboard })}</p></div>`;
}
