// Paging under a list: "1–100 of 2,000" (of "more than 10,000" when a search was counted only that far) with
// previous and next.
import { html } from '../html.ts';
import { rangeText } from '../format.ts';
import { t } from '../messages.ts';

interface PagerProps {
  offset: number;
  limit: number;
  count: number;
  total: number;
  /** False when the total is a lower bound (a q counted only to 10,000): then a full page may have a next one. */
  totalExact?: boolean;
  onPage: (offset: number) => void;
}

/** Says which rows show and moves by one page; `onPage` gets the new offset. */
export function Pager(p: PagerProps) {
  const exact = p.totalExact ?? true;
  const hasPrev = p.offset > 0;
  const hasNext = exact ? p.offset + p.count < p.total : p.count === p.limit;
  return html`<div class="pager">
    <span aria-live="polite">${rangeText(p.offset, p.count, p.total, exact)}</span>
    ${
      (hasPrev || hasNext) &&
      html`<span class="pager-buttons">
      <button type="button" class="btn" disabled=${!hasPrev} onClick=${() => p.onPage(Math.max(0, p.offset - p.limit))}>${t('pager.previous')}</button>
      <button type="button" class="btn" disabled=${!hasNext} onClick=${() => p.onPage(p.offset + p.limit)}>${t('pager.next')}</button>
    </span>`
    }
  </div>`;
}
