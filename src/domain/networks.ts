// Networks (IP subnets): of an existing site, the gateway inside the subnet, the VLAN of the same site; the name
// unique per site (409 name_taken) and no two subnets of a site overlapping (409 subnet_overlaps). One with
// addresses or ranges is deleted only with them (force).
import { removeNetworkWithHoldings } from './network-removal.ts';
import {
  getNetwork,
  insertNetwork,
  networkHoldings,
  networkIdByName,
  networkToApi,
  overlappingNetwork,
  removeNetwork,
  updateNetwork,
  type NetworkRow,
  type NetworkValues,
} from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { NETWORK } from '../fields/networks.ts';
import { networkRuleFaults } from '../fields/record-rules.ts';
import { counted } from '../lib/counted.ts';
import type { Utilization } from '../lib/ip-math.ts';
import { databaseLookups } from './lookups.ts';
import { siteFaults, writesOf, type DomainKind, type Writes } from './save.ts';
import { faultOf, formedConflict } from '../fields/field.ts';

/** A network as its answer reads it: with its exact utilisation. */
export type NetworkWithUse = NetworkRow & { use?: Utilization };

const NETWORKS: DomainKind<NetworkWithUse, NetworkValues> = {
  resource: NETWORK,
  toApi: (row) => networkToApi(row, row.use),
  insert: insertNetwork,
  update: updateNetwork,
  ruleFaults: (db, network, checked) => {
    const site = siteFaults(db, checked.values.siteId);
    const refused = new Set([...checked.faults, ...site].map((fault) => fault.field));
    return [...networkRuleFaults(network, databaseLookups(db), { symmetric: false, refused }), ...site];
  },
  clashes: networkClashes,
  entity: (network) => ({ name: network.name, siteId: network.site_id, label: networkLabel(network) }),
};

/** The writes of networks; a delete of one with addresses or ranges: 409 network_in_use, unless `force` deletes them in the same entry. */
export const NETWORK_WRITES: Writes<{ force: boolean }, void, string> = writesOf(NETWORKS, getNetwork, (change, network, { force }) => {
  const held = networkHoldings(change.db, network.id);
  if (held.addresses + held.ranges === 0) {
    removeNetwork(change, network.id);
    return '';
  }
  if (!force) throw networkInUse(network, held);
  removeNetworkWithHoldings(change, network.id);
  return ` with ${heldText(held)}`;
});

/** "LAN (10.0.0.0/24)": how messages and summaries name a network. */
export function networkLabel(network: Pick<NetworkValues, 'name' | 'subnet'>): string {
  return `${network.name} (${network.subnet})`;
}

/** 409 network_in_use: the counts of addresses and ranges in the message and in details. */
function networkInUse(network: NetworkRow, held: { addresses: number; ranges: number }): Refusal {
  return new Refusal(
    'conflict',
    'network_in_use',
    `The network ${networkLabel(network)} has ${heldText(held)}; add ?force=true to delete them with it.`,
    [
      { field: 'force', message: `the network has ${heldText(held)}` },
      { field: 'addresses', message: `${held.addresses} recorded` },
      { field: 'ranges', message: `${held.ranges} defined` },
    ],
  );
}

function heldText(held: { addresses: number; ranges: number }): string {
  return `${counted(held.addresses, 'address', 'addresses')} and ${counted(held.ranges, 'range')}`;
}

/** The name unique per site (409 name_taken); then no overlap with another subnet of the site (409 subnet_overlaps). */
function networkClashes(db: Db, values: NetworkValues, id: string): FieldFault[] {
  if (networkIdByName(db, values.site_id, values.name, id)) return [faultOf('name', 'network_name_taken', { name: values.name })];
  const other = overlappingNetwork(db, values.site_id, values.subnet, id);
  if (other) throw subnetOverlaps(values.subnet, other);
  return [];
}

function subnetOverlaps(subnet: string, other: { id: string; name: string; subnet: string }): Refusal {
  const fault = faultOf('subnet', 'overlaps_network', { subnet: other.subnet, network: other.name, id: other.id });
  return formedConflict('subnet_overlaps', { subnet, otherSubnet: other.subnet, network: other.name }, [fault]);
}
