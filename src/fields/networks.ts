import { normalizeCidr, normalizeIp } from '../lib/net.ts';
import { STORED_FIELDS, VERSION_FIELDS, nameField, optionalText, siteIdField } from './common.ts';
import { declareResource, type Normalized } from './field.ts';

/** A network: a VLAN of one site, with its subnet. */
export const NETWORK = declareResource({
  type: 'network',
  table: 'networks',
  fields: [
    ...STORED_FIELDS,
    siteIdField('The site this VLAN belongs to.'),
    nameField('per site'),
    {
      name: 'vlanId',
      column: 'vlan_id',
      type: 'integer',
      required: true,
      min: 1,
      max: 4094,
      sortable: true,
      description: 'VLAN number, unique per site.',
    },
    {
      name: 'subnet',
      column: 'subnet',
      type: 'text',
      maxLength: 49,
      normalize: subnet,
      searchable: true,
      sortable: true,
      description: 'IPv4 or IPv6 CIDR without host bits (10.0.10.0/24).',
    },
    {
      name: 'gateway',
      column: 'gateway',
      type: 'text',
      maxLength: 45,
      normalize: address,
      searchable: true,
      description: 'An address inside subnet.',
    },
    optionalText('description', 'description', 1000, 'Free text.'),
    { name: 'color', column: 'color', type: 'text', normalize: color, description: '#rrggbb.', format: 'color' },
    ...VERSION_FIELDS,
    {
      name: 'portCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      sortable: true,
      description: 'Ports that carry this network, untagged or tagged.',
    },
  ],
});

function subnet(text: string): Normalized {
  const result = normalizeCidr(text);
  return result.ok ? { ok: true, value: result.value } : { ok: false, message: `${result.reason}` };
}

function address(text: string): Normalized {
  const ip = normalizeIp(text);
  return ip ? { ok: true, value: ip } : { ok: false, message: 'must be an IPv4 or IPv6 address' };
}

function color(text: string): Normalized {
  return /^#[0-9a-fA-F]{6}$/.test(text) ? { ok: true, value: text.toLowerCase() } : { ok: false, message: 'must be a colour like #1f77b4' };
}
