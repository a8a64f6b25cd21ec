// The activity entries that touched one port (GET /api/ports/{id}/history), in a dialog: undo is offered only of
// entries about this port, and a change to many ports shows only what it did to this one.
import { html } from '../html.ts';
import { portHistory } from '../api.ts';
import { useResource } from '../hooks.ts';
import { NameBookContext, useLoadNameBook } from '../name-book.ts';
import type { ActivityEntry, Port } from '../api-types.ts';
import { t } from '../messages.ts';
import { Modal } from './modal.ts';
import { ActivityList } from './activity-list.ts';
import { Loaded } from './loaded.ts';
import '../messages-later.ts';

/** History of `port`; `onChanged` runs after an undo made from it. */
export function PortHistory(p: { port: Port; switchName: string; onClose: () => void; onChanged: () => void }) {
  const list = useResource(() => portHistory(p.port.id), [p.port.id, p.port.version]);
  const book = useLoadNameBook();
  return html`<${Modal} title=${t('portHistory.title', { port: p.port.name, switch: p.switchName })} wide=${true} onClose=${p.onClose}>
    <${Loaded} resource=${list} empty=${html`<p class="muted">${t('portHistory.none')}</p>`} render=${(entries: ActivityEntry[]) =>
      html`<${NameBookContext.Provider} value=${book}><${ActivityList} entries=${entries} portId=${p.port.id} onChanged=${() => {
        list.reload();
        p.onChanged();
      }} /></${NameBookContext.Provider}>`} />
  </${Modal}>`;
}
