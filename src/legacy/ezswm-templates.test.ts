import { describe, expect, it } from 'vitest';
import { RJ45_48_POE_BLOCK } from '../../test/fixtures/legacy/make-fixture.ts';
import { layOutPorts, type TemplateUnits } from '../lib/port-layout.ts';
import { checkLegacyBundle } from './check.ts';
import { namePatternOf } from './ezswm-templates.ts';

// ezSWM 0.20.3 labelled a template's ports by a rule (server/repositories/switchRepository.ts at tag v0.20.3):
// the template repeated for every stack member, the first number of a block's label raised by member − 1, and
// a port named `<label><n>` when the label ends in / - : . , `<label> <unit>/<n>` otherwise, `<unit>/<n>` without
// a label. The names below are what it made (the first four as the fixture's switches hold them).
const block = (label: string | undefined, count: number, startIndex = 1) => ({
  type: 'rj45' as const,
  count,
  startIndex,
  rows: 1,
  order: 'sequential' as const,
  namePattern: namePatternOf(label, 1, true),
  speed: null,
  poe: null,
});
const names = (units: TemplateUnits, stackSize: number) => layOutPorts(units, stackSize).map((port) => port.name);

describe("a 0.20.3 block label as a name pattern that makes 0.20.3's names", () => {
  it.each([
    ['1/1/', 52, 1, 4, ['1/1/1', '1/1/52', '2/1/1', '4/1/52'], '{unit}/1/{n}'],
    ['Console', 1, 0, 1, ['Console 1/0'], 'Console {unit}/{n}'],
    ['mgmt', 1, 0, 1, ['mgmt 1/0'], 'mgmt {unit}/{n}'],
    ['Gi1/0/', 24, 1, 2, ['Gi1/0/1', 'Gi1/0/24', 'Gi2/0/1', 'Gi2/0/24'], 'Gi{unit}/0/{n}'],
    ['Gi0/', 2, 0, 2, ['Gi0/0', 'Gi0/1', 'Gi1/0', 'Gi1/1'], 'Gi{unit0}/{n}'],
    [undefined, 4, 1, 2, ['1/1', '1/4', '2/1', '2/4'], '{unit}/{n}'],
    ['', 2, 5, 1, ['1/5', '1/6'], '{unit}/{n}'],
    ['Port1', 2, 1, 2, ['Port1 1/1', 'Port1 1/2', 'Port2 2/1', 'Port2 2/2'], 'Port{unit} {unit}/{n}'],
    ['ge-0/0:', 2, 0, 1, ['ge-0/0:0', 'ge-0/0:1'], 'ge-{unit0}/0:{n}'],
    ['ethernet.', 2, 1, 1, ['ethernet.1', 'ethernet.2'], 'ethernet.{n}'],
  ])('label %j, %i ports from %i, a stack of %i: %j', (label, count, startIndex, stackSize, expected, pattern) => {
    const units = [[block(label, count, startIndex)]];
    expect(units[0][0].namePattern).toBe(pattern);
    const made = names(units, stackSize);
    for (const name of expected) expect(made).toContain(name);
    expect(made).toHaveLength(count * stackSize);
  });

  it('keeps a first number other than 0 or 1 as it is: exact on member 1 (0.20.3 raised it on a stack)', () => {
    expect(namePatternOf('Gi2/0/', 1, true)).toBe('Gi2/0/{n}');
    expect(namePatternOf('01/', 1, true)).toBe('01/{n}');
    expect(names([[block('Gi2/0/', 2)]], 1)).toEqual(['Gi2/0/1', 'Gi2/0/2']);
  });

  it('names the units of a template of several literally: each is made once, with its own unit number', () => {
    expect(namePatternOf('Gi2/0/', 2, false)).toBe('Gi2/0/{n}');
    expect(namePatternOf(undefined, 2, false)).toBe('2/{n}');
    expect(namePatternOf('Console', 2, false)).toBe('Console 2/{n}');
  });
});

