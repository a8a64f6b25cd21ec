// The whole answer of the checks, of all sites and of each site, held to a file written before the checks were made
// faster (issue 22): the same findings, in the same order, word for word. Ids come from a counter, so that the file
// holds the same text on every run.
import { describe, expect, it, vi } from 'vitest';
import { addSiteWithEveryKind } from '../../../test/fixtures/checks-site.ts';
import * as rows from '../../../test/fixtures/config/inventory-db.ts';
import { runChecks } from './checks.ts';
import type { Db } from '../open.ts';

vi.mock('node:crypto', async (original) => {
  let next = 0;
  const counted = () => `00000000-0000-4000-8000-${(++next).toString(16).padStart(12, '0')}`;
  return { ...(await original<typeof import('node:crypto')>()), randomUUID: counted };
});

/** Three sites with every kind of finding, links and pairs across them, and linked ports that break port rules. */
function inventoryWithEveryFinding(db: Db): string[] {
  const [one, two, three] = [1, 2, 3].map((n) => addSiteWithEveryKind(db, n));
  rows.addSwitch(db, two.site, { name: 'twin', macAddress: '0200.0000.0001' });
  rows.linkPorts(db, rows.addPort(db, one.edge, { name: '40', mode: 'trunk' }), rows.addPort(db, two.edge, { name: '40' }));
  const dangling = rows.addPort(db, three.core, { name: '40', mode: 'trunk' });
  db.prepare('UPDATE ports SET linked_port_id = ? WHERE id = ?').run(rows.addPort(db, one.core, { name: '40' }), dangling);
  const elsewhere = rows.addVlan(db, two.site, { name: 'elsewhere', vid: 77 });
  const stacked = rows.addPort(db, one.edge, { name: '39', mode: 'trunk', tagged: [elsewhere] });
  db.prepare('UPDATE ports SET unit = 3 WHERE id = ?').run(stacked);
  rows.linkPorts(db, stacked, rows.addPort(db, three.edge, { name: '39', mode: 'access', tagged: [elsewhere] }));
  rows.addPort(db, three.core, { name: '36', mode: 'trunk', tagged: [elsewhere] });
  const sameSwitch = rows.addPort(db, two.core, { name: '38', mode: 'trunk' });
  rows.linkPorts(db, sameSwitch, rows.addPort(db, two.core, { name: '37', mode: 'trunk' }));
  const lag = (switchId: string, vid: number) =>
    rows.addLag(db, switchId, {
      name: `Po${vid}`,
      portMode: 'trunk',
      members: [rows.addPort(db, switchId, { name: `${vid}`, mode: 'trunk' })],
    });
  rows.pairLags(db, lag(one.core, 30), lag(three.edge, 31));
  rows.addNetwork(db, two.site, { name: 'gw', subnet: '10.99.0.0/24', gateway: '10.3.10.1' });
  const uplinked = rows.addSwitch(db, three.site, { name: 'uplinked' });
  rows.addPort(db, uplinked, { name: '1', untagged: rows.addVlan(db, three.site, { name: 'far', vid: 55 }) });
  rows.linkPorts(
    db,
    rows.addPort(db, uplinked, { name: '48', mode: 'trunk' }),
    rows.addPort(db, three.core, { name: '48', mode: 'trunk' }),
  );
  return [one.site, two.site, three.site, rows.addSite(db, 'empty')];
}

describe('the answer of the checks', () => {
  it('is word for word what it was, of all sites and of each site', async () => {
    const db = rows.freshDb();
    const sites = inventoryWithEveryFinding(db);
    const answers = { all: runChecks(db), ...Object.fromEntries(sites.map((site, i) => [`site ${i + 1}`, runChecks(db, site)])) };
    await expect(`${JSON.stringify(answers, null, 1)}\n`).toMatchFileSnapshot('../../../test/fixtures/checks-golden.json');
  });
});
