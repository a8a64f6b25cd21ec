import { describe, expect, it } from 'vitest';
import type { ProposalItem } from '../api-types.ts';
import { timeAgo } from './discover-age.ts';
import { choose, groupItems, itemLabel, unchoose, valueText, vlanNamesOf } from './discover-proposal.ts';

function item(key: string, fields: Partial<ProposalItem>): ProposalItem {
  return { key, kind: 'change', entity: 'port', name: '1', field: null, documented: null, observed: null, requires: [], ...fields };
}

const VLAN_20 = item('vlan:20:add', { kind: 'create', entity: 'vlan', name: '20', observed: { vid: 20, name: 'Voice' } });
const MODE = item('port:1:mode', { field: 'mode', documented: 'access', observed: 'trunk' });
const TAGGED = item('port:1:taggedVlans', {
  field: 'taggedVlans',
  documented: [],
  observed: [20, 21, 22, 30],
  requires: [MODE.key, VLAN_20.key],
});
const NEW_PORT = item('port:7:add', {
  kind: 'create',
  name: '7',
  observed: { name: '7', description: 'mgmt laptop', speed: '1G', type: 'rj45', enabled: false, linkStatus: 'up' },
});
const UNTAGGED_7 = item('port:7:untaggedVlan', { name: '7', field: 'untaggedVlan', observed: 10, requires: [NEW_PORT.key] });
const MODEL = item('switch:model', { entity: 'switch', name: 'acc-1', field: 'model', observed: 'JL258A' });
const LINK = item('port:9:linkedPort', { kind: 'link', name: '9', field: 'linkedPort', observed: { switch: 'core-1', port: 'Te1/1/1' } });
const LAG = item('lag:Trk1:add', {
  kind: 'create',
  entity: 'lag',
  name: 'Trk1',
  observed: { name: 'Trk1', members: ['9', '10'], portMode: 'trunk', untaggedVlan: 1, taggedVlans: [10, 20] },
});
const ITEMS = [MODEL, VLAN_20, NEW_PORT, MODE, TAGGED, UNTAGGED_7, LAG, LINK];
const NAMES = vlanNamesOf(
  [
    { vid: 1, name: 'default' },
    { vid: 10, name: 'Users' },
  ],
  ITEMS,
);

describe('the review of a proposal', () => {
  it('groups items as switch, ports to add, port fields, VLANs to add, port VLANs, LAGs and links, leaving out empty groups', () => {
    const groups = groupItems([...ITEMS, item('port:1:description', { field: 'description', observed: 'desk' })]);
    expect(groups.map((g) => [g.key, g.items.map((x) => x.key)])).toEqual([
      ['switch', ['switch:model']],
      ['newPorts', ['port:7:add']],
      ['portFields', ['port:1:description']],
      ['vlans', ['vlan:20:add']],
      ['portVlans', ['port:1:mode', 'port:1:taggedVlans', 'port:7:untaggedVlan']],
      ['lags', ['lag:Trk1:add']],
      ['links', ['port:9:linkedPort']],
    ]);
  });

  it('chooses an item with the items it requires, and lets go of one with the items that require it', () => {
    const chosen = choose(new Set(), [TAGGED.key], ITEMS);
    expect([...chosen].sort()).toEqual(['port:1:mode', 'port:1:taggedVlans', 'vlan:20:add']);
    expect([...unchoose(chosen, [VLAN_20.key], ITEMS)]).toEqual(['port:1:mode']);
    const all = new Set(ITEMS.map((x) => x.key));
    expect(unchoose(all, [NEW_PORT.key], ITEMS).has(UNTAGGED_7.key)).toBe(false);
    expect(choose(new Set(), ['not:in:proposal'], ITEMS).size).toBe(0);
  });

  it('names what an item changes in words, never by its field name', () => {
    expect(ITEMS.map(itemLabel)).toEqual([
      'Switch acc-1 · Model',
      'VLAN 20',
      'Port 7',
      'Port 1 · Mode',
      'Port 1 · Tagged VLANs',
      'Port 7 · Untagged VLAN',
      'LAG Trk1',
      'Port 9 · Link',
    ]);
  });

  it('writes both sides as they read: VLANs with names, lists compact, API values as words, "—" for nothing', () => {
    const both = (x: ProposalItem) => [valueText(x, 'documented', NAMES), valueText(x, 'observed', NAMES)];
    expect(both(MODEL)).toEqual(['—', 'JL258A']);
    expect(both(MODE)).toEqual(['access', 'trunk']);
    expect(both(TAGGED)).toEqual(['—', '20-22,30']);
    expect(both(UNTAGGED_7)).toEqual(['—', '10 Users']);
    expect(both(VLAN_20)).toEqual(['—', '20 Voice']);
    expect(both(NEW_PORT)).toEqual(['—', '1G · RJ45 · mgmt laptop · disabled']);
    expect(both(LAG)).toEqual(['—', '9, 10 · trunk, native 1 default · tagged 10,20']);
    expect(both(LINK)).toEqual(['—', 'core-1 / Te1/1/1']);
    const created = item('switch:create', {
      kind: 'create',
      entity: 'switch',
      name: 'acc-9',
      observed: { name: 'acc-9', vendor: 'Juniper', model: 'EX2300', managementIp: '10.0.0.9', ports: [{}, {}] },
    });
    expect(valueText(created, 'observed', NAMES)).toBe('Juniper EX2300 · 2 ports · 10.0.0.9');
  });

  it('says how long ago something was read: just now, then minutes, hours and days', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:50:00Z', now)).toBe('10 minutes ago');
    expect(timeAgo('2026-11-23T10:59:00Z', now)).toBe('1 hour ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  });
});
