// Settings: data management and users (admins), API tokens and the account (everyone).
import { html } from '../html.ts';
import { useApp } from '../app-context.ts';
import { PageHeader } from './page-header.ts';
import { Tabs } from './tabs.ts';
import { DataSettings } from './data-settings.ts';
import { UsersSettings } from './users-settings.ts';
import { TokensSettings } from './tokens-settings.ts';
import { AccountSettings } from './account-settings.ts';

const TITLES: Record<string, string> = { data: 'Data', users: 'Users and roles', tokens: 'API tokens', account: 'Account' };

/** The settings page of `section`. */
export function SettingsPage(p: { section: string }) {
  const app = useApp();
  const items = [
    ...(app.isAdmin
      ? [
          { key: 'data', label: 'Data', href: '/settings/data' },
          { key: 'users', label: 'Users', href: '/settings/users' },
        ]
      : []),
    { key: 'tokens', label: 'API tokens', href: '/settings/tokens' },
    { key: 'account', label: 'Account', href: '/settings/account' },
  ];
  const adminOnly = (p.section === 'data' || p.section === 'users') && !app.isAdmin;
  return html`
    <${PageHeader} title=${TITLES[p.section] ?? 'Settings'} crumbs=${[{ label: 'Settings' }]} />
    <${Tabs} label="Settings sections" current=${p.section} items=${items} />
    ${
      adminOnly
        ? html`<div class="card"><p>Only administrators can manage ${p.section === 'data' ? 'data' : 'users'}.</p></div>`
        : p.section === 'data'
          ? html`<${DataSettings} />`
          : p.section === 'users'
            ? html`<${UsersSettings} />`
            : p.section === 'tokens'
              ? html`<${TokensSettings} />`
              : html`<${AccountSettings} />`
    }`;
}
