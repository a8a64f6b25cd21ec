import type { StatementSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS, runChecks } from '../../src/db/checks.ts';
import type { Db } from '../../src/db/open.ts';
import { addNetwork, addPort, addSite, addSwitch, freshDb, linkPorts } from '../fixtures/config/inventory-db.ts';

// Issue 8, Build: "GET /api/checks ... one pass of SQL per kind, no per-row queries". Counted, not timed: the
// statements runChecks runs must be the same few whatever the size of the data, with every kind of finding in it.

/** The database behind a proxy that counts every statement run through it (and every exec). */
function counting(db: Db): { db: Db; runs: () => number } {
  let runs = 0;
  const countStatement = (statement: StatementSync) =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'all' || key === 'get' || key === 'iterate' || key === 'run') runs++;
          return value.apply(target, args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'prepare') return (sql: string) => countStatement(target.prepare(sql));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, runs: () => runs };
}

/** A site with every finding kind: duplicate IP and MAC, an IP outside its subnets, a gateway that is a switch's IP, both link mismatches, an uncarried VLAN, an unused network. */
function addTroubledSite(db: Db, n: number): void {
  const site = addSite(db, `site ${n}`);
  const users = addNetwork(db, site, { name: 'users', vlanId: 10, subnet: `10.${n}.10.0/24`, gateway: `10.${n}.10.1` });
  const cams = addNetwork(db, site, { name: 'cams', vlanId: 30 });
  addNetwork(db, site, { name: 'unused', vlanId: 99 });
  const core = addSwitch(db, site, {
    name: 'core',
    managementIp: '192.0.2.1',
    macAddress: `02:00:00:00:00:${(n % 256).toString(16).padStart(2, '0')}`,
  });
  const edge = addSwitch(db, site, {
    name: 'edge',
    managementIp: `10.${n}.10.1`,
    macAddress: `02-00-00-00-00-${(n % 256).toString(16).padStart(2, '0')}`,
  });
  addPort(db, edge, { name: '1', untagged: users });
  addPort(db, edge, { name: '2', untagged: cams });
  linkPorts(
    db,
    addPort(db, edge, { name: '48', mode: 'trunk', tagged: [users] }),
    addPort(db, core, { name: '1', mode: 'trunk', untagged: users }),
  );
  linkPorts(
    db,
    addPort(db, edge, { name: '47', mode: 'access', untagged: users }),
    addPort(db, core, { name: '2', mode: 'trunk', untagged: users }),
  );
}

const scenarios: [sites: number][] = [[1], [5], [40]];

describe('issue 8: runChecks runs a fixed number of statements, whatever the size of the data', () => {
  const measured: Record<number, number> = {};

  it.each(scenarios)('%i sites, each with every finding kind', (sites) => {
    const db = freshDb();
    for (let n = 1; n <= sites; n++) addTroubledSite(db, n);
    // Every core's management IP is also used at another site.
    addSwitch(db, addSite(db, 'elsewhere'), { name: 'twin', managementIp: '192.0.2.1' });
    const { db: counted, runs } = counting(db);
    const findings = runChecks(counted);
    expect(new Set(findings.map((finding) => finding.kind))).toEqual(new Set(FINDING_KINDS));
    expect(findings.length).toBeGreaterThanOrEqual(sites * 6);
    measured[sites] = runs();
    expect(runs()).toBeGreaterThan(0);
    expect(runs(), 'one statement per kind at most').toBeLessThanOrEqual(FINDING_KINDS.length);
  });

  it('runs as many statements for 40 sites as for 1', () => {
    expect(Object.keys(measured)).toHaveLength(scenarios.length);
    expect(new Set(Object.values(measured)).size).toBe(1);
  });
});
