// The fields of a network (VLAN); reports the values up through onSubmit.
import { html, useId } from '../html.ts';
import { VLAN_MAX, VLAN_MIN } from '../../lib/vlan-ranges.ts';
import type { Network, Site } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { SelectField, TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { vlanColor } from '../format.ts';

export type NetworkValues = {
  siteId: string;
  name: string;
  vlanId: string;
  subnet: string;
  gateway: string;
  description: string;
  color: string;
};

/** Create or edit a network; `sites` feeds the site picker (fixed when editing). */
export function NetworkForm(p: {
  network?: Network;
  sites: Site[];
  siteId?: string;
  submitLabel: string;
  onSubmit: (v: NetworkValues) => Promise<unknown>;
  onCancel?: () => void;
  onReload?: () => void;
  readOnly?: boolean;
}) {
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
  const pickerId = useId();
  const vlanNum = Number(v.vlanId);
  const swatch = /^#[0-9a-fA-F]{6}$/.test(v.color)
    ? v.color.toLowerCase()
    : vlanNum >= VLAN_MIN && vlanNum <= VLAN_MAX
      ? vlanColor(vlanNum)
      : '#888888';
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    <${SelectField} label=${t('field.site')} name="siteId" value=${v.siteId} onChange=${(x: string) => form.set('siteId', x)} error=${form.errors.siteId}
      options=${p.sites.map((s) => ({ value: s.id, label: s.name }))} required disabled=${ro || !!n} />
    <div class="field-row">
      <${TextField} label=${t('network.vlanId')} name="vlanId" type="number" min=${VLAN_MIN} max=${VLAN_MAX} inputMode="numeric" value=${v.vlanId} onInput=${(x: string) => form.set('vlanId', x)} error=${form.errors.vlanId} required disabled=${ro} />
      <${TextField} label=${t('field.name')} name="name" value=${v.name} onInput=${(x: string) => form.set('name', x)} error=${form.errors.name} required maxLength=${100} disabled=${ro} />
    </div>
    <div class="field-row">
      <${TextField} label=${t('field.subnet')} name="subnet" value=${v.subnet} placeholder="10.0.10.0/24" onInput=${(x: string) => form.set('subnet', x)} error=${form.errors.subnet} disabled=${ro} />
      <${TextField} label=${t('field.gateway')} name="gateway" value=${v.gateway} placeholder="10.0.10.1" onInput=${(x: string) => form.set('gateway', x)} error=${form.errors.gateway} disabled=${ro} />
    </div>
    <${TextField} label=${t('field.description')} name="description" value=${v.description} onInput=${(x: string) => form.set('description', x)} error=${form.errors.description} disabled=${ro} />
    <div class="field-row color-row">
      <${TextField} label=${t('network.color')} name="color" value=${v.color} placeholder=${t('network.colorPlaceholder')} onInput=${(x: string) => form.set('color', x)} error=${form.errors.color} disabled=${ro}
        hint=${t('network.colorHint')} />
      <div class="field">
        <label for=${pickerId}>${t('network.pickColor')}</label>
        <input id=${pickerId} type="color" value=${swatch} disabled=${ro} onInput=${(e: Event) => form.set('color', (e.currentTarget as HTMLInputElement).value)} />
      </div>
    </div>
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
