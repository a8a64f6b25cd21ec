import { STACK_MAX, SWITCH_ROLES, SWITCH_STATUSES } from './choices.ts';
import {
  STORED_FIELDS,
  VENDOR_MODEL_FIELDS,
  VERSION_FIELDS,
  ipAddress,
  macAddress,
  nameField,
  optionalText,
  siteIdField,
  splitList,
} from './common.ts';
import { declareResource, type Normalized, refused } from './field.ts';

/** Most tags of a switch, and most characters of one. */
const TAGS_MAX = 20;
const TAG_LENGTH_MAX = 40;

/** A switch at a site. */
export const SWITCH = declareResource({
  type: 'switch',
  table: 'switches',
  fields: [
    ...STORED_FIELDS,
    siteIdField('The site the switch is at.'),
    nameField('per site'),
    ...VENDOR_MODEL_FIELDS,
    optionalText('serialNumber', 'serial_number', 100, 'Serial number.'),
    {
      name: 'macAddress',
      column: 'mac_address',
      type: 'text',
      normalize: macAddress,
      searchable: true,
      description: 'aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or aabb.ccdd.eeff; stored lower case with colons; unique.',
    },
    {
      name: 'managementIp',
      column: 'management_ip',
      type: 'text',
      maxLength: 45,
      normalize: ipAddress,
      searchable: true,
      sortable: true,
      description: 'IPv4 or IPv6 address, unique within the site.',
    },
    optionalText('firmwareVersion', 'firmware_version', 100, 'Firmware version.'),
    optionalText('location', 'location', 200, 'Room, cabinet.', { sortable: true }),
    optionalText('rackPosition', 'rack_position', 50, 'Position in the rack (U12).'),
    {
      name: 'role',
      column: 'role',
      type: 'enum',
      values: SWITCH_ROLES,
      sortable: true,
      description: 'core, distribution, access, management, or null.',
    },
    {
      name: 'tags',
      column: 'tags',
      type: 'json',
      default: [],
      check: tags,
      schema: { type: 'array', items: { type: 'string', minLength: 1, maxLength: TAG_LENGTH_MAX }, maxItems: TAGS_MAX },
      csvCodec: { write: (value) => (value as string[]).join(';'), read: (text) => tags(splitList(text)) },
      description: `Up to ${TAGS_MAX} short labels (${TAG_LENGTH_MAX} characters each; no ";" or ","), kept in order, each once.`,
    },
    {
      name: 'status',
      column: 'status',
      type: 'enum',
      values: SWITCH_STATUSES,
      default: 'active',
      sortable: true,
      description: 'Lifecycle status.',
    },
    {
      name: 'stackSize',
      column: 'stack_size',
      type: 'integer',
      min: 1,
      max: STACK_MAX,
      default: 1,
      description: `Members of the stack (1–${STACK_MAX}); its ports' unit is at most this.`,
    },
    {
      name: 'templateId',
      column: 'template_id',
      type: 'uuid',
      createOnly: true,
      description:
        'The layout template the switch was made from (on create: its ports come from it for every stack member, instead of portCount); ' +
        'it draws the front panel.',
    },
    {
      name: 'poeBudgetWatts',
      column: 'poe_budget_watts',
      type: 'integer',
      min: 0,
      max: 100000,
      description: 'The power the switch can deliver over PoE, in watts, or null (not known).',
    },
    {
      name: 'configuredVlanIds',
      type: 'uuid-list',
      default: [],
      csv: true,
      description: 'VLANs of its site the switch defines even where no port carries them.',
    },
    optionalText('notes', 'notes', 10000, 'Free text.'),
    ...VERSION_FIELDS,
    {
      name: 'portCount',
      type: 'integer',
      createOnly: true,
      min: 0,
      max: 1024,
      default: 0,
      csv: false,
      sortable: true,
      description: 'Number of ports; on create, makes ports named 1…N.',
    },
    {
      name: 'favorite',
      type: 'boolean',
      readOnly: true,
      csv: false,
      description: "One of the caller's favourites (PUT and DELETE /api/switches/{id}/favorite).",
    },
  ],
});

function tags(raw: unknown): Normalized {
  if (!Array.isArray(raw)) return refused('not_tag_list');
  const kept: string[] = [];
  for (const item of raw) {
    const tag = typeof item === 'string' ? item.trim() : '';
    if (!tag || tag.length > TAG_LENGTH_MAX || /[;,\u0000-\u001f\u007f]/.test(tag)) return refused('not_tag', { max: TAG_LENGTH_MAX });
    if (!kept.some((other) => other.toLowerCase() === tag.toLowerCase())) kept.push(tag);
  }
  return kept.length > TAGS_MAX ? refused('too_many_tags', { max: TAGS_MAX }) : { ok: true, value: kept };
}
