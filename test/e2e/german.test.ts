// German in the browser: a user whose language is de sees German pages, numbers ("65.534") and dates
// ("23.11.2026, 09:45") in German format; switching the language in Account settings re-renders the app in the
// other language without a reload; a user who never chose gets the browser's language, the sign-in page too.
// The activity log and a port's history word each entry in German (no "Updated", "Created", "Deleted", "Undid"), a
// redo as a redo. Screenshots german-*.png of a switch, a network and the activity page at 1280 and 375 px, light
// and dark; axe on each.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seed, type Seeded } from './seed.ts';
import { h1, axeViolations, TEST_PASSWORD, useBrowserApp, watch, SHOTS } from './support.ts';

let data: Seeded;
let campusId: string;

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    // A /16: 65,534 usable addresses, written 65.534 in German.
    campusId = (await app.admin<{ id: string }>('POST', '/api/networks', { siteId: data.hqId, name: 'Campus', subnet: '10.20.0.0/16' })).id;
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
    await app.admin('POST', '/api/users', { username: 'bert', password: TEST_PASSWORD, role: 'viewer' });
  },
});

/** A new page at a size, colour scheme and browser language, watched for problems. */
async function open(browser: Browser, opts: { width?: number; dark?: boolean; locale?: string; axe?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 900 },
    colorScheme: opts.dark ? 'dark' : 'light',
    locale: opts.locale ?? 'en-US',
    bypassCSP: opts.axe ?? false, // axe-core is injected as a script
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page, problems: watch(page) };
}

