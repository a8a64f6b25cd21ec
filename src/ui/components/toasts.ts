// The stack of short messages at the bottom of the screen, announced politely, each with an optional action.
import { html } from '../html.ts';
import type { Toast } from '../app-context.ts';

export type ShownToast = Toast & { id: number };

/** Renders the toasts; `onDismiss` removes one. */
export function Toasts(p: { items: ShownToast[]; onDismiss: (id: number) => void }) {
  return html`<div class="toasts" role="status" aria-live="polite">
    ${p.items.map(
      (t) => html`<div key=${t.id} class=${`toast ${t.kind ?? 'info'}`}>
      <span class="toast-text">${t.message}</span>
      ${
        t.action &&
        html`<button type="button" class="btn btn-small" onClick=${() => {
          p.onDismiss(t.id);
          void t.action?.run();
        }}>${t.action.label}</button>`
      }
      <button type="button" class="btn btn-ghost icon" aria-label="Dismiss" onClick=${() => p.onDismiss(t.id)}>×</button>
    </div>`,
    )}
  </div>`;
}
