// The bar over the port table when ports are selected: one change to all of them, in one request.
import { html, useId } from '../html.ts';
import type { BulkPortChange } from '../api.ts';
import { ApiError } from '../api.ts';
import type { Network, Port } from '../types.ts';
import { useForm } from '../use-form.ts';
import { parseVlanList } from '../format.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

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

/** The bulk bar for `count` selected ports; reports the change (without portIds) up. */
export function BulkBar(p: {
  count: number;
  networks: Network[];
  onSubmit: (c: Omit<BulkPortChange, 'portIds'>) => Promise<unknown>;
  onClear: () => void;
  onSelectAll: () => void;
  total: number;
}) {
  const byVlan = new Map(p.networks.map((n) => [n.vlanId, n]));
  const ids = (field: string, text: string) => {
    try {
      return parseVlanList(text).map((v) => {
        const n = byVlan.get(v);
        if (!n) throw new Error(`VLAN ${v} is not a network of this site`);
        return n.id;
      });
    } catch (err) {
      throw new ApiError(400, 'validation_failed', 'Check the VLANs.', [{ field, message: (err as Error).message }]);
    }
  };
  const form = useForm<Values>(BLANK, async (v, { setValues }) => {
    const set: Partial<Port> = {};
    if (v.mode) set.mode = v.mode as Port['mode'];
    if (v.untagged) set.untaggedNetworkId = v.untagged === 'none' ? null : v.untagged;
    if (v.enabled) set.enabled = v.enabled === 'enable';
    if (v.setDescription) set.description = v.description.trim() || null;
    const change: Omit<BulkPortChange, 'portIds'> = {};
    if (Object.keys(set).length) change.set = set;
    const add = ids('addTagged', v.addTagged);
    const remove = ids('removeTagged', v.removeTagged);
    if (add.length) change.addTagged = add;
    if (remove.length) change.removeTagged = remove;
    if (!change.set && !change.addTagged && !change.removeTagged) {
      throw new ApiError(400, 'validation_failed', 'Choose at least one change for the selected ports.');
    }
    await p.onSubmit(change);
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
    <input id=${`${id}-${name}`} class="mono narrow" type="text" placeholder="10,20-22" value=${v[name]}
      aria-invalid=${e[name] ? 'true' : undefined} aria-describedby=${e[name] ? `${id}-${name}-err` : undefined}
      onInput=${(ev: Event) => form.set(name, (ev.currentTarget as HTMLInputElement).value)} />
    ${e[name] && html`<p class="field-error" id=${`${id}-${name}-err`} role="alert">${e[name]}</p>`}
  </div>`;
  return html`<form class="bulk-bar" onSubmit=${form.onSubmit} aria-label="Change selected ports">
    <div class="bulk-head">
      <strong>${p.count} ${p.count === 1 ? 'port' : 'ports'} selected</strong>
      ${p.count < p.total && html`<button type="button" class="btn btn-ghost btn-small" onClick=${p.onSelectAll}>Select all ${p.total}</button>`}
      <button type="button" class="btn btn-ghost btn-small" onClick=${p.onClear}>Clear selection</button>
    </div>
    <div class="bulk-fields">
      ${sel('mode', 'Mode', [
        [NO_CHANGE, 'no change'],
        ['access', 'access'],
        ['trunk', 'trunk'],
      ])}
      ${sel('untagged', 'Untagged VLAN', [[NO_CHANGE, 'no change'], ['none', 'none'], ...p.networks.map((n): [string, string] => [n.id, `${n.vlanId} ${n.name}`])])}
      ${txt('addTagged', 'Add tagged')}
      ${txt('removeTagged', 'Remove tagged')}
      ${sel('enabled', 'Enabled', [
        [NO_CHANGE, 'no change'],
        ['enable', 'enable'],
        ['disable', 'disable'],
      ])}
      <div class="field compact">
        <label for=${`${id}-desc`}>Description</label>
        <div class="desc-set">
          <input type="checkbox" id=${`${id}-setdesc`} checked=${v.setDescription} onChange=${(ev: Event) => form.set('setDescription', (ev.currentTarget as HTMLInputElement).checked)} />
          <label for=${`${id}-setdesc`} class="visually-hidden">Set the description</label>
          <input id=${`${id}-desc`} type="text" value=${v.description} disabled=${!v.setDescription} placeholder="no change"
            onInput=${(ev: Event) => form.set('description', (ev.currentTarget as HTMLInputElement).value)} />
        </div>
      </div>
      <div class="bulk-apply"><${SubmitButton} pending=${form.pending} label=${`Apply to ${p.count}`} pendingLabel="Applying…" /></div>
    </div>
    <${FormNotice} message=${form.formError} />
  </form>`;
}
