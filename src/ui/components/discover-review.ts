// The review of a discovery: what the switch said of itself, then every difference from what is documented in one
// table, grouped (switch, ports to add, port fields, VLANs to add, port VLANs, LAGs, links), each with a checkbox;
// all of a group or all at once; "Apply N changes". A stale discovery (409) names what changed and offers to read
// the switch again.
import { html, useEffect, useId, useMemo, useRef, useState } from '../html.ts';
import { ApiError } from '../api.ts';
import type { Discovery, ProposalItem } from '../api-types.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../messages.ts';
import { choose, groupItems, itemLabel, unchoose, valueText, whatOf } from './discover-proposal.ts';
import type { GroupKey, VlanNames } from './discover-proposal.ts';
import '../messages-later.ts';

/** Why an apply was refused, as the review shows it. */
type Refusal = { message: string; stale?: string[]; again: boolean };

/** The refusal of an apply of `sent` in words: a stale discovery names its items, an applied one says so. */
function refusalOf(err: unknown, sent: string[], items: ProposalItem[]): Refusal {
  if (!(err instanceof ApiError)) return { message: String((err as Error)?.message ?? err), again: false };
  if (err.code === 'already_applied') return { message: t('discover.alreadyApplied'), again: true };
  if (err.code !== 'discovery_stale') {
    const details = err.details.map((d) => d.message).join('; ');
    return { message: details ? `${err.message} ${details}` : err.message, again: false };
  }
  const stale = err.details
    .map((d) => sent[Number(/^keys\[(\d+)\]$/.exec(d.field)?.[1] ?? -1)])
    .filter((key): key is string => key !== undefined);
  const labels = stale.map((key) => items.find((item) => item.key === key)).map((item) => (item ? itemLabel(item) : ''));
  return {
    message: stale.length ? t('discover.stale', { items: labels.filter(Boolean).join(', ') }) : err.message,
    stale,
    again: true,
  };
}

/** A row's classes: a create (nothing documented), not chosen, stale. */
const rowClass = (item: ProposalItem, chosen: boolean, stale: boolean) =>
  [item.kind === 'create' ? 'create' : '', chosen ? '' : 'unchosen', stale ? 'stale' : ''].filter(Boolean).join(' ') || undefined;

/** A checkbox that shows "some" as indeterminate. */
function GroupCheck(p: {
  label: string;
  all: boolean;
  some: boolean;
  onChange: (on: boolean) => void;
  inputRef?: { current: HTMLInputElement | null };
}) {
  return html`<input type="checkbox" ref=${p.inputRef} aria-label=${p.label} checked=${p.all} indeterminate=${p.some && !p.all}
    onChange=${(e: Event) => p.onChange((e.currentTarget as HTMLInputElement).checked)} />`;
}

/** What the switch said of itself and where and when it was read. */
function SystemLine(p: { discovery: Discovery }) {
  const s = p.discovery.system;
  const model = [s.vendor, s.model].filter(Boolean).join(' ');
  return html`<div class="discover-system">
    <p>
      <strong>${s.sysName || p.discovery.host}</strong>${model && ` · ${model}`}${s.serial && ` · ${t('discover.serial', { serial: s.serial })}`}
    </p>
    <p class="muted">${t(p.discovery.agentId ? 'agents.readFrom' : 'discover.readFrom', {
      host: p.discovery.host,
      time: formatDateTime(p.discovery.observedAt),
    })}</p>
    ${s.sysDescr && html`<p class="muted discover-descr" title=${s.sysDescr}>${s.sysDescr}</p>`}
    ${
      p.discovery.notes.length > 0 &&
      html`<details class="discover-notes">
      <summary>${t('discover.notes', { count: p.discovery.notes.length })}</summary>
      <ul>${p.discovery.notes.map((note) => html`<li>${note}</li>`)}</ul>
    </details>`
    }
  </div>`;
}

