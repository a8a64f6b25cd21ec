import { describe, expect, it } from 'vitest';
import {
  cellOf,
  checkTemplateUnits,
  layOutPorts,
  memberPortName,
  portNameOf,
  stackProblem,
  type TemplateBlock,
  type TemplateUnits,
} from './port-layout.ts';

function block(over: Partial<TemplateBlock>): TemplateBlock {
  return { type: 'rj45', count: 1, startIndex: 1, rows: 1, order: 'sequential', namePattern: 'p{n}', speed: null, poe: null, ...over };
}

const ACCESS_24: TemplateUnits = [
  [
    block({ type: 'management', namePattern: 'Gi0/0', startIndex: 0 }),
    block({ count: 24, rows: 2, order: 'odd-even', namePattern: 'Gi{unit}/0/{n}', speed: '1G', poe: { type: '802.3at', maxWatts: 30 } }),
    block({ type: 'sfp+', count: 4, namePattern: 'Te{unit}/1/{n}', speed: '10G' }),
  ],
];

describe('port names from a pattern', () => {
  it.each([
    ['Gi{unit}/0/{n}', 2, 7, 'Gi2/0/7'],
    ['ge-{unit0}/0/{n0}', 1, 1, 'ge-0/0/0'],
    ['ge-{unit0}/0/{n0}', 3, 48, 'ge-2/0/47'],
    ['Ethernet{n}/1', 1, 49, 'Ethernet49/1'],
    ['mgmt', 1, 0, 'mgmt'],
  ])('%s on member %i, port %i is %s', (pattern, unit, n, name) => {
    expect(portNameOf(pattern, unit, n)).toBe(name);
  });
});

describe('checking a template', () => {
  it('fills the defaults of a block', () => {
    const checked = checkTemplateUnits([[{ type: 'sfp', count: 2, namePattern: 'x{n}' }]]);
    expect(checked).toEqual({ ok: true, value: [[block({ type: 'sfp', count: 2, namePattern: 'x{n}' })]] });
  });

  it.each([
    ['no units', [], ''],
    ['a unit without blocks', [[]], '[0]'],
    ['an unknown port type', [[{ type: 'usb', count: 1, namePattern: 'u' }]], '[0][0].type'],
    ['a count of 0', [[{ type: 'rj45', count: 0, namePattern: 'p{n}' }]], '[0][0].count'],
    ['five rows', [[{ type: 'rj45', count: 8, rows: 5, namePattern: 'p{n}' }]], '[0][0].rows'],
    ['an unknown order', [[{ type: 'rj45', count: 8, order: 'zigzag', namePattern: 'p{n}' }]], '[0][0].order'],
    ['many ports without {n}', [[{ type: 'rj45', count: 8, namePattern: 'port' }]], '[0][0].namePattern'],
    ['an unknown placeholder', [[{ type: 'rj45', count: 8, namePattern: 'p{slot}/{n}' }]], '[0][0].namePattern'],
    ['a semicolon in the names', [[{ type: 'rj45', count: 2, namePattern: 'p{n};' }]], '[0][0].namePattern'],
    ['an unknown block field', [[{ type: 'rj45', count: 2, namePattern: 'p{n}', colour: 'red' }]], '[0][0].colour'],
    [
      'a PoE standard that does not exist',
      [[{ type: 'rj45', count: 2, namePattern: 'p{n}', poe: { type: '802.3zz', maxWatts: 1 } }]],
      '[0][0].poe',
    ],
    [
      'two blocks making the same names',
      [
        [
          { type: 'rj45', count: 4, namePattern: 'p{n}' },
          { type: 'sfp', count: 2, startIndex: 4, namePattern: 'P{n}' },
        ],
      ],
      '[0][1].namePattern',
    ],
  ])('refuses %s, naming where', (_, units, path) => {
    const checked = checkTemplateUnits(units);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.faults.map((fault) => fault.path)).toContain(path);
  });
});

