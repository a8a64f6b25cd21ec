// First-run setup (create the first admin) and sign-in: one centred form.
import { html } from '../html.ts';
import { ApiError, login, setup } from '../api.ts';
import type { User } from '../types.ts';
import { useForm } from '../use-form.ts';
import { TextField } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';

/** `mode` setup creates the first admin and signs in; login signs in. Reports the user up. */
export function AuthPage(p: { mode: 'setup' | 'login'; expired?: boolean; onSignedIn: (u: User) => void }) {
  const isSetup = p.mode === 'setup';
  const form = useForm({ username: '', password: '', confirm: '' }, async (v) => {
    if (isSetup) {
      if (v.password.length < 10)
        throw new ApiError(400, 'validation_failed', 'Check the password.', [
          { field: 'password', message: 'must be at least 10 characters' },
        ]);
      if (v.password !== v.confirm)
        throw new ApiError(400, 'validation_failed', 'Check the password.', [{ field: 'confirm', message: 'does not match the password' }]);
      await setup(v.username.trim(), v.password);
    }
    try {
      const r = await login(v.username.trim(), v.password);
      p.onSignedIn(r.user);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429)
        throw new ApiError(429, err.code, 'Too many failed attempts. Wait a few minutes, then try again.');
      throw err;
    }
  });
  const v = form.values;
  return html`<main class="center-page" id="main">
    <form class="card auth-card" onSubmit=${form.onSubmit} novalidate>
      <div class="brand big"><span class="brand-mark" aria-hidden="true"></span>Switchyard</div>
      <h1>${isSetup ? 'Create the first administrator' : 'Sign in'}</h1>
      ${isSetup && html`<p class="muted">This server has no users yet. The account you create here can manage everything, including other users.</p>`}
      ${p.expired && html`<p class="notice info">Your session has ended. Sign in again to continue where you were.</p>`}
      <${TextField} label="Username" name="username" value=${v.username} onInput=${(x: string) => form.set('username', x)}
        error=${form.errors.username} required autocomplete="username" autofocus />
      <${TextField} label="Password" name="password" type="password" value=${v.password} onInput=${(x: string) => form.set('password', x)}
        error=${form.errors.password} required autocomplete=${isSetup ? 'new-password' : 'current-password'}
        hint=${isSetup ? 'At least 10 characters.' : undefined} />
      ${
        isSetup &&
        html`<${TextField} label="Repeat password" name="confirm" type="password" value=${v.confirm}
        onInput=${(x: string) => form.set('confirm', x)} error=${form.errors.confirm} required autocomplete="new-password" />`
      }
      <${FormNotice} message=${form.formError} />
      <div class="form-actions">
        <${SubmitButton} pending=${form.pending} label=${isSetup ? 'Create administrator' : 'Sign in'} pendingLabel=${isSetup ? 'Creating…' : 'Signing in…'} />
      </div>
    </form>
  </main>`;
}
