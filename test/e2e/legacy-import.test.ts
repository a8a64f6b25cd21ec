// Import from ezSWM / 0.20.x in the browser (Settings › Data): the JSON files of a 0.20.x data directory chosen
// together (a small one this test writes, with a file that is not JSON, a file of the wrong shape, an old file
// name and a file the import leaves out), then copies of the real 0.20.3 directory and the real 0.32 backup of
// ../shared/fixtures when they are there. Each goes through the dry run (counts, fixed values) before the import;
// the screenshot docs/screenshots/legacy-import.png shows the 0.20.3 directory's dry run; axe-core on the states.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { itNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { axeViolations, useBrowserApp, SHOTS } from './support.ts';

const DIRECTORY = join(SHARED_FIXTURES, 'ezswm-0.20.3');
const BACKUP = join(SHARED_FIXTURES, 'ezswm-0.32-backup.json');

const app = useBrowserApp({
  setup: async () => {},
});

const T = '2025-03-01T10:00:00.000Z';
const SITE = 'S1aaaaaaaaaaaaaaaaaaa';
/** A small 0.20.x data directory in the real format: one site, two VLANs, a network, an address, a switch. */
const SMALL: Record<string, unknown> = {
  'sites.json': [{ id: SITE, name: 'Lager', description: 'Halle 3', created_at: T, updated_at: T }],
  'vlans.json': [
    {
      id: 'V1aaaaaaaaaaaaaaaaaaa',
      site_id: SITE,
      vlan_id: 10,
      name: 'Clients',
      status: 'active',
      color: '#3366cc',
      created_at: T,
      updated_at: T,
    },
    {
      id: 'V2aaaaaaaaaaaaaaaaaaa',
      site_id: SITE,
      vlan_id: 20,
      name: 'Voice',
      status: 'active',
      color: '#cc6633',
      created_at: T,
      updated_at: T,
    },
  ],
  'networks.json': [
    {
      id: 'N1aaaaaaaaaaaaaaaaaaa',
      site_id: SITE,
      name: 'Clients',
      vlan_id: 'V1aaaaaaaaaaaaaaaaaaa',
      subnet: '10.10.0.0/24',
      gateway: '10.10.0.1',
      dns_servers: [],
      created_at: T,
      updated_at: T,
    },
  ],
  // The name releases before 0.18.3 gave ip-allocations.json.
  'ipAllocations.json': [
    {
      id: 'A1aaaaaaaaaaaaaaaaaaa',
      network_id: 'N1aaaaaaaaaaaaaaaaaaa',
      ip_address: '10.10.0.2',
      hostname: 'sw-lager',
      device_type: 'switch',
      status: 'active',
      created_at: T,
      updated_at: T,
    },
  ],
  'switches.json': [
    {
      id: 'W1aaaaaaaaaaaaaaaaaaa',
      site_id: SITE,
      name: 'sw-lager',
      model: 'CX 6100',
      manufacturer: 'Aruba',
      management_ip: '10.10.0.2',
      stack_size: 1,
      role: 'access',
      tags: [],
      configured_vlans: [10, 20],
      created_at: T,
      updated_at: T,
      ports: [
        {
          id: 'P1aaaaaaaaaaaaaaaaaaa',
          unit: 1,
          index: 1,
          label: '1/1/1',
          type: 'rj45',
          speed: '1G',
          status: 'up',
          port_mode: 'access',
          access_vlan: 10,
        },
        // VLAN 30 is no VLAN of the site: 0.20.x let it through; the import drops it and says so.
        {
          id: 'P2aaaaaaaaaaaaaaaaaaa',
          unit: 1,
          index: 2,
          label: '1/1/2',
          type: 'rj45',
          speed: '1G',
          status: 'up',
          port_mode: 'access',
          access_vlan: 30,
        },
        {
          id: 'P3aaaaaaaaaaaaaaaaaaa',
          unit: 1,
          index: 3,
          label: '1/1/3',
          type: 'rj45',
          status: 'down',
          port_mode: 'trunk',
          native_vlan: 10,
          tagged_vlans: [20],
        },
      ],
    },
  ],
  'settings.json': { app_name: 'Lager-Netz', setup_completed: true },
};

