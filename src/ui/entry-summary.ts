// An activity entry in the user's language. The server writes each entry's summary in English, from a few set forms
// ("Updated port 5 on core-1", "Deleted switch spare-1 and its 2 ports", "Undid: …"); the English catalogue holds
// those forms (says.*), so the UI reads the summary back against them, the entry's own entity name standing in for
// {name}, and says the same in the active language. Imports and restores are worded from their `changes` counts.
// An entry of a form the UI does not know (migrated 0.20.x history, an unknown action) keeps the server's summary.
// A redo (an undo of an undo, "Undid: Undid: …") reads as a redo.
// test/api/activity-words.test.ts has the real server write every form and fails on any the UI would leave English.
import { RANGE_KINDS } from '../fields/choices.ts';
import type { ActivityEntry } from './api-types.ts';
import { isObject } from './components/change-entities.ts';
import { fieldLabel } from './field-label.ts';
import { displayValue, formatDateTime } from './format.ts';
import { englishMessage, formatNumber, language, t } from './messages.ts';
import type { MessageKey } from './messages.ts';
import { fixReasonText } from './server-messages.ts';

/** What the wording needs of an entry. */
export type EntryFacts = Pick<ActivityEntry, 'action' | 'entityType' | 'entityName' | 'summary' | 'changes'>;

type Params = Record<string, string>;

/** The tails a create, update or delete of a kind may end with, each at most once, in this order. */
const TAILS: Record<string, string[]> = {
  'create.switch': ['copy', 'withPorts', 'fromTemplate', 'andLags'],
  'create.template': ['netbox', 'skipped'],
  'create.lag': ['withPorts'],
  'create.address': ['nextFree'],
  'delete.switch': ['ownPorts'],
  'delete.site': ['siteAll'],
  'delete.network': ['held'],
  'delete.vlan': ['vlanUsers', 'vlanUsersLags'],
};
/** The count.* message of an entry's kind, for the rows of an import. */
const PLURAL: Record<string, string> = {
  site: 'sites',
  vlan: 'vlans',
  network: 'networks',
  switch: 'switches',
  port: 'ports',
  address: 'addresses',
  range: 'ranges',
};
const COUNTED = new Set(['ports', 'switches', 'vlans', 'networks', 'addresses', 'ranges', 'lags', 'interfaces', 'differences', 'rows']);
const NUMBERS = new Set(['created', 'updated', 'unchanged']);
const UNDONE = ['update', 'create', 'delete', 'bulk_update', 'discovery'] as const;

const english = (key: string): string => {
  const m = englishMessage(key)!;
  return typeof m === 'string' ? m : m.other;
};
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What the server puts before an undone entry's summary: "Undid: ". */
const UNDID = english('says.undid').replace('{summary}', '');

/** The words of the count.* message `key`, English, as a pattern that captures the number ("48 ports", "1 vlan"). */
function countPattern(key: string): string {
  const m = englishMessage(`count.${key}`);
  if (!m) return '(?!)';
  const nouns = (typeof m === 'string' ? [m] : Object.values(m)).map((form) => form.replace('{count} ', ''));
  return `(\\d+) (?:${[...new Set(nouns.flatMap((n) => [n, n.toLowerCase()]))].map(escapeRe).join('|')})`;
}

/**
 * The parts of `text` when it reads as the English `template`, `name` standing for {name}; each in the active
 * language (counts as "48 Ports", numbers in its format); undefined when it does not.
 */
function read(template: string, text: string, name: string, rows?: string): Params | undefined {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((piece, i) => {
      if (i % 2 === 0) return escapeRe(piece);
      if (piece === 'name') return escapeRe(name);
      names.push(piece);
      if (COUNTED.has(piece)) return countPattern(piece === 'rows' ? (rows ?? '') : piece);
      if (NUMBERS.has(piece) || piece === 'vid') return '(\\d+)';
      if (piece === 'rangeKind') return `(${RANGE_KINDS.join('|')})`;
      return '(.+?)';
    })
    .join('');
  const m = new RegExp(`^${source}$`).exec(text);
  if (!m) return undefined;
  const params: Params = { name };
  names.forEach((piece, i) => {
    const value = m[i + 1]!;
    if (COUNTED.has(piece)) params[piece] = t(`count.${piece === 'rows' ? rows! : piece}` as MessageKey, { count: Number(value) });
    else if (NUMBERS.has(piece)) params[piece] = formatNumber(Number(value));
    else if (piece === 'rangeKind') params[piece] = t(`rangeKind.${value}` as MessageKey);
    else params[piece] = value;
  });
  return params;
}

/** The parts of `text` when it reads as the English `template` (its {placeholders} as free text), as written. */
export function readForm(template: string, text: string): Params | undefined {
  return read(template, text, '');
}

