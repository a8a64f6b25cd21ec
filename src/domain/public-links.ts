// A switch's public links (docs/SHARING.md): made and revoked, each with an activity entry about the switch that
// names the link's id, never its token or hash; not undoable (a revoked token stays dead, a new one is made anew).
import { randomUUID } from 'node:crypto';
import { recordChange, type ActivityInput, type Actor } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import {
  countPublicLinks,
  deletePublicLink,
  getPublicLink,
  insertPublicLink,
  newPublicToken,
  PUBLIC_LINKS_PER_SWITCH,
  publicTokenHash,
} from '../db/public-links.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { notFound } from './save.ts';

/** Makes a public link to a switch; its id and its token (shown once). Refuses 409 too_many_links past the cap. */
export function makePublicLink(db: Db, actor: Actor, sw: SwitchRow, createdBy: string): { id: string; token: string } {
  const token = newPublicToken();
  const id = randomUUID();
  recordChange(db, actor, (change) => {
    if (countPublicLinks(change.db, sw.id) >= PUBLIC_LINKS_PER_SWITCH)
      throw new Refusal(
        'conflict',
        'too_many_links',
        `Switch ${sw.name} has ${PUBLIC_LINKS_PER_SWITCH} public links already; revoke one it no longer needs first.`,
      );
    const link = { id, switchId: sw.id, tokenHash: publicTokenHash(token), createdAt: change.now, lastAccessAt: null, createdBy };
    insertPublicLink(change.db, link);
    return { activity: linkActivity(sw, id, 'made'), result: id };
  });
  return { id, token };
}

/** Revokes a link with its activity entry; a link revoked meanwhile (by another request) is not found. */
export function revokePublicLink(db: Db, actor: Actor, id: string): void {
  recordChange(db, actor, (change) => {
    const link = getPublicLink(change.db, id);
    if (!link) throw notFound('public link');
    const sw = getSwitch(change.db, link.switch_id)!;
    deletePublicLink(change.db, id);
    return { activity: linkActivity(sw, id, 'revoked'), result: id };
  });
}

function linkActivity(sw: SwitchRow, linkId: string, what: 'made' | 'revoked'): ActivityInput {
  return {
    action: 'update',
    entityType: 'switch',
    entityId: sw.id,
    entityName: sw.name,
    siteId: sw.site_id,
    summary: what === 'made' ? `Made a public link to switch ${sw.name}` : `Revoked a public link to switch ${sw.name}`,
    changes: { publicLink: what === 'made' ? [null, linkId] : [linkId, null] },
    undoable: false,
  };
}
