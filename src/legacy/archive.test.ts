import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveName, moveToArchive, planOf, unmovedFiles } from './archive.ts';
import { findLegacyFiles, readLegacyDir, recordsOf, sha256 } from './read.ts';

function dir(files: Record<string, string> = {}): string {
  const path = mkdtempSync(join(tmpdir(), 'legacy-unit-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(path, name), text);
  return path;
}

describe('archiveName', () => {
  it('is _archive_ and the UTC time in ISO 8601 basic format, numbered when taken', () => {
    const data = dir();
    const at = new Date('2026-11-22T05:12:04.567Z');
    expect(archiveName(data, at)).toBe('_archive_20261122T051204Z');
    mkdirSync(join(data, '_archive_20261122T051204Z'));
    expect(archiveName(data, at)).toBe('_archive_20261122T051204Z_2');
  });
});

describe('planOf', () => {
  it('reads the archive and the files of a migrate entry, and nothing else', () => {
    expect(planOf({ counts: {}, archive: '_archive_20261122T051204Z', files: { 'sites.json': 'ab' } })).toEqual({
      archive: '_archive_20261122T051204Z',
      files: { 'sites.json': 'ab' },
    });
    expect(planOf({ archive: '../etc', files: {} })).toBeUndefined();
    expect(planOf({ archive: '_archive_20261122T051204Z' })).toBeUndefined();
    expect(planOf(null)).toBeUndefined();
  });
});

describe('unmovedFiles and moveToArchive', () => {
  it('move the migrated files that are still there with the same bytes, and only those', () => {
    const data = dir({ 'sites.json': '[]', 'users.json': '[1]', 'networks.json': '[]' });
    const plan = {
      archive: '_archive_20260101T000000Z',
      files: {
        'sites.json': sha256(Buffer.from('[]')),
        'users.json': sha256(Buffer.from('[]')),
        'switches.json': sha256(Buffer.from('[]')),
      },
    };
    expect(unmovedFiles(data, plan)).toEqual(['sites.json']);
    const archive = moveToArchive(data, plan, unmovedFiles(data, plan));
    expect(readdirSync(archive)).toEqual(['sites.json']);
    expect(readdirSync(data).sort()).toEqual(['_archive_20260101T000000Z', 'networks.json', 'users.json']);
    expect(unmovedFiles(data, plan)).toEqual([]);
  });
});

describe('the reader', () => {
  it('reads an array with a byte order mark, refuses any other shape, and reports a file that is not JSON without changing it', () => {
    const data = dir({
      'sites.json': '\uFEFF[{"id":"a","name":"A"}]',
      'networks.json': '{"version":1,"items":[]}',
      'switches.json': '[{"id":"b",',
    });
    const { bundle, files, faults } = readLegacyDir(data);
    expect(files.map((file) => file.name)).toEqual(['sites.json', 'networks.json', 'switches.json']);
    expect(recordsOf('sites.json', bundle.sites)).toEqual({ records: [{ id: 'a', name: 'A' }] });
    expect(recordsOf('activity.json', undefined)).toEqual({ records: [] });
    // 0.20.x wrote every one of these files as a bare array: a wrapper object is the wrong shape.
    expect(recordsOf('networks.json', bundle.networks)).toEqual({
      fault: {
        file: 'networks.json',
        id: null,
        index: null,
        field: '',
        reason: 'must be a JSON array of records, as 0.20.x wrote it; it is an object',
      },
    });
    expect(recordsOf('users.json', null)).toMatchObject({ fault: { reason: expect.stringMatching(/it is null$/) } });
    expect(recordsOf('users.json', 'x')).toMatchObject({ fault: { reason: expect.stringMatching(/it is a string$/) } });
    expect(faults).toEqual([
      { file: 'switches.json', id: null, index: null, field: '', reason: expect.stringMatching(/^is not valid JSON/) },
    ]);
    expect(readFileSync(join(data, 'switches.json'), 'utf8')).toBe('[{"id":"b",');
  });

  it('reports a file that cannot be read', () => {
    const data = dir();
    mkdirSync(join(data, 'users.json'));
    expect(readLegacyDir(data).faults).toEqual([
      { file: 'users.json', id: null, index: null, field: '', reason: 'cannot be read (EISDIR)' },
    ]);
  });

  it('reads the names releases before 0.18.3 gave some files (layoutTemplates.json), the current name first', () => {
    const data = dir({
      'layoutTemplates.json': '[{"id":"t1"}]',
      'lagGroups.json': '[{"id":"old"}]',
      'lag-groups.json': '[{"id":"new"}]',
      'ipRanges.json': '[{"id":',
    });
    expect(findLegacyFiles(data)).toEqual(['ipRanges.json', 'layoutTemplates.json', 'lag-groups.json']);
    const { bundle, files, faults } = readLegacyDir(data);
    expect(files.map((file) => file.name)).toEqual(['ipRanges.json', 'layoutTemplates.json', 'lag-groups.json']);
    expect(bundle['layout-templates']).toEqual([{ id: 't1' }]);
    expect(bundle['lag-groups']).toEqual([{ id: 'new' }]);
    expect(faults).toEqual([
      {
        file: 'ip-ranges.json',
        id: null,
        index: null,
        field: '',
        reason: expect.stringMatching(/^is not valid JSON .*\(read from ipRanges.json\)$/),
      },
    ]);
  });

  it('finds none in a directory that is not there, and only files of their exact names', () => {
    expect(findLegacyFiles(join(dir(), 'missing'))).toEqual([]);
    const data = dir({ 'Sites.json': '[]', 'sites.json.bak': '[]', 'vlans.json': '[]' });
    expect(findLegacyFiles(data)).toEqual(['vlans.json']);
  });
});
