// The bar across the top: menu button (narrow screens), brand, global search, theme, user and sign-out.
import { html } from '../html.ts';
import type { User } from '../api-types.ts';
import { t } from '../messages.ts';
import { SearchBox } from './search-box.ts';
import { ThemeSwitch } from './theme-switch.ts';

/** Top bar of the signed-in app. */
export function TopBar(p: { user: User; onSignOut: () => void; navOpen: boolean; onToggleNav: () => void }) {
  return html`<header class="top-bar">
    <button type="button" class="btn btn-ghost menu-button" aria-controls="side-nav" aria-expanded=${p.navOpen ? 'true' : 'false'} onClick=${p.onToggleNav}>
      <span aria-hidden="true">☰</span><span class="menu-label">${t('topBar.menu')}</span>
    </button>
    <a href="/" class="brand"><span class="brand-mark" aria-hidden="true"></span>${t('app.name')}</a>
    <${SearchBox} />
    <div class="top-right">
      <${ThemeSwitch} />
      <a href="/settings/account" class="user-chip" title=${t('topBar.account')}><span class="visually-hidden">${t('topBar.signedInAs')}</span>
      ${p.user.displayName ?? p.user.username}<span class="role-tag">${t(`role.${p.user.role}`)}</span></a>
      <button type="button" class="btn btn-ghost" onClick=${p.onSignOut}>${t('topBar.signOut')}</button>
    </div>
  </header>`;
}
