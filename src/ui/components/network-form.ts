// The fields of a network (VLAN); reports the values up through onSubmit.
import { html, useId } from '../html.ts';
import { VLAN_MAX, VLAN_MIN } from '../../lib/vlan-ranges.ts';
import type { Network, Site } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';
import { vlanColor } from '../format.ts';

/** The form's values: the text in each field. */
export type NetworkValues = Record<'siteId' | 'name' | 'vlanId' | 'subnet' | 'gateway' | 'description' | 'color', string>;

/** Create or edit a network; `sites` feeds the site picker (fixed when editing). */
export function NetworkForm(p: RecordFormProps<NetworkValues> & { network?: Network; sites: Site[]; siteId?: string }) {
  const n = p.network;
  const form = useForm<NetworkValues>(
    {
      siteId: n?.siteId ?? p.siteId ?? p.sites[0]?.id ?? '',
      name: n?.name ?? '',
      vlanId: n ? String(n.vlanId) : '',
      subnet: n?.subnet ?? '',
      gateway: n?.gateway ?? '',
      description: n?.description ?? '',
      color: n?.color ?? '',
    },
    p.onSubmit,
  );
  const v = form.values;
  const ro = p.readOnly;
  const f = boundFields(form, ro);
  const pickerId = useId();
  const vlanNum = Number(v.vlanId);
  const swatch = /^#[0-9a-fA-F]{6}$/.test(v.color)
    ? v.color.toLowerCase()
    : vlanNum >= VLAN_MIN && vlanNum <= VLAN_MAX
      ? vlanColor(vlanNum)
      : '#888888';
  const sites = p.sites.map((s) => ({ value: s.id, label: s.name }));
  return html`<${RecordForm} ...${p} form=${form}>
    ${f.select('siteId', t('field.site'), sites, { required: true, disabled: ro || !!n })}
    <div class="field-row">
      ${f.text('vlanId', t('network.vlanId'), { type: 'number', min: VLAN_MIN, max: VLAN_MAX, inputMode: 'numeric', required: true })}
      ${f.text('name', t('field.name'), { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">
      ${f.text('subnet', t('field.subnet'), { placeholder: '10.0.10.0/24' })}
      ${f.text('gateway', t('field.gateway'), { placeholder: '10.0.10.1' })}
    </div>
    ${f.text('description', t('field.description'))}
    <div class="field-row color-row">
      ${f.text('color', t('network.color'), { placeholder: t('network.colorPlaceholder'), hint: t('network.colorHint') })}
      <div class="field">
        <label for=${pickerId}>${t('network.pickColor')}</label>
        <input id=${pickerId} type="color" value=${swatch} disabled=${ro} onInput=${(e: Event) => form.set('color', (e.currentTarget as HTMLInputElement).value)} />
      </div>
    </div>
  </${RecordForm}>`;
}

/** The API body of a network form's values. */
export function networkBody(v: NetworkValues) {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    siteId: v.siteId,
    name: v.name.trim(),
    vlanId: v.vlanId.trim() === '' ? null : Number(v.vlanId),
    subnet: orNull(v.subnet),
    gateway: orNull(v.gateway),
    description: orNull(v.description),
    color: orNull(v.color)?.toLowerCase() ?? null,
  };
}
