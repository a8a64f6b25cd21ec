import type { InventoryPort, InventorySwitch, InventoryVlan, NamedSwitch } from '../../lib/tool-inventory.ts';
import { prepare, type Db } from '../open.ts';

// What the inventories of other tools read (GET /api/inventory/ansible and /oxidized, lib/tool-inventory.ts): the
// switches a filter chooses, their ports and the VLANs they carry, one statement per kind whatever the count of
// switches. Every statement chooses its switches by the same condition, each filter absent when null.

/** The filters of the inventories: absent (undefined) filters choose every switch. */
export interface InventoryFilter {
  siteId?: string;
  role?: string;
  tag?: string;
  status?: string;
}

const CHOSEN = `(:site IS NULL OR s.site_id = :site) AND (:role IS NULL OR s.role = :role) AND (:status IS NULL OR s.status = :status)
  AND (:tag IS NULL OR EXISTS (SELECT 1 FROM json_each(s.tags) j WHERE j.value = :tag COLLATE NOCASE))`;

// Console and management ports carry no VLAN of the switch (as its configuration text says, db/switch-config.ts).
const NOT_SWITCH_PORTS = "('console', 'management')";

function params(filter: InventoryFilter) {
  return { site: filter.siteId ?? null, role: filter.role ?? null, status: filter.status ?? null, tag: filter.tag ?? null };
}

/** The chosen switches by site name and name, with their site's name and their template's vendor and model. */
export function inventorySwitches(db: Db, filter: InventoryFilter): InventorySwitch[] {
  const rows = prepare(
    db,
    `SELECT s.id, s.name, s.site_id, si.name AS site_name, s.vendor, s.model, t.vendor AS template_vendor, t.model AS template_model,
      s.role, s.status, s.tags, s.management_ip
    FROM switches s JOIN sites si ON si.id = s.site_id LEFT JOIN templates t ON t.id = s.template_id
    WHERE ${CHOSEN} ORDER BY si.name, s.name, s.id`,
  ).all(params(filter)) as Record<string, string | null>[];
  return rows.map((row) => ({
    id: row.id!,
    name: row.name!,
    siteId: row.site_id!,
    siteName: row.site_name!,
    vendor: row.vendor,
    model: row.model,
    templateVendor: row.template_vendor,
    templateModel: row.template_model,
    role: row.role,
    status: row.status!,
    tags: JSON.parse(row.tags ?? '[]') as string[],
    managementIp: row.management_ip,
  }));
}

/** Every switch's id, name and site's name (the inventories' hostnames are decided over all of them), by site and name. */
export function inventoryNames(db: Db): NamedSwitch[] {
  return prepare(
    db,
    'SELECT s.id, s.name, si.name AS siteName FROM switches s JOIN sites si ON si.id = s.site_id ORDER BY si.name, s.name, s.id',
  ).all() as unknown as NamedSwitch[];
}

/** The ports of the chosen switches, by member and position, each with its VLANs by number (ascending) and its LAG's name. */
export function inventoryPorts(db: Db, filter: InventoryFilter): InventoryPort[] {
  const rows = prepare(
    db,
    `SELECT p.switch_id, p.name, p.type, p.mode, p.enabled, p.description, u.vid AS untagged_vid, l.name AS lag_name,
      (SELECT json_group_array(v.vid) FROM port_tagged_vlans pt JOIN vlans v ON v.id = pt.vlan_id WHERE pt.port_id = p.id) AS tagged_vids
    FROM ports p JOIN switches s ON s.id = p.switch_id LEFT JOIN vlans u ON u.id = p.untagged_vlan_id LEFT JOIN lags l ON l.id = p.lag_id
    WHERE ${CHOSEN} ORDER BY p.switch_id, p.unit, p.position, p.name`,
  ).all(params(filter)) as Record<string, string | number | null>[];
  return rows.map((row) => ({
    switchId: row.switch_id as string,
    name: row.name as string,
    type: row.type as string,
    mode: row.mode as string,
    enabled: row.enabled === 1,
    description: row.description as string | null,
    untaggedVlan: row.untagged_vid as number | null,
    // Sorted here: ordering them in the statement made each port's subquery a sort of its own (a quarter of the read).
    taggedVlans: (JSON.parse(row.tagged_vids as string) as number[]).sort((a, b) => a - b),
    lag: row.lag_name as string | null,
  }));
}

/** The VLANs each chosen switch carries: configured on it, or untagged or tagged on its ports and LAGs; by number. */
export function inventoryVlans(db: Db, filter: InventoryFilter): InventoryVlan[] {
  return prepare(
    db,
    `WITH chosen AS (SELECT s.id FROM switches s WHERE ${CHOSEN}),
    carried (switch_id, vlan_id) AS (
      SELECT switch_id, untagged_vlan_id FROM ports WHERE switch_id IN chosen AND type NOT IN ${NOT_SWITCH_PORTS}
      UNION SELECT p.switch_id, t.vlan_id FROM port_tagged_vlans t JOIN ports p ON p.id = t.port_id
        WHERE p.switch_id IN chosen AND p.type NOT IN ${NOT_SWITCH_PORTS}
      UNION SELECT switch_id, vlan_id FROM switch_configured_vlans WHERE switch_id IN chosen
      UNION SELECT switch_id, untagged_vlan_id FROM lags WHERE switch_id IN chosen
      UNION SELECT l.switch_id, t.vlan_id FROM lag_tagged_vlans t JOIN lags l ON l.id = t.lag_id WHERE l.switch_id IN chosen)
    SELECT c.switch_id AS switchId, v.vid, v.name FROM carried c JOIN vlans v ON v.id = c.vlan_id ORDER BY c.switch_id, v.vid`,
  ).all(params(filter)) as unknown as InventoryVlan[];
}
