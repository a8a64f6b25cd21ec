import { addressIdsOfNetwork, removeAddress } from './addresses.ts';
import type { Change } from './change.ts';
import { removeNetwork } from './networks.ts';
import { rangeIdsOfNetwork, removeRange } from './ranges.ts';

/**
 * Deletes a network after recording it, with its addresses and ranges, so that one activity entry brings all back.
 * Apart from networks.ts, which addresses.ts imports: that file removing addresses would make a cycle.
 */
export function removeNetworkWithHoldings(change: Change, id: string): void {
  for (const addressId of addressIdsOfNetwork(change.db, id)) removeAddress(change, addressId);
  for (const rangeId of rangeIdsOfNetwork(change.db, id)) removeRange(change, rangeId);
  removeNetwork(change, id);
}
