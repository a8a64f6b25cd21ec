// A link to an entity's page; a port link looks up its switch first, as ports live on the switch page.
import { html } from '../html.ts';
import { getPort } from '../api.ts';
import { entityPath, navigate, singular } from '../router.ts';

/** Links `name` to the page of the entity (type, id); plain text when it has no page. */
export function EntityLink(p: { type: string | null; id: string | null; name: string | null; switchId?: string | null }) {
  const label = p.name ?? p.id ?? '—';
  if (!p.type || !p.id) return html`<span>${label}</span>`;
  if (singular(p.type) === 'port' && !p.switchId) {
    const open = async (e: Event) => {
      e.preventDefault();
      try {
        const port = await getPort(p.id!);
        navigate(`/switches/${port.switchId}?port=${port.id}`);
      } catch {
        navigate(`/activity?entityId=${p.id}`);
      }
    };
    return html`<a href=${`/activity?entityId=${p.id}`} onClick=${open}>${label}</a>`;
  }
  const href = entityPath(p.type, p.id, { switchId: p.switchId });
  return href ? html`<a href=${href}>${label}</a>` : html`<span>${label}</span>`;
}
