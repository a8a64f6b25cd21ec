// Nothing is told before it is durable: while the writes of concurrent requests wait for their shared COMMIT
// (group commit, see db/open.ts), every answer waits too, the ones that only read included, since they may
// have read those writes. If the COMMIT fails, the changes are gone and the answer says so instead.
import type { ServerResponse } from 'node:http';
import { committed, type Db } from '../db/open.ts';
import { writeReply, type Serialized } from './reply.ts';

/**
 * Writes `answer` once the commit group open now is committed; when that COMMIT fails, writes what `failed`
 * makes of its error instead (nothing when it answers undefined: the connection was cut).
 */
export async function writeOnceCommitted(
  db: Db,
  res: ServerResponse,
  answer: Serialized,
  failed: (error: unknown) => Serialized | undefined,
): Promise<void> {
  const pending = committed(db);
  if (pending) {
    try {
      await pending;
    } catch (error) {
      const instead = failed(error);
      if (!instead) return;
      answer = instead;
    }
  }
  writeReply(res, answer);
}
