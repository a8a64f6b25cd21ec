// The activity log: a timeline grouped by day, filtered by kind, user, site and action (in the query string).
import { html } from '../html.ts';
import { listUsers } from '../api.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { t } from '../messages.ts';
import { setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { PageHeader } from './page-header.ts';
import { ActivityFeed } from './activity-feed.ts';
import { QuerySelect, SiteSelect } from './query-select.ts';

/** The activity page. */
export function ActivityPage(p: { route: Route }) {
  const app = useApp();
  const qs = p.route.query;
  const f = {
    entityType: qs.get('entityType') ?? '',
    userId: qs.get('userId') ?? '',
    siteId: qs.get('siteId') ?? '',
    action: qs.get('action') ?? '',
    entityId: qs.get('entityId') ?? '',
  };
  const sites = useSites();
  const users = useResource(async () => (app.isAdmin ? listUsers() : [{ id: app.user.id, username: app.user.username }]), [app.isAdmin]);
  const any = Object.values(f).some(Boolean);
  return html`
    <${PageHeader} title=${t('activity.title')} />
    <div class="card">
      <div class="list-tools">
        <${QuerySelect} label=${t('field.kind')} param="entityType" value=${f.entityType}
          options=${[{ value: '', label: t('activity.allKinds') }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))]} />
        <${QuerySelect} label=${t('activity.userFilter')} param="userId" value=${f.userId}
          options=${[{ value: '', label: t('activity.allUsers') }, ...(users.data ?? []).map((u) => ({ value: u.id, label: u.username }))]} />
        <${SiteSelect} value=${f.siteId} sites=${sites.data} />
        <${QuerySelect} label=${t('activity.actionFilter')} param="action" value=${f.action}
          options=${[{ value: '', label: t('activity.allActions') }, ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`activity.action.${a}`) }))]} />
        ${
          any &&
          html`<button type="button" class="btn btn-ghost"
          onClick=${() => setQuery({ entityType: null, userId: null, siteId: null, action: null, entityId: null })}>${t('activity.clearFilters')}</button>`
        }
      </div>
      ${f.entityId && html`<p class="muted">${t('activity.oneObject')}</p>`}
      <${ActivityFeed} query=${f} level=${2} empty=${any ? t('activity.noFilterMatch') : t('activity.none')} />
    </div>`;
}
