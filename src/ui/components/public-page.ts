// The public read-only page of a switch (/p/<token>), shown without sign-in: exactly what GET /api/p/{token}
// answers, on the printable sheet; a token that opens nothing and the rate limit each get their own sentence.
import { html, useEffect } from '../html.ts';
import { publicSwitch } from '../api.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { Loading } from './loading.ts';
import { SwitchSheet } from './switch-sheet.ts';
import '../messages-later.ts';

/** The public page of the switch that `token` opens. */
export function PublicPage(p: { token: string }) {
  const res = useResource(() => publicSwitch(p.token), [p.token]);
  const name = res.data?.switch.name;
  useEffect(() => {
    document.title = t('app.documentTitle', { title: name ?? t('publicPage.title') });
  }, [name]);
  const err = res.error;
  let body: unknown;
  if (err) {
    const text =
      err.status === 404
        ? t('publicPage.notFound')
        : err.status === 429
          ? t('publicPage.tooMany')
          : t('publicPage.failed', { message: err.message });
    body = html`<h1>${t('publicPage.title')}</h1>
      <div class="notice error" role="alert"><p>${text}</p>
        ${err.status !== 404 && html`<button type="button" class="btn" onClick=${res.reload}>${t('common.tryAgain')}</button>`}
      </div>`;
  } else if (!res.data) body = html`<${Loading} />`;
  else
    body = html`<p class="public-note no-print"><span>${t('publicPage.note')}</span>
        <button type="button" class="btn" onClick=${() => window.print()}>${t('print.print')}</button></p>
      <${SwitchSheet} data=${res.data} qr=${{ url: new URL(`/p/${p.token}`, location.origin).href, caption: t('publicPage.qr') }} heading=${1} />`;
  return html`<main id="main" class="public-page">${body}</main>`;
}
