// The NetBox data import (docs/NETBOX.md) on a made-up NetBox of a mid-sized campus: SITES sites, each with 20 VLANs, a
// core switch and SWITCHES access switches of 48 access ports and 2 tagged uplinks cabled to the core, 20 prefixes of 30
// addresses and a DHCP range each. Measures, on a fresh database, the bundle made into a document, the document check,
// the dry run, the import and the undo of its one entry, and the size of that entry's undo data. Not part of npm run bench.
//
//   node bench/netbox-import.ts        (NETBOX_SITES=4 NETBOX_SWITCHES=25 to change the size)
import '../src/boot/silence-sqlite-warning.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { MIGRATIONS } from '../src/db/test-rows.ts';
import { undoEntry } from '../src/domain/undo.ts';
import { checkDocument } from '../src/import/document.ts';
import { mergeDocument } from '../src/import/merge.ts';
import { documentOfNetbox } from '../src/import/netbox.ts';

const SITES = Number(process.env.NETBOX_SITES ?? 4);
const SWITCHES = Number(process.env.NETBOX_SWITCHES ?? 25);
const ACCESS_PORTS = 48;
const VLANS = 20;

type Item = Record<string, unknown>;
const choice = (value: string) => ({ value, label: value });
const ref = (id: number, name: string) => ({ id, url: `https://nb/api/x/${id}/`, display: name, name });

function bundleOf(): Record<string, Item[]> {
  const b: Record<string, Item[]> = { 'dcim/sites': [], 'dcim/devices': [], 'dcim/interfaces': [], 'dcim/cables': [] };
  Object.assign(b, { 'ipam/vlans': [], 'ipam/prefixes': [], 'ipam/ip-addresses': [], 'ipam/ip-ranges': [] });
  let next = 1;
  const id = () => next++;
  const role = (slug: string) => ({ id: slug.length, name: slug, slug });
  for (let s = 0; s < SITES; s++) {
    const site = { id: id(), name: `Site ${s + 1}`, slug: `site-${s + 1}` };
    b['dcim/sites'].push(site);
    const vlans = Array.from({ length: VLANS }, (_, v) => ({
      id: id(),
      vid: 100 + v,
      name: `V${100 + v}`,
      site: ref(site.id, site.name),
      status: choice('active'),
    }));
    b['ipam/vlans'].push(...vlans);
    const deviceOf = (name: string, slug: string) => {
      const device = {
        id: id(),
        name,
        site: ref(site.id, site.name),
        role: role(slug),
        device_type: { id: 1, model: 'C9300-48P', manufacturer: ref(1, 'Cisco') },
      };
      b['dcim/devices'].push({ ...device, status: choice('active') });
      return device;
    };
    const iface = (device: Item, name: string, extra: Item) => {
      const item = {
        id: id(),
        name,
        device: ref(device.id as number, device.name as string),
        type: choice('1000base-t'),
        enabled: true,
        ...extra,
      };
      b['dcim/interfaces'].push(item);
      return item;
    };
    const core = deviceOf(`core-${s + 1}`, 'core-switch');
    const trunk = { mode: choice('tagged'), untagged_vlan: ref(vlans[0].id, 'V100'), tagged_vlans: vlans.map((v) => ref(v.id, v.name)) };
    for (let w = 0; w < SWITCHES; w++) {
      const sw = deviceOf(`acc-${s + 1}-${w + 1}`, 'access-switch');
      for (let p = 0; p < ACCESS_PORTS; p++) {
        const vlan = vlans[p % VLANS];
        iface(sw, `Gi1/0/${p + 1}`, { mode: choice('access'), untagged_vlan: ref(vlan.id, vlan.name) });
      }
      for (let u = 0; u < 2; u++) {
        const near = iface(sw, `Te1/1/${u + 1}`, { ...trunk, type: choice('10gbase-x-sfpp') });
        const far = iface(core, `Te${w + 1}/0/${u + 1}`, { ...trunk, type: choice('10gbase-x-sfpp') });
        const end = (item: Item) => [{ object_type: 'dcim.interface', object_id: item.id, object: { id: item.id, name: item.name } }];
        b['dcim/cables'].push({ id: id(), a_terminations: end(near), b_terminations: end(far), status: choice('connected') });
      }
    }
    for (let n = 0; n < VLANS; n++) {
      const net = `10.${s}.${n}`;
      b['ipam/prefixes'].push({
        id: id(),
        prefix: `${net}.0/24`,
        scope_type: 'dcim.site',
        scope_id: site.id,
        vlan: ref(vlans[n].id, vlans[n].name),
        status: choice('active'),
      });
      for (let a = 10; a < 40; a++)
        b['ipam/ip-addresses'].push({ id: id(), address: `${net}.${a}/24`, dns_name: `host-${a}`, status: choice('active') });
      b['ipam/ip-ranges'].push({
        id: id(),
        start_address: `${net}.100/24`,
        end_address: `${net}.199/24`,
        role: { slug: 'dhcp' },
        status: choice('active'),
      });
    }
  }
  return b;
}

const time = <T>(work: () => T): [T, number] => {
  const started = performance.now();
  const result = work();
  return [result, Math.round(performance.now() - started)];
};

const dir = mkdtempSync(join(tmpdir(), 'switchyard-netbox-bench-'));
try {
  const db = openDatabase(join(dir, 'netbox.db'));
  applyMigrations(db, MIGRATIONS);
  const actor = { id: null, username: 'bench', entryIds: [] as string[] };
  const bundle = bundleOf();
  const bytes = Buffer.byteLength(JSON.stringify(bundle));
  const [nb, readMs] = time(() => documentOfNetbox(bundle));
  const [doc, checkMs] = time(() => checkDocument(nb.document, new Date().toISOString()));
  const options = { onConflict: 'merge', source: 'netbox', fixes: nb.fixes, undoable: true } as const;
  const [, dryRunMs] = time(() => mergeDocument(db, actor, doc, { ...options, dryRun: true }));
  const [result, importMs] = time(() => mergeDocument(db, actor, doc, { ...options, dryRun: false }));
  const entryId = actor.entryIds.at(-1)!;
  const undoBytes = (db.prepare('SELECT length(undo_data) AS n FROM activity WHERE id = ?').get(entryId) as { n: number }).n;
  const [, undoMs] = time(() => undoEntry(db, actor, entryId));
  const left = (db.prepare('SELECT count(*) AS n FROM ports').get() as { n: number }).n;
  const report = {
    bundle: {
      sites: SITES,
      switches: SITES * (SWITCHES + 1),
      records: Object.values(bundle).reduce((n, list) => n + list.length, 0),
      bytes,
    },
    created: result.created,
    fixes: result.fixes.length,
    ms: { document: readMs, check: checkMs, dryRun: dryRunMs, import: importMs, undo: undoMs },
    undoDataBytes: undoBytes,
    portsLeftAfterUndo: left,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  console.log(JSON.stringify(report, null, 2));
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
