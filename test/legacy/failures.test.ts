import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runProcess } from '../helpers/server.ts';
import { archives, counts, editedSample, jsonFiles, sampleRecords, type Files } from './helpers.ts';

// Each failure kind, on the generated 0.20.x sample with one thing broken: the real server process must exit
// non-zero before listening, name file, id and field, and leave the database without data and every file as it was.
// Only a file's shape is a failure (LEGACY.md): what the model refuses inside a record is fixed and logged
// (test/legacy/refused-values.test.ts).

const sites = sampleRecords('sites.json');
const vlans = sampleRecords('vlans.json');
const switches = sampleRecords('switches.json');

async function startFails(dataDir: string): Promise<string> {
  const files = jsonFiles(dataDir);
  const { code, output } = await runProcess([join(ROOT, 'src', 'server.ts')], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, 30_000);
  expect(code, output).not.toBe(0);
  expect(code, output).not.toBeNull();
  expect(output).not.toContain('listening on');
  expect(jsonFiles(dataDir)).toEqual(files);
  expect(archives(dataDir)).toEqual([]);
  expect(counts(dataDir)).toMatchObject({
    sites: 0,
    vlans: 0,
    networks: 0,
    switches: 0,
    ports: 0,
    port_tagged_vlans: 0,
    addresses: 0,
    ranges: 0,
    templates: 0,
    lags: 0,
    activity: 0,
    users: 0,
  });
  expect(output).toContain('legacy migration failed');
  return output;
}

describe('a legacy migration that fails', () => {
  const scenarios: [string, ((files: Files) => void) | ((dir: string) => void), string[], boolean?][] = [
    [
      'a file that is not JSON (cut short)',
      (dir: string) => writeFileSync(join(dir, 'switches.json'), readFileSync(join(dir, 'switches.json')).subarray(0, 5000)),
      ['switches.json (whole file): is not valid JSON'],
      true,
    ],
    [
      'a file with a byte that is not UTF-8 (a site name saved in Windows-1252)',
      (dir: string) => {
        const text = readFileSync(join(dir, 'sites.json'), 'latin1');
        const at = text.indexOf('"name": "') + '"name": "'.length;
        writeFileSync(join(dir, 'sites.json'), Buffer.from(`${text.slice(0, at)}M\u00fcnchen ${text.slice(at)}`, 'latin1'));
      },
      ['sites.json (whole file): is not UTF-8 text, as 0.20.x wrote it: byte offset '],
      true,
    ],
    [
      'a file that is an object instead of an array',
      (f: Files) => ((f as any)['vlans.json'] = { version: 1, items: f['vlans.json'] }),
      ['vlans.json (whole file): must be a JSON array of records, as 0.20.x wrote it; it is an object'],
    ],
    [
      'a record that is not an object',
      (f: Files) => f['ip-ranges.json'].push('10.0.0.1-10.0.0.9'),
      [`ip-ranges.json record #${sampleRecords('ip-ranges.json').length + 1} (no id): must be a JSON object`],
    ],
    [
      'a duplicate id',
      (f: Files) => (f['sites.json'][2].id = sites[1].id),
      [`sites.json id=${sites[1].id} field=id: is a duplicate: record #2 has the same id`],
    ],
    [
      'a numeric id, as no 0.20.x release wrote',
      (f: Files) => (f['activity.json'][0].id = 1),
      ['activity.json record #1 (no id) field=id: must be a non-empty string (0.20.x ids are nanoids)'],
    ],
  ];
  for (const [name, edit, lines, raw] of scenarios) {
    it(`on ${name}: exits non-zero, names file, id and field, and changes nothing`, async () => {
      const output = await startFails(editedSample(edit, raw));
      for (const line of lines) expect(output).toContain(line);
    });
  }

  it('reports every fault in one run', async () => {
    const dir = editedSample((f: Files) => {
      f['sites.json'][2].id = sites[1].id;
      f['switches.json'][1].ports = 'none';
      f['switches.json'][5].ports.push(7);
      f['activity.json'][0].id = 1;
    });
    const output = await startFails(dir);
    expect(output).toContain('legacy migration failed: 4 faults');
    for (const line of [
      `sites.json id=${sites[1].id} field=id: is a duplicate: record #2 has the same id`,
      `switches.json id=${switches[1].id} field=ports: must be a list of ports`,
      `switches.json id=${switches[5].id} field=ports[${switches[5].ports.length}]: must be a JSON object`,
      'activity.json record #1 (no id) field=id: must be a non-empty string (0.20.x ids are nanoids)',
    ])
      expect(output).toContain(line);
  });

  it('fails the same way through npm run migrate (src/cli/migrate.ts), and starts once the cause is fixed', async () => {
    const dir = editedSample((f: Files) => f['vlans.json'].push(null));
    const failed = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toContain(`vlans.json record #${vlans.length + 1} (no id): must be a JSON object`);
    expect(counts(dir)).toMatchObject({ sites: 0, activity: 0 });
    writeFileSync(join(dir, 'vlans.json'), JSON.stringify(vlans, null, 2));
    const done = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`legacy migration: sites migrated count=${sites.length}`);
    expect(existsSync(join(dir, 'vlans.json'))).toBe(false);
    expect(counts(dir).sites).toBe(sites.length);
  });
});
