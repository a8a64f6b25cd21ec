// The activity log: a timeline grouped by day, filtered by kind, user, site and action (in the query string).
import { html } from '../html.ts';
import { listUsers } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { PageHeader } from './page-header.ts';
import { ActivityFeed } from './activity-feed.ts';
import { QuerySelect } from './switches-page.ts';

const KINDS = ['site', 'switch', 'network', 'port', 'user'];
const ACTIONS = ['create', 'update', 'delete', 'bulk_update', 'import', 'restore', 'migrate', 'undo'];

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
    <${PageHeader} title="Activity" />
    <div class="card">
      <div class="list-tools">
        <${QuerySelect} label="Kind" param="entityType" value=${f.entityType} options=${[{ value: '', label: 'All kinds' }, ...KINDS.map((k) => ({ value: k, label: k }))]} />
        <${QuerySelect} label="User" param="userId" value=${f.userId} options=${[{ value: '', label: 'All users' }, ...(users.data ?? []).map((u) => ({ value: u.id, label: u.username }))]} />
        <${QuerySelect} label="Site" param="siteId" value=${f.siteId} options=${[{ value: '', label: 'All sites' }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
        <${QuerySelect} label="Action" param="action" value=${f.action} options=${[{ value: '', label: 'All actions' }, ...ACTIONS.map((a) => ({ value: a, label: a.replace('_', ' ') }))]} />
        ${any && html`<button type="button" class="btn btn-ghost" onClick=${() => setQuery({ entityType: null, userId: null, siteId: null, action: null, entityId: null })}>Clear filters</button>`}
      </div>
      ${f.entityId && html`<p class="muted">Showing the entries of one object.</p>`}
      <${ActivityFeed} query=${f} level=${2} empty=${any ? 'No activity matches these filters.' : 'No changes yet. Every change to sites, switches, networks and ports will show here.'} />
    </div>`;
}
