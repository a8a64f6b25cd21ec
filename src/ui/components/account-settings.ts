// The signed-in user's account: who they are and a password change.
import { MIN_PASSWORD_LENGTH } from '../../fields/users.ts';
import { html } from '../html.ts';
import { ApiError, changePassword, me } from '../api.ts';
import { useApp } from '../app-context.ts';
import { t, tParts } from '../messages.ts';
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
      throw new ApiError(400, 'validation_failed', t('account.checkNewPassword'), [{ field: 'confirm', message: t('account.noMatch') }]);
    if (v.newPassword.length < MIN_PASSWORD_LENGTH)
      throw new ApiError(400, 'validation_failed', t('account.checkNewPassword'), [
        { field: 'newPassword', message: t('common.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) },
      ]);
    try {
      await changePassword(v.currentPassword, v.newPassword);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_credentials') {
        throw new ApiError(400, err.code, t('account.wrongCurrent'), [{ field: 'currentPassword', message: t('account.notCurrent') }]);
      }
      throw err;
    }
    setValues(blank);
    app.toast({ kind: 'success', message: t('account.changed') });
    await me().catch(() => undefined);
  });
  const v = form.values;
  const who = tParts('account.who', {
    username: html`<strong>${app.user.username}</strong>`,
    role: html`<strong>${t(`role.${app.user.role}`)}</strong>`,
  });
  return html`
    <section class="card" aria-labelledby="acct-who">
      <h2 id="acct-who">${t('account.signedIn')}</h2>
      <p>${who}</p>
    </section>
    <section class="card" aria-labelledby="acct-pw">
      <h2 id="acct-pw">${t('account.changePassword')}</h2>
      <form class="form narrow-form" onSubmit=${form.onSubmit} novalidate>
        <input type="text" name="username" autocomplete="username" value=${app.user.username} hidden readonly />
        <${TextField} label=${t('account.current')} name="currentPassword" type="password" autocomplete="current-password" value=${v.currentPassword}
          onInput=${(x: string) => form.set('currentPassword', x)} error=${form.errors.currentPassword} required />
        <${TextField} label=${t('account.new')} name="newPassword" type="password" autocomplete="new-password" value=${v.newPassword}
          onInput=${(x: string) => form.set('newPassword', x)} error=${form.errors.newPassword} required hint=${t('common.passwordHint', { min: MIN_PASSWORD_LENGTH })} />
        <${TextField} label=${t('account.repeat')} name="confirm" type="password" autocomplete="new-password" value=${v.confirm}
          onInput=${(x: string) => form.set('confirm', x)} error=${form.errors.confirm} required />
        <${FormNotice} message=${form.formError} />
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('account.changePassword')} /></div>
      </form>
    </section>`;
}
