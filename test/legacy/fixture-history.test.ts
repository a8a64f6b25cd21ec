// Issue 35: the 0.20.x history survives the upgrade. A real server migrates a copy of the data directory 0.20.3
// wrote (../shared/fixtures/ezswm-0.20.3); each activity entry that carries `previous_state` keeps its before and
// after values, mapped onto the new fields and ids and attached to the record it changed (a port's edit to the
// port), and undoes like any other entry when its record has not changed since; else the undo is refused, with
// the reason. The expectations are read from the fixture at test time.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { api, freshDataDir, startServer, type TestServer } from '../helpers/server.ts';
import { entrySummary } from '../../src/ui/entry-summary.ts';
import { setLanguage } from '../../src/ui/messages.ts';
import { undoLostWords } from '../../src/ui/undo-lost.ts';

const FIXTURE = join(SHARED_FIXTURES, 'ezswm-0.20.3');
const fixture = (name: string): any => JSON.parse(readFileSync(join(FIXTURE, name), 'utf8'));
const ADMIN = { username: 'campus_admin', password: 'Campus-Admin-2025!' };

/** The text fields of each kind's entries whose values the migration takes as they are: legacy name → API name. */
const TEXT_FIELDS: Record<string, Record<string, string>> = {
  update_port: { description: 'description', connected_device: 'connectedDevice', connected_port: 'connectedPort' },
  site: { name: 'name', description: 'description' },
  switch: { location: 'location', serial_number: 'serialNumber', firmware_version: 'firmwareVersion', rack_position: 'rackPosition' },
  ip_allocation: { hostname: 'hostname', description: 'description' },
};

describeNeeding([sharedFixture('ezswm-0.20.3')], 'the 0.20.x history after the upgrade of the real 0.20.3 data directory', () => {
  let server: TestServer;
  let token: string;
  let entries: any[];
  const withPrevious = fixture('activity.json').filter((old: any) => old.previous_state && old.changes);

  beforeAll(async () => {
    const dir = freshDataDir();
    cpSync(FIXTURE, dir, { recursive: true });
    server = await startServer({ dataDir: dir });
    token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: ADMIN })).body.token;
    entries = (await api(server.baseUrl, 'GET', '/api/activity?limit=500', { token })).body.items;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The migrated entry of a 0.20.x entry: the one at its time with its action in its summary or its kind. */
  const migratedOf = (old: any) => entries.filter((entry) => entry.at === old.timestamp && entry.action !== 'migrate');

  it('keeps the before and after values of every entry with previous_state, under the API names', () => {
    expect(withPrevious.length).toBeGreaterThan(0);
    let compared = 0;
    for (const old of withPrevious) {
      const fields = TEXT_FIELDS[old.action === 'update_port' ? 'update_port' : old.entity_type] ?? {};
      const [entry] = migratedOf(old);
      const what = `${old.action} ${old.entity_type} ${old.entity_name} at ${old.timestamp}`;
      expect(entry, what).toBeDefined();
      for (const [legacy, name] of Object.entries(fields)) {
        if (!(legacy in old.changes)) continue;
        const before = old.previous_state[legacy] || null;
        const after = old.changes[legacy] || null;
        if (before === after) continue;
        expect(entry.changes?.[name], `${what}: ${legacy}`).toEqual([before, after]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("attaches a port's 0.20.x edits to the port: its history lists them, VLANs as the new ids of the site's VLANs", async () => {
    const portEdits = withPrevious.filter((old: any) => old.action === 'update_port' && old.metadata?.port_id);
    expect(portEdits.length).toBeGreaterThan(0);
    for (const old of portEdits) {
      const [entry] = migratedOf(old);
      expect(entry.entityType, old.metadata.port_label).toBe('port');
      const port = (await api(server.baseUrl, 'GET', `/api/ports/${entry.entityId}`, { token })).body;
      expect(port.name).toBe(old.metadata.port_label);
      const history = await api(server.baseUrl, 'GET', `/api/activity?entityType=port&entityId=${port.id}`, { token });
      expect(history.body.items.map((item: any) => item.id)).toContain(entry.id);
      const untagged = entry.changes?.untaggedVlanId?.[1];
      if (untagged) {
        const vlan = (await api(server.baseUrl, 'GET', `/api/vlans/${untagged}`, { token })).body;
        expect(vlan.vid).toBe(old.changes.port_mode === 'trunk' ? old.changes.native_vlan : old.changes.access_vlan);
      }
    }
  });

  it('says why an entry with previous values cannot be undone, and refuses its undo with that reason', async () => {
    const lost = entries.filter((entry) => entry.undoLost);
    expect(lost.length).toBeGreaterThan(0);
    for (const entry of lost) expect(entry.undoable, entry.summary).toBe(false);
    const refused = await api(server.baseUrl, 'POST', `/api/activity/${lost[0].id}/undo`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_undoable');
    expect(refused.body.error.message).toContain(lost[0].undoLost);
  });

  it("reads every migrated entry, and the migration's own, in German in the German UI", async () => {
    await setLanguage('de');
    try {
      const english = entries.filter((entry) => entrySummary(entry) === entry.summary).map((entry) => entry.summary);
      expect(english).toEqual([]);
      // And why one cannot be undone, where the reason is the history's own (not a value's validation message).
      const reasons = entries.map((entry) => entry.undoLost).filter((reason) => reason && !reason.startsWith('its previous values'));
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.filter((reason) => undoLostWords(reason) === reason)).toEqual([]);
    } finally {
      await setLanguage('en');
    }
  });

  it('undoes the newest 0.20.x entry of a record; an older one only after it, else refused as changed since', async () => {
    const undoable = entries.filter((entry) => entry.undoable && entry.entityType === 'port');
    const portId = undoable.find((entry) => undoable.filter((other) => other.entityId === entry.entityId).length >= 2).entityId;
    const pair = undoable.filter((entry) => entry.entityId === portId);
    const [newer, older] = pair; // newest first, as the log lists them
    const portNow = () => api(server.baseUrl, 'GET', `/api/ports/${portId}`, { token }).then((answer) => answer.body);
    const early = await api(server.baseUrl, 'POST', `/api/activity/${older.id}/undo`, { token });
    expect(early.status, early.text).toBe(409);
    expect(early.body.error.code).toBe('undo_conflict');

    const undone = await api(server.baseUrl, 'POST', `/api/activity/${newer.id}/undo`, { token });
    expect(undone.status, undone.text).toBe(200);
    const afterFirst = await portNow();
    for (const [field, [before]] of Object.entries(newer.changes as Record<string, [unknown, unknown]>))
      expect(afterFirst[field] ?? null, field).toEqual(before);

    const second = await api(server.baseUrl, 'POST', `/api/activity/${older.id}/undo`, { token });
    expect(second.status, second.text).toBe(200);
    const afterSecond = await portNow();
    for (const [field, [before]] of Object.entries(older.changes as Record<string, [unknown, unknown]>))
      expect(afterSecond[field] ?? null, field).toEqual(before);
  });
});
