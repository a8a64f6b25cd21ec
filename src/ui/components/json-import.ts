// Restore or merge a JSON document: pick a file, see the dry run's counts, then confirm.
import { html, useId, useState } from '../html.ts';
import { ApiError, mergeImport, restoreBackup } from '../api.ts';
import { useApp } from '../app-context.ts';
import type { Counts } from '../api-types.ts';
import { t, tParts } from '../messages.ts';
import { CountsTable } from './counts-table.ts';
import { ProgressBar } from './progress-bar.ts';
import { ErrorDetails } from './error-details.ts';
import { FixesTable, type Fix } from './fixes-table.ts';
import '../messages-later.ts';

type Result = { a: Counts; b?: Counts; fixes?: Fix[] };
type State =
  | { step: 'pick' }
  | { step: 'uploading'; dry: boolean; fraction: number }
  | { step: 'preview'; result: Result }
  | { step: 'done'; result: Result }
  | { step: 'failed'; error: ApiError };

/** `mode` restore: POST /api/backup/import; merge: POST /api/data/import. */
export function JsonImport(p: { mode: 'restore' | 'merge' }) {
  const app = useApp();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [replaceUsers, setReplaceUsers] = useState(false);
  const [onConflict, setOnConflict] = useState('merge');
  const [state, setState] = useState<State>({ step: 'pick' });
  const restore = p.mode === 'restore';

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setState({ step: 'uploading', dry: dryRun, fraction: 0 });
    const progress = (fraction: number) => setState({ step: 'uploading', dry: dryRun, fraction });
    try {
      const result: Result = restore
        ? { a: (await restoreBackup(file, { dryRun, users: replaceUsers ? 'replace' : undefined }, progress)).restored }
        : await mergeImport(file, { dryRun, onConflict }, progress).then((r) => ({ a: r.created, b: r.merged, fixes: r.fixes ?? [] }));
      setState({ step: dryRun ? 'preview' : 'done', result });
      if (!dryRun) {
        app.toast({ kind: 'success', message: restore ? t('import.restored') : t('import.merged') });
        if (restore && replaceUsers) app.signOut();
      }
    } catch (err) {
      setState({ step: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'client_error', String(err)) });
    }
  };
  const confirmRun = async () => {
    const name = file?.name ?? '';
    const ok = await app.confirm({
      title: restore ? t('import.restoreTitle') : t('import.mergeTitle'),
      message: restore
        ? replaceUsers
          ? t('import.restoreQuestionUsers', { file: name })
          : t('import.restoreQuestion', { file: name })
        : t('import.mergeQuestion', { file: name }),
      confirmLabel: restore ? t('import.restoreConfirm') : t('import.mergeConfirm'),
      danger: restore,
    });
    if (ok) await send(false);
  };
  const sets = (r: Result) =>
    restore
      ? [{ label: t('import.records'), counts: r.a }]
      : [
          { label: t('import.new'), counts: r.a },
          { label: t('import.mergedColumn'), counts: r.b ?? {} },
        ];
  const busy = state.step === 'uploading';
  return html`<div class="import">
    <div class="field">
      <label for=${`${id}-file`}>${restore ? t('import.restoreFile') : t('import.mergeFile')}</label>
      <input id=${`${id}-file`} type="file" accept=".json,application/json" disabled=${busy}
        onChange=${(e: Event) => {
          setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
          setState({ step: 'pick' });
        }} />
    </div>
    ${
      restore
        ? html`<div class="field inline">
        <input id=${`${id}-users`} type="checkbox" checked=${replaceUsers}
          onChange=${(e: Event) => setReplaceUsers((e.currentTarget as HTMLInputElement).checked)} />
        <label for=${`${id}-users`}>${t('import.replaceUsers')}</label>
      </div>`
        : html`<div class="field">
        <label for=${`${id}-conflict`}>${t('import.sameNames')}</label>
        <select id=${`${id}-conflict`} value=${onConflict} onChange=${(e: Event) => setOnConflict((e.currentTarget as HTMLSelectElement).value)}>
          <option value="merge" selected=${onConflict === 'merge'}>${t('import.onConflict.merge')}</option>
          <option value="fail" selected=${onConflict === 'fail'}>${t('import.onConflict.fail')}</option>
        </select>
      </div>`
    }
    <div class="form-actions">
      <button type="button" class="btn" disabled=${!file || busy} onClick=${() => send(true)}>${t('import.check')}</button>
    </div>
    ${state.step === 'uploading' && html`<${ProgressBar} fraction=${state.fraction} label=${state.dry ? t('import.checking') : t('import.uploading')} />`}
    ${
      state.step === 'preview' &&
      html`<div class="notice info">
      <p>${tParts(restore ? 'import.validRestore' : 'import.validMerge', { file: html`<strong>${file?.name}</strong>` })}</p>
      <${CountsTable} sets=${sets(state.result)} caption=${t('import.dryRunCounts')} />
      ${state.result.fixes && html`<${FixesTable} fixes=${state.result.fixes} />`}
      <div class="form-actions"><button type="button" class=${restore ? 'btn btn-danger' : 'btn btn-primary'}
        onClick=${confirmRun}>${restore ? t('import.restoreButton') : t('import.mergeButton')}</button></div>
    </div>`
    }
    ${
      state.step === 'done' &&
      html`<div class="notice success"
      role="status"><p>${restore ? t('import.restoredHead') : t('import.mergedHead')}</p><${CountsTable} sets=${sets(state.result)}
        caption=${t('import.importedCounts')} /></div>`
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
