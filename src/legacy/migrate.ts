import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { insertActivity } from '../db/activity.ts';
import { counted } from '../lib/counted.ts';
import { insertRecords, KIND_OF, KIND_PLURALS } from '../db/images.ts';
import { bulkLoad, type Db } from '../db/open.ts';
import { countVlanSwitchPorts, withDerivedDataRebuiltAfter } from '../db/search-index.ts';
import { insertPublicLink } from '../db/public-links.ts';
import { setTopologyPosition } from '../db/topology-positions.ts';
import { getUserByName } from '../db/users.ts';
import type { Logger } from '../boot/log.ts';
import { StartupError } from '../errors/startup-error.ts';
import { archiveName, moveToArchive, planOf, unmovedFiles, type ArchivePlan } from './archive.ts';
import { checkLegacy } from './check.ts';
import { fixEntries } from './fix-entries.ts';
import { findLegacyFiles, readLegacyDir } from './read.ts';
import { holdsData, insertLegacyActivities, insertLegacyUser, latestMigrateChanges, withIndexesBuiltAfter } from './store.ts';
import { readSettings, SETTINGS_FILE } from './settings.ts';
import { legacyFaultLine, OLD_FILE_NAMES, type LegacyData, type LegacyFault, type LegacyKind } from './types.ts';

/** The legacy files break a rule: nothing was written; the message lists every fault for the operator. */
class LegacyMigrationError extends StartupError {
  readonly faults: LegacyFault[];

  constructor(faults: LegacyFault[]) {
    super(
      `legacy migration failed: ${faults.length} fault${faults.length === 1 ? '' : 's'} in the 0.20.x JSON files. Nothing was migrated: ` +
        'the database is unchanged and the JSON files are untouched. Fix the files and start again.\n' +
        faults.map((fault) => `  ${legacyFaultLine(fault)}`).join('\n'),
    );
    this.faults = faults;
  }
}

/** How many records of each kind came across. */
export interface MigrationCounts {
  sites: number;
  vlans: number;
  networks: number;
  switches: number;
  ports: number;
  addresses: number;
  ranges: number;
  templates: number;
  lags: number;
  activity: number;
  users: number;
  usersSkipped: number;
  /** Active public tokens, kept as public links (their token's SHA-256). */
  publicLinks: number;
  /** Switch positions of the sites' topology layouts. */
  topologyPositions: number;
}

/** The kinds counted in the log, one line each, in this order; each is also the table its records go to. */
export const COUNTED_KINDS = [
  'sites',
  'vlans',
  'networks',
  'switches',
  'ports',
  'addresses',
  'ranges',
  'templates',
  'lags',
  'activity',
  'users',
] as const;

/** A committed migration: its counts and where its files go. */
export interface Committed {
  counts: MigrationCounts;
  plan: ArchivePlan;
  /** File name to its identity when read (see unmovedFiles). */
  read: Map<string, string>;
}

/**
 * The one-time 0.20.x migration, run at start-up after the schema migrations: finishes the archive move of a
 * migration interrupted after its commit; otherwise, when legacy files lie next to a database without data,
 * checks them all, writes them in one transaction and moves them into `_archive_<ISO basic>/`.
 * Throws LegacyMigrationError, having written nothing, when the files break a rule.
 */
export function migrateLegacyData(db: Db, dataDir: string, log: Logger): void {
  finishInterruptedMove(db, dataDir, log);
  const committed = commitLegacyMigration(db, dataDir, log);
  if (committed) archiveLegacyFiles(dataDir, committed.plan, committed.read, log);
}

/** When the newest `migrate` entry's files still lie in the data directory (a crash after the commit), moves them. */
function finishInterruptedMove(db: Db, dataDir: string, log: Logger): void {
  // Nothing to move: skip looking for the migrate entry, a scan of the activity log on every start.
  if (findLegacyFiles(dataDir).length === 0) return;
  const plan = planOf(latestMigrateChanges(db));
  if (!plan) return;
  const names = unmovedFiles(dataDir, plan);
  if (names.length === 0) return;
  const dir = moveToArchive(dataDir, plan, names);
  log.info('legacy migration: finished moving the files of an interrupted migration to the archive', {
    archive: dir,
    files: names.join(','),
  });
}

