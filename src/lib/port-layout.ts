// Layout templates (docs/LAGS-TEMPLATES.md): a switch model's front panel as stack members (units), each a list of
// blocks of ports. One implementation for the server (checking a template, making a switch's ports) and the UI
// (the live preview, the panel of a switch made from a template). Pure: no I/O.
import { interfaceNameProblem } from './interface-name.ts';
import { BLOCK_ORDERS, OUT_OF_BAND_PORT_TYPES, POE_TYPES, PORT_TYPES, STACK_MAX } from './port-kinds.ts';

/** One block of ports of a unit: `count` ports of one type, drawn in `rows` rows, named by `namePattern`. */
export interface TemplateBlock {
  type: (typeof PORT_TYPES)[number];
  count: number;
  /** The first `{n}`. */
  startIndex: number;
  rows: number;
  /** sequential: row by row; odd-even: column by column, odd ports on the top row; even-odd: even on top. */
  order: (typeof BLOCK_ORDERS)[number];
  /** `Gi{unit}/0/{n}`: `{n}` counts from startIndex, `{n0}` is n − 1, `{unit}` counts from 1, `{unit0}` from 0. */
  namePattern: string;
  speed: string | null;
  poe: { type: (typeof POE_TYPES)[number]; maxWatts: number | null } | null;
}

/** A template's units: one list of blocks per stack member (one unit is repeated for every member). */
export type TemplateUnits = TemplateBlock[][];

/** A port a template makes: what the switch's port gets, and where the panel draws it. */
export interface LaidOutPort {
  name: string;
  unit: number;
  /** 1-based, unit by unit, block by block, port by port. */
  position: number;
  type: TemplateBlock['type'];
  speed: string | null;
  poe: TemplateBlock['poe'];
  /** Index of its block within its unit's blocks. */
  block: number;
  row: number;
  column: number;
}

/** A problem of a template, at a path below `units` (`[0][2].namePattern`). */
export interface LayoutFault {
  path: string;
  message: string;
}

/** Limits of a template: a block's ports, rows and first index; a template's blocks and ports. */
export const LAYOUT_LIMITS = { count: 256, rows: 4, startIndex: 1000, blocks: 24, ports: 1024, speed: 20 } as const;

const BLOCK_KEYS = new Set(['type', 'count', 'startIndex', 'rows', 'order', 'namePattern', 'speed', 'poe']);
const PLACEHOLDER = /\{(n|n0|unit|unit0)\}/g;
const ANY_BRACE = /[{}]/;

/** The name of the port numbered `n` on stack member `unit`. */
export function portNameOf(pattern: string, unit: number, n: number): string {
  const values: Record<string, number> = { n, n0: n - 1, unit, unit0: unit - 1 };
  return pattern.replace(PLACEHOLDER, (_, key: string) => String(values[key]));
}

// The first number of a name when a slash follows it: a member's number (`Gi1/0/5`, `1/1/49`, Juniper's `ge-0/0/5`).
const FIRST_MEMBER = /^(\D*)([01])\//;

/**
 * The name that member `unit` gives the port member 1 names `name` (a stack grown where no template makes the new
 * member's ports): its first number, 1 (or 0, counted from 0) before a slash, becomes the member's (`Gi1/0/5` →
 * `Gi2/0/5`, `ge-0/0/5` → `ge-1/0/5`), else `unit/` is put in front (`5` → `2/5`), as 0.20.3 named them.
 */
export function memberPortName(name: string, unit: number): string {
  const first = FIRST_MEMBER.exec(name);
  if (!first) return `${unit}/${name}`;
  return `${first[1]}${first[2] === '1' ? unit : unit - 1}/${name.slice(first[0].length)}`;
}

/** Whether a pattern names ports differently on each stack member. */
export function patternHasUnit(pattern: string): boolean {
  return pattern.includes('{unit}') || pattern.includes('{unit0}');
}

/**
 * Checks a template's units and brings them to their stored form (every block field present, defaults filled):
 * `{ ok, value }` or every fault found.
 */
