// The NetBox data import (`POST /api/import/netbox`, docs/NETBOX.md): a bundle of NetBox REST API list answers, keyed by
// API path (`dcim/devices`: the JSON of `GET /api/dcim/devices/?limit=0`, or its results alone), made into a db-v1 document
// that the merge (merge.ts) takes as it takes a backup: the same checks, the same save path, one import entry. Pure: the
// bundle in, the document, the fixes and a tally per path out. Every record of the bundle is accounted for: it becomes a
// record (imported), a field of records (folded: a manufacturer is the vendor of its switches), or a fix that says why not.
import { randomUUID } from 'node:crypto';
import { RESOURCES, type Kind } from '../db/images.ts';
import { hostnameOfSwitch } from '../domain/management-address.ts';
import { Refusal } from '../errors/refusal.ts';
import { isPlainObject, validateInput } from '../fields/field.ts';
import { canonicalIpNumber, isUsableHost, subnetOf } from '../lib/ip-math.ts';
import { cidrContains, cidrOverlaps } from '../lib/net.ts';
import { NETBOX_PATHS } from '../lib/netbox-paths.ts';
import { lagMemberTypeProblem } from '../lib/port-kinds.ts';
import type { MergeFix } from './merge.ts';
import { MODEL2_SCHEMA_VERSION } from './model1.ts';
import { mapInterfaceType, poeOf } from './netbox-interface-types.ts';

/** The NetBox API paths the import reads (lib/netbox-paths.ts); any other path of a bundle is listed in the fixes, record by record. */
export { NETBOX_PATHS };

/** How the records of one path of the bundle were taken: each is imported, folded or listed (in the fixes), exactly once. */
export interface NetboxTally {
  records: number;
  imported: number;
  folded: number;
  listed: number;
}

/** What the import is told besides the bundle: the device roles (slugs) whose devices are switches. */
export interface NetboxOptions {
  /** Default: every role whose slug contains "switch". */
  switchRoles?: readonly string[];
}

/** A bundle made into a db-v1 document, with the fixes (what was not taken, and why) and the tally of each path. */
export interface NetboxDocument {
  document: { schema: 'db-v1'; schemaVersion: number; exportedAt: null; data: Record<string, Record<string, unknown>[]> };
  fixes: MergeFix[];
  tally: Record<string, NetboxTally>;
}

type Item = Record<string, unknown>;
type Outcome = 'imported' | 'folded' | 'listed';

/** The most ports a trace through patch panels crosses before it gives up. */
const TRACE_HOPS_MAX = 16;

/**
 * Makes a bundle into a document. Refuses (400 validation_failed) a body that is no object or a path whose value is no
 * list answer; anything inside a list that cannot be mapped is a fix, never a refusal.
 */
export function documentOfNetbox(bundle: unknown, options: NetboxOptions = {}): NetboxDocument {
  return new NetboxReader(listsOf(bundle), options).read();
}

function listsOf(bundle: unknown): Map<string, Item[]> {
  if (!isPlainObject(bundle)) {
    throw new Refusal('invalid', 'validation_failed', 'The body must be a NetBox bundle: an object keyed by API path (dcim/devices…).', [
      { field: '', message: 'must be an object' },
    ]);
  }
  const lists = new Map<string, Item[]>();
  const faults: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(bundle)) {
    const path = key.replace(/^\/?(api\/)?/, '').replace(/\/$/, '');
    const results = Array.isArray(value) ? value : isPlainObject(value) ? value.results : undefined;
    if (!Array.isArray(results) || !results.every(isPlainObject)) {
      faults.push({ field: key, message: 'must be a NetBox list answer { count, next, previous, results: [...] } or its results' });
      continue;
    }
    if (isPlainObject(value) && typeof value.next === 'string' && value.next !== '') {
      faults.push({ field: key, message: 'is one page of a longer list (next is set): send every page, or the answer of ?limit=0' });
      continue;
    }
    lists.set(path, [...(lists.get(path) ?? []), ...(results as Item[])]);
  }
  if (faults.length > 0)
    throw new Refusal('invalid', 'validation_failed', 'The NetBox bundle cannot be read; nothing was changed.', faults);
  if (lists.size === 0) {
    throw new Refusal('invalid', 'validation_failed', `The NetBox bundle is empty: send some of ${NETBOX_PATHS.join(', ')}.`, [
      { field: '', message: 'has no list' },
    ]);
  }
  return lists;
}

/** The id of a nested object ({ id, url, display, … }) or a bare id. */
function refId(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (isPlainObject(value) && typeof value.id === 'number') return value.id;
  return undefined;
}

/** The value of a choice ({ value, label }) or a bare string. */
function choice(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.value === 'string') return value.value;
  return undefined;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function nameOf(value: unknown): string | undefined {
  if (isPlainObject(value)) return textOf(value.name) ?? textOf(value.display) ?? undefined;
  return undefined;
}

/** `10.0.0.5/24` -> `10.0.0.5`. */
function hostOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : isPlainObject(value) ? value.address : undefined;
  return typeof text === 'string' ? text.split('/')[0] : undefined;
}

function prefixLength(cidr: string): number {
  return Number(cidr.split('/')[1] ?? 0);
}

interface SwitchInfo {
  id: string;
  siteId: string;
  name: string;
  managementIp: string | null;
}

interface PortInfo {
  record: Item;
  switchNbId: number;
  interface: Item;
}

interface VlanInfo {
  item: Item;
  /** The site it is kept at, or undefined when NetBox shares it (global, or a group scoped beyond one site): copied per site. */
  siteId?: string;
}

