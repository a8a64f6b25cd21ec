// Import a NetBox bundle (docs/NETBOX.md): pick the file, name the switch roles, see the dry run's counts, the tally of
// each NetBox list and every fix, then confirm; the import's one entry can be undone from its toast.
import { html, useId, useState } from '../html.ts';
import { ApiError, netboxImport } from '../api.ts';
import { useApp } from '../app-context.ts';
import type { NetboxImportResult } from '../api-types.ts';
import { formatNumber, t, tParts } from '../messages.ts';
import { toastWithUndo } from '../undo.ts';
import { CountsTable } from './counts-table.ts';
import { ErrorDetails } from './error-details.ts';
import { FixesTable } from './fixes-table.ts';
import { ProgressBar } from './progress-bar.ts';
import '../messages-later.ts';

type Tally = { records: number; imported: number; folded: number; listed: number };
type State =
  | { step: 'pick' }
  | { step: 'uploading'; dry: boolean; fraction: number }
  | { step: 'preview'; result: NetboxImportResult }
  | { step: 'done'; result: NetboxImportResult }
  | { step: 'failed'; error: ApiError };

const TALLY_COLUMNS = ['records', 'imported', 'folded', 'listed'] as const;

/** How the records of each NetBox list of the bundle were taken. */
function TallyTable(p: { tally: Record<string, Tally> }) {
  const caption = t('netbox.tally');
  return html`<div class="table-wrap"><table class="data counts">
    <caption>${caption}</caption>
    <thead><tr><th scope="col">${t('netbox.path')}</th>${TALLY_COLUMNS.map((c) => html`<th scope="col" class="num">${t(`netbox.${c}`)}</th>`)}</tr></thead>
    <tbody>${Object.entries(p.tally).map(
      ([path, counts]) => html`<tr><th scope="row" class="mono">${path}</th>
      ${TALLY_COLUMNS.map((c) => html`<td class="num">${formatNumber(counts[c] ?? 0)}</td>`)}</tr>`,
    )}</tbody>
  </table></div>`;
}

/** The NetBox import of the data settings (admins): POST /api/import/netbox. */
export function NetboxImport() {
  const app = useApp();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [switchRoles, setSwitchRoles] = useState('');
  const [state, setState] = useState<State>({ step: 'pick' });

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setState({ step: 'uploading', dry: dryRun, fraction: 0 });
    const progress = (fraction: number) => setState({ step: 'uploading', dry: dryRun, fraction });
    try {
      const result = await netboxImport(file, { dryRun, switchRoles: switchRoles.trim() }, progress);
      setState({ step: dryRun ? 'preview' : 'done', result });
      if (!dryRun) toastWithUndo(app, t('netbox.done'), result, () => setState({ step: 'pick' }));
    } catch (err) {
      setState({ step: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'client_error', String(err)) });
    }
  };
  const confirmRun = async () => {
    const ok = await app.confirm({
      title: t('netbox.title'),
      message: t('netbox.question', { file: file?.name ?? '' }),
      confirmLabel: t('netbox.confirm'),
    });
    if (ok) await send(false);
  };
  const sets = (r: NetboxImportResult) => [
    { label: t('import.new'), counts: r.created },
    { label: t('import.mergedColumn'), counts: r.merged },
  ];
  const busy = state.step === 'uploading';
  return html`<div class="import netbox-import">
    <div class="field">
      <label for=${`${id}-file`}>${t('netbox.file')}</label>
      <input id=${`${id}-file`} type="file" accept=".json,application/json" disabled=${busy}
        onChange=${(e: Event) => {
          setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
          setState({ step: 'pick' });
        }} />
    </div>
    <div class="field">
      <label for=${`${id}-roles`}>${t('netbox.switchRoles')}</label>
      <input id=${`${id}-roles`} type="text" value=${switchRoles} disabled=${busy} aria-describedby=${`${id}-roles-hint`}
        placeholder="core-switch,access-switch"
        onInput=${(e: Event) => setSwitchRoles((e.currentTarget as HTMLInputElement).value)} />
      <p class="hint" id=${`${id}-roles-hint`}>${t('netbox.switchRolesHint')}</p>
    </div>
    <div class="form-actions">
      <button type="button" class="btn" disabled=${!file || busy} onClick=${() => send(true)}>${t('import.check')}</button>
    </div>
    ${state.step === 'uploading' && html`<${ProgressBar} fraction=${state.fraction} label=${state.dry ? t('import.checking') : t('import.uploading')} />`}
    ${
      state.step === 'preview' &&
      html`<div class="notice info">
      <p>${tParts('netbox.valid', { file: html`<strong>${file?.name}</strong>` })}</p>
      <${CountsTable} sets=${sets(state.result)} caption=${t('import.dryRunCounts')} />
      <${TallyTable} tally=${state.result.netbox as Record<string, Tally>} />
      <${FixesTable} fixes=${state.result.fixes} />
      <div class="form-actions"><button type="button" class="btn btn-primary" onClick=${confirmRun}>${t('netbox.importButton')}</button></div>
    </div>`
    }
    ${
      state.step === 'done' &&
      html`<div class="notice success" role="status"><p>${t('netbox.doneHead')}</p>
        <${CountsTable} sets=${sets(state.result)} caption=${t('import.importedCounts')} /></div>`
    }
    ${
      state.step === 'failed' &&
      html`<div class="notice error" role="alert">
      <p>${state.error.message}</p>
      ${state.error.details.length > 0 && html`<${ErrorDetails} details=${state.error.details} caption=${t('import.problems')} />`}
    </div>`
    }
  </div>`;
}
