// Builds the benchmark's data set as 0.20.x JSON files, so that seeding goes through the project's own code
// (the one-time legacy migration at start-up) and times that migration in the same step.
// 50 sites, 1,000 networks (20 a site; the migration makes each a VLAN with its subnet), 2,000 switches with 48 ports each (96,000 ports, half of them trunks
// with 5–20 tagged VLANs, uplinks between neighbouring switches), 100,000 activity entries, one admin.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../src/lib/password.ts';

/** The size of the data set. */
export const SEED_SIZE = { sites: 50, networksPerSite: 20, switchesPerSite: 40, portsPerSwitch: 48, activity: 100_000 };
/** The benchmark admin's credentials. */
export const BENCH_USER = { username: 'bench', password: 'bench password 1' };

/** A small deterministic generator, so every run builds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** MAC address of switch number `n`, as the bench searches for it. */
export function benchMac(n: number): string {
  const hex = n.toString(16).padStart(6, '0');
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** Writes the legacy files of the data set into `dataDir` (`portsPerSwitch` may differ); returns the record counts. */
export async function writeSeedFiles(dataDir: string, portsPerSwitch = SEED_SIZE.portsPerSwitch) {
  const next = random(42);
  mkdirSync(dataDir, { recursive: true });
  const sites = [];
  const networks = [];
  const switches = [];
  let networkId = 0;
  let switchNo = 0;
  let ports = 0;
  for (let s = 1; s <= SEED_SIZE.sites; s++) {
    sites.push({ id: s, name: `site-${s}`, description: `Site number ${s}`, address: `${s} Network Street` });
    const siteNetworks: number[] = [];
    for (let v = 1; v <= SEED_SIZE.networksPerSite; v++) {
      networkId++;
      siteNetworks.push(networkId);
      networks.push({
        id: networkId,
        siteId: s,
        name: `vlan-${v * 10}`,
        vlan: v * 10,
        subnet: `10.${s}.${v}.0/24`,
        gateway: `10.${s}.${v}.1`,
        color: null,
      });
    }
    for (let w = 0; w < SEED_SIZE.switchesPerSite; w++) {
      switchNo++;
      const portList = [];
      for (let p = 1; p <= portsPerSwitch; p++) {
        const trunk = p % 2 === 0;
        const untagged = siteNetworks[Math.floor(next() * siteNetworks.length)];
        const port: Record<string, unknown> = {
          name: String(p),
          description: `port ${p}`,
          mode: trunk ? 'trunk' : 'access',
          vlan: untagged,
          speed: '1G',
          poe: p <= 24,
        };
        if (trunk) {
          const count = 5 + Math.floor(next() * 16);
          port.tagged = [...siteNetworks].sort(() => next() - 0.5).slice(0, count);
        }
        // Port 48 of every second switch uplinks to port 47 of the next switch at the same site.
        if (p === portsPerSwitch && w % 2 === 0 && w + 1 < SEED_SIZE.switchesPerSite)
          port.uplink = { switchId: switchNo + 1, port: String(portsPerSwitch - 1) };
        portList.push(port);
        ports++;
      }
      switches.push({
        id: switchNo,
        siteId: s,
        name: `sw-${s}-${w + 1}`,
        vendor: 'Acme',
        model: 'A48',
        serial: `SN${String(switchNo).padStart(8, '0')}`,
        mac: benchMac(switchNo),
        ip: `10.${s}.1.${w + 10}`,
        status: 'active',
        ports: portList,
      });
    }
  }
  const activity = [];
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let a = 1; a <= SEED_SIZE.activity; a++) {
    const target = 1 + Math.floor(next() * switchNo);
    activity.push({
      id: a,
      timestamp: new Date(start + a * 60_000).toISOString(),
      user: BENCH_USER.username,
      action: 'update',
      entity: 'switch',
      entityId: target,
      message: `Changed switch ${target}`,
    });
  }
  const users = [{ id: 1, username: BENCH_USER.username, passwordHash: await hashPassword(BENCH_USER.password), role: 'admin' }];
  for (const [file, records] of Object.entries({ sites, networks, switches, activity, users })) {
    writeFileSync(join(dataDir, `${file}.json`), JSON.stringify(records));
  }
  return { sites: sites.length, networks: networks.length, switches: switches.length, ports, activity: activity.length };
}
