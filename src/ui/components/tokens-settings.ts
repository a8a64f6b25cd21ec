// API tokens of the signed-in user: create (read-only or with the user's role, the secret shown once, with a copy button)
// and revoke; and how Ansible and Oxidized read the inventory with a read-only one.
import { html, useState } from '../html.ts';
import { createToken, deleteToken, listTokens } from '../api.ts';
import type { ApiToken } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { formatDateTime } from '../format.ts';
import { t, tParts } from '../messages.ts';
import { confirmedDelete, copyText } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loaded } from './loaded.ts';
import { EmptyState } from './empty-state.ts';
import '../messages-later.ts';

/** The tokens section. */
export function TokensSettings() {
  const app = useApp();
  const tokens = useResource(() => listTokens(), []);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const empty = { name: '', expiresInDays: '', readOnly: '' };
  const form = useForm(empty, async (v, { setValues }) => {
    const days = v.expiresInDays.trim() === '' ? undefined : Number(v.expiresInDays);
    const made = await createToken({ name: v.name.trim(), expiresInDays: days, readOnly: v.readOnly === 'yes' });
    setSecret({ name: made.name, token: made.token });
    setValues(empty);
    tokens.reload();
  });
  // The tools' read-only token: the form filled in, for the user to create.
  const prepareToolToken = () => {
    form.setValues({ name: t('tokens.toolTokenName'), expiresInDays: '365', readOnly: 'yes' });
    document.getElementById('tok-new')?.scrollIntoView();
  };
  const copy = () => copyText(app, secret?.token ?? '', t('tokens.copied'));
  const revoke = async (token: ApiToken) => {
    const question = {
      title: t('tokens.revokeTitle'),
      message: t('tokens.revokeQuestion', { name: token.name }),
      confirmLabel: t('tokens.revokeConfirm'),
    };
    if (await confirmedDelete(app, question, () => deleteToken(token.id), tokens.reload))
      app.toast({ kind: 'success', message: t('tokens.revoked', { name: token.name }) });
    tokens.reload();
  };
  const columns: Column<ApiToken>[] = [
    { label: t('field.name'), render: (token) => token.name },
    { label: t('tokens.col.rights'), render: (token) => (token.readOnly ? t('tokens.readOnlyRights') : t('tokens.roleRights')) },
    { label: t('tokens.col.created'), render: (token) => formatDateTime(token.createdAt) },
    { label: t('tokens.col.expires'), render: (token) => (token.expiresAt ? formatDateTime(token.expiresAt) : t('tokens.never')) },
    { label: t('tokens.col.lastUsed'), render: (token) => formatDateTime(token.lastUsedAt) },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (token) =>
        html`<button type="button" class="btn btn-small btn-danger-outline" onClick=${() => revoke(token)}
          aria-label=${t('tokens.revokeLabel', { name: token.name })}>${t('tokens.revoke')}</button>`,
    },
  ];
  const f = boundFields(form);
  return html`
    <section class="card" aria-labelledby="tok-new">
      <h2 id="tok-new">${t('tokens.new')}</h2>
      <p>${tParts('tokens.intro', { header: html`<code>Authorization: Bearer …</code>` })}</p>
      <form class="form form-row" onSubmit=${form.onSubmit} novalidate>
        ${f.text('name', t('field.name'), { required: true, placeholder: t('tokens.namePlaceholder') })}
        ${f.text('expiresInDays', t('tokens.expiresIn'), { type: 'number', min: 1, inputMode: 'numeric', hint: t('tokens.expiresHint') })}
        <div class="field wide-field"><span class="check-label">
          <input type="checkbox" id="tok-read-only" checked=${form.values.readOnly === 'yes'} aria-describedby="tok-read-only-hint"
            onChange=${(e: Event) => form.set('readOnly', (e.currentTarget as HTMLInputElement).checked ? 'yes' : '')} />
          <label for="tok-read-only">${t('tokens.readOnly')}</label>
        </span><p class="hint" id="tok-read-only-hint">${t('tokens.readOnlyHint')}</p></div>
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('tokens.create')} pendingLabel=${t('common.creating')} /></div>
      </form>
      <${FormNotice} message=${form.formError} />
      ${
        secret &&
        html`<div class="notice success secret" role="status">
        <p>${tParts('tokens.createdOnce', { name: html`<strong>${secret.name}</strong>` })}</p>
        <div class="secret-row"><input type="text" readonly value=${secret.token} aria-label=${t('tokens.secretLabel')} class="mono"
          onFocus=${(e: Event) => (e.currentTarget as HTMLInputElement).select()} />
          <button type="button" class="btn btn-primary" onClick=${copy}>${t('common.copy')}</button>
          <button type="button" class="btn" onClick=${() => setSecret(null)}>${t('tokens.done')}</button></div>
      </div>`
      }
    </section>
    <${ToolsCard} onPrepare=${prepareToolToken} />
    <section class="card" aria-labelledby="tok-list">
      <h2 id="tok-list">${t('tokens.yours')}</h2>
      <${Loaded} resource=${tokens} render=${(rows: ApiToken[]) => html`<${DataTable} caption=${t('tokens.caption')} columns=${columns} rows=${rows} />`}
        empty=${html`<${EmptyState} message=${t('tokens.none')} />`} />
    </section>`;
}

/** How Ansible and Oxidized read the inventory: the addresses on this server, and a read-only token to make. */
function ToolsCard(p: { onPrepare: () => void }) {
  const origin = location.origin;
  return html`
    <section class="card" aria-labelledby="tok-tools">
      <h2 id="tok-tools">${t('tokens.tools')}</h2>
      <p>${t('tokens.toolsIntro')}</p>
      <dl class="tool-addresses">
        <dt>${t('tokens.ansible')}</dt>
        <dd><code>SWITCHYARD_URL=${origin} SWITCHYARD_TOKEN=… ansible-inventory -i contrib/ansible/switchyard_inventory.py --graph</code></dd>
        <dt>${t('tokens.oxidized')}</dt>
        <dd><code>${origin}/api/inventory/oxidized</code></dd>
      </dl>
      <p class="hint">${tParts('tokens.toolsHeader', { header: html`<code>Authorization: Bearer …</code>` })}</p>
      <button type="button" class="btn" onClick=${p.onPrepare}>${t('tokens.makeToolToken')}</button>
    </section>`;
}
