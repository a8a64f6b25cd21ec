// The left navigation; under 760 px it is a menu the top bar opens.
import { html } from '../html.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import type { Route } from '../router.ts';

const ITEMS: { href: string; label: MessageKey; match: string[] }[] = [
  { href: '/', label: 'dashboard.title', match: ['dashboard'] },
  { href: '/sites', label: 'sites.title', match: ['sites', 'site'] },
  { href: '/switches', label: 'switches.title', match: ['switches', 'switch', 'switch-print'] },
  { href: '/vlans', label: 'vlans.title', match: ['vlans', 'vlan'] },
  { href: '/networks', label: 'networks.title', match: ['networks', 'network'] },
  { href: '/addresses', label: 'addresses.title', match: ['addresses'] },
  { href: '/topology', label: 'topology.title', match: ['topologies', 'topology'] },
  { href: '/tools/subnet', label: 'nav.tools', match: ['subnet'] },
  { href: '/templates', label: 'template.listTitle', match: ['templates', 'template'] },
  { href: '/activity', label: 'activity.title', match: ['activity'] },
  { href: '/settings/account', label: 'settings.title', match: ['settings'] },
];

/** The main navigation, marking the current section. */
export function SideNav(p: { route: Route }) {
  return html`<nav class="side-nav" id="side-nav" aria-label=${t('nav.label')}>
    <ul>
      ${ITEMS.map((i) => {
        const current = i.match.includes(p.route.name);
        return html`<li><a href=${i.href} class=${current ? 'current' : undefined} aria-current=${current ? 'page' : undefined}>${t(i.label)}</a></li>`;
      })}
    </ul>
  </nav>`;
}
