// The polling status page (issue 37): every switch a schedule covers, failing first, with its status, when it was polled
// last and why it failed; filtered by site and status in the query string.
import { listPolling } from '../api.ts';
import type { PolledSwitch } from '../api.ts';
import { useResource } from '../hooks.ts';
import { html } from '../html.ts';
import { t } from '../messages.ts';
import { setQuery, type Route } from '../router.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Age } from './discover-age.ts';
import { EmptyState } from './empty-state.ts';
import { Loaded } from './loaded.ts';
import { PageHeader } from './page-header.ts';
import { PollStatus } from './polling-panel.ts';

const PAGE = 200;
const STATUSES = ['failing', 'ok', 'pending', 'paused'] as const;

/** The polling status of every polled switch. */
export function PollingPage(p: { route: Route }) {
  const status = p.route.query.get('status') ?? '';
  const siteId = p.route.query.get('siteId') ?? '';
  const list = useResource(
    async (signal) =>
      (await listPolling({ status: status || undefined, siteId: siteId || undefined, limit: PAGE, offset: 0 }, signal)).items,
    [status, siteId],
  );
  const columns: Column<PolledSwitch>[] = [
    { label: t('field.name'), render: (row) => html`<a href=${`/switches/${row.switchId}`}>${row.switchName}</a>` },
    { label: t('polling.status'), render: (row) => html`<${PollStatus} status=${row.status} />` },
    {
      label: t('polling.lastPolled'),
      render: (row) => (row.lastPolledAt ? html`<${Age} iso=${row.lastPolledAt} />` : t('polling.never')),
    },
    { label: t('polling.interval'), render: (row) => t('polling.every', { count: row.intervalMinutes }) },
    { label: t('polling.source'), render: (row) => t(row.source === 'site' ? 'changeField.siteId' : 'changeField.switchId') },
    { label: t('polling.error'), render: (row) => row.lastError ?? '' },
  ];
  return html`
    <${PageHeader} title=${t('polling.title')} />
    <div class="card">
      <label class="inline-filter">${t('polling.status')}
        <select value=${status} onChange=${(e: Event) => setQuery({ status: (e.currentTarget as HTMLSelectElement).value }, { replace: true })}>
          <option value="">${t('polling.allStatuses')}</option>
          ${STATUSES.map((s) => html`<option value=${s} selected=${s === status}>${t(`polling.status.${s}`)}</option>`)}
        </select>
      </label>
      <${Loaded} resource=${list}
        render=${(rows: PolledSwitch[]) => html`<${DataTable} caption=${t('polling.title')} columns=${columns} rows=${rows} />`}
        empty=${html`<${EmptyState} message=${t('common.none')} />`} />
    </div>`;
}
