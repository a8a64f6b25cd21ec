// One layout template (/templates/<id>, or /templates/new): its name, vendor, model and description, its units as
// blocks of ports with a live preview of the front panel they make (checked as the server checks them, by
// src/lib/port-layout.ts), the API's faults at their fields; duplicate, export as JSON and delete. A template that
// switches are made from keeps its units (409 template_in_use): they are shown read-only, with why.
import { html, useMemo, useRef, useState } from '../html.ts';
import { ApiError, createTemplate, deleteTemplate, getTemplate, updateTemplate } from '../api.ts';
import type { Template } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { navigate } from '../router.ts';
import { saveFile } from '../save-file.ts';
import type { Route } from '../router.ts';
import { confirmedDelete, failureText, toastWithUndo } from '../undo.ts';
import { BLOCK_ORDERS, POE_TYPES, PORT_TYPES, STACK_MAX } from '../../fields/choices.ts';
import { LAYOUT_LIMITS, checkTemplateUnits, stackProblem } from '../../lib/port-layout.ts';
import type { TemplateUnits } from '../../lib/port-layout.ts';
import { PageHeader } from './page-header.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { SelectField, TextArea, TextField } from './fields.ts';
import { TemplatePreview } from './template-preview.ts';
import '../messages-later.ts';

/** A block as the editor holds it: the text of each field. */
type BlockDraft = {
  type: string;
  count: string;
  startIndex: string;
  rows: string;
  order: string;
  namePattern: string;
  speed: string;
  poeType: string;
  poeWatts: string;
};

/** The editor's values. */
type Draft = { name: string; vendor: string; model: string; description: string; units: BlockDraft[][] };

/** What a new template starts with: 24 RJ45 ports in two rows, odd on top. */
const FIRST_BLOCK: BlockDraft = {
  type: 'rj45',
  count: '24',
  startIndex: '1',
  rows: '2',
  order: 'odd-even',
  namePattern: 'Gi{unit}/0/{n}',
  speed: '1G',
  poeType: '',
  poeWatts: '',
};

