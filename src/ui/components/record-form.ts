// The frame of the forms that create or edit a record (site, VLAN, network, switch): its fields, the general
// message of a failed save (a conflict offers to reload), "add another" when creating, and the buttons, which a
// read-only form has none of.
import { html, useId } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import { t } from '../messages.ts';
import type { FormState } from '../use-form.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

/** "Add another": after a create, the dialog stays open with an empty form. */
export type AddAnother = { checked: boolean; onChange: (checked: boolean) => void };

/** What a page gives a record's form: its button's label, where the values go, cancel and reload, read-only. */
export type RecordFormProps<V> = {
  submitLabel: string;
  onSubmit: (v: V) => Promise<unknown>;
  onCancel?: () => void;
  onReload?: () => void;
  readOnly?: boolean;
  another?: AddAnother;
};

/** `children` (the fields) in a form submitted through `form`, then its notice and buttons. */
export function RecordForm<V>(p: Omit<RecordFormProps<V>, 'onSubmit'> & { form: FormState<V>; children: ComponentChildren }) {
  const form = p.form;
  const anotherId = useId();
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    ${p.children}
    <${FormNotice} message=${form.formError} conflict=${form.conflict} onReload=${p.onReload} />
    ${
      !p.readOnly &&
      html`<div class="form-actions">
      <${SubmitButton} pending=${form.pending} label=${p.submitLabel} />
      ${p.onCancel && html`<button type="button" class="btn" onClick=${p.onCancel}>${t('common.cancel')}</button>`}
      ${
        p.another &&
        html`<span class="check-label"><input type="checkbox" id=${anotherId} checked=${p.another.checked}
        onChange=${(e: Event) => p.another?.onChange((e.currentTarget as HTMLInputElement).checked)} /><label
          for=${anotherId}>${t('form.addAnother')}</label></span>`
      }
    </div>`
    }
  </form>`;
}
