// Restore: replaces sites, VLANs, networks, ranges, templates, switches, LAGs, ports, addresses, activity, acknowledged
// drift and polling schedules (and users on request) by a checked db-v1 document's, ids kept, in one transaction that ends with one `restore` entry. Records go
// in in KIND_ORDER (a template before its switches, a LAG before its member ports); the two ends of a LAG pair point at
// each other, which the deferred foreign key of lags.remote_lag_id allows until the COMMIT. Favourite switches are
// settings of their users, not part of a document: a restore leaves every user without favourites. A document
// of 0.26.0 arrives converted (model1.ts); the restore entry says what the conversion did.
import { randomUUID } from 'node:crypto';
import type { Counts } from '../db/read/backup.ts';
import { noteEntry, type Actor } from '../db/change.ts';
import { deleteInventoryAndActivity, insertRecords, KIND_OF, KIND_PLURALS } from '../db/images.ts';
import { deleteUsers, insertStoredUser, maxTokenVersion } from '../db/users.ts';
import { insertActivity } from '../db/activity.ts';
import { deleteAllAcknowledgements, putAcknowledgement } from '../db/drift.ts';
import { credentialSetIdByName, getCredentialSet, saveSiteSchedule, saveSwitchSchedule } from '../db/polling.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { pauseDerivedData, resumeDerivedData } from '../db/search-index.ts';
import { Refusal } from '../errors/refusal.ts';
import { countsOf, foldCase, type CheckedDocument } from './document.ts';

/** How a restore runs: with the users of the backup or not, for real or as a check. */
export interface RestoreOptions {
  replaceUsers: boolean;
  dryRun: boolean;
}

/**
 * Restores a checked document; answers what it restored (or would). Refuses with would_lock_out (a conflict) when
 * users are to be replaced and the backup has no enabled admin with the caller's username.
 */
export function restoreDocument(db: Db, actor: Actor, doc: CheckedDocument, options: RestoreOptions): Counts {
  const counts = { ...countsOf(doc), users: options.replaceUsers ? doc.users.length : 0 };
  const successor = options.replaceUsers ? callerInBackup(doc, actor) : undefined;
  if (options.dryRun) return counts;
  inTransaction(db, () => {
    pauseDerivedData(db);
    const tokenVersion = maxTokenVersion(db) + 1;
    deleteInventoryAndActivity(db);
    if (options.replaceUsers) {
      deleteUsers(db);
      // A token_version above every earlier one: each token issued before the restore stops working.
      for (const user of doc.users) insertStoredUser(db, user, tokenVersion);
    }
    for (const plural of KIND_PLURALS) insertRecords(db, KIND_OF[plural], doc[plural]);
    for (const entry of doc.activity) insertActivity(db, entry.row, entry.touched);
    deleteAllAcknowledgements(db);
    for (const row of doc.driftAcknowledgements) putAcknowledgement(db, row);
    // The schedules went with their switches and sites (ON DELETE CASCADE); the scheduler covers the restored ones.
    const schedules = restoreSchedules(db, doc);
    const entry = restoreEntry(successor ? { id: successor, username: actor.username } : actor, doc, counts, schedules);
    insertActivity(db, entry);
    noteEntry(actor, entry.id);
    resumeDerivedData(db);
  });
  return counts;
}

/** How many schedules a restore wrote, and how many it left out (their credential set is not in this database). */
interface RestoredSchedules {
  restored: number;
  leftOut: number;
}

/**
 * The document's schedules, each with the credential set of its id here, else the one of its name; a schedule whose set
 * is in neither is left out (the export carries no set: its secrets are never in a file).
 */
function restoreSchedules(db: Db, doc: CheckedDocument): RestoredSchedules {
  let restored = 0;
  for (const { owner, row, credentialName } of doc.pollingSchedules) {
    const credentialId = getCredentialSet(db, row.credential_id)
      ? row.credential_id
      : credentialName === null
        ? undefined
        : credentialSetIdByName(db, credentialName);
    if (credentialId === undefined) continue;
    const schedule = { ...row, credential_id: credentialId };
    if (owner.kind === 'switch') saveSwitchSchedule(db, owner.id, schedule);
    else saveSiteSchedule(db, owner.id, schedule);
    restored += 1;
  }
  return { restored, leftOut: doc.pollingSchedules.length - restored };
}

function callerInBackup(doc: CheckedDocument, actor: Actor): string {
  const name = foldCase(actor.username ?? '');
  const user = doc.users.find((candidate) => foldCase(candidate.username) === name && candidate.role === 'admin' && !candidate.disabled);
  if (!user) {
    throw new Refusal(
      'conflict',
      'would_lock_out',
      `The backup has no enabled admin named "${actor.username}": replacing the users would lock you out. ` +
        'Restore without users=replace, or from a backup that has you as an admin.',
    );
  }
  return user.id;
}

function restoreEntry(actor: Actor, doc: CheckedDocument, counts: Counts, schedules: RestoredSchedules) {
  const { exportedAt, converted } = doc;
  const inventory = KIND_PLURALS.map((plural) => `${counts[plural]} ${plural}`).join(', ');
  const leftOut = schedules.leftOut
    ? ` (${schedules.leftOut} left out: their credential sets are not in this database; add the sets and set the polling again)`
    : '';
  const polling = schedules.restored || schedules.leftOut ? `, ${schedules.restored} polling schedules${leftOut}` : '';
  const what = `${inventory}, ${counts.activity} activity entries${counts.users ? `, ${counts.users} users` : ''}${polling}`;
  const conversion = converted
    ? ` (a 0.26.0 backup, converted: ${converted.vlans} networks became VLANs, ${converted.networksFromSubnets} subnets became networks, ` +
      `${converted.undoLost} entries can no longer be undone)`
    : '';
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    user_id: actor.id,
    username: actor.username,
    action: 'restore' as const,
    entity_type: null,
    entity_id: null,
    entity_name: null,
    site_id: null,
    summary: `Restored the backup${exportedAt ? ` of ${exportedAt}` : ''}${conversion}: ${what}`,
    changes: JSON.stringify({
      restored: counts,
      exportedAt,
      ...(converted ? { converted } : {}),
      ...(doc.pollingSchedules.length ? { pollingSchedules: schedules } : {}),
    }),
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  };
}
