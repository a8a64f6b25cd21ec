// Single sign-on in the browser (issue 41): the sign-in page's provider button, the provider's own login page, back
// signed in with the role of the group; a user in no group reads why; the users page says how each user signs in and
// holds the switch that keeps passwords for admins. Against oidc-provider on 127.0.0.1, in Chromium.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcEnv, startTestProvider, type TestProvider } from '../helpers/oidc-provider.ts';
import { api, newPage, SHOTS, useBrowserApp, watch } from './support.ts';

const env: Record<string, string> = {};
let provider: TestProvider | undefined;
beforeAll(async () => {
  provider = await startTestProvider();
  Object.assign(env, oidcEnv(provider.issuer));
});
afterAll(() => provider?.close());

const app = useBrowserApp({ env, setup: async (started) => provider!.clientsFor(started.baseUrl) });

/** A fresh browser context that reaches 127.0.0.1 only (the provider's page links a web font). */
async function loopbackPage(width = 1280) {
  const opened = await newPage(app.browser, { width, height: width < 600 ? 800 : 900 });
  await opened.context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  return { ...opened, problems: watch(opened.page) };
}

/** Presses the provider's button on the sign-in page and signs `login` in on the provider's page. */
async function signInThroughProvider(page: import('playwright-core').Page, login: string) {
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await page.waitForURL((url) => url.origin === provider!.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('single sign-on in the browser', () => {
  it("signs in through the provider's button and comes back signed in with the group's role", async () => {
    const { context, page, problems } = await loopbackPage();
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'sign-in-oidc-1280.png') });
    await signInThroughProvider(page, 'eddie');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me).toMatchObject({ username: 'eddie', role: 'editor', signIn: 'oidc' });
    // A change of eddie's, for the activity log's test below.
    const made = await page.evaluate(async () => {
      const answer = await fetch('/api/sites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Made through SSO"}',
      });
      return answer.status;
    });
    expect(made).toBe(201);
    const session = (await context.cookies(app.baseUrl)).find((cookie) => cookie.name === 'session')!.value;
    // Signing out goes through the provider's end-session page, and the session ends here.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    expect((await api(app.baseUrl, 'GET', '/api/auth/me', { headers: { cookie: `session=${session}` } })).status).toBe(401);
    // The provider's pages link a web font, which the route above aborts (net::ERR_FAILED); nothing else may fail.
    expect(problems.errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });

  it('tells a user in no group why, in their language, on the sign-in page', async () => {
    const { context, page } = await loopbackPage(375);
    await signInThroughProvider(page, 'nobody');
    await page.getByText('Your account is in none of the groups that grant a role in Switchyard').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.screenshot({ path: join(SHOTS, 'sign-in-refused-375.png') });
    await context.close();
    // A browser that speaks German reads it in German (the sign-in page speaks the browser's language).
    const german = await app.browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const germanPage = await german.newPage();
    await germanPage.goto(`${app.baseUrl}/?signInError=no_group`);
    await germanPage.getByText('Ihr Konto ist in keiner der Gruppen, die in Switchyard eine Rolle gewähren.').waitFor();
    await germanPage.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor();
    await german.close();
  });

  it('shows in the activity log who signs in through the provider', async () => {
    const { page, problems, context } = await app.openPage('/activity', 'Activity');
    const entry = page.getByRole('listitem').filter({ hasText: 'Made through SSO' });
    await entry.getByText('OpenID Connect', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'activity-sign-in-1280.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('shows how each user signs in, and keeps passwords for admins when asked to', async () => {
    const { page, problems, context } = await app.openPage('/settings/users', 'Users');
    const table = page.getByRole('table', { name: 'All users' });
    await table
      .getByRole('row', { name: /eddie/ })
      .getByText(/OpenID Connect \(127\.0\.0\.1:\d+\)/)
      .waitFor();
    expect(await table.getByRole('row', { name: /admin/ }).getByRole('cell', { name: 'password', exact: true }).count()).toBe(1);
    await page.getByLabel('Password sign-in for administrators only').click();
    await page.getByText('Sign-in saved.').waitFor();
    await expect.poll(() => page.getByLabel('Password sign-in for administrators only').isChecked()).toBe(true);
    expect((await app.admin('GET', '/api/settings/sign-in')).localSignIn).toBe('admins');
    await page.screenshot({ path: join(SHOTS, 'users-sign-in-1280.png'), fullPage: true });
    await page.getByLabel('Password sign-in for administrators only').click();
    await expect.poll(async () => (await app.admin('GET', '/api/settings/sign-in')).localSignIn).toBe('everyone');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