interface NetworkInfo {
  record: Item;
  subnet: string;
  siteId: string;
}

interface Termination {
  type: string;
  id: number;
  object: Item;
}

class NetboxReader {
  private readonly lists: Map<string, Item[]>;
  private readonly options: NetboxOptions;
  private readonly fixes: MergeFix[] = [];
  private readonly outcomes = new Map<string, Map<Item, Outcome>>();
  private readonly data: Record<string, Item[]> = {
    sites: [],
    vlans: [],
    networks: [],
    ranges: [],
    switches: [],
    lags: [],
    ports: [],
    addresses: [],
  };
  private readonly siteIds = new Map<number, string>();
  private readonly siteNames = new Map<string, string>();
  private readonly locationSites = new Map<number, number>();
  private readonly rackSites = new Map<number, number>();
  private readonly switches = new Map<number, SwitchInfo>();
  private readonly devices = new Map<number, Item>();
  private readonly ports = new Map<number, PortInfo>();
  private readonly vlans = new Map<number, VlanInfo>();
  /** The VLAN record of each site by VID, and the copy of each shared VLAN per site. */
  private readonly siteVlans = new Map<string, Map<number, Item>>();
  private readonly vlanCopies = new Map<string, string>();
  private readonly networks: NetworkInfo[] = [];
  private readonly used = { locations: new Set<number>(), racks: new Set<number>(), manufacturers: new Set<number>() };
  private readonly usedTypes = new Set<number>();
  private readonly usedGroups = new Set<number>();
  /** The mode and VLANs of each tagged-all interface (its port's or LAG's, and so its members'), filled in once every VLAN is read. */
  private readonly taggedAllPorts: {
    vlans: { untaggedVlanId: string | null; taggedVlanIds: string[] };
    siteId: string;
    item: Item;
    path: string;
  }[] = [];

  constructor(lists: Map<string, Item[]>, options: NetboxOptions) {
    this.lists = lists;
    this.options = options;
  }

  read(): NetboxDocument {
    this.readSites();
    this.readPlaces();
    this.readVlans();
    this.readDevices();
    this.readInterfaces();
    this.readPrefixes();
    this.taggedAll();
    const ranges = this.readRanges();
    this.readAddresses(ranges);
    this.recordManagementAddresses(ranges);
    this.readCables();
    this.readFolded();
    this.readUnknownPaths();
    return {
      document: { schema: 'db-v1', schemaVersion: MODEL2_SCHEMA_VERSION, exportedAt: null, data: this.data },
      fixes: this.fixes,
      tally: this.tally(),
    };
  }

  // -- bookkeeping --

  private list(path: string): Item[] {
    return this.lists.get(path) ?? [];
  }

  private outcome(path: string, item: Item, outcome: Outcome): void {
    let map = this.outcomes.get(path);
    if (!map) {
      map = new Map();
      this.outcomes.set(path, map);
    }
    if (!map.has(item) || outcome === 'listed') map.set(item, outcome);
  }

  /** A fix about a record that is still taken (a value changed or left out). */
  private note(path: string, item: Item, field: string, from: unknown, to: unknown, reason: string): void {
    this.fixes.push({ file: path, id: String(item.id ?? ''), record: recordWords(path, item), field, from, to, reason });
  }

  /** A record not taken, and why. */
  private drop(path: string, item: Item, reason: string): void {
    this.outcome(path, item, 'listed');
    this.fixes.push({ file: path, id: String(item.id ?? ''), record: recordWords(path, item), field: '', from: null, to: null, reason });
  }

  private noteUnmapped(path: string, item: Item): void {
    if (isPlainObject(item.custom_fields)) {
      const set = Object.entries(item.custom_fields).filter(([, value]) => value !== null && value !== '');
      if (set.length > 0)
        this.note(path, item, 'custom_fields', Object.fromEntries(set), null, 'custom fields are not mapped: Switchyard has none');
    }
    if (item.vrf !== undefined && item.vrf !== null)
      this.note(path, item, 'vrf', nameOf(item.vrf) ?? refId(item.vrf), null, 'VRFs are not mapped');
  }

  /** Adds a record to the document when its fields pass the field rules; else the NetBox record is listed with the faults. */
  private add(kind: Kind, plural: string, record: Item, path: string, item: Item): boolean {
    const checked = validateInput(RESOURCES[kind], record, 'create');
    const faults = checked.faults.filter((fault) => !['id', 'switchId', 'networkId', 'lagId'].includes(fault.field));
    if (faults.length > 0) {
      this.drop(path, item, `not imported: ${faults.map((fault) => `${fault.field} ${fault.message}`).join('; ')}`);
      return false;
    }
    this.data[plural].push(record);
    this.outcome(path, item, 'imported');
    return true;
  }

  private tally(): Record<string, NetboxTally> {
    const tally: Record<string, NetboxTally> = {};
    for (const [path, items] of this.lists) {
      const counts = { records: items.length, imported: 0, folded: 0, listed: 0 };
      const outcomes = this.outcomes.get(path);
      for (const item of items) {
        let outcome = outcomes?.get(item);
        if (!outcome) {
          // Never silently: a record no rule took is listed as such.
          this.drop(path, item, 'not mapped by the import');
          outcome = 'listed';
        }
        counts[outcome]++;
      }
      tally[path] = counts;
    }
    return tally;
  }

  // -- sites and places --

