// The fields of a site; reports the values up through onSubmit.
import { html } from '../html.ts';
import type { Site } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { TextArea, TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

export type SiteValues = { name: string; description: string; address: string; notes: string };

/** Create or edit a site. */
export function SiteForm(p: {
  site?: Site;
  submitLabel: string;
  onSubmit: (v: SiteValues) => Promise<unknown>;
  onCancel?: () => void;
  onReload?: () => void;
  readOnly?: boolean;
}) {
  const s = p.site;
  const form = useForm<SiteValues>(
    { name: s?.name ?? '', description: s?.description ?? '', address: s?.address ?? '', notes: s?.notes ?? '' },
    p.onSubmit,
  );
  const v = form.values;
  const ro = p.readOnly;
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    <${TextField} label=${t('field.name')} name="name" value=${v.name} onInput=${(x: string) => form.set('name', x)} error=${form.errors.name} required maxLength=${100} disabled=${ro} />
    <${TextField} label=${t('field.description')} name="description" value=${v.description} onInput=${(x: string) => form.set('description', x)} error=${form.errors.description} disabled=${ro} />
    <${TextField} label=${t('field.address')} name="address" value=${v.address} onInput=${(x: string) => form.set('address', x)} error=${form.errors.address} disabled=${ro} />
    <${TextArea} label=${t('field.notes')} name="notes" value=${v.notes} onInput=${(x: string) => form.set('notes', x)} error=${form.errors.notes} disabled=${ro} />
    <${FormNotice} message=${form.formError} conflict=${form.conflict} onReload=${p.onReload} />
    ${
      !ro &&
      html`<div class="form-actions">
      <${SubmitButton} pending=${form.pending} label=${p.submitLabel} />
      ${p.onCancel && html`<button type="button" class="btn" onClick=${p.onCancel}>${t('common.cancel')}</button>`}
    </div>`
    }
  </form>`;
}
