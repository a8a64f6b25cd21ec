// The frame of a side panel (a port's, a LAG's): a modal <dialog> at the side holding one form, its head (the
// title, a line under it, the close button), a body of the caller's fields with the form's general message last,
// and a footer that stays in view with Save (or Create), Cancel and, for a record that exists, Delete.
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { ModalDialog } from '../hooks.ts';
import { t } from '../messages.ts';
import type { FormState } from '../use-form.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

/** The side panel of `dialog` (from useModalDialog) around `form`'s fields (`children`). */
export function SidePanel(p: {
  dialog: ModalDialog;
  form: Pick<FormState<never>, 'onSubmit' | 'pending' | 'formError' | 'conflict'>;
  /** A class besides side-panel, if any. */
  class?: string;
  title: string;
  subtitle: string;
  submitLabel: string;
  deleteLabel: string;
  onDelete?: () => Promise<unknown>;
  onReload: () => void;
  children: ComponentChildren;
}) {
  const { dialog, form } = p;
  return html`<dialog ref=${dialog.ref} class=${p.class ? `side-panel ${p.class}` : 'side-panel'} aria-labelledby=${dialog.titleId}
    onClick=${dialog.onBackdropClick}>
    <form class="side-form" onSubmit=${form.onSubmit} novalidate>
      <header class="side-head">
        <div>
          <h2 id=${dialog.titleId}>${p.title}</h2>
          <p class="muted">${p.subtitle}</p>
        </div>
        <button type="button" class="btn btn-ghost icon" data-close aria-label=${t('common.close')} onClick=${dialog.close}>×</button>
      </header>
      <div class="side-body">
        ${p.children}
        <${FormNotice} message=${form.formError} conflict=${form.conflict} onReload=${p.onReload} />
      </div>
      <footer class="side-foot">
        <${SubmitButton} pending=${form.pending} label=${p.submitLabel} />
        <button type="button" class="btn" onClick=${dialog.close}>${t('common.cancel')}</button>
        ${p.onDelete && html`<button type="button" class="btn btn-danger-outline push-right" onClick=${p.onDelete}>${p.deleteLabel}</button>`}
      </footer>
    </form>
  </dialog>`;
}
