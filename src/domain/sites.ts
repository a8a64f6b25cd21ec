// Sites: names unique (409 name_taken); a site with switches, VLANs or networks is deleted only with its cascade.
import type { Change } from '../db/change.ts';
import { deleteEntity } from '../db/images.ts';
import { networkIdsOfSite } from '../db/networks.ts';
import { getSite, siteIdByName, siteToApi, type SiteRow, type SiteValues } from '../db/sites.ts';
import { Refusal } from '../errors/refusal.ts';
import { switchIdsOfSite } from '../db/switches.ts';
import { vlanIdsOfSite } from '../db/vlans.ts';
import { SITE } from '../fields/sites.ts';
import { counted } from '../lib/counted.ts';
import { removeNetworkWithHoldings } from './network-removal.ts';
import { writesOf, type DomainKind, type Writes } from './save.ts';
import { removeSwitch } from './switches.ts';
import { removeVlan } from './vlans.ts';
import { faultOf } from '../fields/field.ts';

const SITES: DomainKind<SiteRow, SiteValues> = {
  resource: SITE,
  toApi: siteToApi,
  clashes: (db, values, id) => (siteIdByName(db, values.name, id) ? [faultOf('name', 'site_name_taken', { name: values.name })] : []),
  // A site's entry is of its own site.
  entity: (site, id) => ({ name: site.name, siteId: id, label: site.name }),
};

/** The writes of sites; a delete of one with switches, VLANs or networks: 409 site_not_empty, unless `cascade` deletes them all in the same entry. */
export const SITE_WRITES: Writes<{ cascade: boolean }, void, string> = writesOf(SITES, getSite, (change, site, { cascade }) => {
  if (!cascade && site.switch_count + site.vlan_count + site.network_count > 0) throw siteNotEmpty(site);
  const removed = removeSite(change, site.id);
  if (!cascade) return '';
  const switches = counted(removed.switches, 'switch', 'switches');
  return ` with ${switches}, ${counted(removed.ports, 'port')}, ${counted(removed.vlans, 'VLAN')} and ${counted(removed.networks, 'network')}`;
});

function siteNotEmpty(site: SiteRow): Refusal {
  const switches = counted(site.switch_count, 'switch', 'switches');
  const what = `${switches}, ${counted(site.vlan_count, 'VLAN')} and ${counted(site.network_count, 'network')}`;
  return new Refusal('conflict', 'site_not_empty', `Site "${site.name}" still has ${what}; delete them first or add ?cascade=true.`, [
    { field: 'cascade', message: `${what} would be deleted too` },
  ]);
}

/** What a site delete removed along with the site. */
export interface Removed {
  switches: number;
  vlans: number;
  networks: number;
  ports: number;
}

/**
 * Deletes a site after recording it, with its switches, their ports, its networks with their addresses and ranges, and its VLANs (far ends of
 * links into the site unlinked), so that one activity entry can bring everything back.
 */
export function removeSite(change: Change, id: string): Removed {
  change.touch('site', id);
  const switches = switchIdsOfSite(change.db, id);
  const networks = networkIdsOfSite(change.db, id);
  const vlans = vlanIdsOfSite(change.db, id);
  let ports = 0;
  for (const switchId of switches) ports += removeSwitch(change, switchId);
  for (const networkId of networks) removeNetworkWithHoldings(change, networkId);
  for (const vlanId of vlans) removeVlan(change, vlanId);
  deleteEntity(change.db, 'site', id);
  return { switches: switches.length, vlans: vlans.length, networks: networks.length, ports };
}
