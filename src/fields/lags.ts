import { LAG_MODES, PORT_MODES } from './choices.ts';
import { INTERFACE_NAME_CHARACTERS } from '../lib/interface-name.ts';
import { STORED_FIELDS, SWITCH_ID_FIELD, VERSION_FIELDS, interfaceNameField, optionalText, vlanFields } from './common.ts';
import { declareResource } from './field.ts';

/** A LAG (port-channel) of one switch: its member ports carry its mode and VLANs. */
export const LAG = declareResource({
  type: 'lag',
  table: 'lags',
  fields: [
    ...STORED_FIELDS,
    SWITCH_ID_FIELD,
    interfaceNameField(`Po1, ae0, Trk1: ${INTERFACE_NAME_CHARACTERS}; unique per switch (case-insensitive).`),
    {
      name: 'mode',
      column: 'mode',
      type: 'enum',
      values: LAG_MODES,
      default: 'lacp-active',
      description: 'lacp-active, lacp-passive or static.',
    },
    {
      name: 'portMode',
      column: 'port_mode',
      type: 'enum',
      values: PORT_MODES,
      default: 'access',
      description: 'access or trunk: the mode of every member.',
    },
    ...vlanFields(
      "The access VLAN, or a trunk's native VLAN, of every member: a VLAN of the switch's site.",
      "The tagged VLANs of a trunk LAG, on every member: VLANs of the switch's site.",
    ),
    {
      name: 'memberPortIds',
      type: 'uuid-list',
      required: true,
      csv: true,
      description:
        'Two or more ports of the switch, each in no other LAG; answered in port order (links to a remote LAG pair them in that order).',
    },
    {
      name: 'remoteLagId',
      column: 'remote_lag_id',
      type: 'uuid',
      description: "The LAG at the far end (another switch's); symmetric, and links the two LAGs' members pairwise in order.",
    },
    optionalText('description', 'description', 200, 'What the LAG is for.'),
    ...VERSION_FIELDS,
  ],
});
