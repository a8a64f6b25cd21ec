import { describe, expect, it } from 'vitest';
import type { Vlan } from './api-types.ts';
import { modeLines, vlanIdsOf, vlanTextOf, vlansOf } from './vlan-text.ts';

const vlan = (id: string, vid: number) => ({ id, vid }) as Vlan;
const VLANS = [vlan('a', 10), vlan('b', 11), vlan('c', 12), vlan('d', 20)];
const BY_ID = new Map(VLANS.map((v) => [v.id, v]));

describe('VLAN lists in the UI', () => {
  it('reads lists by the rule of the API and the CSV import', () => {
    expect(vlanIdsOf('', VLANS)).toEqual({ ok: true, ids: [] });
    expect(vlanIdsOf('10-12; 20', VLANS)).toEqual({ ok: true, ids: ['a', 'b', 'c', 'd'] });
    expect(vlanIdsOf('20,10', VLANS)).toEqual({ ok: true, ids: ['a', 'd'] });
    expect(vlanIdsOf('10 20', VLANS)).toEqual({ ok: false, reason: '"10 20" is not a VLAN id or a range like 10-20.' });
    expect(vlanIdsOf('10,,20', VLANS)).toMatchObject({ ok: false });
  });

  it('names a VLAN number that is not a VLAN of the site', () => {
    expect(vlanIdsOf('10,30', VLANS)).toEqual({ ok: false, reason: 'VLAN 30 is not a VLAN of this site' });
  });

  it('writes lists the way switches and the CSV export do', () => {
    expect(vlanTextOf(['d', 'b', 'a', 'x'], BY_ID)).toBe('10-11,20');
  });

  it('lists the known VLANs of some ids by number', () => {
    expect(vlansOf(['d', 'x', 'a'], BY_ID).map((v) => v.vid)).toEqual([10, 20]);
  });

  it('says a mode and its VLANs a line each, the same for a port, a LAG and a discovered port', () => {
    const users = { vid: 10, name: 'Users' };
    expect(modeLines(false, users, '')).toEqual(['access, VLAN 10 Users']);
    expect(modeLines(true, users, '20-22')).toEqual(['trunk, native 10 Users', 'tagged 20-22']);
    expect(modeLines(true, undefined, '')).toEqual(['trunk, no VLAN']);
    expect(modeLines(false, undefined, '')).toEqual(['access, no VLAN']);
    // A discovered VLAN whose name is not known yet: no trailing space.
    expect(modeLines(false, { vid: 30, name: '' }, '')).toEqual(['access, VLAN 30']);
  });
});
