// A timeline of activity entries, newest first, grouped by day, each with its summary in the user's language
// (entry-summary.ts), its changes and an Undo (Redo on an undo entry).
import { html, useEffect, useState } from '../html.ts';
import { useApp } from '../app-context.ts';
import type { ActivityEntry } from '../api-types.ts';
import { entrySummary, undoDepth } from '../entry-summary.ts';
import { dayKey, dayLabel, formatTime } from '../format.ts';
import { t, tParts } from '../messages.ts';
import { runUndo } from '../undo.ts';
import { undoLostWords } from '../undo-lost.ts';
import { entitiesOf, isObject } from './change-entities.ts';
import { EntityLink } from './entity-link.ts';
import type { ChangesProps } from './changes-list.ts';

/** How the entry's user signs in, when not with a password kept here (issue 41): a tag beside the name. */
function signInTag(e: ActivityEntry) {
  if (e.userSignIn !== 'oidc' && e.userSignIn !== 'ldap') return '';
  const label = e.userSignIn === 'oidc' ? t('activity.signIn.oidc') : t('activity.signIn.ldap');
  return html` <span class="tag" title=${t('activity.signInTitle', { user: e.username ?? '' })}>${label}</span>`;
}

let Changes: ((p: ChangesProps) => unknown) | undefined;
let changesLoad: Promise<void> | undefined;

/** The changes of an entry (changes-list.ts loads on first use: the dashboard's compact list never needs it). */
function ChangesList(p: ChangesProps) {
  const [, setLoaded] = useState(!!Changes);
  useEffect(() => {
    if (Changes) return;
    changesLoad ??= import('./changes-list.ts').then((m) => {
      Changes = m.ChangesList;
    });
    void changesLoad.then(() => setLoaded(true));
  }, []);
  return Changes ? html`<${Changes} ...${p} />` : null;
}

/** The entry of the 0.20.x migration itself: its counts and fixes are on /migration, not a list of changes. */
const isLegacyMigration = (e: ActivityEntry) =>
  e.action === 'migrate' && e.entityType === null && typeof e.changes === 'object' && e.changes !== null && 'archive' in e.changes;

/** The ids of the entities that the entries deleted and no undo brought back: their pages are gone. */
function deletedIn(entries: ActivityEntry[]): Set<string> {
  const gone = new Set<string>();
  for (const e of entries) {
    if (e.undoneBy) continue;
    if (e.action === 'delete' && e.entityId) gone.add(e.entityId);
    for (const entity of (isObject(e.changes) && entitiesOf(e.changes)) || []) if (entity.state === 'deleted') gone.add(entity.id);
  }
  return gone;
}

/** One entry: time, who, what, which object (`gone`: deleted, so named with a link to its history), the changes, Undo. */
function Entry(p: { e: ActivityEntry; onChanged?: () => void; compact?: boolean; portId?: string; gone: boolean }) {
  const app = useApp();
  const e = p.e;
  // Undoing an undo entry redoes; undoing a redo (an undo of an undo entry) undoes again. The depth is read from
  // the summary, so it holds when the entry undone is not among those listed (a filter by user).
  const depth = undoDepth(e);
  const redo = depth % 2 === 1;
  const summary = entrySummary(e);
  const undo = async () => {
    const ok = await app.confirm(
      redo
        ? { title: t('redo.title'), message: t('redo.question', { summary }), confirmLabel: t('redo.confirm') }
        : {
            title: t('activity.undoTitle'),
            message: e.username ? t('activity.undoQuestionBy', { summary, user: e.username }) : t('activity.undoQuestion', { summary }),
            confirmLabel: t('activity.undoConfirm'),
          },
    );
    if (ok) await runUndo(app, e.id, p.onChanged, redo);
  };
  // In a port's history only the entries about that port itself can be undone (never its switch's creation).
  const offered = e.undoable && !e.undoneBy && (!p.portId || (e.entityType === 'port' && e.entityId === p.portId));
  // A redo (an undo of an undo) is an undo entry too; its line says it redid.
  const line = tParts(`activity.line.${depth > 0 && depth % 2 === 0 ? 'redo' : e.action}`, {
    user: html`<strong>${e.username ?? t('activity.system')}</strong>${signInTag(e)}`,
    kind: e.entityType ? t(`kind.${e.entityType}`) : '',
    entity: e.entityId && html`<${EntityLink} type=${e.entityType} id=${e.entityId} name=${e.entityName} gone=${p.gone} />`,
  });
  return html`<li class=${`entry action-${e.action}${e.undoneBy ? ' undone' : ''}`}>
    <time datetime=${e.at} class="entry-time">${formatTime(e.at)}</time>
    <div class="entry-body">
      <p class="entry-line">
        ${line}${e.undoneBy && html` <span class="tag">${t('activity.undone')}</span>`}
      </p>
      <p class="entry-summary">${summary}</p>
      ${e.undoLost && html`<p class="hint">${t('activity.undoLost', { reason: undoLostWords(e.undoLost) })}</p>`}
      ${!p.compact && isLegacyMigration(e) && html`<p><a href="/migration">${t('migration.review')}</a></p>`}
      ${
        !p.compact &&
        !isLegacyMigration(e) &&
        html`<${ChangesList} changes=${e.changes} creation=${e.action === 'create'} kind=${e.entityType} entityId=${e.entityId} action=${e.action}
        only=${p.portId} />`
      }
    </div>
    ${
      app.canEdit &&
      !p.compact &&
      offered &&
      html`<button type="button" class="btn btn-small" onClick=${undo} aria-label=${
        redo ? t('redo.label', { summary }) : t('activity.undoLabel', { summary })
      }>${redo ? t('redo.button') : t('undo.button')}</button>`
    }
  </li>`;
}

/** The timeline; `onChanged` runs after an undo so that the owner can reload; `portId`: the history of that port. */
export function ActivityList(p: { entries: ActivityEntry[]; onChanged?: () => void; compact?: boolean; level?: 2 | 3; portId?: string }) {
  const gone = deletedIn(p.entries);
  const groups: { key: string; items: ActivityEntry[] }[] = [];
  for (const e of p.entries) {
    const key = dayKey(e.at);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(e);
    else groups.push({ key, items: [e] });
  }
  return html`<div class="timeline">
    ${groups.map(
      (g) => html`<section class="day" key=${g.key} aria-label=${dayLabel(g.key)}>
      ${p.level === 2 ? html`<h2 class="day-head">${dayLabel(g.key)}</h2>` : html`<h3 class="day-head">${dayLabel(g.key)}</h3>`}
      <ol class="entries">${g.items.map(
        (e) => html`<${Entry} key=${e.id} e=${e} onChanged=${p.onChanged} compact=${p.compact} portId=${p.portId}
        gone=${!!e.entityId && gone.has(e.entityId)} />`,
      )}</ol>
    </section>`,
    )}
  </div>`;
}
