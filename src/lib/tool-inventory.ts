// The inventories other tools read (issue 43): Ansible's script inventory and Oxidized's HTTP source, made from
// the switches' rows (db/read/tool-inventory.ts reads them). Pure: no I/O.

/** A switch as the inventories need it. */
export interface InventorySwitch {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  vendor: string | null;
  model: string | null;
  templateVendor: string | null;
  templateModel: string | null;
  role: string | null;
  status: string;
  tags: string[];
  managementIp: string | null;
}

/** A port of a switch, with its VLANs by number. */
export interface InventoryPort {
  switchId: string;
  name: string;
  type: string;
  mode: string;
  enabled: boolean;
  description: string | null;
  untaggedVlan: number | null;
  taggedVlans: number[];
  lag: string | null;
}

/** A VLAN a switch carries (configured on it, or on its ports and LAGs). */
export interface InventoryVlan {
  switchId: string;
  vid: number;
  name: string;
}

/** What the platforms are known by: a pattern over vendor and model, Ansible's network OS and Oxidized's model. */
interface Platform {
  pattern: RegExp;
  ansible?: string;
  oxidized?: string;
}

// First match wins: the more specific before the vendor's general one (Nexus before Cisco, Aruba CX before Aruba).
const PLATFORMS: Platform[] = [
  { pattern: /nexus|nx-?os/i, ansible: 'cisco.nxos.nxos', oxidized: 'nxos' },
  { pattern: /cisco.*\b(sg|sf|cbs)\s?\d/i, ansible: 'community.ciscosmb.ciscosmb', oxidized: 'ciscosmb' },
  { pattern: /cisco|catalyst/i, ansible: 'cisco.ios.ios', oxidized: 'ios' },
  { pattern: /arista/i, ansible: 'arista.eos.eos', oxidized: 'eos' },
  { pattern: /juniper|junos/i, ansible: 'junipernetworks.junos.junos', oxidized: 'junos' },
  {
    pattern: /aos-?cx|aruba.*\bcx\b|aruba.*\b(4100i|6[0-9]{3}|8[0-9]{3}|10000)[a-z]?\b/i,
    ansible: 'arubanetworks.aoscx.aoscx',
    oxidized: 'aoscx',
  },
  { pattern: /procurve|aruba|\bhpe?\b|hewlett/i, ansible: 'arubanetworks.aos_switch.arubaoss', oxidized: 'procurve' },
  { pattern: /os10/i, ansible: 'dellemc.os10.os10', oxidized: 'os10' },
  { pattern: /powerconnect/i, oxidized: 'powerconnect' },
  { pattern: /dell/i, ansible: 'dellemc.os6.os6', oxidized: 'os6' },
  { pattern: /mikrotik|routeros/i, ansible: 'community.routeros.routeros', oxidized: 'routeros' },
  { pattern: /vyos/i, ansible: 'vyos.vyos.vyos', oxidized: 'vyos' },
  { pattern: /huawei/i, oxidized: 'vrp' },
  { pattern: /tp-?link/i, oxidized: 'tplink' },
  { pattern: /netgear/i, oxidized: 'netgear' },
  { pattern: /ubiquiti|edgeswitch/i, oxidized: 'edgeswitch' },
];

