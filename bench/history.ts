// The history of what discoveries saw after 30 simulated days (issue 37), written straight into a database through
// the same SQL the discoveries use (src/db/history.ts): a site of 40 switches of 48 ports, polled every 15 minutes.
// Each switch has 40 devices; desk ports (a third) go down at 19:00 and up at 07:00; every day one device in twenty
// moves to another port and one leaves for good (a new MAC takes its port); counters grow on ports that are up.
// Measures a MAC's timeline, the free-ports report of a switch and of the site (the targets: < 10 ms,
// < 20 ms, < 100 ms: medians of repeated reads), and the growth of the database per switch per day (< 20 KB).
//
//   BENCH_ONLY=history npm run bench, or node bench/history.ts   (HISTORY_SWITCHES=40 HISTORY_DAYS_SIMULATED=30 to change the size)
import '../src/boot/silence-sqlite-warning.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  listSightings,
  recordPortStates,
  recordSightings,
  siteFreePorts,
  switchFreePorts,
  type SeenMac,
  type SeenPort,
} from '../src/db/history.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { inTransaction, openDatabase, type Db } from '../src/db/open.ts';
import { insertTestRow, MIGRATIONS } from '../src/db/test-rows.ts';

const SWITCHES = Number(process.env.HISTORY_SWITCHES ?? 40);
const DAYS = Number(process.env.HISTORY_DAYS_SIMULATED ?? 30);
const PORTS = 48;
const DEVICES = 40;
const POLL_MINUTES = 15;
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 9, 1);

interface SimulatedSwitch {
  id: string;
  name: string;
  ports: { id: string; name: string; octets: number }[];
  /** Port index -> the MAC of the device on it. */
  devices: Map<number, string>;
  previousAt: string | null;
}

let macCounter = 0;
const newMac = () => {
  const n = macCounter++;
  return ['02', '00', ...[24, 16, 8, 0].map((shift) => ((n >>> shift) & 255).toString(16).padStart(2, '0'))].join(':');
};

function seedSite(db: Db): { siteId: string; switches: SimulatedSwitch[] } {
  const siteId = insertTestRow(db, 'sites', { name: 'Campus' });
  const switches: SimulatedSwitch[] = [];
  inTransaction(db, () => {
    for (let s = 0; s < SWITCHES; s++) {
      const name = `acc-${s + 1}`;
      const id = insertTestRow(db, 'switches', { site_id: siteId, name });
      const ports = Array.from({ length: PORTS }, (_, p) => ({
        id: insertTestRow(db, 'ports', { switch_id: id, name: `Gi1/0/${p + 1}`, position: p + 1 }),
        name: `Gi1/0/${p + 1}`,
        octets: 0,
      }));
      const devices = new Map(Array.from({ length: DEVICES }, (_, p) => [p, newMac()] as [number, string]));
      switches.push({ id, name, ports, devices, previousAt: null });
    }
  });
  return { siteId, switches };
}

/** A third of the ports with devices are desks: down from 19:00 to 07:00. */
const isUp = (sw: SimulatedSwitch, port: number, hour: number) => sw.devices.has(port) && (port % 3 !== 0 || (hour >= 7 && hour < 19));

function poll(db: Db, sw: SimulatedSwitch, at: number): void {
  const hour = new Date(at).getUTCHours();
  const iso = new Date(at).toISOString();
  const macs: SeenMac[] = [];
  const states: SeenPort[] = sw.ports.map((port, p) => {
    const up = isUp(sw, p, hour);
    if (up) port.octets += 1_000_000;
    const mac = sw.devices.get(p);
    if (up && mac) macs.push({ mac, vlan: 10, portId: port.id, portName: port.name });
    return { portId: port.id, name: port.name, operUp: up ? 1 : 0, adminUp: 1, in: port.octets, out: port.octets };
  });
  const historyPoll = { switchId: sw.id, switchName: sw.name, at: iso, previousAt: sw.previousAt };
  inTransaction(db, () => {
    recordSightings(db, historyPoll, macs);
    recordPortStates(db, historyPoll, states);
  });
  sw.previousAt = iso;
}

