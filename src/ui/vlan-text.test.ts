import { describe, expect, it } from 'vitest';
import type { Network } from './api-types.ts';
import { networkIdsOf, vlanTextOf } from './vlan-text.ts';

const network = (id: string, vlanId: number) => ({ id, vlanId }) as Network;
const NETWORKS = [network('a', 10), network('b', 11), network('c', 12), network('d', 20)];

describe('VLAN lists in the UI', () => {
  it('reads lists by the rule of the API and the CSV import', () => {
    expect(networkIdsOf('', NETWORKS)).toEqual({ ok: true, ids: [] });
    expect(networkIdsOf('10-12; 20', NETWORKS)).toEqual({ ok: true, ids: ['a', 'b', 'c', 'd'] });
    expect(networkIdsOf('20,10', NETWORKS)).toEqual({ ok: true, ids: ['a', 'd'] });
    expect(networkIdsOf('10 20', NETWORKS)).toEqual({ ok: false, reason: '"10 20" is not a VLAN id or a range like 10-20.' });
    expect(networkIdsOf('10,,20', NETWORKS)).toMatchObject({ ok: false });
  });

  it('names a VLAN that is not a network of the site', () => {
    expect(networkIdsOf('10,30', NETWORKS)).toEqual({ ok: false, reason: 'VLAN 30 is not a network of this site' });
  });

  it('writes lists the way switches and the CSV export do', () => {
    expect(vlanTextOf(['d', 'b', 'a', 'x'], new Map(NETWORKS.map((n) => [n.id, n])))).toBe('10-11,20');
  });
});
