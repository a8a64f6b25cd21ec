// Import from ezSWM / 0.20.x: pick the JSON files of a 0.20.x data directory (or one backup file of a newer
// ezSWM), see what each file is, run the merge as a dry run (counts, and every value fixed on the way), then
// import. A refused import lists its faults under the file each belongs to.
import { html, useId, useState } from '../html.ts';
import { ApiError, mergeImport } from '../api.ts';
import type { MergeResult } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { formatNumber, t } from '../messages.ts';
import { faultsByFile, pickedFile, readLegacyFiles, type FileRow, type ReadFiles } from '../legacy-files.ts';
import { CountsTable } from './counts-table.ts';
import { DropZone } from './drop-zone.ts';
import { ErrorDetails } from './error-details.ts';
import { FixesTable } from './fixes-table.ts';
import { ProgressBar } from './progress-bar.ts';
import '../messages-later.ts';

type State =
  | { step: 'pick' }
  | { step: 'reading' }
  | { step: 'uploading'; dry: boolean; fraction: number }
  | { step: 'preview'; result: MergeResult }
  | { step: 'done'; result: MergeResult }
  | { step: 'failed'; error: ApiError };

/** What one picked file is read as, or why it is not sent. */
function fileNote(row: FileRow) {
  switch (row.role) {
    case 'file':
      return row.oldName ? t('legacyImport.oldName', { name: `${row.kind}.json` }) : '';
    case 'backup':
      return row.schema === 'sqlite-v1'
        ? t('legacyImport.ezswmBackup', { version: row.version ?? '' })
        : t('legacyImport.document', { schema: row.schema });
    case 'left-out':
      return row.why === 'shadowed' ? t('legacyImport.shadowed', { name: row.by ?? '' }) : t('legacyImport.leftOut');
    case 'problem':
      if (row.problem === 'notUtf8') return t('legacyImport.notUtf8', { detail: row.detail ?? '' });
      return row.problem === 'notJson' ? t('legacyImport.notJson', { detail: row.detail ?? '' }) : t('legacyImport.backupAlone');
  }
}

/** The picked files: name, records, and what becomes of each. */
function FilesTable(p: { read: ReadFiles }) {
  return html`<div class="table-wrap legacy-files"><table class="data">
    <caption class="visually-hidden">${t('legacyImport.files')}</caption>
    <thead><tr><th scope="col">${t('fixes.file')}</th><th scope="col"
      class="num">${t('import.records')}</th><th scope="col">${t('legacyImport.note')}</th></tr></thead>
    <tbody>${p.read.rows.map(
      (row) => html`<tr class=${row.role === 'problem' ? 'bad' : row.role === 'left-out' ? 'muted' : ''}>
      <th scope="row" class="mono">${row.name}</th>
      <td class="num">${row.role === 'file' && row.records !== null ? formatNumber(row.records) : ''}</td>
      <td class="wrap">${fileNote(row)}</td>
    </tr>`,
    )}</tbody>
  </table></div>`;
}

/** The counts of a merge's answer (new and merged per kind) and its fixes. */
function MergeSummary(p: { result: MergeResult; caption: string }) {
  const sets = [
    { label: t('import.new'), counts: p.result.created },
    { label: t('import.mergedColumn'), counts: p.result.merged },
  ];
  return html`<${CountsTable} sets=${sets} caption=${p.caption} /><${FixesTable} fixes=${p.result.fixes ?? []} />`;
}