export function checkTemplateUnits(raw: unknown): { ok: true; value: TemplateUnits } | { ok: false; faults: LayoutFault[] } {
  const faults: LayoutFault[] = [];
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > STACK_MAX)
    return { ok: false, faults: [{ path: '', message: `must be a list of 1 to ${STACK_MAX} units, each a list of blocks` }] };
  const units = raw.map((unit, u) => {
    if (!Array.isArray(unit) || unit.length === 0 || unit.length > LAYOUT_LIMITS.blocks) {
      faults.push({ path: `[${u}]`, message: `must be a list of 1 to ${LAYOUT_LIMITS.blocks} blocks` });
      return [];
    }
    return unit.map((block, b) => checkBlock(block, `[${u}][${b}]`, faults));
  });
  if (faults.length) return { ok: false, faults };
  const checked = units as TemplateUnits;
  faults.push(...layoutFaults(checked));
  return faults.length ? { ok: false, faults } : { ok: true, value: checked };
}

function checkBlock(raw: unknown, path: string, faults: LayoutFault[]): TemplateBlock {
  const fault = (field: string, message: string) => faults.push({ path: `${path}.${field}`, message });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    faults.push({ path, message: 'must be a block { type, count, startIndex, rows, order, namePattern, speed, poe }' });
    return {} as TemplateBlock;
  }
  const block = raw as Record<string, unknown>;
  for (const key of Object.keys(block)) if (!BLOCK_KEYS.has(key)) fault(key, 'is not a field of a block');
  const integer = (name: string, min: number, max: number, fallback: number) => {
    const value = block[name] ?? fallback;
    if (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) return value as number;
    fault(name, `must be an integer from ${min} to ${max}`);
    return fallback;
  };
  const type = block.type as TemplateBlock['type'];
  if (!PORT_TYPES.includes(type)) fault('type', `must be one of ${PORT_TYPES.join(', ')}`);
  const order = (block.order ?? 'sequential') as TemplateBlock['order'];
  if (!BLOCK_ORDERS.includes(order)) fault('order', `must be one of ${BLOCK_ORDERS.join(', ')}`);
  const count = integer('count', 1, LAYOUT_LIMITS.count, 1);
  const namePattern = typeof block.namePattern === 'string' ? block.namePattern.trim() : '';
  const patternProblem = namePatternProblem(namePattern, count);
  if (patternProblem) fault('namePattern', patternProblem);
  const speed = block.speed ?? null;
  if (speed !== null && (typeof speed !== 'string' || speed.length > LAYOUT_LIMITS.speed))
    fault('speed', `must be a text of at most ${LAYOUT_LIMITS.speed} characters (1G, 10G) or null`);
  return {
    type,
    count,
    startIndex: integer('startIndex', 0, LAYOUT_LIMITS.startIndex, 1),
    rows: integer('rows', 1, LAYOUT_LIMITS.rows, 1),
    order,
    namePattern,
    speed: typeof speed === 'string' && speed.trim() ? speed.trim() : null,
    poe: checkPoe(block.poe, (message) => fault('poe', message)),
  };
}

function namePatternProblem(pattern: string, count: number): string | undefined {
  if (!pattern) return "is required: the ports' names, such as Gi{unit}/0/{n}";
  const literal = pattern.replace(PLACEHOLDER, '');
  if (ANY_BRACE.test(literal)) return 'may hold only the placeholders {n}, {n0}, {unit} and {unit0}';
  if (count > 1 && !pattern.includes('{n}') && !pattern.includes('{n0}'))
    return 'must hold {n} or {n0} when the block has more than one port';
  const problem = interfaceNameProblem(portNameOf(pattern, 1, 1));
  return problem ? `makes names that are not interface names: they ${problem}` : undefined;
}

function checkPoe(raw: unknown, fault: (message: string) => void): TemplateBlock['poe'] {
  if (raw === undefined || raw === null) return null;
  const poe = raw as Record<string, unknown>;
  const watts = poe.maxWatts ?? null;
  const wattsOk = watts === null || (typeof watts === 'number' && watts >= 0 && watts <= 200);
  const keysOk = typeof raw === 'object' && !Array.isArray(raw) && Object.keys(poe).every((key) => key === 'type' || key === 'maxWatts');
  if (!keysOk || !POE_TYPES.includes(poe.type as never) || !wattsOk) {
    fault(`must be null or { type, maxWatts } with type one of ${POE_TYPES.join(', ')} and maxWatts 0 to 200 or null`);
    return null;
  }
  return { type: poe.type as NonNullable<TemplateBlock['poe']>['type'], maxWatts: watts as number | null };
}

/** The faults of a whole layout: names each port gets are interface names, unique on the switch, and not too many. */
function layoutFaults(units: TemplateUnits): LayoutFault[] {
  const ports = layOutPorts(units, units.length);
  if (ports.length > LAYOUT_LIMITS.ports) return [{ path: '', message: `makes ${ports.length} ports; at most ${LAYOUT_LIMITS.ports}` }];
  return nameFaults(ports, units);
}