// A small 0.20.3 bundle: one site, switches made from templates.
function bundle(templates: object[], switches: object[]) {
  return {
    sites: [{ id: 's1', name: 'Campus' }],
    vlans: [{ id: 'v1', site_id: 's1', vlan_id: 10, name: 'Users' }],
    'layout-templates': templates,
    switches: switches.map((sw, i) => ({ id: `w${i + 1}`, site_id: 's1', name: `sw${i + 1}`, ports: [], ...sw })),
  };
}

const template = (id: string, name: string, blocks: object[], extra: object = {}) => ({
  id,
  name,
  manufacturer: 'Maker',
  model: 'M1',
  units: [{ unit_number: 1, label: 'Member', blocks }],
  ...extra,
});

function check(input: object) {
  const { data, faults } = checkLegacyBundle(input);
  expect(faults).toEqual([]);
  return data!;
}

describe('0.20.3 layout templates as templates', () => {
  it('map manufacturer, units and blocks (start_index, rows, row_layout, default_speed, poe); unknown fields counted', () => {
    const data = check(
      bundle(
        [
          template(
            't1',
            'Access 48',
            [
              { id: 'b1', ...RJ45_48_POE_BLOCK },
              { id: 'b2', type: 'sfp+', count: 4, start_index: 49, rows: 1, label: '1/1/', physical_type: 'sfp+' },
            ],
            { datasheet_url: 'https://example.com', airflow: 'front-to-rear', created_at: '2026-01-02T03:04:05.000Z' },
          ),
        ],
        [],
      ),
    );
    expect(data.templates).toEqual([
      expect.objectContaining({
        name: 'Access 48',
        vendor: 'Maker',
        model: 'M1',
        createdAt: '2026-01-02T03:04:05.000Z',
        units: [
          [
            {
              type: 'rj45',
              count: 48,
              startIndex: 1,
              rows: 2,
              order: 'odd-even',
              namePattern: '{unit}/1/{n}',
              speed: '1G',
              poe: { type: '802.3at', maxWatts: 30 },
            },
            { type: 'sfp+', count: 4, startIndex: 49, rows: 1, order: 'sequential', namePattern: '{unit}/1/{n}', speed: null, poe: null },
          ],
        ],
      }),
    ]);
    expect(data.dropped).toEqual(
      expect.arrayContaining([
        { file: 'layout-templates.json', field: 'datasheet_url', count: 1 },
        { file: 'layout-templates.json', field: 'airflow', count: 1 },
        { file: 'layout-templates.json', field: 'units[].label', count: 1 },
        { file: 'layout-templates.json', field: 'units[].blocks[].id', count: 2 },
        { file: 'layout-templates.json', field: 'units[].blocks[].physical_type', count: 1 },
      ]),
    );
  });

  it('number a repeated name " (2)", with a fix line', () => {
    const blocks = [{ type: 'rj45', count: 2, start_index: 1, rows: 1, label: 'Gi1/0/' }];
    const data = check(bundle([template('t1', 'Edge', blocks), template('t2', 'edge', blocks)], []));
    expect(data.templates.map((t) => t.name)).toEqual(['Edge', 'edge (2)']);
    expect(data.fixes).toContainEqual(expect.objectContaining({ file: 'layout-templates.json', id: 't2', field: 'name', to: 'edge (2)' }));
  });

  it('fix what the model draws otherwise: an unknown row layout, too many rows, a PoE it does not know', () => {
    const data = check(
      bundle(
        [
          template('t1', 'Odd', [
            { type: 'rj45', count: 12, start_index: 1, rows: 6, row_layout: 'zigzag', label: 'p', poe: { type: 'poe++' } },
          ]),
        ],
        [],
      ),
    );
    expect(data.templates[0].units).toEqual([
      [expect.objectContaining({ rows: 4, order: 'sequential', poe: null, namePattern: 'p {unit}/{n}' })],
    ]);
    const fields = data.fixes.filter((fix) => fix.file === 'layout-templates.json').map((fix) => fix.field);
    expect(fields).toEqual(['units[0].blocks[0].row_layout', 'units[0].blocks[0].rows', 'units[0].blocks[0].poe']);
  });

  it('leave out a template the model cannot hold (names that clash), with the reason; its switches keep their ports', () => {
    const clash = [
      { type: 'rj45', count: 4, start_index: 1, rows: 1, label: 'Gi1/0/' },
      { type: 'sfp', count: 2, start_index: 3, rows: 1, label: 'Gi1/0/' },
    ];
    const data = check(
      bundle([template('t1', 'Clash', clash)], [{ layout_template_id: 't1', ports: [{ id: 'p1', unit: 1, index: 1, label: 'Gi1/0/1' }] }]),
    );
    expect(data.templates).toEqual([]);
    expect(data.fixes).toContainEqual(
      expect.objectContaining({ file: 'layout-templates.json', id: 't1', field: 'units', reason: expect.stringContaining('not migrated') }),
    );
    expect(data.switches[0].templateId).toBeNull();
    expect(data.ports).toHaveLength(1);
    expect(data.fixes).toContainEqual(
      expect.objectContaining({
        file: 'switches.json',
        id: 'w1',
        field: 'layout_template_id',
        reason: expect.stringContaining('not migrated'),
      }),
    );
  });
});

