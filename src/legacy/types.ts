// The shapes shared by the 0.20.x reader, checker, writer and the data-import endpoint.
import type { LegacyPosition, LegacyPublicLink } from './ezswm-sharing.ts';
import type { FixedRecord } from './fix-records.ts';
import type { LegacyChange } from './history.ts';
import type { FixFormCode, MessageParams } from '../lib/message-forms.ts';

/** The legacy files, in the order they are read and reported. */
export const LEGACY_FILES = [
  'sites.json',
  'vlans.json',
  'networks.json',
  'switches.json',
  'ip-allocations.json',
  'ip-ranges.json',
  'layout-templates.json',
  'lag-groups.json',
  'public-tokens.json',
  'topology-layouts.json',
  'activity.json',
  'users.json',
] as const;
export type LegacyFile = (typeof LEGACY_FILES)[number];

/** The kinds of a legacy bundle, one per file (`sites` is `sites.json`). */
export const LEGACY_KINDS = [
  'sites',
  'vlans',
  'networks',
  'switches',
  'ip-allocations',
  'ip-ranges',
  'layout-templates',
  'lag-groups',
  'public-tokens',
  'topology-layouts',
  'activity',
  'users',
] as const;

/**
 * The names releases before 0.18.3 gave some files (LEGACY.md): read when the current name is not there, and
 * archived under their own name.
 */
export const OLD_FILE_NAMES: Partial<Record<LegacyFile, string>> = {
  'ip-allocations.json': 'ipAllocations.json',
  'ip-ranges.json': 'ipRanges.json',
  'layout-templates.json': 'layoutTemplates.json',
  'lag-groups.json': 'lagGroups.json',
  'public-tokens.json': 'publicTokens.json',
  'topology-layouts.json': 'topologyLayouts.json',
};

export type LegacyKind = (typeof LEGACY_KINDS)[number];

/** A bundle of legacy files' contents, by kind: each the JSON array of records its file holds. */
export type LegacyBundle = Partial<Record<LegacyKind, unknown>>;

/**
 * One thing wrong in the legacy data: the file, the record's legacy id (null when it has none or the whole
 * file is wrong), the record's index in its file (null for the whole file), the field in the legacy file's
 * names (`ports[3].vlan`; '' for the whole record or file) and the reason.
 */
export interface LegacyFault {
  /** A legacy file, or settings.json (src/legacy/settings.ts). */
  file: LegacyFile | 'settings.json';
  id: string | null;
  index: number | null;
  field: string;
  reason: string;
}

/** One of the two documented fixes, applied to one value: subnet host bits cleared, or a repeated name suffixed. */
export interface LegacyFix {
  file: LegacyFile;
  id: string;
  field: string;
  from: unknown;
  to: unknown;
  reason: string;
  /** The code of the reason's form (lib/message-forms.ts FIX_FORMS), when it has one, and the values it is worded from. */
  code?: FixFormCode;
  params?: MessageParams;
}

/** Unknown fields that were dropped, counted per file and field name (`ports[].label` for fields of ports). */
export interface DroppedField {
  file: LegacyFile;
  field: string;
  count: number;
}

/** A record in the API's shape: camelCase fields of src/fields/*.ts, a fresh UUIDv4 id. */
export type ApiRecord = Record<string, unknown> & { id: string };

/** The records of legacy data in the API's shape, per kind (LegacyData without its fixes and dropped fields). */
export interface LegacyRecords {
  sites: ApiRecord[];
  vlans: ApiRecord[];
  networks: ApiRecord[];
  switches: ApiRecord[];
  ports: ApiRecord[];
  /** From ip-allocations.json, and the switches' management IPs that had no allocation. */
  addresses: ApiRecord[];
  /** From ip-ranges.json. */
  ranges: ApiRecord[];
  /** From layout-templates.json: `units` as src/lib/port-layout.ts checks them. */
  templates: ApiRecord[];
  /** From lag-groups.json: members in `memberPortIds` (port order), and each member port's `lagId`. */
  lags: ApiRecord[];
  activity: ApiRecord[];
  users: ApiRecord[];
  /** From public-tokens.json: the active tokens, each as the SHA-256 of its token (ezswm-sharing.ts). */
  publicLinks: LegacyPublicLink[];
  /** From topology-layouts.json: node_positions, switch and site ids remapped. */
  topologyPositions: LegacyPosition[];
  /** The changes of the activity entries that carry their record's previous values, by the entry's new id (history.ts). */
  history: Map<string, LegacyChange>;
}

/**
 * Legacy data brought into the API's shape: fresh UUIDv4 ids, every reference remapped, fixes applied.
 * Sites, VLANs, networks, switches and ports carry version 1 and createdAt/updatedAt; a legacy network is a
 * VLAN (its new id) and, when it had a subnet, a network of that VLAN; ports carry switchId, position,
 * untaggedVlanId, taggedVlanIds and linkedPortId (symmetric); activity entries carry userId (the new id of a
 * legacy user, else null), entityId (null with the legacy id in the summary when the entity is gone);
 * users carry passwordHash as the file held it (bcrypt of 0.20.x, within PASSWORD_HASH_RULE), displayName and language.
 */
export interface LegacyData extends LegacyRecords {
  fixes: LegacyFix[];
  /** The migrated record each fix is about, index for index with `fixes` (null: none, the fix is listed under its file). */
  fixRecords: (FixedRecord | null)[];
  dropped: DroppedField[];
}

/** One line for the log and for the operator: `switches.json id=7 field=ports[3].vlan: network 12 does not exist`. */
export function legacyFaultLine(fault: LegacyFault): string {
  const where = fault.id !== null ? `id=${fault.id}` : fault.index !== null ? `record #${fault.index + 1} (no id)` : '(whole file)';
  return `${fault.file} ${where}${fault.field ? ` field=${fault.field}` : ''}: ${fault.reason}`;
}

/** A path into a legacy bundle for an API error's details[].field: `switches[4].ports[3].vlan`. */
export function legacyFaultPath(fault: LegacyFault): string {
  const kind = fault.file.replace(/\.json$/, '');
  if (fault.index === null) return kind;
  return `${kind}[${fault.index}]${fault.field ? `.${fault.field}` : ''}`;
}
