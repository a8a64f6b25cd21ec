// Restore or merge a JSON document: pick a file, see the dry run's counts, then confirm.
import { html, useId, useState } from '../html.ts';
import { ApiError, mergeImport, restoreBackup } from '../api.ts';
import { useApp } from '../app-context.ts';
import type { Counts } from '../types.ts';
import { CountsTable } from './counts-table.ts';
import { ProgressBar } from './progress-bar.ts';
import { ErrorDetails } from './error-details.ts';

type Result = { a: Counts | undefined; b?: Counts | undefined };
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
        : await mergeImport(file, { dryRun, onConflict }, progress).then((r) => ({ a: r.created, b: r.merged }));
      setState({ step: dryRun ? 'preview' : 'done', result });
      if (!dryRun) {
        app.toast({ kind: 'success', message: restore ? 'Backup restored.' : 'Data merged.' });
        if (restore && replaceUsers) app.signOut();
      }
    } catch (err) {
      setState({ step: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'client_error', String(err)) });
    }
  };
  const confirmRun = async () => {
    const ok = await app.confirm({
      title: restore ? 'Restore this backup?' : 'Merge this data?',
      message: restore
        ? `Replace every site, network, switch, port and activity entry with the contents of ${file?.name}?${replaceUsers ? ' Users are replaced too; you will sign in again.' : ''}`
        : `Add the records of ${file?.name} to the data here?`,
      confirmLabel: restore ? 'Restore' : 'Merge',
      danger: restore,
    });
    if (ok) await send(false);
  };
  const sets = (r: Result) =>
    restore
      ? [{ label: 'Records', counts: r.a }]
      : [
          { label: 'New', counts: r.a },
          { label: 'Merged', counts: r.b },
        ];
  const busy = state.step === 'uploading';
  return html`<div class="import">
    <div class="field">
      <label for=${`${id}-file`}>${restore ? 'Backup file (db-v1 JSON)' : 'File to merge (db-v1 JSON, or a 0.20.x bundle)'}</label>
      <input id=${`${id}-file`} type="file" accept=".json,application/json" disabled=${busy}
        onChange=${(e: Event) => {
          setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
          setState({ step: 'pick' });
        }} />
    </div>
    ${
      restore
        ? html`<div class="field inline">
        <input id=${`${id}-users`} type="checkbox" checked=${replaceUsers} onChange=${(e: Event) => setReplaceUsers((e.currentTarget as HTMLInputElement).checked)} />
        <label for=${`${id}-users`}>Also replace users (the backup must hold an enabled admin with your username)</label>
      </div>`
        : html`<div class="field">
        <label for=${`${id}-conflict`}>Same names</label>
        <select id=${`${id}-conflict`} value=${onConflict} onChange=${(e: Event) => setOnConflict((e.currentTarget as HTMLSelectElement).value)}>
          <option value="merge" selected=${onConflict === 'merge'}>merge into the existing record</option>
          <option value="fail" selected=${onConflict === 'fail'}>refuse the import and list them</option>
        </select>
      </div>`
    }
    <div class="form-actions">
      <button type="button" class="btn" disabled=${!file || busy} onClick=${() => send(true)}>Check file</button>
    </div>
    ${state.step === 'uploading' && html`<${ProgressBar} fraction=${state.fraction} label=${state.dry ? 'Checking the file' : 'Uploading'} />`}
    ${
      state.step === 'preview' &&
      html`<div class="notice info">
      <p><strong>${file?.name}</strong> is valid. ${restore ? 'It would restore:' : 'It would add:'}</p>
      <${CountsTable} sets=${sets(state.result)} caption="Dry-run counts" />
      <div class="form-actions"><button type="button" class=${restore ? 'btn btn-danger' : 'btn btn-primary'} onClick=${confirmRun}>${restore ? 'Restore…' : 'Merge…'}</button></div>
    </div>`
    }
    ${state.step === 'done' && html`<div class="notice success" role="status"><p>${restore ? 'Restored:' : 'Merged:'}</p><${CountsTable} sets=${sets(state.result)} caption="Imported counts" /></div>`}
    ${
      state.step === 'failed' &&
      html`<div class="notice error" role="alert">
      <p>${state.error.message}</p>
      ${state.error.details.length > 0 && html`<${ErrorDetails} details=${state.error.details} caption="Problems in the file" />`}
    </div>`
    }
  </div>`;
}
