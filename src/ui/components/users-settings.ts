// Users and roles (admins): add, change role, disable, reset password, delete; the last admin is protected.
import { html, useState } from '../html.ts';
import { type ApiError, createUser, deleteUser, listUsers, updateUser } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useForm } from '../use-form.ts';
import type { User } from '../types.ts';
import { formatDateTime } from '../format.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Modal } from './modal.ts';
import { SelectField, TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';

const ROLES = [
  { value: 'viewer', label: 'viewer: reads everything' },
  { value: 'editor', label: 'editor: changes inventory, undoes' },
  { value: 'admin', label: 'admin: everything, users, data' },
];

function explain(err: unknown): string {
  const e = err as ApiError;
  if (e?.code === 'last_admin') return 'This is the last admin: make another user admin first.';
  return e?.message ?? String(err);
}

function UserForm(p: {
  user?: User;
  onSubmit: (v: { username: string; password: string; role: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm({ username: p.user?.username ?? '', password: '', role: (p.user?.role ?? 'viewer') as string }, p.onSubmit);
  const v = form.values;
  const editing = !!p.user;
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate>
    ${
      !editing &&
      html`<${TextField} label="Username" name="username" value=${v.username} onInput=${(x: string) => form.set('username', x)} error=${form.errors.username} required autocomplete="off"
      hint="1 to 64 letters, digits, dots, underscores or hyphens." />`
    }
    <${TextField} label=${editing ? `New password for ${p.user?.username}` : 'Password'} name="password" type="password" value=${v.password}
      onInput=${(x: string) => form.set('password', x)} error=${form.errors.password} required autocomplete="new-password" hint="At least 10 characters." />
    ${!editing && html`<${SelectField} label="Role" name="role" value=${v.role} onChange=${(x: string) => form.set('role', x)} error=${form.errors.role} options=${ROLES} />`}
    <${FormNotice} message=${form.formError} />
    <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${editing ? 'Set password' : 'Add user'} /><button type="button" class="btn" onClick=${p.onCancel}>Cancel</button></div>
  </form>`;
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
        title: 'Delete user?',
        message: `Delete user ${u.username}? Their API tokens stop working.`,
        confirmLabel: 'Delete user',
        danger: true,
      })
    ) {
      await act(() => deleteUser(u.id), `User ${u.username} deleted.`);
    }
  };
  const columns: Column<User>[] = [
    { label: 'Username', render: (u) => html`${u.username}${u.id === app.user.id ? html` <span class="tag">you</span>` : ''}` },
    {
      label: 'Role',
      render: (u) => html`<select aria-label=${`Role of ${u.username}`} value=${u.role}
        onChange=${(e: Event) => act(() => updateUser(u.id, { role: (e.currentTarget as HTMLSelectElement).value }, u.version), `Role of ${u.username} changed.`)}>
        ${ROLES.map((r) => html`<option value=${r.value} selected=${r.value === u.role}>${r.value}</option>`)}</select>`,
    },
    {
      label: 'Status',
      render: (u) =>
        u.disabled ? html`<span class="badge status-offline">disabled</span>` : html`<span class="badge status-active">enabled</span>`,
    },
    { label: 'Last sign-in', render: (u) => formatDateTime(u.lastLoginAt) },
    {
      label: 'Actions',
      className: 'actions',
      render: (u) => html`
      <button type="button" class="btn btn-small" onClick=${() => act(() => updateUser(u.id, { disabled: !u.disabled }, u.version), `User ${u.username} ${u.disabled ? 'enabled' : 'disabled'}.`)}>${u.disabled ? 'Enable' : 'Disable'}</button>
      <button type="button" class="btn btn-small" onClick=${() => setResetting(u)}>Set password</button>
      <button type="button" class="btn btn-small btn-danger-outline" onClick=${() => remove(u)} aria-label=${`Delete user ${u.username}`}>Delete</button>`,
    },
  ];
  return html`<section class="card" aria-labelledby="users-head">
    <div class="card-head"><h2 id="users-head">Users</h2><button type="button" class="btn btn-primary" onClick=${() => setAdding(true)}>Add user</button></div>
    ${
      users.error
        ? html`<${ErrorState} error=${users.error} onRetry=${users.reload} />`
        : !users.data
          ? html`<${Loading} />`
          : html`<${DataTable} caption="All users" columns=${columns} rows=${users.data} />`
    }
    ${
      adding &&
      html`<${Modal} title="Add user" onClose=${() => setAdding(false)}>
      <${UserForm} onCancel=${() => setAdding(false)} onSubmit=${async (v: { username: string; password: string; role: string }) => {
        await createUser({ username: v.username.trim(), password: v.password, role: v.role });
        setAdding(false);
        users.reload();
        app.toast({ kind: 'success', message: `User ${v.username} added.` });
      }} />
    </${Modal}>`
    }
    ${
      resetting &&
      html`<${Modal} title="Set password" onClose=${() => setResetting(null)}>
      <${UserForm} user=${resetting} onCancel=${() => setResetting(null)} onSubmit=${async (v: { password: string }) => {
        await updateUser(resetting.id, { password: v.password }, resetting.version);
        setResetting(null);
        app.toast({ kind: 'success', message: `Password of ${resetting.username} set.` });
      }} />
    </${Modal}>`
    }
  </section>`;
}
