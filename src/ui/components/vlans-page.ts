// The VLANs of a site (or of all sites): number on its colour, name, status, how many networks, ports and
// switches use it; "Add VLAN" opens the form, which can stay open to add another.
import { html } from '../html.ts';
import { createVlan, listVlans } from '../api.ts';
import type { Site, Vlan } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { siteNamer, useSites } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import type { Route } from '../router.ts';
import type { Column } from './data-table.ts';
import { InventoryList, closeAddForm, listQuery, useAddAnother } from './inventory-list.ts';
import { QuerySelect, SiteSelect } from './query-select.ts';
import { SiteFirst } from './site-first.ts';
import { VlanChip } from './vlan-chip.ts';
import { VlanForm, vlanBody } from './vlan-form.ts';
import type { VlanValues } from './vlan-form.ts';

/** The columns of a VLANs table; `siteName` adds the site column. */
export function vlanColumns(siteName?: (id: string) => string): Column<Vlan>[] {
  const cols: Column<Vlan>[] = [
    { label: t('vlans.col.vid'), sort: 'vid', render: (v) => html`<${VlanChip} vlan=${v} />` },
    { label: t('field.name'), sort: 'name', render: (v) => html`<a href=${`/vlans/${v.id}`}>${v.name}</a>` },
    {
      label: t('field.status'),
      sort: 'status',
      render: (v) => html`<span class=${`badge vlan-${v.status}`}>${t(`vlanStatus.${v.status}`)}</span>`,
    },
    { label: t('vlans.col.networks'), sort: 'networkCount', className: 'num', render: (v) => formatNumber(v.networkCount) },
    { label: t('field.ports'), sort: 'portCount', className: 'num', render: (v) => formatNumber(v.portCount) },
    { label: t('vlans.col.switches'), sort: 'switchCount', className: 'num', render: (v) => formatNumber(v.switchCount) },
    { label: t('field.description'), className: 'wrap', render: (v) => v.description ?? '' },
  ];
  if (siteName)
    cols.splice(2, 0, { label: t('field.site'), render: (v) => html`<a href=${`/sites/${v.siteId}`}>${siteName(v.siteId)}</a>` });
  return cols;
}

/** VLANs list, filtered by site through ?siteId= and by status through ?status=. */
export function VlansPage(p: { route: Route }) {
  const siteId = p.route.query.get('siteId') ?? '';
  const status = p.route.query.get('status') ?? '';
  const query = { ...listQuery(p.route, 'vid'), siteId, status };
  const sites = useSites();
  const list = useResource((signal) => listVlans(query, signal), Object.values(query));
  const adder = useAddAnother(list.reload);
  const siteName = siteNamer(sites.data);
  const create = async (v: VlanValues) => {
    const created = await createVlan(vlanBody(v) as Partial<Vlan>);
    adder.created(created, `/vlans/${created.id}`, t('vlans.created', { name: created.name, vlan: created.vid }));
  };
  const filtered = !!(query.q || siteId || status);
  const form = (all: Site[]) =>
    html`<${VlanForm} key=${adder.formKey} sites=${all} siteId=${siteId || undefined} submitLabel=${t('vlans.add')} onSubmit=${create}
      onCancel=${closeAddForm} another=${adder.another} />`;
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${vlanColumns(siteId ? undefined : siteName)}
    csv=${{ path: '/api/vlans', name: 'vlans' }} title=${t('vlans.title')} addLabel=${t('vlans.add')} filterLabel=${t('vlans.filter')}
    empty=${filtered ? t('vlans.noMatch') : t('vlans.none')} filtered=${filtered}
    filters=${html`
      <${SiteSelect} value=${siteId} sites=${sites.data} />
      <${QuerySelect} label=${t('field.status')} param="status" value=${status}
        options=${[
          { value: '', label: t('switches.anyStatus') },
          { value: 'active', label: t('vlanStatus.active') },
          { value: 'inactive', label: t('vlanStatus.inactive') },
        ]} />`}
    wideForm=${true} form=${html`<${SiteFirst} sites=${sites.data} needSite=${'vlans.needSite'} form=${form} />`} />`;
}
