// The files as ezSWM 0.20.3 itself wrote them (LEGACY.md, ../shared/fixtures/ezswm-0.20.3): snake_case fields,
// nanoid ids, VLANs apart from networks (`vlans.json`), ports inside switches with VLANs by number. Model 2 has
// the same shape, so each record maps onto one of its own: vlans.json → VLANs, networks.json → networks (their
// VLAN by record id), switches → switches and their ports. What 0.20.3 let through and model 2 refuses is fixed
// and listed (`fixes`), never fatal and never silent: a VLAN number or VLAN id that no longer exists is dropped,
// a colour or name repeated within a site is re-picked or numbered, a stale back-link is dropped, a second
// switch with a management IP of its site keeps it in its notes, a record without its site goes to the site
// Default, any other value the model refuses is kept in its record's notes or description (context.ts). Users
// keep their bcrypt hashes (the sign-in verifies them and rewrites them as scrypt), role, display name and language. ip-allocations.json and
// ip-ranges.json become addresses and ranges (ipam.ts, with the switches' management IPs and the ports'
// connected_allocation_id). layout-templates.json and lag-groups.json become templates (ezswm-templates.ts: the
// switches keep their template and stack size) and LAGs (ezswm-lags.ts: members, VLANs, far LAGs).
// public-tokens.json and topology-layouts.json become public links and topology positions (ezswm-sharing.ts).
// Pure: no I/O.
import { randomUUID } from 'node:crypto';
import { jsonForMessage } from '../lib/json-text.ts';
import { NETWORK } from '../fields/networks.ts';
import { PORT } from '../fields/ports.ts';
import { networkRuleFaults, type RecordLookups } from '../fields/record-rules.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { checkValue, isPlainObject, validateInput, type Field, type Resource } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { isPasswordHash, PASSWORD_HASH_RULE } from '../lib/password.ts';
import { INTERFACE_NAME_MAX, suffixedInterfaceName } from '../lib/interface-name.ts';
import { normalizeCidr } from '../lib/net.ts';
import {
  addFault,
  ascendingUuids,
  checkMapped,
  dedupeNames,
  dropUnknown,
  empty,
  fixAt,
  fixReason,
  idKey,
  keepDate,
  keepLine,
  keepRefusedValue,
  keepTimes,
  newIdOf,
} from './context.ts';
import type { CheckContext, Entry, Named } from './context.ts';
import { checkLags, type LagClaim } from './ezswm-lags.ts';
import { checkSharing } from './ezswm-sharing.ts';
import { checkTemplates, templateKeyOf, type LegacyTemplates } from './ezswm-templates.ts';
import { noteOverlap, uniqueColors } from './fixes.ts';
import { checkIpam, type AllocationLink } from './ipam.ts';
import { NETWORK_MAPPING, PORT_MAPPING, SITE_MAPPING, SWITCH_MAPPING, VLAN_MAPPING } from './mappings.ts';
import { legacyChange, type HistoryKind, type HistoryLookups, type LegacyChange } from './history.ts';
import { lookupsOf, MIGRATED } from './rule-lookups.ts';
import { stackProblem } from '../lib/port-layout.ts';
import type { ApiRecord, LegacyFile, LegacyKind, LegacyRecords } from './types.ts';

const NAME_MAX = 100;

// The fields each file's records carry that model 2 takes in (or reads to resolve a reference); any other is
// dropped and counted in the log (is_favorite, routing_device, helper fields, LAG and allocation links…).
const KNOWN = {
  sites: new Set(['id', 'name', 'description', 'created_at', 'updated_at']),
  vlans: new Set(['id', 'site_id', 'vlan_id', 'name', 'description', 'status', 'color', 'created_at', 'updated_at']),
  networks: new Set(['id', 'site_id', 'vlan_id', 'name', 'subnet', 'gateway', 'dns_servers', 'description', 'created_at', 'updated_at']),
  // is_setup_user: the setup wizard's own mark, which model 2 has no use for (its first admin is an admin).
  users: new Set(['id', 'username', 'display_name', 'password_hash', 'role', 'language', 'created_at', 'updated_at']),
  switches: new Set([
    'id',
    'site_id',
    'name',
    'manufacturer',
    'model',
    'serial_number',
    'location',
    'rack_position',
    'management_ip',
    'firmware_version',
    'role',
    'tags',
    'notes',
    'stack_size',
    'layout_template_id',
    'configured_vlans',
    'ports',
    'created_at',
    'updated_at',
  ]),
  ports: new Set([
    'id',
    'unit',
    'index',
    'label',
    'type',
    'speed',
    'status',
    'port_mode',
    'access_vlan',
    'native_vlan',
    'tagged_vlans',
    'description',
    'mac_address',
    'connected_device',
    'connected_device_id',
    'connected_port_id',
    'connected_port',
    'connected_allocation_id',
    'lag_group_id',
    'poe',
  ]),
};
const POE_FIELD = PORT.fields.find((field) => field.name === 'poe')!;
const USER_FIELDS = Object.fromEntries(USER.fields.map((field) => [field.name, field])) as Record<
  'username' | 'role' | 'displayName' | 'language',
  Field
