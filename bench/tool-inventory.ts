// The inventories other tools read (issue 43), made straight from a database through the same reads the routes use
// (src/db/read/tool-inventory.ts, src/lib/tool-inventory.ts): 10 sites of 50 switches of 48 ports, each site with 20
// VLANs, a third of the ports trunks with 4 tagged VLANs, the rest access ports. Measures the Ansible inventory (the
// three reads, building it and its JSON), the Oxidized list, and one site's Ansible inventory: medians of repeated reads;
// (wall and CPU time); and the size of the Ansible inventory's JSON. No target is set by the issue: this is the baseline.
//
//   node bench/tool-inventory.ts            (INVENTORY_SITES=10 INVENTORY_SWITCHES=50 to change the size)
import '../src/boot/silence-sqlite-warning.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations } from '../src/db/migrate.ts';
import { inTransaction, openDatabase, type Db } from '../src/db/open.ts';
import { inventoryNames, inventoryPorts, inventorySwitches, inventoryVlans, type InventoryFilter } from '../src/db/read/tool-inventory.ts';
import { insertTestRow, MIGRATIONS } from '../src/db/test-rows.ts';
import { ansibleInventory, inventoryHostnames, oxidizedNodes } from '../src/lib/tool-inventory.ts';

const SITES = Number(process.env.INVENTORY_SITES ?? 10);
const SWITCHES = Number(process.env.INVENTORY_SWITCHES ?? 50);
const PORTS = 48;
const VLANS = 20;
const VENDORS = ['Cisco', 'Arista', 'Juniper', 'Aruba'];

function seed(db: Db): string[] {
  const siteIds: string[] = [];
  inTransaction(db, () => {
    for (let s = 0; s < SITES; s++) {
      const siteId = insertTestRow(db, 'sites', { name: `Site ${s + 1}` });
      siteIds.push(siteId);
      const vlans = Array.from({ length: VLANS }, (_, v) =>
        insertTestRow(db, 'vlans', { site_id: siteId, name: `VLAN ${v + 1}`, vid: v + 10 }),
      );
      for (let w = 0; w < SWITCHES; w++) {
        const id = insertTestRow(db, 'switches', {
          site_id: siteId,
          name: `sw-${w + 1}`,
          vendor: VENDORS[w % VENDORS.length],
          model: `M${w % 7}`,
          role: w === 0 ? 'core' : 'access',
          tags: JSON.stringify(w % 2 ? ['floor'] : ['floor', 'pci']),
          management_ip: `10.${s}.${Math.floor(w / 250)}.${(w % 250) + 1}`,
        });
        for (let p = 0; p < PORTS; p++) {
          const trunk = p % 3 === 0;
          const port = insertTestRow(db, 'ports', {
            switch_id: id,
            name: `Gi1/0/${p + 1}`,
            position: p + 1,
            mode: trunk ? 'trunk' : 'access',
            untagged_vlan_id: vlans[p % VLANS],
          });
          if (trunk)
            for (let t = 1; t <= 4; t++)
              db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(port, vlans[(p + t) % VLANS]!);
        }
      }
    }
  });
  return siteIds;
}

/** The median wall time and the median CPU time of the process (the machine may be shared: CPU time is the steadier). */
function medianMs(times: number, read: () => unknown): { wallMs: number; cpuMs: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    read();
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (samples: number[]) => Number(samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!.toFixed(1));
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

function ansibleJson(db: Db, filter: InventoryFilter): string {
  const hostnames = inventoryHostnames(inventoryNames(db));
  return JSON.stringify(ansibleInventory(inventorySwitches(db, filter), inventoryPorts(db, filter), inventoryVlans(db, filter), hostnames));
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-inventory-bench-'));
  const db = openDatabase(join(dir, 'inventory.db'));
  try {
    applyMigrations(db, MIGRATIONS);
    db.exec('PRAGMA synchronous = OFF');
    const siteIds = seed(db);
    const json = ansibleJson(db, {});
    const report = {
      switches: SITES * SWITCHES,
      ports: SITES * SWITCHES * PORTS,
      ansibleAll: medianMs(9, () => ansibleJson(db, {})),
      ansibleJsonBytes: Buffer.byteLength(json),
      ansibleOneSite: medianMs(21, () => ansibleJson(db, { siteId: siteIds[0] })),
      oxidizedAll: medianMs(21, () => JSON.stringify(oxidizedNodes(inventorySwitches(db, {}), inventoryHostnames(inventoryNames(db))))),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
