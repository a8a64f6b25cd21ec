// A form's primary button: shows progress and cannot be pressed twice while the save runs.
import { html } from '../html.ts';
import { t } from '../messages.ts';

/** The submit button of a form; `pending` disables it and says so. */
export function SubmitButton(p: { pending: boolean; label: string; pendingLabel?: string; danger?: boolean }) {
  return html`<button type="submit" class=${`btn ${p.danger ? 'btn-danger' : 'btn-primary'}`} disabled=${p.pending} aria-busy=${p.pending ? 'true' : undefined}>
    ${p.pending && html`<span class="spinner small" aria-hidden="true"></span>`}
    ${p.pending ? (p.pendingLabel ?? t('common.saving')) : p.label}
  </button>`;
}