>;

/** The record with its empty values left out, so that the field rules see them as not given. */
function given(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => !empty(value)));
}

/** The new id of a record of another file, by its legacy id; undefined when it is not there. */
function ref(ctx: CheckContext, kind: LegacyKind, value: unknown): string | undefined {
  const key = idKey(value);
  return key === undefined ? undefined : ctx.ids[kind].get(key);
}

/** The sites as checked, and the `Default` site that records without a site of their own go to (made when needed). */
interface SiteBook {
  sites: ApiRecord[];
  defaultId?: string;
}

/**
 * A record's site: the one its site_id names; else (LEGACY.md step 3) the site named `Default`, the file's own or
 * one made for them, with a fix line. Undefined only when sites.json itself could not be read (its one fault).
 */
function siteOf(ctx: CheckContext, book: SiteBook, file: LegacyFile, entry: Entry): string | undefined {
  const siteId = ref(ctx, 'sites', entry.raw.site_id);
  if (siteId || ctx.unreadable.has('sites')) return siteId;
  const given = entry.raw.site_id;
  ctx.fixes.push({
    ...fixAt(file, entry, 'site_id'),
    from: given ?? null,
    to: DEFAULT_SITE,
    reason: `${empty(given) ? 'is missing' : `names a site that does not exist in sites.json`}; the record goes to the site ${DEFAULT_SITE}`,
  });
  book.defaultId ??= defaultSite(ctx, book.sites);
  return book.defaultId;
}

const DEFAULT_SITE = 'Default';

/** The id of the site named Default: the file's own when it has one, else a new one added to `sites`. */
function defaultSite(ctx: CheckContext, sites: ApiRecord[]): string {
  const own = sites.find((site) => String(site.name).toLowerCase() === DEFAULT_SITE.toLowerCase());
  if (own) return own.id;
  const { values } = validateInput(
    SITE,
    { name: DEFAULT_SITE, description: 'Made by the 0.20.x migration for the records that had no site.' },
    'create',
  );
  const site: ApiRecord = { id: randomUUID(), ...values, version: 1, createdAt: ctx.now, updatedAt: ctx.now };
  sites.push(site);
  return site.id;
}

/** Brings the entries of the 0.20.3 files into the API's shape; faults and fixes go to `ctx`. */
export function checkEzswm(ctx: CheckContext, entries: Record<LegacyKind, Entry[]>): LegacyRecords {
  const sites = entries.sites.map((entry) => site(ctx, entry));
  dedupeNames(
    ctx,
    sites.map((record, i) => ({ record, scope: '', fixAt: fixAt('sites.json', entries.sites[i], 'name') })),
    NAME_MAX,
  );
  const book: SiteBook = { sites };
  const vlans = checkVlans(ctx, entries.vlans, book);
  const networks = checkNetworks(ctx, entries.networks, book, vlans);
  const templates = checkTemplates(ctx, entries['layout-templates']);
  const { switches, ports, links, portIds, claims } = checkSwitches(ctx, entries.switches, vlans, templates, book);
  const lags = checkLags(ctx, entries['lag-groups'], { entries: entries.switches, switches, portIds, claims });
  const { addresses, ranges } = checkIpam(
    ctx,
    { allocations: entries['ip-allocations'], ranges: entries['ip-ranges'] },
    networks,
    switches,
    links,
  );
  const users = checkUsers(ctx, entries.users);
  const records = new Map(
    [...sites, ...vlans, ...networks, ...switches, ...addresses, ...ranges, ...templates.templates, ...lags].map((record) => [
      record.id,
      record,
    ]),
  );
  const history = historyOf(vlans, portIds, records);
  const activity = entries.activity.map((entry) => {
    const checked = activityEntry(ctx, entry, history, entries.users);
    if (ctx.release) entry.raw = RELEASED;
    return checked;
  });
  activity.sort(byTime);
  const sharing = checkSharing(ctx, { tokens: entries['public-tokens'], layouts: entries['topology-layouts'] }, switches);
  return {
    ...{ sites, vlans, networks, switches, ports, addresses, ranges, templates: templates.templates, lags, activity, users },
    ...sharing,
    history: history.changes,
  };
}

/**
 * Activity entries oldest first, as localeCompare of their `at` orders them. Two dates of toISOString's usual form
 * (a four-digit year) differ only in digits, which both orders rank alike: those compare without ICU (500,000 entries).
 */
