// A switch's running configuration kept as a version (issue 38), whatever brought it (an upload, an SSH fetch): the one
// path every source calls. The text is masked first (no secret is stored in clear), its line ends made \n; a version
// is known by the SHA-256 of its masked lines without the volatile ones (timestamps, ntp clock-period, uptime
// comments), so the same configuration again is no new version, only seen again (an observation, no activity entry).
// A new version is written with its activity entry about the switch in one change (not undoable: the switch did run
// it), its changed lines counted against the version the switch ran last, and the oldest versions past
// CONFIG_VERSIONS_KEPT pruned in the same change.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { recordChange, type Actor } from '../db/change.ts';
import {
  getConfigVersionText,
  insertConfigVersion,
  latestConfigVersion,
  markConfigVersionSeen,
  nextConfigVersionNumber,
  pruneConfigVersions,
  type ConfigSource,
  type ConfigVersionRow,
} from '../db/config-versions.ts';
import type { Db } from '../db/open.ts';
import type { SwitchRow } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { changedLineCount, diffLines, linesOf } from '../lib/line-diff.ts';
import { maskSecrets } from '../switch-config/mask-secrets.ts';
import type { RunningConfigDialect } from '../switch-config/read-running.ts';
import { isVolatileLine } from '../switch-config/volatile-lines.ts';

/** How many versions of a switch are kept: the oldest beyond are pruned when a new one comes. */
export const CONFIG_VERSIONS_KEPT = 100;

/** A configuration as a source brought it. */
export interface ConfigIntake {
  text: string;
  source: ConfigSource;
  dialect: RunningConfigDialect | null;
  /** The key of the masks' HMAC (mask-secrets.ts), so that a weak secret cannot be looked up by its mask's hash. */
  maskKey?: string;
}

/** What became of a configuration: a new version, or one the switch had run before, seen again. */
export interface StoredConfig {
  version: ConfigVersionRow;
  created: boolean;
}

/** A configuration as it is stored: masked, line ends \n, its lines, and its content hash. */
export interface PreparedConfig {
  text: string;
  lines: string[];
  contentHash: string;
}

/** The key of the masks' HMAC, derived from the service secret (APP_JWT_SECRET); none without one (plain SHA-256 masks). */
export function configMaskKey(serviceSecret: string): string | undefined {
  return serviceSecret ? createHmac('sha256', serviceSecret).update('switchyard/config-masks').digest('hex') : undefined;
}

/** Masks a configuration and hashes what of it is not volatile (pure). */
export function prepareConfig(text: string, maskKey?: string): PreparedConfig {
  const masked = maskSecrets(text.replace(/\r\n?/g, '\n'), maskKey ? { hashKey: maskKey } : {});
  const lines = linesOf(masked);
  const contentHash = createHash('sha256')
    .update(lines.filter((line) => !isVolatileLine(line)).join('\n'))
    .digest('hex');
  return { text: lines.length > 0 ? `${lines.join('\n')}\n` : '', lines, contentHash };
}

/** How many lines, volatile ones left out, differ between two stored texts. */
export function changedLinesBetween(before: string, after: string): number {
  const steady = (text: string) => linesOf(text).filter((line) => !isVolatileLine(line));
  return changedLineCount(diffLines(steady(before), steady(after)));
}

/** Keeps a configuration of a switch: a new version with its activity entry, or the version it equals seen again. */
export function storeConfigVersion(db: Db, actor: Actor, sw: SwitchRow, intake: ConfigIntake): StoredConfig {
  const prepared = prepareConfig(intake.text, intake.maskKey);
  if (prepared.lines.every((line) => line.trim() === '' || isVolatileLine(line)))
    throw new Refusal('invalid', 'validation_failed', 'The configuration is empty.', [
      { field: 'body', message: 'holds no configuration line' },
    ]);
  const now = new Date().toISOString();
  const seen = markConfigVersionSeen(db, sw.id, prepared.contentHash, now);
  if (seen) return { version: seen, created: false };
  const { result } = recordChange(db, actor, (change) => {
    const previous = latestConfigVersion(change.db, sw.id);
    const number = nextConfigVersionNumber(change.db, sw.id);
    const row: ConfigVersionRow = {
      id: randomUUID(),
      switch_id: sw.id,
      number,
      content_hash: prepared.contentHash,
      lines: prepared.lines.length,
      source: intake.source,
      dialect: intake.dialect,
      fetched_at: change.now,
      last_seen_at: change.now,
      seen_count: 1,
      changed_lines: previous ? changedLinesBetween(getConfigVersionText(change.db, previous.id) ?? '', prepared.text) : null,
      previous_id: previous?.id ?? null,
      created_by: actor.id,
    };
    insertConfigVersion(change.db, { ...row, text: prepared.text });
    pruneConfigVersions(change.db, sw.id, CONFIG_VERSIONS_KEPT, row.id);
    // The summary has the form of the UI's says.configUploaded and says.configFetched (ui/entry-summary.ts words it).
    const how = intake.source === 'ssh' ? 'fetched over SSH' : 'uploaded';
    return {
      activity: {
        action: 'update',
        entityType: 'switch',
        entityId: sw.id,
        entityName: sw.name,
        siteId: sw.site_id,
        summary: `Stored running configuration ${number} of switch ${sw.name} (${how})`,
        changes: { configVersion: [previous?.id ?? null, row.id], changedLines: [null, row.changed_lines] },
        undoable: false,
      },
      result: row,
    };
  });
  return { version: result, created: true };
}
