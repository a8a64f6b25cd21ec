import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../db/change.ts';
import { applyMigrations } from '../db/migrate.ts';
import { getNetwork } from '../db/networks.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { getSite } from '../db/sites.ts';
import { getVlan } from '../db/vlans.ts';
import { HttpError } from '../errors/http-error.ts';
import { Refusal } from '../errors/refusal.ts';
import { ADDRESS_WRITES, recordNextAddress } from './addresses.ts';
import { NETWORK_WRITES } from './networks.ts';
import { RANGE_WRITES } from './ranges.ts';
import { SITE_WRITES } from './sites.ts';
import { TEMPLATE_WRITES } from './templates.ts';
import { VLAN_WRITES } from './vlans.ts';

// The domain core (src/domain/) checks and writes a change whoever asks: called here without HTTP, it refuses with a
// Refusal (kind, code, details naming the field), never an HttpError, writes nothing when it refuses, and writes
// each change with its activity entry, noted for the actor.

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
let actor: Actor;

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  actor = { id: null, username: 'tester', entryIds: [] };
});

function refusalOf(write: () => unknown): Refusal {
  try {
    write();
  } catch (error) {
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(Refusal);
    return error as Refusal;
  }
  throw new Error('the write was not refused');
}

const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('a write through the domain', () => {
  it('stores the record with one activity entry, whose id it notes for the actor', () => {
    const id = SITE_WRITES.create(db, actor, { name: 'Main' });
    expect(getSite(db, id)?.name).toBe('Main');
    const entries = db.prepare('SELECT id, entity_id, summary FROM activity').all() as { id: string; entity_id: string; summary: string }[];
    expect(entries).toEqual([{ id: actor.entryIds![0], entity_id: id, summary: 'Created site Main' }]);
  });

  it('refuses invalid fields with validation_failed naming each field, and writes nothing', () => {
    const refusal = refusalOf(() => SITE_WRITES.create(db, actor, { name: '', bogus: 1 }));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'validation_failed' });
    expect(refusal.details?.map((fault) => fault.field).sort()).toEqual(['bogus', 'name']);
    expect(count('sites') + count('activity')).toBe(0);
  });

  it('refuses a name another record holds with name_taken, whatever its case', () => {
    SITE_WRITES.create(db, actor, { name: 'Main' });
    const refusal = refusalOf(() => SITE_WRITES.create(db, actor, { name: 'MAIN' }));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'name_taken', details: [{ field: 'name' }] });
    expect(count('sites')).toBe(1);
  });

  it('writes no entry for a patch that changes nothing', () => {
    const id = SITE_WRITES.create(db, actor, { name: 'Main' });
    SITE_WRITES.update(db, actor, id, { name: 'Main' });
    expect(count('activity')).toBe(1);
  });

  it('reads the record an update or a delete names: not_found without one, then the precondition before any check', () => {
    const missing = crypto.randomUUID();
    expect(refusalOf(() => SITE_WRITES.update(db, actor, missing, { name: 'x' }))).toMatchObject({
      kind: 'not_found',
      message: 'No such site.',
    });
    expect(refusalOf(() => RANGE_WRITES.delete(db, actor, missing, undefined, undefined))).toMatchObject({ message: 'No such range.' });
    const id = SITE_WRITES.create(db, actor, { name: 'Main' });
    const seen: number[] = [];
    const stale = (version: number) => {
      seen.push(version);
      throw new Refusal('conflict', 'stale', 'stale');
    };
    expect(refusalOf(() => SITE_WRITES.update(db, actor, id, { name: '' }, stale))).toMatchObject({ code: 'stale' });
    expect(refusalOf(() => SITE_WRITES.delete(db, actor, id, stale, { cascade: false }))).toMatchObject({ code: 'stale' });
    expect(seen).toEqual([1, 1]);
    expect(count('activity')).toBe(1);
  });

  it('refuses a rule that looks at other records (a VLAN of a site that does not exist)', () => {
    const refusal = refusalOf(() => VLAN_WRITES.create(db, actor, { siteId: crypto.randomUUID(), vid: 10, name: 'LAN' }));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'validation_failed', details: [{ field: 'siteId' }] });
  });
});

