// The root: decides between first-run setup, sign-in and the signed-in app, and returns to sign-in when a
// request answers 401 (the URL stays, so a deep link opens after signing in).
import { html, useEffect, useState } from '../html.ts';
import { UNAUTHORIZED_EVENT, authStatus, logout, me } from '../api.ts';
import type { User } from '../api-types.ts';
import { t } from '../messages.ts';
import { AuthPage } from './auth-page.ts';
import { Shell } from './shell.ts';
import { Loading } from './loading.ts';

type Phase =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'setup' }
  | { phase: 'login'; expired?: boolean }
  | { phase: 'ready'; user: User };

/** The whole app. */
export function App() {
  const [state, setState] = useState<Phase>({ phase: 'loading' });
  const check = () => {
    authStatus()
      .then(async (s) => {
        if (s.setupRequired) return setState({ phase: 'setup' });
        const user = s.user ?? (await me().catch(() => null));
        setState(user ? { phase: 'ready', user } : { phase: 'login' });
      })
      .catch((err: Error) => setState({ phase: 'error', message: err.message }));
  };
  useEffect(() => {
    check();
    const lost = () => setState((s) => (s.phase === 'ready' ? { phase: 'login', expired: true } : s));
    window.addEventListener(UNAUTHORIZED_EVENT, lost);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, lost);
  }, []);
  const signOut = () => {
    logout().finally(() => setState({ phase: 'login' }));
  };
  switch (state.phase) {
    case 'loading':
      return html`<main class="center-page"><${Loading} /></main>`;
    case 'error':
      return html`<main class="center-page"><div class="notice error" role="alert"><p>${t('app.unreachable', { message: state.message })}</p>
        <button type="button" class="btn" onClick=${check}>${t('common.tryAgain')}</button></div></main>`;
    case 'setup':
      return html`<${AuthPage} mode="setup" onSignedIn=${(user: User) => setState({ phase: 'ready', user })} />`;
    case 'login':
      return html`<${AuthPage} mode="login" expired=${state.expired} onSignedIn=${(user: User) => setState({ phase: 'ready', user })} />`;
    case 'ready':
      return html`<${Shell} user=${state.user} onSignOut=${signOut} onUser=${(user: User) => setState({ phase: 'ready', user })} />`;
  }
}
