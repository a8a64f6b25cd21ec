// The stack of short messages at the bottom of the screen, announced politely, each with an optional action.
import { html } from '../html.ts';
import type { Toast } from '../app-context.ts';
import { t } from '../messages.ts';

export type ShownToast = Toast & { id: number };

/** Renders the toasts; `onDismiss` removes one. */
export function Toasts(p: { items: ShownToast[]; onDismiss: (id: number) => void }) {
  return html`<div class="toasts" role="status" aria-live="polite">
    ${p.items.map(
      (toast) => html`<div key=${toast.id} class=${`toast ${toast.kind ?? 'info'}`}>
      <span class="toast-text">${toast.message}</span>
      ${
        toast.action &&
        html`<button type="button" class="btn btn-small" onClick=${() => {
          p.onDismiss(toast.id);
          void toast.action?.run();
        }}>${toast.action.label}</button>`
      }
      <button type="button" class="btn btn-ghost icon" aria-label=${t('toasts.dismiss')} onClick=${() => p.onDismiss(toast.id)}>×</button>
    </div>`,
    )}
  </div>`;
}