/**
 * Every choice of tails out of `tails`, each in their order, the most tails first: a free part ({original}) could
 * otherwise swallow the tails after it.
 */
function tailChoices(tails: string[]): string[][] {
  const all: string[][] = [[]];
  for (const tail of tails) for (const some of all.slice()) all.push([...some, tail]);
  return all.sort((a, b) => b.length - a.length);
}

/** A create, update or delete of one entity: "{what}{tail}" in the active language. */
function oneEntity(action: string, type: string, name: string, summary: string): string | undefined {
  const whats = type === 'address' ? ['address', 'addressHost'] : [type];
  return entityWords(
    action,
    whats.map((what) => `says.what.${what}`),
    TAILS[`${action}.${type}`] ?? [],
    name,
    summary,
  );
}

/** The tails of a migrated 0.20.x entry: its own action, and the id of a record it named that is gone. */
const LEGACY_TAILS = ['legacyAction', 'legacyGone'];

/** A migrated 0.20.x entry ("Updated port 5 on core-1 (0.20.x: update_port)"); a bulk edit of ports reads as an update. */
function migratedEntity(action: string, type: string, name: string, summary: string): string | undefined {
  const verb = action === 'bulk_update' ? 'update' : action;
  if (englishMessage(`says.legacyWhat.${type}`) === undefined) return undefined;
  return entityWords(verb, [`says.legacyWhat.${type}`], LEGACY_TAILS, name, summary);
}

/** `summary` read as the says.<action> form with one of `whatKeys` and some of `tails`, said in the active language. */
function entityWords(action: string, whatKeys: string[], tails: string[], name: string, summary: string): string | undefined {
  const verb = english(`says.${action}`);
  for (const whatKey of whatKeys) {
    for (const chosen of tailChoices(tails)) {
      const template = verb.replace('{what}', english(whatKey)).replace('{tail}', chosen.map((k) => english(`says.tail.${k}`)).join(''));
      const p = read(template, summary, name);
      if (p)
        return t(`says.${action}` as MessageKey, {
          what: t(whatKey as MessageKey, p),
          tail: chosen.map((k) => t(`says.tail.${k}` as MessageKey, p)).join(''),
        });
    }
  }
  return undefined;
}

/** `{ sites: 2, vlans: 0, … }` as "2 sites, 0 VLANs, …"; undefined unless every key is a count the UI can say. */
function countList(counts: unknown, skipZero: string[]): string | undefined {
  if (!isObject(counts)) return undefined;
  const parts: string[] = [];
  for (const [key, n] of Object.entries(counts)) {
    if (typeof n !== 'number' || englishMessage(`count.${key}`) === undefined) return undefined;
    if (n === 0 && skipZero.includes(key)) continue;
    parts.push(t(`count.${key}` as MessageKey, { count: n }));
  }
  return parts.join(', ');
}

/** An import of a backup or bundle, or a restore, from the counts in its `changes`. */
function fromCounts(e: EntryFacts): string | undefined {
  const c = e.changes;
  if (!isObject(c)) return undefined;
  if (e.action === 'import' && typeof c.source === 'string' && englishMessage(`says.source.${c.source}`) !== undefined) {
    const created = countList(c.created, ['activity', 'users']);
    const merged = countList(c.merged, ['activity', 'users']);
    if (created === undefined || merged === undefined) return undefined;
    return t('says.merge', { source: t(`says.source.${c.source}` as MessageKey), created, merged });
  }
  if (e.action === 'migrate') {
    if (!isObject(c.counts)) return undefined;
    const { usersSkipped: _skipped, ...counted } = c.counts;
    const counts = countList(counted, []);
    return counts && t('says.migrated', { counts });
  }
  if (e.action === 'restore') {
    const counts = countList(c.restored, ['users']);
    if (counts === undefined) return undefined;
    const v = c.converted;
    let converted = '';
    if (isObject(v)) {
      const [vlans, networks, lost] = [v.vlans, v.networksFromSubnets, v.undoLost];
      if (typeof vlans !== 'number' || typeof networks !== 'number' || typeof lost !== 'number') return undefined;
      converted = t('says.converted', { vlans: formatNumber(vlans), networks: formatNumber(networks), lost: formatNumber(lost) });
    }
    const of = typeof c.exportedAt === 'string' ? t('says.restoreOf', { at: formatDateTime(c.exportedAt) }) : '';
    return t('says.restore', { of, converted, counts });
  }
  return undefined;
}

/**
 * What the migration fixed of one record ("Migration fixed port 5 of switch core-1: <details>"): its head in the active
 * language; the details in English as the server wrote them, in another language worded from the entry's changes.
 */