  private readSites(): void {
    for (const item of this.list('dcim/sites')) {
      const nbId = refId(item.id);
      const name = textOf(item.name);
      if (nbId === undefined || !name) {
        this.drop('dcim/sites', item, 'a site without id or name');
        continue;
      }
      if (this.siteNames.has(name.toLowerCase())) {
        this.drop('dcim/sites', item, `a second site named "${name}"`);
        continue;
      }
      const record = {
        id: randomUUID(),
        name,
        description: textOf(item.description),
        address: textOf(item.physical_address),
        notes: textOf(item.comments),
      };
      if (!this.add('site', 'sites', record, 'dcim/sites', item)) continue;
      this.noteUnmapped('dcim/sites', item);
      this.siteIds.set(nbId, record.id);
      this.siteNames.set(name.toLowerCase(), record.id);
    }
  }

  private readPlaces(): void {
    for (const item of this.list('dcim/locations')) {
      const site = refId(item.site);
      if (refId(item.id) !== undefined && site !== undefined) this.locationSites.set(refId(item.id)!, site);
    }
    for (const item of this.list('dcim/racks')) {
      const site = refId(item.site);
      if (refId(item.id) !== undefined && site !== undefined) this.rackSites.set(refId(item.id)!, site);
    }
  }

  /** The Switchyard site of a NetBox scope (site, location or rack), if it is imported. */
  private siteOfScope(type: unknown, id: unknown): string | undefined {
    const nbId = refId(id);
    if (nbId === undefined) return undefined;
    if (type === 'dcim.site') return this.siteIds.get(nbId);
    if (type === 'dcim.location') return this.siteIds.get(this.locationSites.get(nbId) ?? -1);
    if (type === 'dcim.rack') return this.siteIds.get(this.rackSites.get(nbId) ?? -1);
    return undefined;
  }

  // -- VLANs --

  private readVlans(): void {
    const groups = new Map(this.list('ipam/vlan-groups').map((group) => [refId(group.id), group]));
    for (const item of this.list('ipam/vlans')) {
      const nbId = refId(item.id);
      const vid = item.vid;
      if (nbId === undefined || typeof vid !== 'number') {
        this.drop('ipam/vlans', item, 'a VLAN without id or VID');
        continue;
      }
      const site = refId(item.site);
      const groupId = refId(item.group);
      if (site !== undefined) {
        const siteId = this.siteIds.get(site);
        if (!siteId) this.drop('ipam/vlans', item, `its site (${nameOf(item.site) ?? site}) is not imported`);
        else this.vlans.set(nbId, { item, siteId });
        continue;
      }
      if (groupId !== undefined) {
        const group = groups.get(groupId);
        const siteId = group && this.siteOfScope(group.scope_type, group.scope_id ?? group.scope);
        if (group) this.usedGroups.add(groupId);
        this.vlans.set(nbId, { item, siteId });
        if (!siteId)
          this.note(
            'ipam/vlans',
            item,
            'group',
            nameOf(item.group) ?? groupId,
            null,
            'its VLAN group is scoped to no single imported site: the VLAN is copied into each site whose ports or prefixes use it',
          );
        continue;
      }
      this.vlans.set(nbId, { item });
      this.note('ipam/vlans', item, 'site', null, null, 'a global VLAN: it is copied into each site whose ports or prefixes use it');
    }
    // The VLANs of one site first, so that a shared VLAN of the same VID used there is the site's own.
    for (const [, info] of this.vlans) if (info.siteId) this.vlanAt(info, info.siteId);
    // A shared VLAN is imported when a port or prefix first uses it (vlanFor); readFolded lists the others.
  }

  /** The VLAN record of `info` at a site: the site's VLAN of that VID, or a new one (a shared VLAN's copy). */
  private vlanAt(info: VlanInfo, siteId: string): string | undefined {
    const { item } = info;
    const vid = item.vid as number;
    const key = `${siteId}:${String(item.id)}`;
    const copied = this.vlanCopies.get(key);
    if (copied) return copied;
    let bySite = this.siteVlans.get(siteId);
    if (!bySite) {
      bySite = new Map();
      this.siteVlans.set(siteId, bySite);
    }
    const existing = bySite.get(vid);
    if (existing) {
      this.vlanCopies.set(key, existing.id as string);
      if (!this.outcomes.get('ipam/vlans')?.has(item))
        this.note('ipam/vlans', item, 'vid', vid, vid, `its site has VLAN ${vid} already (${existing.name}): that one is used`);
      this.outcome('ipam/vlans', item, 'folded');
      return existing.id as string;
    }
    const names = new Set([...bySite.values()].map((vlan) => String(vlan.name).toLowerCase()));
    let name = textOf(item.name) ?? `VLAN ${vid}`;
    if (names.has(name.toLowerCase())) {
      this.note('ipam/vlans', item, 'name', name, `${name} (${vid})`, 'its site has another VLAN of this name');
      name = `${name} (${vid})`;
    }
    const status = choice(item.status) === 'active' || item.status === undefined ? 'active' : 'inactive';
    const record = { id: randomUUID(), siteId, vid, name, status, description: textOf(item.description) };
    if (!this.add('vlan', 'vlans', record, 'ipam/vlans', item)) return undefined;
    this.noteUnmapped('ipam/vlans', item);
    bySite.set(vid, record);
    this.vlanCopies.set(key, record.id);
    return record.id;
  }

