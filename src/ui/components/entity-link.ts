// A link to an entity's page; a port link looks up its switch first, as ports live on the switch page.
import { html } from '../html.ts';
import { getPort } from '../api.ts';
import type { ActivityEntry } from '../api-types.ts';
import { navigate } from '../router.ts';

const PAGES = { site: '/sites/', switch: '/switches/', vlan: '/vlans/', network: '/networks/' };

/** Links `name` to the page of the entity (type, id); plain text without both. */
export function EntityLink(p: { type: ActivityEntry['entityType']; id: string | null; name: string | null }) {
  const label = p.name ?? p.id ?? '—';
  if (!p.type || !p.id) return html`<span>${label}</span>`;
  if (p.type === 'port') {
    const id = p.id;
    const open = async (e: Event) => {
      e.preventDefault();
      try {
        const port = await getPort(id);
        navigate(`/switches/${port.switchId}?port=${port.id}`);
      } catch {
        navigate(`/activity?entityId=${id}`);
      }
    };
    return html`<a href=${`/activity?entityId=${id}`} onClick=${open}>${label}</a>`;
  }
  return html`<a href=${PAGES[p.type] + p.id}>${label}</a>`;
}