/** What "Add block" adds: four SFP+ uplinks in a row. */
const NEXT_BLOCK: BlockDraft = {
  ...FIRST_BLOCK,
  type: 'sfp+',
  count: '4',
  rows: '1',
  order: 'sequential',
  namePattern: 'Te{unit}/1/{n}',
  speed: '10G',
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function draftOf(template: Template): Draft {
  const units = template.units as TemplateUnits;
  return {
    name: template.name,
    vendor: text(template.vendor),
    model: text(template.model),
    description: text(template.description),
    units: units.map((blocks) =>
      blocks.map((b) => ({
        type: b.type,
        count: text(b.count),
        startIndex: text(b.startIndex),
        rows: text(b.rows),
        order: b.order,
        namePattern: b.namePattern,
        speed: text(b.speed),
        poeType: b.poe?.type ?? '',
        poeWatts: text(b.poe?.maxWatts),
      })),
    ),
  };
}

/** A number field's value for the API: empty is left out (the default), anything else as a number (or as typed). */
function numberOf(value: string, required = false): unknown {
  const s = value.trim();
  if (s === '') return required ? s : undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

/** The units as the API takes them (and as checkTemplateUnits checks them). */
function rawUnits(units: BlockDraft[][]): unknown[] {
  return units.map((blocks) =>
    blocks.map((b) => ({
      type: b.type,
      count: numberOf(b.count, true),
      startIndex: numberOf(b.startIndex),
      rows: numberOf(b.rows),
      order: b.order,
      namePattern: b.namePattern,
      speed: b.speed.trim() === '' ? null : b.speed.trim(),
      poe: b.poeType ? { type: b.poeType, maxWatts: b.poeWatts.trim() === '' ? null : numberOf(b.poeWatts) } : null,
    })),
  );
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The fields of a block the editor shows, each with the path its faults have. */
const BLOCK_FIELDS = ['type', 'count', 'startIndex', 'rows', 'order', 'namePattern', 'speed', 'poe'];

/** The template page; `id` is `new` for a template being made. */
export function TemplatePage(p: { id: string; route: Route }) {
  const creating = p.id === 'new';
  const res = useResource(async () => (creating ? undefined : getTemplate(p.id)), [p.id]);
  if (res.error)
    return html`<${PageHeader} title=${t('template.title')} crumbs=${[{ label: t('template.listTitle'), href: '/templates' }]} />
    <${ErrorState} error=${res.error} what="template" onRetry=${res.reload} />`;
  if (!creating && !res.data) return html`<${Loading} />`;
  return html`<${TemplateEditor} key=${res.data ? `${res.data.id}:${res.data.version}` : 'new'} template=${res.data} onReload=${res.reload} />`;
}

function TemplateEditor(p: { template?: Template; onReload: () => void }) {
  const app = useApp();
  const saved = p.template;
  const [draft, setDraft] = useState<Draft>(() =>
    saved ? draftOf(saved) : { name: '', vendor: '', model: '', description: '', units: [[{ ...FIRST_BLOCK }]] },
  );
  const [apiErrors, setApiErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [previewStack, setPreviewStack] = useState('1');
  const busy = useRef(false);
  const inUse = (saved?.switchCount ?? 0) > 0;
  const readOnly = !app.canEdit;
  const unitsLocked = readOnly || inUse;

  const checked = useMemo(() => checkTemplateUnits(rawUnits(draft.units)), [draft.units]);
  const lastGood = useRef<TemplateUnits | undefined>(undefined);
  if (checked.ok) lastGood.current = checked.value;
  const localFaults = checked.ok ? {} : Object.fromEntries(checked.faults.map((f) => [`units${f.path}`, f.message]));
  const faultAt = (key: string): string | undefined => apiErrors[key] ?? (key.startsWith('units') ? localFaults[key] : undefined);
  // Faults of the units that no field shows: of a whole block, a unit, or the list.
  const shownKeys = new Set(
    draft.units.flatMap((blocks, u) => blocks.flatMap((_, b) => BLOCK_FIELDS.map((f) => `units[${u}][${b}].${f}`))),
  );
  const unplaced = [
    ...new Set(
      [...Object.keys(localFaults), ...Object.keys(apiErrors).filter((k) => k.startsWith('units'))].filter((k) => !shownKeys.has(k)),
    ),
  ].map((k) => `${k}: ${faultAt(k)}`);

  const setField = (name: 'name' | 'vendor' | 'model' | 'description', value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const setUnits = (change: (units: BlockDraft[][]) => BlockDraft[][]) => {
    setDraft((d) => ({ ...d, units: change(d.units.map((blocks) => blocks.map((b) => ({ ...b })))) }));
    // The units' own faults are checked here as they change; those the server reported belong to the old ones.
    setApiErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('units'))));
  };
  const setBlock = (u: number, b: number, name: keyof BlockDraft, value: string) =>
    setUnits((units) => {
      units[u]![b]![name] = value;
      return units;
    });

  const multiUnit = draft.units.length > 1;
  const stackSize = multiUnit ? draft.units.length : Math.max(1, Math.min(STACK_MAX, Number(previewStack) || 1));
  const stackFault = lastGood.current && !multiUnit ? stackProblem(lastGood.current, stackSize) : undefined;

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFormError(undefined);
    setConflict(false);
    setApiErrors({});
    const body: Record<string, unknown> = {
      name: draft.name.trim(),
      vendor: orNull(draft.vendor),
      model: orNull(draft.model),
      description: orNull(draft.description),
    };
    if (!inUse) body.units = rawUnits(draft.units);
    try {
      if (!saved) {
        const created = await createTemplate(body as Partial<Template>);
        navigate(`/templates/${created.id}`, { replace: true });
        toastWithUndo(app, t('template.created', { name: created.name }), created);
      } else {
        const updated = await updateTemplate(saved.id, body as Partial<Template>, saved.version);
        p.onReload();
        toastWithUndo(app, t('template.saved', { name: updated.name }), updated, p.onReload);
      }
    } catch (err) {
      if (!(err instanceof ApiError)) setFormError(String((err as Error)?.message ?? err));
      else if (err.status === 412) {
        setConflict(true);
        setFormError(t('form.conflict'));
      } else {
        const errors: Record<string, string> = {};
        const rest: string[] = [];
        for (const d of err.details) {
          if (['name', 'vendor', 'model', 'description'].includes(d.field) || d.field?.startsWith('units')) errors[d.field] ??= d.message;
          else rest.push(d.field ? `${d.field}: ${d.message}` : d.message);
        }
        setApiErrors(errors);
        // Said beside Save too: the fields it names may be far up the page.
        setFormError(rest.length ? `${err.message} ${rest.join('; ')}` : err.message);
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const duplicate = async () => {
    if (!saved) return;
    try {
      const answer = await getTemplate(saved.id);
      const copy = await createTemplate({ ...answer, name: t('template.copyName', { name: answer.name }) });
      navigate(`/templates/${copy.id}`);
      toastWithUndo(app, t('template.duplicated', { name: copy.name }), copy);
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    }
  };
  const exportJson = async () => {
    if (!saved) return;
    try {
      const answer = await getTemplate(saved.id);
      saveFile(`${fileNameOf(answer.name)}.json`, `${JSON.stringify(answer, null, 2)}\n`, 'application/json');
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    }
  };
  const remove = async () => {
    if (!saved) return;
    setRefusal(undefined);
    const question = {
      title: t('template.deleteTitle'),
      message: t('template.deleteQuestion', { name: saved.name }),
      confirmLabel: t('template.deleteConfirm'),
    };
    const deleted = await confirmedDelete(
      app,
      question,
      () =>
        deleteTemplate(saved.id, saved.version).catch((err: unknown) => {
          if (!(err instanceof ApiError) || err.code !== 'template_in_use') throw err;
          setRefusal(t('template.deleteRefused', { message: err.message }));
          return false;
        }),
      p.onReload,
    );
    if (!deleted) return;
    navigate('/templates');
    toastWithUndo(app, t('template.deleted', { name: saved.name }), deleted);
  };

  const title = saved ? saved.name : t('template.newTitle');
  const portTypes = PORT_TYPES.map((x) => ({ value: x, label: t(`portType.${x}`) }));
  const orders = BLOCK_ORDERS.map((x) => ({ value: x, label: t(`template.order.${x}`) }));
  const rowChoices = Array.from({ length: LAYOUT_LIMITS.rows }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const poeChoices = [{ value: '', label: t('template.noPoe') }, ...POE_TYPES.map((x) => ({ value: x, label: x }))];
  const blockFields = (block: BlockDraft, u: number, b: number) => {
    const at = (f: string) => `units[${u}][${b}].${f}`;
    const common = (f: keyof BlockDraft, key = f as string) => ({
      name: at(key),
      value: block[f],
      error: faultAt(at(key)),
      disabled: unitsLocked,
    });
    const onText = (f: keyof BlockDraft) => (v: string) => setBlock(u, b, f, v);
    const number = { type: 'number', inputMode: 'numeric' };
    return html`<div class="block-fields">
      <${SelectField} label=${t('template.block.type')} ...${common('type')} options=${portTypes} onChange=${onText('type')} />
      <${TextField} label=${t('template.block.count')} ...${common('count')} ...${number} min=${1} max=${LAYOUT_LIMITS.count} required=${true}
        onInput=${onText('count')} />
      <${TextField} label=${t('template.block.startIndex')} ...${common('startIndex')} ...${number} min=${0} max=${LAYOUT_LIMITS.startIndex}
        onInput=${onText('startIndex')} />
      <${SelectField} label=${t('template.block.rows')} ...${common('rows')} options=${rowChoices} onChange=${onText('rows')} />
      <${SelectField} label=${t('template.block.order')} ...${common('order')} options=${orders} onChange=${onText('order')} />
      <div class="wide-field"><${TextField} label=${t('template.block.namePattern')} ...${common('namePattern')} required=${true}
        hint=${t('template.patternHint')} onInput=${onText('namePattern')} /></div>
      <${TextField} label=${t('template.block.speed')} ...${common('speed')} placeholder=${t('template.speedPlaceholder')} maxLength=${LAYOUT_LIMITS.speed}
        onInput=${onText('speed')} />
      <${SelectField} label=${t('template.block.poe')} ...${common('poeType', 'poe')} options=${poeChoices} onChange=${onText('poeType')} />
      ${
        block.poeType &&
        html`<${TextField} label=${t('template.block.poeWatts')} ...${common('poeWatts', 'poe.maxWatts')} ...${number} min=${0} max=${200}
        onInput=${onText('poeWatts')} />`
      }
    </div>`;
  };

  return html`
    <${PageHeader} title=${title} crumbs=${[{ label: t('template.listTitle'), href: '/templates' }]}
      sub=${
        saved
          ? [saved.vendor, saved.model, t('count.ports', { count: saved.portCount }), t('count.switches', { count: saved.switchCount })]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }>
      ${saved && app.canEdit && html`<button type="button" class="btn" onClick=${duplicate}>${t('template.duplicate')}</button>`}
      ${saved && html`<button type="button" class="btn" onClick=${exportJson}>${t('template.exportJson')}</button>`}
      ${saved && app.canEdit && html`<button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>`}
    </${PageHeader}>
    ${refusal && html`<div class="notice error" role="alert"><p>${refusal}</p></div>`}
    <form class="template-editor" onSubmit=${submit} novalidate aria-label=${title}>
      <section class="card" aria-labelledby="tpl-details">
        <h2 id="tpl-details">${t('template.details')}</h2>
        <div class="field-row">
          <${TextField} label=${t('field.name')} name="name" value=${draft.name} error=${faultAt('name')} required=${true} maxLength=${100}
            disabled=${readOnly} onInput=${(v: string) => setField('name', v)} />
          <${TextField} label=${t('switch.vendor')} name="vendor" value=${draft.vendor} error=${faultAt('vendor')} maxLength=${100}
            disabled=${readOnly} onInput=${(v: string) => setField('vendor', v)} />
          <${TextField} label=${t('field.model')} name="model" value=${draft.model} error=${faultAt('model')} maxLength=${100}
            disabled=${readOnly} onInput=${(v: string) => setField('model', v)} />
        </div>
        <${TextArea} label=${t('field.description')} name="description" value=${draft.description} error=${faultAt('description')} rows=${2}
          disabled=${readOnly} onInput=${(v: string) => setField('description', v)} />
      </section>
      <section class="card template-preview-card" aria-labelledby="tpl-preview">
        <div class="card-head">
          <h2 id="tpl-preview">${t('template.preview')}</h2>
          <div class="preview-stack">
            <${TextField} label=${t('template.previewStack')} name="previewStack" type="number" inputMode="numeric" min=${1} max=${STACK_MAX}
              value=${multiUnit ? String(draft.units.length) : previewStack} disabled=${multiUnit} error=${stackFault}
              hint=${multiUnit ? t('template.previewStackFixed', { count: draft.units.length }) : undefined} onInput=${setPreviewStack} />
          </div>
        </div>
        ${!checked.ok && lastGood.current && html`<p class="notice info">${t('template.previewStale')}</p>`}
        ${
          lastGood.current &&
          html`<${TemplatePreview} units=${lastGood.current} stackSize=${stackSize}
          label=${t('template.previewLabel', { name: draft.name.trim() || t('template.newTitle') })} />`
        }
      </section>
      <section class="card" aria-labelledby="tpl-units">
        <h2 id="tpl-units">${t('template.units')}</h2>
        ${
          inUse
            ? html`<p class="notice info">${t('template.inUse', { count: saved?.switchCount ?? 0 })}</p>`
            : html`<p class="hint">${t('template.unitsHelp')}</p>`
        }
        ${
          unplaced.length > 0 &&
          html`<div class="notice error" role="alert"><p>${t('template.unitsProblems')}</p><ul>${unplaced.map((x) => html`<li>${x}</li>`)}</ul></div>`
        }
        ${draft.units.map(
          (blocks, u) => html`<fieldset class="template-unit" key=${u}>
          <legend>${t('template.unit', { unit: u + 1 })}</legend>
          ${blocks.map(
            (block, b) => html`<fieldset class="template-block" key=${b}>
            <legend>${t('template.block', { block: b + 1 })}</legend>
            ${blockFields(block, u, b)}
            ${
              !unitsLocked &&
              blocks.length > 1 &&
              html`<button type="button" class="btn btn-small btn-danger-outline" onClick=${() =>
                setUnits((units) => {
                  units[u]!.splice(b, 1);
                  return units;
                })}>${t('template.removeBlock', { block: b + 1 })}</button>`
            }
          </fieldset>`,
          )}
          ${
            !unitsLocked &&
            html`<div class="form-actions">
            <button type="button" class="btn btn-small" disabled=${blocks.length >= LAYOUT_LIMITS.blocks} onClick=${() =>
              setUnits((units) => {
                units[u]!.push({ ...NEXT_BLOCK });
                return units;
              })}>${t('template.addBlock')}</button>
            ${
              multiUnit &&
              html`<button type="button" class="btn btn-small btn-danger-outline" onClick=${() =>
                setUnits((units) => units.filter((_, i) => i !== u))}>${t('template.removeUnit', { unit: u + 1 })}</button>`
            }
          </div>`
          }
        </fieldset>`,
        )}
        ${
          !unitsLocked &&
          html`<button type="button" class="btn btn-small" disabled=${draft.units.length >= STACK_MAX} onClick=${() =>
            setUnits((units) => [...units, units[units.length - 1]!.map((b) => ({ ...b }))])}>${t('template.addUnit')}</button>`
        }
      </section>
      <${FormNotice} message=${formError} conflict=${conflict} onReload=${p.onReload} />
      ${
        !readOnly &&
        html`<div class="form-actions">
        <${SubmitButton} pending=${pending} label=${saved ? t('common.save') : t('template.create')} />
        ${!saved && html`<a class="btn" href="/templates">${t('common.cancel')}</a>`}
      </div>`
      }
    </form>`;
}

/** A file name of a template's name: letters, digits, dots, hyphens and underscores. */
function fileNameOf(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'template';
}
