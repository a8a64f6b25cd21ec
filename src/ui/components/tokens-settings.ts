// API tokens of the signed-in user: create (the secret shows once, with a copy button) and revoke.
import { html, useState } from '../html.ts';
import { createToken, deleteToken, listTokens } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useForm } from '../use-form.ts';
import type { ApiToken } from '../types.ts';
import { formatDateTime } from '../format.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';

/** The tokens section. */
export function TokensSettings() {
  const app = useApp();
  const tokens = useResource(() => listTokens(), []);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const form = useForm({ name: '', expiresInDays: '' }, async (v, { setValues }) => {
    const days = v.expiresInDays.trim() === '' ? undefined : Number(v.expiresInDays);
    const t = await createToken({ name: v.name.trim(), expiresInDays: days });
    setSecret({ name: t.name, token: t.token ?? '' });
    setValues({ name: '', expiresInDays: '' });
    tokens.reload();
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret?.token ?? '');
      app.toast({ kind: 'success', message: 'Token copied.' });
    } catch {
      app.toast({ kind: 'error', message: 'The browser did not allow copying. Select the token and copy it instead.' });
    }
  };
  const revoke = async (t: ApiToken) => {
    if (
      !(await app.confirm({
        title: 'Revoke token?',
        message: `Revoke the token ${t.name}? Scripts using it stop working at once.`,
        confirmLabel: 'Revoke token',
        danger: true,
      }))
    )
      return;
    try {
      await deleteToken(t.id);
      app.toast({ kind: 'success', message: `Token ${t.name} revoked.` });
    } catch (err) {
      app.toast({ kind: 'error', message: (err as Error).message });
    }
    tokens.reload();
  };
  const columns: Column<ApiToken>[] = [
    { label: 'Name', render: (t) => t.name },
    { label: 'Created', render: (t) => formatDateTime(t.createdAt) },
    { label: 'Expires', render: (t) => (t.expiresAt ? formatDateTime(t.expiresAt) : 'never') },
    { label: 'Last used', render: (t) => formatDateTime(t.lastUsedAt) },
    {
      label: 'Actions',
      className: 'actions',
      render: (t) =>
        html`<button type="button" class="btn btn-small btn-danger-outline" onClick=${() => revoke(t)} aria-label=${`Revoke token ${t.name}`}>Revoke</button>`,
    },
  ];
  const v = form.values;
  return html`
    <section class="card" aria-labelledby="tok-new">
      <h2 id="tok-new">New API token</h2>
      <p>Scripts send it as <code>Authorization: Bearer …</code>. It acts with your role.</p>
      <form class="form form-row" onSubmit=${form.onSubmit} novalidate>
        <${TextField} label="Name" name="name" value=${v.name} onInput=${(x: string) => form.set('name', x)} error=${form.errors.name} required placeholder="backup script" />
        <${TextField} label="Expires after (days)" name="expiresInDays" type="number" min=${1} inputMode="numeric" value=${v.expiresInDays}
          onInput=${(x: string) => form.set('expiresInDays', x)} error=${form.errors.expiresInDays} hint="Empty: never." />
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label="Create token" pendingLabel="Creating…" /></div>
      </form>
      <${FormNotice} message=${form.formError} />
      ${
        secret &&
        html`<div class="notice success secret" role="status">
        <p>Token <strong>${secret.name}</strong> created. Copy it now: it is shown only this once.</p>
        <div class="secret-row"><input type="text" readonly value=${secret.token} aria-label="The new token" class="mono" onFocus=${(e: Event) => (e.currentTarget as HTMLInputElement).select()} />
          <button type="button" class="btn btn-primary" onClick=${copy}>Copy</button>
          <button type="button" class="btn" onClick=${() => setSecret(null)}>Done</button></div>
      </div>`
      }
    </section>
    <section class="card" aria-labelledby="tok-list">
      <h2 id="tok-list">Your tokens</h2>
      ${
        tokens.error
          ? html`<${ErrorState} error=${tokens.error} onRetry=${tokens.reload} />`
          : !tokens.data
            ? html`<${Loading} />`
            : tokens.data.length === 0
              ? html`<${EmptyState} message="No API tokens yet. Create one above for a script or an integration." />`
              : html`<${DataTable} caption="API tokens" columns=${columns} rows=${tokens.data} />`
      }
    </section>`;
}
