import { INTERFACE_NAME_CHARACTERS, INTERFACE_NAME_MAX, interfaceNameProblem } from '../lib/interface-name.ts';
import { STORED_FIELDS, VERSION_FIELDS, optionalText } from './common.ts';
import { declareResource, type Normalized } from './field.ts';

/** The modes a port can be in. */
const PORT_MODES = ['access', 'trunk'] as const;

/** A port of a switch. */
export const PORT = declareResource({
  type: 'port',
  table: 'ports',
  fields: [
    ...STORED_FIELDS,
    { name: 'switchId', column: 'switch_id', type: 'uuid', readOnly: true, description: 'The switch (set by the path).' },
    {
      name: 'name',
      column: 'name',
      type: 'text',
      required: true,
      minLength: 1,
      maxLength: INTERFACE_NAME_MAX,
      normalize: interfaceName,
      searchable: true,
      sortable: true,
      description: `A plain interface name, as it is written into switch configurations: ${INTERFACE_NAME_CHARACTERS} (no line break, control character, ";", "{" or "}"); unique per switch (case-insensitive).`,
    },
    {
      name: 'position',
      column: 'position',
      type: 'integer',
      min: 0,
      max: 100000,
      sortable: true,
      description: 'Order on the switch; defaults to after the last port.',
    },
    optionalText('description', 'description', 200, 'What the port is for.'),
    { name: 'enabled', column: 'enabled', type: 'boolean', default: true, description: 'Administratively up.' },
    { name: 'mode', column: 'mode', type: 'enum', values: PORT_MODES, default: 'access', sortable: true, description: 'access or trunk.' },
    {
      name: 'untaggedNetworkId',
      column: 'untagged_network_id',
      type: 'uuid',
      description: "Access VLAN, or native VLAN of a trunk; a network of the switch's site.",
    },
    {
      name: 'taggedNetworkIds',
      type: 'uuid-list',
      default: [],
      description: "Tagged VLANs of a trunk; networks of the switch's site.",
      csv: true,
    },
    { name: 'speed', column: 'speed', type: 'text', maxLength: 20, description: 'Free text (1G, 10G).' },
    { name: 'poe', column: 'poe', type: 'boolean', default: false, description: 'Power over Ethernet.' },
    { name: 'linkedPortId', column: 'linked_port_id', type: 'uuid', description: 'A port of another switch; links are symmetric.' },
    optionalText('connectedDevice', 'connected_device', 200, 'What is plugged in.'),
    ...VERSION_FIELDS,
  ],
});

// Names are written raw into configurations (`interface <name>`): the rule of src/lib/interface-name.ts.
function interfaceName(text: string): Normalized {
  const problem = interfaceNameProblem(text);
  return problem === undefined ? { ok: true, value: text } : { ok: false, message: problem };
}
