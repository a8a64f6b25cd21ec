import { LINK_STATUSES, POE_TYPES, PORT_MODES, PORT_TYPES, STACK_MAX } from './choices.ts';
import { INTERFACE_NAME_CHARACTERS } from '../lib/interface-name.ts';
import { STORED_FIELDS, SWITCH_ID_FIELD, VERSION_FIELDS, interfaceNameField, macAddress, optionalText, vlanFields } from './common.ts';
import { declareResource, type Normalized, refused } from './field.ts';

/** A port's PoE: its standard and the most it delivers (watts). */
export interface Poe {
  type: (typeof POE_TYPES)[number];
  maxWatts: number | null;
}

/** A port of a switch. */
export const PORT = declareResource({
  type: 'port',
  table: 'ports',
  fields: [
    ...STORED_FIELDS,
    SWITCH_ID_FIELD,
    interfaceNameField(
      `A plain interface name, as it is written into switch configurations: ${INTERFACE_NAME_CHARACTERS} ` +
        '(no line break, control character, ";", "{" or "}"); unique per switch (case-insensitive).',
    ),
    {
      name: 'position',
      column: 'position',
      type: 'integer',
      min: 0,
      max: 100000,
      sortable: true,
      description: 'Order on the switch; defaults to after the last port.',
    },
    {
      name: 'unit',
      column: 'unit',
      type: 'integer',
      min: 1,
      max: STACK_MAX,
      default: 1,
      sortable: true,
      description: "The stack member the port is on (1-based, at most the switch's stackSize).",
    },
    { name: 'type', column: 'type', type: 'enum', values: PORT_TYPES, default: 'rj45', sortable: true, description: 'The kind of port.' },
    optionalText('description', 'description', 200, 'What the port is for.'),
    { name: 'enabled', column: 'enabled', type: 'boolean', default: true, description: 'Administratively up.' },
    { name: 'linkStatus', column: 'link_status', type: 'enum', values: LINK_STATUSES, description: 'up, down, or null (not known).' },
    { name: 'mode', column: 'mode', type: 'enum', values: PORT_MODES, default: 'access', sortable: true, description: 'access or trunk.' },
    ...vlanFields(
      "The access VLAN, or the native VLAN of a trunk: a VLAN of the switch's site.",
      "The tagged VLANs of a trunk: VLANs of the switch's site.",
    ),
    { name: 'speed', column: 'speed', type: 'text', maxLength: 20, description: 'Free text (1G, 10G).' },
    {
      name: 'poe',
      column: 'poe',
      type: 'json',
      check: poe,
      schema: {
        type: 'object',
        properties: { type: { enum: [...POE_TYPES] }, maxWatts: { type: ['number', 'null'], minimum: 0, maximum: 200 } },
        required: ['type', 'maxWatts'],
        additionalProperties: false,
      },
      csvCodec: { write: (value) => poeText(value as Poe), read: poeFromText },
      description: 'Power over Ethernet: null, or { type, maxWatts } (maxWatts null when not known).',
    },
    {
      name: 'macAddress',
      column: 'mac_address',
      type: 'text',
      normalize: macAddress,
      searchable: true,
      description: 'MAC address of the connected device, in any common spelling; stored lower case with colons.',
    },
    { name: 'linkedPortId', column: 'linked_port_id', type: 'uuid', description: 'A port of another switch; links are symmetric.' },
    optionalText('connectedDevice', 'connected_device', 200, 'What is plugged in.'),
    optionalText('connectedPort', 'connected_port', 100, 'The far port, when the far end is not a documented switch.'),
    {
      name: 'lagId',
      column: 'lag_id',
      type: 'uuid',
      readOnly: true,
      nullable: true,
      csv: false,
      description:
        "The LAG the port is a member of, or null; set through the LAG's memberPortIds. A member's mode and VLANs are its LAG's.",
    },
    ...VERSION_FIELDS,
  ],
});

const POE_WATTS_MAX = 200;

function poe(raw: unknown): Normalized {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refused('poe_not_object');
  const { type, maxWatts, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length) return refused('poe_unknown_field', { field: Object.keys(rest)[0]! });
  if (!POE_TYPES.includes(type as Poe['type'])) return refused('poe_type', { values: POE_TYPES.join(', ') });
  const watts = maxWatts ?? null;
  if (watts !== null && !(typeof watts === 'number' && Number.isFinite(watts) && watts >= 0 && watts <= POE_WATTS_MAX))
    return refused('poe_watts', { max: POE_WATTS_MAX });
  return { ok: true, value: { type, maxWatts: watts === null ? null : Math.round(watts * 10) / 10 } };
}

// CSV: "802.3at/30" (standard and watts), "802.3at" (watts not known), empty for no PoE.
function poeText(value: Poe): string {
  return value.maxWatts === null ? value.type : `${value.type}/${value.maxWatts}`;
}

function poeFromText(text: string): Normalized {
  const [type, watts] = text.trim().split('/');
  if (watts !== undefined && !/^\d+(\.\d+)?$/.test(watts.trim())) return refused('poe_cell');
  return poe({ type: type.trim(), maxWatts: watts === undefined ? null : Number(watts) });
}
