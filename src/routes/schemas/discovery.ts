// What the route table of SNMP discovery (routes/discovery.ts) names: the bodies, the limits of their fields and the
// shapes of a discovery, its proposal items and a kept MAC table entry (docs/DISCOVERY.md).
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../../discovery/observed.ts';
import { SNMP_LIMITS } from '../../discovery/snmp-input.ts';

export { SNMP_LIMITS };

/** The most keys one apply names. */
export const MAX_KEYS = 20_000;

const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength });

/** The `snmp` field: SNMPv2c with a community, or SNMPv3 authPriv (a credential set's too). */
export const SNMP = {
  description:
    'The credentials: SNMPv2c with a community, or SNMPv3 authPriv. Never answered back, logged or exported. Leave out for a switch whose ' +
    'credentials were remembered for this host and port (elsewhere only an admin may: 403 credentials_bound_to_host).',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'community'],
      properties: { version: { const: '2c' }, community: text(SNMP_LIMITS.community) },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'user', 'authProtocol', 'authKey', 'privProtocol', 'privKey'],
      properties: {
        version: { const: '3' },
        user: text(SNMP_LIMITS.user),
        authProtocol: { enum: [...SNMP_AUTH_PROTOCOLS] },
        authKey: text(SNMP_LIMITS.keyMax, SNMP_LIMITS.keyMin),
        privProtocol: { enum: [...SNMP_PRIV_PROTOCOLS] },
        privKey: text(SNMP_LIMITS.keyMax, SNMP_LIMITS.keyMin),
        context: text(SNMP_LIMITS.context, 0),
      },
    },
  ],
};

/** The body of POST /api/discovery. */
export const DISCOVERY_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['siteId', 'host'],
  properties: {
    siteId: { type: 'string', format: 'uuid', description: 'The site the switch is (or is to be) documented at.' },
    host: {
      ...text(SNMP_LIMITS.host),
      description:
        'The switch: an IPv4 or IPv6 address or a host name, with :port when not 161 ([2001:db8::1]:1161 for IPv6). ' +
        'Every address it has must be allowed by DISCOVERY_ALLOW.',
    },
    switchId: {
      type: 'string',
      format: 'uuid',
      description: 'The documented switch (of the site) this host is; left out for a switch not documented yet.',
    },
    snmp: SNMP,
    credentialId: {
      type: 'string',
      format: 'uuid',
      description: 'A credential set (GET /api/credentials) to read the switch with, instead of snmp: 404 for none.',
    },
    remember: {
      type: 'boolean',
      default: false,
      description:
        'Keep the credentials (sealed with a key derived from APP_JWT_SECRET) for this host and port, ' +
        'so that a later discovery of the switch there may leave snmp out.',
    },
  },
};

/** The body of POST /api/discovery/{id}/apply. */
export const APPLY_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['keys'],
  properties: {
    keys: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_KEYS,
      items: { type: 'string', minLength: 1 },
      description: "Keys of the discovery's proposal; each with the keys its item requires.",
    },
    drift: {
      type: 'boolean',
      description:
        'Adopt drift findings of GET /api/checks: the keys are of the proposal the discovery gives now (the items they require ' +
        "are applied with them); the discovery must be its switch's latest and may have been applied before (409 discovery_stale otherwise).",
    },
  },
};

/** One difference of a proposal. */
export const PROPOSAL_ITEM = {
  type: 'object',
  required: ['key', 'kind', 'entity', 'name', 'field', 'documented', 'observed', 'requires'],
  properties: {
    key: { type: 'string', description: 'Stable for the same discovery: switch:model, port:<name>:description, vlan:<vid>:add, …' },
    kind: { enum: ['create', 'change', 'link'] },
    entity: { enum: ['switch', 'port', 'vlan', 'lag'] },
    name: { type: 'string', description: "The entity's name (a VLAN's number)." },
    field: {
      type: ['string', 'null'],
      description:
        'null for a create; name, model, serialNumber, macAddress of the switch; description, speed, type, linkStatus, enabled, mode, ' +
        'untaggedVlan, taggedVlans, linkedPort of a port; members of a LAG.',
    },
    documented: { description: 'What is documented (VLANs by number, ports by name); null for a create.' },
    observed: { description: 'What the switch reports, as it would be documented.' },
    requires: { type: 'array', items: { type: 'string' }, description: 'Keys that must be applied with this one.' },
  },
};