/**
 * The commit step: reads and checks the legacy files and writes them in one transaction with one `migrate`
 * entry that names the archive. Does nothing (undefined) without legacy files or when the database holds data.
 */
export function commitLegacyMigration(db: Db, dataDir: string, log: Logger, now = new Date()): Committed | undefined {
  const present = findLegacyFiles(dataDir);
  if (present.length === 0) return undefined;
  if (holdsData(db)) {
    log.info('legacy migration: not needed, the database holds data already; the JSON files next to it are left alone', {
      files: present.join(','),
    });
    return undefined;
  }
  log.info('legacy migration: 0.20.x JSON files found next to an empty database', { files: present.join(',') });
  const lap = stopwatch();
  const { bundle, files, faults: readFaults } = readLegacyDir(dataDir);
  const settings = readSettings(dataDir);
  const readMs = lap();
  const unreadable = readFaults.map((fault) => fault.file.replace(/\.json$/, '') as LegacyKind);
  // The bundle is ours: the check lets its parsed records go as it goes (the migration's peak of memory).
  const { data, faults } = checkLegacy(bundle, { now: now.toISOString(), unreadable, release: true });
  if (readFaults.length > 0 || settings.fault || !data)
    throw new LegacyMigrationError([...readFaults, ...(settings.fault ? [settings.fault] : []), ...faults]);
  const checkMs = lap();
  const plan: ArchivePlan = {
    archive: archiveName(dataDir, now),
    files: Object.fromEntries([...files, ...(settings.file ? [settings.file] : [])].map((file) => [file.name, file.sha256])),
  };
  let writeMs = 0;
  const written = bulkLoad(db, () => {
    const outcome = holdsData(db) ? undefined : writeAll(db, data, plan, now.toISOString());
    writeMs = lap();
    return outcome;
  });
  const commitMs = lap();
  if (!written) return undefined;
  logOutcome(log, data, written);
  // Where the time went, for an operator who waits for a large migration (and the benchmark's report). The
  // commit is the foreign keys' check, the COMMIT and its fsyncs.
  log.info('legacy migration: timings', { readMs, checkMs, writeMs, commitMs });
  for (const note of settings.notes)
    log.warn('legacy migration: setting not migrated', {
      file: SETTINGS_FILE,
      setting: note.setting,
      value: note.value,
      reason: note.reason,
    });
  for (const [name, old] of Object.entries(OLD_FILE_NAMES))
    if (existsSync(join(dataDir, name)) && existsSync(join(dataDir, old)))
      log.warn('legacy migration: file not migrated, the file of its current name was read instead; it stays in the data directory', {
        file: old,
        read: name,
      });
  const read = new Map(files.flatMap((file) => (file.identity ? [[file.name, file.identity] as const] : [])));
  return { counts: written.counts, plan, read };
}

/** After the commit: moves the migrated files into the archive and logs its path. */
function archiveLegacyFiles(dataDir: string, plan: ArchivePlan, read: ReadonlyMap<string, string>, log: Logger): void {
  try {
    const dir = moveToArchive(dataDir, plan, unmovedFiles(dataDir, plan, read));
    log.info('legacy migration: JSON files moved to the archive', { archive: dir });
  } catch (error) {
    // The data is committed; the next start finishes the move (the migrate entry names the archive).
    log.warn('legacy migration: the JSON files could not be moved to the archive; the next start tries again', {
      error: (error as Error).message,
    });
  }
}

/** What the commit wrote: the counts and the usernames skipped because an existing user has them. */
interface Written {
  counts: MigrationCounts;
  skippedUsers: string[];
}

