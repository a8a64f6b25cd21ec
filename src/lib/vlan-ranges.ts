// VLAN lists in the compact text form switches use ("1,10-12,20"), both ways (no I/O).

/** The lowest usable VLAN id. */
export const VLAN_MIN = 1;
/** The highest usable VLAN id (4095 is reserved). */
export const VLAN_MAX = 4094;

/**
 * Writes numbers sorted and de-duplicated with consecutive runs as "a-b" (a run of two is "10-11", which Cisco also
 * accepts), e.g. [30, 10, 11, 12, 20] -> "10-12,20,30"; throws RangeError on anything but non-negative safe integers.
 */
export function compactRanges(vlans: Iterable<number>, separator = ','): string {
  const unique = new Set<number>();
  for (const vlan of vlans) {
    if (!Number.isSafeInteger(vlan) || vlan < 0) {
      throw new RangeError(`compactRanges: ${String(vlan)} is not a non-negative integer`);
    }
    unique.add(vlan);
  }
  const sorted = [...unique].sort((a, b) => a - b);
  const pieces: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let end = i;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
    pieces.push(end === i ? String(sorted[i]) : `${sorted[i]}-${sorted[end]}`);
    i = end + 1;
  }
  return pieces.join(separator);
}

const SINGLE = /^([0-9]+)$/;
const RANGE = /^([0-9]+)\s*-\s*([0-9]+)$/;
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]*)$/;

/** Checks one number of an item; a reason sentence when it is not a VLAN id. */
function vlanNumberProblem(digits: string, item: string): string | undefined {
  if (!PLAIN_NUMBER.test(digits)) return `"${item}" has a number with a leading zero; write it without.`;
  const value = Number(digits);
  if (value < VLAN_MIN || value > VLAN_MAX) {
    return `"${item}" is outside the VLAN ids ${VLAN_MIN} to ${VLAN_MAX}.`;
  }
  return undefined;
}

/**
 * Parses "10,20-30;40" (items split by "," or ";", spaces allowed around items and dashes, each n or a-b with
 * 1 <= a <= b <= 4094) into sorted unique VLAN ids; blank text is an empty list, leading zeros and empty items are refused.
 */
export function parseVlanList(text: string): { ok: true; vlans: number[] } | { ok: false; reason: string } {
  if (typeof text !== 'string') return { ok: false, reason: 'The VLAN list is not text.' };
  if (text.trim() === '') return { ok: true, vlans: [] };
  const present = new Uint8Array(VLAN_MAX + 1);
  for (const raw of text.split(/[,;]/)) {
    const item = raw.trim();
    if (item === '') return { ok: false, reason: 'The VLAN list has an empty item; remove the extra separator.' };
    const single = SINGLE.exec(item);
    if (single) {
      const problem = vlanNumberProblem(single[1], item);
      if (problem) return { ok: false, reason: problem };
      present[Number(single[1])] = 1;
      continue;
    }
    const range = RANGE.exec(item);
    if (!range) return { ok: false, reason: `"${item}" is not a VLAN id or a range like 10-20.` };
    const problem = vlanNumberProblem(range[1], item) ?? vlanNumberProblem(range[2], item);
    if (problem) return { ok: false, reason: problem };
    const first = Number(range[1]);
    const last = Number(range[2]);
    if (first > last) return { ok: false, reason: `"${item}" is a reversed range; write it as ${last}-${first}.` };
    present.fill(1, first, last + 1);
  }
  const vlans: number[] = [];
  for (let vlan = VLAN_MIN; vlan <= VLAN_MAX; vlan++) if (present[vlan]) vlans.push(vlan);
  return { ok: true, vlans };
}