describe('the ports of a switch made from a template', () => {
  it('numbers ports unit by unit and block by block, with their type, speed and PoE', () => {
    const ports = layOutPorts(ACCESS_24, 1);
    expect(ports.map((port) => port.name)).toEqual([
      'Gi0/0',
      ...Array.from({ length: 24 }, (_, i) => `Gi1/0/${i + 1}`),
      ...Array.from({ length: 4 }, (_, i) => `Te1/1/${i + 1}`),
    ]);
    expect(ports.map((port) => port.position)).toEqual(ports.map((_, i) => i + 1));
    expect(ports[1]).toMatchObject({ type: 'rj45', speed: '1G', poe: { type: '802.3at', maxWatts: 30 }, unit: 1 });
    expect(ports[25]).toMatchObject({ type: 'sfp+', speed: '10G', poe: null });
  });

  it('repeats a one-unit template for every member, its blocks without {unit} on member 1 only', () => {
    const ports = layOutPorts(ACCESS_24, 3);
    expect(ports).toHaveLength(1 + 3 * 28);
    expect(ports.filter((port) => port.name === 'Gi0/0')).toHaveLength(1);
    expect(ports.filter((port) => port.unit === 3).map((port) => port.name)[0]).toBe('Gi3/0/1');
    expect(stackProblem(ACCESS_24, 3)).toBeUndefined();
  });

  it('makes a template of several units exactly that many members', () => {
    const twoUnits: TemplateUnits = [[block({ count: 2, namePattern: 'a{n}' })], [block({ count: 2, namePattern: 'b{n}' })]];
    expect(layOutPorts(twoUnits, 2).map((port) => `${port.unit}:${port.name}`)).toEqual(['1:a1', '1:a2', '2:b1', '2:b2']);
    expect(stackProblem(twoUnits, 3)).toMatch(/must be 2/);
    // Its names need no {unit}: each member has its own blocks.
    expect(stackProblem(twoUnits, 2)).toBeUndefined();
  });

  it("puts each stack member's SFP+ ports in a block of their own, one row with no empty cell (the 0.20.3 C9200L stack)", () => {
    const member = (unit: number) => [
      block({ count: 24, rows: 2, order: 'odd-even', namePattern: `Gi${unit}/0/{n}` }),
      block({ type: 'sfp+', count: 4, namePattern: `Te${unit}/1/{n}` }),
    ];
    const units: TemplateUnits = [[block({ type: 'management', namePattern: 'Gi0/{n}', startIndex: 0 }), ...member(1)], member(2)];
    const cages = [1, 2].map((unit) => layOutPorts(units, 2).filter((port) => port.unit === unit && port.type === 'sfp+'));
    expect(cages.map((cage) => cage.map((port) => `${port.name} ${port.row}.${port.column}`))).toEqual(
      [1, 2].map((unit) => [1, 2, 3, 4].map((n) => `Te${unit}/1/${n} 0.${n - 1}`)),
    );
    expect(cages.map((cage) => new Set(cage.map((port) => port.block)).size)).toEqual([1, 1]);
    expect(cages.map((cage) => cage[0]!.block)).toEqual([2, 1]);
  });

  it("gives a stack grown beyond a template of several units member 1's ports on each further member, but its out-of-band ports", () => {
    const units: TemplateUnits = [
      [block({ type: 'management', namePattern: 'Gi0/{n}', startIndex: 0 }), block({ type: 'sfp+', count: 2, namePattern: 'Te1/1/{n}' })],
      [block({ type: 'sfp+', count: 2, namePattern: 'Te2/1/{n}' })],
    ];
    const third = layOutPorts(units, 3).filter((port) => port.unit === 3);
    expect(third.map((port) => `${port.name} ${port.block}:${port.row}.${port.column}`)).toEqual(['Te3/1/1 1:0.0', 'Te3/1/2 1:0.1']);
  });

  it.each([
    ['Gi1/0/5', 2, 'Gi2/0/5'],
    ['1/1/49', 3, '3/1/49'],
    ['ge-0/0/5', 2, 'ge-1/0/5'],
    ['Te1/1/4', 4, 'Te4/1/4'],
    ['5', 2, '2/5'],
    ['Port 12', 2, '2/Port 12'],
  ])("names member 1's %s on member %i %s", (name, unit, want) => {
    expect(memberPortName(name, unit)).toBe(want);
  });

  it('refuses a stack of a template whose names hold no member number', () => {
    expect(stackProblem([[block({ count: 48, namePattern: 'Ethernet{n}' })]], 2)).toMatch(/must be 1/);
  });
});

describe('where the panel draws a port', () => {
  const cells = (over: Partial<TemplateBlock>) =>
    Array.from({ length: over.count ?? 1 }, (_, i) => cellOf(block(over), i)).map(({ row, column }) => `${row}.${column}`);

  it('odd-even puts odd ports on the top row, column by column', () => {
    expect(cells({ count: 6, rows: 2, order: 'odd-even' })).toEqual(['0.0', '1.0', '0.1', '1.1', '0.2', '1.2']);
  });

  it('even-odd puts even ports on the top row', () => {
    expect(cells({ count: 4, rows: 2, order: 'even-odd' })).toEqual(['1.0', '0.0', '1.1', '0.1']);
  });

  it.each([
    ['even-odd', 0, ['0.0', '1.0', '0.1', '1.1']],
    ['odd-even', 0, ['1.0', '0.0', '1.1', '0.1']],
    ['even-odd', 2, ['0.0', '1.0', '0.1', '1.1']],
    ['odd-even', 3, ['0.0', '1.0', '0.1', '1.1']],
  ] as const)('%s keeps its parity on top when numbering starts at %i', (order, startIndex, expected) => {
    expect(cells({ count: 4, rows: 2, order, startIndex })).toEqual(expected);
  });

  it('sequential fills the top row first', () => {
    expect(cells({ count: 6, rows: 2, order: 'sequential' })).toEqual(['0.0', '0.1', '0.2', '1.0', '1.1', '1.2']);
  });

  it('draws a block of fewer ports than rows in one row per port', () => {
    expect(cells({ count: 1, rows: 2, order: 'odd-even' })).toEqual(['0.0']);
  });
});