  /** The VLAN record a port or prefix at a site names, or undefined (noted) when NetBox keeps it at another site. */
  private vlanFor(value: unknown, siteId: string, path: string, item: Item, field: string): string | undefined {
    const nbId = refId(value);
    if (nbId === undefined) return undefined;
    const info = this.vlans.get(nbId);
    if (!info) {
      this.note(path, item, field, nameOf(value) ?? nbId, null, 'the VLAN is not imported (not in the bundle, or left out)');
      return undefined;
    }
    if (info.siteId && info.siteId !== siteId) {
      this.note(path, item, field, nameOf(value) ?? nbId, null, "the VLAN is kept at another site than the record's: left out");
      return undefined;
    }
    return this.vlanAt(info, siteId);
  }

  // -- devices, interfaces, LAGs --

  private isSwitchRole(slug: string | undefined): boolean {
    if (!slug) return false;
    const roles = this.options.switchRoles;
    return roles ? roles.some((role) => role.toLowerCase() === slug.toLowerCase()) : slug.toLowerCase().includes('switch');
  }

  private readDevices(): void {
    const names = new Set<string>();
    for (const item of this.list('dcim/devices')) {
      const nbId = refId(item.id);
      if (nbId !== undefined) this.devices.set(nbId, item);
      const role = isPlainObject(item.role) ? item.role : isPlainObject(item.device_role) ? item.device_role : undefined;
      const slug = role && typeof role.slug === 'string' ? role.slug : undefined;
      if (!this.isSwitchRole(slug)) {
        this.drop('dcim/devices', item, `its role (${slug ?? 'none'}) is not a switch role: only switches are imported`);
        continue;
      }
      const name = textOf(item.name);
      const siteId = this.siteIds.get(refId(item.site) ?? -1);
      if (nbId === undefined || !name) {
        this.drop('dcim/devices', item, 'a switch without a name');
        continue;
      }
      if (!siteId) {
        this.drop('dcim/devices', item, `its site (${nameOf(item.site) ?? refId(item.site)}) is not imported`);
        continue;
      }
      if (names.has(`${siteId}:${name.toLowerCase()}`)) {
        this.drop('dcim/devices', item, `a second switch named "${name}" at its site`);
        continue;
      }
      const record = this.switchRecord(item, name, siteId);
      if (!this.add('switch', 'switches', record, 'dcim/devices', item)) continue;
      names.add(`${siteId}:${name.toLowerCase()}`);
      this.switches.set(nbId, { id: record.id as string, siteId, name, managementIp: record.managementIp as string | null });
      this.noteUnmapped('dcim/devices', item);
      if (item.virtual_chassis) {
        this.note(
          'dcim/devices',
          item,
          'virtual_chassis',
          nameOf(item.virtual_chassis) ?? refId(item.virtual_chassis),
          null,
          'virtual chassis are not mapped: each member is a switch of its own',
        );
      }
    }
  }

  private switchRecord(item: Item, name: string, siteId: string): Item {
    const type = isPlainObject(item.device_type) ? item.device_type : {};
    const manufacturer = isPlainObject(type.manufacturer) ? type.manufacturer : undefined;
    if (refId(item.device_type) !== undefined) this.usedTypes.add(refId(item.device_type)!);
    if (refId(manufacturer) !== undefined) this.used.manufacturers.add(refId(manufacturer)!);
    const location = isPlainObject(item.location) ? item.location : undefined;
    const rack = isPlainObject(item.rack) ? item.rack : undefined;
    if (refId(location) !== undefined) this.used.locations.add(refId(location)!);
    if (refId(rack) !== undefined) this.used.racks.add(refId(rack)!);
    const place = [nameOf(location), nameOf(rack)].filter(Boolean).join(' / ');
    const ip = hostOf(item.primary_ip4) ?? hostOf(item.primary_ip6) ?? null;
    const position = typeof item.position === 'number' || typeof item.position === 'string' ? Number(item.position) : undefined;
    const tags = Array.isArray(item.tags) ? item.tags.map(nameOf).filter((tag): tag is string => !!tag && !/[;,]/.test(tag)) : [];
    return {
      id: randomUUID(),
      siteId,
      name,
      vendor: nameOf(manufacturer) ?? null,
      model: textOf(type.model) ?? null,
      serialNumber: textOf(item.serial),
      managementIp: ip,
      location: place || null,
      rackPosition: position !== undefined && Number.isFinite(position) ? `U${position}` : null,
      role: switchRoleOf(isPlainObject(item.role) ? item.role : item.device_role),
      status: statusOf(choice(item.status)),
      tags: tags.slice(0, 20),
      notes: [textOf(item.description), textOf(item.comments)].filter(Boolean).join('\n\n') || null,
    };
  }

  private readInterfaces(): void {
    const lagInterfaces: Item[] = [];
    const members: Item[] = [];
    for (const item of this.list('dcim/interfaces')) {
      const device = refId(item.device);
      const sw = this.switches.get(device ?? -1);
      if (!sw) {
        this.drop('dcim/interfaces', item, `an interface of ${nameOf(item.device) ?? 'a device'}, which is not an imported switch`);
        continue;
      }
      const type = choice(item.type) ?? '';
      if (type === 'lag') {
        lagInterfaces.push(item);
        continue;
      }
      const mapped = item.mgmt_only === true ? { port: 'management' as const, speed: '' } : mapInterfaceType(type);
      if ('skip' in mapped) {
        this.drop('dcim/interfaces', item, `not a port: ${mapped.skip} (type ${type})`);
        continue;
      }
      const record: Item = {
        id: randomUUID(),
        switchId: sw.id,
        name: textOf(item.name),
        type: mapped.port,
        speed: mapped.speed || null,
        description: textOf(item.description),
        enabled: item.enabled !== false,
        poe: poeOf(choice(item.poe_type), choice(item.poe_mode)),
        lagId: null,
        ...this.vlansOf(item, sw.siteId, 'dcim/interfaces'),
      };
      if (!this.add('port', 'ports', record, 'dcim/interfaces', item)) continue;
      this.noteUnmapped('dcim/interfaces', item);
      this.ports.set(refId(item.id)!, { record, switchNbId: device!, interface: item });
      if (refId(item.lag) !== undefined) members.push(item);
    }
    for (const item of lagInterfaces) this.readLag(item, members);
  }

