// The root: decides between first-run setup, sign-in and the signed-in app, and returns to sign-in when a
// request answers 401 (the URL stays, so a deep link opens after signing in).
import { html, useEffect, useState } from '../html.ts';
import { OIDC_LOGOUT_URL, type SignInOptions, UNAUTHORIZED_EVENT, authStatus, logout, me } from '../api.ts';
import type { User } from '../api-types.ts';
import { type Language, browserLanguage, language, setLanguage, t } from '../messages.ts';
import { AuthPage } from './auth-page.ts';
import { Shell } from './shell.ts';
import { Loading } from './loading.ts';
import { lazyPage } from './lazy-page.ts';
import { useRoute } from '../router.ts';

// The public read-only page of a switch (/p/<token>): shown to anybody, signed in or not, without the frame.
const PublicPage = lazyPage(async () => (await import('./public-page.ts')).PublicPage);

type Phase =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'setup' }
  | { phase: 'login'; expired?: boolean }
  | { phase: 'ready'; user: User };

/**
 * The language a user's UI speaks: theirs, or the browser's while they never chose one (a user record never
 * changed since it was made still holds the default `en`).
 */
export const userLanguage = (user: User | null): Language =>
  !user ? browserLanguage() : user.language === 'de' || user.updatedAt !== user.createdAt ? user.language : browserLanguage();

/** Why a sign-in through the provider was refused: the callback's ?signInError=…, read once and taken off the URL. */
function takeSignInError(): string | undefined {
  const url = new URL(window.location.href);
  const reason = url.searchParams.get('signInError') ?? undefined;
  if (reason === undefined) return undefined;
  url.searchParams.delete('signInError');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return reason;
}

/** The whole app. */
export function App() {
  const [state, setState] = useState<Phase>({ phase: 'loading' });
  const [signIn, setSignIn] = useState<SignInOptions>({ oidc: null, ldap: false });
  const [signInError] = useState(takeSignInError);
  const route = useRoute();
  // Switches the catalogue (German loads on first use) before showing what it labels, then re-renders.
  const show = async (next: Phase) => {
    const want = userLanguage(next.phase === 'ready' ? next.user : null);
    if (want !== language()) await setLanguage(want).catch(() => undefined);
    setState(next);
  };
  const check = () => {
    authStatus()
      .then(async (s) => {
        if (s.signIn) setSignIn(s.signIn);
        if (s.setupRequired) return show({ phase: 'setup' });
        const user = s.user ?? (await me().catch(() => null));
        return show(user ? { phase: 'ready', user } : { phase: 'login' });
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
    // A user of the OpenID Connect provider then signs out there too (RP-initiated logout), through the server.
    const atProvider = state.phase === 'ready' && state.user.signIn === 'oidc';
    logout().finally(() => (atProvider ? window.location.assign(OIDC_LOGOUT_URL) : void show({ phase: 'login' })));
  };
  if (route.name === 'public' && route.id) return html`<${PublicPage} key=${route.id} token=${route.id} />`;
  switch (state.phase) {
    case 'loading':
      return html`<main class="center-page"><${Loading} /></main>`;
    case 'error':
      return html`<main class="center-page"><div class="notice error" role="alert"><p>${t('app.unreachable', { message: state.message })}</p>
        <button type="button" class="btn" onClick=${check}>${t('common.tryAgain')}</button></div></main>`;
    case 'setup':
      return html`<${AuthPage} mode="setup" onSignedIn=${(user: User) => show({ phase: 'ready', user })} />`;
    case 'login':
      return html`<${AuthPage} mode="login" expired=${state.expired} signIn=${signIn} signInError=${signInError}
        onSignedIn=${(user: User) => show({ phase: 'ready', user })} />`;
    case 'ready':
      return html`<${Shell} user=${state.user} onSignOut=${signOut} onUser=${(user: User) => show({ phase: 'ready', user })} />`;
  }
}
