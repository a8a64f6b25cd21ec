import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runProcess } from '../helpers/server.ts';
import { SAMPLE_DIR } from '../fixtures/legacy/make-fixture.ts';
import { archives, counts, jsonFiles, sampleDataDir } from './helpers.ts';

// Each failure kind, on the generated 0.20.x sample with one thing broken: the real server process must exit
// non-zero before listening, name file, id and field, and leave the database without data and every file as it was.

type Files = Record<string, any[]>;
type Edit = (files: Files) => void;

/** The names of the sample's files. */
const NAMES = Object.keys(jsonFiles(SAMPLE_DIR));

/** Parses the sample's files, lets `edit` change them, and writes back the changed ones as 0.20.x would. */
function brokenSample(edit: Edit | ((dir: string) => void), raw = false): string {
  const dir = sampleDataDir();
  if (raw) {
    (edit as (dir: string) => void)(dir);
    return dir;
  }
  const files = Object.fromEntries(NAMES.map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8'))]));
  const before = JSON.stringify(files);
  (edit as Edit)(files);
  for (const name of NAMES) {
    if (JSON.stringify(files[name]) !== JSON.stringify(JSON.parse(before)[name]))
      writeFileSync(join(dir, name), JSON.stringify(files[name], null, 2));
  }
  return dir;
}

const sample = (name: string): any[] => JSON.parse(readFileSync(join(SAMPLE_DIR, name), 'utf8'));
const sites = sample('sites.json');
const vlans = sample('vlans.json');
const switches = sample('switches.json');
const users = sample('users.json');
const activity = sample('activity.json');

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
  const scenarios: [string, Edit | ((dir: string) => void), string[], boolean?][] = [
    [
      'a file that is not JSON (cut short)',
      (dir: string) => writeFileSync(join(dir, 'switches.json'), readFileSync(join(dir, 'switches.json')).subarray(0, 5000)),
      ['switches.json (whole file): is not valid JSON'],
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
      [`ip-ranges.json record #${sample('ip-ranges.json').length + 1} (no id): must be a JSON object`],
    ],
    ['a missing required field', (f: Files) => delete f['sites.json'][1].name, [`sites.json id=${sites[1].id} field=name: is required`]],
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
    [
      'a VLAN of a site that does not exist',
      (f: Files) => (f['vlans.json'][0].site_id = 'no-such-site'),
      [`vlans.json id=${vlans[0].id} field=site_id: site no-such-site does not exist in sites.json`],
    ],
    [
      'a VLAN number out of range',
      (f: Files) => (f['vlans.json'][1].vlan_id = 4095),
      [`vlans.json id=${vlans[1].id} field=vlan_id: must be an integer from 1 to 4094`],
    ],
    [
      'a port name that would add a command to a configuration',
      (f: Files) => (f['switches.json'][1].ports[5].label = 'Gi1/0/6\nusername evil privilege 15 secret 0 x'),
      [
        `switches.json id=${switches[1].id} field=ports[5].label: must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +`,
      ],
    ],
    [
      'a password hash of a cost that would make every sign-in expensive',
      (f: Files) => (f['users.json'][1].password_hash = users[1].password_hash.replace('$10$', '$14$')),
      [`users.json id=${users[1].id} field=password_hash: `],
    ],
  ];
  for (const [name, edit, lines, raw] of scenarios) {
    it(`on ${name}: exits non-zero, names file, id and field, and changes nothing`, async () => {
      const output = await startFails(brokenSample(edit, raw));
      for (const line of lines) expect(output).toContain(line);
    });
  }

  it('reports every fault in one run', async () => {
    const dir = brokenSample((f: Files) => {
      delete f['sites.json'][0].name;
      f['vlans.json'][1].vlan_id = 0;
      f['switches.json'][5].ports[2].mac_address = 'not-a-mac';
      f['switches.json'][1].ports = 'none';
      f['users.json'][1].password_hash = 'plain';
      f['activity.json'][0].action = 'rename';
    });
    const output = await startFails(dir);
    expect(output).toContain('legacy migration failed: 6 faults');
    for (const line of [
      `sites.json id=${sites[0].id} field=name: is required`,
      `vlans.json id=${vlans[1].id} field=vlan_id: must be an integer from 1 to 4094`,
      `switches.json id=${switches[5].id} field=ports[2].mac_address: must be a MAC address`,
      `switches.json id=${switches[1].id} field=ports: must be a list of ports`,
      `users.json id=${users[1].id} field=password_hash: `,
      `activity.json id=${activity[0].id} field=action: must be one of`,
    ])
      expect(output).toContain(line);
  });

  it('fails the same way through npm run migrate (src/cli/migrate.ts), and starts once the cause is fixed', async () => {
    const dir = brokenSample((f: Files) => (f['vlans.json'][0].vlan_id = 5000));
    const failed = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toContain(`vlans.json id=${vlans[0].id} field=vlan_id: must be an integer from 1 to 4094`);
    expect(counts(dir)).toMatchObject({ sites: 0, activity: 0 });
    const fixed = JSON.parse(readFileSync(join(dir, 'vlans.json'), 'utf8'));
    fixed[0].vlan_id = vlans[0].vlan_id;
    writeFileSync(join(dir, 'vlans.json'), JSON.stringify(fixed, null, 2));
    const done = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`legacy migration: sites migrated count=${sites.length}`);
    expect(existsSync(join(dir, 'vlans.json'))).toBe(false);
    expect(counts(dir).sites).toBe(sites.length);
  });
});
