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
  return { data, error, loading, reload, setData };
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

/**
 * Opens the dialog at once when rendered, focusing the first element matching `focus` if given; focus stays inside,
 * `onClose` runs when it closes (Escape, close()), and focus returns to the opener when it goes.
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
    if (focus) d.querySelector<HTMLElement>(focus)?.focus();
    const close = () => latest.current();
    d.addEventListener('close', close);
    return () => {
      d.removeEventListener('close', close);
      if (d.open) d.close();
      opener?.focus?.();
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
