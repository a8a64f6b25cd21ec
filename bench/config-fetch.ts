// Fetches and stores the running configurations of 200 switches over SSH (issue 38: "with bounded concurrency and
// bounded memory; report the time and the peak RSS"): `node bench/config-fetch.ts [switches] [concurrency]`. The
// switches are the Catalyst 9200L of ../shared/fixtures/configs/oxidized replayed by test/helpers/ssh-replay.ts on
// 127.0.0.1 in this same process (its side of each session counts in the RSS too). Round 1 stores a first version of
// each switch; round 2 finds each configuration again (no new version). Not part of npm run bench.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../src/boot/silence-sqlite-warning.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { getSwitch } from '../src/db/switches.ts';
import { MIGRATIONS } from '../src/db/test-rows.ts';
import { fetchRunningConfig } from '../src/discovery/ssh-config.ts';
import { storeConfigVersion } from '../src/domain/config-versions.ts';
import { SITE_WRITES } from '../src/domain/sites.ts';
import { SWITCH_WRITES } from '../src/domain/switches.ts';
import { SHARED_FIXTURES } from '../test/helpers/needs.ts';
import { readRecording, startReplayServer } from '../test/helpers/ssh-replay.ts';

const SWITCHES = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? 10);
const RECORDING = join(SHARED_FIXTURES, 'configs', 'oxidized', 'ios#C9200L-24P-4G_17.09.04a#simulation.yaml');
const LOGIN = { username: 'bench', password: 'bench-password' };

if (!existsSync(RECORDING)) {
  console.log(`bench/config-fetch.ts needs ${RECORDING} (the project's shared/ folder beside the repository)`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'switchyard-config-fetch-bench-'));
const db = openDatabase(join(dir, 'bench.db'));
applyMigrations(db, MIGRATIONS);
const actor = { id: null, username: 'bench' };
const siteId = SITE_WRITES.create(db, actor, { name: 'Bench' }, undefined);
const switchIds: string[] = [];
for (let i = 0; i < SWITCHES; i++) switchIds.push(SWITCH_WRITES.create(db, actor, { siteId, name: `sw-${i}`, portCount: 0 }, undefined));
const device = await startReplayServer(readRecording(RECORDING), LOGIN);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

/** Fetches and stores every switch's configuration, CONCURRENCY at a time; how many versions were new. */
async function round(): Promise<{ ms: number; created: number }> {
  const started = performance.now();
  let next = 0;
  let created = 0;
  const worker = async () => {
    while (next < switchIds.length) {
      const id = switchIds[next++];
      const text = await fetchRunningConfig({ host: '127.0.0.1', port: device.port }, LOGIN, 'cisco-ios', {
        deadlineMs: 20_000,
        maxBytes: 4 * 1024 * 1024,
      });
      if (storeConfigVersion(db, actor, getSwitch(db, id)!, { text, source: 'ssh', dialect: 'cisco-ios' }).created) created++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, created };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rssBefore = process.memoryUsage().rss;
const first = await round();
const second = await round();
clearInterval(sampler);
console.log(`${SWITCHES} switches, ${CONCURRENCY} at a time, over SSH from a replayed Catalyst 9200L (~20 KB configuration each):`);
console.log(
  `  round 1 (new versions: ${first.created}): ${(first.ms / 1000).toFixed(2)} s, ${(first.ms / SWITCHES).toFixed(1)} ms a switch`,
);
console.log(
  `  round 2 (new versions: ${second.created}): ${(second.ms / 1000).toFixed(2)} s, ${(second.ms / SWITCHES).toFixed(1)} ms a switch`,
);
console.log(`  RSS ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB (sampled every 5 ms), ${mb(process.memoryUsage().rss)} MB after`);
await device.close();
db.close();
rmSync(dir, { recursive: true, force: true });
