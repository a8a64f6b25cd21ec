// Shared hooks: loading a resource with reload, showing a spinner only after a delay, debouncing, a modal dialog.
import { useCallback, useEffect, useId, useRef, useState } from './html.ts';
import { ApiError } from './api.ts';

/** The state of a resource being loaded: the last data (kept while reloading), error, and a reload(). */
export type Resource<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  setData: (d: T) => void;
  /** Replaces the data with what `change` makes of the data as it is then (nothing while none is loaded). */
  update: (change: (d: T) => T) => void;
};

/** Loads data with `load` whenever `deps` change; keeps the previous data while a reload runs. */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    load(ctl.signal).then(
      (d) => {
        if (ctl.signal.aborted) return;
        setData(d);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setError(err instanceof ApiError ? err : new ApiError(0, 'client_error', String((err as Error)?.message ?? err)));
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const update = useCallback((change: (d: T) => T) => setData((d) => (d === undefined ? d : change(d))), []);
  return { data, error, loading, reload, setData, update };
}

/** True once `flag` has stayed true for `ms` milliseconds (so quick loads never flash a spinner). */
export function useDelayed(flag: boolean, ms = 200): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(t);
  }, [flag, ms]);
  return shown;
}

/** Calls `fn` `ms` after the last call of the returned function. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}

/** A native <dialog> shown as a modal. */
export type ModalDialog = {
  ref: { current: HTMLDialogElement | null };
  /** The id of the dialog's heading, for aria-labelledby. */
  titleId: string;
  /** Closes the dialog (its `onClose` runs). */
  close: () => void;
  /** For the dialog's onClick: a click on the backdrop closes it. */
  onBackdropClick: (e: MouseEvent) => void;
};

const FIELDS = 'input:not([type=hidden]), select, textarea';
/** Buttons a dialog may focus first: never its close button (data-close) nor a destructive action. */
const SAFE_BUTTONS = 'button:not([data-close]):not(.btn-danger):not(.btn-danger-outline)';

/** The first enabled, visible element of `d` matching `selector`. */
function firstOf(d: HTMLElement, selector: string): HTMLElement | undefined {
  return [...d.querySelectorAll<HTMLElement>(selector)].find((el) => !(el as HTMLInputElement).disabled && el.getClientRects().length > 0);
}

/**
 * Focuses what a dialog starts on: the element matching `focus` if given, else one marked autofocus, else its first
 * field, else its first button that neither closes nor destroys. When its fields come later (a form that loads),
 * the first of them takes focus when it appears, unless the user has moved on.
 */
function focusFirst(d: HTMLDialogElement, focus?: string): () => void {
  const field = () => (focus && firstOf(d, focus)) || firstOf(d, '[autofocus]') || firstOf(d, FIELDS);
  const now = field();
  if (now) {
    now.focus();
    return () => {};
  }
  const fallback = firstOf(d, SAFE_BUTTONS);
  fallback?.focus();
  const watcher = new MutationObserver(() => {
    const later = field();
    if (!later) return;
    const active = document.activeElement;
    if (active === fallback || active === d || active === document.body || active?.hasAttribute('data-close')) later.focus();
    watcher.disconnect();
  });
  watcher.observe(d, { childList: true, subtree: true });
  const stop = setTimeout(() => watcher.disconnect(), 3000);
  return () => {
    clearTimeout(stop);
    watcher.disconnect();
  };
}

/** Enter on a select, checkbox or radio of a dialog's form submits it, as Enter in a text field does. */
function enterSubmits(e: KeyboardEvent): void {
  const el = e.target as HTMLInputElement | HTMLSelectElement | null;
  if (e.key !== 'Enter' || e.defaultPrevented || !el?.form || e.isComposing) return;
  const choice = el.tagName === 'SELECT' || (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes((el as HTMLInputElement).type));
  if (!choice) return;
  e.preventDefault();
  el.form.requestSubmit();
}

/**
 * Opens the dialog at once when rendered and focuses its first field (or the element matching `focus`; never the
 * close button or a destructive action); focus stays inside, Enter submits its form, `onClose` runs when it closes
 * (Escape, close()), and focus returns to the opener when it goes.
 */
export function useModalDialog(onClose: () => void, focus?: string): ModalDialog {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    const stopFocus = focusFirst(d, focus);
    const close = () => latest.current();
    d.addEventListener('close', close);
    d.addEventListener('keydown', enterSubmits);
    return () => {
      stopFocus();
      d.removeEventListener('close', close);
      d.removeEventListener('keydown', enterSubmits);
      const focusWasInside = d.contains(document.activeElement) || document.activeElement === document.body;
      if (d.open) d.close();
      // Focus goes back to the opener, unless the user has already put it somewhere else since the dialog closed.
      if (focusWasInside) opener?.focus?.();
    };
  }, []);
  const close = () => ref.current?.close();
  return {
    ref,
    titleId,
    close,
    onBackdropClick: (e) => {
      if (e.target === ref.current) close();
    },
  };
}
