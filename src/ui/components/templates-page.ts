// Every layout template: name, vendor, model, ports and how many switches are made from it; "New template", and
// imports of a NetBox device type (its YAML file, showing the interfaces that made no port and why) and of a
// template's JSON (as Export JSON writes it).
import { decodeUtf8, notUtf8Problem } from '../../lib/text-bytes.ts';
import { html, useRef, useState } from '../html.ts';
import { ApiError, createTemplate, importNetboxTemplate, listTemplates } from '../api.ts';
import type { FieldError } from '../api.ts';
import type { Template, TemplateImport } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import type { Column } from './data-table.ts';
import { ListBody, listQuery } from './inventory-list.ts';
import { PageHeader } from './page-header.ts';
import { EmptyState } from './empty-state.ts';
import { ErrorDetails } from './error-details.ts';
import '../messages-later.ts';

type Outcome =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'imported'; answer: TemplateImport }
  | { step: 'failed'; message: string; details: FieldError[] };

/** A button that opens the file picker of a hidden file input, and hands the file picked to `onFile`. */
function FilePick(p: { label: string; inputLabel: string; name: string; accept: string; disabled: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return html`<button type="button" class="btn" disabled=${p.disabled} onClick=${() => input.current?.click()}>${p.label}</button>
    <input ref=${input} type="file" name=${p.name} accept=${p.accept} aria-label=${p.inputLabel} hidden
      onChange=${(e: Event) => {
        const el = e.currentTarget as HTMLInputElement;
        const file = el.files?.[0];
        el.value = '';
        if (file) p.onFile(file);
      }} />`;
}

/** The templates list. */
export function TemplatesPage(p: { route: Route }) {
  const app = useApp();
  const query = listQuery(p.route, 'name');
  const list = useResource((signal) => listTemplates(query, signal), Object.values(query));
  const [outcome, setOutcome] = useState<Outcome>({ step: 'idle' });
  const failed = (err: unknown, wrap: (message: string) => string) =>
    setOutcome({
      step: 'failed',
      message: wrap(err instanceof Error ? err.message : String(err)),
      details: err instanceof ApiError ? err.details : [],
    });

  const importNetbox = async (file: File) => {
    setOutcome({ step: 'busy' });
    try {
      const answer = await importNetboxTemplate(file, () => undefined);
      setOutcome({ step: 'imported', answer });
      list.reload();
      const { skipped: _skipped, ...template } = answer;
      toastWithUndo(app, t('template.created', { name: template.name }), answer, list.reload);
    } catch (err) {
      failed(err, (message) => t('template.importFailed', { message }));
    }
  };
  const importJson = async (file: File) => {
    setOutcome({ step: 'busy' });
    let body: unknown;
    try {
      body = await jsonOfFile(file);
    } catch (err) {
      return failed(err, (message) => t('template.notJson', { message }));
    }
    try {
      const created = await createTemplate(body as Partial<Template>);
      navigate(`/templates/${created.id}`);
      toastWithUndo(app, t('template.created', { name: created.name }), created);
    } catch (err) {
      failed(err, (message) => t('template.importFailed', { message }));
    }
  };

  const columns: Column<Template>[] = [
    { label: t('field.name'), sort: 'name', render: (x) => html`<a href=${`/templates/${x.id}`}>${x.name}</a>` },
    { label: t('switch.vendor'), sort: 'vendor', render: (x) => x.vendor ?? '' },
    { label: t('field.model'), sort: 'model', render: (x) => x.model ?? '' },
    { label: t('field.ports'), className: 'num', render: (x) => formatNumber(x.portCount) },
    { label: t('switches.title'), sort: 'switchCount', className: 'num', render: (x) => formatNumber(x.switchCount) },
  ];
  const busy = outcome.step === 'busy';
  const filtered = !!query.q;
  return html`
    <${PageHeader} title=${t('template.listTitle')}>
      ${
        app.canEdit &&
        html`
        <${FilePick} label=${t('template.importNetbox')} inputLabel=${t('template.netboxFile')} name="netbox"
          accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
          disabled=${busy} onFile=${importNetbox} />
        <${FilePick} label=${t('template.importJson')} inputLabel=${t('template.jsonFile')} name="template-json" accept=".json,application/json"
          disabled=${busy} onFile=${importJson} />
        <a class="btn btn-primary" href="/templates/new">${t('template.new')}</a>`
      }
    </${PageHeader}>
    ${busy && html`<p class="muted" role="status">${t('template.importing')}</p>`}
    ${outcome.step === 'imported' && html`<${Imported} answer=${outcome.answer} onClose=${() => setOutcome({ step: 'idle' })} />`}
    ${
      outcome.step === 'failed' &&
      html`<div class="notice error" role="alert">
      <p>${outcome.message}</p>
      ${outcome.details.length > 0 && html`<${ErrorDetails} details=${outcome.details} caption=${t('import.problems')} />`}
    </div>`
    }
    <div class="card">
      <${ListBody} caption=${t('template.listTitle')} filterLabel=${t('template.filter')} query=${query} list=${list} columns=${columns}
        empty=${html`<${EmptyState} message=${filtered ? t('template.noMatch') : t('template.none')}>
          ${app.canEdit && !filtered && html`<a class="btn" href="/templates/new">${t('template.new')}</a>`}
        </${EmptyState}>`} />
    </div>`;
}

/** What a NetBox import made: the template, and each interface of the file that made no port, with why. */
function Imported(p: { answer: TemplateImport; onClose: () => void }) {
  const { skipped, ...template } = p.answer;
  return html`<div class="notice success import-outcome" role="status">
    <p>${t('template.imported', { name: template.name, count: template.portCount })}${' '}
      <a href=${`/templates/${template.id}`}>${t('template.open', { name: template.name })}</a></p>
    ${
      skipped.length === 0
        ? html`<p>${t('template.noneSkipped')}</p>`
        : html`<p>${t('template.skippedHead', { count: skipped.length })}</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label=${t('template.skippedCaption')}>
          <table class="data skipped">
            <caption class="visually-hidden">${t('template.skippedCaption')}</caption>
            <thead><tr><th scope="col">${t('template.col.interface')}</th><th scope="col">${t('template.col.type')}</th>
            <th scope="col">${t('template.col.reason')}</th></tr></thead>
            <tbody>${skipped.map((s) => html`<tr><td class="mono">${s.name}</td><td class="mono">${s.type}</td><td class="wrap">${s.reason}</td></tr>`)}</tbody>
          </table>
        </div>`
    }
    <button type="button" class="btn btn-small" onClick=${p.onClose}>${t('common.close')}</button>
  </div>`;
}

/** A JSON file's content: its bytes decoded as UTF-8 strictly (a byte that is not UTF-8 is named), then parsed. */
async function jsonOfFile(file: File): Promise<unknown> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new Error(notUtf8Problem(bytes));
  return JSON.parse(text);
}
