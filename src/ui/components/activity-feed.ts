// Loads activity entries for a filter, newest first, with "Load older" (cursor paging).
import { html, useEffect, useState } from '../html.ts';
import { listActivity } from '../api.ts';
import type { Query } from '../api.ts';
import { useResource } from '../hooks.ts';
import type { ActivityEntry } from '../api-types.ts';
import { t } from '../messages.ts';
import { ActivityList } from './activity-list.ts';
import { NameBookContext, useLoadNameBook } from '../name-book.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';

/** The timeline of the entries matching `query`; `onChanged` runs after an undo (after the feed reloads). */
export function ActivityFeed(p: { query: Query; empty?: string; onChanged?: () => void; refreshKey?: unknown; level?: 2 | 3 }) {
  const key = JSON.stringify(p.query);
  const first = useResource((signal) => listActivity({ ...p.query, limit: 50 }, signal), [key, p.refreshKey]);
  const [more, setMore] = useState<ActivityEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const book = useLoadNameBook();
  useEffect(() => {
    setMore([]);
    setCursor(first.data?.nextCursor ?? null);
  }, [first.data]);
  if (first.error) return html`<${ErrorState} error=${first.error} onRetry=${first.reload} />`;
  if (!first.data) return html`<${Loading} />`;
  const entries = [...first.data.items, ...more];
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await listActivity({ ...p.query, limit: 50, before: cursor });
      setMore((m) => [...m, ...page.items]);
      setCursor(page.nextCursor);
    } finally {
      setLoadingMore(false);
    }
  };
  const changed = () => {
    first.reload();
    p.onChanged?.();
  };
  if (entries.length === 0) return html`<p class="muted">${p.empty ?? t('activity.noMatch')}</p>`;
  return html`<${NameBookContext.Provider} value=${book}>
    <${ActivityList} entries=${entries} onChanged=${changed} level=${p.level} />
    ${
      cursor &&
      html`<div class="load-more"><button type="button" class="btn" disabled=${loadingMore}
      onClick=${loadMore}>${loadingMore ? t('common.loading') : t('activity.loadOlder')}</button></div>`
    }
  </${NameBookContext.Provider}>`;
}