function fixedRecord(name: string, summary: string, changes: unknown): string | undefined {
  for (const what of ['says.fixWhatOf', 'says.fixWhat'] as const) {
    const p = read(english('says.fixed').replace('{what}', english(what)), summary, name);
    if (!p) continue;
    const kindWord = (kind: string) =>
      englishMessage(`kind.${kind.toLowerCase()}`) !== undefined ? t(`kind.${kind.toLowerCase()}` as MessageKey) : kind;
    const words = { ...p, kind: kindWord(p.kind!), parentKind: p.parentKind && kindWord(p.parentKind) };
    const details = (language() !== 'en' && fixDetails(changes)) || p.details!;
    return t('says.fixed', { what: t(what, words), details });
  }
  return undefined;
}

/** How many fixes of a record its summary spells out (legacy/fix-entries.ts FIXES_IN_SUMMARY). */
const FIXES_IN_SUMMARY = 3;

type FixChanges = Record<string, unknown> & {
  reasons: Record<string, string>;
  forms?: Record<string, { code: string; params: Record<string, string | number> }>;
  fields?: Record<string, string>;
};

/** A fix entry's fixes as its summary lists them: "Untagged VLAN 190 → — (<reason>)", the field and reason in the active language. */
function fixDetails(changes: unknown): string | undefined {
  if (!isObject(changes) || !isObject(changes.reasons)) return undefined;
  const c = changes as FixChanges;
  const fields = Object.keys(c.reasons);
  const words = fields.slice(0, FIXES_IN_SUMMARY).map((field) => {
    const [from, to] = (Array.isArray(c[field]) ? c[field] : [null, null]) as unknown[];
    const reason = fixReasonText({ ...c.forms?.[field], reason: c.reasons[field]! });
    return `${fieldLabel(c.fields?.[field] ?? field)} ${displayValue(from)} → ${displayValue(to)} (${reason})`;
  });
  if (fields.length > FIXES_IN_SUMMARY) words.push(t('says.fixMore', { count: fields.length - FIXES_IN_SUMMARY }));
  return words.join('; ');
}

/** The entry in words of the active language, or undefined when the UI does not know its form. */
function worded(e: EntryFacts): string | undefined {
  const { action, entityType: type, summary } = e;
  if (action === 'migrate' && type && e.entityName !== null) return fixedRecord(e.entityName, summary, e.changes);
  if (action === 'import' || action === 'restore' || action === 'migrate') {
    if (action === 'import' && type && PLURAL[type]) {
      const p = read(english('says.import'), summary, '', PLURAL[type]);
      return p && t('says.import', p);
    }
    return fromCounts(e);
  }
  const name = e.entityName;
  if (name === null || !type) return undefined;
  const says = (
    key: 'says.bulk' | 'says.discovery' | 'says.linkMade' | 'says.linkRevoked' | 'says.configUploaded' | 'says.configFetched',
  ) => {
    const p = read(english(key), summary, name);
    return p && t(key, p);
  };
  if (action === 'bulk_update') return type === 'switch' ? (says('says.bulk') ?? migratedEntity(action, type, name, summary)) : undefined;
  if (action === 'discovery') return type === 'switch' ? says('says.discovery') : undefined;
  if (action !== 'create' && action !== 'update' && action !== 'delete') return undefined;
  if (action === 'update' && type === 'switch') {
    const link = says('says.linkMade') ?? says('says.linkRevoked') ?? says('says.configUploaded') ?? says('says.configFetched');
    if (link) return link;
  }
  // A kind is worded when the catalogue has its says.what.* message.
  const own = englishMessage(`says.what.${type}`) !== undefined ? oneEntity(action, type, name, summary) : undefined;
  return own ?? migratedEntity(action, type, name, summary);
}

/** How many undos deep an entry is: 1 for an undo ("Undid: …"), 2 for a redo ("Undid: Undid: …"), 0 otherwise. */
export function undoDepth(e: Pick<EntryFacts, 'action' | 'summary'>): number {
  if (e.action !== 'undo') return 0;
  let depth = 0;
  while (e.summary.startsWith(UNDID.repeat(depth + 1))) depth++;
  return depth;
}

/** The entry in the user's language: its summary worded from its parts, else as the server wrote it. */
export function entrySummary(e: EntryFacts): string {
  const depth = undoDepth(e);
  if (depth === 0) return worded(e) ?? e.summary;
  const inner = e.summary.slice(UNDID.length * depth);
  const words = UNDONE.map((action) => worded({ ...e, action, summary: inner })).find((w) => w !== undefined) ?? inner;
  return t(depth % 2 === 1 ? 'says.undid' : 'says.redid', { summary: words });
}
