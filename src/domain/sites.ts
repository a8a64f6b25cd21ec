// Sites: names unique (409 name_taken); a site with switches, VLANs or networks is deleted only with its cascade.
import { removeSite, siteIdByName, siteToApi, type SiteRow, type SiteValues } from '../db/sites.ts';
import { Refusal } from '../errors/refusal.ts';
import { SITE } from '../fields/sites.ts';
import { counted } from '../lib/counted.ts';
import { writesOf, type DomainKind, type Writes } from './save.ts';

const SITES: DomainKind<SiteRow, SiteValues> = {
  resource: SITE,
  toApi: siteToApi,
  clashes: (db, values, id) =>
    siteIdByName(db, values.name, id) ? [{ field: 'name', message: `a site named "${values.name}" exists` }] : [],
  // A site's entry is of its own site.
  entity: (site, id) => ({ name: site.name, siteId: id, label: site.name }),
};

/** The writes of sites; a delete of one with switches, VLANs or networks: 409 site_not_empty, unless `cascade` deletes them all in the same entry. */
export const SITE_WRITES: Writes<SiteRow, { cascade: boolean }> = writesOf(SITES, (change, site, { cascade }) => {
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
