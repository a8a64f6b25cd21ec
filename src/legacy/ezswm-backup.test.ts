import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layOutPorts, type TemplateUnits } from '../lib/port-layout.ts';
import { checkLegacyBundle } from './check.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../../test/helpers/needs.ts';
import { bundleOfEzswmBackup, fixesInBackupTerms, isEzswmBackup } from './ezswm-backup.ts';

// The real backup ezSWM 0.32.2 exported after upgrading the 0.20.3 fixture (../shared/fixtures/ezswm-0.20.3/
// README.md, "The 0.32.2 backup made from this data"): ports in a table of their own, JSON in strings, LAG
// groups without port_ids, and every remote_device_id a stale 0.20 nanoid.
const BACKUP_FILE = sharedFixture('ezswm-0.32-backup.json');
const BACKUP = BACKUP_FILE.present ? JSON.parse(readFileSync(join(SHARED_FIXTURES, 'ezswm-0.32-backup.json'), 'utf8')) : undefined;

describeNeeding([BACKUP_FILE], 'an ezSWM 0.32 backup (sqlite-v1)', () => {
  const { bundle, faults: shapeFaults } = bundleOfEzswmBackup(BACKUP);
  const { data, faults } = checkLegacyBundle(bundle);

  it('is read as the 0.20.3 files it holds, by the same reader: everything comes across', () => {
    expect(isEzswmBackup(BACKUP)).toBe(true);
    expect(shapeFaults).toEqual([]);
    expect(faults).toEqual([]);
    expect(data).toBeDefined();
    const counts = Object.fromEntries(
      ['sites', 'vlans', 'networks', 'switches', 'ports', 'addresses', 'ranges', 'templates', 'lags'].map((kind) => [
        kind,
        (data as any)[kind].length,
      ]),
    );
    expect(counts).toEqual({ sites: 3, vlans: 11, networks: 12, switches: 9, ports: 557, addresses: 24, ranges: 9, templates: 3, lags: 4 });
  });

  it("has its 3 templates, every switch keeps its own, and each template makes exactly the ports' names and types", () => {
    const { templates, switches, ports } = data!;
    expect(templates.map((t) => [t.name, t.vendor])).toEqual([
      ['Aruba CX 6100 48G PoE 4SFP+', 'HPE Aruba Networking'],
      ['Aruba CX 8360-24XF2C', 'HPE Aruba Networking'],
      ['Cisco C9200L 2er-Stack', 'Cisco'],
    ]);
    const legacyTemplate = new Map<string, string>(BACKUP.data.layoutTemplates.map((t: any) => [t.id, t.name]));
    for (const old of BACKUP.data.switches) {
      const sw = switches.find((s) => s.name === old.name)!;
      const template = templates.find((t) => t.id === sw.templateId)!;
      expect(template.name, old.name).toBe(legacyTemplate.get(old.layout_template_id));
      const made = layOutPorts(template.units as TemplateUnits, sw.stackSize as number).map((port) => [port.name, port.type, port.unit]);
      const own = ports.filter((port) => port.switchId === sw.id).map((port) => [port.name, port.type, port.unit]);
      expect(made, old.name).toEqual(own);
    }
    expect(switches.map((sw) => sw.stackSize)).toEqual([1, 1, 4, 1, 1, 2, 1, 1, 1]);
  });

  it("has its 4 LAG groups as 2 pairs, found by the members' links (the remote ids are stale), each stale id named", () => {
    const { lags, switches, ports } = data!;
    const switchName = (id: unknown) => switches.find((sw) => sw.id === id)!.name;
    const pairs = lags.map((lag) => {
      const far = lags.find((other) => other.id === lag.remoteLagId)!;
      expect(far.remoteLagId).toBe(lag.id);
      const members = (lag.memberPortIds as string[]).map((id) => ports.find((port) => port.id === id)!);
      expect(members.every((port) => port.lagId === lag.id)).toBe(true);
      return [switchName(lag.switchId), lag.name, members.map((port) => port.name).join(','), switchName(far.switchId)];
    });
    expect(pairs).toEqual([
      ['core-n1', 'lag256', '1/1/25,1/1/26', 'core-n2'],
      ['core-n2', 'lag256', '1/1/25,1/1/26', 'core-n1'],
      ['acc-lab1', 'lag1', '1/1/49,1/1/50', 'dist-sued'],
      ['dist-sued', 'lag1', '1/1/1,1/1/2', 'acc-lab1'],
    ]);
    const stale = data!.fixes.filter((fix) => fix.file === 'lag-groups.json');
    expect(stale).toHaveLength(4);
    expect(stale.every((fix) => fix.field === 'remote_device_id' && fix.reason.includes('a stale id'))).toBe(true);
  });
});

