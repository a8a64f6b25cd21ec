// Builds the benchmark's data set as the data directory of ezSWM 0.20.x (the real format of
// /work/shared/spec/LEGACY.md: one pretty-printed JSON array per file, snake_case fields, nanoid ids, ports inside
// their switches with VLANs by number, links on both ends, bcrypt password hashes), so that seeding goes
// through the project's own code (the one-time legacy migration at start-up) and times that migration in the
// same step. 50 sites with 20 VLANs each, every VLAN with its network; 2,000 switches of 48 ports (96,000
// ports; 50 a switch for the 100,000-port migration), half of them trunks with 5–20 tagged VLANs, each second
// switch linked to the next by a trunk written on both ends; 100,000 activity entries; one admin.
// The IPAM profile (issue 36, `profile: 'ipam'`) is the same campus using the IPAM: 20 hosts in each network
// (20,000 recorded addresses at 1×, beside the switches' management addresses), each with a host name and a MAC
// of one vendor's prefix (52:54:00, so the MACs share their first digits as a real fleet's do), each host on a
// port that carries its MAC and a description naming it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';

/** The size of the data set. */
export const SEED_SIZE = { sites: 50, vlansPerSite: 20, switchesPerSite: 40, portsPerSwitch: 48, activity: 100_000 };
/** The benchmark admin's credentials. */
export const BENCH_USER = { username: 'bench', password: 'bench password 1' };

/** A small deterministic generator, so every run builds the same data (and the bench's picks repeat with their seed). */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NANOID = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** Ids as 0.20.x made them (nanoid), drawn from `next`. */
function nanoid(next: () => number): () => string {
  return () => {
    let text = '';
    for (let i = 0; i < 21; i++) text += NANOID[Math.floor(next() * 64)];
    return text;
  };
}

