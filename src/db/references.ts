import { prepare, type Db } from './open.ts';

// Name <-> id lookups of the inventory, for CSV (which names references) and for the imports.
// Names compare case-insensitively: the columns are COLLATE NOCASE.

/** A site's name by id. */
export function siteNameById(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT name FROM sites WHERE id = ?').get(id) as { name: string } | undefined)?.name;
}

/** A switch's name and site by id. */
export function switchRefById(db: Db, id: string): { name: string; siteId: string } | undefined {
  return prepare(db, 'SELECT name, site_id AS siteId FROM switches WHERE id = ?').get(id) as { name: string; siteId: string } | undefined;
}

/** A network's VLAN number and site by id. */
export function networkRefById(db: Db, id: string): { vlanId: number; siteId: string } | undefined {
  return prepare(db, 'SELECT vlan_id AS vlanId, site_id AS siteId FROM networks WHERE id = ?').get(id) as
    | { vlanId: number; siteId: string }
    | undefined;
}

/** A port's name and switch by id. */
export function portRefById(db: Db, id: string): { name: string; switchId: string } | undefined {
  return prepare(db, 'SELECT name, switch_id AS switchId FROM ports WHERE id = ?').get(id) as
    | { name: string; switchId: string }
    | undefined;
}

/** A site's id by name. */
export function siteIdByName(db: Db, name: string): string | undefined {
  return (prepare(db, 'SELECT id FROM sites WHERE name = ?').get(name) as { id: string } | undefined)?.id;
}

/** A switch's id by site and name. */
export function switchIdByName(db: Db, siteId: string, name: string): string | undefined {
  return (prepare(db, 'SELECT id FROM switches WHERE site_id = ? AND name = ?').get(siteId, name) as { id: string } | undefined)?.id;
}

/** A network's id by site and name. */
export function networkIdByName(db: Db, siteId: string, name: string): string | undefined {
  return (prepare(db, 'SELECT id FROM networks WHERE site_id = ? AND name = ?').get(siteId, name) as { id: string } | undefined)?.id;
}

/** A network's id by site and VLAN number. */
export function networkIdByVlan(db: Db, siteId: string, vlanId: number): string | undefined {
  return (prepare(db, 'SELECT id FROM networks WHERE site_id = ? AND vlan_id = ?').get(siteId, vlanId) as { id: string } | undefined)?.id;
}

/** A port's id by switch and name. */
export function portIdByName(db: Db, switchId: string, name: string): string | undefined {
  return (prepare(db, 'SELECT id FROM ports WHERE switch_id = ? AND name = ?').get(switchId, name) as { id: string } | undefined)?.id;
}

/** The switch with a MAC address (stored form), anywhere. */
export function switchIdByMac(db: Db, mac: string): string | undefined {
  return (prepare(db, 'SELECT id FROM switches WHERE mac_address = ?').get(mac) as { id: string } | undefined)?.id;
}

/** The switch of a site with a management IP (stored form). */
export function switchIdByIp(db: Db, siteId: string, ip: string): string | undefined {
  return (prepare(db, 'SELECT id FROM switches WHERE site_id = ? AND management_ip = ?').get(siteId, ip) as { id: string } | undefined)?.id;
}
