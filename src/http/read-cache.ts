import { createHash, randomUUID } from 'node:crypto';
import { openSync, readSync } from 'node:fs';
import type { Db } from '../db/open.ts';

/** A GET answer kept ready to send again: its status, headers and serialised body. */
export interface CachedReply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  bytes: number;
}

/** Answers to reads, kept serialised until the data changes. Made once in server.ts. */
export interface ReadCache {
  /** The current data version: changes with every write of this process and every commit of another. */
  version(): string;
  /** The answer kept for `key` at this data version; a miss not counted with `countsMiss` false (a get that counts it follows). */
  get(key: string, version: string, countsMiss?: boolean): CachedReply | undefined;
  /** Keeps an answer made from the data at `versionAtStart` (taken before the handler ran). */
  set(key: string, versionAtStart: string, reply: Omit<CachedReply, 'bytes'>): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

/** The default memory bound of the cache. */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Answers larger than this are not kept (a whole-inventory CSV, say). */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/**
 * Makes the read cache of one connection. Its version is `total_changes()` of this connection (raised by
 * every row this process writes, committed or not, which at worst empties the cache for nothing) plus a count
 * of the commits of other connections and processes (otherCommits). Any change empties the whole cache: an
 * inventory is read far more than it is written, and a partial invalidation is where stale answers come from.
 */
export function createReadCache(db: Db, maxBytes = READ_CACHE_MAX_BYTES): ReadCache {
  const entries = new Map<string, CachedReply>();
  let entriesVersion = '';
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const reset = (version: string) => {
    entries.clear();
    bytes = 0;
    entriesVersion = version;
  };
  const current = (version: string) => {
    if (version !== entriesVersion) reset(version);
    return entries;
  };

  // An own statement returning arrays: this runs before every read.
  const ownChanges = db.prepare('SELECT total_changes()');
  ownChanges.setReturnArrays(true);
  const others = otherCommits(db);
  let lastOwn = -1;
  let lastOthers = -1;
  let lastVersion = '';
  // The same string while nothing changed: the comparisons with it that follow are then of one string.
  const version = () => {
    const own = (ownChanges.get() as unknown as number[])[0];
    const other = others();
    if (own !== lastOwn || other !== lastOthers) {
      lastOwn = own;
      lastOthers = other;
      lastVersion = `${other}.${own}`;
    }
    return lastVersion;
  };

  return {
    version,
    get(key, version, countsMiss = true) {
      // Inside an open transaction (a commit group not yet committed) the data may still be rolled back.
      const reply = db.isTransaction ? undefined : current(version).get(key);
      if (reply) hits++;
      else if (countsMiss) misses++;
      return reply;
    },
    set(key, versionAtStart, reply) {
      if (maxBytes === 0 || db.isTransaction) return;
      // Data changed while the answer was being made (a handler may await): it may mix old and new, drop it.
      if (versionAtStart !== version()) return;
      if (versionAtStart !== entriesVersion) reset(versionAtStart);
      const size = Buffer.byteLength(reply.body) + key.length;
      if (size > MAX_ENTRY_BYTES) return;
      while (bytes + size > maxBytes && entries.size > 0) {
        const [oldestKey, oldest] = entries.entries().next().value!;
        entries.delete(oldestKey);
        bytes -= oldest.bytes;
      }
      entries.set(key, { ...reply, bytes: size });
      bytes += size;
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

// Data versions start again with every process: without this, a client could be told 304 for an ETag that
// the process before made for other data.
const PROCESS_ID = randomUUID();

/** A weak ETag for an answer that has no version of its own (lists): the process, the data version and the request. */
export function listEtag(version: string, key: string): string {
  return `W/"${createHash('sha1').update(`${PROCESS_ID}|${version}|${key}`).digest('base64url').slice(0, 20)}"`;
}

/** The size of the start of the -shm file that holds the wal-index header (its two copies, 48 bytes each). */
const WAL_INDEX_HEADER_BYTES = 96;

/**
 * A number that changes whenever another connection (another process) commits. In WAL mode (db/open.ts) every
 * commit rewrites the wal-index header at the start of the -shm file (https://www.sqlite.org/walformat.html,
 * "The WAL-Index Header": a change counter, the last frame, salts, checksums): reading those bytes is one pread,
 * where PRAGMA data_version takes and drops a read lock (three system calls, a twentieth of a cached read's
 * time). A commit is done once both copies are written, so a pread begun after it sees the new bytes; one begun
 * during it sees bytes that differ from before, which counts as a change too. Without a -shm file (another
 * journal mode, an in-memory database), PRAGMA data_version.
 */
function otherCommits(db: Db): () => number {
  const dataVersion = db.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true);
  const pragma = () => (dataVersion.get() as unknown as number[])[0];
  const mode = (db.prepare('PRAGMA journal_mode').get() as { journal_mode?: string } | undefined)?.journal_mode;
  const file = db.location();
  let fd: number | undefined;
  if (mode === 'wal' && file) {
    try {
      fd = openSync(`${file}-shm`, 'r');
    } catch {
      fd = undefined;
    }
  }
  if (fd === undefined) return pragma;
  const shm = fd;
  const seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const now = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let count = 0;
  return () => {
    readSync(shm, now, 0, WAL_INDEX_HEADER_BYTES, 0);
    if (!now.equals(seen)) {
      now.copy(seen);
      count++;
    }
    return count;
  };
}
