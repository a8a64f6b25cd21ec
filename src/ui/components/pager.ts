// Paging under a list: "1–100 of 2,000" with previous and next.
import { html } from '../html.ts';
import { rangeText } from '../format.ts';
import { t } from '../messages.ts';

/** Says which rows show and moves by one page; `onPage` gets the new offset. */
export function Pager(p: { offset: number; limit: number; count: number; total: number; onPage: (offset: number) => void }) {
  const hasPrev = p.offset > 0;
  const hasNext = p.offset + p.count < p.total;
  return html`<div class="pager">
    <span aria-live="polite">${rangeText(p.offset, p.count, p.total)}</span>
    ${
      (hasPrev || hasNext) &&
      html`<span class="pager-buttons">
      <button type="button" class="btn" disabled=${!hasPrev} onClick=${() => p.onPage(Math.max(0, p.offset - p.limit))}>${t('pager.previous')}</button>
      <button type="button" class="btn" disabled=${!hasNext} onClick=${() => p.onPage(p.offset + p.limit)}>${t('pager.next')}</button>
    </span>`
    }
  </div>`;
}