function byTime(a: ApiRecord, b: ApiRecord): number {
  const x = String(a.at);
  const y = String(b.at);
  if (x.length === 24 && y.length === 24 && isDigit(x.charCodeAt(0)) && isDigit(y.charCodeAt(0))) return x < y ? -1 : x > y ? 1 : 0;
  return x.localeCompare(y);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** What a released entry holds instead of its parsed record (see CheckContext.release). */
const RELEASED: Record<string, unknown> = Object.freeze({});

function site(ctx: CheckContext, entry: Entry): ApiRecord {
  dropUnknown(ctx, 'sites.json', entry.raw, KNOWN.sites);
  // A site has no value without a fallback: never undefined.
  const values = checkMapped(ctx, 'sites.json', entry, SITE, given(entry.raw), SITE_MAPPING)!;
  return { id: newIdOf(ctx, 'sites', entry), ...values, version: 1, ...keepTimes(ctx, 'sites.json', entry) };
}

function checkVlans(ctx: CheckContext, entries: Entry[], book: SiteBook): ApiRecord[] {
  const file = 'vlans.json';
  const vids = new Map<string, { vlan: ApiRecord; entry: Entry }>();
  const named: Named[] = [];
  const vlans: ApiRecord[] = [];
  const kept: Entry[] = [];
  for (const entry of entries) {
    dropUnknown(ctx, file, entry.raw, KNOWN.vlans);
    const siteId = siteOf(ctx, book, file, entry);
    const values = checkMapped(ctx, file, entry, VLAN, given(entry.raw), VLAN_MAPPING, {
      extra: { siteId: siteId ?? randomUUID() },
      fallback: { name: `VLAN ${String(entry.raw.vlan_id)}` },
    });
    if (!values) {
      if (entry.key !== null) ctx.ids.vlans.delete(entry.key);
      continue;
    }
    const vlan: ApiRecord = {
      id: newIdOf(ctx, 'vlans', entry),
      ...values,
      siteId: siteId ?? null,
      version: 1,
      ...keepTimes(ctx, file, entry),
    };
    if (siteId && !sameNumber(ctx, file, entry, vlan, vids)) continue;
    if (siteId && typeof vlan.name === 'string') named.push({ record: vlan, scope: siteId, fixAt: fixAt(file, entry, 'name') });
    vlans.push(vlan);
    kept.push(entry);
  }
  dedupeNames(ctx, named, NAME_MAX);
  uniqueColors(ctx, file, kept, vlans);
  return vlans;
}

/**
 * Whether a VLAN's number is its own at its site. A second VLAN of the same number is the same VLAN: it is not
 * migrated, with a fix line, and what names it (networks) gets the first.
 */
function sameNumber(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  vlan: ApiRecord,
  vids: Map<string, { vlan: ApiRecord; entry: Entry }>,
): boolean {
  const key = `${vlan.siteId} ${vlan.vid}`;
  const first = vids.get(key);
  if (!first) {
    vids.set(key, { vlan, entry });
    return true;
  }
  ctx.fixes.push({
    ...fixAt(file, entry, 'vlan_id'),
    from: vlan.vid,
    to: null,
    reason: `VLAN ${vlan.vid} is VLAN ${first.entry.key ?? ''} (${String(first.vlan.name)}) of the same site too; not migrated, what names it gets that VLAN`,
  });
  if (entry.key !== null) ctx.ids.vlans.set(entry.key, first.vlan.id);
  return false;
}

function checkNetworks(ctx: CheckContext, entries: Entry[], book: SiteBook, vlans: ApiRecord[]): ApiRecord[] {
  const file = 'networks.json';
  const named: Named[] = [];
  const networks: ApiRecord[] = [];
  const lookups = lookupsOf({ vlans: new Map(vlans.map((vlan) => [vlan.id, vlan])) });
  // The networks so far by site, for the overlap notes (a scan of every site's would be quadratic).
  const ofSite = new Map<unknown, ApiRecord[]>();
  for (const entry of entries) {
    dropUnknown(ctx, file, entry.raw, KNOWN.networks);
    const siteId = siteOf(ctx, book, file, entry);
    const raw = given(entry.raw);
    const cidr = typeof raw.subnet === 'string' ? normalizeCidr(raw.subnet.trim()) : undefined;
    if (cidr && !cidr.ok && cidr.network) {
      ctx.fixes.push({
        ...fixAt(file, entry, 'subnet'),
        from: raw.subnet,
        to: cidr.network,
        ...fixReason('host_bits_kept'),
      });
      if (raw.gateway === undefined) {
        raw.gateway = cidr.address;
        ctx.fixes.push({ ...fixAt(file, entry, 'gateway'), from: null, to: cidr.address, ...fixReason('gateway_from_subnet') });
      }
      raw.subnet = cidr.network;
    }
    const values = checkMapped(ctx, file, entry, NETWORK, raw, NETWORK_MAPPING, {
      extra: { siteId: siteId ?? randomUUID() },
      fallback: { name: String(raw.subnet ?? '') || undefined },
    });
    if (!values) {
      if (entry.key !== null) ctx.ids.networks.delete(entry.key);
      continue;
    }
    values.siteId = siteId ?? null;
    const vlanId = keptUnderRules(ctx, entry, values, lookups);
    const network: ApiRecord = {
      id: newIdOf(ctx, 'networks', entry),
      ...values,
      siteId: siteId ?? null,
      vlanId,
      version: 1,
      ...keepTimes(ctx, file, entry),
    };
    noteOverlap(ctx, file, entry, ofSite, siteId, values.subnet);
    networks.push(network);
    const siteNetworks = ofSite.get(network.siteId);
    if (siteNetworks) siteNetworks.push(network);
    else ofSite.set(network.siteId, [network]);
    if (siteId && typeof network.name === 'string') named.push({ record: network, scope: siteId, fixAt: fixAt(file, entry, 'name') });
  }
  dedupeNames(ctx, named, NAME_MAX);
  return networks;
}

/**
 * A network as the rules of a network take it (networkRuleFaults): a gateway outside its subnet is kept in its
 * description; a VLAN that no longer exists, or of another site than the network's, is dropped. Answers its VLAN.
 */
function keptUnderRules(ctx: CheckContext, entry: Entry, values: Record<string, unknown>, lookups: RecordLookups): string | null {
  const file = 'networks.json';
  const vlanKey = entry.raw.vlan_id;
  const vlanId = empty(vlanKey) ? null : (ref(ctx, 'vlans', vlanKey) ?? null);
  const faults = networkRuleFaults({ ...values, vlanId }, lookups, MIGRATED);
  const gateway = faults.find((fault) => fault.field === 'gateway');
  if (gateway) {
    keepRefusedValue(ctx, NETWORK, values, { file, entry, field: 'gateway' }, values.gateway, gateway);
    values.gateway = null;
  }
  const dropVlan = (code: 'network_vlan_gone' | 'network_vlan_elsewhere') =>
    ctx.fixes.push({ ...fixAt(file, entry, 'vlan_id'), from: vlanKey, to: null, ...fixReason(code) });
  if (!empty(vlanKey) && !vlanId) dropVlan('network_vlan_gone');
  if (!faults.some((fault) => fault.field === 'vlanId')) return vlanId;
  dropVlan('network_vlan_elsewhere');
  return null;
}

/** A port waiting for the links: its record, its legacy far port and where it sits. */
interface PendingPort {
  port: ApiRecord;
  entry: Entry;
  index: number;
  /** The port's own legacy id. */
  key?: string;
  farPortKey?: string;
}

/** The switches and their ports, and what the LAGs need: every port by legacy id, the ports' lag_group_id. */
interface SwitchesChecked {
  switches: ApiRecord[];
  ports: ApiRecord[];
  links: AllocationLink[];
  portIds: Map<string, ApiRecord>;
  claims: LagClaim[];
}

function checkSwitches(
  ctx: CheckContext,
  entries: Entry[],
  vlans: ApiRecord[],
  templates: LegacyTemplates,
  book: SiteBook,
): SwitchesChecked {
  const file = 'switches.json';
  // VLAN numbers by site: a port's are looked up in its switch's site (several hundred thousand lookups).
  const vlanOf = vlanNumbersBySite(vlans);
  const names: Named[] = [];
  const ips = new Map<string, string>();
  const ports: ApiRecord[] = [];
  const pending: PendingPort[] = [];
  const portIds = new Map<string, ApiRecord>();
  const links: AllocationLink[] = [];
  const claims: LagClaim[] = [];
  const switches = entries.map((entry) => {
    dropUnknown(ctx, file, entry.raw, KNOWN.switches);
    const siteId = siteOf(ctx, book, file, entry);
    const raw = given(entry.raw);
    // A switch has no value without a fallback (its name has the default one): never undefined.
    const values = checkMapped(ctx, file, entry, SWITCH, raw, SWITCH_MAPPING, { extra: { siteId: siteId ?? randomUUID() } })!;
    const list = portsOf(ctx, entry);
    const sw: ApiRecord = {
      id: newIdOf(ctx, 'switches', entry),
      ...values,
      siteId: siteId ?? null,
      ...templateAndStack(ctx, entry, list, templates),
      version: 1,
      ...keepTimes(ctx, file, entry),
    };
    if (typeof sw.managementIp === 'string' && siteId) {
      const other = ips.get(`${siteId} ${sw.managementIp}`);
      if (other) {
        ctx.fixes.push({
          ...fixAt(file, entry, 'management_ip'),
          from: sw.managementIp,
          to: null,
          ...fixReason('management_ip_twice', { switch: String(other) }),
        });
        keepLine(SWITCH, sw, `Management IP (0.20.x): ${sw.managementIp}`);
        sw.managementIp = null;
      } else ips.set(`${siteId} ${sw.managementIp}`, String(sw.name));
    }
    sw.configuredVlanIds = vlanNumbers(ctx, entry, 'configured_vlans', entry.raw.configured_vlans, vlanOf.get(siteId), {
      resource: SWITCH,
      values: sw,
    });
    if (siteId && typeof sw.name === 'string') names.push({ record: sw, scope: siteId, fixAt: fixAt(file, entry, 'name') });
    const portNames: Named[] = [];
    list.forEach((raw, index) => {
      const port = checkPort(ctx, entry, sw, raw, index, vlanOf);
      ports.push(port);
      const key = idKey(raw.id);
      if (key) portIds.set(key, port);
      const farPortKey = idKey(raw.connected_port_id);
      if (farPortKey) pending.push({ port, entry, index, key, farPortKey });
      const allocationKey = idKey(raw.connected_allocation_id);
      if (allocationKey) links.push({ port, entry, index, allocationKey });
      const lagKey = idKey(raw.lag_group_id);
      if (lagKey) claims.push({ port, entry, index, lagKey });
      portNames.push({ record: port, scope: sw.id, fixAt: fixAt(file, entry, `ports[${index}].label`) });
    });
    dedupeNames(ctx, portNames, INTERFACE_NAME_MAX, suffixedInterfaceName);
    // Nothing reads a switch's parsed ports again (see CheckContext.release).
    if (ctx.release) delete entry.raw.ports;
    return sw;
  });
  dedupeNames(ctx, names, NAME_MAX);
  // Ids that ascend in the order the ports are written (until here only records point at them): the port
  // indexes then grow at their right edge, which halves the time a large migration takes to write its ports.
  const ids = ascendingUuids(ports.length);
  ports.forEach((port, i) => (port.id = ids[i]));
  linkPorts(ctx, pending, portIds);
  return { switches, ports, links, portIds, claims };
}

/** A switch's ports: a list of objects; anything else is a fault (never left out silently). */
function portsOf(ctx: CheckContext, entry: Entry): Record<string, unknown>[] {
  const { ports } = entry.raw;
  if (empty(ports)) return [];
  if (!Array.isArray(ports)) {
    addFault(ctx, 'switches.json', entry, 'ports', 'must be a list of ports');
    return [];
  }
  ports.forEach((port, index) => {
    if (!isPlainObject(port)) addFault(ctx, 'switches.json', entry, `ports[${index}]`, 'must be a JSON object');
  });
  return ports.filter(isPlainObject);
}

/**
 * A switch's template and stack size (LEGACY.md step 3). 0.20.3 made `stack_size` copies of its template's
 * units: the members are `stack_size`, times the units of a template of several; without `stack_size`, the
 * template's units, else the highest unit of its ports. Never fewer than its ports' highest unit (raised with a
 * fix line). The template is kept when it makes a switch of that size (stackProblem), else dropped with a fix
 * line; a template that does not exist, or was not migrated, too.
 */
function templateAndStack(
  ctx: CheckContext,
  entry: Entry,
  ports: Record<string, unknown>[],
  templates: LegacyTemplates,
): { stackSize: number; templateId: string | null } {
  const file = 'switches.json';
  const portUnits = Math.max(1, ...ports.map((port) => (typeof port.unit === 'number' ? port.unit : 1)));
  const key = templateKeyOf(entry.raw);
  const template = key === undefined ? undefined : templates.byKey.get(key);
  const unitCount = template?.units.length;
  const given = entry.raw.stack_size;
  let stackSize = typeof given === 'number' && Number.isInteger(given) && given >= 1 ? given * (unitCount ?? 1) : (unitCount ?? portUnits);
  if (stackSize < portUnits) {
    ctx.fixes.push({
      ...fixAt(file, entry, 'stack_size'),
      from: given ?? null,
      to: portUnits,
      reason: `is less than the highest unit of its ports; raised to ${portUnits}`,
    });
    stackSize = portUnits;
  }
  if (key === undefined) return { stackSize, templateId: null };
  const drop = (reason: string) => {
    ctx.fixes.push({ ...fixAt(file, entry, 'layout_template_id'), from: key, to: null, reason });
    return { stackSize, templateId: null };
  };
  if (!template)
    return drop(
      templates.notMigrated.has(key)
        ? 'names a layout template that is not migrated (its own line says why); the switch keeps its ports without it'
        : 'names a layout template that does not exist; dropped, the switch keeps its ports',
    );
  const problem = stackProblem(template.units, stackSize);
  if (problem) return drop(`its template cannot make a stack of ${stackSize}: stackSize ${problem}; dropped, the switch keeps its ports`);
  return { stackSize, templateId: template.record.id };
}

/** The record a value belongs to (a switch or a port), to keep a value it refuses in its notes or description. */
interface Holder {
  resource: Resource;
  values: Record<string, unknown>;
}

// VLAN numbers among the VLANs of the switch's site; a number with no VLAN there is dropped, with a fix line; a
// value that is no list is kept in the holder's notes or description.
function vlanNumbers(
  ctx: CheckContext,
  entry: Entry,
  field: string,
  value: unknown,
  site: Map<string, string> | undefined,
  holder: Holder,
): string[] {
  if (empty(value)) return [];
  if (!Array.isArray(value)) {
    keepRefusedValue(ctx, holder.resource, holder.values, { file: 'switches.json', entry, field }, value, {
      message: 'must be a list of VLAN numbers',
    });
    return [];
  }
  const ids: string[] = [];
  for (const vid of value) {
    // A number or its text; anything else names no VLAN (String() of a list nested 100,000 deep overflows the stack).
    const scalar = typeof vid === 'number' || typeof vid === 'string';
    const id = scalar ? site?.get(String(vid)) : undefined;
    if (id) {
      if (!ids.includes(id)) ids.push(id);
    } else
      ctx.fixes.push({
        ...fixAt('switches.json', entry, field),
        from: vid,
        to: null,
        ...fixReason('vlan_not_at_site', { vid: scalar ? String(vid) : jsonForMessage(vid, 60) }),
      });
  }
  return ids;
}

// The ports are most of a large migration (100,000 of them): checkPort makes no copy of the record, no closure and
// no throwaway id (checkSwitches hands out the ports' ids once they are all checked).
function checkPort(
  ctx: CheckContext,
  entry: Entry,
  sw: ApiRecord,
  raw: Record<string, unknown>,
  index: number,
  vlanOf: Map<unknown, Map<string, string>>,
): ApiRecord {
  const file = 'switches.json';
  const at = `ports[${index}].`;
  dropUnknown(ctx, file, raw, KNOWN.ports, 'ports[].');
  const input: Record<string, unknown> = {};
  const placeName = `${Number.isSafeInteger(raw.unit) ? raw.unit : 1}/${Number.isSafeInteger(raw.index) ? raw.index : index}`;
  if (empty(raw.label)) input.name = placeName;
  // A port's name falls back to its place (unit/index): never undefined.
  const values = checkMapped(ctx, file, entry, PORT, raw, PORT_MAPPING, {
    extra: input,
    givenOnly: true,
    prefix: at,
    fallback: { name: placeName },
  })!;
  const mode = portMode(ctx, entry, raw.port_mode, at);
  const site = vlanOf.get(sw.siteId);
  const untaggedField = mode === 'trunk' ? 'native_vlan' : 'access_vlan';
  const untaggedVlanId = oneVlan(ctx, entry, at, untaggedField, raw[untaggedField], site);
  let taggedVlanIds = vlanNumbers(ctx, entry, `${at}tagged_vlans`, raw.tagged_vlans, site, { resource: PORT, values });
  if (mode === 'access' && taggedVlanIds.length > 0) {
    ctx.fixes.push({
      ...fixAt(file, entry, `${at}tagged_vlans`),
      from: raw.tagged_vlans,
      to: [],
      ...fixReason('access_no_tagged'),
    });
    taggedVlanIds = [];
  }
  const status = raw.status;
  let poe: unknown = null;
  if (isPlainObject(raw.poe)) {
    const checked = checkValue(POE_FIELD, { type: raw.poe.type, maxWatts: raw.poe.max_watts ?? null });
    if (checked.ok) poe = checked.value;
    else keepRefusedValue(ctx, PORT, values, { file, entry, field: `${at}poe` }, raw.poe, checked);
  }
  return {
    id: '',
    switchId: sw.id,
    ...values,
    position: index,
    mode,
    enabled: status !== 'disabled',
    linkStatus: status === 'up' || status === 'down' ? status : null,
    untaggedVlanId,
    taggedVlanIds,
    poe,
    linkedPortId: null,
    lagId: null,
    version: 1,
    createdAt: sw.createdAt,
    updatedAt: sw.updatedAt,
  };
}

/**
 * A port's mode: `trunk` or `access`; missing, null or "" (a port never edited) is an access port. Any other
 * value makes an access port too, with a fix line (LEGACY.md step 3: nothing is changed silently).
 */
function portMode(ctx: CheckContext, entry: Entry, value: unknown, at: string): 'access' | 'trunk' {
  if (value === 'trunk') return 'trunk';
  if (value !== 'access' && !empty(value))
    ctx.fixes.push({
      ...fixAt('switches.json', entry, `${at}port_mode`),
      from: value,
      to: 'access',
      ...fixReason('mode_neither'),
    });
  return 'access';
}

/** A port's access or native VLAN by number among the VLANs of its switch's site; a number with no VLAN there is dropped, with a fix line. */
function oneVlan(
  ctx: CheckContext,
  entry: Entry,
  at: string,
  field: string,
  vid: unknown,
  site: Map<string, string> | undefined,
): string | null {
  if (empty(vid)) return null;
  const id = site?.get(String(vid));
  if (id) return id;
  ctx.fixes.push({
    ...fixAt('switches.json', entry, `${at}${field}`),
    from: vid,
    to: null,
    ...fixReason('vlan_not_at_site', { vid: String(vid) }),
  });
  return null;
}

// A link is taken when both ends name each other (connected_port_id); a one-sided one (a stale back-link) is dropped with a fix line.
function linkPorts(ctx: CheckContext, pending: PendingPort[], portIds: Map<string, ApiRecord>): void {
  // `pending` holds the ports that name a far port (a port that names none has no far key).
  const farOf = new Map(pending.map((item) => [item.port, item.farPortKey]));
  for (const item of pending) {
    const far = portIds.get(item.farPortKey!);
    // The port's legacy id, unless a later port of the same id took its place in portIds.
    const key = item.key !== undefined && portIds.get(item.key) === item.port ? item.key : undefined;
    const mutual = far !== undefined && farOf.get(far) === key && far.switchId !== item.port.switchId;
    if (mutual) item.port.linkedPortId = far.id;
    else
      ctx.fixes.push({
        ...fixAt('switches.json', item.entry, `ports[${item.index}].connected_port_id`),
        from: item.farPortKey,
        to: null,
        ...fixReason(far ? 'stale_link' : 'port_gone'),
      });
  }
}

/**
 * Users with their bcrypt hashes as 0.20.3 wrote them (`$2b$10$`; the sign-in verifies them and rewrites them
 * as scrypt), role, display name and language, in the shape of a backup's users. A user without a username the
 * model takes, or without a password hash of the rule of every door (PASSWORD_HASH_RULE: another scheme, a cost
 * above 12: a planted hash would make every sign-in expensive), is not migrated, with a fix line; a role the model
 * does not know makes a viewer. A username taken by a user of the database is skipped by the writer, which logs it.
 */
function checkUsers(ctx: CheckContext, entries: Entry[]): ApiRecord[] {
  const file = 'users.json';
  const users: ApiRecord[] = [];
  for (const entry of entries) {
    const { raw } = entry;
    dropUnknown(ctx, file, raw, KNOWN.users);
    const leaveOut = (field: string, from: unknown, reason: string) => {
      ctx.fixes.push({
        ...fixAt(file, entry, field),
        from,
        to: null,
        reason: `${reason}; the user${field === 'username' ? '' : ` ${String(raw.username)}`} is not migrated`,
      });
      if (entry.key !== null) ctx.ids.users.delete(entry.key);
    };
    const username = checkValue(USER_FIELDS.username, empty(raw.username) ? null : raw.username);
    if (!username.ok) {
      leaveOut('username', raw.username ?? null, username.message);
      continue;
    }
    // A password hash is never written to the log.
    if (empty(raw.password_hash) || !isPasswordHash(raw.password_hash)) {
      leaveOut('password_hash', null, empty(raw.password_hash) ? 'is required' : PASSWORD_HASH_RULE);
      continue;
    }
    if (empty(raw.role))
      ctx.fixes.push({ ...fixAt(file, entry, 'role'), from: raw.role ?? null, to: 'viewer', ...fixReason('role_missing') });
    users.push({
      id: newIdOf(ctx, 'users', entry),
      username: username.value,
      displayName: kept(ctx, entry, 'display_name', USER_FIELDS.displayName, null),
      language: kept(ctx, entry, 'language', USER_FIELDS.language, 'en'),
      role: kept(ctx, entry, 'role', USER_FIELDS.role, 'viewer'),
      disabled: false,
      passwordHash: raw.password_hash,
      ...keepTimes(ctx, file, entry),
      lastLoginAt: null,
    });
  }
  return users;
}

/** A user's display name or language when the API takes it; else `fallback`, and a fix when a value was given. */
function kept(ctx: CheckContext, entry: Entry, legacy: string, field: Field, fallback: unknown): unknown {
  const raw = entry.raw[legacy];
  if (empty(raw)) return fallback;
  const checked = checkValue(field, raw);
  if (checked.ok) return checked.value;
  ctx.fixes.push({ ...fixAt('users.json', entry, legacy), from: raw, to: fallback, reason: `${checked.message}; replaced` });
  return fallback;
}

const ACTIONS: Record<string, string> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  duplicate: 'create',
  update_port: 'update',
  bulk_update_ports: 'bulk_update',
  add_configured_vlans: 'update',
  remove_configured_vlans: 'update',
};
/** The legacy entity types an entry can name: the file whose ids they are and the entity type now. */
const KINDS: Record<string, { file: LegacyKind; type: string } | undefined> = {
  site: { file: 'sites', type: 'site' },
  vlan: { file: 'vlans', type: 'vlan' },
  switch: { file: 'switches', type: 'switch' },
  network: { file: 'networks', type: 'network' },
  ip_allocation: { file: 'ip-allocations', type: 'address' },
  ip_range: { file: 'ip-ranges', type: 'range' },
  layout_template: { file: 'layout-templates', type: 'template' },
  lag_group: { file: 'lag-groups', type: 'lag' },
};