  /** A port's or LAG's mode and VLANs: access, tagged (trunk), tagged-all (a trunk of every VLAN its site has). */
  private vlansOf(item: Item, siteId: string, path: string): Item {
    const mode = choice(item.mode);
    const untaggedVlanId = this.vlanFor(item.untagged_vlan, siteId, path, item, 'untagged_vlan') ?? null;
    if (!mode || mode === 'access') return { mode: 'access', untaggedVlanId, taggedVlanIds: [] };
    if (mode === 'tagged-all') {
      // Every VLAN its site has once all ports and prefixes are read (a shared VLAN is copied in when first used): taggedAll fills it.
      const vlans = { mode: 'trunk', untaggedVlanId, taggedVlanIds: [] as string[] };
      this.taggedAllPorts.push({ vlans, siteId, item, path });
      return vlans;
    }
    if (mode !== 'tagged') this.note(path, item, 'mode', mode, 'trunk', `mode ${mode} is not mapped: kept as a trunk of its tagged VLANs`);
    const tagged = Array.isArray(item.tagged_vlans) ? item.tagged_vlans : [];
    const taggedVlanIds = [
      ...new Set(tagged.map((vlan) => this.vlanFor(vlan, siteId, path, item, 'tagged_vlans')).filter((id): id is string => !!id)),
    ].filter((id) => id !== untaggedVlanId);
    return { mode: 'trunk', untaggedVlanId, taggedVlanIds };
  }

  private taggedAll(): void {
    for (const { vlans, siteId, item, path } of this.taggedAllPorts) {
      const all = [...(this.siteVlans.get(siteId)?.values() ?? [])]
        .map((vlan) => vlan.id as string)
        .filter((id) => id !== vlans.untaggedVlanId);
      vlans.taggedVlanIds.push(...all);
      this.note(path, item, 'mode', 'tagged-all', 'trunk', `tagged-all: a trunk tagged with every VLAN of its site (${all.length})`);
    }
  }

  private readLag(item: Item, candidates: Item[]): void {
    const sw = this.switches.get(refId(item.device)!)!;
    const lagNbId = refId(item.id);
    const memberPorts: Item[] = [];
    for (const member of candidates) {
      if (refId(member.lag) !== lagNbId) continue;
      const port = this.ports.get(refId(member.id)!)!.record;
      const problem = lagMemberTypeProblem(port.name, port.type);
      if (problem) this.note('dcim/interfaces', member, 'lag', nameOf(item) ?? lagNbId, null, `not a LAG member: ${problem}`);
      else memberPorts.push(port);
    }
    if (memberPorts.length < 2) {
      this.drop(
        'dcim/interfaces',
        item,
        `a LAG with ${memberPorts.length} member port${memberPorts.length === 1 ? '' : 's'}: a LAG needs two`,
      );
      return;
    }
    const vlans = this.vlansOf(item, sw.siteId, 'dcim/interfaces');
    const record: Item = {
      id: randomUUID(),
      switchId: sw.id,
      name: textOf(item.name),
      mode: 'lacp-active',
      portMode: vlans.mode,
      untaggedVlanId: vlans.untaggedVlanId,
      taggedVlanIds: vlans.taggedVlanIds,
      memberPortIds: memberPorts.map((port) => port.id),
      remoteLagId: null,
      description: textOf(item.description),
    };
    if (!this.add('lag', 'lags', record, 'dcim/interfaces', item)) return;
    for (const port of memberPorts) Object.assign(port, { lagId: record.id, ...vlans });
  }

  // -- IPAM --

  private readPrefixes(): void {
    const candidates: { item: Item; subnet: string; siteId: string }[] = [];
    for (const item of this.list('ipam/prefixes')) {
      const subnet = typeof item.prefix === 'string' ? item.prefix : undefined;
      const vlanSite = this.vlans.get(refId(item.vlan) ?? -1)?.siteId;
      const siteId =
        this.siteIds.get(refId(item.site) ?? -1) ??
        this.siteOfScope(item.scope_type, item.scope_id ?? item.scope) ??
        (isPlainObject(item._site) ? this.siteIds.get(refId(item._site)!) : undefined) ??
        vlanSite;
      if (!subnet || !subnetOf(subnet)) this.drop('ipam/prefixes', item, 'no prefix');
      else if (choice(item.status) === 'container')
        this.drop('ipam/prefixes', item, "a container prefix: Switchyard's networks do not nest; the prefixes inside it are imported");
      else if (!siteId) this.drop('ipam/prefixes', item, 'no imported site: Switchyard keeps each network at a site');
      else candidates.push({ item, subnet, siteId });
    }
    // The most specific first: a prefix overlapping one taken already is left out (networks of a site never overlap).
    candidates.sort((a, b) => prefixLength(b.subnet) - prefixLength(a.subnet));
    for (const { item, subnet, siteId } of candidates) {
      const overlapping = this.networks.find((network) => network.siteId === siteId && cidrOverlaps(network.subnet, subnet));
      if (overlapping) {
        this.drop('ipam/prefixes', item, `overlaps ${overlapping.subnet} at the same site, which is more specific and imported`);
        continue;
      }
      const names = new Set(
        this.networks.filter((network) => network.siteId === siteId).map((network) => String(network.record.name).toLowerCase()),
      );
      let name = textOf(item.description) ?? subnet;
      if (names.has(name.toLowerCase())) name = `${name} (${subnet})`;
      const record: Item = {
        id: randomUUID(),
        siteId,
        name,
        subnet,
        vlanId: this.vlanFor(item.vlan, siteId, 'ipam/prefixes', item, 'vlan') ?? null,
        gateway: null,
        dnsServers: [],
      };
      if (!this.add('network', 'networks', record, 'ipam/prefixes', item)) continue;
      this.noteUnmapped('ipam/prefixes', item);
      this.networks.push({ record, subnet: String(record.subnet ?? subnet), siteId });
    }
  }

