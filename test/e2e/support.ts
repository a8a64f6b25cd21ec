// Shared pieces of the browser tests: one UI build per test run, the browser, a server with an admin, sign-in,
// useBrowserApp(), which sets all of that up for a test file, and axe-core on a page.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildUi } from '../../scripts/build-ui.ts';
import { CHROMIUM_PATH, fileNeeds, NEEDS, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { ROOT, api, freshDataDir, setupAdmin, startServer, TEST_PASSWORD, type TestServer } from '../helpers/server.ts';

export { api, TEST_PASSWORD };

/** docs/screenshots: where the browser tests write their screenshots (useBrowserApp makes it). */
export const SHOTS = join(ROOT, 'docs', 'screenshots');

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
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A started server; `admin` when setup ran through the API. */
export type App = { server: TestServer; baseUrl: string; adminToken: string };

/** Starts the real server (with `env` added) and creates the first admin (`admin` / TEST_PASSWORD) through the API. */
export async function startWithAdmin(env?: Record<string, string>): Promise<App> {
  const server = await startServer({ env });
  const { token } = await setupAdmin(server.baseUrl);
  return { server, baseUrl: server.baseUrl, adminToken: token };
}

/**
 * The UI built and a server started on a copy of the data directory of a shared fixture (../shared/fixtures/<fixture>),
 * which it migrates at its first start: an upgrade, as the browser tests of issue 35 see it.
 */
export async function startUpgraded(fixture: string): Promise<TestServer> {
  const dataDir = freshDataDir();
  cpSync(join(SHARED_FIXTURES, fixture), dataDir, { recursive: true });
  await ensureUiBuilt();
  return startServer({ dataDir });
}

/** The real 0.20.3 data directory of ../shared/fixtures, and its admin with the password its README names. */
export const LEGACY_FIXTURE = 'ezswm-0.20.3';
export const LEGACY_ADMIN = { username: 'campus_admin', password: 'Campus-Admin-2025!' };
/** What a test of the migrated fixture needs: Chromium and the fixture. */
export const LEGACY_FIXTURE_NEEDS = [NEEDS.chromium, sharedFixture(LEGACY_FIXTURE)];

/** A server upgraded from the 0.20.3 data directory (startUpgraded), the browser, and a token of the fixture's admin. */
export async function startMigratedFixture(): Promise<{ server: TestServer; browser: Browser; token: string }> {
  const server = await startUpgraded(LEGACY_FIXTURE);
  const browser = await launchBrowser();
  const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: LEGACY_ADMIN });
  return { server, browser, token: login.body.token };
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

/** Fills in the sign-in form and presses its button. */
export async function submitSignIn(page: Page, username = 'admin', password = TEST_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` and signs in through the form (the form shows because the context has no session yet). */
export async function signIn(page: Page, baseUrl: string, path: string, username = 'admin', password = TEST_PASSWORD): Promise<void> {
  await page.goto(baseUrl + path);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await submitSignIn(page, username, password);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Waits for the page's title (its h1) to read `name`. */
export function h1(page: Page, name: string): Promise<void> {
  return page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** One violation axe-core found: its rule, impact, help text and the elements it names (their selectors). */
export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.0 and 2.1, A and AA, and best practices) on the page as it stands. Injecting axe needs a
 * context that bypasses the CSP (newPage's bypassCSP).
 */
export async function runAxe(page: Page): Promise<{ passes: number; violations: AxeViolation[] }> {
  await page.addScriptTag({ content: readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8') });
  return page.evaluate(async () => {
    type Result = { passes: unknown[]; violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return {
      passes: r.passes.length,
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })),
    };
  });
}

/** A violation in one line, led by where it was found: "<where>: <rule> [<impact>] <help> → <elements>". */
export function axeLine(where: string, v: AxeViolation): string {
  return `${where}: ${v.id} [${v.impact}] ${v.help} → ${v.targets.join(', ')}`;
}

/**
 * axe-core on the page once its network is idle, expected to have run (more than ten passes) on `where`: its
 * violations, each a line led by `where` (a test fails on any of them, minor and moderate too).
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const r = await runAxe(page);
  expect(r.passes, `axe ran on ${where}`).toBeGreaterThan(10);
  return r.violations.map((v) => axeLine(where, v));
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

/** The options of newPage(): size, colour scheme, CSP bypass. */
type PageOptions = Parameters<typeof newPage>[1];

/** A page signed in as someone, with the problems it reports. */
export type SignedInPage = { context: BrowserContext; page: Page; problems: PageProblems };

/**
 * Sets up a test file: registers beforeAll (the UI build, a server with an admin unless `firstRun`, `env` added to its
 * environment, the browser,
 * then `setup`) and afterAll (closing both). The returned getters read what beforeAll made. Without Chromium, the
 * file's tests are skipped, or fail under CI=true (helpers/needs.ts).
 */
export function useBrowserApp(opts: { firstRun?: boolean; env?: Record<string, string>; setup?: (app: App) => Promise<void> } = {}) {
  let app: App | undefined;
  let browser: Browser | undefined;
  const runnable = fileNeeds([NEEDS.chromium]);
  beforeAll(async () => {
    if (!runnable) return;
    mkdirSync(SHOTS, { recursive: true });
    await ensureUiBuilt();
    if (opts.firstRun) {
      const server = await startServer();
      app = { server, baseUrl: server.baseUrl, adminToken: '' };
    } else app = await startWithAdmin(opts.env);
    browser = await launchBrowser();
    await opts.setup?.(app);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.server.stop();
  });
  const started = () => {
    if (!app || !browser) throw new Error('useBrowserApp: beforeAll has not run');
    return { app, browser };
  };
  /** A new page (see newPage), watched for problems, that opens `path` and signs in as `username`. */
  const signedIn = async (path: string, username = 'admin', pageOptions: PageOptions = {}): Promise<SignedInPage> => {
    const { context, page } = await newPage(started().browser, pageOptions);
    const problems = watch(page);
    await signIn(page, started().app.baseUrl, path, username);
    return { context, page, problems };
  };
  return {
    get baseUrl(): string {
      return started().app.baseUrl;
    },
    get adminToken(): string {
      return started().app.adminToken;
    },
    get browser(): Browser {
      return started().browser;
    },
    /** Calls the API as the admin; see must(). */
    admin<T = any>(method: string, path: string, body?: unknown, want?: number[]): Promise<T> {
      return must<T>(started().app.baseUrl, started().app.adminToken, method, path, body, want);
    },
    signedIn,
    /** signedIn() as the admin, once the page's title reads `heading`; its finish() is finishPage(). */
    async openPage(path: string, heading: string): Promise<SignedInPage & { finish(): Promise<void> }> {
      const opened = await signedIn(path);
      await h1(opened.page, heading);
      return { ...opened, finish: () => finishPage(opened) };
    },
  };
}

/** Expects that a page reported no errors, and closes it. */
export async function finishPage({ context, problems }: SignedInPage): Promise<void> {
  expect(problems.errors).toEqual([]);
  await context.close();
}
