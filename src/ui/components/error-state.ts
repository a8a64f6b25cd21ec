// A failed load: the API's message and a way to try again.
import { html } from '../html.ts';
import type { ApiError } from '../api.ts';
import { t, tParts } from '../messages.ts';
import { PageHeader } from './page-header.ts';

type RecordWhat = 'site' | 'switch' | 'vlan' | 'network';

/** Shows why loading failed; a 404 says the object (`what`, else the page) does not exist (any more). */
export function ErrorState(p: { error: ApiError; onRetry?: () => void; what?: RecordWhat }) {
  const notFound = p.error.status === 404;
  const activityLog = html`<a href="/activity">${t('errorState.activityLog')}</a>`;
  return html`<div class="notice error" role="alert">
    <p>${notFound ? t(`errorState.notFound.${p.what ?? 'page'}`) : p.error.message}</p>
    ${notFound ? html`<p>${tParts('errorState.bringBack', { activityLog })}</p>` : null}
    ${!notFound && p.onRetry && html`<button type="button" class="btn" onClick=${p.onRetry}>${t('common.tryAgain')}</button>`}
  </div>`;
}

/** A record's page whose record failed to load: the page's header under its list's crumb, and why. */
export function RecordLoadError(p: {
  title: string;
  list: { label: string; href: string };
  error: ApiError;
  what: RecordWhat;
  onRetry: () => void;
}) {
  return html`<${PageHeader} title=${p.title} crumbs=${[p.list]} /><${ErrorState} error=${p.error} what=${p.what} onRetry=${p.onRetry} />`;
}
