import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { checkTemplateUnits, layOutPorts, stackProblem, type TemplateBlock } from '../lib/port-layout.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../../test/helpers/needs.ts';
import { mapInterfaceType, templateFromNetbox } from './netbox-devicetype.ts';
import { NETBOX_FILE_LIMITS } from './netbox-limits.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'netbox');
const LIBRARY = join(SHARED_FIXTURES, 'netbox-devicetypes');

const read = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

/** A block as the import makes it: the fields that vary, the others at their defaults. */
function block(over: Partial<TemplateBlock>): TemplateBlock {
  return { type: 'rj45', count: 1, startIndex: 1, rows: 1, order: 'sequential', namePattern: '', speed: null, poe: null, ...over };
}

/** The import, which must succeed. */
function imported(text: string) {
  const result = templateFromNetbox(text);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.faults)}`);
  return result;
}

/**
 * The port types the design (docs/LAGS-TEMPLATES.md) gives the NetBox types of these tests, written out here
 * apart from the implementation; undefined: not a port.
 */
const PORT_TYPE_OF: Record<string, string | undefined> = {
  '1000base-t': 'rj45',
  '2.5gbase-t': 'rj45',
  '10gbase-t': 'rj45',
  '1000base-x-sfp': 'sfp',
  '10gbase-x-sfpp': 'sfp+',
  '25gbase-x-sfp28': 'sfp28',
  '40gbase-x-qsfpp': 'qsfp',
  '100gbase-x-qsfp28': 'qsfp28',
  virtual: undefined,
  lag: undefined,
  'cisco-stackwise': undefined,
  'cisco-stackwise-480': undefined,
  'ieee802.11ax': undefined,
};

/**
 * The ports a device-type file should make, read independently of the import (YAML → JS, then the design's
 * rules): every interface of an Ethernet type in file order (management when mgmt_only), then every console port.
 */
function portsOfFile(text: string): { name: string; type: string }[] {
  const file = parse(text, { uniqueKeys: false }) as {
    interfaces?: { name: unknown; type: string; mgmt_only?: boolean | string }[];
    'console-ports'?: { name: unknown }[];
  };
  const interfaces = (file.interfaces ?? []).flatMap((item) => {
    expect(Object.hasOwn(PORT_TYPE_OF, item.type), `a type of the table: ${item.type}`).toBe(true);
    const type = PORT_TYPE_OF[item.type];
    if (!type) return [];
    const management = item.mgmt_only === true || item.mgmt_only === 'yes';
    return [{ name: String(item.name), type: management ? 'management' : type }];
  });
  return [...interfaces, ...(file['console-ports'] ?? []).map((port) => ({ name: String(port.name), type: 'console' }))];
}

/** The ports a template makes for one switch: names and types in position order. */
function portsOfTemplate(units: Parameters<typeof layOutPorts>[0]) {
  return layOutPorts(units, 1).map((port) => ({ name: port.name, type: port.type }));
}

describe('a NetBox device type as a template', () => {
  it('makes a Cisco-like stack switch: counting runs with {unit}, the management and console port its own, stacking skipped', () => {
    const { template, skipped } = imported(read('cisco-stack.yaml'));
    expect(template).toEqual({
      name: 'Cisco Catalyst 9300-24UX-like',
      vendor: 'Cisco',
      model: 'Catalyst 9300-24UX-like',
      description: 'Part number: C9300-24-LIKE\n\n[Data sheet](https://example.com/c9300-like.html)',
      units: [
        [
          block({
            count: 24,
            rows: 2,
            order: 'odd-even',
            namePattern: 'GigabitEthernet{unit}/0/{n}',
            speed: '1G',
            poe: { type: '802.3at', maxWatts: 30 },
          }),
          block({ type: 'sfp+', count: 4, namePattern: 'TenGigabitEthernet{unit}/1/{n}', speed: '10G' }),
          block({ type: 'management', namePattern: 'GigabitEthernet0/0', speed: '1G' }),
          block({ type: 'console', namePattern: 'con 0' }),
        ],
      ],
    });
    expect(skipped).toEqual([
      { name: 'StackPort1/1', type: 'cisco-stackwise-480', reason: 'a stacking port, not an Ethernet port' },
      { name: 'StackPort1/2', type: 'cisco-stackwise-480', reason: 'a stacking port, not an Ethernet port' },
    ]);
  });

  it('makes stacks of the Cisco-like switch: each member its own ports, the management and console port once', () => {
    const { units } = imported(read('cisco-stack.yaml')).template;
    expect(stackProblem(units, 2)).toBeUndefined();
    const names = layOutPorts(units, 2).map((port) => port.name);
    expect(names).toHaveLength(2 * 28 + 2);
    expect(names.slice(28, 32)).toEqual(['GigabitEthernet0/0', 'con 0', 'GigabitEthernet2/0/1', 'GigabitEthernet2/0/2']);
    expect(names.at(-1)).toBe('TenGigabitEthernet2/1/4');
  });

  it('makes a Juniper-like switch: me0 first, 0-based ge-/et- runs with {unit0} and {n0}, the indented comment ignored', () => {
    const { template, skipped } = imported(read('juniper-like.yaml'));
    expect(template.units).toEqual([
      [
        block({ type: 'management', namePattern: 'me0', speed: '1G' }),
        block({ count: 12, rows: 2, order: 'odd-even', namePattern: 'ge-{unit0}/0/{n0}', speed: '1G' }),
        block({ type: 'qsfp', count: 4, namePattern: 'et-{unit0}/1/{n0}', speed: '40G' }),
        block({ type: 'console', namePattern: 'Console' }),
        block({ type: 'console', namePattern: 'Front Console' }),
      ],
    ]);
    expect(template.description).toBe('Part number: EX-LIKE-12T');
    expect(skipped).toEqual([{ name: 'vme', type: 'virtual', reason: 'a virtual interface, not a port' }]);
    expect(layOutPorts(template.units, 2).map((port) => port.name)).toContain('ge-1/0/11');
  });

  it('reads the looser file: duplicate keys (the last counts), a block scalar, numbers and booleans as names, PoE runs', () => {
    const { template, skipped } = imported(read('loose.yaml'));
    expect(template.name).toBe('Example Networks Loose 10 "+"');
    expect(template.model).toBe('Loose 10 "+"');
    expect(template.description).toBe(
      'Part number: 0042\n\nTen ports, PoE on 1–8 ("af" on 1–4, 30 W on 5–8).\n\nTwo SFP+ cages and a port that is powered by PoE itself.',
    );
    expect(template.units).toEqual([
      [
        block({ count: 4, namePattern: 'Port {n}', speed: '1G', poe: { type: '802.3af', maxWatts: 15.4 } }),
        block({ count: 4, startIndex: 5, namePattern: 'Port {n}', speed: '1G', poe: { type: '802.3at', maxWatts: 30 } }),
        block({ type: 'sfp+', count: 2, startIndex: 9, namePattern: 'SFP+ {n}', speed: '10G' }),
        // poe_mode: pd: the port draws power, it delivers none.
        block({ namePattern: 'Uplink PoE-in', speed: '2.5G' }),
        block({ type: 'management', namePattern: '100', speed: '1G' }),
        block({ type: 'console', namePattern: 'true' }),
      ],
    ]);
    expect(skipped).toEqual([
      { name: '1.10', type: 'virtual', reason: 'a virtual interface, not a port' },
      { name: 'Po1', type: 'lag', reason: 'a link aggregation: make it a LAG of the switch' },
      { name: 'wlan0', type: 'ieee802.11ax', reason: 'a wireless interface, not a port' },
    ]);
  });

  it.each(['cisco-stack.yaml', 'juniper-like.yaml', 'loose.yaml'])(
    '%s: the template makes exactly the file’s ports (names, types, file order) and passes the template rules',
    (file) => {
      const { template } = imported(read(file));
      expect(portsOfTemplate(template.units)).toEqual(portsOfFile(read(file)));
      expect(checkTemplateUnits(template.units)).toEqual({ ok: true, value: template.units });
    },
  );

  it("draws a run that goes on counting with other PoE in the rows of the run before it (Ubiquiti's Port 41–48)", () => {
    const port = (n: number, poe: string) => `  - { name: Port ${n}, type: 1000base-t, poe_mode: pse, poe_type: ${poe} }`;
    const interfaces = [
      ...Array.from({ length: 16 }, (_, i) => port(i + 1, 'type2-ieee802.3at')),
      port(17, 'type3-ieee802.3bt'),
      port(18, 'type3-ieee802.3bt'),
    ];
    const { template } = imported(['manufacturer: Example', 'model: PoE 18', 'interfaces:', ...interfaces].join('\n'));
    expect(template.units[0]!.map(({ count, startIndex, rows, order }) => ({ count, startIndex, rows, order }))).toEqual([
      { count: 16, startIndex: 1, rows: 2, order: 'odd-even' },
      { count: 2, startIndex: 17, rows: 2, order: 'odd-even' },
    ]);
  });

  it('cuts a long description to 1000 characters', () => {
    const text = `manufacturer: X\nmodel: Y\npart_number: P-1\ncomments: "${'é'.repeat(1200)}"\ninterfaces:\n  - {name: p1, type: 1000base-t}\n`;
    const { description } = imported(text).template;
    expect([...(description ?? '')]).toHaveLength(1000);
    expect(description?.startsWith('Part number: P-1\n\néé')).toBe(true);
  });

  it('leaves the description empty when the file has no part number and no comments', () => {
    expect(imported('manufacturer: X\nmodel: Y\ninterfaces:\n  - {name: p1, type: 1000base-t}\n').template.description).toBeNull();
  });

  it('gives a single interface with several numbers the unit placeholder (ge-0/0/0 alone)', () => {
    const { units } = imported('manufacturer: X\nmodel: Y\ninterfaces:\n  - {name: ge-0/0/0, type: 10gbase-x-sfpp}\n').template;
    expect(units).toEqual([[block({ type: 'sfp+', namePattern: 'ge-{unit0}/0/0', speed: '10G' })]]);
  });

  it('gives no block the unit placeholder when a stack would then name a port twice (Te1/1 and Te2/1 of different kinds)', () => {
    const text = 'manufacturer: X\nmodel: Y\ninterfaces:\n  - {name: Te1/1, type: 10gbase-t}\n  - {name: Te2/1, type: 10gbase-x-sfpp}\n';
    const { units } = imported(text).template;
    expect(units[0].map((b) => b.namePattern)).toEqual(['Te1/1', 'Te2/1']);
    expect(stackProblem(units, 2)).toMatch(/^must be 1/);
  });

  it('numbers a stack one way: only the blocks whose first number is that of the first such block get the placeholder', () => {
    const text =
      'manufacturer: X\nmodel: Y\ninterfaces:\n  - {name: ge-0/0/0, type: 1000base-t}\n  - {name: xe-1/0/0, type: 10gbase-x-sfpp}\n';
    const { units } = imported(text).template;
    expect(units[0].map((b) => b.namePattern)).toEqual(['ge-{unit0}/0/0', 'xe-1/0/0']);
  });

  it('does not count names with leading zeros, keeping each as its own', () => {
    const text = 'manufacturer: X\nmodel: Y\ninterfaces:\n  - {name: port08, type: 1000base-t}\n  - {name: port09, type: 1000base-t}\n';
    const { units } = imported(text).template;
    expect(units[0].map((b) => b.namePattern)).toEqual(['port08', 'port09']);
  });
});

describe('files the import refuses, naming the field', () => {
  it.each([
    ['broken-not-yaml.yaml', [['body', /^is not YAML that can be read: .*line 4, column 1$/]]],
    ['broken-two-documents.yaml', [['body', /^is not YAML that can be read: Source contains multiple documents/]]],
    ['broken-not-mapping.yaml', [['body', /^must be a NetBox device type: a mapping with manufacturer, model and interfaces$/]]],
    [
      'broken-no-manufacturer.yaml',
      [
        ['manufacturer', /^is required$/],
        ['model', /^must be a text$/],
        ['comments', /^must be a text$/],
      ],
    ],
    [
      'broken-names.yaml',
      [
        ['interfaces[1].name', /^must be a plain interface name: .* \(it is "Gi1\/0\/2 \{evil\}"\)$/],
        ['interfaces[2].name', /^must be at most 64 characters/],
        ['interfaces[3].name', /^is required$/],
        ['interfaces[4].type', /^is required$/],
        ['interfaces[5].name', /^must be a text$/],
        ['interfaces[6].mgmt_only', /^must be true or false$/],
        ['console-ports[0].name', /^must be a plain interface name: .* \(it is "Konsoleé"\)$/],
      ],
    ],
    [
      'broken-duplicate-names.yaml',
      [
        ['interfaces[1].name', /^"gi1\/0\/1" is the name of interfaces\[0\] too$/],
        ['console-ports[0].name', /^"GI1\/0\/1" is the name of interfaces\[0\] too$/],
      ],
    ],
    [
      'broken-lists.yaml',
      [
        ['interfaces', /^must be a list$/],
        ['console-ports[0]', /^must be a mapping with name and type$/],
      ],
    ],
    ['broken-no-ports.yaml', [['interfaces', /nothing to make ports of$/]]],
    ['broken-too-many-blocks.yaml', [['interfaces', /^make 26 blocks .* at most 24$/]]],
  ] as [string, [string, RegExp][]][])('%s', (file, expected) => {
    const result = templateFromNetbox(read(file));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.faults.map((fault) => fault.field)).toEqual(expected.map(([field]) => field));
    result.faults.forEach((fault, i) => expect(fault.message).toMatch(expected[i][1]));
  });

  it.each([
    ['an empty text', ''],
    ['a plain word', 'hello'],
    ['a list', '- a\n- b\n'],
  ])('refuses %s as no device type', (_, text) => {
    expect(templateFromNetbox(text)).toEqual({
      ok: false,
      faults: [{ field: 'body', message: 'must be a NetBox device type: a mapping with manufacturer, model and interfaces' }],
    });
  });
});

describe('files past the limits of a device type (issue 33: a hostile file must not hold the event loop)', () => {
  const { bytes, tokens, depth, aliases, tags, nodes } = NETBOX_FILE_LIMITS;
  const HEAD = 'manufacturer: Acme\nmodel: Limits\n';
  const PORT = 'interfaces:\n  - {name: Gi1, type: 1000base-t}\n';
  const refusedAs = (message: RegExp) => ({ ok: false, faults: [{ field: 'body', message: expect.stringMatching(message) }] });
  /** `count` aliases of one interface, as the finding's file had thousands of them. */
  const aliasedInterfaces = (count: number) =>
    `${HEAD}vlan: &vlan {name: vlan1, type: virtual}\ninterfaces:\n${'  - *vlan\n'.repeat(count)}  - {name: Gi1, type: 1000base-t}\n`;

  it(`follows ${aliases} aliases and refuses a file with one more, before it is parsed`, () => {
    expect(imported(aliasedInterfaces(aliases)).skipped).toHaveLength(aliases);
    expect(templateFromNetbox(aliasedInterfaces(aliases + 1))).toEqual(
      refusedAs(new RegExp(`^uses more than ${aliases} aliases \\(\\*name\\): a device type file may use at most ${aliases}$`)),
    );
  });

  it(`refuses an alias bomb of a few aliases that would name more than ${nodes} nodes`, () => {
    const levels = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...['b', 'c', 'd'].map((name, i) => `${name}: &${name} [${`*${'abc'[i]}, `.repeat(10)}]`),
    ];
    const bomb = (last: number) => `${HEAD}${levels.join('\n')}\ne: &e [${'*d, '.repeat(last)}]\n${PORT}`;
    // a: 11 nodes, b: 111, c: 1,111, d: 11,111, and e 11,111 more for each alias of d: ~23,500 nodes with one, ~34,600 with two.
    expect(imported(bomb(1)).template.units[0]).toHaveLength(1);
    expect(templateFromNetbox(bomb(2))).toEqual(
      refusedAs(new RegExp(`^has more than ${nodes} lists, mappings and values, each alias counted as what it names`)),
    );
  });

  it('refuses an alias inside the node it names', () => {
    expect(templateFromNetbox(`${HEAD}loop: &loop [a, [*loop]]\n${PORT}`)).toEqual(
      refusedAs(/^\*loop at line 3 is inside the node it names/),
    );
  });

  it('refuses merge keys (<<) that repeat a mapping more often than aliases may', () => {
    const merged = `${HEAD}base: &base {type: 1000base-t}\ninterfaces:\n${'  - {<<: *base, name: p}\n'.repeat(aliases + 1)}`;
    expect(templateFromNetbox(merged)).toEqual(refusedAs(/^uses more than \d+ aliases/));
  });

  it.each([
    ['brackets', (n: number) => `${HEAD}${PORT}x: ${'['.repeat(n - 1)}${']'.repeat(n - 1)}\n`],
    ['block indicators', (n: number) => `${HEAD}${PORT}? ${'- '.repeat(n - 1)}1\n`],
    ['indentation', (n: number) => `${HEAD}${PORT}${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n`],
  ])(`reads lists and mappings nested ${depth} deep by %s, and refuses one level more`, (_, nested) => {
    expect(imported(nested(depth)).template.units[0]).toHaveLength(1);
    expect(templateFromNetbox(nested(depth + 1))).toEqual(refusedAs(new RegExp(`^nests lists and mappings more than ${depth} deep`)));
  });

  it(`refuses a file of more than ${tokens} YAML tokens, or ${tags} tags, or ${bytes} bytes`, () => {
    expect(templateFromNetbox(`${HEAD}${PORT}x: [${'1,'.repeat(tokens / 3)}]\n`)).toEqual(refusedAs(/^holds more than 16000 YAML tokens/));
    expect(templateFromNetbox(`${HEAD}${PORT}x: [${'!!int 1, '.repeat(tags + 1)}]\n`)).toEqual(refusedAs(/^has more than 100 tags/));
    expect(templateFromNetbox(`${HEAD}${PORT}comments: "${'x'.repeat(bytes)}"\n`)).toEqual(refusedAs(/^is larger than 65536 bytes/));
  });

  it('shows at most 100 characters of a long name, however often aliases repeat it', () => {
    const long = 'v'.repeat(10_000);
    const result = templateFromNetbox(
      `${HEAD}vlan: &vlan {name: ${long}, type: virtual}\ninterfaces: [*vlan, *vlan, {name: "${long}", type: 1000base-t}]\n`,
    );
    expect(result).toEqual({
      ok: false,
      faults: [{ field: 'interfaces[2].name', message: expect.stringContaining(`(it is "${'v'.repeat(100)}…")`) }],
    });
    const skipped = imported(
      `${HEAD}vlan: &vlan {name: ${long}, type: virtual}\ninterfaces: [*vlan, *vlan, {name: p, type: 1000base-t}]\n`,
    ).skipped;
    expect(skipped.map((item) => item.name)).toEqual([`${'v'.repeat(100)}…`, `${'v'.repeat(100)}…`]);
  });

  it('reads a switch of 384 PoE ports as NetBox writes it, within the limits', () => {
    const port = (n: number) =>
      `  - name: GigabitEthernet1/0/${n}\n    type: 1000base-t\n    poe_mode: pse\n    poe_type: type2-ieee802.3at\n`;
    const file = `---\nmanufacturer: Acme\nmodel: Big 384\npart_number: B-384\ninterfaces:\n${Array.from({ length: 384 }, (_, i) => port(i + 1)).join('')}`;
    expect(portsOfTemplate(imported(file).template.units)).toHaveLength(384);
  });
});

describe('NetBox interface types', () => {
  it.each([
    ['1000base-t', 'rj45', '1G'],
    ['100base-tx', 'rj45', '100M'],
    ['2.5gbase-t', 'rj45', '2.5G'],
    ['10gbase-t', 'rj45', '10G'],
    ['1000base-x-sfp', 'sfp', '1G'],
    ['1000base-x-gbic', 'sfp', '1G'],
    ['10gbase-x-sfpp', 'sfp+', '10G'],
    ['25gbase-x-sfp28', 'sfp28', '25G'],
    ['50gbase-x-sfp56', 'sfp28', '50G'],
    ['100gbase-x-sfpdd', 'sfp28', '100G'],
    ['40gbase-x-qsfpp', 'qsfp', '40G'],
    ['100gbase-x-qsfp28', 'qsfp28', '100G'],
    ['200gbase-x-qsfp56', 'qsfp28', '200G'],
    ['400gbase-x-qsfpdd', 'qsfp28', '400G'],
    ['400gbase-x-osfp', 'qsfp28', '400G'],
    // Ethernet types named by their medium only, or by a cage of their own: the cage of their speed.
    ['100base-fx', 'sfp', '100M'],
    ['1000base-lx', 'sfp', '1G'],
    ['10gbase-x-xfp', 'sfp+', '10G'],
    ['10gbase-lr', 'sfp+', '10G'],
    ['100gbase-x-cfp2', 'qsfp28', '100G'],
  ])('%s makes a port of type %s at %s', (type, port, speed) => {
    expect(mapInterfaceType(type)).toEqual({ port, speed });
  });

  it.each([
    'virtual',
    'lag',
    'bridge',
    'cisco-stackwise',
    'cisco-stackwise-plus',
    'cisco-flexstack-plus',
    'juniper-vcp',
    'extreme-summitstack-256',
    'ieee802.11ac',
    'other-wireless',
    'lte',
    '5g',
    '10gbase-kr',
    '100base-t1',
    'gpon',
    '8gfc-sfpp',
    'infiniband-hdr',
    'other',
    '',
  ])('%j makes no port and says why', (type) => {
    const mapped = mapInterfaceType(type);
    expect(mapped).toEqual({ skip: expect.stringMatching(/\w/) });
  });
});

/** NetBox types with what the design makes of them, for generated files. */
const GENERATED_TYPES: [string, string | undefined][] = [
  ['1000base-t', 'rj45'],
  ['10gbase-x-sfpp', 'sfp+'],
  ['25gbase-x-sfp28', 'sfp28'],
  ['40gbase-x-qsfpp', 'qsfp'],
  ['100gbase-x-qsfp28', 'qsfp28'],
  ['1000base-x-sfp', 'sfp'],
  ['virtual', undefined],
  ['lag', undefined],
  ['cisco-stackwise', undefined],
];
const PREFIXES = ['GigabitEthernet', 'Te', 'ge-', 'Port ', 'xe-', 'Ethernet', 'SFP+ ', ''];
const SHAPES = [
  (p: string, _a: number, n: number) => `${p}${n}`,
  (p: string, a: number, n: number) => `${p}${a}/0/${n}`,
  (p: string, a: number, n: number) => `${p}${a}/${n}`,
  (p: string, a: number, n: number) => `${p}${n}/${a}`,
];

/** A run of interfaces: names of one shape counting up from `start`; a type and mgmt_only per run or per interface. */
const run = (maxLength: number): fc.Arbitrary<Run> =>
  fc.record({
    shape: fc.nat(SHAPES.length - 1),
    a: fc.nat(3),
    start: fc.nat(60),
    types: fc.array(fc.nat(GENERATED_TYPES.length - 1), { minLength: 1, maxLength }),
    management: fc.array(fc.boolean(), { minLength: 1, maxLength }),
    poe: fc.constantFrom(undefined, 'type1-ieee802.3af', 'type4-ieee802.3bt'),
  });

/** A generated run (what `run` makes). */
interface Run {
  shape: number;
  a: number;
  start: number;
  types: number[];
  management: boolean[];
  poe: string | undefined;
}

function generatedFile(runs: Run[], consoles: number, perInterface: boolean) {
  const interfaces = runs.flatMap((r, i) =>
    r.types.map((type, k) => ({
      name: SHAPES[r.shape](PREFIXES[i], r.a, r.start + k),
      type: GENERATED_TYPES[perInterface ? type : r.types[0]][0],
      ...((perInterface ? r.management[k % r.management.length] : r.management[0]) ? { mgmt_only: true } : {}),
      ...(r.poe ? { poe_mode: 'pse', poe_type: r.poe } : {}),
    })),
  );
  const consolePorts = Array.from({ length: consoles }, (_, i) => ({ name: `con ${i}`, type: 'rj-45' }));
  return { manufacturer: 'Generated', model: 'G-1', interfaces, 'console-ports': consolePorts };
}

describe('the ports of any device type', () => {
  it.each([
    ['long runs of one kind', 60, false],
    ['short runs of mixed kinds', 3, true],
  ] as const)(
    'are the file’s Ethernet interfaces then console ports, by name and type, in file order (%s)',
    (_, maxLength, perInterface) => {
      fc.assert(
        fc.property(fc.array(run(maxLength), { minLength: 1, maxLength: 6 }), fc.nat(2), (runs, consoles) => {
          const file = generatedFile(runs, consoles, perInterface);
          const expected = [
            ...file.interfaces.flatMap((item) => {
              const type = GENERATED_TYPES.find(([netbox]) => netbox === item.type)![1];
              return type ? [{ name: item.name, type: item.mgmt_only ? 'management' : type }] : [];
            }),
            ...file['console-ports'].map((port) => ({ name: port.name, type: 'console' })),
          ];
          const result = templateFromNetbox(stringify(file));
          if (expected.length === 0) {
            expect(result).toEqual({ ok: false, faults: [{ field: 'interfaces', message: expect.stringContaining('nothing') }] });
            return;
          }
          if (!result.ok) throw new Error(JSON.stringify(result.faults));
          expect(portsOfTemplate(result.template.units)).toEqual(expected);
          expect(result.skipped.map((item) => item.name)).toEqual(
            file.interfaces.filter((item) => !GENERATED_TYPES.find(([netbox]) => netbox === item.type)![1]).map((item) => item.name),
          );
          expect(checkTemplateUnits(result.template.units)).toEqual({ ok: true, value: result.template.units });
          // A template with a unit placeholder makes stacks whose members' ports differ.
          if (result.template.units[0].some((b) => /\{unit0?\}/.test(b.namePattern)))
            expect(stackProblem(result.template.units, 2)).toBeUndefined();
        }),
        { numRuns: 100 },
      );
    },
  );
});

describeNeeding([sharedFixture('netbox-devicetypes/expected.json')], 'the six files of the NetBox device-type library', () => {
  const expected = existsSync(join(LIBRARY, 'expected.json'))
    ? (JSON.parse(readFileSync(join(LIBRARY, 'expected.json'), 'utf8')) as Record<
        string,
        {
          manufacturer: string;
          model: string;
          part_number: string | null;
          interfaces: { name: string; type: string; mgmt_only: boolean }[];
          console_ports: string[];
        }
      >)
    : {};

  it.each(Object.keys(expected))('%s makes its ports: Ethernet interfaces by name and mapped type, then console ports', (file) => {
    const want = expected[file];
    const { template, skipped } = imported(readFileSync(join(LIBRARY, file), 'utf8'));
    expect(template).toMatchObject({ name: `${want.manufacturer} ${want.model}`, vendor: want.manufacturer, model: want.model });
    if (want.part_number) expect(template.description).toContain(`Part number: ${want.part_number}`);
    const ethernet = want.interfaces.filter((item) => PORT_TYPE_OF[item.type]);
    expect(portsOfTemplate(template.units)).toEqual([
      ...ethernet.map((item) => ({ name: item.name, type: item.mgmt_only ? 'management' : PORT_TYPE_OF[item.type] })),
      ...want.console_ports.map((name) => ({ name, type: 'console' })),
    ]);
    expect(skipped.map(({ name, type }) => ({ name, type }))).toEqual(
      want.interfaces.filter((item) => !PORT_TYPE_OF[item.type]).map(({ name, type }) => ({ name, type })),
    );
  });

  it("draws the Ubiquiti's Port 41–48 (PoE++) in the two rows of Port 1–40, odd on top, its SFP+ cages in one row", () => {
    const { units } = imported(readFileSync(join(LIBRARY, 'Ubiquiti', 'USW-Pro-48-PoE.yaml'), 'utf8')).template;
    expect(units[0]!.map(({ namePattern, count, rows, order }) => `${namePattern} ×${count} ${rows} ${order}`)).toEqual([
      'Port {n} ×40 2 odd-even',
      'Port {n} ×8 2 odd-even',
      'SFP+ {n} ×4 1 sequential',
    ]);
  });

  it('makes stackable templates of the stackable switches and single switches of the others', () => {
    const stackable = Object.keys(expected).filter((file) => {
      const { units } = imported(readFileSync(join(LIBRARY, file), 'utf8')).template;
      return stackProblem(units, 2) === undefined;
    });
    expect(stackable).toEqual([
      'Cisco/C9300-48P.yaml',
      'Juniper/EX4300-48T.yaml',
      'Aruba/6100-48G-PoE-370W-JL675A.yaml',
      'TP-Link/TL-SG3428.yaml',
    ]);
  });
});
