// A link to an entity's page; a port, a LAG, an address or a range is looked up first, as they live on the page of
// their switch or network. A deleted entity's name links to its history: its page is gone.
import { html } from '../html.ts';
import { getAddress, getLag, getPort, getRange } from '../api.ts';
import type { ActivityEntry } from '../api-types.ts';
import { t } from '../messages.ts';
import { navigate } from '../router.ts';

const PAGES = { site: '/sites/', switch: '/switches/', vlan: '/vlans/', network: '/networks/', template: '/templates/' };

/** Links `name` to the page of the entity (type, id); plain text without both; to its history when it is `gone` (deleted). */
export function EntityLink(p: { type: ActivityEntry['entityType']; id: string | null; name: string | null; gone?: boolean }) {
  const label = p.name ?? p.id ?? '—';
  if (!p.type || !p.id) return html`<span>${label}</span>`;
  if (p.gone)
    return html`<a href=${`/activity?entityId=${p.id}`} title=${t('activity.goneHistory', { name: label })}>${label}</a>${' '}<span
      class="tag">${t('activity.gone')}</span>`;
  if (!(p.type in PAGES)) {
    const id = p.id;
    const type = p.type;
    const open = async (e: Event) => {
      e.preventDefault();
      try {
        if (type === 'lag') return navigate(`/switches/${(await getLag(id)).switchId}`);
        if (type !== 'port') return navigate(`/networks/${(await (type === 'range' ? getRange : getAddress)(id)).networkId}`);
        const port = await getPort(id);
        navigate(`/switches/${port.switchId}?port=${port.id}`);
      } catch {
        navigate(`/activity?entityId=${id}`);
      }
    };
    return html`<a href=${`/activity?entityId=${id}`} onClick=${open}>${label}</a>`;
  }
  return html`<a href=${PAGES[p.type as keyof typeof PAGES] + p.id}>${label}</a>`;
}
