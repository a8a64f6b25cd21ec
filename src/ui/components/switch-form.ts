// The fields of a switch; reports the values up through onSubmit.
import { html } from '../html.ts';
import { SWITCH_STATUSES } from '../api-types.ts';
import type { Site, Switch } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';

/** The form's values: the text in each field (portCount only when creating). */
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
export function SwitchForm(p: RecordFormProps<SwitchValues> & { sw?: Switch; sites: Site[]; siteId?: string }) {
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
  const f = boundFields(form, p.readOnly);
  const sites = p.sites.map((x) => ({ value: x.id, label: x.name }));
  const statuses = SWITCH_STATUSES.map((x) => ({ value: x, label: t(`status.${x}`) }));
  const portCount = { type: 'number', min: 0, max: 1024, inputMode: 'numeric', hint: t('switch.portCountHint') };
  return html`<${RecordForm} ...${p} form=${form}>
    <div class="field-row">${f.select('siteId', t('field.site'), sites, { required: true })}${f.text('name', t('field.name'), { required: true, maxLength: 100 })}</div>
    <div class="field-row">${f.text('vendor', t('switch.vendor'))}${f.text('model', t('field.model'))}</div>
    <div class="field-row">${f.text('managementIp', t('field.managementIp'), { placeholder: '10.0.0.2' })}${f.text('macAddress', t('switch.macAddress'), { placeholder: 'aa:bb:cc:dd:ee:ff' })}</div>
    <div class="field-row">${f.text('serialNumber', t('switch.serialNumber'))}${f.text('firmwareVersion', t('switch.firmwareVersion'))}</div>
    <div class="field-row">${f.text('location', t('field.location'), { placeholder: t('switch.locationPlaceholder') })}${f.select('status', t('field.status'), statuses)}</div>
    ${!s && f.text('portCount', t('switch.portCount'), portCount)}
    ${f.area('notes', t('field.notes'))}
  </${RecordForm}>`;
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
