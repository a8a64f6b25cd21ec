import { describe, expect, it } from 'vitest';
import { entitiesOf, entitiesToShow, namesInEntry, ownName } from './change-entities.ts';

const SW = '00000000-0000-4000-8000-000000000001';
const VLAN_20 = '00000000-0000-4000-8000-000000000020';
const PORT_7 = '00000000-0000-4000-8000-000000000007';
const PORT_9 = '00000000-0000-4000-8000-000000000009';
const CORE_1 = '00000000-0000-4000-8000-0000000000c1';

/** An applied discovery, as the server writes it: several kinds, keyed by kind, then id. */
const DISCOVERY = {
  port: {
    [PORT_7]: { untaggedVlanId: [null, VLAN_20], mode: ['access', 'trunk'] },
    [PORT_9]: { id: [null, PORT_9], switchId: [null, SW], name: [null, '9'], linkedPortId: [null, CORE_1] },
    [CORE_1]: { linkedPortId: [null, PORT_9] },
  },
  vlan: { [VLAN_20]: { id: [null, VLAN_20], vid: [null, 20], name: [null, 'Voice'], status: [null, 'active'] } },
  switch: { [SW]: { name: ['acc-1', 'acc-2930f-1'], model: [null, 'JL258A'] } },
};

describe('the entities of an entry about several', () => {
  it('lists them by kind (the switch, its VLANs, then its ports), created before changed, with their state', () => {
    expect(entitiesOf(DISCOVERY)!.map((e) => `${e.kind} ${e.state} ${e.id.slice(-2)}`)).toEqual([
      'switch changed 01',
      'vlan created 20',
      'port created 09',
      'port changed 07',
      'port changed c1',
    ]);
  });

  it('tells deleted entities by their image that is gone (an undo of a discovery)', () => {
    const undo = { vlan: { [VLAN_20]: { id: [VLAN_20, null], vid: [20, null], name: ['Voice', null] } } };
    expect(entitiesOf(undo)!.map((e) => e.state)).toEqual(['deleted']);
  });

  it('is nothing for an entry about one entity, whatever its fields hold', () => {
    expect(entitiesOf({ untaggedVlanId: [null, VLAN_20] })).toBeUndefined();
    expect(entitiesOf({ restored: { sites: 2 } })).toBeUndefined();
    expect(entitiesOf({})).toBeUndefined();
  });

  it('shows a discovery and a change of several kinds one by one, but sums up a bulk port edit per field', () => {
    const bulk = { port: { [PORT_7]: { enabled: [true, false] }, [PORT_9]: { enabled: [true, false] } } };
    expect(entitiesToShow(DISCOVERY, 'discovery')).toHaveLength(5);
    expect(entitiesToShow(DISCOVERY, 'undo')).toHaveLength(5);
    expect(entitiesToShow(bulk, 'bulk_update')).toBeUndefined();
    expect(entitiesToShow(bulk, 'undo')).toBeUndefined();
    // A discovery that changed only ports still reads port by port.
    expect(entitiesToShow(bulk, 'discovery')).toHaveLength(2);
  });

  it("narrows to one port's own creation in its history, and leaves its changed fields to the field rows", () => {
    expect(entitiesToShow(DISCOVERY, 'discovery', PORT_9)!.map((e) => e.id)).toEqual([PORT_9]);
    expect(entitiesToShow(DISCOVERY, 'discovery', PORT_7)).toBeUndefined();
  });

  it('names what the entry created from its own images: VLANs as "20 Voice", ports with their switch', () => {
    const names = namesInEntry(entitiesOf(DISCOVERY)!);
    expect(names.words.get(VLAN_20)).toBe('20 Voice');
    expect(names.words.get(SW)).toBe('acc-2930f-1');
    expect(names.parts.get(PORT_9)).toEqual({ name: '9', switchId: SW });
    expect(names.parts.has(PORT_7)).toBe(false);
  });

  it('calls a VLAN "20 (Voice)" in a heading and a renamed entity by its new name', () => {
    const [sw, vlan, , port7] = entitiesOf(DISCOVERY)!;
    expect(ownName(vlan!)).toBe('20 (Voice)');
    expect(ownName(sw!)).toBe('acc-2930f-1');
    expect(ownName(port7!)).toBeUndefined();
  });
});
