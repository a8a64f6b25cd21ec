// Shared pieces of the browser tests: one UI build per test run, the browser, a server with an admin, sign-in.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildUi } from '../../scripts/build-ui.ts';
import { ROOT, api, setupAdmin, startServer, TEST_PASSWORD, type TestServer } from '../helpers/server.ts';

export { api, TEST_PASSWORD };

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(p).update(readFileSync(p));
    }
  };
  walk(join(ROOT, 'src', 'ui'));
  hash.update(readFileSync(join(ROOT, 'scripts', 'build-ui.ts')));
  return hash.digest('hex');
}

/**
 * Builds the UI into public/ with buildUi(). Test files run in parallel processes and the server serves
 * public/ directly, so the build runs under a lock and is skipped when public/ already holds this source's build.
 */
export async function ensureUiBuilt(): Promise<void> {
  const lock = join(tmpdir(), 'switchyard-ui-build.lock');
  const stamp = join(ROOT, 'public', 'assets', '.e2e-build-stamp');
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute belongs to a crashed run.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* gone already */
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for the UI build lock');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const want = sourceHash();
    const index = join(ROOT, 'public', 'index.html');
    if (existsSync(stamp) && existsSync(index) && readFileSync(stamp, 'utf8') === want) return;
    await buildUi();
    writeFileSync(stamp, want);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Launches the system Chromium headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A started server; `admin` when setup ran through the API. */
export type App = { server: TestServer; baseUrl: string; adminToken: string };

/** Starts the real server and creates the first admin (`admin` / TEST_PASSWORD) through the API. */
export async function startWithAdmin(): Promise<App> {
  const server = await startServer();
  const { token } = await setupAdmin(server.baseUrl);
  return { server, baseUrl: server.baseUrl, adminToken: token };
}

/** Calls the API with a token and fails the test on an unexpected status. */
export async function must<T = any>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  want = [200, 201, 204],
): Promise<T> {
  const r = await api<T>(baseUrl, method, path, { token, body });
  if (!want.includes(r.status)) throw new Error(`${method} ${path} answered ${r.status}: ${r.text}`);
  return r.body;
}

/** Problems a page reported: console errors, uncaught exceptions, CSP violations, dialogs. */
export type PageProblems = { errors: string[]; dialogs: string[] };

/** Watches a page for errors and dialogs (dialogs are dismissed and recorded). */
export function watch(page: Page): PageProblems {
  const problems: PageProblems = { errors: [], dialogs: [] };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    // A failed request is logged by the browser as an error; the UI handles those answers itself.
    if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(text)) return;
    problems.errors.push(text);
  });
  page.on('pageerror', (e) => problems.errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    problems.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

/** Opens `path` and signs in through the form (the form shows because the context has no session yet). */
export async function signIn(page: Page, baseUrl: string, path: string, username = 'admin', password = TEST_PASSWORD): Promise<void> {
  await page.goto(baseUrl + path);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A new browser context with a page, at a size and colour scheme. */
export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; dark?: boolean; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    colorScheme: opts.dark ? 'dark' : 'light',
    bypassCSP: opts.bypassCSP ?? false,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}
