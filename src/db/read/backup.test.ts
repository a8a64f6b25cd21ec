import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordChunks } from './backup.ts';
import { applyMigrations } from '../migrate.ts';
import { openDatabase, type Db } from '../open.ts';
import { insertTestRow } from '../test-rows.ts';

// The export reads each kind in chunks sized from the last one: small records come many to a chunk, large
// ones (a bulk edit's undo image) few, so that no chunk's string is much over the 64 KB aimed at.
let db: Db;

function insertActivity(undoBytes: number): void {
  db.prepare(
    `INSERT INTO activity (id, at, action, summary, changes, undo_data, undoable) VALUES (?, ?, 'bulk_update', 's', '{}', ?, 1)`,
  ).run(randomUUID(), '2026-01-01T00:00:00.000Z', JSON.stringify({ pad: 'x'.repeat(undoBytes) }));
}

beforeAll(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', '..', 'migrations'));
  const site = insertTestRow(db, 'sites', { name: 'HQ' });
  for (let i = 0; i < 700; i++)
    insertTestRow(db, 'vlans', { site_id: site, name: `vlan-${i}`, vid: i + 1, color: `#${i.toString(16).padStart(6, '0')}` });
  const sw = insertTestRow(db, 'switches', { site_id: site, name: 'core', tags: '["a","b"]' });
  const [first] = db.prepare('SELECT id FROM vlans ORDER BY vid LIMIT 2').all() as { id: string }[];
  db.prepare('INSERT INTO switch_configured_vlans (switch_id, vlan_id) VALUES (?, ?)').run(sw, first.id);
  const port = insertTestRow(db, 'ports', {
    switch_id: sw,
    name: '1',
    position: 1,
    mode: 'trunk',
    poe: '{"type":"802.3at","maxWatts":30}',
  });
  db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(port, first.id);
  for (let i = 0; i < 60; i++) insertActivity(200);
  for (let i = 0; i < 40; i++) insertActivity(50_000);
  for (let i = 0; i < 60; i++) insertActivity(200);
});

function parsedRecords(chunks: string[]): { id: string }[] {
  return JSON.parse(`[${chunks.join(',')}]`);
}

describe('recordChunks', () => {
  it('yields every record once, in key order, whatever the chunk sizes', () => {
    const chunks = [...recordChunks(db, 'activity')];
    const ids = (db.prepare('SELECT id FROM activity ORDER BY seq').all() as { id: string }[]).map((row) => row.id);
    expect(parsedRecords(chunks).map((record) => record.id)).toEqual(ids);
    const vlans = [...recordChunks(db, 'vlans')];
    expect(parsedRecords(vlans)).toHaveLength(700);
  });

  it('writes json fields as JSON values and VLAN lists as arrays of ids', () => {
    const vlan = (db.prepare('SELECT id FROM vlans ORDER BY vid LIMIT 1').get() as { id: string }).id;
    const [sw] = parsedRecords([...recordChunks(db, 'switches')]) as any[];
    expect(sw).toMatchObject({ tags: ['a', 'b'], configuredVlanIds: [vlan], stackSize: 1 });
    const [port] = parsedRecords([...recordChunks(db, 'ports')]) as any[];
    expect(port).toMatchObject({ poe: { type: '802.3at', maxWatts: 30 }, taggedVlanIds: [vlan], untaggedVlanId: null });
  });

  it('shrinks the chunks when records grow large and grows them again when they are small', () => {
    const sizes = [...recordChunks(db, 'activity')].map((chunk) => chunk.length);
    // A chunk ends with the record that reaches 64 KB: at most one large record past it.
    expect(Math.max(...sizes)).toBeLessThan(64 * 1024 + 51_000);
    expect(sizes.length).toBeGreaterThanOrEqual(20);
    expect(sizes.at(-1)).toBeGreaterThan(5_000); // the small records after the large ones come many to a chunk again
  });

  it("writes a LAG's tagged VLANs and its members (the ports whose lagId it is) as arrays, members in port order", () => {
    const [sw] = db.prepare('SELECT id FROM switches').all() as { id: string }[];
    const [first, second] = (db.prepare('SELECT id FROM vlans ORDER BY vid LIMIT 2').all() as { id: string }[]).map((row) => row.id);
    const template = insertTestRow(db, 'templates', { name: 'EX 2', units: '[[{"type":"rj45","count":2,"namePattern":"{n}"}]]' });
    const lag = insertTestRow(db, 'lags', { switch_id: sw.id, name: 'Po1', port_mode: 'trunk', untagged_vlan_id: first });
    const empty = insertTestRow(db, 'lags', { switch_id: sw.id, name: 'Po2' });
    db.prepare('INSERT INTO lag_tagged_vlans (lag_id, vlan_id) VALUES (?, ?)').run(lag, second);
    const later = insertTestRow(db, 'ports', { switch_id: sw.id, name: 'b', position: 9, lag_id: lag });
    const earlier = insertTestRow(db, 'ports', { switch_id: sw.id, name: 'a', position: 3, lag_id: lag });
    const lags = parsedRecords([...recordChunks(db, 'lags')]) as any[];
    expect(lags).toEqual([
      expect.objectContaining({ id: lag, switchId: sw.id, portMode: 'trunk', taggedVlanIds: [second], memberPortIds: [earlier, later] }),
      expect.objectContaining({ id: empty, mode: 'lacp-active', taggedVlanIds: [], memberPortIds: [], remoteLagId: null }),
    ]);
    expect(Object.keys(lags[0])).toEqual([
      'id',
      'switchId',
      'name',
      'mode',
      'portMode',
      'untaggedVlanId',
      'remoteLagId',
      'description',
      'version',
      'createdAt',
      'updatedAt',
      'taggedVlanIds',
      'memberPortIds',
    ]);
    const [stored] = parsedRecords([...recordChunks(db, 'templates')]) as any[];
    expect(stored).toEqual({
      id: template,
      name: 'EX 2',
      vendor: null,
      model: null,
      description: null,
      units: [[{ type: 'rj45', count: 2, namePattern: '{n}' }]],
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const ports = parsedRecords([...recordChunks(db, 'ports')]) as any[];
    expect(ports.find((port) => port.id === earlier).lagId).toBe(lag);
  });

  it('yields nothing for an empty kind', () => {
    expect([...recordChunks(db, 'networks')]).toEqual([]);
  });
});
