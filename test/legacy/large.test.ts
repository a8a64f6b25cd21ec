import { describe, expect, it } from 'vitest';
import { makeLarge, writeLegacyFiles } from '../fixtures/legacy/make-fixture.ts';
import { readDb } from '../helpers/db.ts';
import { freshDataDir, runProcess } from '../helpers/server.ts';
import { archives, counts } from './helpers.ts';

// 100,000 ports in the format ezSWM 0.20.x wrote (make-fixture.ts's makeLarge) through `npm run migrate`. How
// long it takes is printed for the benchmark report; it is not asserted (the machine's load decides it).

const PORTS = 100_000;

function at(output: string, message: string): number {
  const line = output.split('\n').find((text) => text.includes(message));
  return Date.parse(line!.slice(0, 24));
}

describe('a large legacy data set', () => {
  it(`migrates ${PORTS.toLocaleString('en-US')} ports`, async () => {
    const dataDir = freshDataDir();
    writeLegacyFiles(dataDir, makeLarge(PORTS));
    const started = performance.now();
    const { code, output } = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dataDir }, 120_000);
    const processSeconds = (performance.now() - started) / 1000;
    expect(code, output).toBe(0);
    expect(output).toContain(`legacy migration: ports migrated count=${PORTS}`);
    expect(counts(dataDir)).toMatchObject({
      sites: 10,
      vlans: 30,
      networks: 30,
      switches: Math.ceil(PORTS / 48),
      ports: PORTS,
      activity: 1,
    });
    // Each switch from the eleventh on is linked, both ends, to the one ten before it: one link, two ports.
    expect(readDb<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM ports WHERE linked_port_id IS NOT NULL')).toEqual([
      { n: 2 * (Math.ceil(PORTS / 48) - 10) },
    ]);
    expect(output).not.toContain('value fixed');
    expect(archives(dataDir)).toHaveLength(1);
    const migrationSeconds = (at(output, 'JSON files moved to the archive') - at(output, 'JSON files found')) / 1000;
    console.log(
      `legacy migration of ${PORTS} ports: ${migrationSeconds.toFixed(2)} s (read, check, write, archive); whole process ${processSeconds.toFixed(2)} s`,
    );
  }, 180_000);
});
