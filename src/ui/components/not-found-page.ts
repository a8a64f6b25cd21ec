// Any URL the UI does not know.
import { html } from '../html.ts';
import { PageHeader } from './page-header.ts';

/** Says the page does not exist and links home. */
export function NotFoundPage() {
  return html`<${PageHeader} title="Page not found" />
    <div class="card"><p>There is no page at this address. Go to the <a href="/">dashboard</a>.</p></div>`;
}
