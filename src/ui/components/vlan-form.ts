// The fields of a VLAN: site, number, name, status, colour, description; reports the values up through onSubmit.
import { html, useId } from '../html.ts';
import { VLAN_STATUSES } from '../../fields/choices.ts';
import { isColor } from '../../lib/vlan-colors.ts';
import { VLAN_MAX, VLAN_MIN } from '../../lib/vlan-ranges.ts';
import type { Site, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';

/** The form's values: the text in each field. */
export type VlanValues = Record<'siteId' | 'vid' | 'name' | 'status' | 'color' | 'description', string>;

/** Create or edit a VLAN; `sites` feeds the site picker (fixed when editing). */
export function VlanForm(p: RecordFormProps<VlanValues> & { vlan?: Vlan; sites: Site[]; siteId?: string }) {
  const n = p.vlan;
  const form = useForm<VlanValues>(
    {
      siteId: n?.siteId ?? p.siteId ?? p.sites[0]?.id ?? '',
      vid: n ? String(n.vid) : '',
      name: n?.name ?? '',
      status: n?.status ?? 'active',
      color: n?.color ?? '',
      description: n?.description ?? '',
    },
    p.onSubmit,
  );
  const v = form.values;
  const ro = p.readOnly;
  const f = boundFields(form, ro);
  const pickerId = useId();
  const sites = p.sites.map((s) => ({ value: s.id, label: s.name }));
  const statuses = VLAN_STATUSES.map((s) => ({ value: s, label: t(`vlanStatus.${s}`) }));
  return html`<${RecordForm} ...${p} form=${form}>
    ${f.select('siteId', t('field.site'), sites, { required: true, disabled: ro || !!n })}
    <div class="field-row">
      ${f.text('vid', t('vlan.vid'), { type: 'number', min: VLAN_MIN, max: VLAN_MAX, inputMode: 'numeric', required: true, autofocus: !n })}
      ${f.text('name', t('field.name'), { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">
      ${f.select('status', t('field.status'), statuses)}
      <div class="field">
        <label for=${pickerId}>${t('vlan.color')}</label>
        <div class="color-pick">
          <input id=${pickerId} type="color" value=${isColor(v.color) ? v.color.toLowerCase() : '#888888'} disabled=${ro}
            aria-describedby=${`${pickerId}-hint`} onInput=${(e: Event) => form.set('color', (e.currentTarget as HTMLInputElement).value)} />
          <span class="mono">${isColor(v.color) ? v.color.toLowerCase() : t('vlan.colorAuto')}</span>
          ${
            !ro &&
            isColor(v.color) &&
            !n &&
            html`<button type="button" class="btn btn-ghost btn-small"
            onClick=${() => form.set('color', '')}>${t('vlan.colorReset')}</button>`
          }
        </div>
        <p class="hint" id=${`${pickerId}-hint`}>${t('vlan.colorHint')}</p>
        ${form.errors.color && html`<p class="field-error" role="alert">${form.errors.color}</p>`}
      </div>
    </div>
    ${f.text('description', t('field.description'))}
  </${RecordForm}>`;
}

/** The API body of a VLAN form's values (no colour: the server picks one that the site does not use). */
export function vlanBody(v: VlanValues) {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  const body: Record<string, unknown> = {
    siteId: v.siteId,
    vid: v.vid.trim() === '' ? null : Number(v.vid),
    name: v.name.trim(),
    status: v.status,
    description: orNull(v.description),
  };
  if (isColor(v.color)) body.color = v.color.toLowerCase();
  return body;
}
