// What the review of a discovery makes of its proposal (docs/DISCOVERY.md): the items grouped by what they change,
// the choice kept whole (an item comes with the items it requires, and goes with those that require it), and each
// item's entity, field and values in words: VLANs by number and name, ports by name, API values as their words.
import type { ProposalItem } from '../api-types.ts';
import { displayValue } from '../format.ts';
import { compactRanges } from '../../lib/vlan-ranges.ts';
import { modeLines } from '../vlan-text.ts';
import { en, t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import '../messages-later.ts';

/** The groups of the review, in the order they are shown. */
export const GROUPS = ['switch', 'newPorts', 'portFields', 'vlans', 'portVlans', 'lags', 'links'] as const;
export type GroupKey = (typeof GROUPS)[number];

const PORT_VLAN_FIELDS = new Set(['mode', 'untaggedVlan', 'taggedVlans']);

/** The group an item is shown in. */
export function groupOf(item: ProposalItem): GroupKey {
  if (item.kind === 'link') return 'links';
  if (item.entity === 'switch') return 'switch';
  if (item.entity === 'vlan') return 'vlans';
  if (item.entity === 'lag') return 'lags';
  if (item.kind === 'create') return 'newPorts';
  return PORT_VLAN_FIELDS.has(item.field ?? '') ? 'portVlans' : 'portFields';
}

/** The non-empty groups of a proposal, in GROUPS order, each with its items in the proposal's order. */
export function groupItems(items: ProposalItem[]): { key: GroupKey; items: ProposalItem[] }[] {
  return GROUPS.map((key) => ({ key, items: items.filter((item) => groupOf(item) === key) })).filter((g) => g.items.length > 0);
}

/** `chosen` with `keys` added, each with every key it requires, transitively (keys of the proposal only). */
export function choose(chosen: ReadonlySet<string>, keys: Iterable<string>, items: ProposalItem[]): Set<string> {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const out = new Set(chosen);
  const todo = [...keys];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    const item = byKey.get(key);
    if (!item || out.has(key)) continue;
    out.add(key);
    todo.push(...item.requires);
  }
  return out;
}

/** `chosen` without `keys` and without every key that requires one of them, transitively. */
export function unchoose(chosen: ReadonlySet<string>, keys: Iterable<string>, items: ProposalItem[]): Set<string> {
  const out = new Set(chosen);
  const todo = [...keys];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    if (!out.delete(key)) continue;
    for (const item of items) if (item.requires.includes(key)) todo.push(item.key);
  }
  return out;
}

/** Names of VLANs by number: the site's, and those the proposal adds. */
export type VlanNames = Map<number, string>;

/** The site's VLANs and the proposal's VLANs to add, by number. */
export function vlanNamesOf(siteVlans: { vid: number; name: string }[], items: ProposalItem[]): VlanNames {
  const names: VlanNames = new Map(siteVlans.map((v) => [v.vid, v.name]));
  for (const item of items) {
    const vlan = item.entity === 'vlan' && item.kind === 'create' ? (item.observed as { vid?: unknown; name?: unknown }) : undefined;
    if (typeof vlan?.vid === 'number' && typeof vlan.name === 'string' && !names.has(vlan.vid)) names.set(vlan.vid, vlan.name);
  }
  return names;
}

/** The item's fields as the activity log names them (changeField.*), where the proposal's name differs. */
const FIELD_LABELS: Record<string, string> = {
  untaggedVlan: 'untaggedVlanId',
  taggedVlans: 'taggedVlanIds',
  linkedPort: 'linkedPortId',
  members: 'memberPortIds',
};

/** A field's label in words ("Untagged VLAN"). */
export function fieldLabel(field: string): string {
  const key = `changeField.${FIELD_LABELS[field] ?? field}`;
  if (key in en) return t(key as MessageKey);
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an item changes, in words: its entity ("Port Gi1/0/1") and, for a change, the field ("Description"). */
export function whatOf(item: ProposalItem): { entity: string; field: string } {
  const entity = t(`discover.entity.${item.entity}`, { name: item.name });
  return { entity, field: item.field === null ? '' : fieldLabel(item.field) };
}

/** An item as one line of words: "Port Gi1/0/1 · Description". */
export function itemLabel(item: ProposalItem): string {
  const what = whatOf(item);
  return what.field ? `${what.entity} · ${what.field}` : what.entity;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const words = (group: string, value: unknown) => {
  const key = `${group}.${String(value)}`;
  return key in en ? t(key as MessageKey) : String(value);
};

/** A VLAN by number, with its name when known: "10 Users". */
export function vlanText(vid: unknown, names: VlanNames): string {
  if (typeof vid !== 'number') return displayValue(vid);
  const name = names.get(vid);
  return name ? `${vid} ${name}` : String(vid);
}

/** A port's mode and VLANs as the LAG list writes them: "trunk, native 1 default · tagged 10,20". */
function modeText(mode: unknown, untagged: unknown, tagged: unknown, names: VlanNames): string {
  const trunk = mode === 'trunk';
  const vlan = typeof untagged === 'number' ? { vid: untagged, name: names.get(untagged) ?? '' } : undefined;
  const list = trunk && Array.isArray(tagged) ? compactRanges(tagged as number[]) : '';
  return modeLines(trunk, vlan, list).join(' · ');
}

/** What a create item makes, in a few words. */
function createdText(item: ProposalItem, names: VlanNames): string {
  const o = item.observed;
  if (!isObject(o)) return displayValue(o);
  if (item.entity === 'vlan') return vlanText(o.vid, names);
  if (item.entity === 'port')
    return [o.speed, o.type ? words('portType', o.type) : '', o.description, o.enabled === false ? t('discover.disabled') : '']
      .filter(Boolean)
      .join(' · ');
  if (item.entity === 'lag') {
    const members = Array.isArray(o.members) ? (o.members as string[]).join(', ') : '';
    return [members, modeText(o.portMode, o.untaggedVlan, o.taggedVlans, names)].filter(Boolean).join(' · ');
  }
  const ports = Array.isArray(o.ports) ? t('count.ports', { count: o.ports.length }) : '';
  return [[o.vendor, o.model].filter(Boolean).join(' '), ports, o.managementIp].filter(Boolean).join(' · ');
}

/** One side of an item (documented or observed) in words; "—" for nothing. */
export function valueText(item: ProposalItem, side: 'documented' | 'observed', names: VlanNames): string {
  const value = item[side];
  if (item.kind === 'create') return side === 'documented' ? '—' : createdText(item, names);
  if (value === null || value === undefined || value === '') return '—';
  switch (item.field) {
    case 'untaggedVlan':
      return vlanText(value, names);
    case 'taggedVlans':
      return Array.isArray(value) && value.length ? compactRanges(value as number[]) : '—';
    case 'mode':
      return words('mode', value);
    case 'linkStatus':
      return words('linkStatus', value);
    case 'type':
      return words('portType', value);
    case 'linkedPort':
      return isObject(value) ? `${String(value.switch)} / ${String(value.port)}` : displayValue(value);
    default:
      return displayValue(value);
  }
}
