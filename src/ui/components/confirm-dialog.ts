// The one confirmation question of a destructive action, naming what goes.
import { html } from '../html.ts';
import type { ConfirmRequest } from '../app-context.ts';
import { t } from '../messages.ts';
import { Modal } from './modal.ts';

/**
 * Asks `req`; `onAnswer(true)` when confirmed, `onAnswer(false)` on cancel or Escape. It starts on the confirm
 * button, or on Cancel when the action destroys (never on a destructive action).
 */
export function ConfirmDialog(p: { req: ConfirmRequest; onAnswer: (yes: boolean) => void }) {
  return html`<${Modal} title=${p.req.title} onClose=${() => p.onAnswer(false)}>
    <p class="confirm-text">${p.req.message}</p>
    <div class="form-actions">
      <button type="button" class=${`btn ${p.req.danger ? 'btn-danger' : 'btn-primary'}`} autofocus=${!p.req.danger}
        onClick=${() => p.onAnswer(true)}>${p.req.confirmLabel}</button>
      <button type="button" class="btn" onClick=${() => p.onAnswer(false)}>${t('common.cancel')}</button>
    </div>
  </${Modal}>`;
}
