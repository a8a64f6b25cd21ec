// CSV import of one kind: a template, a drop zone, upload progress, then the count or every row error.
import { html, useId, useState } from '../html.ts';
import { ApiError, csvHeader, importCsv } from '../api.ts';
import type { CsvKind } from '../api.ts';
import { useApp } from '../app-context.ts';
import { formatNumber, t } from '../messages.ts';
import { saveFile } from '../save-file.ts';
import { ProgressBar } from './progress-bar.ts';
import { ErrorDetails } from './error-details.ts';
import { DropZone } from './drop-zone.ts';
import '../messages-later.ts';

/** The kinds of record a CSV file imports (and Data management exports). */
export const KINDS: CsvKind[] = ['sites', 'vlans', 'networks', 'switches', 'ports', 'addresses', 'ranges'];

type State =
  | { step: 'idle' }
  | { step: 'uploading'; fraction: number; dry: boolean }
  | { step: 'done'; counts: { created: number; updated: number; unchanged: number }; dry: boolean }
  | { step: 'failed'; error: ApiError };

/** The CSV import form. */
export function CsvImport() {
  const app = useApp();
  const id = useId();
  const [kind, setKind] = useState<CsvKind>('switches');
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const kindName = t(`csv.kind.${kind}`);

  const template = async () => {
    try {
      saveFile(`switchyard-${kind}-template.csv`, `${await csvHeader(kind)}\r\n`, 'text/csv');
    } catch (err) {
      app.toast({ kind: 'error', message: (err as Error).message });
    }
  };
  const pick = (f: File | null | undefined) => {
    setFile(f ?? null);
    setState({ step: 'idle' });
  };
  /** Uploads the file: `dry` only checks it (the API's dryRun), importing nothing. */
  const run = async (dry: boolean) => {
    if (!file || state.step === 'uploading') return;
    setState({ step: 'uploading', fraction: 0, dry });
    try {
      const r = await importCsv(kind, file, dry, (fraction) => setState({ step: 'uploading', fraction, dry }));
      const counts = { created: r.created, updated: r.updated ?? 0, unchanged: r.unchanged ?? 0 };
      setState({ step: 'done', counts, dry });
      if (!dry) app.toast({ kind: 'success', message: t('csv.imported', { ...counts, kind: kindName }) });
    } catch (err) {
      setState({ step: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'client_error', String(err)) });
    }
  };
  return html`<form class="import" onSubmit=${(e: Event) => {
    e.preventDefault();
    void run(false);
  }}>
    <div class="list-tools">
      <div class="filter-select">
        <label for=${`${id}-kind`}>${t('field.kind')}</label>
        <select id=${`${id}-kind`} value=${kind} onChange=${(e: Event) => {
          setKind((e.currentTarget as HTMLSelectElement).value as CsvKind);
          setState({ step: 'idle' });
        }}>
          ${KINDS.map((k) => html`<option value=${k} selected=${k === kind}>${t(`csv.kind.${k}`)}</option>`)}
        </select>
      </div>
      <button type="button" class="btn" onClick=${template}>${t('csv.template', { kind: kindName })}</button>
    </div>
    <${DropZone} inputId=${`${id}-file`} prompt=${t('csv.drop')} label=${t('csv.fileLabel', { kind: kindName })} accept=".csv,text/csv"
      onFiles=${(files: FileList | undefined) => pick(files?.[0])}>
      ${file && html`<p class="file-name">${t('csv.fileName', { name: file.name, size: formatNumber(file.size) })}</p>`}
    </${DropZone}>
    <div class="form-actions">
      <button type="submit" class="btn btn-primary" disabled=${!file || state.step === 'uploading'}>
      ${state.step === 'uploading' && !state.dry ? t('csv.importing') : t('csv.import', { kind: kindName })}</button>
      <button type="button" class="btn" disabled=${!file || state.step === 'uploading'}
        onClick=${() => run(true)}>${state.step === 'uploading' && state.dry ? t('csvCheck.checking') : t('csvCheck.button')}</button>
    </div>
    ${state.step === 'uploading' && html`<${ProgressBar} fraction=${state.fraction} label=${t('csv.uploading')} />`}
    ${
      state.step === 'done' &&
      html`<div class=${`notice ${state.dry ? 'info' : 'success'}`}
      role="status"><p>${t(state.dry ? 'csvCheck.result' : 'csv.imported', { ...state.counts, kind: kindName })}</p></div>`
    }
    ${
      state.step === 'failed' &&
      html`<div class="notice error" role="alert">
      <p>${state.error.status === 400 && state.error.details.length ? t('csv.problems', { count: state.error.details.length }) : state.error.message}</p>
      ${state.error.details.length > 0 && html`<${ErrorDetails} details=${state.error.details} caption=${t('csv.rowErrors')} />`}
    </div>`
    }
  </form>`;
}
