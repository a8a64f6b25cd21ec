// The address ranges of networks: inside the network's subnet, start ≤ end, overlapping no other range of it
// (409 range_overlaps); a DHCP range over no recorded address (409 in_dhcp_range).
import { getNetwork, type NetworkRow } from '../db/networks.ts';
import { getRange, insertRange, rangeConflict, rangeToApi, removeRange, type RangeRow, type RangeValues } from '../db/ranges.ts';
import { RANGE } from '../fields/ranges.ts';
import { rangeRuleFaults } from '../fields/record-rules.ts';
import { databaseLookups } from './lookups.ts';
import { childWritesOf, type DomainKind, type Writes } from './save.ts';

/** The writes of ranges, each under its network. */
export const RANGE_WRITES: Writes<undefined, NetworkRow, string> = childWritesOf(
  rangesOf,
  { what: RANGE.type, get: getRange, parentOf: (db, range) => getNetwork(db, range.network_id)! },
  (change, range) => {
    removeRange(change, range.id);
    return '';
  },
);

/** The ranges of one network: their rules and entries name it. */
function rangesOf(network: NetworkRow): DomainKind<RangeRow, RangeValues> {
  return {
    resource: RANGE,
    toApi: rangeToApi,
    insert: (db, id, values, now) => insertRange(db, id, { ...values, network_id: network.id }, now),
    ruleFaults: (db, range, checked) => {
      const refused = new Set(checked.faults.map((fault) => fault.field));
      return rangeRuleFaults({ ...range, networkId: network.id }, databaseLookups(db, { network }), { symmetric: false, refused });
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
