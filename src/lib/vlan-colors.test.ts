import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PALETTE, generatedColor, isColor, pickVlanColor } from './vlan-colors.ts';

describe('VLAN colours', () => {
  it('has a palette of distinct lower-case colours', () => {
    expect(new Set(PALETTE).size).toBe(PALETTE.length);
    for (const color of PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('gives a site without colours the first palette colour', () => {
    expect(pickVlanColor(new Set())).toBe(PALETTE[0]);
  });

  it('gives the first palette colour the site does not use', () => {
    expect(pickVlanColor(new Set([PALETTE[0], PALETTE[1], PALETTE[3]]))).toBe(PALETTE[2]);
  });

  it('past the palette, gives generated colours that are free, never a palette colour and never one twice', () => {
    const used = new Set(PALETTE);
    const picked: string[] = [];
    for (let n = 0; n < 5000; n++) {
      const color = pickVlanColor(used);
      expect(used.has(color)).toBe(false);
      used.add(color);
      picked.push(color);
    }
    expect(new Set(picked).size).toBe(5000);
    for (const color of picked) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('writes the sequence that SQLite computes for migration 0006: (i × 2654435761) mod 2^24 in six hex digits', () => {
    const db = new DatabaseSync(':memory:');
    const sql = db.prepare("SELECT printf('#%06x', (? * 2654435761) % 16777216) AS color");
    for (const i of [1, 2, 3, 24, 100, 4094, 4095 + 24]) expect(generatedColor(i)).toBe((sql.get(i) as { color: string }).color);
    db.close();
  });

  it.each([
    ['#1f77b4', true],
    ['#1F77B4', true],
    ['1f77b4', false],
    ['#1f77b', false],
    ['#1f77b4 ', false],
    ['red', false],
  ])('takes %s as a colour: %s', (text, ok) => {
    expect(isColor(text)).toBe(ok);
  });
});
