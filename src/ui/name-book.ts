// Names for the ids that activity entries carry, so changes read as words: sites, switches, VLANs ("10 Users"),
// networks and templates at once (ports and LAGs: changes-list.ts fetches those one by one).
import { createContext, useContext } from './html.ts';
import { allTemplates, listNetworks, listSites, listSwitches, listVlans } from './api.ts';
import { useResource } from './hooks.ts';
import { t } from './messages.ts';

/** id → display name; empty until loaded. */
export type NameBook = Map<string, string>;

export const NameBookContext = createContext<NameBook>(new Map());

/** The book of the current context. */
export const useNameBook = (): NameBook => useContext(NameBookContext);

/** Loads the names of every site, switch, VLAN, network and template (first 500 of each). */
export function useLoadNameBook(): NameBook {
  const res = useResource(async (signal) => {
    const [sites, switches, vlans, networks, templates] = await Promise.all([
      listSites({ limit: 500 }, signal),
      listSwitches({ limit: 500 }, signal),
      listVlans({ limit: 500 }, signal),
      listNetworks({ limit: 500 }, signal),
      allTemplates(signal).catch(() => []),
    ]);
    const book: NameBook = new Map();
    for (const s of sites.items) book.set(s.id, s.name);
    for (const s of switches.items) book.set(s.id, s.name);
    for (const v of vlans.items) book.set(v.id, t('words.vlan', { vlan: v.vid, name: v.name }));
    for (const n of networks.items) book.set(n.id, t('names.network', { subnet: n.subnet, name: n.name }));
    for (const x of templates) book.set(x.id, x.name);
    return book;
  }, []);
  return res.data ?? new Map();
}
