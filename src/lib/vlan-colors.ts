// VLAN colours: the front panel and every list colour a port by its VLAN, so the colours of one site must be
// told apart at a glance. A VLAN created without a colour gets the first colour of PALETTE its site does not
// use yet; past the palette, the generated sequence below (unique, though no longer chosen by eye).
// Migration 0006 writes the same palette and the same sequence in SQL: change both together, or neither.

/** Clearly distinct colours, most distinct first: Tableau's ten, then Kelly's colours of maximum contrast. */
export const PALETTE: readonly string[] = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#f3c300',
  '#875692',
  '#f38400',
  '#a1caf1',
  '#be0032',
  '#c2b280',
  '#008856',
  '#e68fac',
  '#0067a5',
  '#f99379',
  '#604e97',
  '#b3446c',
  '#8db600',
  '#654522',
];

const SPREAD = 2654435761; // odd: i -> i * SPREAD mod 2^24 is one-to-one, so the sequence never repeats itself

/** The i-th generated colour (i from 1): `#` and six hex digits of (i × 2654435761) mod 2^24. */
export function generatedColor(i: number): string {
  return `#${((i * SPREAD) % 0x1000000).toString(16).padStart(6, '0')}`;
}

/** The colour for a new VLAN of a site that uses `used` (lower-case `#rrggbb`): the first palette colour free, else the first generated one. */
export function pickVlanColor(used: ReadonlySet<string>): string {
  const free = PALETTE.find((color) => !used.has(color));
  if (free) return free;
  for (let i = 1; ; i++) {
    const color = generatedColor(i);
    if (!used.has(color) && !PALETTE.includes(color)) return color;
  }
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Whether a text is a colour `#rrggbb` (either case). */
export function isColor(text: string): boolean {
  return COLOR.test(text);
}
