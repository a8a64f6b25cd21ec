import { addressIdsOfNetwork, removeAddress } from '../db/addresses.ts';
import type { Change } from '../db/change.ts';
import { removeNetwork } from '../db/networks.ts';
import { rangeIdsOfNetwork, removeRange } from '../db/ranges.ts';

/** Deletes a network after recording it, with its addresses and ranges, so that one activity entry brings all back. */
export function removeNetworkWithHoldings(change: Change, id: string): void {
  for (const addressId of addressIdsOfNetwork(change.db, id)) removeAddress(change, addressId);
  for (const rangeId of rangeIdsOfNetwork(change.db, id)) removeRange(change, rangeId);
  removeNetwork(change, id);
}
