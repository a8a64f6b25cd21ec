// What the route table of checks (routes/checks.ts) names: the shape of the findings, with every kind's rule.
import { ENTITY_TYPES, FINDING_KINDS, OBSERVATION_KINDS, SEVERITIES } from '../../db/read/checks.ts';
import type { JsonSchema } from '../../fields/field.ts';
import { MESSAGE_PARAMS_SCHEMA } from '../../http/openapi.ts';

const KIND_RULES = [
  'duplicate_management_ip (error): one management IP on several switches, across sites too (sites share one address space).',
  'duplicate_mac (error): one MAC address on several switches.',
  "gateway_is_management_ip (warning): a network's gateway is also some switch's management IP.",
  'link_mode_mismatch (error): the two ends of a link are an access port and a trunk.',
  'link_native_vlan_mismatch (error): the two ends of a link have different untagged VLANs, compared by VLAN number (none counts as a value).',
  'link_tagged_vlan_mismatch (error): the two trunk ends of a link carry different tagged VLANs, compared by number; ' +
    'the message names each VLAN only one end carries ("VLAN 30 only on acc-1 Gi1/0/48").',
  "lag_member_mismatch (error): a LAG member whose mode, untagged VLAN or (both trunks) tagged VLANs differ from its LAG's, " +
    'or that is a console or management port (which no path lets become a member; such data came from before the rule), ' +
    'a finding per member naming each difference, VLANs by number.',
  'lag_pair_mismatch (error): the two LAGs of a pair (remoteLagId) differ in mode, untagged VLAN (by number), ' +
    'tagged VLANs when both are trunks (each VLAN only one end carries named), aggregation (static at one end, LACP at the other) ' +
    'or number of members.',
  "management_ip_outside_subnets (warning): a switch's management IP is in none of its site's networks of the same IP family; " +
    'a site without networks of that family is not judged.',
  'overlapping_subnets (warning): two networks of one site whose subnets overlap (kept from model 1, which allowed them), a finding per pair.',
  'poe_over_budget (warning): the sum of maxWatts of the enabled PoE ports of a switch is more than its poeBudgetWatts (only switches with a budget).',
  'vlan_not_carried_by_uplink (warning): a VLAN used on a switch (by an enabled port other than its uplinks, or configured) ' +
    'that none of its uplinks (trunks linked to another switch) carries at both ends, tagged or native; ' +
    'every switch with an uplink is judged, a finding per switch naming each such VLAN with its ports.',
  "drift (warning): a difference between a switch's latest discovery (a scheduled poll is one) and its documentation as it is now, " +
    "a finding per proposal item but a port's link status, speed and type, and one per documented port the switch does not report " +
    '(form drift.port_missing, proposal key port:<name>:missing); params name the discovery (discoveryId, observedAt), ' +
    'the proposal key that adopts it (key: POST /api/discovery/{discoveryId}/apply; none for a missing port, which no discovery removes) ' +
    'and the key that acknowledges it ' +
    '(findingKey, drift:<switch id>:<proposal key>: POST /api/checks/acknowledge); an acknowledged one is left out.',
  'unused_vlan (info): no port carries the VLAN, untagged or tagged.',
  'broken_rule (error): a stored record that breaks a rule every change keeps (' +
    "a port's or LAG's VLAN of another site or tagged VLANs off a trunk, a unit beyond its switch's stack, a link that does " +
    'not link back, a gateway, address or DHCP/static range outside its subnet): kept from before the rule, or written by another tool; ' +
    'a finding per record naming each broken field.',
].join(' ');

/**
 * A list a finding's message is made of: each part worded by its form (a finding form of its own, `part.…`, or a field
 * fault's, `fault.<code>`) from its params (text, numbers, lists), then joined by the separator.
 */
const MESSAGE_PART_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['form', 'params'],
  properties: { form: { type: 'string' }, params: { type: 'object' } },
};
const MESSAGE_LIST_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['separator', 'parts'],
  properties: { separator: { type: 'string' }, parts: { type: 'array', items: MESSAGE_PART_SCHEMA } },
};

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
          kind: { type: 'string', enum: [...FINDING_KINDS, ...OBSERVATION_KINDS], description: KIND_RULES },
          severity: { type: 'string', enum: [...SEVERITIES] },
          message: { type: 'string' },
          form: {
            type: 'string',
            description:
              "The form of the message when it is not the kind's own: a variant of the kind (poe_over_budget.one_port, " +
              'management_ip_not_recorded.differs…), worded from params.',
          },
          params: {
            ...MESSAGE_PARAMS_SCHEMA,
            additionalProperties: { anyOf: [{ type: ['string', 'number'] }, MESSAGE_LIST_SCHEMA] },
            description:
              'Present when the kind has a form that words the message from these values (an IP, names, VLAN numbers, counts, ' +
              'and lists: the VLANs only one end carries, the differences of a LAG member, the broken rules of a record).',
          },
          entities: {
            type: 'array',
            description:
              'Every entity involved: the switches of a duplicate, both ports of a link, the LAG and the port of a LAG member, ' +
              'both LAGs of a pair, the two networks of an overlap, the switch and the VLAN of an uncarried VLAN, ' +
              'the network and the switch of a gateway.',
            items: {
              type: 'object',
              required: ['type', 'id', 'name'],
              properties: {
                type: { type: 'string', enum: [...ENTITY_TYPES] },
                id: { type: 'string', format: 'uuid' },
                name: {
                  type: 'string',
                  description: 'The entity\'s name; a port\'s is "<switch> port <port>", a LAG\'s "<switch> LAG <lag>".',
                },
              },
            },
          },
        },
      },
    },
  },
};

/** The request of POST /api/checks/acknowledge. */
export const ACKNOWLEDGE_REQUEST: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'note'],
  properties: {
    key: {
      type: 'string',
      minLength: 1,
      maxLength: 600,
      description: "A drift finding's params.findingKey: drift:<switch id>:<proposal key>.",
    },
    note: { type: 'string', minLength: 1, maxLength: 1000, description: 'Why the difference is accepted.' },
    until: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the finding comes back (a date or a time in the future); left out or null: only when its difference changes.',
    },
  },
};

/** An acknowledged drift finding. */
export const ACKNOWLEDGEMENT_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['key', 'switchId', 'note', 'until', 'documented', 'observed', 'createdAt', 'createdBy'],
  properties: {
    key: { type: 'string' },
    switchId: { type: 'string', format: 'uuid' },
    note: { type: 'string' },
    until: { type: ['string', 'null'], format: 'date-time' },
    documented: { description: 'The documented side of the difference as it was acknowledged.' },
    observed: { description: 'The observed side of the difference as it was acknowledged.' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'], format: 'uuid' },
  },
};
