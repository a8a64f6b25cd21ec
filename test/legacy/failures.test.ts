import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runProcess } from '../helpers/server.ts';
import { archives, counts, jsonFiles, sampleDataDir } from './helpers.ts';

// Each failure kind, on the realistic sample with one thing broken: the real server process must exit non-zero
// before listening, name file, id and field, and leave the database without data and every file as it was.

type Edit = (files: Record<string, any>) => void;

/** Parses the sample's files, lets `edit` change them, and writes them back (only the changed ones). */
function brokenSample(edit: Edit | ((dir: string) => void), raw = false): string {
  const dir = sampleDataDir();
  if (raw) {
    (edit as (dir: string) => void)(dir);
    return dir;
  }
  const names = ['sites.json', 'networks.json', 'switches.json', 'activity.json', 'users.json'];
  const files = Object.fromEntries(names.map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8'))]));
  const before = JSON.stringify(files);
  (edit as Edit)(files);
  const after = JSON.parse(JSON.stringify(files));
  for (const name of names) {
    if (JSON.stringify(after[name]) !== JSON.stringify(JSON.parse(before)[name]))
      writeFileSync(join(dir, name), JSON.stringify(after[name], null, 2));
  }
  return dir;
}

const items = (content: any) => (Array.isArray(content) ? content : content.items);

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
    activity: 0,
    users: 0,
  });
  expect(output).toContain('legacy migration failed');
  return output;
}

describe('a legacy migration that fails', () => {
  const scenarios: [string, Edit | ((dir: string) => void), string[], boolean?][] = [
    [
      'a file that is not JSON',
      (dir: string) => writeFileSync(join(dir, 'switches.json'), readFileSync(join(dir, 'switches.json')).subarray(0, 5000)),
      ['switches.json (whole file): is not valid JSON'],
      true,
    ],
    ['a missing required field', (f: any) => delete items(f['networks.json'])[3].name, ['networks.json id=104 field=name: is required']],
    [
      'a duplicate id',
      (f: any) => (items(f['sites.json'])[2].id = 2),
      ['sites.json id=2 field=id: is a duplicate: record #2 has the same id'],
    ],
    [
      'a dangling reference',
      (f: any) => (items(f['switches.json'])[1].ports[4].vlan = 999),
      ['switches.json id=sw-1-1 field=ports[4].vlan: network 999 does not exist in networks.json'],
    ],
    [
      'a dangling uplink',
      (f: any) => (items(f['switches.json'])[2].ports.at(-1).uplink.switchId = 'sw-7-7'),
      ['switches.json id=sw-1-2 field=ports[23].uplink.switchId: switch sw-7-7 does not exist in switches.json'],
    ],
    [
      'a VLAN out of range',
      (f: any) => (items(f['networks.json'])[0].vlan = 4095),
      ['networks.json id=101 field=vlan: must be an integer from 1 to 4094'],
    ],
    [
      'a port name that would add a command to a configuration',
      (f: any) => (items(f['switches.json'])[1].ports[5].name = 'Gi1/0/6\nusername evil privilege 15 secret 0 x'),
      ['switches.json id=sw-1-1 field=ports[5].name: must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +'],
    ],
    [
      'a network of another site on a port',
      (f: any) => (items(f['switches.json'])[1].ports[0].vlan = 110),
      ['switches.json id=sw-1-1 field=ports[0].vlan: network 110 belongs to another site than the switch'],
    ],
  ];
  for (const [name, edit, lines, raw] of scenarios) {
    it(`on ${name}: exits non-zero, names file, id and field, and changes nothing`, async () => {
      const output = await startFails(brokenSample(edit, raw));
      for (const line of lines) expect(output).toContain(line);
    });
  }

  it('reports every fault in one run', async () => {
    const dir = brokenSample((f: any) => {
      delete items(f['sites.json'])[0].name;
      items(f['networks.json'])[1].vlan = 0;
      items(f['switches.json'])[5].mac = 'not-a-mac';
      items(f['switches.json'])[1].ports[0].tagged = [110];
      f['users.json'][1].passwordHash = 'plain';
      f['activity.json'][0].action = 'rename';
    });
    const output = await startFails(dir);
    expect(output).toContain('legacy migration failed: 6 faults');
    for (const line of [
      'sites.json id=1 field=name: is required',
      'networks.json id=102 field=vlan: must be an integer from 1 to 4094',
      'switches.json id=sw-1-5 field=mac: must be a MAC address',
      'switches.json id=sw-1-1 field=ports[0].tagged[0]: network 110 belongs to another site than the switch',
      'users.json id=u-2 field=passwordHash: must be a password hash',
      'activity.json id=1 field=action: must be one of create, update, delete',
    ])
      expect(output).toContain(line);
  });

  it('fails the same way through npm run migrate (src/cli/migrate.ts), and starts once the cause is fixed', async () => {
    const dir = brokenSample((f: any) => (items(f['networks.json'])[0].vlan = 5000));
    const failed = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toContain('networks.json id=101 field=vlan: must be an integer from 1 to 4094');
    expect(counts(dir)).toMatchObject({ sites: 0, activity: 0 });
    const fixed = JSON.parse(readFileSync(join(dir, 'networks.json'), 'utf8'));
    items(fixed)[0].vlan = 10;
    writeFileSync(join(dir, 'networks.json'), JSON.stringify(fixed));
    const done = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dir });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain('legacy migration: sites migrated count=3');
    expect(existsSync(join(dir, 'networks.json'))).toBe(false);
    expect(counts(dir).sites).toBe(3);
  });
});
