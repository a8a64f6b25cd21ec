import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PASSWORDS } from '../fixtures/legacy/make-fixture.ts';
import { api, useTestServer } from '../helpers/server.ts';
import { archives, counts, editedSample, sampleRecords, type Files, listReader, signInSampleAdmin } from './helpers.ts';

// What 0.20.x let through and the current model refuses, inside records of the right shape, is taken, fixed and
// logged, never fatal (LEGACY.md step 3): records without a site go to a site named Default, a refused value is
// kept in the record's notes or description, a record that cannot be one without its value (a VLAN without a
// number, a user without a safe password hash) is named in the log and not migrated. The real server migrates
// the generated sample with each of these at its first start.

const sites = sampleRecords('sites.json');
const vlans = sampleRecords('vlans.json');
const switches = sampleRecords('switches.json');
const users = sampleRecords('users.json');
const activity = sampleRecords('activity.json');
const bob = users.findIndex((user) => user.username === 'bob');
const INJECTED = 'Gi1/0/6\nusername evil privilege 15 secret 0 x';

const server = useTestServer({
  admin: false,
  dataDir: () =>
    editedSample((f: Files) => {
      delete f['sites.json'][1].name;
      f['vlans.json'][0].site_id = 'no-such-site';
      f['vlans.json'][1].vlan_id = 4095;
      delete f['switches.json'][2].site_id;
      f['switches.json'][1].ports[5].label = INJECTED;
      f['switches.json'][5].ports[2].mac_address = 'not-a-mac';
      f['users.json'][bob].password_hash = users[bob].password_hash.replace('$10$', '$14$');
      f['activity.json'][0].action = 'rename';
    }),
});
let token: string;
beforeAll(async () => {
  token = await signInSampleAdmin(server.baseUrl);
});

const all = listReader(
  () => server.baseUrl,
  () => token,
);

/** The `value fixed` log lines of the migration. */
function fixLines(): string[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.includes('legacy migration: value fixed'));
}

function fixLine(file: string, id: string, field: string): string {
  const line = fixLines().find((candidate) => candidate.includes(`file=${file} id=${id} field=${field} `));
  expect(line, `no fix line for ${file} ${id} ${field}:\n${fixLines().join('\n')}`).toBeDefined();
  return line!;
}

describe('a legacy migration of values the model refuses', () => {
  it('migrates and archives the files, with a site named Default for the records without one', async () => {
    expect(archives(server.dataDir)).toHaveLength(1);
    const names = (await all('/api/sites')).map((site) => site.name);
    expect(names).toContain('Default');
    expect(names).toContain(`Site ${sites[1].id}`);
    expect(counts(server.dataDir).sites).toBe(sites.length + 1);
    expect(fixLine('vlans.json', vlans[0].id, 'site_id')).toContain('the record goes to the site Default');
    expect(fixLine('switches.json', switches[2].id, 'site_id')).toContain('is missing');
    const [moved] = (await all('/api/switches')).filter((sw) => sw.name === switches[2].name);
    const defaultSite = (await all('/api/sites')).find((site) => site.name === 'Default');
    expect(moved.siteId).toBe(defaultSite.id);
  });

  it('names the VLAN it cannot migrate, and migrates the rest', async () => {
    expect(fixLine('vlans.json', vlans[1].id, 'vlan_id')).toContain('the record is not migrated');
    expect(counts(server.dataDir).vlans).toBe(vlans.length - 1);
    expect((await all('/api/vlans')).some((vlan) => vlan.vid === 4095)).toBe(false);
  });

  it('never writes a port name that would add a command: the port is named by its place, the text kept in its description', async () => {
    expect(fixLine('switches.json', switches[1].id, 'ports[5].label')).toContain('must be a plain interface name');
    const [sw] = (await all('/api/switches')).filter((candidate) => candidate.name === switches[1].name);
    const ports = await all(`/api/switches/${sw.id}/ports`);
    const port = ports.find((candidate) => candidate.description?.includes('username evil'));
    expect(port).toMatchObject({ name: '1/6', description: `label: ${INJECTED}` });
    const config = await api(server.baseUrl, 'GET', `/api/switches/${sw.id}/config?dialect=cisco-ios`, { token });
    expect(config.status, config.text).toBe(200);
    expect(config.text).toContain('interface 1/6');
    expect(config.text.split('\n').some((line) => line.startsWith('username'))).toBe(false);
  });

  it("keeps a port's refused MAC address in its description", async () => {
    expect(fixLine('switches.json', switches[5].id, 'ports[2].mac_address')).toContain('kept in the description');
    const [sw] = (await all('/api/switches')).filter((candidate) => candidate.name === switches[5].name);
    const port = (await all(`/api/switches/${sw.id}/ports`)).find((candidate) => candidate.description?.includes('mac_address: not-a-mac'));
    expect(port?.macAddress).toBeNull();
  });

  it('does not migrate a user whose password hash would make every sign-in expensive, and never logs the hash', async () => {
    const line = fixLine('users.json', users[bob].id, 'password_hash');
    expect(line).toContain('the user bob is not migrated');
    expect(server.logs()).not.toContain(users[bob].password_hash.slice(7));
    expect((await all('/api/users')).map((user) => user.username)).not.toContain('bob');
    const signIn = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'bob', password: SAMPLE_PASSWORDS.bob } });
    expect(signIn.status).toBe(401);
  });

  it('keeps an entry of an unknown action as an update that names it', async () => {
    expect(fixLine('activity.json', activity[0].id, 'action')).toContain('rename');
    const entries = await all('/api/activity');
    expect(entries.some((entry) => entry.summary.includes('(0.20.x: rename)'))).toBe(true);
  });
});
