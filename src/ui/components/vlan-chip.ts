// A VLAN number on its colour swatch, with its name for assistive technology.
import { html } from '../html.ts';
import { networkColor, textOn } from '../format.ts';

/** The VLAN id of a network on its colour. */
export function VlanChip(p: { network: { vlanId: number; color: string | null; name?: string } }) {
  const bg = networkColor(p.network);
  return html`<span class="vlan-chip" style=${{ backgroundColor: bg, color: textOn(bg) }} title=${p.network.name}>${p.network.vlanId}</span>`;
}
