import { describe, expect, it } from 'vitest';
import { decodePoe } from './mib-poe.ts';

describe('PoE ports', () => {
  it('reads the admin state of ports numbered by ifIndex and notes the others', () => {
    const notes: string[] = [];
    const walk = new Map([
      ['1.3.6.1.2.1.105.1.1.1.3.1.50', 2],
      ['1.3.6.1.2.1.105.1.1.1.3.1.49', 1],
      ['1.3.6.1.2.1.105.1.1.1.3.2.7', 1],
    ]);
    expect(decodePoe(walk, new Set([49, 50]), notes)).toEqual([
      { ifIndex: 49, adminEnabled: true },
      { ifIndex: 50, adminEnabled: false },
    ]);
    expect(notes).toEqual(['1 PoE ports are not numbered by ifIndex (left out)']);
  });
});
