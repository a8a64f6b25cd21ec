// The Aruba recording of recordings/ as it is (aruba_2930f) and as the switch looks later (aruba_later): the laptop's
// MAC moved from port 7 (VLAN 99) to port 6 (VLAN 1), port 5 went down (and port 7 too, when asked), and port 6
// carried traffic (its 64-bit octet counters). For the tests of the history of what discoveries saw.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/server.ts';

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');

/** The laptop's MAC, on port 7 in the recording and on port 6 later. */
export const LAPTOP = '3c:52:82:00:00:07';

const operStatus = (port: number, status: number) => `1.3.6.1.2.1.2.2.1.8.${port}|2|${status}`;

/** A data folder for the recordings agent with aruba_2930f and aruba_later; `port7Down` takes port 7's link down too. */
export function recordingsWithLater(options: { port7Down?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-history-recordings-'));
  const recording = readFileSync(join(RECORDINGS, 'aruba_2930f.snmprec'), 'utf8');
  copyFileSync(join(RECORDINGS, 'aruba_2930f.snmprec'), join(dir, 'aruba_2930f.snmprec'));
  let later = recording
    .replace('1.3.6.1.2.1.17.7.1.2.2.1.2.99.60.82.130.0.0.7|2|7', '1.3.6.1.2.1.17.7.1.2.2.1.2.1.60.82.130.0.0.7|2|6')
    .replace(operStatus(5, 1), operStatus(5, 2))
    .concat('1.3.6.1.2.1.31.1.1.1.6.6|70|5000000\n1.3.6.1.2.1.31.1.1.1.10.6|70|7000000\n');
  if (options.port7Down) later = later.replace(operStatus(7, 1), operStatus(7, 2));
  if (!later.includes('.2.1.60.82.130.0.0.7|2|6') || !later.includes(operStatus(5, 2))) throw new Error('the Aruba recording changed');
  writeFileSync(join(dir, 'aruba_later.snmprec'), later);
  return dir;
}
