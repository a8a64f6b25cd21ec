// A modal dialog on the native <dialog> element: focus stays inside, Escape closes it.
import { html } from '../html.ts';
import { useModalDialog } from '../hooks.ts';
import type { ComponentChildren } from '../html.ts';
import { t } from '../messages.ts';

/** Opens at once when rendered; `onClose` runs on Escape, the close button or a click on the backdrop. */
export function Modal(p: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const dialog = useModalDialog(p.onClose);
  return html`<dialog ref=${dialog.ref} class=${`modal${p.wide ? ' wide' : ''}`} aria-labelledby=${dialog.titleId} onClick=${dialog.onBackdropClick}>
    <div class="modal-body">
      <header class="modal-head">
        <h2 id=${dialog.titleId}>${p.title}</h2>
        <button type="button" class="btn btn-ghost icon" data-close aria-label=${t('common.close')} onClick=${dialog.close}>×</button>
      </header>
      ${p.children}
    </div>
  </dialog>`;
}
