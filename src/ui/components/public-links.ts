// The "Public links" section of a switch page: make a read-only link (its URL shown this once, with Copy),
// list the links (made when, by whom, last opened) and revoke one after asking.
import { html, useState } from '../html.ts';
import { createPublicLink, listPublicLinks, revokePublicLink } from '../api.ts';
import type { PublicLink } from '../api.ts';
import { useApp } from '../app-context.ts';
import { formatDateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { forgetPublicUrl, rememberPublicUrl } from '../public-urls.ts';
import { copyText, failureText } from '../undo.ts';
import { ErrorState } from './error-state.ts';
import { Loading } from './loading.ts';
import '../messages-later.ts';

/** The public links of switch `switchId` (named `switchName` in questions). */
export function PublicLinks(p: { switchId: string; switchName: string }) {
  const app = useApp();
  const list = useResource((signal) => listPublicLinks(p.switchId, signal), [p.switchId]);
  const [made, setMade] = useState<(PublicLink & { url: string }) | null>(null);
  const [busy, setBusy] = useState(false);

  const make = async () => {
    setBusy(true);
    try {
      const link = await createPublicLink(p.switchId);
      rememberPublicUrl(p.switchId, link.id, link.url);
      setMade(link);
      list.reload();
    } catch (err) {
      app.toast({ kind: 'error', message: t('publicLinks.makeFailed', { message: failureText(err) }) });
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (link: PublicLink) => {
    const yes = await app.confirm({
      title: t('publicLinks.revokeTitle'),
      message: t('publicLinks.revokeQuestion', { switch: p.switchName, date: formatDateTime(link.createdAt) }),
      confirmLabel: t('publicLinks.revoke'),
      danger: true,
    });
    if (!yes) return;
    try {
      await revokePublicLink(link.id);
      forgetPublicUrl(link.id);
      if (made?.id === link.id) setMade(null);
      list.reload();
      app.toast({ kind: 'success', message: t('publicLinks.revoked') });
    } catch (err) {
      app.toast({ kind: 'error', message: t('publicLinks.revokeFailed', { message: failureText(err) }) });
    }
  };

  const items = list.data ?? [];
  return html`<section class="card public-links" aria-labelledby="public-links-head">
    <div class="card-head">
      <h2 id="public-links-head">${t('publicLinks.title')}</h2>
      ${app.canEdit && html`<button type="button" class="btn btn-small" disabled=${busy} onClick=${make}>${t('publicLinks.make')}</button>`}
    </div>
    <p class="muted">${t('publicLinks.intro')}</p>
    ${
      made &&
      html`<div class="notice success made-link" role="status">
        <p><strong>${t('publicLinks.madeOnce')}</strong></p>
        <div class="made-url">
          <input type="text" readonly class="mono" value=${made.url} aria-label=${t('publicLinks.urlLabel')}
            onFocus=${(e: FocusEvent) => (e.currentTarget as HTMLInputElement).select()} />
          <button type="button" class="btn" onClick=${() => copyText(app, made.url, t('publicLinks.copied'))}>${t('common.copy')}</button>
          <a class="btn" href=${made.url} target="_blank" rel="noopener">${t('publicLinks.open')}</a>
        </div>
      </div>`
    }
    ${
      list.error
        ? html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`
        : !list.data
          ? html`<${Loading} />`
          : items.length === 0
            ? html`<p class="muted">${t('publicLinks.none')}</p>`
            : html`<div class="table-wrap"><table class="data">
          <caption class="visually-hidden">${t('publicLinks.caption', { switch: p.switchName })}</caption>
          <thead><tr>
            <th scope="col">${t('publicLinks.col.created')}</th><th scope="col">${t('publicLinks.col.by')}</th>
            <th scope="col">${t('publicLinks.col.lastAccess')}</th>
            ${app.canEdit && html`<th scope="col"><span class="visually-hidden">${t('common.actions')}</span></th>`}
          </tr></thead>
          <tbody>${items.map(
            (link) => html`<tr key=${link.id}>
            <td>${formatDateTime(link.createdAt)}</td>
            <td>${link.createdByUsername ?? t('publicLinks.unknownUser')}</td>
            <td>${link.lastAccessAt ? formatDateTime(link.lastAccessAt) : t('publicLinks.never')}</td>
            ${
              app.canEdit &&
              html`<td class="actions"><button type="button" class="btn btn-small btn-danger-outline"
                aria-label=${t('publicLinks.revokeOne', { date: formatDateTime(link.createdAt) })}
                  onClick=${() => revoke(link)}>${t('publicLinks.revoke')}</button></td>`
            }
          </tr>`,
          )}</tbody>
        </table></div>`
    }
  </section>`;
}
