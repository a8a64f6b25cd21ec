// The findings made from a list (issue 35: the VLANs only one end of a link carries, what differs at a LAG member or a
// LAG pair, the VLANs no uplink carries, the rules a stored record breaks) read in German in the German UI, each part of
// the list worded from the params the server sends. Rows no write path makes are planted straight into the database.
// Screenshots german-list-findings-*.png (1280 and 375 px).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDb } from '../helpers/db.ts';
import { h1, newPage, SHOTS, submitSignIn, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';

const app = useBrowserApp({
  setup: async ({ server }) => {
    const make = async (path: string, body: Record<string, unknown>) => (await app.admin<{ id: string }>('POST', path, body)).id;
    const siteId = await make('/api/sites', { name: 'Werk' });
    const [users, voice, cams] = await Promise.all([10, 20, 30].map((vid) => make('/api/vlans', { siteId, vid, name: `v${vid}` })));
    const elsewhere = await make('/api/vlans', { siteId: await make('/api/sites', { name: 'Labor' }), vid: 77, name: 'fremd' });
    const [a, b] = [await make('/api/switches', { siteId, name: 'sw-a' }), await make('/api/switches', { siteId, name: 'sw-b' })];
    const port = (sw: string, name: string, body: Record<string, unknown> = {}) => make(`/api/switches/${sw}/ports`, { name, ...body });
    const far = await port(b, '48', { mode: 'trunk', taggedVlanIds: [users, cams] });
    await port(a, '48', { mode: 'trunk', taggedVlanIds: [users, voice], linkedPortId: far });
    await port(a, '1', { untaggedVlanId: cams });
    const members = [await port(a, '5', { untaggedVlanId: users }), await port(a, '6', { untaggedVlanId: users })];
    const lagA = await make(`/api/switches/${a}/lags`, { name: 'Po1', untaggedVlanId: users, memberPortIds: members });
    const farMembers = [await port(b, '5'), await port(b, '6'), await port(b, '7')];
    const lagB = await make(`/api/switches/${b}/lags`, { name: 'Po1', memberPortIds: farMembers });
    writeDb(server.dataDir, 'UPDATE ports SET untagged_vlan_id = ? WHERE id = ?', voice, members[1]);
    writeDb(server.dataDir, 'UPDATE lags SET remote_lag_id = ? WHERE id = ?', lagB, lagA);
    writeDb(server.dataDir, 'UPDATE lags SET remote_lag_id = ? WHERE id = ?', lagA, lagB);
    writeDb(server.dataDir, 'UPDATE ports SET untagged_vlan_id = ? WHERE id = ?', elsewhere, await port(b, '2', { untaggedVlanId: users }));
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
  },
});

describe('the findings made from a list in German', () => {
  it('word each part of the list in German, not in the server’s English', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(app.browser, { width });
      const problems = watch(page);
      await page.goto(`${app.baseUrl}/`);
      await submitSignIn(page, 'anna');
      await h1(page, 'Übersicht');
      await page.locator('li.finding').first().waitFor();
      const texts = (await page.locator('li.finding p:not(.finding-entities)').allInnerTexts()).join('\n');
      expect(texts).toContain(
        'Die Verbindung zwischen sw-a port 48 und sw-b port 48 trägt an ihren Enden verschiedene getaggte VLANs: ' +
          'VLAN 20 nur an sw-a 48; VLAN 30 nur an sw-b 48.',
      );
      expect(texts).toContain(
        'Das Mitglied 6 des LAG Po1 auf dem Switch sw-a weicht von seinem LAG ab: ungetaggtes VLAN 20, wo der LAG VLAN 10 hat.',
      );
      expect(texts).toContain('Das LAG-Paar zwischen sw-a LAG Po1 und sw-b LAG Po1 unterscheidet sich an seinen Enden:');
      expect(texts).toContain('2 Mitglieder an sw-a Po1, 3 an sw-b Po1');
      expect(texts).toContain(
        'Der Switch sw-a nutzt 2 VLANs, die kein Trunk zu seinen verbundenen Switches (sw-b) an beiden Enden trägt: ' +
          'VLAN 20 (v20, an 1 Port); VLAN 30 (v30, an 1 Port).',
      );
      expect(texts).toContain(
        'sw-b port 2 verletzt eine Regel, die Änderungen einhalten: ungetaggtes VLAN: VLAN 77 (fremd) des Standorts Labor',
      );
      for (const english of ['carries different tagged', 'differs from its LAG', 'differs at its ends', 'that no trunk', 'breaks a rule'])
        expect(texts).not.toContain(english);
      await page.locator('li.finding').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `german-list-findings-${width}.png`), fullPage: width === 375 });
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
