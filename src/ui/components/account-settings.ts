// The signed-in user's account: who they are, their display name and language, and a password change.
import { LANGUAGES, MIN_PASSWORD_LENGTH } from '../../fields/choices.ts';
import { html } from '../html.ts';
import { ApiError, changePassword, me, updateMe } from '../api.ts';
import type { User } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { t, tParts } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import '../messages-later.ts';

/** The account section. */
export function AccountSettings() {
  const app = useApp();
  const profile = useForm({ displayName: app.user.displayName ?? '', language: (app.user.language ?? 'en') as string }, async (v) => {
    const user = await updateMe({ displayName: v.displayName.trim() || null, language: v.language as User['language'] });
    await app.setUser(user); // in a new language, the pages re-render in it before the message shows
    app.toast({ kind: 'success', message: t('account.profileSaved') });
  });
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
  const f = boundFields(profile);
  const g = boundFields(form);
  const who = tParts('account.who', {
    username: html`<strong>${app.user.username}</strong>`,
    role: html`<strong>${t(`role.${app.user.role}`)}</strong>`,
  });
  return html`
    <section class="card" aria-labelledby="acct-who">
      <h2 id="acct-who">${t('account.signedIn')}</h2>
      <p>${who}</p>
    </section>
    <section class="card" aria-labelledby="acct-profile">
      <h2 id="acct-profile">${t('account.profile')}</h2>
      <form class="form narrow-form" onSubmit=${profile.onSubmit} novalidate>
        ${f.text('displayName', t('account.displayName'), { maxLength: 100, autocomplete: 'name', hint: t('account.displayNameHint') })}
        ${f.select(
          'language',
          t('account.language'),
          LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) })),
        )}
        <${FormNotice} message=${profile.formError} />
        <div class="form-actions"><${SubmitButton} pending=${profile.pending} label=${t('account.saveProfile')} /></div>
      </form>
    </section>
    <section class="card" aria-labelledby="acct-pw">
      <h2 id="acct-pw">${t('account.changePassword')}</h2>
      <form class="form narrow-form" onSubmit=${form.onSubmit} novalidate>
        <input type="text" name="username" autocomplete="username" value=${app.user.username} hidden readonly />
        ${g.text('currentPassword', t('account.current'), { type: 'password', autocomplete: 'current-password', required: true })}
        ${g.text('newPassword', t('account.new'), {
          type: 'password',
          autocomplete: 'new-password',
          required: true,
          hint: t('common.passwordHint', { min: MIN_PASSWORD_LENGTH }),
        })}
        ${g.text('confirm', t('account.repeat'), { type: 'password', autocomplete: 'new-password', required: true })}
        <${FormNotice} message=${form.formError} />
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('account.changePassword')} /></div>
      </form>
    </section>`;
}
