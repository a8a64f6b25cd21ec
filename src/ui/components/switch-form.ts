// The fields of a switch; reports the values up through onSubmit.
import { html } from '../html.ts';
import type { Site, Switch } from '../types.ts';
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

export const STATUSES = ['active', 'planned', 'offline', 'retired'];

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
      <${SelectField} label="Site" name="siteId" value=${v.siteId} onChange=${(x: string) => form.set('siteId', x)} error=${e.siteId}
        options=${p.sites.map((x) => ({ value: x.id, label: x.name }))} required disabled=${ro} />
      ${text('name', 'Name', { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">
      ${text('vendor', 'Vendor')}
      ${text('model', 'Model')}
    </div>
    <div class="field-row">
      ${text('managementIp', 'Management IP', { placeholder: '10.0.0.2' })}
      ${text('macAddress', 'MAC address', { placeholder: 'aa:bb:cc:dd:ee:ff' })}
    </div>
    <div class="field-row">
      ${text('serialNumber', 'Serial number')}
      ${text('firmwareVersion', 'Firmware version')}
    </div>
    <div class="field-row">
      ${text('location', 'Location', { placeholder: 'Rack A2, U14' })}
      <${SelectField} label="Status" name="status" value=${v.status} onChange=${(x: string) => form.set('status', x)} error=${e.status}
        options=${STATUSES.map((x) => ({ value: x, label: x }))} disabled=${ro} />
    </div>
    ${!s && text('portCount', 'Number of ports', { type: 'number', min: 0, max: 1024, inputMode: 'numeric', hint: 'Creates ports named 1 to N.' })}
    <${TextArea} label="Notes" name="notes" value=${v.notes} onInput=${(x: string) => form.set('notes', x)} error=${e.notes} disabled=${ro} />
    <${FormNotice} message=${form.formError} conflict=${form.conflict} onReload=${p.onReload} />
    ${
      !ro &&
      html`<div class="form-actions">
      <${SubmitButton} pending=${form.pending} label=${p.submitLabel} />
      ${p.onCancel && html`<button type="button" class="btn" onClick=${p.onCancel}>Cancel</button>`}
    </div>`
    }
  </form>`;
}

/** The API body of a switch form's values (portCount only when creating). */
export function switchBody(v: SwitchValues, creating: boolean) {
  const t = (s: string) => (s.trim() === '' ? null : s.trim());
  const body: Record<string, unknown> = {
    siteId: v.siteId,
    name: v.name.trim(),
    vendor: t(v.vendor),
    model: t(v.model),
    serialNumber: t(v.serialNumber),
    macAddress: t(v.macAddress),
    managementIp: t(v.managementIp),
    firmwareVersion: t(v.firmwareVersion),
    location: t(v.location),
    status: v.status,
    notes: t(v.notes),
  };
  if (creating && v.portCount.trim() !== '') body.portCount = Number(v.portCount);
  return body;
}
