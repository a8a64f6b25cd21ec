// The Add form of a record that belongs to a site (a switch, a network): shown once the sites are loaded, and
// while there are none, a link to add a site first.
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { Site } from '../api-types.ts';
import { type MessageKey, t, tParts } from '../messages.ts';

/** `form(sites)` when there are sites; else the sentence `needSite` with its {addSite} link. */
export function SiteFirst(p: { sites: Site[] | undefined; needSite: MessageKey; form: (sites: Site[]) => ComponentChildren }) {
  if (!p.sites) return html`<p>${t('common.loadingSites')}</p>`;
  if (p.sites.length > 0) return p.form(p.sites);
  const addSite = html`<a href="/sites?new=1">${t('sites.addLink')}</a>`;
  return html`<p>${tParts(p.needSite, { addSite })}</p>`;
}
