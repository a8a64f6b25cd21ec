// The activity entries that touched one port (GET /api/ports/{id}/history), in a dialog: undo is offered only of
// entries about this port, and a change to many ports shows only what it did to this one. Below them what
// discoveries observed of the port: its link and admin state changes, and the devices (MAC addresses) seen on it.
import { html } from '../html.ts';
import { portTimeline, sightings } from '../api.ts';
import { useResource } from '../hooks.ts';
import { NameBookContext, useLoadNameBook } from '../name-book.ts';
import type { ActivityEntry, ObservedStateChange as Observed, Port, PortHistory as Timeline, Sighting } from '../api-types.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../messages.ts';
import { Modal } from './modal.ts';
import { ActivityList } from './activity-list.ts';
import { DataTable, type Column } from './data-table.ts';
import { Loaded } from './loaded.ts';
import '../messages-later.ts';

type TimelineItem = Timeline['items'][number];
const isObserved = (item: TimelineItem): item is Observed => (item as { kind?: string }).kind === 'observed';

/** History of `port`; `onChanged` runs after an undo made from it. */
export function PortHistory(p: { port: Port; switchName: string; onClose: () => void; onChanged: () => void }) {
  const list = useResource(() => portTimeline(p.port.id), [p.port.id, p.port.version]);
  const book = useLoadNameBook();
  const entries = (items: TimelineItem[]) => items.filter((item): item is ActivityEntry => !isObserved(item));
  return html`<${Modal} title=${t('portHistory.title', { port: p.port.name, switch: p.switchName })} wide=${true} onClose=${p.onClose}>
    <${Loaded} resource=${list} render=${(items: TimelineItem[]) => html`
      ${
        entries(items).length === 0
          ? html`<p class="muted">${t('portHistory.none')}</p>`
          : html`<${NameBookContext.Provider} value=${book}><${ActivityList} entries=${entries(items)} portId=${p.port.id} onChanged=${() => {
              list.reload();
              p.onChanged();
            }} /></${NameBookContext.Provider}>`
      }
      <${ObservedChanges} changes=${items.filter(isObserved)} />`} />
    <${SeenDevices} port=${p.port} />
  </${Modal}>`;
}

/** The link and admin state changes discoveries observed, newest first. */
function ObservedChanges(p: { changes: Observed[] }) {
  return html`<section class="port-observed" aria-labelledby="port-observed-head">
    <h3 id="port-observed-head">${t('history.observedTitle')}</h3>
    ${
      p.changes.length === 0
        ? html`<p class="muted">${t('history.observedNone')}</p>`
        : html`<ol class="entries">${p.changes.map(
            (c) => html`<li key=${`${c.at}-${c.change}`} class=${`observed-change ${c.change}`}>
              <time datetime=${c.at}>${formatDateTime(c.at)}</time> ${t(`history.${c.change}`)}</li>`,
          )}</ol>`
    }
  </section>`;
}

type SightingRow = Sighting & { id: string };

/** The MAC addresses discoveries saw on the port, each stay from when to when, newest first. */
function SeenDevices(p: { port: Port }) {
  const seen = useResource((signal) => sightings({ portId: p.port.id, limit: 50 }, signal), [p.port.id]);
  const columns: Column<SightingRow>[] = [
    { label: t('history.col.mac'), className: 'mono', render: (x) => x.mac },
    { label: t('history.col.vlan'), className: 'num', render: (x) => (x.vlan === null ? '—' : String(x.vlan)) },
    { label: t('history.col.ip'), className: 'mono', render: (x) => x.ip ?? '—' },
    { label: t('history.col.from'), render: (x) => formatDateTime(x.firstSeen) },
    { label: t('history.col.to'), render: (x) => formatDateTime(x.lastSeen) },
  ];
  return html`<section class="port-seen" aria-labelledby="port-seen-head">
    <h3 id="port-seen-head">${t('history.macsTitle')}</h3>
    <${Loaded} resource=${seen} render=${(d: { items: Sighting[] }) =>
      d.items.length === 0
        ? html`<p class="muted">${t('history.macsNone')}</p>`
        : html`<${DataTable} caption=${t('history.macsCaption', { port: p.port.name })} columns=${columns}
            rows=${d.items.map((x) => ({ ...x, id: `${x.mac}-${x.vlan ?? ''}-${x.firstSeen}` }))} />`} />
  </section>`;
}
