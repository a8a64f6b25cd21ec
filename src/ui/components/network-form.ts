// The fields of a network (an IP subnet): site, VLAN (of that site, or none), name, subnet, gateway, DNS servers,
// description; reports the values up through onSubmit.
import { html } from '../html.ts';
import { siteVlans } from '../api.ts';
import type { Network, Site } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';

/** The form's values: the text in each field (DNS servers separated by commas or spaces). */
export type NetworkValues = Record<'siteId' | 'vlanId' | 'name' | 'subnet' | 'gateway' | 'dnsServers' | 'description', string>;

/** Create or edit a network; `sites` feeds the site picker (fixed when editing), `vlanId` preselects a VLAN. */
export function NetworkForm(p: RecordFormProps<NetworkValues> & { network?: Network; sites: Site[]; siteId?: string; vlanId?: string }) {
  const n = p.network;
  const form = useForm<NetworkValues>(
    {
      siteId: n?.siteId ?? p.siteId ?? p.sites[0]?.id ?? '',
      vlanId: n ? (n.vlanId ?? '') : (p.vlanId ?? ''),
      name: n?.name ?? '',
      subnet: n?.subnet ?? '',
      gateway: n?.gateway ?? '',
      dnsServers: (n?.dnsServers ?? []).join(', '),
      description: n?.description ?? '',
    },
    p.onSubmit,
  );
  const v = form.values;
  const ro = p.readOnly;
  const f = boundFields(form, ro);
  const vlans = useResource((signal) => (v.siteId ? siteVlans(v.siteId, signal) : Promise.resolve([])), [v.siteId]);
  const sites = p.sites.map((s) => ({ value: s.id, label: s.name }));
  const vlanOptions = [
    { value: '', label: t('networks.noVlan') },
    ...(vlans.data ?? []).map((x) => ({ value: x.id, label: t('vlans.option', { vlan: x.vid, name: x.name }) })),
  ];
  // While the VLANs load, the chosen one stays a choice, so that the select does not fall back to "no VLAN".
  if (v.vlanId && !vlanOptions.some((o) => o.value === v.vlanId)) vlanOptions.push({ value: v.vlanId, label: t('common.loading') });
  return html`<${RecordForm} ...${p} form=${form}>
    <div class="field-row">
      ${f.select('siteId', t('field.site'), sites, { required: true, disabled: ro || !!n })}
      ${f.select('vlanId', t('network.vlan'), vlanOptions)}
    </div>
    <div class="field-row">
      ${f.text('subnet', t('field.subnet'), { required: true, placeholder: t('placeholder.subnet'), autofocus: !n })}
      ${f.text('name', t('field.name'), { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">
      ${f.text('gateway', t('field.gateway'), { placeholder: t('placeholder.gateway') })}
      ${f.text('dnsServers', t('network.dnsServers'), { placeholder: t('placeholder.dns'), hint: t('network.dnsHint') })}
    </div>
    ${f.text('description', t('field.description'))}
  </${RecordForm}>`;
}

/** The API body of a network form's values. */
export function networkBody(v: NetworkValues) {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    siteId: v.siteId,
    vlanId: v.vlanId || null,
    name: v.name.trim(),
    subnet: v.subnet.trim(),
    gateway: orNull(v.gateway),
    dnsServers: v.dnsServers.split(/[\s,;]+/).filter(Boolean),
    description: orNull(v.description),
  };
}
