import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { freeBlocks, ipKey, ipText, ipToBigInt, nextFree, subnetOf, type Interval } from '../lib/ip-math.ts';
import { parseIp } from '../lib/net.ts';
import { applyMigrations } from './migrate.ts';
import { NETWORK_PERCENT_SQL, listNetworks, networkFreeBlocks, networkUse, nextFreeAddress } from './networks.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow } from './test-rows.ts';

// The next free address and the free blocks are found in SQL without reading every address; these compare them
// with ip-math.ts's nextFree and freeBlocks over every blocked address listed one by one.

let db: Db;
let siteId: string;

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  siteId = insertTestRow(db, 'sites', { name: 'Site' });
});

const value = (text: string): bigint => ipToBigInt(parseIp(text)!);

function makeNetwork(subnet: string, gateway: string | null = null) {
  const id = insertTestRow(db, 'networks', { site_id: siteId, name: subnet, subnet, gateway, dns_servers: '[]' });
  return { id, subnet, gateway };
}

function addAddresses(networkId: string, family: 4 | 6, values: Iterable<bigint>): void {
  const insert = db.prepare(
    'INSERT INTO addresses (id, network_id, address, key_hi, key_lo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let n = 0;
  for (const v of values) {
    const text = ipText(family, v);
    const key = ipKey(text)!;
    insert.run(`${networkId}-${n++}`, networkId, text, key.hi, key.lo, 'now', 'now');
  }
}

function addRange(networkId: string, start: string, end: string, kind = 'static'): void {
  const a = ipKey(start)!;
  const b = ipKey(end)!;
  insertTestRow(db, 'ranges', {
    network_id: networkId,
    start_address: start,
    end_address: end,
    start_hi: a.hi,
    start_lo: a.lo,
    end_hi: b.hi,
    end_lo: b.lo,
    kind,
  });
}

/** The oracle: every blocked address as its own interval, sorted. */
function expected(subnet: string, gateway: string | null, addresses: bigint[], ranges: [string, string][]) {
  const blocked: Interval[] = [
    ...addresses.map((v) => ({ first: v, last: v })),
    ...ranges.map(([s, e]) => ({ first: value(s), last: value(e) })),
    ...(gateway ? [{ first: value(gateway), last: value(gateway) }] : []),
  ].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  return { next: nextFree(subnetOf(subnet)!, blocked), blocks: freeBlocks(subnetOf(subnet)!, blocked) };
}

describe('the next free address and the free blocks in SQL', () => {
  it('finds the first gap after long runs, across ranges and the gateway', () => {
    const net = makeNetwork('10.0.0.0/16', '10.0.0.1');
    const ranges: [string, string][] = [
      ['10.0.0.200', '10.0.0.255'],
      ['10.0.1.0', '10.0.1.9'],
      ['10.0.3.0', '10.0.3.63'],
    ];
    for (const [s, e] of ranges) addRange(net.id, s, e);
    // Everything outside the ranges from 10.0.0.2 up to 10.0.4.200 recorded, but 10.0.4.201 on; and a few further.
    const recorded: bigint[] = [];
    for (let v = value('10.0.0.2'); v <= value('10.0.4.200'); v++) {
      if (!ranges.some(([s, e]) => v >= value(s) && v <= value(e))) recorded.push(v);
    }
    recorded.push(value('10.0.4.202'), value('10.0.4.203'), value('10.0.9.9'));
    addAddresses(net.id, 4, recorded);
    const oracle = expected(net.subnet, net.gateway, recorded, ranges);
    expect(nextFreeAddress(db, net)).toBe('10.0.4.201');
    expect(oracle.next).toBe(value('10.0.4.201'));
    expect(networkFreeBlocks(db, net)).toEqual(oracle.blocks);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('agrees with the oracle on random networks (seed %i)', (seed) => {
    let state = seed * 2654435761;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const net = makeNetwork('10.1.0.0/22', random(2) ? '10.1.0.1' : null);
    const ranges: [string, string][] = [];
    for (let start = 1 + random(40); start < 1000; start += 60 + random(200)) {
      const end = start + random(30);
      ranges.push([ipText(4, value('10.1.0.0') + BigInt(start)), ipText(4, value('10.1.0.0') + BigInt(end))]);
    }
    for (const [s, e] of ranges) addRange(net.id, s, e);
    const recorded = new Set<bigint>();
    const dense = random(900);
    for (let i = 1; i < dense; i++) if (random(20)) recorded.add(value('10.1.0.0') + BigInt(i));
    for (let i = 0; i < 50; i++) recorded.add(value('10.1.0.1') + BigInt(random(1022)));
    const list = [...recorded];
    addAddresses(net.id, 4, list);
    const oracle = expected(net.subnet, net.gateway, list, ranges);
    expect(nextFreeAddress(db, net)).toBe(oracle.next === undefined ? undefined : ipText(4, oracle.next));
    expect(networkFreeBlocks(db, net)).toEqual(oracle.blocks);
  });

  it('finds none in a full network', () => {
    const net = makeNetwork('10.2.0.0/29', '10.2.0.1');
    addRange(net.id, '10.2.0.5', '10.2.0.6', 'dhcp');
    addAddresses(net.id, 4, [value('10.2.0.2'), value('10.2.0.3'), value('10.2.0.4')]);
    expect(nextFreeAddress(db, net)).toBeUndefined();
    expect(networkFreeBlocks(db, net)).toEqual([]);
  });

  it('works across the halves of an IPv6 key (a /56 holds many /64s)', () => {
    const net = makeNetwork('2001:db8:0:100::/56', '2001:db8:0:100::1');
    addRange(net.id, '2001:db8:0:100::2', '2001:db8:0:100:ffff:ffff:ffff:ffff', 'reserved');
    const recorded = [0n, 1n, 2n].map((i) => value('2001:db8:0:101::') + i);
    addAddresses(net.id, 6, recorded);
    expect(nextFreeAddress(db, net)).toBe('2001:db8:0:101::3');
    const blocks = networkFreeBlocks(db, net);
    expect(blocks[0]).toEqual({
      first: value('2001:db8:0:101::3'),
      last: value('2001:db8:0:1ff:ffff:ffff:ffff:ffff'),
      size: 2n ** 72n - 2n ** 64n - 3n,
    });
    expect(networkUse(db, net)).toMatchObject({ used: 3, reserved: (2n ** 64n - 2n).toString() });
  });
});

describe('the utilisation of a list row', () => {
  it("is one network's utilisation, its percent in SQL too, ranges over the network and broadcast addresses too", () => {
    const cases: [string, [string, string, string][], number][] = [
      ['10.3.0.0/24', [['10.3.0.0', '10.3.0.127', 'dhcp']], 0],
      ['10.3.1.0/24', [['10.3.1.128', '10.3.1.255', 'reserved']], 3],
      ['10.3.2.0/30', [['10.3.2.0', '10.3.2.3', 'reserved']], 0],
      ['10.3.3.0/31', [['10.3.3.0', '10.3.3.1', 'reserved']], 0],
      [
        '10.3.4.0/23',
        [
          ['10.3.4.0', '10.3.4.0', 'dhcp'],
          ['10.3.5.255', '10.3.5.255', 'reserved'],
        ],
        1,
      ],
      ['2001:db8:3::/64', [['2001:db8:3::', '2001:db8:3::ff', 'dhcp']], 2],
      ['2001:db8:4::/127', [['2001:db8:4::', '2001:db8:4::', 'dhcp']], 0],
      ['2001:db8:5::/48', [['2001:db8:5::', '2001:db8:5:0:ffff:ffff:ffff:ffff', 'reserved']], 1],
      ['0.0.0.0/0', [['0.0.0.0', '127.255.255.255', 'reserved']], 2],
    ];
    for (const [subnet, ranges, addresses] of cases) {
      const net = makeNetwork(subnet);
      for (const [s, e, kind] of ranges) addRange(net.id, s, e, kind);
      const base = value(ranges.at(-1)![1]) - 10n;
      addAddresses(
        net.id,
        subnet.includes(':') ? 6 : 4,
        Array.from({ length: addresses }, (_, i) => base + BigInt(i)),
      );
    }
    const rows = listNetworks(db, { limit: 100, offset: 0, sort: undefined, q: undefined }, {}).rows;
    expect(rows).toHaveLength(cases.length);
    const percentInSql = db.prepare(`SELECT ${NETWORK_PERCENT_SQL} AS percent FROM networks n WHERE n.id = ?`);
    for (const row of rows) {
      const use = networkUse(db, row)!;
      const listed = { subnet: row.subnet, utilization: JSON.parse(row.utilization), percent: percentInSql.get(row.id)?.percent };
      expect(listed).toEqual({ subnet: row.subnet, utilization: use, percent: use.percent });
    }
  });
});
