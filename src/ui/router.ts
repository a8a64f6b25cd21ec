// Client-side routing: the app's paths (/sites/:id, /settings/users…) mapped to route names, history.pushState
// navigation, and the query string as the home of every list's filters, sort and page.
import { useEffect, useState } from './html.ts';

/** A parsed location: which page, its path parameters and the query string. */
export type Route = { name: string; id?: string; section?: string; path: string; query: URLSearchParams };

const NAVIGATE_EVENT = 'switchyard:navigate';

const PATTERNS: [RegExp, string][] = [
  [/^\/$/, 'dashboard'],
  [/^\/sites\/?$/, 'sites'],
  [/^\/sites\/([^/]+)\/?$/, 'site'],
  [/^\/sites\/([^/]+)\/topology\/?$/, 'topology'],
  [/^\/topology\/?$/, 'topologies'],
  [/^\/switches\/?$/, 'switches'],
  [/^\/switches\/([^/]+)\/?$/, 'switch'],
  [/^\/switches\/([^/]+)\/print\/?$/, 'switch-print'],
  [/^\/vlans\/?$/, 'vlans'],
  [/^\/vlans\/([^/]+)\/?$/, 'vlan'],
  [/^\/networks\/?$/, 'networks'],
  [/^\/networks\/([^/]+)\/?$/, 'network'],
  [/^\/addresses\/?$/, 'addresses'],
  [/^\/templates\/?$/, 'templates'],
  [/^\/templates\/([^/]+)\/?$/, 'template'],
  [/^\/tools\/subnet\/?$/, 'subnet'],
  [/^\/activity\/?$/, 'activity'],
  [/^\/polling\/?$/, 'polling'],
  [/^\/migration\/?$/, 'migration'],
  [/^\/p\/([^/]+)\/?$/, 'public'],
  [/^\/settings\/?$/, 'settings'],
  [/^\/settings\/(data|users|credentials|webhooks|agents|tokens|account)\/?$/, 'settings'],
];

/** Maps a pathname and query string to a Route; unknown paths are the `not-found` route. */
function parseRoute(pathname: string, search: string): Route {
  const query = new URLSearchParams(search);
  for (const [re, name] of PATTERNS) {
    const m = re.exec(pathname);
    if (!m) continue;
    if (name === 'settings') return { name, section: m[1] ?? 'account', path: pathname, query };
    return { name, id: m[1] ? decodeURIComponent(m[1]) : undefined, path: pathname, query };
  }
  return { name: 'not-found', path: pathname, query };
}

function current(): Route {
  return parseRoute(location.pathname, location.search);
}

/** Goes to a URL of the app without reloading; `replace` rewrites the current history entry instead. */
export function navigate(url: string, opts: { replace?: boolean } = {}): void {
  const before = location.pathname;
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (location.pathname !== before) window.scrollTo(0, 0);
}

/** The current URL with some query parameters changed (null or '' removes one). */
export function withQuery(patch: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') params.delete(k);
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return location.pathname + (qs ? `?${qs}` : '');
}

/** Changes query parameters of the current page (filters, sort, page); typing should pass replace. */
export function setQuery(patch: Record<string, string | number | null | undefined>, opts: { replace?: boolean } = {}): void {
  navigate(withQuery(patch), opts);
}

/** The current route, re-rendering on navigation, back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATE_EVENT, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATE_EVENT, update);
    };
  }, []);
  return route;
}

/** Lets plain <a href="/..."> links of the app navigate in place (left click without modifier keys). */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || a.target || a.hasAttribute('download')) return;
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    e.preventDefault();
    navigate(href);
  });
}