/** MAC address of the device on port 1 of switch number `n`, as the bench searches for it. */
export function benchMac(n: number): string {
  const hex = n.toString(16).padStart(6, '0');
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** How many hosts the IPAM profile records in each network (one per port on the first ports of the site's switches). */
export const HOSTS_PER_NETWORK = 20;
const HOST_KINDS = [
  ['ws', 'other'],
  ['prn', 'printer'],
  ['ap', 'ap'],
  ['cam', 'camera'],
  ['tel', 'phone'],
  ['srv', 'server'],
] as const;

/** The MAC address of the IPAM profile's host number `n` (from 0): the prefix 52:54:00, then n in hex. */
export function hostMac(n: number): string {
  const hex = n.toString(16).padStart(6, '0');
  return `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** A host of the IPAM profile: its address record (without the network) and what its port carries. */
interface Host {
  address: string;
  hostname: string;
  mac: string;
  deviceType: string;
  description: string;
}

/** The hosts of site `s` (HOSTS_PER_NETWORK in each of its networks), numbered on from `first`. */
function hostsOfSite(s: number, networks: number, first: number, next: () => number): Host[] {
  return Array.from({ length: networks * HOSTS_PER_NETWORK }, (_, h) => {
    const [prefix, deviceType] = HOST_KINDS[Math.floor(next() * HOST_KINDS.length)];
    const hostname = `${prefix}-${s}-${String(first + h).padStart(6, '0')}`;
    const room = `${1 + Math.floor(next() * 4)}.${String(Math.floor(next() * 40)).padStart(2, '0')}`;
    const address = `10.${s}.${Math.floor(h / HOSTS_PER_NETWORK) + 1}.${100 + (h % HOSTS_PER_NETWORK)}`;
    return { address, hostname, mac: hostMac(first + h), deviceType, description: `${hostname} room ${room}` };
  });
}

/** The record counts of a written data set, as the migration reports them. */
export interface SeedCounts {
  sites: number;
  vlans: number;
  networks: number;
  switches: number;
  ports: number;
  activity: number;
  addresses: number;
}

/** Which data set: today's, or the campus using the IPAM (issue 36). */
export type SeedProfile = 'default' | 'ipam';

/** How a data set differs from SEED_SIZE: ports per switch, and `scale` times the sites (with their VLANs, networks and switches) and the activity. */
export interface SeedShape {
  portsPerSwitch?: number;
  scale?: number;
  /** `ipam`: the campus using the IPAM (hosts with addresses, MACs and ports naming them); else today's data set. */
  profile?: SeedProfile;
}

/** Writes the 0.20.x files of the data set into `dataDir`; returns the record counts. */
export async function writeSeedFiles(dataDir: string, shape: SeedShape = {}): Promise<SeedCounts> {
  const { portsPerSwitch = SEED_SIZE.portsPerSwitch, scale = 1, profile = 'default' } = shape;
  // A site's networks are 10.<site>.<n>.0/24.
  if (SEED_SIZE.sites * scale > 255) throw new Error(`scale ${scale}: at most 255 sites`);
  const next = random(42);
  // The hosts draw from a generator of their own, so that the rest of the data is that of today's data set.
  const nextOfHosts = random(36);
  const hostId = nanoid(nextOfHosts);
  const hostAllocations: Record<string, unknown>[] = [];
  const id = () => {
    let text = '';
    for (let i = 0; i < 21; i++) text += NANOID[Math.floor(next() * 64)];
    return text;
  };
  const at = (minute: number) => new Date(Date.parse('2024-01-01T00:00:00.000Z') + minute * 60_000).toISOString();
  mkdirSync(dataDir, { recursive: true });
  const created = at(0);
  const admin = {
    id: id(),
    username: BENCH_USER.username,
    display_name: 'Bench Admin',
    // Cost 10, the cost 0.20.3 wrote: the first sign-in verifies it and rewrites it as scrypt.
    password_hash: await bcrypt.hash(BENCH_USER.password, 10),
    role: 'admin',
    language: 'en',
    is_setup_user: true,
    created_at: created,
    updated_at: created,
  };
  const sites: Record<string, unknown>[] = [];
  const vlans: Record<string, unknown>[] = [];
  const networks: Record<string, unknown>[] = [];
  const switches: { id: string; name: string; ports: Record<string, unknown>[] }[] = [];
  // The network each site's management IPs lie in (its first VLAN's, 10.<site>.1.0/24).
  const managementNetworkOf = new Map<unknown, string>();
  let ports = 0;
  const vids = Array.from({ length: SEED_SIZE.vlansPerSite }, (_, v) => (v + 1) * 10);
  for (let s = 1; s <= SEED_SIZE.sites * scale; s++) {
    const site = { id: id(), name: `site-${s}`, description: `Site number ${s}`, created_at: created, updated_at: created };
    sites.push(site);
    vids.forEach((vid, v) => {
      const vlan = {
        id: id(),
        site_id: site.id,
        vlan_id: vid,
        name: `vlan-${vid}`,
        description: '',
        status: 'active',
        routing_device: '',
        color: `#${(0x100000 + v * 0x0a0b0c).toString(16).slice(-6).toUpperCase()}`,
        is_favorite: false,
        created_at: created,
        updated_at: created,
      };
      vlans.push(vlan);
      networks.push({
        id: id(),
        site_id: site.id,
        name: `net-${vid}`,
        vlan_id: vlan.id,
        subnet: `10.${s}.${v + 1}.0/24`,
        gateway: `10.${s}.${v + 1}.1`,
        dns_servers: [],
        is_favorite: false,
        created_at: created,
        updated_at: created,
      });
    });
    const siteNetworks = networks.slice(-vids.length);
    managementNetworkOf.set(site.id, String(siteNetworks[0].id));
    const hosts = profile === 'ipam' ? hostsOfSite(s, vids.length, hostAllocations.length, nextOfHosts) : [];
    hosts.forEach((host, h) =>
      hostAllocations.push(allocationOf(host, siteNetworks[Math.floor(h / HOSTS_PER_NETWORK)].id, created, hostId)),
    );
    const first = switches.length;
    for (let w = 0; w < SEED_SIZE.switchesPerSite; w++) {
      const number = switches.length + 1;
      const list = [];
      for (let p = 1; p <= portsPerSwitch; p++) {
        const trunk = p % 2 === 0;
        const untagged = vids[Math.floor(next() * vids.length)];
        const port: Record<string, unknown> = {
          id: id(),
          unit: 1,
          index: p,
          label: `1/1/${p}`,
          type: 'rj45',
          speed: '1G',
          status: 'up',
          port_mode: trunk ? 'trunk' : 'access',
          access_vlan: trunk ? null : untagged,
          native_vlan: trunk ? untagged : null,
          tagged_vlans: trunk ? [...vids].sort(() => next() - 0.5).slice(0, 5 + Math.floor(next() * 16)) : [],
          description: `port ${p}`,
          mac_address: p === 1 ? benchMac(number) : '',
          ...(profile === 'ipam' ? hostPort(hosts[(p - 1) * SEED_SIZE.switchesPerSite + w]) : {}),
          connected_device: '',
          connected_device_id: null,
          connected_port: '',
          connected_port_id: null,
          poe: p <= 24 ? { type: '802.3at', max_watts: 30 } : null,
        };
        list.push(port);
        ports++;
      }
      switches.push({
        id: id(),
        site_id: site.id,
        name: `sw-${s}-${w + 1}`,
        model: 'A48',
        manufacturer: 'Acme',
        serial_number: `SN${String(number).padStart(8, '0')}`,
        location: '',
        rack_position: '',
        management_ip: `10.${s}.1.${w + 10}`,
        firmware_version: '1.0',
        role: 'access',
        tags: [],
        notes: '',
        configured_vlans: vids,
        is_favorite: false,
        sort_order: w,
        created_at: created,
        updated_at: created,
        ports: list,
      } as (typeof switches)[number]);
    }
    // The last port of every second switch links to the last-but-one of the next switch at the same site, both ends.
    for (let w = 0; w + 1 < SEED_SIZE.switchesPerSite; w += 2) {
      const [a, b] = [switches[first + w], switches[first + w + 1]];
      const [pa, pb] = [a.ports[portsPerSwitch - 1], b.ports[portsPerSwitch - 2]];
      for (const [port, far, farPort] of [
        [pa, b, pb],
        [pb, a, pa],
      ] as const)
        Object.assign(port, {
          port_mode: pa.port_mode,
          access_vlan: pa.access_vlan,
          native_vlan: pa.native_vlan,
          tagged_vlans: pa.tagged_vlans,
          connected_device: far.name,
          connected_device_id: far.id,
          connected_port: farPort.label,
          connected_port_id: farPort.id,
        });
    }
  }
  const activity: Record<string, unknown>[] = [];
  for (let a = 1; a <= SEED_SIZE.activity * scale; a++) {
    const target = switches[Math.floor(next() * switches.length)];
    activity.push({
      id: id(),
      user_id: admin.id,
      action: a % 3 === 0 ? 'update' : 'update_port',
      entity_type: 'switch',
      entity_id: target.id,
      entity_name: target.name,
      timestamp: at(a),
    });
  }
  // Each switch's management IP allocated in its network, as 0.20.3 did (made last: the rest of the data stays as it was).
  const allocations: Record<string, unknown>[] = switches.map((sw) => ({
    id: id(),
    network_id: managementNetworkOf.get((sw as Record<string, unknown>).site_id),
    ip_address: (sw as Record<string, unknown>).management_ip,
    hostname: sw.name,
    device_type: 'switch',
    status: 'active',
    created_at: created,
    updated_at: created,
  }));
  allocations.push(...hostAllocations);
  const files = { users: [admin], sites, vlans, networks, switches, activity, 'ip-allocations': allocations };
  for (const [file, records] of Object.entries(files)) writeFileSync(join(dataDir, `${file}.json`), JSON.stringify(records, null, 2));
  return {
    sites: sites.length,
    vlans: vlans.length,
    networks: networks.length,
    switches: switches.length,
    ports,
    activity: activity.length,
    addresses: allocations.length,
  };
}

/** What a port of the IPAM profile carries: its host's MAC and a description naming it, or nothing (no host). */
function hostPort(host: Host | undefined): Record<string, unknown> {
  return { description: host?.description ?? '', mac_address: host?.mac ?? '' };
}

/** The 0.20.x allocation of a host in its network. */
function allocationOf(host: Host, networkId: unknown, created: string, id: () => string): Record<string, unknown> {
  return {
    id: id(),
    network_id: networkId,
    ip_address: host.address,
    hostname: host.hostname,
    mac_address: host.mac,
    device_type: host.deviceType,
    description: '',
    status: 'active',
    created_at: created,
    updated_at: created,
  };
}