describe('a delete through the domain', () => {
  it('refuses a site that is not empty unless it cascades', () => {
    const siteId = SITE_WRITES.create(db, actor, { name: 'Main' });
    VLAN_WRITES.create(db, actor, { siteId, vid: 10, name: 'LAN' });
    const refusal = refusalOf(() => SITE_WRITES.delete(db, actor, siteId, undefined, { cascade: false }));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'site_not_empty', details: [{ field: 'cascade' }] });
    SITE_WRITES.delete(db, actor, siteId, undefined, { cascade: true });
    expect(count('sites') + count('vlans')).toBe(0);
  });

  it('refuses a VLAN in use unless it is forced', () => {
    const siteId = SITE_WRITES.create(db, actor, { name: 'Main' });
    const vlanId = VLAN_WRITES.create(db, actor, { siteId, vid: 10, name: 'LAN' });
    NETWORK_WRITES.create(db, actor, { siteId, vlanId, name: 'LAN', subnet: '10.0.0.0/24' });
    const refusal = refusalOf(() => VLAN_WRITES.delete(db, actor, vlanId, undefined, { force: false }));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'vlan_in_use' });
    VLAN_WRITES.delete(db, actor, vlanId, undefined, { force: true });
    expect(getVlan(db, vlanId)).toBeUndefined();
  });

  it('refuses a network with addresses unless it is forced', () => {
    const siteId = SITE_WRITES.create(db, actor, { name: 'Main' });
    const networkId = NETWORK_WRITES.create(db, actor, { siteId, name: 'LAN', subnet: '10.0.0.0/24' });
    ADDRESS_WRITES.create(db, actor, { address: '10.0.0.5' }, getNetwork(db, networkId)!);
    expect(refusalOf(() => NETWORK_WRITES.delete(db, actor, networkId, undefined, { force: false }))).toMatchObject({
      code: 'network_in_use',
    });
    NETWORK_WRITES.delete(db, actor, networkId, undefined, { force: true });
    expect(count('networks') + count('addresses')).toBe(0);
  });
});

describe('the rules of one kind', () => {
  it('names each fault of a template’s units at its own path', () => {
    const refusal = refusalOf(() =>
      TEMPLATE_WRITES.create(db, actor, { name: 'T', units: [[{ kind: 'rj45', count: 0, namePattern: '{n}' }]] }),
    );
    expect(refusal.code).toBe('validation_failed');
    expect(refusal.details?.every((fault) => fault.field.startsWith('units['))).toBe(true);
    expect(count('templates')).toBe(0);
  });

  it('refuses an address in a DHCP range of its network, and a DHCP range over a recorded address', () => {
    const siteId = SITE_WRITES.create(db, actor, { name: 'Main' });
    const network = getNetwork(db, NETWORK_WRITES.create(db, actor, { siteId, name: 'LAN', subnet: '10.0.0.0/24' }))!;
    RANGE_WRITES.create(db, actor, { start: '10.0.0.100', end: '10.0.0.199', kind: 'dhcp' }, network);
    const inRange = refusalOf(() => ADDRESS_WRITES.create(db, actor, { address: '10.0.0.150' }, network));
    expect(inRange).toMatchObject({ kind: 'conflict', code: 'in_dhcp_range', details: [{ field: 'address' }] });
    ADDRESS_WRITES.create(db, actor, { address: '10.0.0.20' }, network);
    const overAddress = refusalOf(() => RANGE_WRITES.create(db, actor, { start: '10.0.0.10', end: '10.0.0.30', kind: 'dhcp' }, network));
    expect(overAddress).toMatchObject({ kind: 'conflict', code: 'in_dhcp_range', details: [{ field: 'addresses' }] });
  });

  it('refuses the next free address of a full network with network_full', () => {
    const siteId = SITE_WRITES.create(db, actor, { name: 'Main' });
    const network = getNetwork(db, NETWORK_WRITES.create(db, actor, { siteId, name: 'P2P', subnet: '10.0.0.0/31' }))!;
    recordNextAddress(db, actor, network, {});
    recordNextAddress(db, actor, network, {});
    expect(refusalOf(() => recordNextAddress(db, actor, network, {}))).toMatchObject({ kind: 'conflict', code: 'network_full' });
  });
});