/** Each day one device in twenty moves to a free port, and one leaves (a new device takes its port). */
function churn(sw: SimulatedSwitch, day: number): void {
  const occupied = [...sw.devices.keys()];
  const mover = occupied[(day * 7) % occupied.length]!;
  const free = sw.ports.map((_, p) => p).filter((p) => !sw.devices.has(p));
  if (free.length > 0) {
    sw.devices.set(free[day % free.length]!, sw.devices.get(mover)!);
    sw.devices.delete(mover);
  }
  const leaver = [...sw.devices.keys()][(day * 11) % sw.devices.size]!;
  sw.devices.set(leaver, newMac());
}

function databaseBytes(db: Db): number {
  const { n } = db.prepare('SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()').get() as { n: number };
  return n;
}

function medianMs(times: number, read: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    read();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** What bench/history.ts measured. */
export interface HistoryReport {
  switches: number;
  ports: number;
  days: number;
  polls: number;
  writeMsPerPoll: number;
  sightings: number;
  changes: number;
  macTimelineMs: number;
  switchFreePortsMs: number;
  siteFreePortsMs: number;
  growthKbPerSwitchPerDay: number;
}

/** The history written for DAYS simulated days, then read. */
export function historyScenario(): HistoryReport {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-history-bench-'));
  const db = openDatabase(join(dir, 'history.db'));
  try {
    applyMigrations(db, MIGRATIONS);
    // 115,200 polls: their durability is not what is measured (a server's commit is the same with or without history).
    db.exec('PRAGMA synchronous = OFF');
    const { siteId, switches } = seedSite(db);
    db.exec('VACUUM');
    const before = databaseBytes(db);
    const started = performance.now();
    const polls = (DAYS * 24 * 60) / POLL_MINUTES;
    for (let n = 0; n < polls; n++) {
      const at = START + n * POLL_MINUTES * 60_000;
      if (n > 0 && (at - START) % DAY_MS === 0) for (const sw of switches) churn(sw, (at - START) / DAY_MS);
      for (const sw of switches) poll(db, sw, at);
    }
    const writeS = (performance.now() - started) / 1000;
    db.exec('VACUUM');
    const grownKb = (databaseBytes(db) - before) / 1024;
    const counts = db
      .prepare('SELECT (SELECT count(*) FROM mac_sightings) AS sightings, (SELECT count(*) FROM port_state_changes) AS changes')
      .get() as { sightings: number; changes: number };
    const mover = (db.prepare('SELECT mac FROM mac_sightings GROUP BY mac ORDER BY count(*) DESC LIMIT 1').get() as { mac: string }).mac;
    const cutoff = new Date(START + (DAYS - 1) * DAY_MS).toISOString();
    return {
      switches: SWITCHES,
      ports: SWITCHES * PORTS,
      days: DAYS,
      polls: polls * SWITCHES,
      writeMsPerPoll: Number(((writeS * 1000) / (polls * SWITCHES)).toFixed(3)),
      ...counts,
      macTimelineMs: Number(medianMs(200, () => listSightings(db, { mac: mover }, 100, 0)).toFixed(3)),
      switchFreePortsMs: Number(medianMs(200, () => switchFreePorts(db, switches[0]!.id, cutoff)).toFixed(3)),
      siteFreePortsMs: Number(medianMs(50, () => siteFreePorts(db, siteId, cutoff)).toFixed(3)),
      growthKbPerSwitchPerDay: Number((grownKb / SWITCHES / DAYS).toFixed(2)),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The targets: a MAC's timeline < 10 ms, free ports of a switch < 20 ms and of a site < 100 ms, < 20 KB a switch a day. */
export function historyTargets(r: HistoryReport): [string, string, string, boolean][] {
  const after = `after ${r.days} simulated days`;
  return [
    [`History: a MAC's timeline ${after}`, '< 10 ms', `${r.macTimelineMs} ms`, r.macTimelineMs < 10],
    [`History: free ports of a ${PORTS}-port switch`, '< 20 ms', `${r.switchFreePortsMs} ms`, r.switchFreePortsMs < 20],
    [`History: free ports of a site of ${r.switches} switches`, '< 100 ms', `${r.siteFreePortsMs} ms`, r.siteFreePortsMs < 100],
    ['History: database growth per switch per day', '< 20 KB', `${r.growthKbPerSwitchPerDay} KB`, r.growthKbPerSwitchPerDay < 20],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(historyScenario(), null, 2));
