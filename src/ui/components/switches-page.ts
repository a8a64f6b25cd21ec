// Every switch, filterable by site, status and text; "Add switch" opens the form.
import { html } from '../html.ts';
import { createSwitch, listSwitches } from '../api.ts';
import { SWITCH_STATUSES } from '../api-types.ts';
import type { Site, Switch } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { siteNamer, useSites } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import type { Column } from './data-table.ts';
import { InventoryList, closeAddForm, listQuery } from './inventory-list.ts';
import { QuerySelect, SiteSelect } from './query-select.ts';
import { SiteFirst } from './site-first.ts';
import { SwitchForm, switchBody } from './switch-form.ts';
import type { SwitchValues } from './switch-form.ts';
import { StatusBadge } from './status-badge.ts';

/** Switches list. */
export function SwitchesPage(p: { route: Route }) {
  const app = useApp();
  const siteId = p.route.query.get('siteId') ?? '';
  const status = p.route.query.get('status') ?? '';
  const favorite = p.route.query.get('favorite') ?? '';
  const query = { ...listQuery(p.route, 'name'), siteId, status, favorite };
  const sites = useSites();
  const list = useResource((signal) => listSwitches(query, signal), Object.values(query));
  const siteName = siteNamer(sites.data);

  const create = async (v: SwitchValues) => {
    const sw = await createSwitch(switchBody(v, true) as Partial<Switch>);
    navigate(`/switches/${sw.id}`, { replace: true });
    toastWithUndo(app, t('switches.created', { name: sw.name }), sw);
  };
  const columns: Column<Switch>[] = [
    {
      label: t('field.name'),
      sort: 'name',
      render: (s) =>
        html`<a href=${`/switches/${s.id}`}>${s.name}</a>${
          s.favorite &&
          html` <span class="star on"
          title=${t('switch.favoriteLabel')}><span aria-hidden="true">★</span><span class="visually-hidden">${t('switch.favoriteLabel')}</span></span>`
        }`,
    },
    { label: t('field.role'), sort: 'role', render: (s) => (s.role ? t(`switchRole.${s.role}`) : '') },
    { label: t('field.site'), render: (s) => html`<a href=${`/sites/${s.siteId}`}>${siteName(s.siteId)}</a>` },
    { label: t('field.model'), sort: 'model', render: (s) => [s.vendor, s.model].filter(Boolean).join(' ') },
    { label: t('field.managementIp'), sort: 'managementIp', className: 'mono', render: (s) => s.managementIp ?? '' },
    { label: t('field.location'), sort: 'location', render: (s) => s.location ?? '' },
    { label: t('field.status'), sort: 'status', render: (s) => html`<${StatusBadge} status=${s.status} />` },
    { label: t('field.ports'), sort: 'portCount', className: 'num', render: (s) => formatNumber(s.portCount) },
  ];
  const filtered = !!(query.q || siteId || status || favorite);
  const form = (all: Site[]) =>
    html`<${SwitchForm} sites=${all} siteId=${siteId || undefined} submitLabel=${t('switches.add')} onSubmit=${create} onCancel=${closeAddForm} />`;
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${columns}
    csv=${{ path: '/api/switches', name: 'switches' }} title=${t('switches.title')} addLabel=${t('switches.add')} filterLabel=${t('switches.filter')}
    empty=${filtered ? t('switches.noMatch') : t('switches.none')} filtered=${filtered}
    filters=${html`
      <${SiteSelect} value=${siteId} sites=${sites.data} />
      <${QuerySelect} label=${t('field.status')} param="status" value=${status}
        options=${[{ value: '', label: t('switches.anyStatus') }, ...SWITCH_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
      <${QuerySelect} label=${t('switches.favorites')} param="favorite" value=${favorite}
        options=${[{ value: '', label: t('switches.allSwitches') }, { value: 'true', label: t('switches.onlyFavorites') }]} />`}
    wideForm=${true} form=${html`<${SiteFirst} sites=${sites.data} needSite=${'switches.needSite'} form=${form} />`} />`;
}
