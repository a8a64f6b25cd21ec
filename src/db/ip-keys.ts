import type { IpKey } from '../lib/ip-math.ts';
import { prepare, type Db } from './open.ts';

// The lookups by numeric key (docs/IPAM.md) that the rules of one IPAM table make in the other: an address may not
// lie in a DHCP range (addresses.ts), a DHCP range may not cover recorded addresses (ranges.ts). They live here so
// that neither of those files imports the other.

/** Up to `limit` of a network's addresses from `start` to `end` (keys, both included), by address, with their text. */
export function heldInKeyRange(db: Db, networkId: string, start: IpKey, end: IpKey, limit: number): { id: string; address: string }[] {
  return prepare(
    db,
    `SELECT id, address FROM addresses WHERE network_id = ? AND (key_hi, key_lo) BETWEEN (?, ?) AND (?, ?)
    ORDER BY key_hi, key_lo LIMIT ?`,
  ).all(networkId, start.hi, start.lo, end.hi, end.lo, limit) as { id: string; address: string }[];
}

/** A range's id and bounds: what a refusal names. */
export type RangeBounds = { id: string; start_address: string; end_address: string };

/** The DHCP range of a network that holds an address (key), or undefined. */
export function dhcpRangeHolding(db: Db, networkId: string, key: IpKey): RangeBounds | undefined {
  return prepare(
    db,
    `SELECT id, start_address, end_address FROM ranges WHERE network_id = ? AND kind = 'dhcp'
      AND (start_hi, start_lo) <= (?, ?) AND (end_hi, end_lo) >= (?, ?) LIMIT 1`,
  ).get(networkId, key.hi, key.lo, key.hi, key.lo) as RangeBounds | undefined;
}
