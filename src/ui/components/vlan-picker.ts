// A list of VLANs of one site, picked by number and name: the list typed as switches write it ("10-20,30",
// read by src/lib/vlan-ranges.ts) and one checkbox per VLAN with its colour and name, kept in step.
import { html, useId } from '../html.ts';
import { compactRanges } from '../../lib/vlan-ranges.ts';
import type { Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { vlanIdsOf } from '../vlan-text.ts';
import { VlanChip } from './vlan-chip.ts';

/** `value` is the typed list; `onChange` gets the new text (checking a box rewrites it compactly). */
export function VlanPicker(p: {
  label: string;
  value: string;
  vlans: Vlan[];
  disabled?: boolean;
  error?: string;
  hint?: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const read = vlanIdsOf(p.value, p.vlans);
  const chosen = new Set(read.ok ? read.ids : []);
  const toggle = (v: Vlan, on: boolean) => {
    const vids = p.vlans.filter((x) => (x.id === v.id ? on : chosen.has(x.id))).map((x) => x.vid);
    p.onChange(compactRanges(vids));
  };
  const described = [p.hint ? `${id}-hint` : '', p.error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return html`<div class=${`field vlan-picker${p.error ? ' has-error' : ''}`}>
    <label for=${id}>${p.label}</label>
    <input id=${id} type="text" class="mono" value=${p.value} disabled=${p.disabled} placeholder=${p.disabled ? '' : t('placeholder.vlanList')}
      aria-invalid=${p.error ? 'true' : undefined} aria-describedby=${described}
      onInput=${(e: Event) => p.onChange((e.currentTarget as HTMLInputElement).value)} />
    ${p.hint && html`<p class="hint" id=${`${id}-hint`}>${p.hint}</p>`}
    ${p.error && html`<p class="field-error" id=${`${id}-err`} role="alert">${p.error}</p>`}
    ${
      p.vlans.length > 0 &&
      html`<fieldset class="vlan-checks" disabled=${p.disabled}>
      <legend class="visually-hidden">${t('vlanPicker.choose', { field: p.label })}</legend>
      ${p.vlans.map(
        (v) => html`<label key=${v.id} class="vlan-check"><input type="checkbox" checked=${chosen.has(v.id)}
          onChange=${(e: Event) => toggle(v, (e.currentTarget as HTMLInputElement).checked)} /><${VlanChip} vlan=${v} /> <span>${v.name}</span></label>`,
      )}
    </fieldset>`
    }
  </div>`;
}
