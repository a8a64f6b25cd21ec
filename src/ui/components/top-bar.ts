// The bar across the top: menu button (narrow screens), brand, global search, theme, user and sign-out.
import { html } from '../html.ts';
import type { User } from '../types.ts';
import { SearchBox } from './search-box.ts';
import { ThemeSwitch } from './theme-switch.ts';

/** Top bar of the signed-in app. */
export function TopBar(p: { user: User; onSignOut: () => void; navOpen: boolean; onToggleNav: () => void }) {
  return html`<header class="top-bar">
    <button type="button" class="btn btn-ghost menu-button" aria-controls="side-nav" aria-expanded=${p.navOpen ? 'true' : 'false'} onClick=${p.onToggleNav}>
      <span aria-hidden="true">☰</span><span class="menu-label">Menu</span>
    </button>
    <a href="/" class="brand"><span class="brand-mark" aria-hidden="true"></span>Switchyard</a>
    <${SearchBox} />
    <div class="top-right">
      <${ThemeSwitch} />
      <a href="/settings/account" class="user-chip" title="Your account"><span class="visually-hidden">Signed in as </span>${p.user.username}<span class="role-tag">${p.user.role}</span></a>
      <button type="button" class="btn btn-ghost" onClick=${p.onSignOut}>Sign out</button>
    </div>
  </header>`;
}
