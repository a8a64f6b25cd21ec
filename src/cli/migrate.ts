// `npm run migrate`: applies the schema migrations and the one-time 0.20.x legacy migration without serving.
// Exit 0 when the database is up to date; 1 with the reason (every fault of the legacy files) otherwise.
import '../boot/silence-sqlite-warning.ts';
import { loadConfigOrReport } from '../boot/config.ts';
import { checkpoint } from '../db/open.ts';
import { createLogger } from '../boot/log.ts';
import { openAndMigrate } from '../boot/startup.ts';
import { StartupError } from '../errors/startup-error.ts';

function main(): number {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const log = createLogger(config.logLevel);
  try {
    const db = openAndMigrate(config, log);
    checkpoint(db);
    db.close();
    log.info('database is up to date', { path: config.databasePath });
    return 0;
  } catch (error) {
    const known = error instanceof StartupError;
    log.error(known ? (error as Error).message : 'migration failed', known ? undefined : { error: (error as Error).stack });
    return 1;
  }
}

process.exitCode = main();