describe('the shape of an ezSWM backup', () => {
  it('needs data, lists as lists, and every port of a switch of the backup', () => {
    expect(bundleOfEzswmBackup({ schema: 'sqlite-v1' }).faults).toEqual([
      expect.objectContaining({ reason: expect.stringContaining('no data') }),
    ]);
    const { faults } = bundleOfEzswmBackup({
      schema: 'sqlite-v1',
      data: { sites: {}, switches: [{ id: 'w1', name: 'a' }], ports: [{ id: 'p1', switch_id: 'w2' }, 7] },
    });
    expect(faults.map((fault) => [fault.file, fault.field, fault.reason])).toEqual([
      ['sites.json', '', 'data.sites must be a list of rows'],
      ['switches.json', 'switch_id', "data.ports: the port's switch w2 is not in data.switches"],
      ['switches.json', 'ports[1]', 'data.ports: a row must be a JSON object'],
    ]);
  });

  it('puts the ports into their switches in order and parses the JSON held in strings', () => {
    const { bundle } = bundleOfEzswmBackup({
      schema: 'sqlite-v1',
      data: {
        switches: [{ id: 'w1', tags: '["core"]', configured_vlans: '[10]' }],
        ports: [
          { id: 'p2', switch_id: 'w1', tagged_vlans: '[10,20]', poe: null },
          { id: 'p1', switch_id: 'w1', tagged_vlans: '[]', poe: '{"type":"802.3af","max_watts":15.4}' },
        ],
        layoutTemplates: [{ id: 't1', units: '[{"unit_number":1,"blocks":[]}]' }],
        settings: [{ id: 'singleton' }],
      },
    });
    expect(bundle).toEqual({
      switches: [
        {
          id: 'w1',
          tags: ['core'],
          configured_vlans: [10],
          ports: [
            { id: 'p2', tagged_vlans: [10, 20], poe: null },
            { id: 'p1', tagged_vlans: [], poe: { type: '802.3af', max_watts: 15.4 } },
          ],
        },
      ],
      'layout-templates': [{ id: 't1', units: [{ unit_number: 1, blocks: [] }] }],
    });
  });
});

describe('fixesInBackupTerms', () => {
  const backup = {
    schema: 'sqlite-v1',
    data: {
      switches: [
        { id: 'sw-a', name: 'acc-bib' },
        { id: 'sw-b', name: 'core' },
      ],
      ports: [
        { id: 'p-b1', switch_id: 'sw-b', label: '1' },
        { id: 'p-a1', switch_id: 'sw-a', label: '1/1/1' },
        { id: 'p-a2', switch_id: 'sw-a', label: '1/1/2' },
      ],
    },
  };
  const fix = (file: string, id: string, field: string) => ({ file, id, field, from: 30, to: null, reason: 'why' });

  it("names a port's fix by the backup's own port row: its id, its field, and the port and its switch in words", () => {
    expect(fixesInBackupTerms(backup, [fix('switches.json', 'sw-a', 'ports[1].access_vlan')])).toEqual([
      { ...fix('data.ports', 'p-a2', 'access_vlan'), record: 'port 1/1/2 of switch acc-bib' },
    ]);
    expect(fixesInBackupTerms(backup, [fix('switches.json', 'sw-b', 'ports[0]')])).toEqual([
      { ...fix('data.ports', 'p-b1', ''), record: 'port 1 of switch core' },
    ]);
  });

  it("names every other file by the backup's list, and leaves what it does not know as it is", () => {
    expect(
      fixesInBackupTerms(backup, [
        fix('lag-groups.json', 'l1', 'remote_device_id'),
        fix('switches.json', 'sw-a', 'management_ip'),
        fix('settings.json', '', ''),
        fix('switches.json', 'sw-a', 'ports[9].access_vlan'),
        fix('elsewhere', 'x', 'y'),
      ]).map((named) => named.file),
    ).toEqual(['data.lagGroups', 'data.switches', 'data.settings', 'data.switches', 'elsewhere']);
  });
});