describe("0.20.3 switches' template and stack size", () => {
  const oneUnit = template('t1', 'Access', [{ type: 'rj45', count: 2, start_index: 1, rows: 1, label: '1/1/' }]);
  const twoUnits = {
    id: 't2',
    name: 'Stack of two',
    units: [
      { unit_number: 1, blocks: [{ type: 'rj45', count: 2, start_index: 1, rows: 1, label: 'Gi1/0/' }] },
      { unit_number: 2, blocks: [{ type: 'rj45', count: 2, start_index: 1, rows: 1, label: 'Gi2/0/' }] },
    ],
  };
  const flat = template('t3', 'Flat', [{ type: 'rj45', count: 2, start_index: 1, rows: 1, label: 'ethernet-' }]);

  it('keep the template; stack_size → stackSize, else the units of the template, else the highest unit of the ports (1)', () => {
    const data = check(
      bundle(
        [oneUnit, twoUnits],
        [
          { layout_template_id: 't1', stack_size: 3 },
          { layout_template_id: 't1' },
          { layout_template_id: 't2' },
          { ports: [{ id: 'p1', unit: 1, index: 1, label: 'x1' }] },
        ],
      ),
    );
    const [t1, t2] = data.templates;
    expect(data.switches.map((sw) => [sw.templateId, sw.stackSize])).toEqual([
      [t1.id, 3],
      [t1.id, 1],
      [t2.id, 2],
      [null, 1],
    ]);
    expect(data.fixes.filter((fix) => fix.file === 'switches.json')).toEqual([]);
  });

  it('drop a template that does not exist, or that cannot make the stack (its names hold no member), with a fix line', () => {
    const data = check(bundle([flat], [{ layout_template_id: 'gone' }, { layout_template_id: 't3', stack_size: 2 }]));
    expect(data.switches.map((sw) => [sw.templateId, sw.stackSize])).toEqual([
      [null, 1],
      [null, 2],
    ]);
    expect(data.fixes).toEqual([
      expect.objectContaining({ id: 'w1', field: 'layout_template_id', from: 'gone', reason: expect.stringContaining('does not exist') }),
      expect.objectContaining({
        id: 'w2',
        field: 'layout_template_id',
        from: 't3',
        reason: expect.stringContaining('cannot make a stack of 2'),
      }),
    ]);
  });

  it('raise a stack size below the highest unit of the ports, with a fix line', () => {
    const data = check(bundle([], [{ stack_size: 1, ports: [{ id: 'p1', unit: 2, index: 1, label: '2/1' }] }]));
    expect(data.switches[0].stackSize).toBe(2);
    expect(data.fixes).toEqual([expect.objectContaining({ field: 'stack_size', from: 1, to: 2 })]);
  });
});
