// The address ranges of networks: inside the network's subnet, start ≤ end, overlapping no other range of it
// (409 range_overlaps); a DHCP range over no recorded address (409 in_dhcp_range).
import type { Actor } from '../db/change.ts';
import { getNetwork, type NetworkRow } from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { insertRange, rangeConflict, rangeToApi, removeRange, type RangeRow, type RangeValues } from '../db/ranges.ts';
import { RANGE } from '../fields/ranges.ts';
import { rangeFaults } from '../fields/rules.ts';
import { createRecord, deleteRecord, updateRecord, type DomainKind } from './save.ts';

/** Creates a range of a network; its new id. */
export function createRange(db: Db, actor: Actor, network: NetworkRow, input: unknown): string {
  return createRecord(db, actor, rangesOf(network), input);
}

/** Changes a range by a patch, under the same rules. */
export function changeRange(db: Db, actor: Actor, range: RangeRow, input: unknown): void {
  updateRecord(db, actor, rangesOf(getNetwork(db, range.network_id)!), range, input);
}

/** Deletes a range. */
export function deleteRange(db: Db, actor: Actor, range: RangeRow): void {
  deleteRecord(db, actor, rangesOf(getNetwork(db, range.network_id)!), range, (change) => {
    removeRange(change, range.id);
    return '';
  });
}

/** The ranges of one network: their rules and entries name it. */
function rangesOf(network: NetworkRow): DomainKind<RangeRow, RangeValues> {
  return {
    resource: RANGE,
    toApi: rangeToApi,
    insert: (db, id, values, now) => insertRange(db, id, { ...values, network_id: network.id }, now),
    ruleFaults: (_db, range, checked) => {
      const refused = checked.faults.some((fault) => ['start', 'end', 'kind'].includes(fault.field));
      return refused ? [] : rangeFaults(range, network.subnet);
    },
    clashes: (db, values, id) => {
      const conflict = rangeConflict(db, network.id, { start: values.start_address, end: values.end_address, kind: values.kind }, id);
      if (conflict) throw conflict;
      return [];
    },
    entity: (range) => ({
      name: `${range.start_address}-${range.end_address}`,
      siteId: network.site_id,
      label: `${range.start_address}-${range.end_address} (${range.kind}) in ${network.name}`,
    }),
  };
}
