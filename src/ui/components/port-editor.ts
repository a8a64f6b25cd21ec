// One port in a side panel: every field of the port, a VLAN picker for the tagged VLANs (by number and name,
// or typed as "10-20,30"), the link to another switch's port or to a device, and Save, Cancel and Delete in a
// footer that stays in view however long the form is, at 1280 px and at 375 px alike; the IP addresses of the
// device on the port, linked to their networks. Also creates a port. A LAG member's mode and VLANs are its LAG's:
// shown read-only, with a button that opens the LAG.
import { html, useEffect, useState } from '../html.ts';
import { LINK_STATUSES, PORT_TYPES, POE_TYPES } from '../../fields/choices.ts';
import { ApiError, listAddresses, listSwitches, switchPorts } from '../api.ts';
import { useModalDialog, useResource } from '../hooks.ts';
import type { Port, Switch, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { vlanIdsOf, vlanTextOf } from '../vlan-text.ts';
import { useFarEndMatch } from './far-end-match.ts';
import { SelectField, TextField } from './fields.ts';
import type { LinkInfo } from './port-panel.ts';
import { SidePanel } from './side-panel.ts';
import { VlanPicker } from './vlan-picker.ts';
import '../messages-later.ts';

/** The fields the editor sends, in API terms. */
export type PortChange = Partial<
  Pick<
    Port,
    | 'name'
    | 'unit'
    | 'type'
    | 'description'
    | 'enabled'
    | 'linkStatus'
    | 'mode'
    | 'untaggedVlanId'
    | 'taggedVlanIds'
    | 'speed'
    | 'poe'
    | 'macAddress'
    | 'linkedPortId'
    | 'connectedDevice'
    | 'connectedPort'
  >
>;

type Values = {
  name: string;
  unit: string;
  type: string;
  description: string;
  enabled: boolean;
  linkStatus: string;
  mode: string;
  untaggedVlanId: string;
  tagged: string;
  speed: string;
  poeType: string;
  poeWatts: string;
  macAddress: string;
  linkSwitchId: string;
  linkedPortId: string;
  connectedDevice: string;
  connectedPort: string;
};

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The API body of the editor's values; a LAG member's (`inLag`) leaves out the mode and VLANs its LAG sets. */
function changeOf(v: Values, vlans: Vlan[], inLag: boolean): PortChange {
  const tagged = vlanIdsOf(inLag ? '' : v.tagged, vlans);
  if (!tagged.ok) throw new ApiError(400, 'validation_failed', t('portEdit.checkTagged'), [{ field: 'tagged', message: tagged.reason }]);
  const watts = v.poeWatts.trim();
  if (v.poeType && watts !== '' && !(Number(watts) >= 0))
    throw new ApiError(400, 'validation_failed', t('portEdit.checkPoe'), [{ field: 'poeWatts', message: t('portEdit.wattsNumber') }]);
  const change: PortChange = {
    name: v.name.trim(),
    unit: Number(v.unit) || 1,
    type: v.type as Port['type'],
    description: orNull(v.description),
    enabled: v.enabled,
    linkStatus: (v.linkStatus || null) as Port['linkStatus'],
    mode: v.mode as Port['mode'],
    untaggedVlanId: v.untaggedVlanId || null,
    taggedVlanIds: v.mode === 'trunk' ? tagged.ids : [],
    speed: orNull(v.speed),
    poe: v.poeType ? { type: v.poeType as NonNullable<Port['poe']>['type'], maxWatts: watts === '' ? null : Number(watts) } : null,
    macAddress: orNull(v.macAddress),
    linkedPortId: v.linkSwitchId ? v.linkedPortId || null : null,
    connectedDevice: orNull(v.connectedDevice),
    connectedPort: orNull(v.connectedPort),
  };
  if (inLag) {
    delete change.mode;
    delete change.untaggedVlanId;
    delete change.taggedVlanIds;
  }
  return change;
}

/** The side panel editing `port` (or creating a port when none is given) of switch `sw`. */
export function PortEditor(p: {
  sw: Switch;
  port?: Port;
  vlans: Vlan[];
  links: Map<string, LinkInfo>;
  /** The name of the LAG the port is a member of, and what opens that LAG's panel. */
  lag?: { name: string; open: () => void };
  /** `matchFarEnd`: give the far end of the link the same mode and VLANs in the same change. */
  onSubmit: (c: PortChange, options: { matchFarEnd: boolean }) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  onClose: () => void;
  onReload: () => void;
}) {
  const port = p.port;
  const link = port?.linkedPortId ? p.links.get(port.linkedPortId) : undefined;
  const byId = new Map(p.vlans.map((v) => [v.id, v]));
  const form = useForm<Values>(
    {
      name: port?.name ?? '',
      unit: String(port?.unit ?? 1),
      type: port?.type ?? 'rj45',
      description: port?.description ?? '',
      enabled: port?.enabled ?? true,
      linkStatus: port?.linkStatus ?? '',
      mode: port?.mode ?? 'access',
      untaggedVlanId: port?.untaggedVlanId ?? '',
      tagged: vlanTextOf(port?.taggedVlanIds ?? [], byId),
      speed: port?.speed ?? '',
      poeType: port?.poe?.type ?? '',
      poeWatts: port?.poe?.maxWatts === null || port?.poe?.maxWatts === undefined ? '' : String(port.poe.maxWatts),
      macAddress: port?.macAddress ?? '',
      linkSwitchId: link?.switchId ?? '',
      linkedPortId: port?.linkedPortId ?? '',
      connectedDevice: port?.connectedDevice ?? '',
      connectedPort: port?.connectedPort ?? '',
    },
    async (v) => p.onSubmit(changeOf(v, p.vlans, !!p.lag), { matchFarEnd: farEnd.match }),
    ['taggedVlanIds', 'poe', 'maxWatts'],
  );
  const v = form.values;
  const e: Record<string, string | undefined> = {
    ...form.errors,
    tagged: form.errors.tagged ?? form.errors.taggedVlanIds,
    poeType: form.errors.poe,
    poeWatts: form.errors.poeWatts ?? form.errors.maxWatts,
  };
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

  // The addresses recorded on this port (filtered here too, should the server not know the portId filter).
  const addresses = useResource(
    async (signal) =>
      port
        ? (await listAddresses({ siteId: p.sw.siteId, portId: port.id, limit: 500 }, signal)).items.filter((a) => a.portId === port.id)
        : [],
    [port?.id],
  );

  const dialog = useModalDialog(p.onClose, '.side-body input, .side-body select');

  const text = (name: keyof Values & string, label: string, extra: Record<string, unknown> = {}) =>
    html`<${TextField} label=${label} name=${name} value=${v[name] as string} error=${e[name]}
      onInput=${(x: string) => form.set(name, x as never)} ...${extra} />`;
  const select = (name: keyof Values & string, label: string, options: { value: string; label: string }[], disabled = false) =>
    html`<${SelectField} label=${label} name=${name} value=${v[name] as string} error=${e[name]} options=${options} disabled=${disabled}
      onChange=${(x: string) => form.set(name, x as never)} />`;
  const units = Array.from({ length: Math.max(p.sw.stackSize, Number(v.unit) || 1) }, (_, i) => String(i + 1));
  const vlanOptions = [
    { value: '', label: t('common.none') },
    ...p.vlans.map((x) => ({ value: x.id, label: t('vlans.option', { vlan: x.vid, name: x.name }) })),
  ];
  const linkOptions = [
    { value: '', label: t('portEdit.noLink') },
    ...(switches ?? []).map((s) => ({ value: s.id, label: s.name })),
    ...(!switches && link ? [{ value: link.switchId, label: link.switchName }] : []),
  ];
  const farOptions = [{ value: '', label: t('portEdit.choosePort') }, ...(farPorts ?? []).map((fp) => ({ value: fp.id, label: fp.name }))];
  if (v.linkedPortId && !farPorts && link) farOptions.push({ value: v.linkedPortId, label: link.portName });
  const title = port ? t('portEdit.title', { port: port.name }) : t('portEdit.newTitle');
  const nearTagged = vlanIdsOf(v.mode === 'trunk' ? v.tagged : '', p.vlans);
  const farEnd = useFarEndMatch({
    sw: p.sw,
    vlans: p.vlans,
    near: { mode: v.mode, untaggedVlanId: v.untaggedVlanId || null, taggedVlanIds: nearTagged.ok ? nearTagged.ids : [] },
    far: port && v.linkSwitchId ? farPorts?.find((fp) => fp.id === v.linkedPortId) : undefined,
    farSwitch: switches?.find((s) => s.id === v.linkSwitchId),
    isNew: v.linkedPortId !== (port?.linkedPortId ?? ''),
    id: `${dialog.titleId}-match`,
  });

  return html`<${SidePanel} dialog=${dialog} form=${form} title=${title} subtitle=${p.sw.name}
      submitLabel=${port ? t('common.save') : t('portEdit.create')} deleteLabel=${t('portEdit.delete')} onDelete=${p.onDelete} onReload=${p.onReload}>
    <div class="field-row">
      ${text('name', t('field.name'), { required: true, maxLength: 64 })}
      ${select(
        'type',
        t('portEdit.type'),
        PORT_TYPES.map((x) => ({ value: x, label: t(`portType.${x}`) })),
      )}
    </div>
    <div class="field-row">
      ${select(
        'unit',
        t('portEdit.unit'),
        units.map((u) => ({ value: u, label: u })),
      )}
      ${select('linkStatus', t('portEdit.linkStatus'), [
        { value: '', label: t('portEdit.linkUnknown') },
        ...LINK_STATUSES.map((x) => ({ value: x, label: t(`linkStatus.${x}`) })),
      ])}
    </div>
    ${text('description', t('field.description'))}
    <div class="field check-field">
      <input type="checkbox" id=${`${dialog.titleId}-en`} checked=${v.enabled}
        onChange=${(ev: Event) => form.set('enabled', (ev.currentTarget as HTMLInputElement).checked)} />
      <label for=${`${dialog.titleId}-en`}>${t('portEdit.enabledLabel')}</label>
    </div>
    <fieldset class="side-group">
      <legend>${t('portEdit.vlans')}</legend>
      ${
        p.lag &&
        html`<div class="lag-note">
        <p>${t('lag.setBy', { name: p.lag.name })}</p>
        <button type="button" class="btn btn-small" onClick=${p.lag.open}>${t('lag.open', { name: p.lag.name })}</button>
      </div>`
      }
      <div class="field-row">
        ${select(
          'mode',
          t('ports.col.mode'),
          [
            { value: 'access', label: t('mode.access') },
            { value: 'trunk', label: t('mode.trunk') },
          ],
          !!p.lag,
        )}
        ${select('untaggedVlanId', v.mode === 'trunk' ? t('portEdit.nativeVlan') : t('ports.col.untagged'), vlanOptions, !!p.lag)}
      </div>
      <${VlanPicker} label=${t('portEdit.taggedVlans')} value=${v.tagged} vlans=${p.vlans} disabled=${v.mode !== 'trunk' || !!p.lag} error=${e.tagged}
        hint=${p.lag ? undefined : v.mode === 'trunk' ? t('portEdit.taggedHint') : t('portEdit.trunkOnly')} onChange=${(x: string) => form.set('tagged', x)} />
    </fieldset>
    <fieldset class="side-group">
      <legend>${t('portEdit.physical')}</legend>
      <div class="field-row">
        ${text('speed', t('ports.col.speed'), { placeholder: t('placeholder.speed') })}
        ${select('poeType', t('portEdit.poeType'), [{ value: '', label: t('portEdit.noPoe') }, ...POE_TYPES.map((x) => ({ value: x, label: x }))])}
      </div>
      ${v.poeType && text('poeWatts', t('portEdit.poeWatts'), { type: 'number', min: 0, max: 200, inputMode: 'decimal' })}
    </fieldset>
    <fieldset class="side-group">
      <legend>${t('portEdit.connection')}</legend>
      <div class="field-row">
        ${select('linkSwitchId', t('portEdit.linkSwitch'), linkOptions)}
        ${v.linkSwitchId && select('linkedPortId', t('portEdit.linkPort'), farOptions)}
      </div>
      ${farEnd.view}
      ${
        !v.linkSwitchId &&
        html`<div class="field-row">
        ${text('connectedDevice', t('ports.col.device'))}
        ${text('connectedPort', t('portEdit.connectedPort'))}
      </div>`
      }
      ${text('macAddress', t('portEdit.mac'), { placeholder: t('placeholder.mac'), hint: t('portEdit.macHint') })}
      ${
        !!addresses.data?.length &&
        html`<p>${t('portEdit.addresses')} ${addresses.data.map(
          (a, i) =>
            html`${i ? ', ' : ''}<a class="mono" href=${`/networks/${a.networkId}?q=${a.address}`}>${a.address}</a>${a.hostname ? ` (${a.hostname})` : ''}`,
        )}</p>`
      }
    </fieldset>
  </${SidePanel}>`;
}