function writeAll(db: Db, data: LegacyData, plan: ArchivePlan, now: string): Written {
  const counts: MigrationCounts = {
    sites: data.sites.length,
    vlans: data.vlans.length,
    networks: data.networks.length,
    switches: data.switches.length,
    ports: data.ports.length,
    addresses: data.addresses.length,
    ranges: data.ranges.length,
    templates: data.templates.length,
    lags: data.lags.length,
    activity: data.activity.length,
    users: data.users.length,
    usersSkipped: 0,
    publicLinks: data.publicLinks.length,
    topologyPositions: data.topologyPositions.length,
  };
  // Counted while the ports are in hand (writeRecords lets them go): SQLite would sort every port × VLAN row.
  const vlanCounts = countVlanSwitchPorts(data.ports);
  const skipped = withIndexesBuiltAfter(db, () => withDerivedDataRebuiltAfter(db, () => writeRecords(db, data), vlanCounts));
  counts.users -= skipped.size;
  counts.usersSkipped = skipped.size;
  const skippedUsers = data.users.filter((user) => skipped.has(user.id)).map((user) => String(user.username));
  // Before the overall entry, which stays the newest `migrate` entry (latestMigrateChanges reads its archive).
  for (const { row, touched } of fixEntries(data.fixes, data.fixRecords, now)) insertActivity(db, row, touched);
  const fixes = data.fixes.map((fix, i) => ({ ...fix, record: data.fixRecords[i] }));
  insertActivity(db, {
    id: randomUUID(),
    at: now,
    user_id: null,
    username: null,
    action: 'migrate',
    entity_type: null,
    entity_id: null,
    entity_name: null,
    site_id: null,
    summary: summaryOf(counts),
    changes: JSON.stringify({ counts, archive: plan.archive, files: plan.files, skippedUsers, fixes, dropped: data.dropped }),
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  });
  return { counts, skippedUsers };
}

/**
 * Writes the records in the order their ids ascend (see ascendingUuids); returns the ids of users skipped. Each
 * kind's records are let go of once written (the counts are taken before), so that the activity entries are
 * written without every port still held.
 */
function writeRecords(db: Db, data: LegacyData): Set<string> {
  for (const plural of KIND_PLURALS) {
    insertRecords(db, KIND_OF[plural], data[plural]);
    data[plural] = [];
  }
  for (const link of data.publicLinks) insertPublicLink(db, { ...link, createdBy: null });
  for (const { siteId, switchId, x, y } of data.topologyPositions) setTopologyPosition(db, siteId, switchId, x, y);
  const skipped = new Set<string>();
  for (const user of data.users) {
    if (getUserByName(db, user.username as string)) skipped.add(user.id);
    else insertLegacyUser(db, user);
  }
  insertLegacyActivities(
    db,
    skipped.size === 0
      ? data.activity
      : data.activity.map((entry) => (skipped.has(entry.userId as string) ? { ...entry, userId: null } : entry)),
    data.history,
  );
  data.activity = [];
  return skipped;
}

/** A function that answers the whole milliseconds since it was last called (or made). */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = Math.round(now - last);
    last = now;
    return elapsed;
  };
}

function summaryOf(counts: MigrationCounts): string {
  const n = (value: number, noun: string, nouns?: string) => counted(value, noun, nouns).replace(/^\d+/, value.toLocaleString('en-US'));
  return (
    `Migrated the 0.20.x data: ${n(counts.sites, 'site')}, ${n(counts.vlans, 'VLAN')}, ${n(counts.networks, 'network')}, ` +
    `${n(counts.switches, 'switch', 'switches')}, ${n(counts.ports, 'port')}, ${n(counts.addresses, 'address', 'addresses')}, ` +
    `${n(counts.ranges, 'range')}, ${n(counts.templates, 'template')}, ${n(counts.lags, 'LAG')}, ` +
    `${n(counts.activity, 'activity entry', 'activity entries')}, ${n(counts.users, 'user')}, ${n(counts.publicLinks, 'public link')}, ` +
    `${n(counts.topologyPositions, 'topology position')}`
  );
}

function logOutcome(log: Logger, data: LegacyData, written: Written): void {
  const { counts } = written;
  for (const fix of data.fixes) {
    log.warn('legacy migration: value fixed', {
      file: fix.file,
      id: fix.id,
      field: fix.field,
      from: fix.from,
      to: fix.to,
      reason: fix.reason,
    });
  }
  for (const dropped of data.dropped) {
    log.warn('legacy migration: unknown field dropped', { file: dropped.file, field: dropped.field, count: dropped.count });
  }
  for (const username of written.skippedUsers) {
    log.warn('legacy migration: user not migrated, the username is taken by an existing user', { username });
  }
  for (const kind of COUNTED_KINDS) {
    log.info(`legacy migration: ${kind} migrated`, { count: counts[kind] });
  }
  log.info('legacy migration: public links migrated', { count: counts.publicLinks });
  log.info('legacy migration: topology positions migrated', { count: counts.topologyPositions });
}
