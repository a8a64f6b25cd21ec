// A VLAN number on its colour swatch, with its name for assistive technology.
import { html } from '../html.ts';
import { textOn } from '../format.ts';

/** What a VLAN without a colour is drawn in (the server gives every VLAN one; this is for safety). */
const NO_COLOR = '#8c959f';

/** The number of a VLAN on its colour; `name` also shows its name after the chip. */
export function VlanChip(p: { vlan: { vid: number; color: string | null; name?: string }; withName?: boolean; href?: string }) {
  const bg = p.vlan.color ?? NO_COLOR;
  const chip = html`<span class="vlan-chip" style=${{ backgroundColor: bg, color: textOn(bg) }} title=${p.vlan.name}>${p.vlan.vid}</span>`;
  if (!p.withName) return chip;
  const name = p.href ? html`<a href=${p.href}>${p.vlan.name}</a>` : p.vlan.name;
  return html`<span class="vlan-named">${chip} ${name}</span>`;
}
