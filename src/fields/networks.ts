import { NEARLY_FULL_PERCENT } from '../lib/ip-math.ts';
import { normalizeCidr, normalizeIp } from '../lib/net.ts';
import { jsonForMessage } from '../lib/json-text.ts';
import { STORED_FIELDS, VERSION_FIELDS, ipAddress, nameField, optionalText, siteIdField, splitList } from './common.ts';
import { declareResource, type JsonSchema, type Normalized, refused } from './field.ts';

/** Most DNS servers a network lists. */
const DNS_SERVERS_MAX = 8;

/** A count: a number below 2^53, else its decimal text (IPv6). */
export const COUNT_SCHEMA: JsonSchema = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^[0-9]+$' },
  ],
};

/** ip-math.ts's Utilization. */
const UTILIZATION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['size', 'usable', 'used', 'reserved', 'dhcp', 'free', 'percent'],
  properties: {
    size: { ...COUNT_SCHEMA, description: 'Every address of the subnet.' },
    usable: {
      ...COUNT_SCHEMA,
      description: 'The assignable ones: IPv4 below /31 without network and broadcast; IPv6 without the subnet-router anycast address.',
    },
    used: { ...COUNT_SCHEMA, description: 'The recorded addresses.' },
    reserved: { ...COUNT_SCHEMA, description: 'The unrecorded usable addresses of reserved ranges.' },
    dhcp: { ...COUNT_SCHEMA, description: 'The unrecorded usable addresses of DHCP ranges.' },
    free: { ...COUNT_SCHEMA, description: 'The rest of the usable addresses.' },
    percent: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description: '(used + dhcp + reserved) / usable, in per cent, rounded half up to one decimal.',
    },
  },
};

/** A network: an IP subnet of one site, in at most one VLAN of that site. */
export const NETWORK = declareResource({
  type: 'network',
  table: 'networks',
  fields: [
    ...STORED_FIELDS,
    siteIdField('The site this network belongs to.'),
    {
      name: 'vlanId',
      column: 'vlan_id',
      type: 'uuid',
      description: 'The VLAN (of the same site) this subnet is in, or null (a routed link).',
    },
    nameField('per site'),
    {
      name: 'subnet',
      column: 'subnet',
      type: 'text',
      required: true,
      maxLength: 49,
      normalize: subnet,
      searchable: true,
      sortable: true,
      description: 'IPv4 or IPv6 CIDR without host bits (10.0.10.0/24); no two networks of a site overlap.',
    },
    {
      name: 'gateway',
      column: 'gateway',
      type: 'text',
      maxLength: 45,
      normalize: ipAddress,
      searchable: true,
      description: 'An address inside subnet, or null.',
    },
    {
      name: 'dnsServers',
      column: 'dns_servers',
      type: 'json',
      default: [],
      check: dnsServers,
      schema: { type: 'array', items: { type: 'string' }, maxItems: DNS_SERVERS_MAX },
      csvCodec: { write: (value) => (value as string[]).join(';'), read: (text) => dnsServers(splitList(text)) },
      description: `Up to ${DNS_SERVERS_MAX} IPv4 or IPv6 addresses, in order.`,
    },
    optionalText('description', 'description', 1000, 'Free text.'),
    ...VERSION_FIELDS,
    {
      name: 'addressCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      sortable: true,
      description: 'The addresses recorded in this network.',
    },
    {
      name: 'utilization',
      type: 'json',
      readOnly: true,
      csv: false,
      sortable: true,
      schema: UTILIZATION_SCHEMA,
      description: "How full the network is (docs/IPAM.md), in lists as in one network's answer; sorted by its percent.",
    },
    {
      name: 'nearlyFull',
      type: 'boolean',
      readOnly: true,
      csv: false,
      description: `utilization.percent is ${NEARLY_FULL_PERCENT} or more.`,
    },
  ],
});

function subnet(text: string): Normalized {
  const result = normalizeCidr(text);
  if (result.ok) return { ok: true, value: result.value };
  return result.code ? refused(result.code, result.params) : { ok: false, message: result.reason };
}

function dnsServers(raw: unknown): Normalized {
  if (!Array.isArray(raw)) return refused('not_address_list');
  if (raw.length > DNS_SERVERS_MAX) return refused('too_many_addresses', { max: DNS_SERVERS_MAX });
  const servers: string[] = [];
  for (const item of raw) {
    const ip = typeof item === 'string' ? normalizeIp(item.trim()) : undefined;
    if (!ip) return refused('item_not_ip', { value: jsonForMessage(item, 60) });
    if (!servers.includes(ip)) servers.push(ip);
  }
  return { ok: true, value: servers };
}
