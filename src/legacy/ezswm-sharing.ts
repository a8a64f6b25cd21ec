// public-tokens.json and topology-layouts.json of ezSWM 0.20.x (LEGACY.md; docs/SHARING.md "From 0.20.x"): in the
// start-up migration an active public token keeps its token value, so printed QR codes keep working; only its
// SHA-256 is stored, and the token itself is never written into a fix, a log line or the activity log. A revoked
// token is named in the fixes and not migrated. A layout's node_positions become the topology positions of its
// site, switch ids remapped; a position of a switch that is gone (or of another site), or that is no pair of
// numbers, is dropped with a fix. topology-layouts.json is an object keyed by site id: topologyLayoutRecords turns
// it into records (`id` the site id) so that it is read as every other file. Also used for the merge (POST
// /api/data/import, remapSharing: a link only for a switch the merge creates, never with the file's token) and for
// an ezSWM backup (ezswm-backup.ts). Pure: no I/O.
import { COORDINATE_MAX } from '../db/topology-positions.ts';
import { PUBLIC_LINKS_PER_SWITCH, PUBLIC_TOKEN_SHAPE, publicTokenHash } from '../db/public-links.ts';
import { isPlainObject } from '../fields/field.ts';
import { addFault, dropUnknown, empty, fixAt, fixReason, idKey, keepDate, newIdOf, type CheckContext, type Entry } from './context.ts';
import type { ApiRecord, LegacyFault } from './types.ts';

const KNOWN = {
  tokens: new Set(['id', 'switch_id', 'token', 'created_at', 'revoked_at', 'last_access_at']),
  // `id` is the site id the layout is keyed by (topologyLayoutRecords).
  layouts: new Set(['id', 'node_positions', 'updated_at']),
};

/** A public link of the legacy data: `tokenHash` the SHA-256 of its token (hex). */
export interface LegacyPublicLink extends ApiRecord {
  /** Its id in public-tokens.json, for the fixes of a merge. */
  legacyId: string;
  /** Its switch_id in public-tokens.json, for the fixes of a merge. */
  legacySwitchId: string;
  switchId: string;
  tokenHash: string;
  createdAt: string;
  lastAccessAt: string | null;
}

/** A switch's position in its site's topology. */
export interface LegacyPosition {
  /** The layout's site id and the switch id in topology-layouts.json, for the fixes of a merge. */
  legacySiteId: string;
  legacySwitchId: string;
  siteId: string;
  switchId: string;
  x: number;
  y: number;
}

/** The public links and topology positions of the legacy data. */
export interface LegacySharing {
  publicLinks: LegacyPublicLink[];
  topologyPositions: LegacyPosition[];
}

/**
 * The records of topology-layouts.json: one per site, `{ id: <site id>, node_positions, updated_at }`; a fault
 * when the content is not an object keyed by site id, as 0.20.x wrote it.
 */
export function topologyLayoutRecords(content: unknown): { records: unknown[] } | { fault: LegacyFault } {
  if (content === undefined) return { records: [] };
  if (isPlainObject(content))
    return { records: Object.entries(content).map(([siteId, layout]) => (isPlainObject(layout) ? { ...layout, id: siteId } : layout)) };
  const shape = content === null ? 'null' : Array.isArray(content) ? 'an array' : `a ${typeof content}`;
  return {
    fault: {
      file: 'topology-layouts.json',
      id: null,
      index: null,
      field: '',
      reason: `must be a JSON object { <site id>: { node_positions, updated_at } }, as 0.20.x wrote it; it is ${shape}`,
    },
  };
}

/** The switches the sharing data refers to: each by its new id, with its site. */
export interface SwitchOfSite {
  id: string;
  siteId?: unknown;
}

/** Public links and topology positions of the 0.20.x entries; faults and fixes go to `ctx`. */
export function checkSharing(
  ctx: CheckContext,
  entries: { tokens: Entry[]; layouts: Entry[] },
  switches: readonly SwitchOfSite[],
): LegacySharing {
  const siteOf = new Map(switches.map((sw) => [sw.id, sw.siteId]));
  return {
    publicLinks: checkTokens(ctx, entries.tokens, siteOf),
    topologyPositions: checkLayouts(ctx, entries.layouts, siteOf),
  };
}

