// What an editor does with a drift finding (docs/DISCOVERY.md, "Drift"): adopt what the switch reported into the
// documentation (the apply of the finding's discovery), or acknowledge the difference with a note, until a date or
// until the difference changes. Either way the findings are read again. A finding without a proposal key (a documented
// port the switch does not report: no discovery removes a port) can only be acknowledged.
import { acknowledgeDrift, adoptDrift } from '../api.ts';
import type { Finding } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { html, useId, useState } from '../html.ts';
import { t } from '../messages.ts';
import { failureText } from '../undo.ts';

/** The Adopt and Acknowledge of a drift finding; `onDone` reloads the findings. */
export function DriftActions(p: { finding: Finding; onDone: () => void }) {
  const app = useApp();
  const [busy, setBusy] = useState(false);
  const [acknowledging, setAcknowledging] = useState(false);
  const params = p.finding.params as Record<string, string>;
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      app.toast({ kind: 'success', message: done });
      p.onDone();
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    } finally {
      setBusy(false);
    }
  };
  const adopt = () => run(() => adoptDrift(params.discoveryId!, params.key!), t('drift.adopted', { switch: params.switch ?? '' }));
  const acknowledge = (note: string, until: string) =>
    run(() => acknowledgeDrift({ key: params.findingKey!, note, ...(until ? { until } : {}) }), t('drift.acknowledged'));
  return html`<div class="drift-actions">
    ${
      params.key &&
      html`<button type="button" class="btn btn-small" disabled=${busy} title=${t('drift.adoptHelp')} onClick=${adopt}>
        ${t('drift.adopt')}
      </button>`
    }
    <button type="button" class="btn btn-small" disabled=${busy} aria-expanded=${acknowledging} onClick=${() => setAcknowledging(!acknowledging)}>
      ${t('drift.acknowledge')}
    </button>
    ${acknowledging && html`<${AcknowledgeForm} busy=${busy} onSubmit=${acknowledge} onCancel=${() => setAcknowledging(false)} />`}
  </div>`;
}

function AcknowledgeForm(p: { busy: boolean; onSubmit: (note: string, until: string) => void; onCancel: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    if (note.trim()) p.onSubmit(note.trim(), until);
  };
  return html`<form class="drift-acknowledge" onSubmit=${submit}>
    <div class="field">
      <label for=${`${id}-note`}>${t('drift.note')}</label>
      <input id=${`${id}-note`} required maxlength="1000" placeholder=${t('drift.notePlaceholder')} value=${note}
        onInput=${(e: Event) => setNote((e.target as HTMLInputElement).value)} />
    </div>
    <div class="field">
      <label for=${`${id}-until`}>${t('drift.until')}</label>
      <input id=${`${id}-until`} type="date" value=${until} onInput=${(e: Event) => setUntil((e.target as HTMLInputElement).value)} />
      <p class="hint">${t('drift.untilHelp')}</p>
    </div>
    <div class="drift-acknowledge-buttons">
      <button type="submit" class="btn btn-small btn-primary" disabled=${p.busy}>${t('drift.save')}</button>
      <button type="button" class="btn btn-small" onClick=${p.onCancel}>${t('drift.cancel')}</button>
    </div>
  </form>`;
}