/** Writes files into a fresh folder; answers their paths in the order given. */
function writeFolder(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-legacy-ui-'));
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}

const json = (files: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(files).map(([name, v]) => [name, JSON.stringify(v, null, 2)]));

/** The section of Settings › Data that imports ezSWM data. */
function section(page: Page): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Import from ezSWM / 0.20.x' }) });
}

/** The cells of the counts table's row of `kind` (new, merged) as numbers. */
async function counts(scope: Locator, kind: string): Promise<number[]> {
  const row = scope
    .getByRole('table', { name: /counts/ })
    .getByRole('row')
    .filter({ has: scope.page().getByRole('rowheader', { name: kind, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((c) => Number(c.replace(/,/g, '')));
}

/** The text of the row of the chosen files' table whose file is `name`. */
function fileRow(scope: Locator, name: string): Locator {
  return scope
    .getByRole('table', { name: 'Chosen files' })
    .getByRole('row')
    .filter({ has: scope.page().getByRole('rowheader', { name, exact: true }) });
}

async function switchNamed(name: string): Promise<{ id: string; name: string } | undefined> {
  const list = await app.admin('GET', `/api/switches?q=${encodeURIComponent(name)}`);
  return list.items.find((s: { name: string }) => s.name === name);
}

describe('import from ezSWM / 0.20.x in the browser', () => {
  it('names a file that is not JSON and a file of the wrong shape, then imports the mended files after a dry run', async () => {
    const { context, page, problems } = await app.signedIn('/settings/data', 'admin', { bypassCSP: true });
    const legacy = section(page);
    const input = legacy.getByLabel('ezSWM files (JSON)');
    const check = legacy.getByRole('button', { name: 'Check files' });

    // A truncated file: named, and nothing can be sent.
    await input.setInputFiles(writeFolder({ ...json({ 'sites.json': SMALL['sites.json'] }), 'activity.json': '[{"id": "x", ' }));
    await fileRow(legacy, 'activity.json')
      .getByText(/^not JSON: /)
      .waitFor();
    await legacy.getByText('Nothing can be checked until the files marked above are removed or mended.').waitFor();
    expect(await check.isDisabled()).toBe(true);

    // A file that is an object instead of an array: the server's faults under that file's name; nothing written.
    await input.setInputFiles(writeFolder(json({ ...SMALL, 'vlans.json': { id: 'V1aaaaaaaaaaaaaaaaaaa', vlan_id: 10 } })));
    await check.click();
    const refused = legacy.getByRole('alert');
    await refused.getByRole('heading', { name: 'vlans.json' }).waitFor();
    const faults = refused.getByRole('region', { name: 'Problems in vlans.json' }).locator('tbody tr');
    expect(await faults.count()).toBe(1);
    expect(await faults.first().innerText()).toContain('must be a JSON array');
    expect(await switchNamed('sw-lager')).toBeUndefined();
    const axeFailed = await axeViolations(page, 'legacy import refused');

    // The mended directory: each file read as what it is, the old name as today's, settings left out.
    await input.setInputFiles(writeFolder(json(SMALL)));
    await fileRow(legacy, 'ipAllocations.json').getByText('older name of ip-allocations.json').waitFor();
    expect(await fileRow(legacy, 'settings.json').innerText()).toContain('left out: not part of an import');
    expect((await fileRow(legacy, 'switches.json').getByRole('cell').allInnerTexts())[0]).toBe('1');
    await check.click();
    await legacy.getByText('The files are valid. They would add:').waitFor();
    expect(await counts(legacy, 'switches')).toEqual([1, 0]);
    expect(await counts(legacy, 'ports')).toEqual([3, 0]);
    expect(await counts(legacy, 'addresses')).toEqual([1, 0]);
    await legacy.getByText('1 value is fixed on the way in:').waitFor();
    const fixed = legacy.getByRole('region', { name: 'Fixed values' }).locator('tbody tr').filter({ hasText: 'ports[1].access_vlan' });
    expect(await fixed.locator('td').allInnerTexts()).toEqual([
      'switches.json',
      'W1aaaaaaaaaaaaaaaaaaa',
      'ports[1].access_vlan',
      '30',
      'none',
      "VLAN 30 does not exist at the switch's site; dropped",
    ]);
    expect(await switchNamed('sw-lager')).toBeUndefined();
    const axePreview = await axeViolations(page, 'legacy import dry run');

    await legacy.getByRole('button', { name: 'Import…' }).click();
    await page.getByRole('dialog', { name: 'Import this data?' }).getByText('Add the records of these 5 files to the data here?').waitFor();
    await page.getByRole('dialog', { name: 'Import this data?' }).getByRole('button', { name: 'Import' }).click();
    await legacy.getByRole('status').getByText('Imported:').waitFor();
    const sw = await switchNamed('sw-lager');
    expect(sw).toBeDefined();
    const ports = await app.admin('GET', `/api/switches/${sw!.id}/ports`);
    expect((ports.items ?? ports).map((p: { name: string }) => p.name).sort()).toEqual(['1/1/1', '1/1/2', '1/1/3']);
    expect([...axeFailed, ...axePreview]).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows the new public links of the switches a merge added, once, under new addresses and never the file's token", async () => {
    const { context, page, problems } = await app.signedIn('/settings/data', 'admin', { bypassCSP: true });
    const legacy = section(page);
    const planted = 'plantedTokenOfTheFilesAuthor0001';
    const site = { id: 'S2aaaaaaaaaaaaaaaaaaa', name: 'Werkstatt', created_at: T, updated_at: T };
    const sw = { id: 'W2aaaaaaaaaaaaaaaaaaa', site_id: site.id, name: 'sw-werkstatt', ports: [], created_at: T, updated_at: T };
    const token = { id: 'K1aaaaaaaaaaaaaaaaaaa', switch_id: sw.id, token: planted, created_at: T, revoked_at: null, last_access_at: null };
    await legacy
      .getByLabel('ezSWM files (JSON)')
      .setInputFiles(writeFolder(json({ 'sites.json': [site], 'switches.json': [sw], 'public-tokens.json': [token] })));
    await legacy.getByRole('button', { name: 'Check files' }).click();
    await legacy.getByText('The files are valid. They would add:').waitFor();
    await legacy.getByRole('button', { name: 'Import…' }).click();
    await page.getByRole('dialog', { name: 'Import this data?' }).getByRole('button', { name: 'Import' }).click();
    const links = legacy.getByRole('table', { name: 'New public links of the imported switches' });
    await links.waitFor();
    const row = links.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'sw-werkstatt' }) });
    const url = await row.getByRole('cell').innerText();
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/p/[A-Za-z0-9_-]{43}$`));
    expect(await legacy.innerText()).not.toContain(planted);
    await legacy.screenshot({ path: join(SHOTS, 'legacy-import-public-links.png') });
    expect((await app.admin('GET', `/api/switches/${(await switchNamed('sw-werkstatt'))!.id}/public-links`)).total).toBe(1);
    expect(await axeViolations(page, 'legacy import with public links')).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);

  itNeeding(
    [sharedFixture('ezswm-0.32-backup.json')],
    'reads the real ezSWM 0.32 backup file as the 0.20.x files it holds',
    { timeout: 120_000 },
    async () => {
      const { context, page, problems } = await app.signedIn('/settings/data');
      const legacy = section(page);
      const dir = mkdtempSync(join(tmpdir(), 'switchyard-legacy-ui-'));
      copyFileSync(BACKUP, join(dir, 'ezswm-0.32-backup.json'));
      await legacy.getByLabel('ezSWM files (JSON)').setInputFiles(join(dir, 'ezswm-0.32-backup.json'));
      await fileRow(legacy, 'ezswm-0.32-backup.json').getByText('ezSWM backup 0.32.2, read as the 0.20.x files it holds').waitFor();
      await legacy.getByRole('button', { name: 'Check files' }).click();
      await legacy.getByText('The files are valid. They would add:').waitFor();
      // The directory's 9 switches with 557 ports, new or merged into ones of the same name.
      const sum = async (kind: string) => (await counts(legacy, kind)).reduce((a, b) => a + b, 0);
      expect(await sum('sites')).toBe(3);
      expect(await sum('switches')).toBe(9);
      expect(await sum('ports')).toBe(557);
      // Its fixes name the backup's own records: a port by its switch and name, above its id.
      const fixed = legacy.getByRole('region', { name: 'Fixed values' });
      const port = fixed.locator('tbody tr').filter({ hasText: 'port 1/1/30 of switch acc-hs1' });
      expect((await port.locator('td').allInnerTexts()).slice(0, 3)).toEqual([
        'data.ports',
        'port 1/1/30 of switch acc-hs1\na5776939-1d8a-4253-b273-24bb169115a5',
        'access_vlan',
      ]);
      await port.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'legacy-import-backup-fixes.png') });
      expect(problems.errors).toEqual([]);
      await context.close();
    },
  );

  itNeeding(
    [sharedFixture('ezswm-0.20.3')],
    'imports copies of the real 0.20.3 data directory after its dry run',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'switchyard-legacy-ui-'));
      const names = readdirSync(DIRECTORY).filter((name) => name.endsWith('.json'));
      expect(names).toHaveLength(13);
      for (const name of names) copyFileSync(join(DIRECTORY, name), join(dir, name));
      const before = (await app.admin('GET', '/api/switches')).total as number;

      const { context, page, problems } = await app.signedIn('/settings/data');
      const legacy = section(page);
      await legacy.getByLabel('ezSWM files (JSON)').setInputFiles(names.map((name) => join(dir, name)));
      await fileRow(legacy, 'switches.json').waitFor();
      expect(await legacy.getByRole('table', { name: 'Chosen files' }).locator('tbody tr').count()).toBe(13);
      expect(await fileRow(legacy, 'settings.json').innerText()).toContain('left out');
      expect((await fileRow(legacy, 'switches.json').getByRole('cell').allInnerTexts())[0]).toBe('9');
      await legacy.getByRole('button', { name: 'Check files' }).click();
      await legacy.getByText('The files are valid. They would add:').waitFor();
      expect(await counts(legacy, 'switches')).toEqual([9, 0]);
      expect(await counts(legacy, 'ports')).toEqual([557, 0]);
      // The Info-Kiosk network names the deleted VLAN 190: its VLAN is dropped, and the table says so.
      const fixes = legacy.getByRole('region', { name: 'Fixed values' }).locator('tbody tr');
      expect(await fixes.filter({ hasText: 'networks.json' }).filter({ hasText: 'vlan_id' }).count()).toBe(1);
      expect(await fixes.filter({ hasText: 'access_vlan' }).count()).toBeGreaterThan(0);
      // The whole page drawn at once from its top (so the sticky top bar stays at the top), cut to the section.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await legacy.boundingBox();
      await page.screenshot({ path: join(SHOTS, 'legacy-import.png'), fullPage: true, clip: box! });

      await legacy.getByRole('button', { name: 'Import…' }).click();
      await page.getByRole('dialog', { name: 'Import this data?' }).getByRole('button', { name: 'Import' }).click();
      await legacy.getByRole('status').getByText('Imported:').waitFor();
      expect((await app.admin('GET', '/api/switches')).total).toBe(before + 9);
      expect(await switchNamed('acc-bib')).toBeDefined();
      expect(problems.errors).toEqual([]);
      await context.close();
    },
  );
});
