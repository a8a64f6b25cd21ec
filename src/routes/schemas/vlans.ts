// What the route table of VLANs (routes/vlans.ts) names besides the field declarations.
import { VLAN } from '../../fields/vlans.ts';
import { listSchema } from '../../http/list-request.ts';

/** One port that carries a VLAN, as GET /api/vlans/:id/ports lists it. */
export const VLAN_PORT = {
  type: 'object',
  required: ['id', 'name', 'unit', 'position', 'mode', 'description', 'switch', 'as'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'The port.' },
    name: { type: 'string', description: 'The port name.' },
    unit: { type: 'integer', description: 'The stack member.' },
    position: { type: 'integer' },
    mode: { type: 'string', enum: ['access', 'trunk'] },
    description: { type: ['string', 'null'] },
    switch: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
      description: 'The switch of the port.',
    },
    as: { type: 'string', enum: ['untagged', 'tagged'], description: 'untagged: its access or native VLAN; tagged: in its tagged list.' },
  },
};

/** The answer of GET /api/vlans/:id/ports: a page of the ports that carry the VLAN. */
export const VLAN_PORTS_PAGE = listSchema(VLAN, VLAN_PORT);

/** The CSV header of GET /api/vlans/:id/ports. */
export const VLAN_PORTS_CSV_HEADER = ['switchId', 'switch', 'portId', 'port', 'unit', 'position', 'mode', 'as', 'description'];
