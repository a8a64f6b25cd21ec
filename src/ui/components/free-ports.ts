// The free-ports report of a switch or of a site (GET …/free-ports): the ports discoveries saw without link for the
// days asked (or never up), with when each was last up and last used, and its CSV download.
import { html, useState } from '../html.ts';
import { freePorts } from '../api.ts';
import type { FreePort, FreePorts } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../messages.ts';
import { CsvLink } from './csv-link.ts';
import { DataTable, type Column } from './data-table.ts';
import { EmptyState } from './empty-state.ts';
import { TextField } from './fields.ts';
import { Loaded } from './loaded.ts';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 3650;

type Row = FreePort & { id: string };

/** The report card; `owner` is the switch's or site's API path (`/api/switches/<id>`), `bySwitch` adds the switch column. */
export function FreePortsCard(p: { owner: string; name: string; bySwitch?: boolean; fileName: string }) {
  const [daysText, setDaysText] = useState(String(DEFAULT_DAYS));
  const parsed = Number(daysText);
  const days = /^\d+$/.test(daysText) && parsed <= MAX_DAYS ? parsed : DEFAULT_DAYS;
  const report = useResource((signal) => freePorts(p.owner, days, signal), [p.owner, days]);
  const portLink = (x: FreePort) => html`<a href=${`/switches/${x.switchId}?port=${x.portId}`}>${x.portName}</a>`;
  const columns: Column<Row>[] = [
    ...(p.bySwitch
      ? [{ label: t('history.col.switch'), render: (x: Row) => html`<a href=${`/switches/${x.switchId}`}>${x.switchName}</a>` }]
      : []),
    { label: t('history.col.port'), render: portLink },
    { label: t('history.col.description'), render: (x) => x.description ?? '' },
    { label: t('history.col.lastUp'), render: (x) => (x.lastUpAt ? formatDateTime(x.lastUpAt) : t('history.never')) },
    { label: t('history.col.lastUsed'), render: (x) => (x.lastUsedAt ? formatDateTime(x.lastUsedAt) : t('history.notSeen')) },
    { label: t('history.col.admin'), render: (x) => (x.adminUp ? t('history.yes') : t('history.no')) },
  ];
  return html`<section class="card" aria-labelledby="free-ports-head">
    <div class="card-head"><h2 id="free-ports-head">${t('history.freeTitle')}</h2>
      <${CsvLink} path=${`${p.owner}/free-ports`} query=${{ unusedDays: days }} name=${p.fileName} small=${true} /></div>
    <p class="hint">${t('history.freeIntro')}</p>
    <div class="free-ports-days"><${TextField} label=${t('history.unusedDays')} name="unusedDays" type="number" inputMode="numeric"
      min=${0} max=${MAX_DAYS} value=${daysText} onInput=${setDaysText} /></div>
    <${Loaded} resource=${report} render=${(d: FreePorts) =>
      d.total === 0
        ? html`<${EmptyState} message=${t('history.freeNone', { count: d.unusedDays })} />`
        : html`<p class="muted">${t('history.freeCount', { count: d.total })}</p>
          <${DataTable} caption=${t('history.freeCaption', { name: p.name })} columns=${columns}
            rows=${d.items.map((x) => ({ ...x, id: x.portId }))} />`} />
  </section>`;
}
