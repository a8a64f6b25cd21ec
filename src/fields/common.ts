import { INTERFACE_NAME_MAX, interfaceNameFault } from '../lib/interface-name.ts';
import { ipKey } from '../lib/ip-math.ts';
import { normalizeIp, normalizeMac } from '../lib/net.ts';
import { type DerivedColumns, type Field, type Normalized, refused } from './field.ts';

/** The id, first field of every stored inventory resource. */
export const STORED_FIELDS = [
  { name: 'id', column: 'id', type: 'uuid', readOnly: true, description: 'Lower-case UUIDv4.', csv: true, sortable: false },
] as const satisfies readonly Field[];

/** version, createdAt and updatedAt, read-only, at the end of each stored inventory resource. */
export const VERSION_FIELDS = [
  {
    name: 'version',
    column: 'version',
    type: 'integer',
    readOnly: true,
    csv: false,
    description: 'Starts at 1, raised by every change; sent as ETag.',
  },
  { name: 'createdAt', column: 'created_at', type: 'timestamp', readOnly: true, csv: false, sortable: true, description: 'ISO 8601 UTC.' },
  { name: 'updatedAt', column: 'updated_at', type: 'timestamp', readOnly: true, csv: false, sortable: true, description: 'ISO 8601 UTC.' },
] as const satisfies readonly Field[];

/** What every name field is: required text of at least 1 character, searched by `q` and sortable. */
const NAME_FIELD = { name: 'name', column: 'name', type: 'text', required: true, minLength: 1, searchable: true, sortable: true } as const;

/** The name of a site, network or switch: 1 to 100 characters, unique in `scope` (case-insensitive). */
export function nameField(scope: 'overall' | 'per site') {
  return {
    ...NAME_FIELD,
    maxLength: 100,
    description: scope === 'overall' ? 'Unique (case-insensitive).' : 'Unique per site (case-insensitive).',
  } as const satisfies Field;
}

/** The site a network or switch belongs to. */
export function siteIdField(description: string) {
  return { name: 'siteId', column: 'site_id', type: 'uuid', required: true, description } as const satisfies Field;
}

/** The switch a port or LAG belongs to. */
export const SWITCH_ID_FIELD = {
  name: 'switchId',
  column: 'switch_id',
  type: 'uuid',
  readOnly: true,
  description: 'The switch (set by the path).',
} as const satisfies Field;

/** The name of a port or LAG: a plain interface name (`interfaceName`), unique per switch as `description` says. */
export function interfaceNameField(description: string) {
  return { ...NAME_FIELD, maxLength: INTERFACE_NAME_MAX, normalize: interfaceName, description } as const satisfies Field;
}

/** The VLANs a port or LAG carries (VLANs of its switch's site): the untagged one and the tagged ones of a trunk. */
export function vlanFields(untagged: string, tagged: string) {
  return [
    { name: 'untaggedVlanId', column: 'untagged_vlan_id', type: 'uuid', description: untagged },
    { name: 'taggedVlanIds', type: 'uuid-list', default: [], csv: true, description: tagged },
  ] as const satisfies readonly Field[];
}

/** Maker and model of a switch or template, each sortable free text. */
export const VENDOR_MODEL_FIELDS = [
  optionalText('vendor', 'vendor', 100, 'Maker.', { sortable: true }),
  optionalText('model', 'model', 100, 'Model.', { sortable: true }),
] as const satisfies readonly Field[];

/** Optional free text of up to `maxLength` characters, searched by `q`. */
export function optionalText<const N extends string, const C extends string>(
  name: N,
  column: C,
  maxLength: number,
  description: string,
  extra: Pick<Field, 'sortable'> = {},
): Field & { name: N; column: C; type: 'text' } {
  return { name, column, type: 'text', maxLength, description, searchable: true, ...extra };
}

/** A port's or a LAG's name, written raw into configurations (`interface <name>`): the rule of src/lib/interface-name.ts. */
export function interfaceName(text: string): Normalized {
  const fault = interfaceNameFault(text);
  return fault === undefined ? { ok: true, value: text } : refused(fault.code, fault.params);
}

/** An IPv4 or IPv6 address in its stored spelling. */
export function ipAddress(text: string): Normalized {
  const ip = normalizeIp(text);
  return ip ? { ok: true, value: ip } : refused('not_ip');
}

/** A MAC address in any common spelling, stored lower case with colons. */
export function macAddress(text: string): Normalized {
  const value = normalizeMac(text);
  return value ? { ok: true, value } : refused('not_mac');
}

/** A CSV cell's list: items separated by ";" (or ","), blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The key columns of addresses stored as text (docs/IPAM.md): for each [text column, hi column, lo column, API field],
 * the address's upper and lower 64 bits less 2^63 (BigInt), null when the text is no address.
 */
export function ipKeyColumns(keys: readonly [text: string, hi: string, lo: string, field: string][]): DerivedColumns {
  return {
    columns: keys.flatMap(([, hi, lo]) => [hi, lo]),
    compute(row) {
      const values: Record<string, unknown> = {};
      for (const [text, hi, lo] of keys) {
        const key = typeof row[text] === 'string' ? ipKey(row[text]) : undefined;
        values[hi] = key?.hi ?? null;
        values[lo] = key?.lo ?? null;
      }
      return values;
    },
    fieldOf: Object.fromEntries(
      keys.flatMap(([, hi, lo, field]) => [
        [hi, field],
        [lo, field],
      ]),
    ),
  };
}
