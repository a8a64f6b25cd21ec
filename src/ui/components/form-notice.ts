// The general message of a failed save, above a form's buttons; a conflict (412) offers to reload.
import { html } from '../html.ts';
import { t } from '../messages.ts';

/** Shows `message` (if any); when `conflict`, explains it and offers `onReload`. */
export function FormNotice(p: { message?: string; conflict?: boolean; onReload?: () => void }) {
  if (!p.message) return null;
  return html`<div class="notice error" role="alert">
    <p>${p.message}</p>
    ${p.conflict && html`<p>${t('form.conflictHelp')}</p>`}
    ${p.conflict && p.onReload && html`<button type="button" class="btn" onClick=${p.onReload}>${t('common.reload')}</button>`}
  </div>`;
}
