// Settings: data management and users (admins), API tokens and the account (everyone).
import { html } from '../html.ts';
import { useApp } from '../app-context.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import { PageHeader } from './page-header.ts';
import { Tabs } from './tabs.ts';
import { DataSettings } from './data-settings.ts';
import { UsersSettings } from './users-settings.ts';
import { TokensSettings } from './tokens-settings.ts';
import { WebhooksSettings } from './webhooks-settings.ts';
import { AgentsSettings } from './agents-settings.ts';
import '../messages-later.ts';
import { AccountSettings } from './account-settings.ts';
import { CredentialsSettings } from './credentials-settings.ts';

const TITLES: Record<string, MessageKey> = {
  data: 'settings.title.data',
  users: 'settings.title.users',
  credentials: 'credentials.title',
  webhooks: 'webhooks.title',
  agents: 'agents.title',
  tokens: 'settings.title.tokens',
  account: 'settings.title.account',
};

/** The settings page of `section`. */
/** What a non-admin reads on a section for admins only. */
const ADMIN_ONLY = { data: 'settings.adminOnly.data', users: 'settings.adminOnly.users' } as const;

export function SettingsPage(p: { section: string }) {
  const app = useApp();
  const items = [
    ...(app.isAdmin
      ? [
          { key: 'data', label: t('settings.tab.data'), href: '/settings/data' },
          { key: 'users', label: t('settings.tab.users'), href: '/settings/users' },
          { key: 'credentials', label: t('credentials.title'), href: '/settings/credentials' },
          { key: 'webhooks', label: t('webhooks.tab'), href: '/settings/webhooks' },
          { key: 'agents', label: t('agents.tab'), href: '/settings/agents' },
        ]
      : []),
    { key: 'tokens', label: t('settings.tab.tokens'), href: '/settings/tokens' },
    { key: 'account', label: t('settings.tab.account'), href: '/settings/account' },
  ];
  const adminOnly =
    (p.section === 'data' || p.section === 'users' || p.section === 'credentials' || p.section === 'webhooks' || p.section === 'agents') &&
    !app.isAdmin;
  return html`
    <${PageHeader} title=${t(TITLES[p.section] ?? 'settings.title')} crumbs=${[{ label: t('settings.title') }]} />
    <${Tabs} label=${t('settings.sections')} current=${p.section} items=${items} />
    ${
      adminOnly
        ? html`<div class="card"><p>${t(ADMIN_ONLY[p.section as keyof typeof ADMIN_ONLY] ?? 'settings.adminOnly.section')}</p></div>`
        : p.section === 'data'
          ? html`<${DataSettings} />`
          : p.section === 'users'
            ? html`<${UsersSettings} />`
            : p.section === 'credentials'
              ? html`<${CredentialsSettings} />`
              : p.section === 'webhooks'
                ? html`<${WebhooksSettings} />`
                : p.section === 'agents'
                  ? html`<${AgentsSettings} />`
                  : p.section === 'tokens'
                    ? html`<${TokensSettings} />`
                    : html`<${AccountSettings} />`
    }`;
}