  /** The most specific imported network holding every address, preferring one at `siteId`. */
  private networkOf(addresses: string[], siteId?: string): NetworkInfo | undefined {
    const holding = this.networks.filter((network) => addresses.every((address) => safeContains(network.subnet, address)));
    holding.sort((a, b) => prefixLength(b.subnet) - prefixLength(a.subnet) || Number(b.siteId === siteId) - Number(a.siteId === siteId));
    return holding[0];
  }

  private readRanges(): { networkId: string; start: bigint; end: bigint; kind: string }[] {
    const taken: { networkId: string; start: bigint; end: bigint; kind: string }[] = [];
    for (const item of this.list('ipam/ip-ranges')) {
      const start = hostOf(item.start_address);
      const end = hostOf(item.end_address);
      const network = start && end ? this.networkOf([start, end]) : undefined;
      if (!start || !end || !network) {
        this.drop('ipam/ip-ranges', item, 'in no imported prefix: Switchyard keeps each range in a network');
        continue;
      }
      const [from, to] = [canonicalIpNumber(start), canonicalIpNumber(end)];
      const networkId = network.record.id as string;
      const clash = taken.find((range) => range.networkId === networkId && range.start <= to && from <= range.end);
      if (clash) {
        this.drop('ipam/ip-ranges', item, 'overlaps another range of its network, imported before it');
        continue;
      }
      const role = isPlainObject(item.role) ? String(item.role.slug ?? item.role.name ?? '') : '';
      const kind = /dhcp/i.test(role) ? 'dhcp' : choice(item.status) === 'reserved' ? 'reserved' : 'static';
      const record = { id: randomUUID(), networkId, start, end, kind, description: textOf(item.description) };
      if (!this.add('range', 'ranges', record, 'ipam/ip-ranges', item)) continue;
      this.noteUnmapped('ipam/ip-ranges', item);
      taken.push({ networkId, start: from, end: to, kind });
    }
    return taken;
  }

  private readAddresses(ranges: { networkId: string; start: bigint; end: bigint; kind: string }[]): void {
    const seen = new Set<string>();
    for (const item of this.list('ipam/ip-addresses')) {
      const address = hostOf(item.address);
      const assigned = item.assigned_object_type === 'dcim.interface' ? this.ports.get(refId(item.assigned_object_id) ?? -1) : undefined;
      const sw = assigned && this.switches.get(assigned.switchNbId);
      const network = address ? this.networkOf([address], sw?.siteId) : undefined;
      if (!address || !network) {
        this.drop('ipam/ip-addresses', item, 'in no imported prefix: Switchyard keeps each address in a network');
        continue;
      }
      if (!isUsableHost(network.subnet, address)) {
        this.drop('ipam/ip-addresses', item, `not a usable host of ${network.subnet} (its network or broadcast address)`);
        continue;
      }
      const networkId = network.record.id as string;
      const number = canonicalIpNumber(address);
      if (seen.has(`${networkId}:${number}`)) {
        this.drop('ipam/ip-addresses', item, `a second record of ${address} in ${network.subnet}`);
        continue;
      }
      if (ranges.some((range) => range.networkId === networkId && range.kind === 'dhcp' && range.start <= number && number <= range.end)) {
        this.drop('ipam/ip-addresses', item, 'inside a DHCP range: a DHCP range holds no recorded address');
        continue;
      }
      seen.add(`${networkId}:${number}`);
      const managed = [...this.switches.values()].find((one) => one.siteId === network.siteId && one.managementIp === address);
      const status = choice(item.status);
      const record = {
        id: randomUUID(),
        networkId,
        address,
        hostname: textOf(item.dns_name),
        status: status === 'reserved' ? 'reserved' : status === 'deprecated' ? 'inactive' : 'active',
        description: textOf(item.description),
        switchId: managed?.id ?? null,
        portId: !managed && sw && sw.siteId === network.siteId ? (assigned!.record.id as string) : null,
      };
      if (!this.add('address', 'addresses', record, 'ipam/ip-addresses', item)) continue;
      this.noteUnmapped('ipam/ip-addresses', item);
    }
  }

  /**
   * A switch's management IP inside an imported network of its site, and recorded by no IP address of the bundle, is
   * recorded as an address of the switch, as a switch written through the API has it (domain/management-address.ts).
   */
  private recordManagementAddresses(ranges: { networkId: string; start: bigint; end: bigint; kind: string }[]): void {
    const recorded = new Set(this.data.addresses.map((address) => `${address.networkId}:${canonicalIpNumber(String(address.address))}`));
    for (const sw of this.switches.values()) {
      const ip = sw.managementIp;
      const network = ip ? this.networkOf([ip], sw.siteId) : undefined;
      if (!ip || !network || network.siteId !== sw.siteId || !isUsableHost(network.subnet, ip)) continue;
      const networkId = network.record.id as string;
      const number = canonicalIpNumber(ip);
      if (recorded.has(`${networkId}:${number}`)) continue;
      if (ranges.some((range) => range.networkId === networkId && range.kind === 'dhcp' && range.start <= number && number <= range.end))
        continue;
      recorded.add(`${networkId}:${number}`);
      const hostname = hostnameOfSwitch(sw.name);
      this.data.addresses.push({
        id: randomUUID(),
        networkId,
        address: ip,
        hostname,
        deviceType: 'switch',
        status: 'active',
        switchId: sw.id,
        portId: null,
      });
    }
  }

