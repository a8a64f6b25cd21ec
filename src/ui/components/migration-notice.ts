// For an admin, once after the upgrade: the dashboard's notice that the 0.20.x data was migrated, with how many values
// were fixed and a link to their summary (/migration), until dismissed. The UI keeps no per-user choices on the
// server, so the dismissal is remembered in this browser's localStorage, per user and per migration.
import { html, useState } from '../html.ts';
import { getMigration } from '../api.ts';
import type { Migration } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { formatDateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';

const dismissedKey = (userId: string) => `switchyard.migrationNoticeDismissed.${userId}`;

/** Whether the user dismissed the notice of the migration made at `at` (localStorage may be blocked: then not). */
function dismissed(userId: string, at: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === at;
  } catch {
    return false;
  }
}

function remember(userId: string, at: string): void {
  try {
    localStorage.setItem(dismissedKey(userId), at);
  } catch {
    // Not remembered: the notice comes back on the next visit.
  }
}

/** The notice for an admin, while a migration happened and they have not dismissed it; nothing otherwise. */
export function MigrationNotice() {
  const app = useApp();
  return app.isAdmin ? html`<${AdminNotice} userId=${app.user.id} />` : null;
}

function AdminNotice(p: { userId: string }) {
  const migration = useResource((signal) => getMigration(signal).catch(() => null), []);
  const [hidden, setHidden] = useState(false);
  const m: Migration | null | undefined = migration.data;
  if (!m || hidden || dismissed(p.userId, m.at)) return null;
  const dismiss = () => {
    remember(p.userId, m.at);
    setHidden(true);
  };
  return html`<div class="notice info migration-notice" role="status">
    <p>${t('migration.notice', { at: formatDateTime(m.at), count: m.fixes.length })}</p>
    <p><a class="btn btn-primary" href="/migration">${t('migration.review')}</a>
      <button type="button" class="btn btn-ghost" onClick=${dismiss}>${t('migration.dismiss')}</button></p>
  </div>`;
}
