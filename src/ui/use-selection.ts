// The port selection shared by the front panel and the port table: click toggles, shift-click adds a range.
import { useCallback, useRef, useState } from './html.ts';

export type Selection = {
  selected: Set<string>;
  /** Toggles one id; with `range`, selects every id from the last toggled one to this one. */
  toggle: (id: string, range: boolean) => void;
  setAll: (on: boolean) => void;
  set: (ids: string[]) => void;
};

/** Selection over `order` (the ids in display order). */
export function useSelection(order: string[]): Selection {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const orderRef = useRef(order);
  orderRef.current = order;
  const toggle = useCallback((id: string, range: boolean) => {
    const ids = orderRef.current;
    setSelected((cur) => {
      const next = new Set(cur);
      const a = anchor.current ? ids.indexOf(anchor.current) : -1;
      const b = ids.indexOf(id);
      if (range && a >= 0 && b >= 0) {
        const [from, to] = a < b ? [a, b] : [b, a];
        for (let i = from; i <= to; i++) next.add(ids[i]!);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    anchor.current = id;
  }, []);
  const setAll = useCallback((on: boolean) => {
    setSelected(on ? new Set(orderRef.current) : new Set());
    anchor.current = null;
  }, []);
  const set = useCallback((ids: string[]) => setSelected(new Set(ids)), []);
  return { selected, toggle, setAll, set };
}
