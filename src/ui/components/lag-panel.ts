// One LAG in a side panel: its name, aggregation mode, port mode and VLANs (which the members carry), its member
// ports picked by clicking them on a front panel of their own (console and management ports and the members of
// other LAGs cannot be picked, and say so), its far end chosen from the LAGs of the site's other switches, and its
// description; Save, Cancel and Delete in a footer that stays in view. Also creates a LAG. Loaded when first opened.
import { html, useEffect, useMemo } from '../html.ts';
import { LAG_MODES } from '../../fields/choices.ts';
import { ApiError, getLag, listSwitches, switchLags } from '../api.ts';
import { useModalDialog, useResource } from '../hooks.ts';
import type { Lag, Port, Switch, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { useSelection } from '../use-selection.ts';
import type { Selection } from '../use-selection.ts';
import { vlanIdsOf, vlanTextOf } from '../vlan-text.ts';
import { SelectField, TextField } from './fields.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo, PanelLayout } from './port-panel.ts';
import { SidePanel } from './side-panel.ts';
import { VlanPicker } from './vlan-picker.ts';
import '../messages-later.ts';

/** The fields the panel sends, in API terms. */
export type LagChange = Pick<
  Lag,
  'name' | 'mode' | 'portMode' | 'untaggedVlanId' | 'taggedVlanIds' | 'memberPortIds' | 'remoteLagId' | 'description'
>;

/** The far end of a LAG as the switch page resolved it: the remote LAG and its switch. */
export type FarEnd = { lagId: string; lagName: string; switchId: string; switchName: string };

type Values = {
  name: string;
  mode: string;
  portMode: string;
  untaggedVlanId: string;
  tagged: string;
  remoteSwitchId: string;
  remoteLagId: string;
  description: string;
};

/** The side panel editing `lag` (or creating one when none is given) of switch `sw`. */
export function LagPanel(p: {
  sw: Switch;
  lag?: Lag;
  /** Every LAG of the switch, to tell the ports that are members of another one. */
  lags: Lag[];
  ports: Port[];
  vlans: Vlan[];
  links: Map<string, LinkInfo>;
  far?: FarEnd;
  layout?: PanelLayout;
  stacked: boolean;
  onSubmit: (change: LagChange) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  onClose: () => void;
  onReload: () => void;
}) {
  const lag = p.lag;
  const byId = useMemo(() => new Map(p.vlans.map((v) => [v.id, v])), [p.vlans]);
  const nameOfLag = useMemo(() => new Map(p.lags.map((l) => [l.id, l.name])), [p.lags]);

  // Ports that cannot be members, each with the reason in words; the members of other LAGs are marked on the panel.
  const { blocked, otherLags } = useMemo(() => {
    const blocked = new Map<string, string>();
    const otherLags = new Map<string, string>();
    for (const port of p.ports) {
      const other = port.lagId && port.lagId !== lag?.id ? (nameOfLag.get(port.lagId) ?? '?') : undefined;
      if (other) {
        otherLags.set(port.id, other);
        blocked.set(port.id, t('lag.inLag', { port: port.name, lag: other }));
      } else if (port.type === 'console' || port.type === 'management')
        blocked.set(port.id, t('lag.ownPort', { port: port.name, type: t(`portType.${port.type}`) }));
    }
    return { blocked, otherLags };
  }, [p.ports, nameOfLag, lag?.id]);
  const pickable = useMemo(() => p.ports.filter((x) => !blocked.has(x.id)).map((x) => x.id), [p.ports, blocked]);
  const chosen = useSelection(pickable);
  useEffect(() => chosen.set(lag?.memberPortIds ?? []), [lag?.id]);
  // A blocked port can be taken out (it joined another LAG while this panel was open), not put in.
  const picker: Selection = {
    ...chosen,
    toggle: (id, range) => (blocked.has(id) && !chosen.selected.has(id) ? undefined : chosen.toggle(id, range)),
  };
  const members = p.ports.filter((x) => chosen.selected.has(x.id));

  const form = useForm<Values>(
    {
      name: lag?.name ?? '',
      mode: lag?.mode ?? 'lacp-active',
      portMode: lag?.portMode ?? 'access',
      untaggedVlanId: lag?.untaggedVlanId ?? '',
      tagged: vlanTextOf(lag?.taggedVlanIds ?? [], byId),
      remoteSwitchId: p.far?.switchId ?? '',
      remoteLagId: lag?.remoteLagId ?? '',
      description: lag?.description ?? '',
    },
    async (v) => {
      const tagged = vlanIdsOf(v.tagged, p.vlans);
      if (!tagged.ok)
        throw new ApiError(400, 'validation_failed', t('portEdit.checkTagged'), [{ field: 'tagged', message: tagged.reason }]);
      if (v.remoteSwitchId && !v.remoteLagId)
        throw new ApiError(400, 'validation_failed', t('lag.checkFarEnd'), [{ field: 'remoteLagId', message: t('lag.chooseFarLag') }]);
      const change: LagChange = {
        name: v.name.trim(),
        mode: v.mode as Lag['mode'],
        portMode: v.portMode as Lag['portMode'],
        untaggedVlanId: v.untaggedVlanId || null,
        taggedVlanIds: v.portMode === 'trunk' ? tagged.ids : [],
        memberPortIds: members.map((x) => x.id),
        remoteLagId: v.remoteLagId || null,
        description: v.description.trim() || null,
      };
      try {
        await p.onSubmit(change);
      } catch (err) {
        // A port in another LAG meanwhile (409 lag_member): the whole sentence (it names every such port and its
        // LAG) at the members, where it can be mended, and the page reloaded so that the panel marks them.
        if (!(err instanceof ApiError) || err.code !== 'lag_member') throw err;
        p.onReload();
        throw new ApiError(err.status, err.code, err.message, [{ field: 'memberPortIds', message: err.message }]);
      }
    },
    ['taggedVlanIds', 'memberPortIds'],
  );
  const v = form.values;
  const e: Record<string, string | undefined> = { ...form.errors, tagged: form.errors.tagged ?? form.errors.taggedVlanIds };

  const switches = useResource(
    async (signal) => (await listSwitches({ siteId: p.sw.siteId, limit: 500, sort: 'name' }, signal)).items.filter((s) => s.id !== p.sw.id),
    [p.sw.id],
  );
  const farLags = useResource(async (signal) => (v.remoteSwitchId ? switchLags(v.remoteSwitchId, signal) : []), [v.remoteSwitchId]);
  // A far end the page has not resolved yet: its switch is looked up here (the LAG stays paired meanwhile).
  useEffect(() => {
    if (!lag?.remoteLagId || p.far) return;
    getLag(lag.remoteLagId).then(
      (r) => form.set('remoteSwitchId', r.switchId),
      () => undefined,
    );
  }, [lag?.id]);

  const dialog = useModalDialog(p.onClose, '.side-body input, .side-body select');
  const select = (
    name: keyof Values & string,
    label: string,
    options: { value: string; label: string }[],
    extra: Record<string, unknown> = {},
  ) =>
    html`<${SelectField} label=${label} name=${name} value=${v[name]} error=${e[name]} options=${options}
      onChange=${(x: string) => form.set(name, x)} ...${extra} />`;
  const vlanOptions = [
    { value: '', label: t('common.none') },
    ...p.vlans.map((x) => ({ value: x.id, label: t('vlans.option', { vlan: x.vid, name: x.name }) })),
  ];
  // The site's other switches, and the far end's switch should it be elsewhere.
  const farSwitch = p.far ? [{ id: p.far.switchId, name: p.far.switchName }] : [];
  const switchList = [...(switches.data ?? []), ...farSwitch.filter((x) => !switches.data?.some((s) => s.id === x.id))];
  const switchOptions = [{ value: '', label: t('lag.noFarEnd') }, ...switchList.map((s) => ({ value: s.id, label: s.name }))];
  const farOf = farLags.data ?? (p.far && p.far.switchId === v.remoteSwitchId ? [{ id: p.far.lagId, name: p.far.lagName }] : []);
  const lagOptions = [{ value: '', label: t('lag.chooseLag') }, ...farOf.map((l) => ({ value: l.id, label: l.name }))];
  const unavailable = p.ports.filter((x) => blocked.has(x.id)).map((x) => blocked.get(x.id)!);
  const title = lag ? t('lag.title', { name: lag.name }) : t('lag.newTitle');
  const membersError = e.memberPortIds;

  return html`<${SidePanel} dialog=${dialog} form=${form} class="lag-side" title=${title} subtitle=${p.sw.name}
      submitLabel=${lag ? t('common.save') : t('lag.create')} deleteLabel=${t('lag.delete')} onDelete=${p.onDelete} onReload=${p.onReload}>
    <div class="field-row">
      <${TextField} label=${t('field.name')} name="name" value=${v.name} error=${e.name} required=${true} maxLength=${64}
        placeholder=${t('lag.namePlaceholder')} onInput=${(x: string) => form.set('name', x)} />
      ${select(
        'mode',
        t('lag.aggregation'),
        LAG_MODES.map((m) => ({ value: m, label: t(`lag.mode.${m}`) })),
      )}
    </div>
    <fieldset class=${`side-group lag-members${membersError ? ' has-error' : ''}`}>
      <legend>${t('lag.members')}</legend>
      <p class="hint">${t('lag.membersHint')}</p>
      <${PortPanel} ports=${p.ports} vlans=${byId} links=${p.links} selection=${picker} stacked=${p.stacked}
        label=${t('lag.membersPanel')} lagOf=${otherLags} layout=${p.layout} />
      <p class="lag-chosen" aria-live="polite">${
        members.length ? t('lag.chosen', { count: members.length, ports: members.map((x) => x.name).join(', ') }) : t('lag.noneChosen')
      }</p>
      ${membersError && html`<p class="field-error" role="alert">${membersError}</p>`}
      ${unavailable.length > 0 && html`<p class="hint">${t('lag.notPickable', { ports: unavailable.join(', ') })}</p>`}
    </fieldset>
    <fieldset class="side-group">
      <legend>${t('portEdit.vlans')}</legend>
      <p class="hint">${t('lag.vlansHint')}</p>
      <div class="field-row">
        ${select('portMode', t('lag.portMode'), [
          { value: 'access', label: t('mode.access') },
          { value: 'trunk', label: t('mode.trunk') },
        ])}
        ${select('untaggedVlanId', v.portMode === 'trunk' ? t('portEdit.nativeVlan') : t('ports.col.untagged'), vlanOptions)}
      </div>
      <${VlanPicker} label=${t('portEdit.taggedVlans')} value=${v.tagged} vlans=${p.vlans} disabled=${v.portMode !== 'trunk'} error=${e.tagged}
        hint=${v.portMode === 'trunk' ? t('portEdit.taggedHint') : t('portEdit.trunkOnly')} onChange=${(x: string) => form.set('tagged', x)} />
    </fieldset>
    <fieldset class="side-group">
      <legend>${t('lag.farEnd')}</legend>
      <div class="field-row">
        <${SelectField} label=${t('lag.farSwitch')} name="remoteSwitchId" value=${v.remoteSwitchId} options=${switchOptions}
          onChange=${(x: string) => form.setValues({ ...v, remoteSwitchId: x, remoteLagId: '' })} />
        ${v.remoteSwitchId && select('remoteLagId', t('lag.farLag'), lagOptions)}
      </div>
      ${
        v.remoteSwitchId && farLags.data?.length === 0
          ? html`<p class="hint">${t('lag.noLagsThere')}</p>`
          : html`<p class="hint">${t('lag.farHint')}</p>`
      }
    </fieldset>
    <${TextField} label=${t('field.description')} name="description" value=${v.description} error=${e.description} maxLength=${200}
      onInput=${(x: string) => form.set('description', x)} />
  </${SidePanel}>`;
}
