import { describe, expect, it } from 'vitest';
import { isUuid } from '../fields/field.ts';
import { SWITCH } from '../fields/switches.ts';
import { ascendingUuids, keepRefusedValue, type CheckContext } from './context.ts';

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

describe('keepRefusedValue', () => {
  const refuse = (field: string, values: Record<string, unknown>) => {
    const ctx = { fixes: [] } as unknown as CheckContext;
    const entry = { index: 0, key: 'sw1', raw: {} };
    keepRefusedValue(ctx, SWITCH, values, { file: 'switches.json', entry, field }, 'x'.repeat(3), 'is refused');
    return ctx.fixes[0]!.reason;
  };

  it("keeps a refused value in the record's notes, by the field's own name", () => {
    const values: Record<string, unknown> = { notes: 'Rack 4' };
    expect(refuse('ports[2].firmware_notes', values)).toBe('is refused; kept in the notes');
    expect(values.notes).toBe('Rack 4\nfirmware_notes: xxx');
  });

  it('drops a refused value of the notes themselves, and only of them', () => {
    const values: Record<string, unknown> = { notes: 'Rack 4' };
    expect(refuse('notes', values)).toBe('is refused; dropped');
    expect(refuse('ports[2].notes', values)).toBe('is refused; dropped');
    expect(values.notes).toBe('Rack 4');
  });
});
