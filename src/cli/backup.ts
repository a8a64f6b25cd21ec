// `npm run backup -- <file>`: a consistent copy of the database while the server runs (VACUUM INTO, fsynced,
// renamed into place). Exit 0 with one line naming the copy; 1 with the reason. A copy that would be the database
// or one of its -wal, -shm, -journal files (through a symlink, a symlinked directory or a hard link) is refused.
import '../boot/silence-sqlite-warning.ts';
import { resolve } from 'node:path';
import { loadConfigOrReport } from '../boot/config.ts';
import { CopyIsDatabaseError, copyDatabase } from '../db/online-backup.ts';

function main(args: string[]): number {
  const target = args.find((arg) => arg !== '--');
  if (!target || target === '-h' || target === '--help') {
    process.stderr.write('usage: npm run backup -- <file>   (a consistent copy of the database, made while the service runs)\n');
    return target ? 0 : 1;
  }
  const config = loadConfigOrReport();
  if (!config) return 1;
  const { databasePath } = config;
  const path = resolve(target);
  const started = performance.now();
  try {
    const copy = copyDatabase(databasePath, path);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `${new Date().toISOString()} info backup written: ${copy.path} (${copy.bytes} bytes, ${ms} ms, integrity ${copy.integrity}) from ${databasePath}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CopyIsDatabaseError) return fail(error.message);
    return fail(`backup of ${databasePath} failed: ${(error as Error).message}`);
  }
}

function fail(message: string): number {
  process.stderr.write(`${new Date().toISOString()} error ${message}\n`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
