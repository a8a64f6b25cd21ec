// Inline edit of one port inside the port table; reports the change up and shows the API's messages.
import { html, useEffect, useState } from '../html.ts';
import { listSwitches, switchPorts } from '../api.ts';
import type { Network, Port, Switch } from '../api-types.ts';
import { ApiError } from '../api.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { networkIdsOf, vlanTextOf } from '../vlan-text.ts';
import type { LinkInfo } from './port-panel.ts';
import { FormNotice } from './form-notice.ts';

/** The fields an inline edit changes, in API terms. */
export type PortChange = Partial<
  Pick<
    Port,
    'description' | 'mode' | 'untaggedNetworkId' | 'taggedNetworkIds' | 'connectedDevice' | 'poe' | 'speed' | 'enabled' | 'linkedPortId'
  >
>;

type Values = {
  description: string;
  mode: string;
  untaggedNetworkId: string;
  tagged: string;
  connectedDevice: string;
  poe: boolean;
  speed: string;
  enabled: boolean;
  linkSwitchId: string;
  linkedPortId: string;
};

function Err(p: { id: string; msg?: string }) {
  return p.msg ? html`<p class="field-error" id=${p.id} role="alert">${p.msg}</p>` : null;
}

/** One table row of inputs for `port`. */
export function PortEditRow(p: {
  port: Port;
  sw: Switch;
  networks: Network[];
  links: Map<string, LinkInfo>;
  onSubmit: (c: PortChange) => Promise<unknown>;
  onCancel: () => void;
  onReload: () => void;
}) {
  const port = p.port;
  const link = port.linkedPortId ? p.links.get(port.linkedPortId) : undefined;
  const form = useForm<Values>(
    {
      description: port.description ?? '',
      mode: port.mode,
      untaggedNetworkId: port.untaggedNetworkId ?? '',
      tagged: vlanTextOf(port.taggedNetworkIds, new Map(p.networks.map((n) => [n.id, n]))),
      connectedDevice: port.connectedDevice ?? '',
      poe: port.poe,
      speed: port.speed ?? '',
      enabled: port.enabled,
      linkSwitchId: link?.switchId ?? '',
      linkedPortId: port.linkedPortId ?? '',
    },
    async (v) => {
      const tagged = networkIdsOf(v.tagged, p.networks);
      if (!tagged.ok)
        throw new ApiError(400, 'validation_failed', t('portEdit.checkTagged'), [{ field: 'tagged', message: tagged.reason }]);
      const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
      await p.onSubmit({
        description: orNull(v.description),
        mode: v.mode as Port['mode'],
        untaggedNetworkId: v.untaggedNetworkId || null,
        taggedNetworkIds: v.mode === 'trunk' ? tagged.ids : [],
        connectedDevice: orNull(v.connectedDevice),
        poe: v.poe,
        speed: orNull(v.speed),
        enabled: v.enabled,
        linkedPortId: v.linkSwitchId ? v.linkedPortId || null : null,
      });
    },
    ['taggedNetworkIds'],
  );
  const v = form.values;
  const e: Record<string, string | undefined> = { ...form.errors, tagged: form.errors.tagged ?? form.errors.taggedNetworkIds };
  const [switches, setSwitches] = useState<Switch[] | null>(null);
  const [farPorts, setFarPorts] = useState<Port[] | null>(null);
  useEffect(() => {
    listSwitches({ limit: 500, sort: 'name' }).then(
      (r) => setSwitches(r.items.filter((s) => s.id !== p.sw.id)),
      () => setSwitches([]),
    );
  }, [p.sw.id]);
  useEffect(() => {
    setFarPorts(null);
    if (v.linkSwitchId) switchPorts(v.linkSwitchId).then(setFarPorts, () => setFarPorts([]));
  }, [v.linkSwitchId]);
  const id = (f: string) => `pe-${port.id}-${f}`;
  const inp = (f: 'description' | 'connectedDevice' | 'speed', label: string, extra: Record<string, unknown> = {}) => html`
    <input id=${id(f)} type="text" value=${v[f]} aria-label=${t('portEdit.fieldOf', { field: label, port: port.name })} aria-invalid=${e[f] ? 'true' : undefined}
      aria-describedby=${e[f] ? `${id(f)}-err` : undefined} onInput=${(ev: Event) => form.set(f, (ev.currentTarget as HTMLInputElement).value)} ...${extra} />
    <${Err} id=${`${id(f)}-err`} msg=${e[f]} />`;
  const onKey = (ev: KeyboardEvent) => {
    const target = ev.target as HTMLInputElement;
    if (ev.key === 'Enter' && target.tagName === 'INPUT' && target.type !== 'checkbox') form.onSubmit(ev);
    else if (ev.key === 'Escape') p.onCancel();
  };
  return html`<tr class="editing" onKeyDown=${onKey}>
    <td class="check"></td>
    <th scope="row" class="port-col">${port.name}</th>
    <td>${inp('description', t('field.description'))}</td>
    <td><select aria-label=${t('portEdit.fieldOf', { field: t('ports.col.mode'), port: port.name })} value=${v.mode} onChange=${(ev: Event) => form.set('mode', (ev.currentTarget as HTMLSelectElement).value)}>
      <option value="access" selected=${v.mode === 'access'}>${t('mode.access')}</option><option value="trunk" selected=${v.mode === 'trunk'}>${t('mode.trunk')}</option></select>
      <${Err} id=${id('mode-err')} msg=${e.mode} /></td>
    <td><select aria-label=${t('portEdit.fieldOf', { field: t('ports.col.untagged'), port: port.name })} value=${v.untaggedNetworkId} onChange=${(ev: Event) => form.set('untaggedNetworkId', (ev.currentTarget as HTMLSelectElement).value)}>
      <option value="">${t('common.none')}</option>
      ${p.networks.map((n) => html`<option value=${n.id} selected=${n.id === v.untaggedNetworkId}>${t('vlans.option', { vlan: n.vlanId, name: n.name })}</option>`)}
    </select><${Err} id=${id('u-err')} msg=${e.untaggedNetworkId} /></td>
    <td><input type="text" class="mono narrow" value=${v.tagged} placeholder=${v.mode === 'trunk' ? '10,20-22' : t('portEdit.trunkOnly')} disabled=${v.mode !== 'trunk'}
      aria-label=${t('portEdit.fieldOf', { field: t('portEdit.taggedVlans'), port: port.name })} aria-invalid=${e.tagged ? 'true' : undefined}
      onInput=${(ev: Event) => form.set('tagged', (ev.currentTarget as HTMLInputElement).value)} /><${Err} id=${id('t-err')} msg=${e.tagged} /></td>
    <td class="link-edit">
      <select aria-label=${t('portEdit.linkedSwitch', { port: port.name })} value=${v.linkSwitchId} onChange=${(ev: Event) => {
        form.set('linkSwitchId', (ev.currentTarget as HTMLSelectElement).value);
        form.set('linkedPortId', '');
      }}>
        <option value="">${t('portEdit.noLink')}</option>
        ${(switches ?? []).map((s) => html`<option value=${s.id} selected=${s.id === v.linkSwitchId}>${s.name}</option>`)}
        ${!switches && link && html`<option value=${link.switchId} selected>${link.switchName}</option>`}
      </select>
      ${
        v.linkSwitchId &&
        html`<select aria-label=${t('portEdit.farPort', { port: port.name })} value=${v.linkedPortId} onChange=${(ev: Event) => form.set('linkedPortId', (ev.currentTarget as HTMLSelectElement).value)}>
        <option value="">${t('portEdit.choosePort')}</option>
        ${(farPorts ?? []).map((fp) => html`<option value=${fp.id} selected=${fp.id === v.linkedPortId}>${fp.name}</option>`)}
      </select>`
      }
      <${Err} id=${id('l-err')} msg=${e.linkedPortId} />
    </td>
    <td>${inp('connectedDevice', t('ports.col.device'))}</td>
    <td><input type="checkbox" checked=${v.poe} aria-label=${t('portEdit.poe', { port: port.name })} onChange=${(ev: Event) => form.set('poe', (ev.currentTarget as HTMLInputElement).checked)} /></td>
    <td>${inp('speed', t('ports.col.speed'), { class: 'narrow' })}</td>
    <td><input type="checkbox" checked=${v.enabled} aria-label=${t('portEdit.enabled', { port: port.name })} onChange=${(ev: Event) => form.set('enabled', (ev.currentTarget as HTMLInputElement).checked)} /></td>
    <td class="actions">
      <form class="inline-form" onSubmit=${form.onSubmit}>
        <button type="submit" class="btn btn-primary btn-small" disabled=${form.pending}>${form.pending ? t('common.saving') : t('common.save')}</button>
        <button type="button" class="btn btn-small" onClick=${p.onCancel}>${t('common.cancel')}</button>
      </form>
      <${FormNotice} message=${form.formError} conflict=${form.conflict} onReload=${p.onReload} />
    </td>
  </tr>`;
}
