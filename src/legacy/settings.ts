// settings.json of a 0.20.x data directory: one object of the install's own preferences. The start-up migration
// reads it with the other files, archives it with them, and names in the log what becomes of each setting; a
// merge (POST /api/data/import) leaves it out, since the settings of another install are not this one's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../fields/field.ts';
import { parseJson, sha256, type LegacyFileInfo } from './read.ts';
import type { LegacyFault } from './types.ts';

/** The file's name. */
export const SETTINGS_FILE = 'settings.json';

/** A setting of 0.20.x that this release does not keep, and why. */
export interface SettingNote {
  setting: string;
  value: unknown;
  reason: string;
}

// What each setting 0.20.3 wrote was for, and why this release has no place for it.
const NOT_KEPT: Record<string, string> = {
  app_name: 'the name shown in the title bar of 0.20.x; this release has no such setting',
  app_logo_url: 'the logo shown by 0.20.x; this release has no such setting',
  default_vlan: "a default of 0.20.x's port form; every port keeps its own VLANs",
  default_port_status: "a default of 0.20.x's port form; every port keeps its own state",
  port_speeds: 'the speeds 0.20.x offered in its port form; a port speed is free text here and every port keeps its own',
  sites_initialized: "0.20.x's own start-up flag",
};

/**
 * What the settings file says: nothing when it is absent; the file (to archive), each setting not kept (to log),
 * or the fault of a file that is not JSON or not one object (the migration stops as for any other file).
 */
export function readSettings(dataDir: string): { file?: LegacyFileInfo; notes: SettingNote[]; fault?: LegacyFault } {
  const path = join(dataDir, SETTINGS_FILE);
  if (!existsSync(path)) return { notes: [] };
  const bytes = readFileSync(path);
  const file = { name: SETTINGS_FILE, path, sha256: sha256(bytes) };
  const parsed = parseJson(bytes);
  if (!parsed.ok) return { file, notes: [], fault: settingsFault(parsed.reason) };
  const content = parsed.value;
  if (!isPlainObject(content)) return { file, notes: [], fault: settingsFault('must be one JSON object of settings, as 0.20.x wrote it') };
  return { file, notes: settingNotes(content) };
}

/**
 * Each setting but `setup_completed`: that one is kept by what the migration brings (the migrated users sign in,
 * so no first-run setup appears; it appears only while no user exists, as before).
 */
export function settingNotes(settings: Record<string, unknown>): SettingNote[] {
  return Object.entries(settings)
    .filter(([setting]) => setting !== 'setup_completed')
    .map(([setting, value]) => ({
      setting,
      value,
      reason: NOT_KEPT[setting] ?? 'not a setting of 0.20.3; this release has no place for it',
    }));
}

function settingsFault(reason: string): LegacyFault {
  return { file: SETTINGS_FILE, id: null, index: null, field: '', reason };
}