/** Opens `path` and signs in through the form in whichever language it shows, until the German UI shows. */
async function signInGerman(page: Page, path: string, username = 'anna'): Promise<void> {
  await page.goto(app.baseUrl + path);
  await page.locator('form input[autocomplete="username"]').fill(username);
  await page.locator('form input[type="password"]').fill(TEST_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByRole('button', { name: 'Abmelden' }).waitFor();
}

describe('German in the browser', () => {
  it('shows German pages, numbers and dates to a user whose language is de', async () => {
    const { context, page, problems } = await open(app.browser);
    await signInGerman(page, '/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await h1(page, 'Übersicht');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Standorte' }).waitFor();
    // A finding's severity as German writes it, a capitalised noun ("Fehler", not "fehler").
    const severity = page.locator('li.finding .badge').first();
    await severity.waitFor();
    expect(await severity.innerText()).toMatch(/^(Fehler|Warnung|Hinweis)$/);

    // A switch: its ports, sections and buttons in German.
    await page.goto(`${app.baseUrl}/switches/${data.coreId}`);
    await h1(page, 'core-1');
    await page.getByRole('heading', { name: 'Frontansicht' }).waitFor();
    await page.getByRole('link', { name: 'Details bearbeiten' }).waitFor();
    await page.getByRole('columnheader', { name: 'Untagged VLAN' }).first().waitFor();

    // A network of 65,534 usable addresses: the number in German format.
    await page.goto(`${app.baseUrl}/networks/${campusId}`);
    await h1(page, 'Campus');
    await page.getByText('0 % von 65.534 nutzbaren Adressen belegt').waitFor();

    // Dates: the last sign-in of the users in German format; the activity log's days in German.
    await page.goto(`${app.baseUrl}/settings/users`);
    await h1(page, 'Benutzer und Rollen');
    const annaRow = page.locator('tr').filter({ hasText: 'anna' });
    expect(await annaRow.innerText()).toMatch(/\b\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\b/);
    expect(await annaRow.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await page.goto(`${app.baseUrl}/activity`);
    await h1(page, 'Aktivität');
    await page.getByRole('heading', { name: 'Heute' }).waitFor();
    await page.getByText('hat Switch core-1 angelegt', { exact: false }).first().waitFor();

    // Plural forms and numbers in sentences: the count of selected ports.
    await page.goto(`${app.baseUrl}/switches/${data.coreId}`);
    await h1(page, 'core-1');
    await page.getByRole('checkbox', { name: 'Alle Ports auswählen' }).check();
    await page
      .getByText(/\d+ Ports ausgewählt/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Auswahl aufheben' }).click();

    // No English left on the switch page: the words of its chrome.
    const text = await page.locator('body').innerText();
    for (const english of ['Sign out', 'Front panel', 'Edit details', 'Settings', 'Dashboard', 'Loading'])
      expect(text, english).not.toContain(english);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('switches the language in Account settings without a reload, and back', async () => {
    const { context, page, problems } = await open(app.browser);
    await page.goto(`${app.baseUrl}/settings/account`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await h1(page, 'Account');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await page.getByRole('button', { name: 'Save name and language' }).click();
    await page.getByText('Name und Sprache gespeichert.').waitFor();
    await h1(page, 'Konto');
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await page.getByLabel('Sprache', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The hint about German messages still to come is gone.
    expect(await page.locator('body').innerText()).not.toContain('until the German messages');
    const me = await app.admin<{ language: string }>('GET', '/api/auth/me');
    expect(me.language).toBe('de');

    // Other pages follow, in the same page without a reload.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Switches' }).click();
    await h1(page, 'Switches');
    await page.getByRole('button', { name: 'Switch anlegen' }).waitFor();

    await page.goto(`${app.baseUrl}/settings/account`);
    await h1(page, 'Konto');
    await page.getByLabel('Sprache', { exact: true }).selectOption('en');
    await page.getByRole('button', { name: 'Name und Sprache speichern' }).click();
    await page.getByText('Name and language saved.').waitFor();
    await h1(page, 'Account');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it("speaks the browser's language to a user who never chose one, from the sign-in page on", async () => {
    const { context, page, problems } = await open(app.browser, { locale: 'de-DE' });
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.getByLabel('Benutzername').waitFor();
    await signInGerman(page, '/', 'bert');
    await h1(page, 'Übersicht');
    await context.close();

    const en = await open(app.browser, { locale: 'en-US' });
    await en.page.goto(`${app.baseUrl}/`);
    await en.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await en.page.getByLabel('Username').fill('bert');
    await en.page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await en.page.getByRole('button', { name: 'Sign in' }).click();
    await h1(en.page, 'Dashboard');
    await en.context.close();
    expect([...problems.errors, ...en.problems.errors]).toEqual([]);
  });

  it("words the activity log and a port's history in German, a redo as a redo", async () => {
    const { context, page, problems } = await open(app.browser);
    await signInGerman(page, `/switches/${data.coreId}`);
    await h1(page, 'core-1');
    // A change made in the UI: port 5's description.
    await page.getByRole('button', { name: 'Port 5 bearbeiten', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Port 5' });
    await panel.getByLabel('Beschreibung').fill('Empfang');
    await panel.getByRole('button', { name: 'Speichern', exact: true }).click();
    await panel.waitFor({ state: 'detached' });

    // Undone and redone from the activity list.
    await page.goto(`${app.baseUrl}/activity`);
    await h1(page, 'Aktivität');
    const entries = page.locator('li.entry');
    const summary = (text: string) => entries.filter({ has: page.locator('.entry-summary', { hasText: new RegExp(`^${text}$`) }) });
    await summary('Port 5 an core-1 geändert').getByRole('button', { name: 'Rückgängig: Port 5 an core-1 geändert' }).click();
    await page
      .getByRole('dialog', { name: 'Diese Änderung rückgängig machen?' })
      .getByRole('button', { name: 'Änderung rückgängig machen' })
      .click();
    const undid = summary('Rückgängig gemacht: Port 5 an core-1 geändert');
    await undid.getByRole('button', { name: 'Wiederholen: Rückgängig gemacht: Port 5 an core-1 geändert' }).click();
    await page.getByRole('dialog', { name: 'Diese Änderung wiederholen?' }).getByRole('button', { name: 'Änderung wiederholen' }).click();
    const redid = summary('Wiederholt: Port 5 an core-1 geändert');
    await redid.waitFor();
    expect(await redid.locator('.entry-line').innerText()).toMatch(/^anna hat eine Änderung an Port 5 wiederholt/);
    const log = await page.locator('.timeline').innerText();
    for (const english of ['Updated', 'Created', 'Deleted', 'Undid', 'Redid', 'Port count']) expect(log, english).not.toContain(english);
    // What the seed made reads in German too: a switch with its ports, a bulk edit of ports.
    expect(log).toContain('Switch core-1 mit 48 Ports angelegt');
    expect(log).toMatch(/\d+ Ports an core-1 geändert/);

    // The port's history: the same entries, in German.
    await page.goto(`${app.baseUrl}/switches/${data.coreId}`);
    await h1(page, 'core-1');
    await page.getByRole('button', { name: '5 – Verlauf', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'Verlauf von Port 5 an core-1' });
    await history.locator('.entry-summary', { hasText: /^Wiederholt: Port 5 an core-1 geändert$/ }).waitFor();
    const text = await history.locator('.timeline').innerText();
    for (const english of ['Updated', 'Created', 'Deleted', 'Undid', 'Redid']) expect(text, english).not.toContain(english);
    expect(text).toContain('Rückgängig gemacht: Port 5 an core-1 geändert');
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('takes screenshots of German pages at 1280 and 375 px, light and dark, axe clean', async () => {
    const violations: string[] = [];
    for (const width of [1280, 375]) {
      for (const dark of [false, true]) {
        const { context, page, problems } = await open(app.browser, { width, dark, axe: true });
        await signInGerman(page, `/switches/${data.coreId}`);
        await h1(page, 'core-1');
        await page.getByRole('heading', { name: 'Frontansicht' }).waitFor();
        await page.waitForLoadState('networkidle');
        const scheme = dark ? 'dark' : 'light';
        await page.screenshot({ path: join(SHOTS, `german-switch-${width}-${scheme}.png`), fullPage: width === 375 });
        violations.push(...(await axeViolations(page, `German switch page ${width} ${scheme}`)));
        await page.goto(`${app.baseUrl}/networks/${data.usersNetId}`);
        await h1(page, 'Users');
        await page.getByText('nutzbaren Adressen belegt', { exact: false }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(SHOTS, `german-network-${width}-${scheme}.png`), fullPage: width === 375 });
        violations.push(...(await axeViolations(page, `German network page ${width} ${scheme}`)));
        await page.goto(`${app.baseUrl}/activity`);
        await h1(page, 'Aktivität');
        await page.locator('.entry-summary').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(SHOTS, `german-activity-${width}-${scheme}.png`), fullPage: width === 375 });
        violations.push(...(await axeViolations(page, `German activity page ${width} ${scheme}`)));
        expect(problems.errors).toEqual([]);
        await context.close();
      }
    }
    expect(violations).toEqual([]);
  }, 120_000);
});