const VERBS: Record<string, string | undefined> = { create: 'Created', update: 'Updated', delete: 'Deleted', bulk_update: 'Updated' };

/** What the activity entries are mapped with: the records by new id, the ports by legacy id, and the changes found. */
interface HistoryBook {
  records: Map<string, ApiRecord>;
  portIds: Map<string, ApiRecord>;
  vlansOfSite: (siteId: unknown) => Map<string, string> | undefined;
  /** The changes of the entries that carry previous values, by the new entry id. */
  changes: Map<string, LegacyChange>;
}

function historyOf(vlans: ApiRecord[], portIds: Map<string, ApiRecord>, records: Map<string, ApiRecord>): HistoryBook {
  let bySite: Map<unknown, Map<string, string>> | undefined;
  const vlansOfSite = (siteId: unknown) => {
    bySite ??= vlanNumbersBySite(vlans);
    return bySite.get(siteId);
  };
  return { records, portIds, vlansOfSite, changes: new Map() };
}

/** The VLANs' ids by site, then by their number as text. */
function vlanNumbersBySite(vlans: ApiRecord[]): Map<unknown, Map<string, string>> {
  const bySite = new Map<unknown, Map<string, string>>();
  for (const vlan of vlans) {
    const site = bySite.get(vlan.siteId) ?? new Map<string, string>();
    bySite.set(vlan.siteId, site);
    site.set(String(vlan.vid), vlan.id);
  }
  return bySite;
}

