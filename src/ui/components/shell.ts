// The signed-in frame: skip link, side navigation, top bar, admin warnings, the current page, toasts and
// the confirm dialog; it provides the app's services to every page.
import { html, useCallback, useEffect, useMemo, useRef, useState } from '../html.ts';
import { AppContext } from '../app-context.ts';
import type { AppServices, ConfirmRequest, Toast } from '../app-context.ts';
import { useRoute } from '../router.ts';
import type { Route } from '../router.ts';
import type { User } from '../api-types.ts';
import { language, t } from '../messages.ts';
import { SideNav } from './side-nav.ts';
import { TopBar } from './top-bar.ts';
import { HealthBanner } from './health-banner.ts';
import { Toasts } from './toasts.ts';
import type { ShownToast } from './toasts.ts';
import { ConfirmDialog } from './confirm-dialog.ts';
import { DashboardPage } from './dashboard-page.ts';
import { SitesPage } from './sites-page.ts';
import { SwitchesPage } from './switches-page.ts';
import { NetworksPage } from './networks-page.ts';
import { VlansPage } from './vlans-page.ts';
import { IpTablePage } from './ip-table-page.ts';
import { ActivityPage } from './activity-page.ts';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.ts';

// Loaded when first shown: pages most visits never open, and the pages of one record (a switch's page with its
// front panel, port and LAG editors is the largest part of the UI), so that the first load is the shell and the lists.
const SitePage = lazyPage(async () => (await import('./site-page.ts')).SitePage);
const SwitchPage = lazyPage(async () => (await import('./switch-page.ts')).SwitchPage);
const VlanPage = lazyPage(async () => (await import('./vlan-page.ts')).VlanPage);
const NetworkPage = lazyPage(async () => (await import('./network-page.ts')).NetworkPage);
const SettingsPage = lazyPage(async () => (await import('./settings-page.ts')).SettingsPage);
const SubnetPage = lazyPage(async () => (await import('./subnet-page.ts')).SubnetPage);
const TemplatesPage = lazyPage(async () => (await import('./templates-page.ts')).TemplatesPage);
const TemplatePage = lazyPage(async () => (await import('./template-page.ts')).TemplatePage);
const PrintPage = lazyPage(async () => (await import('./print-page.ts')).PrintPage);
const TopologyPage = lazyPage(async () => (await import('./topology-page.ts')).TopologyPage);
const TopologyIndex = lazyPage(async () => (await import('./topology-page.ts')).TopologyIndex);
const MigrationPage = lazyPage(async () => (await import('./migration-page.ts')).MigrationPage);
// In the switch page's chunk: a chunk of its own split the chunks the pages share and cost the first load 0.4 KB.
const PollingPage = lazyPage(async () => (await import('./switch-page.ts')).PollingPage);

/** The list pages, by route name. */
const LIST_PAGES: Record<string, (p: { route: Route }) => unknown> = {
  sites: SitesPage,
  switches: SwitchesPage,
  vlans: VlansPage,
  networks: NetworksPage,
  addresses: IpTablePage,
  subnet: SubnetPage,
  templates: TemplatesPage,
  activity: ActivityPage,
  topologies: TopologyIndex,
  migration: MigrationPage,
  polling: PollingPage,
};

/** The pages of one record, by route name: each made anew for another id. */
const RECORD_PAGES: Record<string, (p: { id: string; route: Route }) => unknown> = {
  site: SitePage,
  switch: SwitchPage,
  vlan: VlanPage,
  network: NetworkPage,
  template: TemplatePage,
  'switch-print': PrintPage,
  topology: TopologyPage,
};

function page(route: Route) {
  if (route.name === 'dashboard') return html`<${DashboardPage} />`;
  if (route.name === 'settings') return html`<${SettingsPage} section=${route.section ?? 'account'} />`;
  const List = LIST_PAGES[route.name];
  if (List) return html`<${List} route=${route} />`;
  const RecordPage = RECORD_PAGES[route.name];
  if (RecordPage && route.id) return html`<${RecordPage} key=${route.id} id=${route.id} route=${route} />`;
  return html`<${NotFoundPage} />`;
}

/** How many toasts show at once (T4: they never pile over the page). */
const TOAST_LIMIT = 3;

/** The app around the pages, for one signed-in user. */
export function Shell(p: { user: User; onSignOut: () => void; onUser: (u: User) => Promise<void> }) {
  const route = useRoute();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [confirmReq, setConfirmReq] = useState<{ req: ConfirmRequest; resolve: (b: boolean) => void } | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const nextId = useRef(1);
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(route.path);

  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (t: Toast) => {
      const id = nextId.current++;
      // A short stack: the same message again replaces its older copy, and only the newest TOAST_LIMIT stay.
      setToasts((ts) => [...ts.filter((x) => x.message !== t.message).slice(1 - TOAST_LIMIT), { ...t, id }]);
      setTimeout(() => dismiss(id), t.timeoutMs ?? (t.kind === 'error' ? 10_000 : 6_000));
    },
    [dismiss],
  );
  const confirm = useCallback((req: ConfirmRequest) => new Promise<boolean>((resolve) => setConfirmReq({ req, resolve })), []);

  const services: AppServices = useMemo(
    () => ({
      user: p.user,
      canEdit: p.user.role !== 'viewer',
      isAdmin: p.user.role === 'admin',
      toast,
      confirm,
      signOut: p.onSignOut,
      setUser: p.onUser,
    }),
    [p.user, toast, confirm, p.onSignOut, p.onUser],
  );

  // The open menu (under 760 px) closes on Escape, focus going back to its button; opening it focuses its first link.
  useEffect(() => {
    if (!navOpen) return;
    document.querySelector<HTMLElement>('#side-nav a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      setNavOpen(false);
      document.querySelector<HTMLElement>('.menu-button')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  // After moving to another page, close the menu and put focus at the top of the new content.
  useEffect(() => {
    setNavOpen(false);
    if (route.path === firstPath.current) return;
    firstPath.current = route.path;
    mainRef.current?.focus({ preventScroll: true });
  }, [route.path]);

  return html`<${AppContext.Provider} value=${services}>
    <a class="skip-link" href="#main" onClick=${(e: Event) => {
      e.preventDefault();
      mainRef.current?.focus();
    }}>${t('shell.skip')}</a>
    <div key=${language()} class=${`frame${navOpen ? ' nav-open' : ''}`}>
      <${TopBar} user=${p.user} onSignOut=${p.onSignOut} navOpen=${navOpen} onToggleNav=${() => setNavOpen((o) => !o)} />
      <${SideNav} route=${route} />
      ${navOpen && html`<div class="nav-backdrop" aria-hidden="true" onClick=${() => setNavOpen(false)}></div>`}
      <main id="main" ref=${mainRef} tabindex="-1" class="main">
        ${services.isAdmin && html`<${HealthBanner} />`}
        ${page(route)}
      </main>
    </div>
    <${Toasts} items=${toasts} onDismiss=${dismiss} />
    ${
      confirmReq &&
      html`<${ConfirmDialog} req=${confirmReq.req} onAnswer=${(yes: boolean) => {
        confirmReq.resolve(yes);
        setConfirmReq(null);
      }} />`
    }
  </${AppContext.Provider}>`;
}
