// The history of what discoveries saw of a documented switch (migrations/0021_history.sql): written from the one
// path every discovery and every poll takes (discover.ts keepObservations), and kept HISTORY_DAYS.
import type { DocumentedPortRow, FdbEntry } from '../db/discoveries.ts';
import { previousDiscoveryAt, pruneHistory, recordPortStates, recordSightings, type SeenPort } from '../db/history.ts';
import { inTransaction, writeTurn, type Db } from '../db/open.ts';
import type { ObservedSwitch } from './observed.ts';

/** What one discovery adds to a switch's history: its MAC sightings and its ports' states. */
export interface HistoryWrite {
  discoveryId: string;
  switchId: string;
  switchName: string;
  at: string;
  observed: ObservedSwitch;
  ports: readonly DocumentedPortRow[];
  /** The MAC table kept (the MACs on access ports). */
  fdb: readonly FdbEntry[];
}

/** Adds a discovery to the switch's history; inside the discovery's transaction. */
export function recordHistory(db: Db, write: HistoryWrite): void {
  const poll = {
    switchId: write.switchId,
    switchName: write.switchName,
    at: write.at,
    previousAt: previousDiscoveryAt(db, write.switchId, write.discoveryId),
  };
  const portName = new Map(write.ports.map((port) => [port.id, port.name]));
  recordSightings(
    db,
    poll,
    write.fdb.map((entry) => ({ ...entry, portName: portName.get(entry.portId) ?? '' })),
  );
  recordPortStates(db, poll, seenPorts(write.observed, write.ports));
}

/** The documented ports the discovery saw (by name, as the proposal matches them), with their states and counters. */
function seenPorts(observed: ObservedSwitch, ports: readonly DocumentedPortRow[]): SeenPort[] {
  const byName = new Map(ports.map((port) => [port.name.toLowerCase(), port]));
  const seen = new Map<string, SeenPort>();
  for (const port of observed.ports) {
    const documented = byName.get(port.name.toLowerCase());
    if (!documented || seen.has(documented.id)) continue;
    const counters = {
      ...(port.inOctets !== undefined ? { in: port.inOctets } : {}),
      ...(port.outOctets !== undefined ? { out: port.outOctets } : {}),
    };
    seen.set(documented.id, {
      portId: documented.id,
      name: documented.name,
      operUp: port.operUp ? 1 : 0,
      adminUp: port.adminUp ? 1 : 0,
      ...counters,
    });
  }
  return [...seen.values()];
}

/** Sightings and state changes deleted per transaction: each batch is a short write between requests. */
const PRUNE_BATCH = 1000;
const DAY_MS = 86_400_000;

/** Deletes the history older than `days`, a batch per write turn, until none is left. */
export async function pruneOldHistory(db: Db, days: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - days * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    await writeTurn(db);
    const batch = inTransaction(db, () => pruneHistory(db, cutoff, PRUNE_BATCH));
    deleted += batch;
    if (batch < PRUNE_BATCH) return deleted;
  }
}

/** How often the server deletes old history; the first time one interval after the start, never at the start. */
const PRUNE_EVERY_MS = 3_600_000;

/** Prunes old history every hour, without keeping the process alive; the function stops it. */
export function pruneHistoryHourly(db: Db, days: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pruneOldHistory(db, days)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
