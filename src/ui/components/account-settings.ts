// The signed-in user's account: who they are and a password change.
import { html } from '../html.ts';
import { ApiError, changePassword, me } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useForm } from '../use-form.ts';
import { TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

/** The account section. */
export function AccountSettings() {
  const app = useApp();
  const blank = { currentPassword: '', newPassword: '', confirm: '' };
  const form = useForm(blank, async (v, { setValues }) => {
    if (v.newPassword !== v.confirm)
      throw new ApiError(400, 'validation_failed', 'Check the new password.', [
        { field: 'confirm', message: 'does not match the new password' },
      ]);
    if (v.newPassword.length < 10)
      throw new ApiError(400, 'validation_failed', 'Check the new password.', [
        { field: 'newPassword', message: 'must be at least 10 characters' },
      ]);
    try {
      await changePassword(v.currentPassword, v.newPassword);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_credentials') {
        throw new ApiError(400, err.code, 'The current password is wrong.', [
          { field: 'currentPassword', message: 'is not your current password' },
        ]);
      }
      throw err;
    }
    setValues(blank);
    app.toast({ kind: 'success', message: 'Password changed. Your other sessions and tokens have been signed out.' });
    await me().catch(() => undefined);
  });
  const v = form.values;
  return html`
    <section class="card" aria-labelledby="acct-who">
      <h2 id="acct-who">Signed in</h2>
      <p>You are <strong>${app.user.username}</strong>, with the role <strong>${app.user.role}</strong>.</p>
    </section>
    <section class="card" aria-labelledby="acct-pw">
      <h2 id="acct-pw">Change password</h2>
      <form class="form narrow-form" onSubmit=${form.onSubmit} novalidate>
        <input type="text" name="username" autocomplete="username" value=${app.user.username} hidden readonly />
        <${TextField} label="Current password" name="currentPassword" type="password" autocomplete="current-password" value=${v.currentPassword}
          onInput=${(x: string) => form.set('currentPassword', x)} error=${form.errors.currentPassword} required />
        <${TextField} label="New password" name="newPassword" type="password" autocomplete="new-password" value=${v.newPassword}
          onInput=${(x: string) => form.set('newPassword', x)} error=${form.errors.newPassword} required hint="At least 10 characters." />
        <${TextField} label="Repeat new password" name="confirm" type="password" autocomplete="new-password" value=${v.confirm}
          onInput=${(x: string) => form.set('confirm', x)} error=${form.errors.confirm} required />
        <${FormNotice} message=${form.formError} />
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label="Change password" /></div>
      </form>
    </section>`;
}
