import { describe, expect, it } from 'vitest';
import { checkLegacyBundle } from './check.ts';

// Hand-made 0.20.3 bundles: one site, VLANs 10, 20, 30, switches with ports `1/1/<n>` (trunks carrying 20 and
// 30 with native 10 unless a port says otherwise), and LAG groups.
type Port = Record<string, unknown>;
const trunk = (n: number, extra: Port = {}): Port => ({
  id: `${extra.sw ?? 'a'}p${n}`,
  unit: 1,
  index: n,
  label: `1/1/${n}`,
  type: 'sfp+',
  port_mode: 'trunk',
  native_vlan: 10,
  tagged_vlans: [20, 30],
  ...extra,
});

function bundle(switches: Record<string, Port[]>, lags: object[]) {
  return {
    sites: [{ id: 's1', name: 'Campus' }],
    vlans: [10, 20, 30].map((vid) => ({ id: `v${vid}`, site_id: 's1', vlan_id: vid, name: `VLAN ${vid}` })),
    switches: Object.entries(switches).map(([name, ports]) => ({
      id: name,
      site_id: 's1',
      name,
      ports: ports.map(({ sw: _sw, ...port }) => port),
    })),
    'lag-groups': lags,
  };
}

/** Two ports of switch `sw` linked to the same two of `far`. */
function linkedPair(sw: string, far: string, n: number[], m: number[]): Record<string, Port[]> {
  return {
    [sw]: n.map((i, j) => trunk(i, { sw, id: `${sw}p${i}`, connected_device_id: far, connected_port_id: `${far}p${m[j]}` })),
    [far]: m.map((i, j) => trunk(i, { sw: far, id: `${far}p${i}`, connected_device_id: sw, connected_port_id: `${sw}p${n[j]}` })),
  };
}

function check(input: object) {
  const { data, faults } = checkLegacyBundle(input);
  expect(faults).toEqual([]);
  return data!;
}

const lagFixes = (data: ReturnType<typeof check>) =>
  data.fixes.filter((fix) => fix.file === 'lag-groups.json' || fix.field.endsWith('lag_group_id'));

