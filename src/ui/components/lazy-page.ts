// A page whose code is fetched when it is first shown (settings, the subnet calculator: pages a visit rarely
// needs), so that the first load downloads less. The module is loaded once; later visits render at once.
import { html, useEffect, useState } from '../html.ts';
import { ApiError } from '../api.ts';
import { ErrorState } from './error-state.ts';
import { Loading } from './loading.ts';

/** A component that loads `load`'s page the first time it renders, showing Loading meanwhile. */
export function lazyPage<P extends object>(load: () => Promise<(p: P) => unknown>) {
  let loaded: ((p: P) => unknown) | undefined;
  return function LazyPage(p: P) {
    const [Page, setPage] = useState(() => loaded);
    const [failed, setFailed] = useState<ApiError | null>(null);
    const fetchPage = () => {
      setFailed(null);
      load().then(
        (page) => {
          loaded = page;
          setPage(() => page);
        },
        (err: unknown) => setFailed(new ApiError(0, 'client_error', String(err))),
      );
    };
    useEffect(() => {
      if (!Page) fetchPage();
    }, []);
    if (failed) return html`<${ErrorState} error=${failed} onRetry=${fetchPage} />`;
    return Page ? html`<${Page} ...${p} />` : html`<${Loading} />`;
  };
}
