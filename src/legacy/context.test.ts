import { describe, expect, it } from 'vitest';
import { isUuid } from '../fields/field.ts';
import { ascendingUuids } from './context.ts';

describe('ascendingUuids', () => {
  it('gives as many fresh UUIDv4s as asked for, in ascending order', () => {
    const ids = ascendingUuids(5000);
    expect(ids).toHaveLength(5000);
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id, i) => i === 0 || ids[i - 1] < id)).toBe(true);
    expect(ascendingUuids(0)).toEqual([]);
  });

  it('is random: no id comes twice across calls, and every hex digit shows up where the bits are random', () => {
    const ids = [...ascendingUuids(2000), ...ascendingUuids(2000)];
    expect(new Set(ids).size).toBe(ids.length);
    const lastGroups = new Set(ids.flatMap((id) => [...id.slice(24)]));
    expect(lastGroups.size).toBe(16);
  });
});