/** The public links a merge made for the switches it added: their new URLs, which the answer shows this once. */
function NewPublicLinks(p: { links: NonNullable<NonNullable<MergeResult['sharing']>['links']> }) {
  if (p.links.length === 0) return null;
  return html`<section class="merged-links">
    <h3>${t('legacyImport.linksTitle')}</h3>
    <p>${t('legacyImport.linksIntro')}</p>
    <div class="table-wrap"><table class="data">
      <caption class="visually-hidden">${t('legacyImport.linksCaption')}</caption>
      <thead><tr><th scope="col">${t('legacyImport.linksSwitch')}</th><th scope="col">${t('legacyImport.linksUrl')}</th></tr></thead>
      <tbody>${p.links.map((link) => html`<tr><th scope="row">${link.switchName}</th><td class="mono wrap">${link.url}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

/** A refused import: the server's message, then the faults under the file each belongs to. */
function Faults(p: { error: ApiError; read: ReadFiles | null }) {
  const backup = p.read?.rows[0]?.role === 'backup';
  const groups = backup ? [{ file: null, details: p.error.details }] : faultsByFile(p.error.details, p.read?.rows ?? []);
  const listed = groups.filter((g) => g.details.length > 0);
  return html`<div class="notice error" role="alert">
    <p>${p.error.message}</p>
    ${listed.map(
      (g) => html`${g.file !== null && html`<h3 class="fault-file">${g.file}</h3>`}
        <${ErrorDetails} details=${g.details} caption=${g.file === null ? t('import.problems') : t('legacyImport.problemsIn', { file: g.file })} />`,
    )}
  </div>`;
}

/** The section's form. */
export function LegacyImport() {
  const app = useApp();
  const id = useId();
  const [read, setRead] = useState<ReadFiles | null>(null);
  const [onConflict, setOnConflict] = useState('merge');
  const [state, setState] = useState<State>({ step: 'pick' });
  const busy = state.step === 'uploading' || state.step === 'reading';

  const pick = async (list: FileList | null | undefined) => {
    const files = [...(list ?? [])];
    setRead(null);
    if (files.length === 0) return setState({ step: 'pick' });
    setState({ step: 'reading' });
    const picked = await Promise.all(files.map(async (f) => pickedFile(f.name, new Uint8Array(await f.arrayBuffer()))));
    setRead(readLegacyFiles(picked));
    setState({ step: 'pick' });
  };
  const send = async (dryRun: boolean) => {
    if (!read?.body) return;
    setState({ step: 'uploading', dry: dryRun, fraction: 0 });
    try {
      const body = new Blob([read.body], { type: 'application/json' });
      const result = await mergeImport(body, { dryRun, onConflict }, (fraction) => setState({ step: 'uploading', dry: dryRun, fraction }));
      setState({ step: dryRun ? 'preview' : 'done', result });
      if (!dryRun) app.toast({ kind: 'success', message: t('legacyImport.imported') });
    } catch (err) {
      setState({ step: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'client_error', String(err)) });
    }
  };
  const confirmRun = async () => {
    const count = read?.rows.filter((r) => r.role === 'file' || r.role === 'backup').length ?? 0;
    const ok = await app.confirm({
      title: t('legacyImport.confirmTitle'),
      message: t('legacyImport.confirmQuestion', { count }),
      confirmLabel: t('legacyImport.confirm'),
    });
    if (ok) await send(false);
  };
  const blocked = read !== null && read.body === null;
  return html`<div class="import">
    <${DropZone} inputId=${`${id}-files`} prompt=${t('legacyImport.drop')} label=${t('legacyImport.fileLabel')} accept=".json,application/json"
      multiple=${true} disabled=${busy} onFiles=${(files: FileList | undefined) => void pick(files)} />
    ${read && html`<${FilesTable} read=${read} />`}
    ${
      blocked &&
      html`<p class="notice error" role="alert">${
        read.rows.some((r) => r.role === 'problem') ? t('legacyImport.fixFirst') : t('legacyImport.nothing')
      }</p>`
    }
    <div class="field">
      <label for=${`${id}-conflict`}>${t('import.sameNames')}</label>
      <select id=${`${id}-conflict`} value=${onConflict} onChange=${(e: Event) => setOnConflict((e.currentTarget as HTMLSelectElement).value)}>
        <option value="merge" selected=${onConflict === 'merge'}>${t('import.onConflict.merge')}</option>
        <option value="fail" selected=${onConflict === 'fail'}>${t('import.onConflict.fail')}</option>
      </select>
    </div>
    <div class="form-actions">
      <button type="button" class="btn" disabled=${!read?.body || busy} onClick=${() => send(true)}>${t('legacyImport.check')}</button>
    </div>
    ${state.step === 'uploading' && html`<${ProgressBar} fraction=${state.fraction} label=${state.dry ? t('import.checking') : t('import.uploading')} />`}
    ${
      state.step === 'preview' &&
      html`<div class="notice info">
      <p>${t('legacyImport.valid')}</p>
      <${MergeSummary} result=${state.result} caption=${t('import.dryRunCounts')} />
      <div class="form-actions"><button type="button" class="btn btn-primary" onClick=${confirmRun}>${t('legacyImport.importButton')}</button></div>
    </div>`
    }
    ${
      state.step === 'done' &&
      html`<div class="notice success" role="status"><p>${t('legacyImport.done')}</p><${MergeSummary} result=${state.result}
      caption=${t('import.importedCounts')} /><${NewPublicLinks} links=${state.result.sharing?.links ?? []} /></div>`
    }
    ${state.step === 'failed' && html`<${Faults} error=${state.error} read=${read} />`}
  </div>`;
}
