import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings, settingNotes } from './settings.ts';

function dirWith(text: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-settings-'));
  if (text !== undefined) writeFileSync(join(dir, 'settings.json'), text);
  return dir;
}

describe('the settings of a 0.20.x data directory', () => {
  it('names every setting it does not keep, with why, and keeps setup_completed by the migrated users', () => {
    const notes = settingNotes({ app_name: 'Campus-Netz', default_vlan: 120, setup_completed: true, theme: 'dark' });
    expect(notes.map((note) => note.setting)).toEqual(['app_name', 'default_vlan', 'theme']);
    expect(notes[1]).toMatchObject({ value: 120, reason: expect.stringContaining('every port keeps its own VLANs') });
    expect(notes[2].reason).toMatch(/not a setting of 0\.20\.3/);
  });

  it('reads nothing when there is no settings file', () => {
    expect(readSettings(dirWith(undefined))).toEqual({ notes: [] });
  });

  it('takes the file for the archive with its checksum', () => {
    const read = readSettings(dirWith('{ "app_name": "x", "setup_completed": true }'));
    expect(read.file).toMatchObject({ name: 'settings.json', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(read.fault).toBeUndefined();
  });

  it.each([
    ['a file that is not JSON', '{ "app_name": ', /is not valid JSON/],
    ['a list', '[]', /must be one JSON object/],
    ['null', 'null', /must be one JSON object/],
  ])('refuses %s as a fault of settings.json', (_, text, reason) => {
    expect(readSettings(dirWith(text)).fault).toMatchObject({ file: 'settings.json', reason: expect.stringMatching(reason) });
  });
});
