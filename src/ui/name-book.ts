// Names for the ids that activity entries carry (networks, sites, switches), so changes read as words.
import { createContext, useContext } from './html.ts';
import { listNetworks, listSites, listSwitches } from './api.ts';
import { useResource } from './hooks.ts';
import { t } from './messages.ts';

/** id → display name; empty until loaded. */
export type NameBook = Map<string, string>;

export const NameBookContext = createContext<NameBook>(new Map());

/** The book of the current context. */
export const useNameBook = (): NameBook => useContext(NameBookContext);

/** Loads the names of every site, switch and network (first 500 of each). */
export function useLoadNameBook(): NameBook {
  const res = useResource(async (signal) => {
    const [sites, switches, networks] = await Promise.all([
      listSites({ limit: 500 }, signal),
      listSwitches({ limit: 500 }, signal),
      listNetworks({ limit: 500 }, signal),
    ]);
    const book: NameBook = new Map();
    for (const s of sites.items) book.set(s.id, s.name);
    for (const s of switches.items) book.set(s.id, s.name);
    for (const n of networks.items) book.set(n.id, t('names.network', { vlan: n.vlanId, name: n.name }));
    return book;
  }, []);
  return res.data ?? new Map();
}