function checkTokens(ctx: CheckContext, entries: Entry[], siteOf: Map<string, unknown>): LegacyPublicLink[] {
  const file = 'public-tokens.json';
  const hashes = new Map<string, string>();
  const links: LegacyPublicLink[] = [];
  for (const entry of entries) {
    const { raw } = entry;
    dropUnknown(ctx, file, raw, KNOWN.tokens);
    const notMigrated = (field: string, from: unknown, reason: string) =>
      ctx.fixes.push({ ...fixAt(file, entry, field), from, to: null, reason: `${reason}; the public link is not migrated` });
    if (!empty(raw.revoked_at)) {
      ctx.fixes.push({ ...fixAt(file, entry, 'revoked_at'), from: raw.revoked_at, to: null, ...fixReason('link_revoked') });
      continue;
    }
    const key = idKey(raw.switch_id);
    const switchId = key === undefined ? undefined : ctx.ids.switches.get(key);
    if (!switchId || !siteOf.has(switchId)) {
      notMigrated('switch_id', raw.switch_id ?? null, empty(raw.switch_id) ? 'names no switch' : 'names a switch that does not exist');
      continue;
    }
    // The token itself never goes into a fix: the fixes are logged and kept in the activity log.
    const token = raw.token;
    if (typeof token !== 'string' || !PUBLIC_TOKEN_SHAPE.test(token)) {
      const what = typeof token === 'string' ? `a text of ${token.length} characters` : token === undefined ? null : typeof token;
      notMigrated('token', what, 'is no token (16 to 128 characters of A-Z, a-z, 0-9, "-" and "_")');
      continue;
    }
    const tokenHash = publicTokenHash(token);
    const same = hashes.get(tokenHash);
    if (same) {
      notMigrated('token', null, `is the token of public token ${same} too`);
      continue;
    }
    hashes.set(tokenHash, entry.key ?? `#${entry.index + 1}`);
    const createdAt = keepDate(ctx, file, entry, 'created_at', ctx.now);
    const lastAccessAt = keepDate(ctx, file, entry, 'last_access_at', '') || null;
    links.push({
      id: newIdOf(ctx, 'public-tokens', entry),
      legacyId: entry.key ?? `#${entry.index + 1}`,
      legacySwitchId: key!,
      switchId,
      tokenHash,
      createdAt,
      lastAccessAt,
    });
  }
  return links;
}

function checkLayouts(ctx: CheckContext, entries: Entry[], siteOf: Map<string, unknown>): LegacyPosition[] {
  const file = 'topology-layouts.json';
  const positions: LegacyPosition[] = [];
  for (const entry of entries) {
    const { raw } = entry;
    dropUnknown(ctx, file, raw, KNOWN.layouts);
    const nodes = raw.node_positions;
    if (empty(nodes)) continue;
    if (!isPlainObject(nodes)) {
      addFault(ctx, file, entry, 'node_positions', 'must be a JSON object { <switch id>: { x, y } }');
      continue;
    }
    const siteId = entry.key === null ? undefined : ctx.ids.sites.get(entry.key);
    if (!siteId) {
      ctx.fixes.push({
        ...fixAt(file, entry, 'id'),
        from: entry.key,
        to: null,
        reason: `the layout of a site that does not exist; its ${Object.keys(nodes).length} positions are not migrated`,
      });
      continue;
    }
    for (const [switchKey, at] of Object.entries(nodes)) {
      const field = `node_positions.${switchKey}`;
      const drop = (reason: string) => ctx.fixes.push({ ...fixAt(file, entry, field), from: at, to: null, reason: `${reason}; dropped` });
      const switchId = ctx.ids.switches.get(switchKey);
      if (!switchId || !siteOf.has(switchId)) {
        drop('names a switch that does not exist');
        continue;
      }
      if (siteOf.get(switchId) !== siteId) {
        drop('names a switch of another site');
        continue;
      }
      const point = isPlainObject(at) ? { x: at.x, y: at.y } : undefined;
      if (!point || !isCoordinate(point.x) || !isCoordinate(point.y)) {
        drop(`is no position { x, y } (numbers from -${COORDINATE_MAX} to ${COORDINATE_MAX})`);
        continue;
      }
      positions.push({ legacySiteId: entry.key!, legacySwitchId: switchKey, siteId, switchId, x: point.x + 0, y: point.y + 0 });
    }
  }
  return positions;
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= COORDINATE_MAX;
}

