import { beforeEach, describe, expect, it } from 'vitest';
import { listAddressesJson } from './addresses.ts';
import { applyMigrations } from './migrate.ts';
import { listNetworks, networkUse } from './networks.ts';
import { inTransaction, openDatabase, type Db } from './open.ts';
import { withDerivedDataRebuiltAfter } from './search-index.ts';
import { insertTestRow, MIGRATIONS, migrationsUpTo } from './test-rows.ts';

let db: Db;
let siteId: string;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  siteId = insertTestRow(db, 'sites', { name: 'HQ' });
});

const network = (name: string, subnet: string) => insertTestRow(db, 'networks', { site_id: siteId, name, subnet });

function address(networkId: string, last: number): string {
  return insertTestRow(db, 'addresses', { network_id: networkId, address: `10.0.0.${last}`, key_hi: 0, key_lo: 0x0a000000 + last });
}

/** Each network's addresses as the triggers keep them, and as a count of the table finds them. */
const kept = () => db.prepare('SELECT network_id, addresses FROM network_address_counts ORDER BY network_id').all();
const counted = () => db.prepare('SELECT network_id, count(*) AS addresses FROM addresses GROUP BY network_id ORDER BY network_id').all();

/** What a reader sees of one network: its list's addressCount, its utilisation's used, its addresses' page total. */
function seen(networkId: string) {
  const listed = listNetworks(db, { limit: 100, offset: 0, sort: undefined, q: undefined }, {}).rows.find((row) => row.id === networkId);
  const use = networkUse(db, { id: networkId, subnet: '10.0.0.0/24' });
  const page = listAddressesJson(db, { limit: 100, offset: 0, sort: undefined, q: undefined }, { networkId });
  return { listed: listed?.address_count, used: Number(use?.used), total: page.total };
}

describe('the address count of each network', () => {
  it('follows every insert, move and delete of an address, and keeps no row for a network without any', () => {
    const [office, lab] = [network('Office', '10.0.0.0/24'), network('Lab', '10.0.0.0/24')];
    const ids = [1, 2, 3].map((last) => address(office, last));
    address(lab, 9);
    expect(kept()).toEqual(counted());
    db.prepare('UPDATE addresses SET network_id = ? WHERE id = ?').run(lab, ids[0]);
    db.prepare("UPDATE addresses SET hostname = 'printer' WHERE id = ?").run(ids[1]);
    expect(kept()).toEqual(counted());
    expect([seen(office), seen(lab)]).toEqual([
      { listed: 2, used: 2, total: 2 },
      { listed: 2, used: 2, total: 2 },
    ]);
    db.prepare('DELETE FROM addresses WHERE network_id = ?').run(office);
    expect(kept()).toEqual(counted());
    expect(kept()).toHaveLength(1);
    expect(seen(office)).toEqual({ listed: 0, used: 0, total: 0 });
  });

  it('is counted again at the end of a bulk load, and read from the table while the load runs', () => {
    const office = network('Office', '10.0.0.0/24');
    [1, 2].forEach((last) => address(office, last));
    inTransaction(db, () =>
      withDerivedDataRebuiltAfter(db, () => {
        [3, 4, 5].forEach((last) => address(office, last));
        // The triggers idle: the kept count is stale, so readers inside the load count the table.
        expect(kept()).toEqual([{ network_id: office, addresses: 2 }]);
        expect(seen(office)).toEqual({ listed: 5, used: 5, total: 5 });
      }),
    );
    expect(kept()).toEqual([{ network_id: office, addresses: 5 }]);
    expect(seen(office)).toEqual({ listed: 5, used: 5, total: 5 });
  });

  it('counts the addresses of a database made before it', () => {
    db = openDatabase(':memory:');
    applyMigrations(db, migrationsUpTo(14));
    siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const office = network('Office', '10.0.0.0/24');
    [1, 2, 3].forEach((last) => address(office, last));
    applyMigrations(db, MIGRATIONS);
    expect(kept()).toEqual([{ network_id: office, addresses: 3 }]);
    expect(seen(office)).toEqual({ listed: 3, used: 3, total: 3 });
  });
});