/** The platform of a switch: by its own vendor and model, else its template's; undefined when neither names one. */
function platformOf(sw: InventorySwitch): Platform | undefined {
  for (const text of [
    [sw.vendor, sw.model],
    [sw.templateVendor, sw.templateModel],
  ]) {
    const words = text.filter(Boolean).join(' ');
    const found = words ? PLATFORMS.find((platform) => platform.pattern.test(words)) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Ansible's ansible_network_os of a switch (cisco.ios.ios…), undefined when its vendor is none Ansible has a collection for. */
export function ansibleNetworkOs(sw: InventorySwitch): string | undefined {
  return platformOf(sw)?.ansible;
}

/** Oxidized's model name of a switch (ios, eos, junos, procurve, aoscx…), undefined when unknown. */
export function oxidizedModel(sw: InventorySwitch): string | undefined {
  return platformOf(sw)?.oxidized;
}

/**
 * A name Ansible takes as a group's: lower case letters, digits and underscores, every other run of characters one
 * underscore, none at either end, and an underscore before a leading digit; `_` for a name with nothing left.
 */
export function ansibleGroupName(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (folded === '') return '_';
  return /^[0-9]/.test(folded) ? `_${folded}` : folded;
}

/** An Ansible group of the script inventory. */
export interface AnsibleGroup {
  hosts: string[];
  children: string[];
  vars: Record<string, unknown>;
}

/** The kinds of groups, each a parent group (`sites`) of its groups (`site_hq`), in the order they are listed. */
const GROUPINGS = [
  { parent: 'sites', prefix: 'site', of: (sw: InventorySwitch) => [sw.siteName] },
  { parent: 'roles', prefix: 'role', of: (sw: InventorySwitch) => (sw.role ? [sw.role] : []) },
  { parent: 'vendors', prefix: 'vendor', of: (sw: InventorySwitch) => (sw.vendor ? [sw.vendor] : []) },
  { parent: 'models', prefix: 'model', of: (sw: InventorySwitch) => (sw.model ? [sw.model] : []) },
  { parent: 'tags', prefix: 'tag', of: (sw: InventorySwitch) => sw.tags },
  { parent: 'statuses', prefix: 'status', of: (sw: InventorySwitch) => [sw.status] },
] as const;

/** What names a switch in the inventories: its id, name and site's name. */
export type NamedSwitch = Pick<InventorySwitch, 'id' | 'name' | 'siteName'>;

/**
 * The inventory hostname of each switch, decided over every switch (not only those a filter chooses: a switch keeps its
 * name whatever the filter): its name with white space as `-`; where two switches (of two sites) would
 * have the same one, each of them `<name>.<site>`, the site's name in lower case with every run of other characters
 * than letters and digits as `-`; where that still clashes, with its id's first eight characters after it.
 */
export function inventoryHostnames(switches: readonly NamedSwitch[]): Map<string, string> {
  const plain = (sw: NamedSwitch) => sw.name.trim().replace(/\s+/g, '-');
  const counts = new Map<string, number>();
  for (const sw of switches) counts.set(plain(sw).toLowerCase(), (counts.get(plain(sw).toLowerCase()) ?? 0) + 1);
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const sw of switches) {
    let name = plain(sw);
    if (counts.get(name.toLowerCase())! > 1) name = `${name}.${hostLabel(sw.siteName)}`;
    if (taken.has(name.toLowerCase())) name = `${name}-${sw.id.slice(0, 8)}`;
    taken.add(name.toLowerCase());
    names.set(sw.id, name);
  }
  return names;
}

/**
 * Ansible's script inventory (`--list`): every group, and each host's variables under _meta.hostvars; `hostnames`
 * (inventoryHostnames of every switch) names the hosts.
 */
export function ansibleInventory(
  switches: readonly InventorySwitch[],
  ports: readonly InventoryPort[],
  vlans: readonly InventoryVlan[],
  hostnames: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const portsOf = groupBy(ports, (port) => port.switchId);
  const vlansOf = groupBy(vlans, (vlan) => vlan.switchId);
  // Hosts and children as sets while they are gathered (a site's group may hold hundreds of hosts).
  const groups = new Map<string, { hosts: Set<string>; children: Set<string>; vars: Record<string, unknown> }>();
  const group = (name: string) => {
    const found = groups.get(name) ?? { hosts: new Set<string>(), children: new Set<string>(), vars: {} };
    groups.set(name, found);
    return found;
  };
  const hostvars: Record<string, Record<string, unknown>> = {};
  for (const grouping of GROUPINGS) group(grouping.parent);
  for (const sw of switches) {
    const host = hostnames.get(sw.id)!;
    hostvars[host] = hostvarsOf(sw, portsOf.get(sw.id) ?? [], vlansOf.get(sw.id) ?? []);
    for (const grouping of GROUPINGS) {
      for (const value of grouping.of(sw)) {
        const name = ansibleGroupName(`${grouping.prefix}_${value}`);
        group(grouping.parent).children.add(name);
        const child = group(name);
        child.hosts.add(host);
        if (grouping.prefix === 'site') child.vars.switchyard_site_id = sw.siteId;
      }
    }
  }
  const inventory: Record<string, unknown> = { _meta: { hostvars } };
  // Hosts and children in code point order, the same whatever the order the switches came in.
  const sorted = (names: Set<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of groups) {
    const made: AnsibleGroup = { hosts: sorted(value.hosts), children: sorted(value.children), vars: value.vars };
    inventory[name] = made;
  }
  return inventory;
}

function hostvarsOf(sw: InventorySwitch, ports: readonly InventoryPort[], vlans: readonly InventoryVlan[]): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  if (sw.managementIp) vars.ansible_host = sw.managementIp;
  const networkOs = ansibleNetworkOs(sw);
  if (networkOs) vars.ansible_network_os = networkOs;
  Object.assign(vars, {
    switchyard_id: sw.id,
    switchyard_name: sw.name,
    switchyard_site: sw.siteName,
    switchyard_site_id: sw.siteId,
    switchyard_vendor: sw.vendor,
    switchyard_model: sw.model ?? sw.templateModel,
    switchyard_role: sw.role,
    switchyard_status: sw.status,
    switchyard_tags: sw.tags,
    switchyard_vlans: vlans.map((vlan) => ({ vid: vlan.vid, name: vlan.name })),
    switchyard_ports: ports.map((port) => ({
      name: port.name,
      type: port.type,
      enabled: port.enabled,
      description: port.description,
      mode: port.mode,
      untagged_vlan: port.untaggedVlan,
      tagged_vlans: port.taggedVlans,
      lag: port.lag,
    })),
  });
  return vars;
}

/** One device of Oxidized's HTTP source: the fields its `map:` names (name, ip, model, group). */
export interface OxidizedNode {
  name: string;
  ip: string;
  model: string | null;
  group: string;
}

/**
 * Oxidized's HTTP source: one object per switch with a management IP (Oxidized connects to it), named as in the
 * Ansible inventory (`hostnames`: inventoryHostnames of every switch), its model
 * Oxidized's name of the platform (null when unknown: Oxidized's model_map or a default can name it), its group
 * the site's name.
 */
export function oxidizedNodes(switches: readonly InventorySwitch[], hostnames: ReadonlyMap<string, string>): OxidizedNode[] {
  return switches
    .filter((sw) => sw.managementIp)
    .map((sw) => ({ name: hostnames.get(sw.id)!, ip: sw.managementIp!, model: oxidizedModel(sw) ?? null, group: sw.siteName }));
}

function hostLabel(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'site'
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