  // -- cables --

  private readCables(): void {
    const cables = this.list('dcim/cables');
    const fronts = new Map(this.list('dcim/front-ports').map((port) => [refId(port.id), port]));
    const rears = new Map(this.list('dcim/rear-ports').map((port) => [refId(port.id), port]));
    const frontOfRear = new Map<string, Item>();
    for (const front of fronts.values()) {
      const rear = refId(front.rear_port);
      if (rear !== undefined) frontOfRear.set(`${rear}:${Number(front.rear_port_position ?? 1)}`, front);
    }
    const ends = new Map<string, { cable: Item; far: Termination[] }>();
    for (const cable of cables) {
      const a = terminationsOf(cable.a_terminations);
      const b = terminationsOf(cable.b_terminations);
      for (const end of a) ends.set(`${end.type}:${end.id}`, { cable, far: b });
      for (const end of b) ends.set(`${end.type}:${end.id}`, { cable, far: a });
    }
    const done = new Set<Item>();
    const panelPortsUsed = new Set<Item>();
    for (const cable of cables) {
      if (done.has(cable)) continue;
      const a = terminationsOf(cable.a_terminations);
      const b = terminationsOf(cable.b_terminations);
      if (a.length !== 1 || b.length !== 1) {
        done.add(cable);
        this.drop('dcim/cables', cable, `a cable of ${a.length} and ${b.length} terminations: only one to one cables are mapped`);
        continue;
      }
      const start = [a[0], b[0]].find((end) => end.type === 'dcim.interface' && this.ports.has(end.id));
      if (!start) continue;
      const other = start === a[0] ? b[0] : a[0];
      const trace = this.trace(other, cable, { ends, fronts, rears, frontOfRear });
      for (const one of trace.cables) done.add(one);
      if ('reason' in trace) {
        // A cable of the path that a complete trace took already (a trunk between panels carries several) stays taken.
        for (const one of trace.cables) if (!this.outcomes.get('dcim/cables')?.has(one)) this.drop('dcim/cables', one, trace.reason);
        continue;
      }
      const outcome = this.connect(start, trace.end, trace.cables);
      if (outcome) for (const one of trace.cables) this.drop('dcim/cables', one, outcome);
      else {
        trace.cables.forEach((one, i) => this.outcome('dcim/cables', one, i === 0 ? 'imported' : 'folded'));
        for (const port of trace.panelPorts) panelPortsUsed.add(port);
      }
    }
    for (const cable of cables) {
      if (done.has(cable)) continue;
      this.drop('dcim/cables', cable, 'no end is an imported switch port: between devices that are not switches, or between patch panels');
    }
    for (const [path, ports] of [
      ['dcim/front-ports', fronts],
      ['dcim/rear-ports', rears],
    ] as const) {
      for (const port of ports.values()) {
        if (panelPortsUsed.has(port)) this.outcome(path, port, 'folded');
        else this.drop(path, port, 'a port of a patch panel on no traced link: the physical layer (panels, cables) is not kept yet');
      }
    }
  }

  /** Follows a cable from a switch port through patch panels (front port -> rear port at its position -> cable -> …). */
  private trace(
    first: Termination,
    cable: Item,
    maps: {
      ends: Map<string, { cable: Item; far: Termination[] }>;
      fronts: Map<unknown, Item>;
      rears: Map<unknown, Item>;
      frontOfRear: Map<string, Item>;
    },
  ): { end: Termination; cables: Item[]; panelPorts: Item[] } | { reason: string; cables: Item[] } {
    const cables = [cable];
    const panelPorts: Item[] = [];
    let node = first;
    let position = 1;
    for (let hop = 0; hop < TRACE_HOPS_MAX; hop++) {
      if (node.type === 'dcim.interface') return { end: node, cables, panelPorts };
      let exit: Item | undefined;
      let exitType: string;
      if (node.type === 'dcim.frontport') {
        const front = maps.fronts.get(node.id);
        const rear = front && maps.rears.get(refId(front.rear_port));
        if (!front || !rear) return { reason: `front port ${node.id} or its rear port is not in the bundle: no complete path`, cables };
        panelPorts.push(front, rear);
        position = Number(front.rear_port_position ?? 1);
        exit = rear;
        exitType = 'dcim.rearport';
      } else if (node.type === 'dcim.rearport') {
        const rear = maps.rears.get(node.id);
        const front = maps.frontOfRear.get(`${node.id}:${position}`);
        if (!rear || !front) {
          const words = rear ? recordWords('dcim/rear-ports', rear) : `rear port ${node.id}`;
          return { reason: `the ${words} has no front port at position ${position} in the bundle: no complete path`, cables };
        }
        panelPorts.push(rear, front);
        exit = front;
        exitType = 'dcim.frontport';
      } else {
        return { reason: `a termination of type ${node.type}: not mapped (circuits and power are not kept)`, cables };
      }
      const next = maps.ends.get(`${exitType}:${refId(exit.id)}`);
      if (!next)
        return { reason: `the panel port ${nameOf(exit) ?? refId(exit.id)} has no cable on its other side: no complete path`, cables };
      if (next.far.length !== 1) return { reason: 'a cable through the panels has more than one termination at an end', cables };
      if (!cables.includes(next.cable)) cables.push(next.cable);
      node = next.far[0];
    }
    return { reason: `the path crosses more than ${TRACE_HOPS_MAX} panels`, cables };
  }