/** A public link a merge makes: on a switch the merge creates, under a new random token made when it is written. */
export interface MergedPublicLink {
  id: string;
  /** Its id in public-tokens.json. */
  legacyId: string;
  switchId: string;
}

/** What a merge does with the sharing data: records under the ids of the merged data. */
export interface MergedSharing {
  publicLinks: MergedPublicLink[];
  topologyPositions: LegacyPosition[];
}

/** What the merge knows of a switch: the name of one it creates, of one stored already, and a stored position. */
export interface MergeSwitches {
  /** The name of a switch the merge creates; undefined for any other. */
  newSwitchName: (switchId: string) => string | undefined;
  storedSwitchName: (switchId: string) => string | undefined;
  hasPosition: (siteId: string, switchId: string) => boolean;
}

/** A fix of the merge: the file, the record's id in it, the field, the value in the file, why (`to` is null). */
export type SharingFix = (file: string, id: string, field: string, from: unknown, reason: string) => void;

/**
 * The sharing data of a merge, remapped onto the merge's ids (`ids`: the document's id to the stored or new id,
 * per kind). A public link is made only for a switch the merge creates, and never with the file's token (the file's
 * author chose it): it gets a new random token when it is written; a link of a stored switch is not made. A position
 * of a switch that has one in its site already keeps the stored one. Each of these is listed as a fix.
 */
export function remapSharing(
  sharing: LegacySharing,
  ids: { sites: Map<string, string>; switches: Map<string, string> },
  switches: MergeSwitches,
  fix: SharingFix,
): MergedSharing {
  return {
    publicLinks: remapLinks(sharing.publicLinks, ids.switches, switches, fix),
    topologyPositions: remapPositions(sharing.topologyPositions, ids, switches, fix),
  };
}

function remapLinks(links: LegacyPublicLink[], ids: Map<string, string>, switches: MergeSwitches, fix: SharingFix): MergedPublicLink[] {
  const file = 'public-tokens.json';
  const perSwitch = new Map<string, number>();
  const merged: MergedPublicLink[] = [];
  for (const link of links) {
    const switchId = ids.get(link.switchId);
    if (!switchId) continue;
    const name = switches.newSwitchName(switchId);
    if (name === undefined) {
      const stored = switches.storedSwitchName(switchId);
      fix(
        file,
        link.legacyId,
        'switch_id',
        link.legacySwitchId,
        `names the stored switch "${stored}": a merge makes no public link to a switch it did not create, so this link is not made`,
      );
      continue;
    }
    const count = perSwitch.get(switchId) ?? 0;
    if (count >= PUBLIC_LINKS_PER_SWITCH) {
      const reason = `switch "${name}" has ${PUBLIC_LINKS_PER_SWITCH} public links of the file already; this one is not made`;
      fix(file, link.legacyId, 'switch_id', link.legacySwitchId, reason);
      continue;
    }
    perSwitch.set(switchId, count + 1);
    const reason = `the public link to the new switch "${name}" gets a new random token, never the file's (which opens nothing)`;
    fix(file, link.legacyId, 'token', null, `${reason}; its URL is in the answer's sharing.links, shown once`);
    merged.push({ id: link.id, legacyId: link.legacyId, switchId });
  }
  return merged;
}

function remapPositions(
  positions: LegacyPosition[],
  ids: { sites: Map<string, string>; switches: Map<string, string> },
  switches: MergeSwitches,
  fix: SharingFix,
): LegacyPosition[] {
  const topologyPositions: LegacyPosition[] = [];
  for (const position of positions) {
    const siteId = ids.sites.get(position.siteId);
    const switchId = ids.switches.get(position.switchId);
    if (!siteId || !switchId) continue;
    if (switches.hasPosition(siteId, switchId)) {
      fix(
        'topology-layouts.json',
        position.legacySiteId,
        `node_positions.${position.legacySwitchId}`,
        { x: position.x, y: position.y },
        'the stored switch has a position in its topology; it keeps that one',
      );
      continue;
    }
    topologyPositions.push({ ...position, siteId, switchId });
  }
  return topologyPositions;
}
