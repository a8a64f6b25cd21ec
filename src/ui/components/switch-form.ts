// The fields of a switch; reports the values up through onSubmit.
import { html } from '../html.ts';
import { SWITCH_STATUSES } from '../api-types.ts';
import type { Site, Switch } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { SelectField, TextArea, TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

export type SwitchValues = {
  siteId: string;
  name: string;
  vendor: string;
  model: string;
  serialNumber: string;
  macAddress: string;
  managementIp: string;
  firmwareVersion: string;
  location: string;
  status: string;
  notes: string;
  portCount: string;
};

/** Create (with a port count) or edit a switch. */
export function SwitchForm(p: {
  sw?: Switch;
  sites: Site[];
  siteId?: string;
  submitLabel: string;
  onSubmit: (v: SwitchValues) => Promise<unknown>;
  onCancel?: () => void;
  onReload?: () => void;
  readOnly?: boolean;
}) {
  const s = p.sw;
  const form = useForm<SwitchValues>(
    {
      siteId: s?.siteId ?? p.siteId ?? p.sites[0]?.id ?? '',
      name: s?.name ?? '',
      vendor: s?.vendor ?? '',
      model: s?.model ?? '',
      serialNumber: s?.serialNumber ?? '',
      macAddress: s?.macAddress ?? '',
      managementIp: s?.managementIp ?? '',
      firmwareVersion: s?.firmwareVersion ?? '',
      location: s?.location ?? '',
      status: s?.status ?? 'active',
      notes: s?.notes ?? '',
      portCount: s ? '' : '24',
    },
    p.onSubmit,
  );
  const v = form.values;
  const e = form.errors;
  const ro = p.readOnly;
  const text = (name: keyof SwitchValues, label: string, extra: Record<string, unknown> = {}) =>
    html`<${TextField} label=${label} name=${name} value=${v[name]} onInput=${(x: string) => form.set(name, x)} error=${e[name]} disabled=${ro} ...${extra} />`;
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    <div class="field-row">
      <${SelectField} label=${t('field.site')} name="siteId" value=${v.siteId} onChange=${(x: string) => form.set('siteId', x)} error=${e.siteId}
        options=${p.sites.map((x) => ({ value: x.id, label: x.name }))} required disabled=${ro} />
      ${text('name', t('field.name'), { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">
      ${text('vendor', t('switch.vendor'))}
      ${text('model', t('field.model'))}
    </div>
    <div class="field-row">
      ${text('managementIp', t('field.managementIp'), { placeholder: '10.0.0.2' })}
      ${text('macAddress', t('switch.macAddress'), { placeholder: 'aa:bb:cc:dd:ee:ff' })}
    </div>
    <div class="field-row">
      ${text('serialNumber', t('switch.serialNumber'))}
      ${text('firmwareVersion', t('switch.firmwareVersion'))}
    </div>
    <div class="field-row">
      ${text('location', t('field.location'), { placeholder: t('switch.locationPlaceholder') })}
      <${SelectField} label=${t('field.status')} name="status" value=${v.status} onChange=${(x: string) => form.set('status', x)} error=${e.status}
        options=${SWITCH_STATUSES.map((x) => ({ value: x, label: t(`status.${x}`) }))} disabled=${ro} />
    </div>
    ${!s && text('portCount', t('switch.portCount'), { type: 'number', min: 0, max: 1024, inputMode: 'numeric', hint: t('switch.portCountHint') })}
    <${TextArea} label=${t('field.notes')} name="notes" value=${v.notes} onInput=${(x: string) => form.set('notes', x)} error=${e.notes} disabled=${ro} />
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

/** The API body of a switch form's values (portCount only when creating). */
export function switchBody(v: SwitchValues, creating: boolean) {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  const body: Record<string, unknown> = {
    siteId: v.siteId,
    name: v.name.trim(),
    vendor: orNull(v.vendor),
    model: orNull(v.model),
    serialNumber: orNull(v.serialNumber),
    macAddress: orNull(v.macAddress),
    managementIp: orNull(v.managementIp),
    firmwareVersion: orNull(v.firmwareVersion),
    location: orNull(v.location),
    status: v.status,
    notes: orNull(v.notes),
  };
  if (creating && v.portCount.trim() !== '') body.portCount = Number(v.portCount);
  return body;
}
