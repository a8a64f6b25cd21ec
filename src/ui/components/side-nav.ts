// The left navigation; under 760 px it is a menu the top bar opens.
import { html } from '../html.ts';
import type { Route } from '../router.ts';

const ITEMS: { href: string; label: string; match: string[] }[] = [
  { href: '/', label: 'Dashboard', match: ['dashboard'] },
  { href: '/sites', label: 'Sites', match: ['sites', 'site'] },
  { href: '/switches', label: 'Switches', match: ['switches', 'switch'] },
  { href: '/networks', label: 'Networks', match: ['networks', 'network'] },
  { href: '/activity', label: 'Activity', match: ['activity'] },
  { href: '/settings/account', label: 'Settings', match: ['settings'] },
];

/** The main navigation, marking the current section. */
export function SideNav(p: { route: Route; isAdmin: boolean }) {
  return html`<nav class="side-nav" id="side-nav" aria-label="Main">
    <ul>
      ${ITEMS.map((i) => {
        const current = i.match.includes(p.route.name);
        return html`<li><a href=${i.href} class=${current ? 'current' : undefined} aria-current=${current ? 'page' : undefined}>${i.label}</a></li>`;
      })}
    </ul>
  </nav>`;
}
