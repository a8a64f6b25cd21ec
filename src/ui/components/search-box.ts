// The global search: `/` focuses it, arrows move through the results, Enter opens the best (or chosen) one.
import { html, useEffect, useId, useRef, useState } from '../html.ts';
import { search } from '../api.ts';
import { navigate } from '../router.ts';
import type { SearchResult } from '../api-types.ts';
import { useDebouncedCallback } from '../hooks.ts';
import { t } from '../messages.ts';
import { timeAgo } from './discover-age.ts';
import { formatDateTime } from '../format.ts';

/** A hit's name and what matched; where a discovery saw the address: "02:00:5e:00:00:04", "seen on acc-1 / Gi1/0/12, 10 minutes ago". */
function hitText(r: SearchResult): { name: string; match: string } {
  if (r.match === 'seenMac' || r.match === 'seenIp')
    return { name: r.value, match: t('search.seenOn', { name: r.name, age: timeAgo(r.seenAt ?? '') }) };
  if (r.match === 'sightedMac' || r.match === 'sightedIp')
    return {
      name: r.value,
      match: t('history.seenBefore', { name: r.name, from: formatDateTime(r.seenFrom ?? ''), to: formatDateTime(r.seenAt ?? '') }),
    };
  return { name: r.name, match: r.match !== 'name' && r.value ? t('search.matched', { label: r.label, value: r.value }) : '' };
}

/** Where a search result leads. */
function resultPath(r: SearchResult): string {
  switch (r.type) {
    case 'site':
      return `/sites/${r.id}`;
    case 'switch':
      return `/switches/${r.id}`;
    case 'vlan':
      return `/vlans/${r.id}`;
    case 'network':
      return `/networks/${r.id}`;
    case 'port':
      return `/switches/${r.switchId}?port=${r.id}`;
    case 'lag':
      return `/switches/${r.switchId}?lag=${r.id}`;
    case 'template':
      return `/templates/${r.id}`;
    case 'address':
      return `/networks/${r.networkId}?q=${encodeURIComponent(r.name.split(' ')[0]!)}`;
  }
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The search combobox of the top bar. */
export function SearchBox() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ q: string; items: SearchResult[] } | null>(null);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const ctl = useRef<AbortController | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const run = async (text: string): Promise<SearchResult[]> => {
    ctl.current?.abort();
    if (!text.trim()) {
      setResults(null);
      return [];
    }
    const c = new AbortController();
    ctl.current = c;
    try {
      const items = await search(text.trim(), c.signal);
      if (!c.signal.aborted) {
        setResults({ q: text, items });
        setActive(0);
        setOpen(true);
      }
      return items;
    } catch {
      return [];
    }
  };
  const debounced = useDebouncedCallback((t: string) => void run(t), 200);

  const go = (r: SearchResult | undefined) => {
    if (!r) return;
    setOpen(false);
    setQ('');
    setResults(null);
    input.current?.blur();
    navigate(resultPath(r));
  };

  const onKeyDown = async (e: KeyboardEvent) => {
    const items = results?.items ?? [];
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (items.length ? (a + 1) % items.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (items.length ? (a - 1 + items.length) % items.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (results && results.q === q && items.length) go(items[active] ?? items[0]);
      else go((await run(q))[0]);
    } else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else {
        setQ('');
        setResults(null);
      }
    }
  };

  const listId = `${id}-list`;
  const items = results?.items ?? [];
  const expanded = open && results !== null;
  return html`<div class="search" role="search">
    <label for=${id} class="visually-hidden">${t('search.label')}</label>
    <input ref=${input} id=${id} type="search" class="search-input" placeholder=${t('search.placeholder')} value=${q} autocomplete="off"
      role="combobox" aria-autocomplete="list" aria-expanded=${expanded ? 'true' : 'false'} aria-controls=${listId}
      aria-activedescendant=${expanded && items.length ? `${id}-opt-${active}` : undefined}
      onInput=${(e: Event) => {
        const v = (e.currentTarget as HTMLInputElement).value;
        setQ(v);
        debounced(v);
      }}
      onKeyDown=${onKeyDown} onFocus=${() => results && setOpen(true)} onBlur=${() => setTimeout(() => setOpen(false), 150)} />
    <ul id=${listId} role="listbox" class=${`search-results${expanded ? ' open' : ''}`} aria-label=${t('search.results')}>
      ${expanded && items.length === 0 && html`<li class="search-empty" role="presentation">${t('search.nothing', { q: results?.q })}</li>`}
      ${
        expanded &&
        items.map((r, i) => {
          const text = hitText(r);
          return html`<li id=${`${id}-opt-${i}`} role="option" aria-selected=${i === active ? 'true' : 'false'}
          class=${i === active ? 'active' : undefined} onMouseDown=${(e: Event) => {
            e.preventDefault();
            go(r);
          }} onMouseEnter=${() => setActive(i)}>
          <span class="result-type">${t(`kind.${r.type}`)}</span><span class="result-name">${text.name}</span>
          ${text.match && html`<span class="result-match">${text.match}</span>`}
        </li>`;
        })
      }
    </ul>
  </div>`;
}