const SYSTEM = {
  type: 'object',
  description: 'What the switch says of itself (sysName, sysDescr, vendor, model, serial, base MAC, …).',
  properties: {
    sysName: { type: ['string', 'null'] },
    sysDescr: { type: ['string', 'null'] },
    sysObjectID: { type: ['string', 'null'] },
    sysLocation: { type: ['string', 'null'] },
    sysContact: { type: ['string', 'null'] },
    vendor: { type: ['string', 'null'] },
    model: { type: ['string', 'null'] },
    serial: { type: ['string', 'null'] },
    macAddress: { type: ['string', 'null'] },
  },
};

const DISCOVERY_FIELDS = {
  id: { type: 'string', format: 'uuid' },
  siteId: { type: 'string', format: 'uuid' },
  switchId: {
    type: ['string', 'null'],
    format: 'uuid',
    description: 'null for a switch not documented (until applying creates it), or one deleted since.',
  },
  newSwitch: { type: 'boolean', description: 'Whether the discovery was of a switch not documented yet.' },
  host: { type: 'string' },
  observedAt: { type: 'string', format: 'date-time' },
  createdBy: { type: ['string', 'null'], format: 'uuid' },
  agentId: { type: ['string', 'null'], format: 'uuid', description: 'The agent that read the switch (issue 39); null: the server.' },
  system: SYSTEM,
  notes: { type: 'array', items: { type: 'string' }, description: 'What the reading and the proposal left out, and why.' },
  appliedAt: { type: ['string', 'null'], format: 'date-time' },
  appliedKeys: { type: ['array', 'null'], items: { type: 'string' } },
  activityId: { type: ['string', 'null'], format: 'uuid', description: 'The activity entry that applied it (undo it to take it back).' },
};

/** A discovery as GET /api/discovery/{id} and POST /api/discovery answer it. */
export const DISCOVERY = {
  type: 'object',
  required: [...Object.keys(DISCOVERY_FIELDS), 'proposal'],
  properties: { ...DISCOVERY_FIELDS, proposal: { type: 'array', items: PROPOSAL_ITEM } },
};

/** A discovery in a list: the number of its proposal's items instead of the items. */
export const LISTED_DISCOVERY = {
  type: 'object',
  required: [...Object.keys(DISCOVERY_FIELDS), 'proposalCount', 'credentialsRemembered'],
  properties: {
    ...DISCOVERY_FIELDS,
    proposalCount: { type: 'integer' },
    credentialsRemembered: {
      type: 'boolean',
      description: 'Whether SNMP credentials are remembered for its switch now (a discovery of it may then leave out snmp).',
    },
  },
};

/** A MAC address kept from a switch's last discovery. */
export const FDB_ENTRY = {
  type: 'object',
  required: ['mac', 'vlan', 'portId', 'portName', 'seenAt', 'ips'],
  properties: {
    mac: { type: 'string' },
    vlan: { type: ['integer', 'null'] },
    portId: { type: 'string', format: 'uuid' },
    portName: { type: 'string' },
    seenAt: { type: 'string', format: 'date-time' },
    ips: { type: 'array', items: { type: 'string' }, description: 'The IP addresses kept ARP tables give this MAC.' },
  },
};

/** The answer of POST /api/discovery/{id}/apply. */
export const APPLIED = {
  type: 'object',
  required: ['discovery', 'activityId', 'switchId'],
  properties: {
    discovery: DISCOVERY,
    activityId: { type: 'string', format: 'uuid', description: 'The one activity entry of the change: undo it to take everything back.' },
    switchId: { type: 'string', format: 'uuid' },
  },
};
