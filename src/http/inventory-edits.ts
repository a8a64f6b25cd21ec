// What the handlers that change the inventory (sites, networks, switches, ports) share: the check that a siteId
// names a site, and counted nouns for the messages and activity summaries.
import { getSite } from '../db/sites.ts';
import type { Db } from '../db/open.ts';
import type { FieldFault } from '../errors/http-error.ts';

/** A fault on siteId when it names no site (an invalid id was reported by validateInput already). */
export function siteFaults(db: Db, siteId: unknown): FieldFault[] {
  if (typeof siteId !== 'string' || getSite(db, siteId)) return [];
  return [{ field: 'siteId', message: `site ${siteId} does not exist` }];
}

/** "1 port", "3 ports": a count with its noun for messages and summaries. */
export function counted(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
