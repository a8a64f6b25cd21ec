// What the route table of the tools' inventories (routes/inventory.ts) names.
import { SWITCH_ROLES, SWITCH_STATUSES } from '../../fields/choices.ts';

/** The filters both inventories take. */
export const INVENTORY_QUERY = [
  { name: 'siteId', schema: { type: 'string', format: 'uuid' }, description: 'The switches of one site.' },
  { name: 'role', schema: { type: 'string', enum: [...SWITCH_ROLES] }, description: 'The switches of one role.' },
  { name: 'tag', schema: { type: 'string', maxLength: 100 }, description: 'The switches with this tag (letter case aside).' },
  { name: 'status', schema: { type: 'string', enum: [...SWITCH_STATUSES] }, description: 'The switches of one status.' },
];

const VLAN_NUMBERS = { type: 'array', items: { type: 'integer' } };

/** A host's variables in Ansible's script inventory. */
const HOSTVARS = {
  type: 'object',
  properties: {
    ansible_host: { type: 'string', description: 'The management IP (absent without one).' },
    ansible_network_os: {
      type: 'string',
      description: 'cisco.ios.ios, arista.eos.eos, junipernetworks.junos.junos… (absent when unknown).',
    },
    switchyard_id: { type: 'string', format: 'uuid' },
    switchyard_name: { type: 'string' },
    switchyard_site: { type: 'string' },
    switchyard_site_id: { type: 'string', format: 'uuid' },
    switchyard_vendor: { type: ['string', 'null'] },
    switchyard_model: { type: ['string', 'null'] },
    switchyard_role: { type: ['string', 'null'] },
    switchyard_status: { type: 'string' },
    switchyard_tags: { type: 'array', items: { type: 'string' } },
    switchyard_vlans: {
      type: 'array',
      items: { type: 'object', properties: { vid: { type: 'integer' }, name: { type: 'string' } } },
    },
    switchyard_ports: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          type: { type: 'string' },
          enabled: { type: 'boolean' },
          description: { type: ['string', 'null'] },
          mode: { type: 'string', enum: ['access', 'trunk'] },
          untagged_vlan: { type: ['integer', 'null'] },
          tagged_vlans: VLAN_NUMBERS,
          lag: { type: ['string', 'null'] },
        },
      },
    },
  },
};

/** Ansible's script inventory: `_meta.hostvars` and the groups, each with hosts, children and vars. */
export const ANSIBLE_INVENTORY = {
  type: 'object',
  properties: { _meta: { type: 'object', properties: { hostvars: { type: 'object', additionalProperties: HOSTVARS } } } },
  additionalProperties: {
    type: 'object',
    properties: {
      hosts: { type: 'array', items: { type: 'string' } },
      children: { type: 'array', items: { type: 'string' } },
      vars: { type: 'object' },
    },
  },
};

/** Oxidized's HTTP source: one object per switch with a management IP. */
export const OXIDIZED_NODES = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      ip: { type: 'string' },
      model: {
        type: ['string', 'null'],
        description: "Oxidized's model name: ios, nxos, eos, junos, procurve, aoscx… (null when unknown).",
      },
      group: { type: 'string', description: "The site's name." },
    },
  },
};
