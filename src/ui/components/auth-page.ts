// First-run setup (create the first admin) and sign-in: one centred form.
import { MIN_PASSWORD_LENGTH } from '../../fields/choices.ts';
import { html } from '../html.ts';
import { ApiError, login, OIDC_START_URL, type SignInOptions, setup } from '../api.ts';
import type { User } from '../api-types.ts';
import { type MessageKey, t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

/** Why a sign-in through the provider was refused, as the callback names it (?signInError=…), and its words. */
const SIGN_IN_ERRORS: Record<string, MessageKey> = {
  state: 'auth.signInError.state',
  no_group: 'auth.signInError.no_group',
  user_disabled: 'auth.signInError.user_disabled',
  provider_error: 'auth.signInError.provider_error',
  token: 'auth.signInError.token',
  unreachable: 'auth.signInError.unreachable',
  last_admin: 'auth.signInError.last_admin',
};

/** The words of a refused sign-in through the provider. */
export function signInErrorText(reason: string): string {
  return t(Object.hasOwn(SIGN_IN_ERRORS, reason) ? SIGN_IN_ERRORS[reason] : 'auth.signInError.other');
}

/**
 * `mode` setup creates the first admin and signs in; login signs in, with the provider's button when one is set
 * (`signIn`), and says why a sign-in through it was refused (`signInError`). Reports the user up.
 */
export function AuthPage(p: {
  mode: 'setup' | 'login';
  expired?: boolean;
  signIn?: SignInOptions;
  signInError?: string;
  onSignedIn: (u: User) => void;
}) {
  const isSetup = p.mode === 'setup';
  const form = useForm({ username: '', password: '', confirm: '' }, async (v) => {
    if (isSetup) {
      if (v.password.length < MIN_PASSWORD_LENGTH)
        throw new ApiError(400, 'validation_failed', t('auth.checkPassword'), [
          { field: 'password', message: t('common.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) },
        ]);
      if (v.password !== v.confirm)
        throw new ApiError(400, 'validation_failed', t('auth.checkPassword'), [{ field: 'confirm', message: t('auth.noMatch') }]);
      await setup(v.username.trim(), v.password);
    }
    try {
      const r = await login(v.username.trim(), v.password);
      p.onSignedIn(r.user);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) throw new ApiError(429, err.code, t('auth.tooMany'));
      if (err instanceof ApiError && err.code === 'local_sign_in_off') throw new ApiError(403, err.code, t('auth.localSignInOff'));
      if (err instanceof ApiError && err.code === 'directory_unavailable') throw new ApiError(503, err.code, t('auth.directoryDown'));
      // A directory user in no group, or disabled here: the same words as after the provider's sign-in.
      if (err instanceof ApiError && (err.code === 'no_group' || err.code === 'user_disabled' || err.code === 'last_admin')) {
        throw new ApiError(403, err.code, signInErrorText(err.code));
      }
      throw err;
    }
  });
  const f = boundFields(form);
  const password = { type: 'password', required: true };
  return html`<main class="center-page" id="main">
    <form class="card auth-card" onSubmit=${form.onSubmit} novalidate>
      <div class="brand big"><span class="brand-mark" aria-hidden="true"></span>${t('app.name')}</div>
      <h1>${isSetup ? t('auth.setupTitle') : t('auth.signIn')}</h1>
      ${isSetup && html`<p class="muted">${t('auth.setupIntro')}</p>`}
      ${p.expired && html`<p class="notice info">${t('auth.expired')}</p>`}
      ${p.signInError && html`<p class="notice error" role="alert">${signInErrorText(p.signInError)}</p>`}
      ${
        !isSetup &&
        p.signIn?.oidc &&
        html`<a class="btn btn-primary btn-block" href=${OIDC_START_URL}>${p.signIn.oidc.label ?? t('auth.oidcButton')}</a>
        <p class="muted auth-or">${t('auth.or')}</p>`
      }
      ${f.text('username', t('field.username'), { required: true, autocomplete: 'username', autofocus: !p.signIn?.oidc })}
      ${f.text('password', t('field.password'), {
        ...password,
        autocomplete: isSetup ? 'new-password' : 'current-password',
        hint: isSetup ? t('common.passwordHint', { min: MIN_PASSWORD_LENGTH }) : undefined,
      })}
      ${isSetup && f.text('confirm', t('auth.repeat'), { ...password, autocomplete: 'new-password' })}
      <${FormNotice} message=${form.formError} />
      <div class="form-actions">
        <${SubmitButton} pending=${form.pending} label=${isSetup ? t('auth.createAdmin') : t('auth.signIn')}
          pendingLabel=${isSetup ? t('common.creating') : t('auth.signingIn')} />
      </div>
    </form>
  </main>`;
}
