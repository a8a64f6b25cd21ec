// The addresses of a network or of a site as a table (sortable through the list's query string): each address
// with its holder and the switch port it is plugged into, linked; and the site's ports by id to name them.
import { html } from '../html.ts';
import { listSwitches, sitePorts } from '../api.ts';
import type { Address } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import type { Column } from './data-table.ts';

/** A port of the site: "switch / port" and the link to it on its switch's page. */
export type PortInfo = { label: string; href: string };

/** The switches and ports of the sites (the first 500 switches of each) by id. */
export function usePortBook(siteIds: (string | undefined)[]) {
  const sites = [...new Set(siteIds.filter((id): id is string => !!id))].sort();
  return useResource(
    async (signal) => {
      const book = new Map<string, PortInfo>();
      await Promise.all(sites.map((siteId) => addSitePorts(book, siteId, signal)));
      return book;
    },
    [sites.join()],
  );
}

async function addSitePorts(book: Map<string, PortInfo>, siteId: string, signal: AbortSignal): Promise<void> {
  const [switches, ports] = await Promise.all([listSwitches({ siteId, limit: 500 }, signal), sitePorts(siteId, signal)]);
  const names = new Map(switches.items.map((s) => [s.id, s.name]));
  for (const s of switches.items) book.set(s.id, { label: s.name, href: `/switches/${s.id}` });
  for (const p of ports)
    book.set(p.id, { label: `${names.get(p.switchId) ?? '…'} / ${p.name}`, href: `/switches/${p.switchId}?port=${p.id}` });
}

/** An address's type, status and port as words; `first` is the address column (a link or an edit button). */
export function addressColumns(first: Column<Address>, ports: Map<string, PortInfo>): Column<Address>[] {
  const port = (a: Address) => {
    // A switch's management IP is the switch's own; the others are plugged into a port.
    const id = a.portId ?? a.switchId;
    const p = id ? ports.get(id) : undefined;
    return p ? html`<a href=${p.href}>${p.label}</a>` : id ? '…' : '';
  };
  return [
    first,
    { label: t('field.hostname'), sort: 'hostname', render: (a) => a.hostname },
    { label: t('field.mac'), className: 'mono', render: (a) => a.macAddress },
    { label: t('field.deviceType'), sort: 'deviceType', render: (a) => a.deviceType && t(`deviceType.${a.deviceType}`) },
    {
      label: t('field.status'),
      sort: 'status',
      render: (a) => html`<span class=${`badge addr-${a.status}`}>${t(`addressStatus.${a.status}`)}</span>`,
    },
    { label: t('field.port'), render: port },
    { label: t('field.description'), render: (a) => a.description },
  ];
}
