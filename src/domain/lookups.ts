// The lookups of the per-kind record rules (fields/record-rules.ts) answered by the database, one stored read each:
// for the domain's writes, and for any path that judges a record against what is stored (discovery apply).
import { lagIdsPairedWith, lagRefById } from '../db/lags.ts';
import { getNetwork, type NetworkRow } from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { portIdsLinkedTo, portRefById, portSwitch, type PortSwitch } from '../db/ports.ts';
import { siteOfVlan } from '../db/vlans.ts';
import type { RecordLookups } from '../fields/record-rules.ts';
import { getOrMake } from '../lib/memo.ts';

/**
 * The records the rules ask about, read from `db` (a change's db inside a transaction sees its own writes); `known`:
 * what the caller has read already (the switch of the port or LAG it writes, an address's network), not read again. The sites of VLANs are
 * kept: the many ports of a bulk edit name the same few.
 */
export function databaseLookups(db: Db, known: { switch?: PortSwitch; network?: NetworkRow } = {}): RecordLookups {
  const vlanSites = new Map<string, string | undefined>();
  return {
    siteOfVlan: (id) => getOrMake(vlanSites, id, () => siteOfVlan(db, id)),
    switchOf: (id) => (id === known.switch?.id ? known.switch : portSwitch(db, id)),
    port: (id) => portRefById(db, id),
    lag: (id) => lagRefById(db, id),
    network: (id) => {
      const network = id === known.network?.id ? known.network : getNetwork(db, id);
      return network && { siteId: network.site_id, subnet: network.subnet };
    },
    pointingAt: (field, id) => (field === 'linkedPortId' ? portIdsLinkedTo(db, id) : lagIdsPairedWith(db, id)),
  };
}
