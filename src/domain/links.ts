// The symmetric-pair rule of port links and LAG pairs, written once: a record's partner (a port's linkedPortId, a
// LAG's remoteLagId) is an existing record of another switch that points back, and no other record points at it.
// Pure over lookups, so that it judges the database and a document's records alike.
import type { FieldFault } from '../errors/refusal.ts';

/** What the rule needs of a record: its id, its switch, the partner it points at, and a name for messages. */
export interface PairEnd {
  id: string;
  switchId: string;
  partnerId?: string | null;
  name?: string;
}

/** How the rule finds records: by id (undefined when there is none), and the ids of those pointing at one. */
export interface PairLookups {
  find(id: string): PairEnd | undefined;
  /** Asked only when the far end must point back already (`symmetric`). */
  pointingAt?(id: string): readonly string[];
}

/** The fields that pair two records. */
export type PairField = 'linkedPortId' | 'remoteLagId';

/** The wording of a fault; each has a default per field. */
export interface PairWords {
  missing(id: string): string;
  sameSwitch(far: PairEnd): string;
  noBack(id: string): string;
}

/** Which pair, whether the far end must point back already, and any wording of the caller's (a document's). */
export interface PairRule {
  field: PairField;
  /** Stored data and documents: true. A write that points the far end back itself: false. */
  symmetric: boolean;
  words?: Partial<PairWords>;
}

const NOUNS: Record<PairField, { noun: string; back: string; stray: string }> = {
  linkedPortId: {
    noun: 'port',
    back: 'does not link back to this port (links are symmetric)',
    stray: 'links to this port, which does not link back',
  },
  remoteLagId: {
    noun: 'LAG',
    back: 'does not pair back with this LAG (pairs are symmetric)',
    stray: 'pairs with this LAG, which does not pair back',
  },
};

function wordsOf(rule: PairRule): PairWords & { stray(id: string): string } {
  const { noun, back, stray } = NOUNS[rule.field];
  return {
    missing: (id) => `${noun} ${id} does not exist`,
    sameSwitch: () => `must be a ${noun} of another switch`,
    noBack: (id) => `${noun} ${id} ${back}`,
    ...rule.words,
    stray: (id) => `${noun} ${id} ${stray}`,
  };
}

/**
 * The faults of `record`'s pair: other records pointing at it that it does not point back at (symmetric only),
 * then its partner missing, of the same switch, or not pointing back (symmetric only). A record paired with
 * itself is left to fields/rules.ts (portFaults, lagFaults), which names it.
 */
export function pairFaults(record: PairEnd, rule: PairRule, lookups: PairLookups, prefix = ''): FieldFault[] {
  const field = `${prefix}${rule.field}`;
  const words = wordsOf(rule);
  const partner = record.partnerId ?? null;
  const faults: FieldFault[] = [];
  if (rule.symmetric && lookups.pointingAt)
    for (const other of lookups.pointingAt(record.id)) if (other !== partner) faults.push({ field, message: words.stray(other) });
  if (partner === null || partner === record.id) return faults;
  const far = lookups.find(partner);
  if (!far) faults.push({ field, message: words.missing(partner) });
  else if (far.switchId === record.switchId) faults.push({ field, message: words.sameSwitch(far) });
  else if (rule.symmetric && (far.partnerId ?? null) !== record.id) faults.push({ field, message: words.noBack(partner) });
  return faults;
}