  /** Links two switch ports, or notes the device a switch port is cabled to; answers why not when it cannot. */
  private connect(start: Termination, end: Termination, cables: Item[]): string | undefined {
    const near = this.ports.get(start.id)!.record;
    const far = this.ports.get(end.id);
    if (!far) {
      const device = nameOf(end.object.device) ?? nameOf(this.devices.get(refId(end.object.device) ?? -1));
      if (cables.length > 1 || !device) return 'its far end is no imported switch port';
      near.connectedDevice = device.slice(0, 200);
      near.connectedPort = (textOf(end.object.name) ?? '').slice(0, 100) || null;
      return undefined;
    }
    if (far.record.switchId === near.switchId) return 'both ends are ports of one switch';
    if (near.linkedPortId || far.record.linkedPortId) return 'a port of it is linked already';
    near.linkedPortId = far.record.id;
    far.record.linkedPortId = near.id;
    return undefined;
  }

  // -- what becomes fields of records --

  private readFolded(): void {
    const folded: [string, (item: Item) => boolean, string][] = [
      ['dcim/locations', (item) => this.used.locations.has(refId(item.id)!), 'the location text of the switches in it'],
      ['dcim/racks', (item) => this.used.racks.has(refId(item.id)!), 'the location text of the switches in it'],
      ['dcim/manufacturers', (item) => this.used.manufacturers.has(refId(item.id)!), 'the vendor of its switches'],
      ['dcim/device-types', (item) => this.usedTypes.has(refId(item.id)!), 'the vendor and model of its switches'],
      ['ipam/vlan-groups', (item) => this.usedGroups.has(refId(item.id)!), 'the VLANs of the group'],
    ];
    for (const [path, used, becomes] of folded) {
      for (const item of this.list(path)) {
        if (used(item)) this.outcome(path, item, 'folded');
        else this.drop(path, item, `no imported record names it (it would be ${becomes}): Switchyard keeps no such record of its own`);
      }
    }
    for (const item of this.list('ipam/vlans')) {
      if (!this.outcomes.get('ipam/vlans')?.has(item)) this.drop('ipam/vlans', item, 'a shared VLAN that no imported port or prefix uses');
    }
  }

  private readUnknownPaths(): void {
    for (const [path, items] of this.lists) {
      if ((NETBOX_PATHS as readonly string[]).includes(path)) continue;
      const what = /circuit/.test(path)
        ? 'circuits are'
        : /vrf/.test(path)
          ? 'VRFs are'
          : /virtual-chassis/.test(path)
            ? 'virtual chassis are'
            : `${path} is`;
      for (const item of items) this.drop(path, item, `${what} not mapped`);
    }
  }
}

function terminationsOf(value: unknown): Termination[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((end) => {
    if (!isPlainObject(end) || typeof end.object_type !== 'string') return [];
    const id = refId(end.object_id) ?? refId(end.object);
    return id === undefined ? [] : [{ type: end.object_type, id, object: isPlainObject(end.object) ? end.object : {} }];
  });
}

function safeContains(cidr: string, address: string): boolean {
  try {
    return cidrContains(cidr, address);
  } catch {
    return false;
  }
}

/** A record of each path in words. */
const RECORD_WORDS: Record<string, string> = {
  'dcim/sites': 'site',
  'dcim/locations': 'location',
  'dcim/racks': 'rack',
  'dcim/manufacturers': 'manufacturer',
  'dcim/device-types': 'device type',
  'dcim/devices': 'device',
  'dcim/interfaces': 'interface',
  'dcim/cables': 'cable',
  'dcim/front-ports': 'front port',
  'dcim/rear-ports': 'rear port',
  'ipam/vlan-groups': 'VLAN group',
  'ipam/vlans': 'VLAN',
  'ipam/prefixes': 'prefix',
  'ipam/ip-addresses': 'IP address',
  'ipam/ip-ranges': 'IP range',
};

function recordWords(path: string, item: Item): string {
  const name = textOf(item.display) ?? textOf(item.name) ?? textOf(item.prefix) ?? textOf(item.address) ?? textOf(item.label);
  const device = nameOf(item.device);
  return [RECORD_WORDS[path] ?? path, name ?? `#${String(item.id ?? '?')}`, device ? `of ${device}` : ''].filter(Boolean).join(' ');
}

/** Switchyard's lifecycle status of a NetBox device status. */
function statusOf(status: string | undefined): string {
  if (status === 'planned' || status === 'staged') return 'planned';
  if (status === 'offline' || status === 'failed' || status === 'inventory') return 'offline';
  if (status === 'decommissioning') return 'retired';
  return 'active';
}

/** Switchyard's role of a NetBox device role, by its slug or name. */
function switchRoleOf(role: unknown): string | null {
  const words = isPlainObject(role) ? `${String(role.slug ?? '')} ${String(role.name ?? '')}`.toLowerCase() : '';
  if (/core/.test(words)) return 'core';
  if (/dist|aggregation/.test(words)) return 'distribution';
  if (/access|edge/.test(words)) return 'access';
  if (/mgmt|management|oob/.test(words)) return 'management';
  return null;
}
