// The left navigation; under 760 px it is a menu the top bar opens. The summary of the 0.20.x migration's fixes is
// listed while there are any, before Settings (the dashboard's notice links to it too, until it is dismissed).
import { getMigration } from '../api.ts';
import { useResource } from '../hooks.ts';
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
  { href: '/polling', label: 'polling.title', match: ['polling'] },
  { href: '/settings/account', label: 'settings.title', match: ['settings'] },
];

const MIGRATION_ITEM: (typeof ITEMS)[number] = { href: '/migration', label: 'nav.migration', match: ['migration'] };

/** The main navigation, marking the current section. */
export function SideNav(p: { route: Route }) {
  const migration = useResource((signal) => getMigration(signal).catch(() => null), []);
  const items = migration.data?.fixes.length ? [...ITEMS.slice(0, -1), MIGRATION_ITEM, ...ITEMS.slice(-1)] : ITEMS;
  return html`<nav class="side-nav" id="side-nav" aria-label=${t('nav.label')}>
    <ul>
      ${items.map((i) => {
        const current = i.match.includes(p.route.name);
        return html`<li><a href=${i.href} class=${current ? 'current' : undefined} aria-current=${current ? 'page' : undefined}>${t(i.label)}</a></li>`;
      })}
    </ul>
  </nav>`;
}