describe('0.20.3 LAG groups as LAGs', () => {
  it("take members from port_ids and from the ports' lag_group_id alike; mode and VLANs from the first member by position", () => {
    const ports = [trunk(3, { lag_group_id: 'L1' }), trunk(1), trunk(2, { lag_group_id: 'L1' })];
    const data = check(bundle({ a: ports }, [{ id: 'L1', switch_id: 'a', name: 'lag1', port_ids: ['ap1'], description: 'Uplink' }]));
    const [lag] = data.lags;
    const port = (name: string) => data.ports.find((p) => p.name === name)!;
    expect(lag).toMatchObject({
      switchId: data.switches[0].id,
      name: 'lag1',
      mode: 'lacp-active',
      portMode: 'trunk',
      untaggedVlanId: port('1/1/1').untaggedVlanId,
      taggedVlanIds: port('1/1/1').taggedVlanIds,
      memberPortIds: [port('1/1/3').id, port('1/1/1').id, port('1/1/2').id].sort(
        (x, y) => (data.ports.find((p) => p.id === x)!.position as number) - (data.ports.find((p) => p.id === y)!.position as number),
      ),
      remoteLagId: null,
      description: 'Uplink',
    });
    for (const name of ['1/1/1', '1/1/2', '1/1/3']) expect(port(name).lagId).toBe(lag.id);
    expect(lagFixes(data)).toEqual([]);
  });

  it('keep a port claimed by two LAGs in the first of the file, with a fix line for the other claim', () => {
    const ports = [trunk(1), trunk(2), trunk(3, { lag_group_id: 'L2' }), trunk(4), trunk(5), trunk(6)];
    const data = check(
      bundle({ a: ports }, [
        { id: 'L1', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2', 'ap3'] },
        { id: 'L2', switch_id: 'a', name: 'lag2', port_ids: ['ap4', 'ap5'] },
        { id: 'L3', switch_id: 'a', name: 'lag3', port_ids: ['ap5', 'ap6', 'ap6'] },
      ]),
    );
    expect(data.lags.map((lag) => [lag.name, lag.memberPortIds])).toEqual([
      ['lag1', ['ap1', 'ap2', 'ap3'].map((id) => data.ports[Number(id.slice(2)) - 1].id)],
      ['lag2', [data.ports[3].id, data.ports[4].id]],
    ]);
    expect(lagFixes(data)).toEqual([
      expect.objectContaining({ file: 'switches.json', field: 'ports[2].lag_group_id', from: 'L2', reason: expect.stringContaining('L1') }),
      expect.objectContaining({ id: 'L3', field: 'port_ids[0]', from: 'ap5', reason: expect.stringContaining('member of LAG group L2') }),
      expect.objectContaining({ id: 'L3', field: 'port_ids', from: ['1/1/6'], reason: expect.stringContaining('one member port') }),
    ]);
  });

  it('leave out a LAG of fewer than two members, named with the reason; drop members that are no port, of another switch, or a console', () => {
    const data = check(
      bundle(
        { a: [trunk(1), trunk(2), { id: 'acon', unit: 1, index: 0, label: 'Console 1/0', type: 'console' }], b: [trunk(1, { id: 'bp1' })] },
        [
          { id: 'L1', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'gone', 'bp1', 'acon'] },
          { id: 'L9', switch_id: 'nowhere', name: 'lag9', port_ids: ['ap2'] },
        ],
      ),
    );
    expect(data.lags).toEqual([]);
    expect(data.ports.every((port) => port.lagId === null)).toBe(true);
    expect(lagFixes(data).map((fix) => [fix.id, fix.field, fix.reason])).toEqual([
      ['L9', 'switch_id', 'names a switch that does not exist; the LAG is not migrated'],
      ['L1', 'port_ids[1]', 'names a port that does not exist; dropped'],
      ['L1', 'port_ids[2]', "names a port of another switch than the LAG's; dropped"],
      ['L1', 'port_ids[3]', 'port Console 1/0 is a console port, never a LAG member; dropped'],
      ['L1', 'port_ids', expect.stringContaining('one member port, and a LAG needs two: not migrated')],
    ]);
  });

  it("drop a port's lag_group_id naming no LAG group, with a fix line", () => {
    const data = check(bundle({ a: [trunk(1, { lag_group_id: 'ghost' })] }, []));
    expect(lagFixes(data)).toEqual([
      expect.objectContaining({ file: 'switches.json', id: 'a', field: 'ports[0].lag_group_id', from: 'ghost' }),
    ]);
  });

  it('give a name that repeats on its switch a number, and a name that is no interface name plain characters', () => {
    const data = check(
      bundle({ a: [1, 2, 3, 4].map((n) => trunk(n)) }, [
        { id: 'L1', switch_id: 'a', name: 'Uplink #1', port_ids: ['ap1', 'ap2'] },
        { id: 'L2', switch_id: 'a', name: 'uplink _1', port_ids: ['ap3', 'ap4'] },
      ]),
    );
    expect(data.lags.map((lag) => lag.name)).toEqual(['Uplink _1', 'uplink _1_2']);
    expect(lagFixes(data).map((fix) => [fix.id, fix.field, fix.to])).toEqual([
      ['L1', 'name', 'Uplink _1'],
      ['L2', 'name', 'uplink _1_2'],
    ]);
  });

  it('cut a description longer than a LAG takes, with a fix line', () => {
    const long = 'x'.repeat(250);
    const data = check(
      bundle({ a: [trunk(1), trunk(2)] }, [{ id: 'L1', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2'], description: long }]),
    );
    expect(data.lags[0].description).toBe('x'.repeat(200));
    expect(lagFixes(data)).toContainEqual(expect.objectContaining({ id: 'L1', field: 'description', from: long, to: 'x'.repeat(200) }));
  });

  it('let members whose mode or VLANs differ from the first keep theirs, listed in a fix line', () => {
    const ports = [trunk(1), trunk(2, { tagged_vlans: [20] }), { ...trunk(3), port_mode: 'access', access_vlan: 30 }];
    const data = check(bundle({ a: ports }, [{ id: 'L1', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2', 'ap3'] }]));
    const [lag] = data.lags;
    expect(lag.taggedVlanIds).toHaveLength(2);
    expect(data.ports[1].taggedVlanIds).toHaveLength(1);
    expect(data.ports[2]).toMatchObject({ mode: 'access', lagId: lag.id });
    expect(lagFixes(data)).toEqual([
      expect.objectContaining({ id: 'L1', field: 'port_ids', from: ['1/1/2', '1/1/3'], reason: expect.stringContaining('keep their own') }),
    ]);
  });
});

describe('0.20.3 LAG peers', () => {
  it('pair the LAG on the switch remote_device_id names that names this switch back', () => {
    const data = check(
      bundle(linkedPair('a', 'b', [1, 2], [1, 2]), [
        { id: 'LA', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2'], remote_device: 'b', remote_device_id: 'b' },
        { id: 'LB', switch_id: 'b', name: 'lag1', port_ids: ['bp1', 'bp2'], remote_device: 'a', remote_device_id: 'a' },
      ]),
    );
    const [la, lb] = data.lags;
    expect(la.remoteLagId).toBe(lb.id);
    expect(lb.remoteLagId).toBe(la.id);
    expect(lagFixes(data)).toEqual([]);
  });

  it("pair by the members' links when remote_device_id is a stale id (an ezSWM 0.32 backup), with a fix line", () => {
    const data = check(
      bundle(linkedPair('a', 'b', [1, 2], [5, 6]), [
        { id: 'LA', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2'], remote_device: 'b', remote_device_id: 'stale-b' },
        { id: 'LB', switch_id: 'b', name: 'lag7', port_ids: ['bp5', 'bp6'], remote_device: 'a', remote_device_id: 'stale-a' },
      ]),
    );
    expect(data.lags[0].remoteLagId).toBe(data.lags[1].id);
    expect(lagFixes(data)).toEqual([
      expect.objectContaining({
        id: 'LA',
        field: 'remote_device_id',
        from: 'stale-b',
        to: 'b',
        reason: expect.stringContaining("members' links"),
      }),
      expect.objectContaining({ id: 'LB', field: 'remote_device_id', from: 'stale-a', to: 'a' }),
    ]);
  });

  it('pair by remote_device, a switch name, when neither id nor links lead anywhere', () => {
    const data = check(
      bundle({ a: [trunk(1), trunk(2)], b: [trunk(1, { id: 'bp1' }), trunk(2, { id: 'bp2' })] }, [
        { id: 'LA', switch_id: 'a', name: 'lag1', port_ids: ['ap1', 'ap2'], remote_device: 'B', remote_device_id: 'stale-b' },
        { id: 'LB', switch_id: 'b', name: 'lag1', port_ids: ['bp1', 'bp2'], remote_device: 'a' },
      ]),
    );
    expect(data.lags[0].remoteLagId).toBe(data.lags[1].id);
    expect(data.lags[1].remoteLagId).toBe(data.lags[0].id);
    expect(lagFixes(data)).toEqual([
      expect.objectContaining({ id: 'LA', field: 'remote_device_id', reason: expect.stringContaining('remote_device') }),
    ]);
  });

  it('drop a far end that cannot be found (deleted, one-sided, not a switch), keeping its name in the description', () => {
    const data = check(
      bundle({ a: [1, 2, 3, 4].map((n) => trunk(n)), b: [trunk(1, { id: 'bp1' }), trunk(2, { id: 'bp2' })] }, [
        {
          id: 'LA',
          switch_id: 'a',
          name: 'lag1',
          port_ids: ['ap1', 'ap2'],
          remote_device: 'b',
          remote_device_id: 'b',
          description: 'To b',
        },
        { id: 'LB', switch_id: 'b', name: 'lag1', port_ids: ['bp1', 'bp2'], remote_device: 'fw-1', remote_device_id: '' },
        { id: 'LC', switch_id: 'a', name: 'lag2', port_ids: ['ap3', 'ap4'] },
      ]),
    );
    expect(data.lags.map((lag) => [lag.remoteLagId, lag.description])).toEqual([
      [null, 'To b; Remote device (0.20.x): b'],
      [null, 'Remote device (0.20.x): fw-1'],
      [null, null],
    ]);
    expect(lagFixes(data).map((fix) => [fix.id, fix.field, fix.from])).toEqual([
      ['LA', 'remote_device_id', 'b'],
      ['LB', 'remote_device', 'fw-1'],
    ]);
  });
});
