// Issue 35, "the upgraded admin": the real 0.20.3 data directory (../shared/fixtures/ezswm-0.20.3) migrated at the
// server's first start, but for the allocation of acc-bib's management IP, which ezSWM had lost. Each fixed record's
// history holds its own migration entry, saying what was dropped and why (a port's, and its switch's too); the
// management address the migration records for acc-bib is listed as a fix; GET /api/migration lists every fix, as
// many as the log's `value fixed` lines.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIX_FORMS, fillForm } from '../../src/lib/message-forms.ts';
import { de } from '../../src/ui/messages-de.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { api, freshDataDir, startServer, type TestServer } from '../helpers/server.ts';

const FIXTURE = join(SHARED_FIXTURES, 'ezswm-0.20.3');
/** The fixture's admin and the password its README names. */
const ADMIN = { username: 'campus_admin', password: 'Campus-Admin-2025!' };
const LOST_ALLOCATION = '10.100.0.11';

/** A copy of the fixture's files without the allocation of acc-bib's management IP. */
function fixtureLosingAnAllocation(): string {
  const dir = freshDataDir();
  for (const name of readdirSync(FIXTURE).filter((file) => file.endsWith('.json'))) cpSync(join(FIXTURE, name), join(dir, name));
  const file = join(dir, 'ip-allocations.json');
  const allocations = JSON.parse(readFileSync(file, 'utf8')) as { ip_address: string }[];
  writeFileSync(
    file,
    JSON.stringify(
      allocations.filter((allocation) => allocation.ip_address !== LOST_ALLOCATION),
      null,
      2,
    ),
  );
  return dir;
}

describeNeeding([sharedFixture('ezswm-0.20.3')], 'the fixes of a migrated 0.20.3 data directory, where they happened', () => {
  let server: TestServer;
  let token: string;
  const get = async (path: string) => {
    const answer = await api(server.baseUrl, 'GET', path, { token });
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    return answer.body;
  };
  const switchNamed = async (name: string) => (await get('/api/switches?limit=500')).items.find((sw: { name: string }) => sw.name === name);

  beforeAll(async () => {
    server = await startServer({ dataDir: fixtureLosingAnAllocation() });
    token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: ADMIN })).body.token;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("lists in a port's history, and its switch's, the VLAN the migration dropped and why", async () => {
    const sw = await switchNamed('acc-hs1');
    const port = (await get(`/api/switches/${sw.id}`)).ports.find((p: { name: string }) => p.name === '1/1/30');
    const [entry] = (await get(`/api/ports/${port.id}/history`)).items.filter((e: { action: string }) => e.action === 'migrate');
    expect(entry).toMatchObject({ entityType: 'port', entityId: port.id, undoable: false, siteId: sw.siteId });
    expect(entry.summary).toMatch(/^Migration fixed port 1\/1\/30 of switch acc-hs1: access_vlan 190 → none \(VLAN 190 does not exist/);
    expect(entry.changes).toEqual({
      access_vlan: [190, null],
      reasons: { access_vlan: "VLAN 190 does not exist at the switch's site; dropped" },
      forms: { access_vlan: { code: 'vlan_not_at_site', params: { vid: '190' } } },
      fields: { access_vlan: 'untaggedVlanId' },
    });
    const switchHistory = (await get(`/api/activity?entityId=${sw.id}&limit=100`)).items.map((e: { id: string }) => e.id);
    expect(switchHistory).toContain(entry.id);
  });

  it('keeps the one overall migrate entry with the counts, newest of its kind', async () => {
    const overall = (await get('/api/activity?action=migrate&limit=100')).items.filter((e: { entityType: string | null }) => !e.entityType);
    expect(overall).toHaveLength(1);
    const switches = JSON.parse(readFileSync(join(FIXTURE, 'switches.json'), 'utf8')).length;
    expect(overall[0].changes.counts).toMatchObject({ switches });
  });

  it('lists the management address it recorded for a switch whose allocation ezSWM had lost', async () => {
    const { fixes } = await get('/api/migration');
    const recorded = fixes.filter((fix: { kind: string; field: string }) => fix.kind === 'address' && fix.field === 'management_ip');
    expect(recorded).toHaveLength(1);
    const address = await get(`/api/addresses/${recorded[0].recordId}`);
    expect(address).toMatchObject({ address: LOST_ALLOCATION, switchId: (await switchNamed('acc-bib')).id });
    expect(recorded[0]).toMatchObject({
      recordName: LOST_ALLOCATION,
      from: null,
      to: LOST_ALLOCATION,
      recordPath: `/networks/${address.networkId}`,
    });
    expect(recorded[0].reason).toMatch(/^the management IP of switch acc-bib had no allocation in network "[^"]+" \(10\.100\.0\.0\/\d+\)/);
    const history = (await get(`/api/activity?entityId=${address.id}`)).items;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['migrate']);
  });

  it('lists as many fixes as the log has `value fixed` lines, each resolved to its record or named by its file', async () => {
    const logged = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('legacy migration: value fixed'));
    const { at, counts, fixes } = await get('/api/migration');
    expect(fixes).toHaveLength(logged.length);
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(counts.ports).toBeGreaterThan(0);
    for (const fix of fixes) {
      if (fix.kind === null) expect(fix).toMatchObject({ recordId: null, recordPath: null });
      else expect(fix.recordPath).toMatch(/^\/(switches|sites|vlans|networks|templates|settings)\//);
    }
    const port = fixes.find((fix: { kind: string; recordName: string }) => fix.kind === 'port' && fix.recordName === '1/1/30');
    expect(port).toMatchObject({ parentName: 'acc-hs1', field: 'ports[29].access_vlan', from: 190, to: null, file: 'switches.json' });
    expect(port.recordPath).toBe(`/switches/${(await switchNamed('acc-hs1')).id}?port=${port.recordId}`);
  });

  it("gives each fix's reason the code and params of its form, which German words, and its field the API's name", async () => {
    const { fixes } = await get('/api/migration');
    const DE = de as unknown as Record<string, string>;
    for (const fix of fixes) {
      expect(fix.code, fix.reason).toBeDefined();
      expect(DE[`serverFix.${fix.code}`], fix.code).toBeDefined();
      expect(fix.reason).toBe(fillForm(FIX_FORMS[fix.code as keyof typeof FIX_FORMS], fix.params));
    }
    const port = fixes.find((fix: { field: string }) => fix.field === 'ports[29].access_vlan');
    expect(port).toMatchObject({ apiField: 'untaggedVlanId', code: 'vlan_not_at_site', params: { vid: '190' } });
  });
});
