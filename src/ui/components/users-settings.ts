// Users and roles (admins): add, change role, disable, reset password, delete; the last admin is protected.
import { MIN_PASSWORD_LENGTH } from '../../fields/choices.ts';
import { html, useState } from '../html.ts';
import { type ApiError, createUser, deleteUser, getSignInSettings, listUsers, setLocalSignIn, updateUser } from '../api.ts';
import { ROLES } from '../api-types.ts';
import type { User } from '../api-types.ts';
import type { SignInSettings as Settings } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Modal } from './modal.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loaded } from './loaded.ts';
import '../messages-later.ts';

function explain(err: unknown): string {
  const e = err as ApiError;
  if (e?.code === 'last_admin') return t('users.lastAdmin');
  return e?.message ?? String(err);
}

function UserForm(p: {
  user?: User;
  onSubmit: (v: { username: string; password: string; role: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm({ username: p.user?.username ?? '', password: '', role: (p.user?.role ?? 'viewer') as string }, p.onSubmit);
  const f = boundFields(form);
  const editing = !!p.user;
  const roles = ROLES.map((role) => ({ value: role, label: t(`users.roleHint.${role}`) }));
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    ${!editing && f.text('username', t('field.username'), { required: true, hint: t('users.usernameHint') })}
    ${f.text('password', editing ? t('users.newPasswordFor', { name: p.user?.username }) : t('field.password'), {
      type: 'password',
      required: true,
      autocomplete: 'new-password',
      hint: t('common.passwordHint', { min: MIN_PASSWORD_LENGTH }),
    })}
    ${!editing && f.select('role', t('field.role'), roles)}
    <${FormNotice} message=${form.formError} />
    <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${editing ? t('users.setPassword') : t('users.add')} /><button type="button"
      class="btn" onClick=${p.onCancel}>${t('common.cancel')}</button></div>
  </form>`;
}

/** How a user signs in: a password kept here, the OpenID Connect provider (its host), the directory (its DN as a title). */
function signsInWith(u: User) {
  if (u.signIn === 'oidc') {
    const issuer = u.oidcIssuer ?? '';
    const host = URL.canParse(issuer) ? new URL(issuer).host : issuer;
    return html`<span title=${issuer}>${t('users.signIn.oidc', { issuer: host })}</span>`;
  }
  if (u.signIn === 'ldap') return html`<span title=${u.ldapDn ?? ''}>${t('users.signIn.ldap')}</span>`;
  return t('users.signIn.local');
}

/** Who may sign in with a password kept here, and the provider that is set. */
function SignInSettings() {
  const app = useApp();
  const settings = useResource(() => getSignInSettings(), []);
  const change = async (adminsOnly: boolean) => {
    try {
      await setLocalSignIn(adminsOnly ? 'admins' : 'everyone');
      app.toast({ kind: 'success', message: t('users.signIn.saved') });
    } catch (err) {
      app.toast({ kind: 'error', message: explain(err) });
    }
    settings.reload();
  };
  return html`<section class="card" aria-labelledby="sign-in-head">
    <div class="card-head"><h2 id="sign-in-head">${t('users.signIn.title')}</h2></div>
    <${Loaded} resource=${settings} render=${(s: Settings) => html`
      <p class="muted">${s.oidc ? t('users.signIn.oidcSet', { issuer: s.oidc.issuer }) : t('users.signIn.noOidc')}</p>
      <label class="check"><input type="checkbox" checked=${s.localSignIn === 'admins'}
        onChange=${(e: Event) => change((e.currentTarget as HTMLInputElement).checked)} /> ${t('users.signIn.adminsOnly')}</label>
      <p class="hint">${t('users.signIn.adminsOnlyHint')}</p>`} />
  </section>`;
}

/** The users section. */
export function UsersSettings() {
  const app = useApp();
  const users = useResource(() => listUsers(), []);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const act = async (what: () => Promise<unknown>, ok: string) => {
    try {
      await what();
      app.toast({ kind: 'success', message: ok });
    } catch (err) {
      app.toast({ kind: 'error', message: explain(err) });
    }
    users.reload();
  };
  const remove = async (u: User) => {
    if (
      await app.confirm({
        title: t('users.deleteTitle'),
        message: t('users.deleteQuestion', { name: u.username }),
        confirmLabel: t('users.deleteConfirm'),
        danger: true,
      })
    ) {
      await act(() => deleteUser(u.id), t('users.deleted', { name: u.username }));
    }
  };
  const columns: Column<User>[] = [
    {
      label: t('field.username'),
      render: (u) => html`${u.username}${u.id === app.user.id ? html` <span class="tag">${t('users.you')}</span>` : ''}`,
    },
    {
      label: t('field.role'),
      render: (u) => html`<select aria-label=${t('users.roleOf', { name: u.username })} value=${u.role}
        onChange=${(e: Event) =>
          act(
            () => updateUser(u.id, { role: (e.currentTarget as HTMLSelectElement).value }),
            t('users.roleChanged', { name: u.username }),
          )}>
        ${ROLES.map((role) => html`<option value=${role} selected=${role === u.role}>${t(`role.${role}`)}</option>`)}</select>`,
    },
    {
      label: t('field.status'),
      render: (u) =>
        u.disabled
          ? html`<span class="badge status-offline">${t('users.disabled')}</span>`
          : html`<span class="badge status-active">${t('users.enabled')}</span>`,
    },
    { label: t('users.col.signIn'), render: signsInWith },
    { label: t('users.col.lastSignIn'), render: (u) => formatDateTime(u.lastLoginAt) },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (u) => html`
      <button type="button" class="btn btn-small" onClick=${() =>
        act(
          () => updateUser(u.id, { disabled: !u.disabled }),
          t(u.disabled ? 'users.wasEnabled' : 'users.wasDisabled', { name: u.username }),
        )}>${u.disabled ? t('users.enable') : t('users.disable')}</button>
      ${u.signIn === 'local' && html`<button type="button" class="btn btn-small" onClick=${() => setResetting(u)}>${t('users.setPassword')}</button>`}
      <button type="button" class="btn btn-small btn-danger-outline" onClick=${() => remove(u)}
        aria-label=${t('users.deleteLabel', { name: u.username })}>${t('common.delete')}</button>`,
    },
  ];
  return html`<${SignInSettings} />
  <section class="card" aria-labelledby="users-head">
    <div class="card-head"><h2 id="users-head">${t('users.title')}</h2><button type="button" class="btn btn-primary"
      onClick=${() => setAdding(true)}>${t('users.add')}</button></div>
    <${Loaded} resource=${users} render=${(rows: User[]) => html`<${DataTable} caption=${t('users.caption')} columns=${columns} rows=${rows} />`} />
    ${
      adding &&
      html`<${Modal} title=${t('users.add')} onClose=${() => setAdding(false)}>
      <${UserForm} onCancel=${() => setAdding(false)} onSubmit=${async (v: { username: string; password: string; role: string }) => {
        await createUser({ username: v.username.trim(), password: v.password, role: v.role });
        setAdding(false);
        users.reload();
        app.toast({ kind: 'success', message: t('users.added', { name: v.username }) });
      }} />
    </${Modal}>`
    }
    ${
      resetting &&
      html`<${Modal} title=${t('users.setPassword')} onClose=${() => setResetting(null)}>
      <${UserForm} user=${resetting} onCancel=${() => setResetting(null)} onSubmit=${async (v: { password: string }) => {
        await updateUser(resetting.id, { password: v.password });
        setResetting(null);
        app.toast({ kind: 'success', message: t('users.passwordSet', { name: resetting.username }) });
      }} />
    </${Modal}>`
    }
  </section>`;
}
