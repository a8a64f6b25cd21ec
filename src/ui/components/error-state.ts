// A failed load: the API's message and a way to try again.
import { html } from '../html.ts';
import type { ApiError } from '../api.ts';

/** Shows why loading failed; a 404 says the object does not exist (any more). */
export function ErrorState(p: { error: ApiError; onRetry?: () => void; what?: string }) {
  const notFound = p.error.status === 404;
  return html`<div class="notice error" role="alert">
    <p>${notFound ? `This ${p.what ?? 'page'} does not exist, or it was deleted.` : p.error.message}</p>
    ${notFound ? html`<p>Deleted objects can be brought back from the <a href="/activity">activity log</a>.</p>` : null}
    ${!notFound && p.onRetry && html`<button type="button" class="btn" onClick=${p.onRetry}>Try again</button>`}
  </div>`;
}
