// A network's ranges (DHCP pools, static assignments, addresses held back): the list, and add, edit and
// delete in a dialog (a range's start opens it), each with Undo; the list as CSV.
import { html, useState } from '../html.ts';
import { RANGE_KINDS } from '../../fields/choices.ts';
import { createRange, deleteRange, updateRange } from '../api.ts';
import type { Network, Range } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import type { Resource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { t } from '../messages.ts';
import { confirmedDelete, toastWithUndo } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { CsvLink } from './csv-link.ts';
import { DataTable } from './data-table.ts';
import { EmptyState } from './empty-state.ts';
import { boundFields } from './fields.ts';
import { Loaded } from './loaded.ts';
import { Modal } from './modal.ts';
import { RecordForm } from './record-form.ts';
import '../messages-later.ts';

type Values = Record<'start' | 'end' | 'kind' | 'description', string>;

function RangeForm(p: { range?: Range; onSubmit: (v: Values) => Promise<unknown>; onCancel: () => void }) {
  const r = p.range;
  const form = useForm<Values>(
    { start: r?.start ?? '', end: r?.end ?? '', kind: r?.kind ?? 'dhcp', description: r?.description ?? '' },
    p.onSubmit,
  );
  const f = boundFields(form);
  return html`<${RecordForm} form=${form} submitLabel=${r ? t('common.save') : t('ranges.add')} onCancel=${p.onCancel}>
    <div class="field-row">
      ${f.text('start', t('field.start'), { required: true, autofocus: true })}
      ${f.text('end', t('field.end'), { required: true })}
    </div>
    ${f.select(
      'kind',
      t('field.kind'),
      RANGE_KINDS.map((x) => ({ value: x, label: t(`rangeKind.${x}`) })),
    )}
    ${f.text('description', t('field.description'))}
  </${RecordForm}>`;
}

/** The ranges card of the network page; `onChanged` reloads what the ranges change (the utilisation). */
export function RangeList(p: { network: Network; ranges: Resource<Range[]>; onChanged: () => void }) {
  const app = useApp();
  const [editing, setEditing] = useState<Range | 'new' | null>(null);
  const done = (message: string, answer: object) => {
    setEditing(null);
    p.onChanged();
    toastWithUndo(app, message, answer, p.onChanged);
  };
  const name = (r: Range) => t('ranges.name', { start: r.start, end: r.end, kind: t(`rangeKind.${r.kind}`) });
  const save = async (v: Values) => {
    const body = emptyToNull(v) as Partial<Range>;
    const r = editing === 'new' || !editing ? await createRange(p.network.id, body) : await updateRange(editing.id, body, editing.version);
    done(t('ipam.saved', { name: name(r) }), r);
  };
  const remove = async (r: Range) => {
    const deleted = await confirmedDelete(app, name(r), () => deleteRange(r.id, r.version), p.onChanged);
    if (deleted) done(t('ipam.deleted', { name: name(r) }), deleted);
  };
  const columns = [
    {
      label: t('field.start'),
      className: 'mono',
      render: (r: Range) =>
        app.canEdit ? html`<button type="button" class="link-button" onClick=${() => setEditing(r)}>${r.start}</button>` : r.start,
    },
    { label: t('field.end'), className: 'mono', render: (r: Range) => r.end },
    { label: t('field.kind'), render: (r: Range) => html`<span class=${`badge range-${r.kind}`}>${t(`rangeKind.${r.kind}`)}</span>` },
    { label: t('field.description'), render: (r: Range) => r.description },
  ];
  const table = (rows: Range[]) =>
    html`<${DataTable} caption=${t('ranges.caption', { network: p.network.name })} columns=${columns} rows=${rows} />`;
  return html`<section class="card" aria-labelledby="net-ranges">
    <div class="card-head"><h2 id="net-ranges">${t('ranges.title')}</h2>
      <div class="card-actions">
        ${
          (p.ranges.data?.length ?? 0) > 0 &&
          html`<${CsvLink} small=${true} path=${`/api/networks/${p.network.id}/ranges`} query=${{ sort: 'start' }}
          name=${`${p.network.name}-ranges`} label=${t('csvExport.ranges')} />`
        }
        ${app.canEdit && html`<button type="button" class="btn btn-small" onClick=${() => setEditing('new')}>${t('ranges.add')}</button>`}
      </div></div>
    <${Loaded} resource=${p.ranges} render=${table}
      empty=${html`<${EmptyState} message=${t('ranges.none')} />`} />
    ${
      editing &&
      html`<${Modal} title=${editing === 'new' ? t('ranges.add') : name(editing)} onClose=${() => setEditing(null)}>
      <${RangeForm} range=${editing === 'new' ? undefined : editing} onSubmit=${save} onCancel=${() => setEditing(null)} />
      ${editing !== 'new' && html`<button type="button" class="btn btn-danger-outline" onClick=${() => remove(editing)}>${t('common.delete')}</button>`}
    </${Modal}>`
    }
  </section>`;
}
