// The bar over the port table when ports are selected: one change to all of them, in one request. When the
// selection holds members of a LAG it says that their mode and VLANs are the LAG's (the API refuses such a change
// with 409 lag_member, whose message shows above the button).
import { html, useId } from '../html.ts';
import type { BulkPortChange } from '../api.ts';
import { ApiError } from '../api.ts';
import type { Port, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { vlanIdsOf } from '../vlan-text.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import '../messages-later.ts';

type Values = {
  mode: string;
  untagged: string;
  addTagged: string;
  removeTagged: string;
  enabled: string;
  setDescription: boolean;
  description: string;
};

const NO_CHANGE = '';
const BLANK: Values = {
  mode: NO_CHANGE,
  untagged: NO_CHANGE,
  addTagged: '',
  removeTagged: '',
  enabled: NO_CHANGE,
  setDescription: false,
  description: '',
};

/** The bulk bar for `count` selected ports (`lagMembers` of them in a LAG); reports the change (without portIds) up. */
export function BulkBar(p: {
  count: number;
  lagMembers?: number;
  vlans: Vlan[];
  onSubmit: (c: Omit<BulkPortChange, 'portIds'>) => Promise<unknown>;
  onClear: () => void;
  onSelectAll: () => void;
  total: number;
}) {
  const ids = (field: string, text: string) => {
    const read = vlanIdsOf(text, p.vlans);
    if (!read.ok) throw new ApiError(400, 'validation_failed', t('bulk.checkVlans'), [{ field, message: read.reason }]);
    return read.ids;
  };
  const form = useForm<Values>(BLANK, async (v, { setValues }) => {
    const set: Partial<Port> = {};
    if (v.mode) set.mode = v.mode as Port['mode'];
    if (v.untagged) set.untaggedVlanId = v.untagged === 'none' ? null : v.untagged;
    if (v.enabled) set.enabled = v.enabled === 'enable';
    if (v.setDescription) set.description = v.description.trim() || null;
    const change: Omit<BulkPortChange, 'portIds'> = {};
    if (Object.keys(set).length) change.set = set;
    const add = ids('addTagged', v.addTagged);
    const remove = ids('removeTagged', v.removeTagged);
    if (add.length) change.addTaggedVlanIds = add;
    if (remove.length) change.removeTaggedVlanIds = remove;
    if (!change.set && !change.addTaggedVlanIds && !change.removeTaggedVlanIds) {
      throw new ApiError(400, 'validation_failed', t('bulk.nothingChosen'));
    }
    try {
      await p.onSubmit(change);
    } catch (err) {
      // 409 lag_member: each member and its LAG once (a fault per field would repeat them), without the request's fields.
      if (err instanceof ApiError && err.code === 'lag_member') {
        const members = [...new Set(err.details.map((d) => d.message))];
        throw new ApiError(err.status, err.code, `${err.message} ${members.join('; ')}`);
      }
      throw err;
    }
    setValues(BLANK);
  });
  const v = form.values;
  const e = form.errors;
  const id = useId();
  const sel = (name: 'mode' | 'untagged' | 'enabled', label: string, options: [string, string][]) => html`<div class="field compact">
    <label for=${`${id}-${name}`}>${label}</label>
    <select id=${`${id}-${name}`} value=${v[name]} onChange=${(ev: Event) => form.set(name, (ev.currentTarget as HTMLSelectElement).value)}>
      ${options.map(([val, lab]) => html`<option value=${val} selected=${val === v[name]}>${lab}</option>`)}
    </select></div>`;
  const txt = (name: 'addTagged' | 'removeTagged', label: string) => html`<div class=${`field compact${e[name] ? ' has-error' : ''}`}>
    <label for=${`${id}-${name}`}>${label}</label>
    <input id=${`${id}-${name}`} class="mono narrow" type="text" placeholder=${t('placeholder.vlanList')} value=${v[name]}
      aria-invalid=${e[name] ? 'true' : undefined} aria-describedby=${e[name] ? `${id}-${name}-err` : undefined}
      onInput=${(ev: Event) => form.set(name, (ev.currentTarget as HTMLInputElement).value)} />
    ${e[name] && html`<p class="field-error" id=${`${id}-${name}-err`} role="alert">${e[name]}</p>`}
  </div>`;
  return html`<form class="bulk-bar" onSubmit=${form.onSubmit} aria-label=${t('bulk.label')}>
    <div class="bulk-head">
      <strong>${t('bulk.selected', { count: p.count })}</strong>
      ${
        p.count < p.total &&
        html`<button type="button" class="btn btn-ghost btn-small"
        onClick=${p.onSelectAll}>${t('bulk.selectAll', { count: p.total })}</button>`
      }
      <button type="button" class="btn btn-ghost btn-small" onClick=${p.onClear}>${t('bulk.clear')}</button>
    </div>
    ${!!p.lagMembers && html`<p class="notice info lag-bulk">${t('lag.bulkMembers', { count: p.lagMembers })}</p>`}
    <div class="bulk-fields">
      ${sel('mode', t('ports.col.mode'), [
        [NO_CHANGE, t('common.noChange')],
        ['access', t('mode.access')],
        ['trunk', t('mode.trunk')],
      ])}
      ${sel('untagged', t('ports.col.untagged'), [
        [NO_CHANGE, t('common.noChange')],
        ['none', t('common.none')],
        ...p.vlans.map((n): [string, string] => [n.id, t('vlans.option', { vlan: n.vid, name: n.name })]),
      ])}
      ${txt('addTagged', t('bulk.addTagged'))}
      ${txt('removeTagged', t('bulk.removeTagged'))}
      ${sel('enabled', t('ports.col.enabled'), [
        [NO_CHANGE, t('common.noChange')],
        ['enable', t('bulk.enable')],
        ['disable', t('bulk.disable')],
      ])}
      <div class="field compact">
        <label for=${`${id}-desc`}>${t('field.description')}</label>
        <div class="desc-set">
          <input type="checkbox" id=${`${id}-setdesc`} checked=${v.setDescription}
            onChange=${(ev: Event) => form.set('setDescription', (ev.currentTarget as HTMLInputElement).checked)} />
          <label for=${`${id}-setdesc`} class="visually-hidden">${t('bulk.setDescription')}</label>
          <input id=${`${id}-desc`} type="text" value=${v.description} disabled=${!v.setDescription} placeholder=${v.setDescription ? '' : t('common.noChange')}
            onInput=${(ev: Event) => form.set('description', (ev.currentTarget as HTMLInputElement).value)} />
        </div>
      </div>
      <div class="bulk-apply"><${SubmitButton} pending=${form.pending} label=${t('bulk.apply', { count: p.count })} pendingLabel=${t('bulk.applying')} /></div>
    </div>
    <${FormNotice} message=${form.formError} />
  </form>`;
}
