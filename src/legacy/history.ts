// The 0.20.x history that can be undone: an activity entry that carries `previous_state` says which fields of one
// record it set (`changes`) and what they held before (`previous_state`, a field it leaves out was empty). Mapped by
// the fields' own mappings (mappings.ts) onto the API's fields and the new ids, each such entry becomes a change of
// one record: its before and after values. history-undo.ts walks them back from the records as migrated and makes
// each entry's undo data. Pure: no I/O.
import { ADDRESS } from '../fields/addresses.ts';
import { checkValue, isPlainObject, type Resource } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { PORT } from '../fields/ports.ts';
import { RANGE } from '../fields/ranges.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { jsonForMessage } from '../lib/json-text.ts';
import { empty, type Mapping } from './context.ts';
import { ADDRESS_MAPPING, NETWORK_MAPPING, PORT_MAPPING, RANGE_MAPPING, SITE_MAPPING, SWITCH_MAPPING, VLAN_MAPPING } from './mappings.ts';

/** The kinds whose 0.20.x entries carry a record's previous values. */
export type HistoryKind = 'site' | 'vlan' | 'network' | 'switch' | 'port' | 'address' | 'range';

/** What one 0.20.x entry changed of one record, in the API's fields and ids. */
export interface LegacyChange {
  kind: HistoryKind;
  recordId: string;
  /** Each field the entry set, as it was before the entry. */
  before: Record<string, unknown>;
  /** The same fields as the entry left them. */
  after: Record<string, unknown>;
  /** Why the entry cannot be undone although it holds previous values (one of them names a VLAN that is gone…). */
  lost?: string;
}

/** What mapping an entry's values needs of the migrated data. */
export interface HistoryLookups {
  /** The new id of a VLAN by its number, among the VLANs of the record's site. */
  vlanByNumber: (vid: unknown) => string | undefined;
  /** The new id of a VLAN by its 0.20.x record id (a network's `vlan_id`). */
  vlanByKey: (key: unknown) => string | undefined;
  /** The record as migrated: a port's mode when the entry does not set it. */
  current: Record<string, unknown>;
}

const MAPPED: Record<HistoryKind, { resource: Resource; mapping: Mapping }> = {
  site: { resource: SITE, mapping: SITE_MAPPING },
  vlan: { resource: VLAN, mapping: VLAN_MAPPING },
  network: { resource: NETWORK, mapping: NETWORK_MAPPING },
  switch: { resource: SWITCH, mapping: SWITCH_MAPPING },
  port: { resource: PORT, mapping: PORT_MAPPING },
  address: { resource: ADDRESS, mapping: ADDRESS_MAPPING },
  range: { resource: RANGE, mapping: RANGE_MAPPING },
};

/**
 * The change an entry made to its record, when it carries `changes` and `previous_state` (else undefined): each
 * field of `changes` the model keeps, before and after, as the reader maps a record's fields.
 */
export function legacyChange(
  raw: Record<string, unknown>,
  target: { kind: HistoryKind; recordId: string },
  lookups: HistoryLookups,
): LegacyChange | undefined {
  const { changes, previous_state: previous } = raw;
  if (!isPlainObject(changes) || !isPlainObject(previous)) return undefined;
  const beforeLegacy = Object.fromEntries(Object.keys(changes).map((field) => [field, previous[field]]));
  const after = sideValues(target.kind, changes, lookups);
  const before = sideValues(target.kind, beforeLegacy, lookups);
  const lost = after.lost ?? before.lost;
  return { ...target, before: before.values, after: after.values, ...(lost ? { lost } : {}) };
}

interface Side {
  values: Record<string, unknown>;
  lost?: string;
}

/** One side of an entry (its `changes`, or the same fields of its `previous_state`) in the API's fields. */
function sideValues(kind: HistoryKind, legacy: Record<string, unknown>, lookups: HistoryLookups): Side {
  const side: Side = { values: {} };
  const { resource, mapping } = MAPPED[kind];
  for (const [legacyName, apiName] of mapping.names) {
    if (!(legacyName in legacy)) continue;
    const field = resource.fields.find((candidate) => candidate.name === apiName)!;
    const value = legacy[legacyName];
    if (empty(value)) {
      side.values[apiName] = field.default ?? null;
      continue;
    }
    const checked = checkValue(field, value);
    if (checked.ok) side.values[apiName] = checked.value;
    else side.lost ??= `its ${legacyName} ${jsonForMessage(value, 60)} ${checked.message}`;
  }
  if (kind === 'network' && 'vlan_id' in legacy) oneVlan(side, 'vlanId', legacy.vlan_id, lookups.vlanByKey, 'vlan_id');
  if (kind === 'switch' && 'configured_vlans' in legacy)
    vlanList(side, 'configuredVlanIds', legacy.configured_vlans, lookups, 'configured_vlans');
  if (kind === 'port') portSide(side, legacy, lookups);
  return side;
}

/** A port's status, mode, VLANs and PoE, as the reader maps them (ezswm.ts checkPort). */
function portSide(side: Side, legacy: Record<string, unknown>, lookups: HistoryLookups): void {
  if ('status' in legacy) {
    side.values.enabled = legacy.status !== 'disabled';
    side.values.linkStatus = legacy.status === 'up' || legacy.status === 'down' ? legacy.status : null;
  }
  const mode = 'port_mode' in legacy ? (legacy.port_mode === 'trunk' ? 'trunk' : 'access') : lookups.current.mode;
  if ('port_mode' in legacy) side.values.mode = mode;
  const untagged = mode === 'trunk' ? 'native_vlan' : 'access_vlan';
  if (untagged in legacy) oneVlan(side, 'untaggedVlanId', legacy[untagged], lookups.vlanByNumber, untagged);
  else if ('port_mode' in legacy) side.values.untaggedVlanId = null;
  if (mode === 'access' && ('port_mode' in legacy || 'tagged_vlans' in legacy)) side.values.taggedVlanIds = [];
  else if ('tagged_vlans' in legacy) vlanList(side, 'taggedVlanIds', legacy.tagged_vlans, lookups, 'tagged_vlans');
  if ('poe' in legacy) {
    const poe = legacy.poe;
    const checked = isPlainObject(poe)
      ? checkValue(POE, { type: poe.type, maxWatts: poe.max_watts ?? null })
      : { ok: true as const, value: null };
    if (checked.ok) side.values.poe = checked.value;
    else side.lost ??= `its poe ${jsonForMessage(poe, 60)} ${checked.message}`;
  }
}

const POE = PORT.fields.find((field) => field.name === 'poe')!;

function oneVlan(side: Side, field: string, value: unknown, find: (value: unknown) => string | undefined, legacyName: string): void {
  if (empty(value)) {
    side.values[field] = null;
    return;
  }
  const id = find(value);
  if (id) side.values[field] = id;
  else side.lost ??= `its ${legacyName} ${jsonForMessage(value, 60)} names a VLAN that was not migrated`;
}

function vlanList(side: Side, field: string, value: unknown, lookups: HistoryLookups, legacyName: string): void {
  const numbers = empty(value) ? [] : Array.isArray(value) ? value : undefined;
  const ids = numbers?.map((vid) => lookups.vlanByNumber(vid));
  if (!ids || ids.some((id) => id === undefined)) {
    side.lost ??= `its ${legacyName} ${jsonForMessage(value, 60)} names a VLAN that is not at the site`;
    return;
  }
  side.values[field] = [...new Set(ids as string[])].sort();
}
