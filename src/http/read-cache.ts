import { createHash } from 'node:crypto';
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
  /** The answer kept for `key` at this data version. */
  get(key: string, version: string): CachedReply | undefined;
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
 * every row this process writes, committed or not, which at worst empties the cache for nothing) plus
 * `PRAGMA data_version` (raised when another connection or process commits). Any change empties the whole
 * cache: an inventory is read far more than it is written, and a partial invalidation is where stale
 * answers come from.
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

  // Own statements returning arrays: this runs before every read, and was a seventh of a cached read's time
  // as one SELECT over the pragma_data_version table-valued function.
  const ownChanges = db.prepare('SELECT total_changes()');
  const otherChanges = db.prepare('PRAGMA data_version');
  ownChanges.setReturnArrays(true);
  otherChanges.setReturnArrays(true);
  const version = () => `${(otherChanges.get() as unknown as number[])[0]}.${(ownChanges.get() as unknown as number[])[0]}`;

  return {
    version,
    get(key, version) {
      // Inside an open transaction (a commit group not yet committed) the data may still be rolled back.
      if (db.isTransaction) {
        misses++;
        return undefined;
      }
      if (version !== entriesVersion) reset(version);
      const reply = entries.get(key);
      if (reply) hits++;
      else misses++;
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

/** A weak ETag for an answer that has no version of its own (lists): the data version and the request. */
export function listEtag(version: string, key: string): string {
  return `W/"${createHash('sha1').update(`${version}|${key}`).digest('base64url').slice(0, 20)}"`;
}
