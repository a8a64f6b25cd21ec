// The print view and public read-only links in the browser: the print view of a switch (front panel, VLAN legend,
// port table, a QR code of the switch's page) printed to PDF through Chromium (A4 landscape, rendered to PNG by
// pdftoppm, which .ci/run installs); a public link made on the switch page (its URL shown once), the print view's QR code
// then encoding it; the public page opened signed out, showing only what the link answers; the link revoked after
// a confirmation, the page then saying it opens nothing; the rate limit's answer; screenshots and axe.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { itNeeding, NEEDS } from '../helpers/needs.ts';
import { ROOT } from '../helpers/server.ts';
import { h1, newPage, axeViolations, useBrowserApp, watch, SHOTS } from './support.ts';
import { seed, type Seeded } from './seed.ts';

let data: Seeded;
const OUT = join(ROOT, 'test-results');

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    mkdirSync(OUT, { recursive: true });
  },
});

/** The SVG path the sheet draws for `text` (the same encoder, options and quiet zone). */
function qrPath(text: string): string {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const parts: string[] = [];
  qr.data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x + 4} ${y + 4}h1v1h-1z`)));
  return parts.join('');
}

const qrOf = (page: Page) => page.locator('.print-sheet svg.qr path').getAttribute('d');

/** Shots of the current page at 1280 and 375 px, light and dark, named `<name>-<scheme>-<width>.png`. */
async function shots(page: Page, name: string, ready: (p: Page) => Promise<void>): Promise<void> {
  for (const dark of [false, true])
    for (const width of [1280, 375]) {
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.setViewportSize({ width, height: 900 });
      await ready(page);
      await page.mouse.move(width - 5, 5);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${name} at ${width} px fits sideways`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(SHOTS, `${name}-${dark ? 'dark' : 'light'}-${width}.png`), fullPage: width === 1280 });
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('print view and public links', () => {
  let publicUrl = '';

  itNeeding(
    [NEEDS.pdftoppm],
    'prints a switch: front panel, legend, port table and a QR code of its page, to an A4 landscape PDF',
    {},
    async () => {
      const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { bypassCSP: true });
      await h1(page, 'core-1');
      await page.getByRole('link', { name: 'Print', exact: true }).click();
      await h1(page, 'Print view');
      expect(new URL(page.url()).pathname).toBe(`/switches/${data.coreId}/print`);
      const sheet = page.locator('article.print-sheet');
      await sheet.getByRole('heading', { name: 'core-1', level: 2 }).waitFor();
      await sheet.getByText('Arista 7050SX · Server room · Rack A1, U42').waitFor();
      const core = await app.admin<{ ports: { name: string }[] }>('GET', `/api/switches/${data.coreId}`);
      expect(await sheet.locator('.panel .port').count()).toBe(core.ports.length);
      expect(await sheet.locator('table.sheet-ports tbody tr').count()).toBe(core.ports.length);
      await sheet.locator('.sheet-legend').getByText('Users').waitFor();
      // The link of Et48 by its far end's name.
      await sheet.locator('tr', { hasText: 'Et48' }).getByText('access-1 / 24').waitFor();
      // Nothing the public page may not show: no management IP, serial or notes.
      const text = await sheet.innerText();
      expect(text).not.toContain('10.0.99.2');
      expect(text).not.toContain('JPE1234567');
      // Without a public link made in this tab, the QR code opens the switch's page in the app.
      const appUrl = `${app.baseUrl}/switches/${data.coreId}`;
      expect(await qrOf(page)).toBe(qrPath(appUrl));
      await sheet.getByText('Scan to open this switch in Switchyard.').waitFor();
      expect(await axeViolations(page, 'print view')).toEqual([]);
      await shots(page, 'print', async (p) => {
        await p.locator('.print-sheet .panel').waitFor();
      });

      // Printed through Chromium: A4 landscape (842 × 595 pt), the frame's navigation left out.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.side-nav').isVisible()).toBe(false);
      expect(await page.locator('.no-print').first().isVisible()).toBe(false);
      await page.screenshot({ path: join(SHOTS, 'print-media-1280.png'), fullPage: true });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pdfFile = join(OUT, 'print-core-1.pdf');
      writeFileSync(pdfFile, pdf);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
      expect(box).not.toBeNull();
      expect(Math.round(Number(box![1]))).toBeGreaterThanOrEqual(841);
      expect(Math.round(Number(box![1]))).toBeLessThanOrEqual(843);
      expect(Math.round(Number(box![2]))).toBeGreaterThanOrEqual(594);
      expect(Math.round(Number(box![2]))).toBeLessThanOrEqual(596);
      // The printed page as an image, to look at (.ci/run installs poppler-utils for pdftoppm).
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfFile, join(SHOTS, 'print-pdf-page1')]);
      expect(readFileSync(join(SHOTS, 'print-pdf-page1.png')).subarray(1, 4).toString()).toBe('PNG');
      await page.emulateMedia({ media: 'screen' });
      expect(problems.errors).toEqual([]);
      await context.close();
    },
  );

  it('makes a public link (shown once), prints its QR code, shows the switch signed out, and revokes it', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}?tab=details`, 'admin', { bypassCSP: true });
    await h1(page, 'core-1');
    const section = page.locator('section.public-links');
    await section.getByText('No public links to this switch.').waitFor();
    await section.getByRole('button', { name: 'Make public link' }).click();
    const input = section.getByLabel('The new public link');
    await input.waitFor();
    publicUrl = await input.inputValue();
    expect(publicUrl).toMatch(new RegExp(`^${app.baseUrl}/p/[A-Za-z0-9_-]{43}$`));
    await section.getByText('Copy the link now: it is shown this once.').waitFor();
    await section.getByRole('button', { name: 'Copy' }).waitFor();
    const row = section.locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('admin').waitFor();
    await row.getByText('never').waitFor();
    expect(await axeViolations(page, 'public links section')).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SHOTS, 'public-links-light-1280.png') });

    // The print view of this tab now draws the public link as its QR code.
    await page.getByRole('link', { name: 'Print', exact: true }).click();
    await h1(page, 'Print view');
    await page.locator('.print-sheet').getByText('Scan to open this switch read-only.').waitFor();
    expect(await qrOf(page)).toBe(qrPath(publicUrl));

    // Signed out: another browser context without a session opens the public page.
    const visitor = await newPage(app.browser, { bypassCSP: true });
    const seen = watch(visitor.page);
    await visitor.page.goto(publicUrl);
    await h1(visitor.page, 'core-1');
    expect(await visitor.page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    expect(await visitor.page.locator('.side-nav').count()).toBe(0);
    const pub = visitor.page.locator('article.print-sheet');
    await pub.locator('tr', { hasText: 'Et48' }).getByText('access-1 / 24').waitFor();
    // The page prints its own address, a random token that may hold any of these letters by chance.
    const shown = (await visitor.page.locator('body').innerText()).replaceAll(publicUrl, '');
    for (const secret of ['10.0.99.2', 'JPE1234567', '00:1c:73:aa:bb:01', '4.30.1F', 'HQ', 'spine', 'admin'])
      expect(shown, `the public page leaks ${secret}`).not.toContain(secret);
    expect(await qrOf(visitor.page)).toBe(qrPath(publicUrl));
    expect(await axeViolations(visitor.page, 'public page')).toEqual([]);
    await shots(visitor.page, 'public', async (p) => {
      await p.locator('.print-sheet .panel').waitFor();
    });
    // Printable too: A4 landscape without the screen-only note.
    await visitor.page.emulateMedia({ media: 'print' });
    expect(await visitor.page.locator('.public-note').isVisible()).toBe(false);
    const pdf = await visitor.page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(/\/MediaBox\s*\[\s*0 0 84\d/.test(pdf.toString('latin1'))).toBe(true);
    await visitor.page.emulateMedia({ media: 'screen' });

    // The list says when it was last opened.
    await page.goto(`${app.baseUrl}/switches/${data.coreId}?tab=details`);
    const again = page.locator('section.public-links tbody tr');
    await expect.poll(() => again.count()).toBe(1);
    expect(await again.innerText()).not.toContain('never');

    // Revoked after a confirmation that names the switch; the public page then opens nothing.
    await again.getByRole('button', { name: /^Revoke the link made/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke public link?' });
    await dialog.getByText('Revoke the public link to core-1', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Public link revoked.').waitFor();
    await page.locator('section.public-links').getByText('No public links to this switch.').waitFor();
    await visitor.page.reload();
    await visitor.page.getByText('This link opens nothing', { exact: false }).waitFor();
    expect(await axeViolations(visitor.page, 'public page of a revoked link')).toEqual([]);
    expect((await fetch(`${app.baseUrl}/api/p/${publicUrl.split('/p/')[1]}`)).status).toBe(404);

    // The log says a link was made, then that it went: never "deleted" for a link that was made.
    await page.goto(`${app.baseUrl}/activity`);
    const entries = page.locator('li.entry').filter({ hasText: 'public link to switch core-1' });
    await expect.poll(() => entries.count()).toBe(2);
    const publicLinkChange = async (entry: Locator) => (await entry.locator('.change').first().innerText()).replace(/\s+/g, ' ');
    expect(await publicLinkChange(entries.filter({ hasText: 'Revoked' }))).toMatch(/a public link → —$/);
    expect(await publicLinkChange(entries.filter({ hasText: 'Made' }))).toMatch(/— → a public link$/);

    expect(problems.errors).toEqual([]);
    expect(seen.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('says so when the public page is rate-limited, and offers to try again', async () => {
    const { context, page } = await newPage(app.browser);
    await page.route('**/api/p/**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '30' },
        body: JSON.stringify({ error: { code: 'too_many_requests', message: 'Too many requests' } }),
      }),
    );
    await page.goto(`${app.baseUrl}/p/${'a'.repeat(43)}`);
    await page.getByText('Too many requests from your address.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'public-rate-limited-1280.png') });
    await context.close();
  });
});
