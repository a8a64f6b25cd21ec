// What the route table of the history (routes/history.ts) names: a sighting and a free-ports report.

const TIME = { type: 'string', format: 'date-time' };
const MAYBE_TIME = { type: ['string', 'null'], format: 'date-time' };
const ID = { type: 'string', format: 'uuid' };

/** One stay of a MAC on a switch, port and VLAN. */
export const SIGHTING = {
  type: 'object',
  required: ['mac', 'vlan', 'ip', 'switchId', 'switchName', 'portId', 'portName', 'firstSeen', 'lastSeen'],
  properties: {
    mac: { type: 'string' },
    vlan: { type: ['integer', 'null'] },
    ip: { type: ['string', 'null'], description: 'From the ARP tables kept, when one has the MAC.' },
    switchId: ID,
    switchName: { type: 'string' },
    portId: ID,
    portName: { type: 'string' },
    firstSeen: TIME,
    lastSeen: TIME,
  },
};

export const SIGHTINGS_QUERY_DOC = [
  { name: 'mac', schema: { type: 'string' }, description: 'A MAC address in any spelling.' },
  { name: 'ip', schema: { type: 'string' } },
  { name: 'switchId', schema: ID },
  { name: 'portId', schema: ID },
  { name: 'since', schema: TIME, description: 'Only sightings last seen at or after this time.' },
];

/** A free-ports report. */
export const FREE_PORTS = {
  type: 'object',
  required: ['items', 'total', 'unusedDays'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'portId',
          'portName',
          'description',
          'switchId',
          'switchName',
          'adminUp',
          'lastUpAt',
          'lastUsedAt',
          'observedSince',
          'lastObservedAt',
        ],
        properties: {
          portId: ID,
          portName: { type: 'string' },
          description: { type: ['string', 'null'] },
          switchId: ID,
          switchName: { type: 'string' },
          adminUp: { type: 'boolean' },
          lastUpAt: { ...MAYBE_TIME, description: 'The last discovery that saw its link up; null: never seen up.' },
          lastUsedAt: { ...MAYBE_TIME, description: 'The last discovery that saw its traffic counters grow.' },
          observedSince: TIME,
          lastObservedAt: TIME,
        },
      },
    },
    total: { type: 'integer' },
    unusedDays: { type: 'integer' },
  },
};

export const FREE_PORTS_QUERY_DOC = [
  { name: 'unusedDays', schema: { type: 'integer', minimum: 0, maximum: 3650, default: 30 } },
  { name: 'format', schema: { type: 'string', enum: ['json', 'csv'] }, description: 'csv answers CSV (as Accept: text/csv does).' },
];
