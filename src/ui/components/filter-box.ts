// The filter box of a list: typing updates `q` in the query string (replacing the history entry).
import { html, useEffect, useId, useState } from '../html.ts';
import { useDebouncedCallback } from '../hooks.ts';
import { t } from '../messages.ts';

/** A search input bound to a query-string value, debounced. */
export function FilterBox(p: { value: string; onChange: (q: string) => void; label: string }) {
  const id = useId();
  const [text, setText] = useState(p.value);
  useEffect(() => setText(p.value), [p.value]);
  const push = useDebouncedCallback((v: string) => p.onChange(v), 250);
  return html`<div class="filter-box">
    <label for=${id}>${p.label}</label>
    <input id=${id} type="search" value=${text} placeholder=${t('common.filterPlaceholder')}
      onInput=${(e: Event) => {
        const v = (e.currentTarget as HTMLInputElement).value;
        setText(v);
        push(v);
      }} />
  </div>`;
}
