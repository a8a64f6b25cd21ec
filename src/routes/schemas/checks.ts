// What the route table of checks (routes/checks.ts) names: the shape of the findings, with every kind's rule.
import { FINDING_KINDS, SEVERITIES } from '../../db/checks.ts';
import type { JsonSchema } from '../../fields/field.ts';

const KIND_RULES = [
  'duplicate_management_ip (error): one management IP on several switches, across sites too (sites share one address space).',
  'duplicate_mac (error): one MAC address on several switches.',
  "gateway_is_management_ip (warning): a network's gateway is also some switch's management IP.",
  'link_mode_mismatch (error): the two ends of a link are an access port and a trunk.',
  'link_native_vlan_mismatch (error): the two ends of a link have different untagged VLANs, compared by VLAN number (none counts as a value).',
  "management_ip_outside_subnets (warning): a switch's management IP is in none of its site's subnets of the same IP family; a site without subnets of that family is not judged.",
  "vlan_not_carried_by_uplink (warning): a VLAN on an enabled access port that none of the switch's linked trunk ports carries, tagged or native; only switches with a linked trunk port are judged.",
  'unused_network (info): no port uses the network, untagged or tagged.',
].join(' ');

/** The answer of GET /api/checks. */
export const FINDINGS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['findings'],
  properties: {
    findings: {
      type: 'array',
      description: 'Sorted by severity (error, warning, info), kind, message and entity ids.',
      items: {
        type: 'object',
        required: ['kind', 'severity', 'message', 'entities'],
        properties: {
          kind: { type: 'string', enum: [...FINDING_KINDS], description: KIND_RULES },
          severity: { type: 'string', enum: [...SEVERITIES] },
          message: { type: 'string' },
          entities: {
            type: 'array',
            description: 'Every entity involved: the switches of a duplicate, both ports of a link, the switch and the network of a VLAN.',
            items: {
              type: 'object',
              required: ['type', 'id', 'name'],
              properties: {
                type: { type: 'string', enum: ['switch', 'network', 'port'] },
                id: { type: 'string', format: 'uuid' },
                name: { type: 'string', description: 'The entity\'s name; a port\'s is "<switch> port <port>".' },
              },
            },
          },
        },
      },
    },
  },
};
