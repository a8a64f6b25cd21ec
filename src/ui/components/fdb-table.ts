// The MAC table of a switch: the MAC addresses its last discovery saw on its access ports, by port, with their
// VLAN, the IP addresses ARP tables give them and when they were seen; a page of 100 at a time.
import { html, useState } from '../html.ts';
import { switchFdb } from '../api.ts';
import type { FdbEntry } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Age } from './discover-age.ts';
import { EmptyState } from './empty-state.ts';
import { Loaded } from './loaded.ts';
import { Pager } from './pager.ts';
import '../messages-later.ts';

const PAGE = 100;

type Row = FdbEntry & { id: string };

/** The MAC table card of a switch; `refreshKey` changes when a discovery replaced it. */
export function FdbTable(p: { switchId: string; switchName: string; refreshKey?: string }) {
  const [offset, setOffset] = useState(0);
  const page = useResource((signal) => switchFdb(p.switchId, { limit: PAGE, offset }, signal), [p.switchId, offset, p.refreshKey]);
  const columns: Column<Row>[] = [
    { label: t('fdb.col.mac'), className: 'mono', render: (x) => x.mac },
    { label: t('fdb.col.vlan'), className: 'num', render: (x) => (x.vlan === null ? '—' : String(x.vlan)) },
    {
      label: t('fdb.col.port'),
      className: 'mono',
      render: (x) => html`<a href=${`/switches/${p.switchId}?port=${x.portId}`}>${x.portName}</a>`,
    },
    { label: t('fdb.col.ips'), className: 'mono', render: (x) => (x.ips.length ? x.ips.join(', ') : '—') },
    { label: t('fdb.col.seen'), render: (x) => html`<${Age} iso=${x.seenAt} />` },
  ];
  return html`<section class="card" aria-labelledby="fdb-head">
    <div class="card-head"><h2 id="fdb-head">${t('fdb.title')}</h2></div>
    <p class="hint fdb-intro">${t('fdb.intro')}</p>
    <${Loaded} resource=${page} render=${(d: { items: FdbEntry[]; total: number }) =>
      d.total === 0
        ? html`<${EmptyState} message=${t('fdb.none')} />`
        : html`<${DataTable} caption=${t('fdb.caption', { switch: p.switchName })} columns=${columns}
            rows=${d.items.map((x) => ({ ...x, id: `${x.portId}-${x.mac}-${x.vlan ?? ''}` }))} />
          <${Pager} offset=${offset} limit=${PAGE} count=${d.items.length} total=${d.total} onPage=${setOffset} />`} />
  </section>`;
}