function nameFaults(ports: LaidOutPort[], units: TemplateUnits): LayoutFault[] {
  const seen = new Map<string, LaidOutPort>();
  for (const port of ports) {
    const path = `[${units.length === 1 ? 0 : port.unit - 1}][${port.block}].namePattern`;
    const problem = interfaceNameProblem(port.name);
    if (problem) return [{ path, message: `makes the name "${port.name}", which ${problem}` }];
    const key = port.name.toLowerCase();
    const other = seen.get(key);
    if (other) return [{ path, message: `makes the name "${port.name}", which block ${other.block + 1} of unit ${other.unit} makes too` }];
    seen.set(key, port);
  }
  return [];
}

/**
 * Why a template cannot make a switch of `stackSize` members, or undefined when it can: a template of several
 * units makes exactly that many; a one-unit template is repeated, so on a stack its names must hold {unit}.
 */
export function stackProblem(units: TemplateUnits, stackSize: number): string | undefined {
  if (units.length > 1 && stackSize !== units.length)
    return `must be ${units.length}: the template describes a stack of ${units.length} members`;
  if (units.length === 1 && stackSize > 1 && !units[0].some((block) => patternHasUnit(block.namePattern)))
    return "must be 1: no name pattern of the template holds {unit} or {unit0}, so the members' ports could not be told apart";
  const ports = layOutPorts(units, stackSize);
  if (ports.length > LAYOUT_LIMITS.ports) return `makes ${ports.length} ports; at most ${LAYOUT_LIMITS.ports}`;
  const clash = nameFaults(ports, units)[0];
  return clash ? `gives port names twice: ${clash.message}` : undefined;
}

/**
 * The ports a template makes for a switch of `stackSize` members, in position order. A one-unit template is
 * repeated for each member, except its blocks whose pattern has no {unit}: a stack's console and management port
 * are the stack's own, made on member 1 only. A stack grown beyond a template of several units gets member 1's
 * ports on each further member, named by memberPortName, but its console and management ports.
 */
export function layOutPorts(units: TemplateUnits, stackSize: number): LaidOutPort[] {
  const ports: LaidOutPort[] = [];
  for (let unit = 1; unit <= Math.max(1, stackSize); unit++) {
    const repeated = units.length === 1;
    const beyond = !repeated && unit > units.length;
    const blocks = repeated ? units[0] : (units[unit - 1] ?? units[0]);
    blocks.forEach((block, b) => {
      if (repeated && unit > 1 && !patternHasUnit(block.namePattern)) return;
      if (beyond && OUT_OF_BAND_PORT_TYPES.includes(block.type)) return;
      for (let i = 0; i < block.count; i++) {
        const { row, column } = cellOf(block, i);
        const n = block.startIndex + i;
        ports.push({
          name: beyond ? memberPortName(portNameOf(block.namePattern, 1, n), unit) : portNameOf(block.namePattern, unit, n),
          unit,
          position: ports.length + 1,
          type: block.type,
          speed: block.speed,
          poe: block.poe,
          block: b,
          row,
          column,
        });
      }
    });
  }
  return ports;
}

/** Columns of a block: its ports spread over its rows. */
export function columnsOf(block: Pick<TemplateBlock, 'count' | 'rows'>): number {
  return Math.ceil(block.count / Math.max(1, Math.min(block.rows, block.count)));
}

/**
 * Where the `i`th port (0-based) of a block is drawn. Odd-even and even-odd go by the ports' numbers, not their
 * places: a column is filled from the top when its first port has the parity the order puts on top (port 1 for
 * odd-even, port 0 or 2 for even-odd), else from the bottom.
 */
export function cellOf(block: Pick<TemplateBlock, 'count' | 'rows' | 'order' | 'startIndex'>, i: number): { row: number; column: number } {
  const rows = Math.max(1, Math.min(block.rows, block.count));
  if (block.order === 'sequential') {
    const columns = columnsOf(block);
    return { row: Math.floor(i / columns), column: i % columns };
  }
  const down = i % rows;
  const firstIsOdd = Math.abs(block.startIndex) % 2 === 1;
  const fromTop = (block.order === 'odd-even') === firstIsOdd;
  return { row: fromTop ? down : rows - 1 - down, column: Math.floor(i / rows) };
}
