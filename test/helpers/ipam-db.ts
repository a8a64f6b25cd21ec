// IPAM rows inserted directly (no server, no activity entries, no rules: older data and the legacy migration may
// hold what the API refuses), with the key columns the API derives, for unit tests of code that reads them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/open.ts';
import { ipKey } from '../../src/lib/ip-math.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** Inserts an address recorded in a network; returns its id. */
export function addAddress(
  db: Db,
  networkId: string,
  address: string,
  extra: { hostname?: string; macAddress?: string; deviceType?: string; switchId?: string } = {},
): string {
  const id = randomUUID();
  const key = ipKey(address)!;
  db.prepare(
    `INSERT INTO addresses (id, network_id, address, key_hi, key_lo, hostname, mac_address, device_type, switch_id, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    networkId,
    address,
    key.hi,
    key.lo,
    extra.hostname ?? null,
    extra.macAddress ?? null,
    extra.deviceType ?? null,
    extra.switchId ?? null,
    AT,
    AT,
  );
  return id;
}

/** Inserts a range of a network; returns its id. */
export function addRange(db: Db, networkId: string, start: string, end: string, kind: 'dhcp' | 'static' | 'reserved'): string {
  const id = randomUUID();
  const [from, to] = [ipKey(start)!, ipKey(end)!];
  db.prepare(
    `INSERT INTO ranges (id, network_id, start_address, end_address, start_hi, start_lo, end_hi, end_lo, kind, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, networkId, start, end, from.hi, from.lo, to.hi, to.lo, kind, AT, AT);
  return id;
}