/** The review; `onApply` applies the chosen keys (it throws the API's refusal), `onAgain` reads the switch again. */
export function DiscoverReview(p: {
  discovery: Discovery;
  names: VlanNames;
  onApply: (keys: string[]) => Promise<void>;
  onAgain: () => void;
  onCancel: () => void;
}) {
  const items = p.discovery.proposal;
  const groups = useMemo(() => groupItems(items), [items]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(items.map((item) => item.key)));
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const allBox = useRef<HTMLInputElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  // The form that asked is gone: focus starts on the choice (or, with nothing to choose, on reading again).
  useEffect(() => {
    (items.length ? allBox.current : againButton.current)?.focus();
  }, []);

  const set = (keys: string[], on: boolean) => setChosen((c) => (on ? choose(c, keys, items) : unchoose(c, keys, items)));
  const keysOf = (list: ProposalItem[]) => list.map((item) => item.key);
  const apply = async (e: Event) => {
    e.preventDefault();
    if (pending || chosen.size === 0) return;
    const keys = keysOf(items).filter((key) => chosen.has(key));
    setPending(true);
    setRefusal(undefined);
    try {
      await p.onApply(keys);
    } catch (err) {
      setRefusal(refusalOf(err, keys, items));
    } finally {
      setPending(false);
    }
  };
  const stale = new Set(refusal?.stale ?? []);
  const againLabel = t('discover.again');

  if (items.length === 0)
    return html`<div class="discover-review">
      <${SystemLine} discovery=${p.discovery} />
      <p class="notice success">${t('discover.none')}</p>
      <div class="form-actions">
        <button type="button" class="btn btn-primary" onClick=${p.onCancel}>${t('common.close')}</button>
        <button type="button" class="btn" ref=${againButton} onClick=${p.onAgain}>${againLabel}</button>
      </div>
    </div>`;

  const row = (item: ProposalItem) => {
    const what = whatOf(item);
    const boxId = `${id}-${item.key}`;
    const needs = item.requires
      .filter((key) => key !== 'switch:create')
      .map((key) => items.find((x) => x.key === key))
      .filter((x): x is ProposalItem => x !== undefined);
    const documented = valueText(item, 'documented', p.names);
    const observed = valueText(item, 'observed', p.names);
    return html`<tr key=${item.key} class=${rowClass(item, chosen.has(item.key), stale.has(item.key))}>
      <td class="check"><input type="checkbox" id=${boxId} checked=${chosen.has(item.key)}
        onChange=${(e: Event) => set([item.key], (e.currentTarget as HTMLInputElement).checked)} /></td>
      <th scope="row" class="what">
        <label for=${boxId}><span class="what-entity">${what.entity}</span>${what.field && html` <span class="what-field">${what.field}</span>`}</label>
        ${needs.length > 0 && html`<span class="needs">${t('discover.needs', { items: needs.map(itemLabel).join(', ') })}</span>`}
      </th>
      <td class=${`value documented${documented === '—' ? ' empty' : ''}`} data-label=${t('discover.col.documented')}>${documented}</td>
      <td class="value observed" data-label=${t('discover.col.observed')}>${observed}</td>
    </tr>`;
  };
  const groupBody = (group: { key: GroupKey; items: ProposalItem[] }) => {
    const keys = keysOf(group.items);
    const count = keys.filter((key) => chosen.has(key)).length;
    const name = t(`discover.group.${group.key}`);
    return html`<tbody key=${group.key}>
      <tr class="group-row">
        <td class="check"><${GroupCheck} label=${t('discover.groupAll', { group: name })} all=${count === keys.length} some=${count > 0}
          onChange=${(on: boolean) => set(keys, on)} /></td>
        <th scope="colgroup" colspan="3">${name} <span class="muted">${t('discover.chosenOf', { chosen: count, count: keys.length })}</span></th>
      </tr>
      ${group.items.map(row)}
    </tbody>`;
  };
  const all = keysOf(items);
  return html`<form class="discover-review" onSubmit=${apply} aria-busy=${pending ? 'true' : undefined}>
    <${SystemLine} discovery=${p.discovery} />
    <p class="hint">${t('discover.together')}</p>
    <div class="table-wrap discover-table-wrap" role="region" aria-label=${t('discover.caption')} tabindex="0">
      <table class="data discover-table">
        <caption class="visually-hidden">${t('discover.caption')}</caption>
        <thead><tr>
          <th scope="col" class="check"><${GroupCheck} inputRef=${allBox} label=${t('discover.all')} all=${chosen.size === all.length}
            some=${chosen.size > 0} onChange=${(on: boolean) => set(all, on)} /></th>
          <th scope="col">${t('discover.col.what')}</th>
          <th scope="col">${t('discover.col.documented')}</th>
          <th scope="col">${t('discover.col.observed')}</th>
        </tr></thead>
        ${groups.map(groupBody)}
      </table>
    </div>
    ${
      refusal &&
      html`<div class="notice error" role="alert">
      <p>${refusal.message}</p>
      ${refusal.again && html`<p>${t('discover.againHelp')}</p><button type="button" class="btn" onClick=${p.onAgain}>${againLabel}</button>`}
    </div>`
    }
    <div class="form-actions">
      <button type="submit" class="btn btn-primary" disabled=${pending || chosen.size === 0} aria-busy=${pending ? 'true' : undefined}>
        ${pending && html`<span class="spinner small" aria-hidden="true"></span>`}
        ${pending ? t('discover.applying') : t('discover.apply', { count: chosen.size })}
      </button>
      <button type="button" class="btn" onClick=${p.onCancel}>${t('common.cancel')}</button>
      <span class="muted discover-count" aria-live="polite">${t('discover.chosenOf', { chosen: chosen.size, count: all.length })}</span>
    </div>
  </form>`;
}
