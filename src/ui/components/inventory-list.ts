// The list page of one kind of inventory record (sites, switches, networks): the head with "Add", the filter
// box and the page's own filters, the table with its sort and pager, and the Add form in a dialog (?new=1).
import { html, useState } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { ListPage } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import type { Resource } from '../hooks.ts';
import { navigate, setQuery } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import type { Route } from '../router.ts';
import { PageHeader } from './page-header.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Pager } from './pager.ts';
import { FilterBox } from './filter-box.ts';
import { Modal } from './modal.ts';
import { SkeletonRows } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { CsvLink } from './csv-link.ts';

/** The filter text, sort and page of a list page, from its query string. */
export type ListQuery = { q: string; sort: string; offset: number; limit: number };

/** The list query of `route`, sorted by `sort` unless the query string says otherwise. */
export function listQuery(route: Route, sort: string): ListQuery {
  const qs = route.query;
  return { q: qs.get('q') ?? '', sort: qs.get('sort') ?? sort, offset: Number(qs.get('offset')) || 0, limit: 100 };
}

const openAddForm = () => setQuery({ new: '1' });

/** Closes the Add form of a list page. */
export const closeAddForm = () => setQuery({ new: null }, { replace: true });

/**
 * "Add another" of a list's Add form: `another` for the form, `formKey` to give the form (a new one empties it),
 * and `created(answer, href, message)`, which opens the new record's page, or keeps the dialog open with an empty
 * form, and shows `message` with the Undo of the entry `answer` named (the list reloads after it).
 */
export function useAddAnother(reload: () => void) {
  const app = useApp();
  const [checked, setChecked] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return {
    another: { checked, onChange: setChecked },
    formKey,
    created(answer: unknown, href: string, message: string) {
      if (checked) {
        setFormKey((k) => k + 1);
        reload();
      } else navigate(href, { replace: true });
      toastWithUndo(app, message, answer, reload);
    },
  };
}

/** The parts of a list page that show its rows: `columns` for a sortable table, or `table` draws the rows itself. */
type Rows<T> = { columns?: Column<T>[]; table?: (rows: T[]) => ComponentChildren };

/** A list in a card: its filter box and filters, the table with its sort and pager; `empty` shows without rows. */
export function ListBody<T extends { id: string }>(
  p: Rows<T> & {
    caption: string;
    filterLabel: string;
    query: ListQuery;
    list: Resource<ListPage<T>>;
    empty: ComponentChildren;
    filters?: ComponentChildren;
  },
) {
  const { list, query } = p;
  const d = list.data;
  return html`<div class="list-tools">
      <${FilterBox} label=${p.filterLabel} value=${query.q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} />
      ${p.filters}
    </div>
    ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
    ${!d && !list.error && html`<${SkeletonRows} />`}
    ${d && d.items.length === 0 && p.empty}
    ${
      d &&
      d.items.length > 0 &&
      html`
      ${
        p.table
          ? p.table(d.items)
          : html`<${DataTable} caption=${p.caption} columns=${p.columns} rows=${d.items} sort=${query.sort}
        onSort=${(s: string) => setQuery({ sort: s, offset: null })} />`
      }
      <${Pager} offset=${query.offset} limit=${query.limit} count=${d.items.length} total=${d.total} totalExact=${d.totalExact}
        onPage=${(o: number) => setQuery({ offset: o || null })} />`
    }`;
}

/**
 * `empty` is what a list without rows says; while `filtered`, its empty state offers no Add button; a list
 * without `form` has no Add at all; `actions` go in the head beside Add, after the CSV link (`csv`).
 */
export function InventoryList<T extends { id: string }>(
  p: Rows<T> & {
    title: string;
    addLabel?: string;
    filterLabel: string;
    query: ListQuery;
    list: Resource<ListPage<T>>;
    empty: string;
    filtered: boolean;
    filters?: ComponentChildren;
    form?: ComponentChildren;
    actions?: ComponentChildren;
    wideForm?: boolean;
    route: Route;
    /** The list's CSV export: its API path and the file's name; the link carries the list's filters. */
    csv?: { path: string; name: string };
  },
) {
  const app = useApp();
  const canAdd = app.canEdit && p.form;
  const adding = p.route.query.get('new') === '1' && canAdd;
  return html`
    <${PageHeader} title=${p.title}>
      ${p.csv && html`<${CsvLink} path=${p.csv.path} name=${p.csv.name} query=${p.query} />`}
      ${p.actions}
      ${canAdd && html`<button type="button" class="btn btn-primary" onClick=${openAddForm}>${p.addLabel}</button>`}
    </${PageHeader}>
    <div class="card">
      <${ListBody} ...${p} caption=${p.title}
        empty=${html`<${EmptyState} message=${p.empty}>
          ${canAdd && !p.filtered && html`<button type="button" class="btn" onClick=${openAddForm}>${p.addLabel}</button>`}
        </${EmptyState}>`} />
    </div>
    ${adding && html`<${Modal} title=${p.addLabel} wide=${p.wideForm} onClose=${closeAddForm}>${p.form}</${Modal}>`}`;
}
