// The event patterns a subscription may name (API.md, "Webhooks"). Only events something emits are taken: the
// findings, configuration changes and failed backups of issue 40 have no source yet and are refused until they do.
import { ACTIONS } from '../db/activity.ts';
import { DISCOVERY_COMPLETED } from '../db/webhooks.ts';

/** Every activity entry. */
export const ALL_ACTIVITY = 'activity.*';
/** The event of POST /api/webhooks/{id}/test: sent to its one subscription whatever its patterns. */
export const PING = 'ping';

/** Patterns of issue 40 that nothing emits yet. */
const NOT_YET_EMITTED = ['finding.new', 'finding.resolved', 'config.changed', 'backup.failed'];

const ACTIVITY_PATTERN = /^activity\.([a-z_]+)\.([a-z_]+)$/;

/** Why `pattern` is no event pattern a subscription may name; undefined when it is one. */
export function patternFault(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return 'must be a text';
  if (pattern === ALL_ACTIVITY || pattern === DISCOVERY_COMPLETED) return undefined;
  if (NOT_YET_EMITTED.includes(pattern)) return `"${pattern}" is not emitted by this release yet`;
  const match = ACTIVITY_PATTERN.exec(pattern);
  if (!match) return `"${pattern}" is no event pattern (activity.*, activity.<kind>.<action> or ${DISCOVERY_COMPLETED})`;
  if (!(ACTIONS as readonly string[]).includes(match[2])) return `"${match[2]}" is no action of the activity log (${ACTIONS.join(', ')})`;
  return undefined;
}
