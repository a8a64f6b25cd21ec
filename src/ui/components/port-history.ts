// The activity entries that touched one port (GET /api/ports/{id}/history), in a dialog.
import { html } from '../html.ts';
import { portHistory } from '../api.ts';
import { useResource } from '../hooks.ts';
import { NameBookContext, useLoadNameBook } from '../name-book.ts';
import type { Port } from '../api-types.ts';
import { t } from '../messages.ts';
import { Modal } from './modal.ts';
import { ActivityList } from './activity-list.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';

/** History of `port`; `onChanged` runs after an undo made from it. */
export function PortHistory(p: { port: Port; switchName: string; onClose: () => void; onChanged: () => void }) {
  const list = useResource(() => portHistory(p.port.id), [p.port.id, p.port.version]);
  const book = useLoadNameBook();
  return html`<${Modal} title=${t('portHistory.title', { port: p.port.name, switch: p.switchName })} wide=${true} onClose=${p.onClose}>
    ${
      list.error
        ? html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`
        : !list.data
          ? html`<${Loading} />`
          : list.data.length === 0
            ? html`<p class="muted">${t('portHistory.none')}</p>`
            : html`<${NameBookContext.Provider} value=${book}><${ActivityList} entries=${list.data} onChanged=${() => {
                list.reload();
                p.onChanged();
              }} /></${NameBookContext.Provider}>`
    }
  </${Modal}>`;
}
