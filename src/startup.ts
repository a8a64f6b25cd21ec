export { StartupError } from './startup-error.ts';
import type { Config } from './config.ts';
import { applyMigrations } from './db/migrate.ts';
import { openDatabase, type Db } from './db/open.ts';
import { migrateLegacyData } from './legacy/migrate.ts';
import type { Logger } from './log.ts';

/** Opens the database and brings it up to date: schema migrations, then the one-time legacy migration. */
export function openAndMigrate(config: Config, log: Logger): Db {
  const db = openDatabase(config.databasePath);
  try {
    const applied = applyMigrations(db, config.migrationsDir);
    if (applied.length > 0) log.info('schema migrations applied', { versions: applied.join(',') });
    migrateLegacyData(db, config.dataDir, log);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
