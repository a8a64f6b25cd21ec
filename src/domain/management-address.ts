// A switch's management IP kept as an address of the network of its site that holds it (docs/IPAM.md), by switch
// writes and discovery apply alike.
import { randomUUID } from 'node:crypto';
import {
  addressConflict,
  addressIdByKey,
  addressOfSwitch,
  getAddress,
  insertAddress,
  removeAddress,
  type AddressRow,
} from '../db/addresses.ts';
import type { Change } from '../db/change.ts';
import { readImage, writeImage, type Image } from '../db/images.ts';
import { networksOfSite } from '../db/networks.ts';
import { networkHolding } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { checkValue, faultOf, formedRefusal, movedFault } from '../fields/field.ts';
import { ipKey, isUsableHost } from '../lib/ip-math.ts';

/** What keeping a switch's management address needs of it (its row as it is now). */
export interface ManagedSwitch {
  id: string;
  name: string;
  site_id: string;
  management_ip: string | null;
}

const HOSTNAME = ADDRESS.fields.find((field) => field.name === 'hostname')!;

/**
 * The host name a switch's address record gets: its name where that is a host name, else its name with every run
 * of other characters as "-" ("edge 1" -> "edge-1"); null when nothing of it is left.
 */
export function hostnameOfSwitch(name: string): string | null {
  const candidates = [name, name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '')];
  for (const candidate of candidates) {
    const checked = candidate === '' ? undefined : checkValue(HOSTNAME, candidate);
    if (checked?.ok && typeof checked.value === 'string') return checked.value;
  }
  return null;
}

/** The first label of a host name, lower case: "SW-1.example.org" and "sw-1" name one device. */
const hostLabel = (hostname: string) => hostname.split('.')[0].toLowerCase();

/**
 * Whether a recorded address that holds a switch's new management IP is that switch's to take over: no other
 * switch's, of no other kind of device, and without a host name or with the switch's.
 */
function adoptable(address: AddressRow, sw: ManagedSwitch): boolean {
  if (address.switch_id !== null && address.switch_id !== sw.id) return false;
  if (address.device_type !== null && address.device_type !== 'switch') return false;
  const own = hostnameOfSwitch(sw.name);
  return address.hostname === null || (own !== null && hostLabel(address.hostname) === hostLabel(own));
}

/**
 * Keeps a switch's management IP recorded as an address, inside the change that wrote the switch (call it after
 * the switch's row is written; `previousName` on an update). When the IP lies in a network of the switch's site
 * (the most specific one when several hold it), that network has an address with the switch's switchId:
 * - made (hostname the switch's name, deviceType switch, status active), or, when the network has the address
 *   recorded already without a switch, of no other kind of device and without a host name or with the switch's,
 *   that record taken over (its switchId set);
 * - moved (same record, same id) when the IP or the site changes, into another network too; its host name follows
 *   a rename while it was the switch's;
 * - removed when the IP is cleared or lies in no network of the site, and when the switch is deleted.
 * Refuses (nothing is written) an IP that is not a usable host of its network (400), one inside a DHCP range of it
 * (409 in_dhcp_range), one recorded for another device (409 address_taken), and one recorded already while the
 * switch has a record of its own elsewhere (409 address_taken: the undo of merging the two could not write both
 * back).
 */
export function keepManagementAddress(change: Change, sw: ManagedSwitch, previousName?: string): void {
  const db = change.db;
  const current = addressOfSwitch(db, sw.id);
  const network = sw.management_ip === null ? undefined : networkHolding(networksOfSite(db, sw.site_id), sw.management_ip);
  if (network === undefined) {
    if (current) removeAddress(change, current.id);
    return;
  }
  const ip = sw.management_ip!;
  const where = `network ${network.name} (${network.subnet})`;
  const of = { network: network.name, subnet: network.subnet };
  if (!isUsableHost(network.subnet, ip))
    throw formedRefusal('invalid', 'validation_failed.not_host', { address: ip, ...of }, [
      faultOf('managementIp', 'not_host_of_network', of),
    ]);
  const holderId = addressIdByKey(db, network.id, ipKey(ip)!);
  const pool = holderId !== undefined && holderId === current?.id ? undefined : addressConflict(db, network.id, ip, holderId ?? '');
  if (pool) throw new Refusal('conflict', pool.code, pool.message, [movedFault(pool.details![0]!, 'managementIp')], pool.params);
  const hostname = hostnameOfSwitch(sw.name);
  if (holderId !== undefined && holderId !== current?.id) {
    const holder = getAddress(db, holderId)!;
    if (!adoptable(holder, sw) || current) throw addressTaken(ip, where, holder, current);
    rewriteAddress(change, holder.id, { switch_id: sw.id, hostname: holder.hostname ?? hostname, device_type: 'switch' });
    return;
  }
  if (current) {
    const follows =
      current.hostname === null ||
      (previousName !== undefined && current.hostname.toLowerCase() === (hostnameOfSwitch(previousName) ?? '').toLowerCase());
    rewriteAddress(change, current.id, { network_id: network.id, address: ip, ...(follows ? { hostname } : {}) });
    return;
  }
  const id = randomUUID();
  change.touch('address', id);
  insertAddress(
    db,
    id,
    {
      network_id: network.id,
      switch_id: sw.id,
      address: ip,
      hostname,
      mac_address: null,
      device_type: 'switch',
      status: 'active',
      description: null,
      port_id: null,
    },
    change.now,
  );
}

function addressTaken(ip: string, where: string, holder: AddressRow, current: AddressRow | undefined): Refusal {
  const who = holder.hostname ? `"${holder.hostname}"` : holder.device_type ? `a ${holder.device_type}` : 'another device';
  const message = current
    ? `${ip} is recorded in ${where} already (as ${who}), and the switch's management IP is recorded as ${current.address}; ` +
      'delete one of the two records first.'
    : `${ip} is recorded in ${where} for ${who}; change or delete that record first, or pick another management IP.`;
  return new Refusal('conflict', 'address_taken', message, [faultOf('managementIp', 'address_recorded', { id: holder.id })]);
}

/** Writes some columns of an address (its keys follow), after recording it; nothing when they hold those values. */
function rewriteAddress(change: Change, id: string, columns: Partial<Image>): void {
  const image = readImage(change.db, 'address', id)!;
  if (Object.entries(columns).every(([column, value]) => image[column] === value)) return;
  change.touch('address', id);
  writeImage(change.db, 'address', { ...image, ...columns } as Image, image.version + 1, change.now);
}
