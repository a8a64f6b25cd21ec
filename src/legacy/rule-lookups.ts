// The migration judges the records it keeps by the rules the API judges them by (fields/record-rules.ts), over the
// records it has made so far: what it keeps, the API would accept. Pure: no I/O.
import type { RecordLookups, RuleContext } from '../fields/record-rules.ts';
import type { ApiRecord } from './types.ts';

/** The migration's records by id, of the kinds the rules ask about; a kind not given has none. */
export interface RecordsById {
  vlans?: ReadonlyMap<string, ApiRecord>;
  switches?: ReadonlyMap<string, ApiRecord>;
  ports?: ReadonlyMap<string, ApiRecord>;
  networks?: ReadonlyMap<string, ApiRecord>;
}

/** How the migration's records are judged: as stored data, whole. */
export const MIGRATED: RuleContext = { symmetric: true };

/** RecordLookups over the migration's records; no record it judges names a LAG. */
export function lookupsOf(records: RecordsById): RecordLookups {
  return {
    siteOfVlan: (id) => records.vlans?.get(id)?.siteId as string | undefined,
    switchOf(id) {
      const sw = records.switches?.get(id);
      return sw && { siteId: sw.siteId as string, stackSize: (sw.stackSize as number | undefined) ?? 1, name: sw.name as string };
    },
    port(id) {
      const port = records.ports?.get(id);
      return (
        port && { switchId: port.switchId as string, linkedPortId: port.linkedPortId as string | null, name: port.name, type: port.type }
      );
    },
    lag: () => undefined,
    network(id) {
      const network = records.networks?.get(id);
      return network && typeof network.subnet === 'string' ? { siteId: network.siteId as string, subnet: network.subnet } : undefined;
    },
  };
}