/** The record an entry is about: its entity, or for a port's edit (update_port) the port its metadata names. */
function entryTarget(
  ctx: CheckContext,
  raw: Record<string, unknown>,
  book: HistoryBook,
): { kind?: (typeof KINDS)[string]; record?: ApiRecord } {
  const kind = KINDS[String(raw.entity_type ?? '')];
  const entityId = kind ? ref(ctx, kind.file, raw.entity_id) : undefined;
  const record = entityId ? book.records.get(entityId) : undefined;
  const portKey = isPlainObject(raw.metadata) ? idKey(raw.metadata.port_id) : undefined;
  const port = portKey && kind?.type === 'switch' ? book.portIds.get(portKey) : undefined;
  if (port && port.switchId === record?.id) return { kind: { file: 'switches', type: 'port' }, record: port };
  return { kind, record };
}

function activityEntry(ctx: CheckContext, entry: Entry, book: HistoryBook, users: Entry[]): ApiRecord {
  const { raw } = entry;
  const file = 'activity.json';
  const at = keepDate(ctx, file, entry, 'timestamp', ctx.now);
  const original = String(raw.action ?? '');
  const action = ACTIONS[original];
  if (!action)
    ctx.fixes.push({
      ...fixAt(file, entry, 'action'),
      from: raw.action ?? null,
      to: 'update',
      reason: `is none of ${Object.keys(ACTIONS).join(', ')}; the entry is an update, its summary names the action`,
    });
  const legacyType = String(raw.entity_type ?? '');
  const { kind, record } = entryTarget(ctx, raw, book);
  const type = kind?.type ?? legacyType;
  // An address's or range's site is its network's, a LAG's or a port's its switch's (a template has none).
  const holder =
    record && typeof record.networkId === 'string'
      ? book.records.get(record.networkId)
      : record && (type === 'lag' || type === 'port')
        ? book.records.get(record.switchId as string)
        : record;
  const user = users.find((candidate) => candidate.key === idKey(raw.user_id));
  if (!user && !empty(raw.user_id))
    ctx.fixes.push({
      ...fixAt(file, entry, 'user_id'),
      from: raw.user_id,
      to: null,
      ...fixReason('entry_user_gone'),
    });
  if (kind && !record && !empty(raw.entity_id))
    ctx.fixes.push({
      ...fixAt(file, entry, 'entity_id'),
      from: raw.entity_id,
      to: null,
      ...fixReason('entry_names_gone', { kind: legacyType.replace('_', ' ') }),
    });
  const name =
    type === 'port'
      ? String(record!.name)
      : typeof raw.entity_name === 'string'
        ? raw.entity_name
        : ((record?.name ?? record?.address ?? record?.start) as string | undefined);
  const verb = VERBS[action ?? 'update'] ?? 'Changed';
  let summary = `${verb} ${type.replace('_', ' ') || 'record'}${name ? ` ${name}` : ''}`;
  if (type === 'port') summary += ` on ${String(holder?.name)}`;
  if (action !== original) summary += ` (0.20.x: ${original})`;
  if (!record && !empty(raw.entity_id))
    summary += ` (legacy ${legacyType || 'record'} id ${String(raw.entity_id)}${kind ? ', no longer exists' : ''})`;
  const id = newIdOf(ctx, 'activity', entry);
  const change =
    record && isHistoryKind(type)
      ? legacyChange(raw, { kind: type, recordId: record.id }, historyLookups(ctx, book, record, holder))
      : undefined;
  if (change) book.changes.set(id, change);
  return {
    id,
    at,
    userId: user?.key ? (ctx.ids.users.get(user.key) ?? null) : null,
    username: typeof user?.raw.username === 'string' ? user.raw.username : null,
    action: action ?? 'update',
    entityType: kind ? type : null,
    entityId: record?.id ?? null,
    entityName: name ?? null,
    siteId: record ? (type === 'site' ? record.id : ((holder?.siteId as string) ?? null)) : null,
    summary,
    changes: null,
    undoable: false,
    undoneBy: null,
    undoOf: null,
  };
}

const HISTORY_KINDS = new Set<string>(['site', 'vlan', 'network', 'switch', 'port', 'address', 'range']);

function isHistoryKind(type: string): type is HistoryKind {
  return HISTORY_KINDS.has(type);
}

/** The lookups of an entry's values: VLAN numbers among those of the record's site (its own, or its holder's). */
function historyLookups(ctx: CheckContext, book: HistoryBook, record: ApiRecord, holder: ApiRecord | undefined): HistoryLookups {
  const siteId = holder?.siteId ?? record.siteId;
  return {
    vlanByNumber: (vid) => (typeof vid === 'number' || typeof vid === 'string' ? book.vlansOfSite(siteId)?.get(String(vid)) : undefined),
    vlanByKey: (key) => ref(ctx, 'vlans', key),
    current: record,
  };
}
