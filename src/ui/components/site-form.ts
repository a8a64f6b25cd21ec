// The fields of a site; reports the values up through onSubmit.
import { html } from '../html.ts';
import type { Site } from '../api-types.ts';
import { textsOf } from '../lookups.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';

export type SiteValues = { name: string; description: string; address: string; notes: string };

/** Create or edit a site. */
export function SiteForm(p: RecordFormProps<SiteValues> & { site?: Site }) {
  const s = p.site;
  const form = useForm<SiteValues>(textsOf(s, ['name', 'description', 'address', 'notes']), p.onSubmit);
  const f = boundFields(form, p.readOnly);
  return html`<${RecordForm} ...${p} form=${form}>
    ${f.text('name', t('field.name'), { required: true, maxLength: 100 })}
    ${f.text('description', t('field.description'))}
    ${f.text('address', t('field.address'))}
    ${f.area('notes', t('field.notes'))}
  </${RecordForm}>`;
}
