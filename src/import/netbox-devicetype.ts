// NetBox device types (docs/LAGS-TEMPLATES.md, "NetBox device types"): a device-type YAML file of the public
// NetBox device-type library made into a layout template. Pure: the text in, a template (or the faults) out.
//
// The file is read by the `yaml` package as YAML 1.2 (core schema) without strictness: duplicate keys and the
// library's other looseness are read, not refused; where a key is given twice the last one counts, as NetBox's
// own reader (PyYAML) has it. Interfaces in file order, then console ports, become blocks; every interface that
// is not a front-panel Ethernet port is listed under `skipped` with the reason.
//
// A file is held to NETBOX_FILE_LIMITS before and after it is parsed: the parser's time grows with the tokens of
// the text and with their nesting, and aliases could make a few kB name millions of nodes (an alias bomb).
import {
  CST,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseDocument,
  type Alias,
  type YAMLMap,
} from 'yaml';
import { NETBOX_FILE_LIMITS } from './netbox-limits.ts';
import { mapInterfaceType, poeOf, type Poe, type PortType } from './netbox-interface-types.ts';
import { cutText } from '../lib/json-text.ts';
import { STACK_MAX } from '../fields/choices.ts';
import type { FieldFault } from '../errors/refusal.ts';
import { CONTROL_CHARACTERS, EVERY_CONTROL_CHARACTER } from '../fields/field.ts';
import { interfaceNameProblem } from '../lib/interface-name.ts';
import { LAYOUT_LIMITS, checkTemplateUnits, layOutPorts, type TemplateBlock, type TemplateUnits } from '../lib/port-layout.ts';

/** The port type of a NetBox interface type (netbox-interface-types.ts), for the tests of this reader. */
export { mapInterfaceType };

/** The template a device type makes (the fields `POST /api/templates` takes). */
export interface NetboxTemplate {
  name: string;
  vendor: string | null;
  model: string | null;
  description: string | null;
  units: TemplateUnits;
}

/** An interface of the file that is no front-panel Ethernet port, and so is not made a port. */
export interface SkippedInterface {
  name: string;
  type: string;
  reason: string;
}

export type NetboxImport = { ok: true; template: NetboxTemplate; skipped: SkippedInterface[] } | { ok: false; faults: FieldFault[] };

/** The longest vendor and model (the template's fields) and description. */
const VENDOR_MAX = 100;
const DESCRIPTION_MAX = 1000;
/** The most characters of a name or type of the file that a message or the skipped list shows. */
const SHOWN_MAX = 100;
/** Blocks of this many Ethernet ports or more are drawn in two rows, odd on top (the files say nothing of the panel). */
const TWO_ROWS_FROM = 12;

/** One port to be made: its name, type, speed, PoE, where in the file it came from, and whether its name is its own. */
interface PortSource {
  name: string;
  type: PortType;
  speed: string | null;
  poe: Poe;
  /** The field path of its name (`interfaces[3].name`, `console-ports[0].name`). */
  path: string;
  /** A console or management port: the stack's own, so its name never gets {unit}. */
  stackOwn: boolean;
}

/**
 * Reads a NetBox device-type YAML file and makes a one-unit template of it: `manufacturer` → vendor, `model` →
 * model, name `<manufacturer> <model>`, description the part number and comments; interfaces (then console ports)
 * as blocks. Laid out for one switch (`layOutPorts(units, 1)`), the template makes exactly the file's ports, by
 * name, in file order. Faults name the field (`interfaces[3].name`).
 */
export function templateFromNetbox(yamlText: string): NetboxImport {
  const read = readDeviceType(yamlText);
  if (!read.ok) return refuse('body', read.problem);
  const { root, aliases } = read;
  const faults: FieldFault[] = [];
  const vendor = requiredText(aliases, root, 'manufacturer', faults);
  const model = requiredText(aliases, root, 'model', faults);
  const description = descriptionOf(aliases, root, faults);
  const skipped: SkippedInterface[] = [];
  const ports = [...interfacesOf(aliases, root, skipped, faults), ...consolePortsOf(aliases, root, faults)];
  if (faults.length) return { ok: false, faults };
  faults.push(...duplicateNames(ports));
  if (ports.length === 0 && faults.length === 0)
    faults.push({ field: 'interfaces', message: 'holds no Ethernet port and the file no console port: there is nothing to make ports of' });
  if (faults.length) return { ok: false, faults };
  const blocks = blocksOf(ports);
  if (blocks.length > LAYOUT_LIMITS.blocks)
    return refuse(
      'interfaces',
      `make ${blocks.length} blocks of ports whose names do not count up together; a template holds at most ${LAYOUT_LIMITS.blocks}`,
    );
  const checked = checkTemplateUnits([blocks.map((b) => b.block)]);
  if (!checked.ok) {
    return {
      ok: false,
      faults: checked.faults.map((fault) => {
        const block = /^\[0\]\[(\d+)\]/.exec(fault.path);
        return { field: block ? blocks[Number(block[1])].sources[0].path : 'interfaces', message: fault.message };
      }),
    };
  }
  return {
    ok: true,
    template: { name: `${vendor} ${model}`, vendor, model, description, units: checked.value },
    skipped,
  };
}

function refuse(field: string, message: string): NetboxImport {
  return { ok: false, faults: [{ field, message }] };
}

// --- Reading the document -------------------------------------------------------------------------------------

/** Each alias of a document with the node it names (undefined when no anchor before it has its name). */
type AliasTargets = Map<Alias, unknown>;

type Reading<T> = ({ ok: true } & T) | { ok: false; problem: string };

/** The file's root mapping and its aliases, or why the file cannot be read (within NETBOX_FILE_LIMITS). */
function readDeviceType(text: string): Reading<{ root: YAMLMap; aliases: AliasTargets }> {
  const excess = lexicalExcess(text);
  if (excess) return { ok: false, problem: excess };
  const lineCounter = new LineCounter();
  // Merge keys (`<<`) stay plain keys, as YAML 1.2 has them; prettyErrors would decorate every error, not only the first.
  const options = {
    version: '1.2',
    schema: 'core',
    merge: false,
    strict: false,
    uniqueKeys: false,
    prettyErrors: false,
    lineCounter,
  } as const;
  const doc = parseDocument(text, options);
  if (doc.errors.length) {
    const [error] = doc.errors;
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { ok: false, problem: `is not YAML that can be read: ${error.message.split('\n')[0]} at line ${line}, column ${col}` };
  }
  const aliases = aliasTargets(doc.contents, lineCounter);
  if (!aliases.ok) return aliases;
  const root = resolve(aliases.targets, doc.contents);
  if (!isMap(root)) return { ok: false, problem: 'must be a NetBox device type: a mapping with manufacturer, model and interfaces' };
  return { ok: true, root, aliases: aliases.targets };
}

const BLOCK_INDICATORS = new Set(['seq-item-ind', 'explicit-key-ind', 'map-value-ind']);

/**
 * Why the text is more than NETBOX_FILE_LIMITS allow (its size, tokens, nesting, aliases or tags), told from its
 * lexemes before it is parsed; undefined when it is within them. The nesting of a line is at most its indentation
 * and block indicators (`-`, `?`, `:` outside brackets) with the brackets open around it.
 */
function lexicalExcess(text: string): string | undefined {
  const { bytes, tokens, depth, aliases, tags } = NETBOX_FILE_LIMITS;
  if (text.length > bytes) return `is larger than ${bytes} bytes: a device type file may be at most ${bytes / 1024} KiB`;
  const count = { tokens: 0, aliases: 0, tags: 0 };
  let brackets = 0;
  let lineDepth = 0;
  let type: string | null = 'newline';
  for (const lexeme of new Lexer().lex(text)) {
    if (++count.tokens > tokens) return `holds more than ${tokens} YAML tokens: a device type file may hold at most ${tokens}`;
    const previous: string | null = type;
    // The lexeme after a scalar's mark is the scalar's text, whatever it starts with.
    type = previous === 'scalar' ? 'scalar-text' : CST.tokenType(lexeme);
    if (type === 'newline') lineDepth = 0;
    else if (type === 'space' && previous === 'newline') lineDepth = lexeme.length;
    else if (brackets === 0 && BLOCK_INDICATORS.has(type ?? '')) lineDepth++;
    else if (type === 'flow-seq-start' || type === 'flow-map-start') brackets++;
    else if (type === 'flow-seq-end' || type === 'flow-map-end') brackets = Math.max(0, brackets - 1);
    else if (type === 'alias' && ++count.aliases > aliases)
      return `uses more than ${aliases} aliases (*name): a device type file may use at most ${aliases}`;
    else if (type === 'tag' && ++count.tags > tags)
      return `has more than ${tags} tags (!name): a device type file may have at most ${tags}`;
    if (lineDepth + brackets > depth)
      return `nests lists and mappings more than ${depth} deep: a device type file may nest them ${depth} deep`;
  }
  return undefined;
}

/** A walk of a document's nodes: the anchors so far, what each alias names, the nodes of each node walked to its end. */
interface AliasWalk {
  anchors: Map<string, unknown>;
  targets: AliasTargets;
  expanded: Map<unknown, number>;
  pending: { node: unknown; leaving: boolean }[];
  lineCounter: LineCounter;
}

/**
 * The node each alias names, as YAML has it: the last node before the alias with that anchor. One walk without
 * recursion, counting the nodes as if each alias were replaced by what it names: past NETBOX_FILE_LIMITS.nodes (an
 * alias bomb), or with an alias inside the node it names, the file is refused.
 */
function aliasTargets(contents: unknown, lineCounter: LineCounter): Reading<{ targets: AliasTargets }> {
  const walk: AliasWalk = {
    anchors: new Map(),
    targets: new Map(),
    expanded: new Map(),
    pending: [{ node: contents, leaving: false }],
    lineCounter,
  };
  while (walk.pending.length > 0) {
    const { node, leaving } = walk.pending.pop() as { node: unknown; leaving: boolean };
    const problem = isAlias(node) ? followAlias(walk, node) : leaving ? leaveNode(walk, node) : enterNode(walk, node);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, targets: walk.targets };
}

function followAlias(walk: AliasWalk, alias: Alias): string | undefined {
  const target = walk.anchors.get(alias.source);
  walk.targets.set(alias, target);
  const size = target === undefined ? 1 : walk.expanded.get(target);
  if (size === undefined) return `${aliasAt(alias, walk.lineCounter)} is inside the node it names: the file never ends`;
  walk.expanded.set(alias, size);
}

function enterNode(walk: AliasWalk, node: unknown): undefined {
  if ((isScalar(node) || isCollection(node)) && node.anchor) walk.anchors.set(node.anchor, node);
  walk.pending.push({ node, leaving: true });
  const children = childrenOf(node);
  for (let i = children.length - 1; i >= 0; i--) walk.pending.push({ node: children[i], leaving: false });
}

function leaveNode(walk: AliasWalk, node: unknown): string | undefined {
  const limit = NETBOX_FILE_LIMITS.nodes;
  const own = node === null || node === undefined ? 0 : 1;
  const size = childrenOf(node).reduce((sum: number, child) => sum + (walk.expanded.get(child) ?? 0), own);
  if (size > limit)
    return `has more than ${limit} lists, mappings and values, each alias counted as what it names: a device type file may have at most ${limit}`;
  walk.expanded.set(node, size);
}

/** The nodes within a list or mapping, in the file's order (a pair's key, then its value). */
function childrenOf(node: unknown): unknown[] {
  if (!isCollection(node)) return [];
  return node.items.flatMap((item) => (isPair(item) ? [item.key, item.value] : [item]));
}

function aliasAt(alias: Alias, lineCounter: LineCounter): string {
  return `*${alias.source} at line ${lineCounter.linePos(alias.range?.[0] ?? 0).line}`;
}

/** A node with its alias followed. */
function resolve(aliases: AliasTargets, node: unknown): unknown {
  return isAlias(node) ? aliases.get(node) : node;
}

/** The value of `key` in a mapping (the last one where the key is given twice, as PyYAML reads it). */
function fieldOf(aliases: AliasTargets, map: YAMLMap, key: string): unknown {
  let found: unknown;
  for (const pair of map.items) {
    const k = isScalar(pair.key) ? pair.key.value : pair.key;
    if (k === key) found = pair.value;
  }
  return resolve(aliases, found);
}

/**
 * A scalar as text: a string as it is, a number or boolean as the file writes it (`1.10`, not 1.1); undefined when
 * missing or null, null when it is a mapping or list.
 */
function textOf(node: unknown): string | undefined | null {
  if (node === undefined || node === null) return undefined;
  if (!isScalar(node)) return null;
  const value = node.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return node.source ?? String(value);
}

function requiredText(aliases: AliasTargets, root: YAMLMap, key: string, faults: FieldFault[]): string {
  const text = textOf(fieldOf(aliases, root, key));
  const value = typeof text === 'string' ? text.trim() : '';
  if (text === null) faults.push({ field: key, message: 'must be a text' });
  else if (value === '') faults.push({ field: key, message: 'is required' });
  else if (CONTROL_CHARACTERS.test(value)) faults.push({ field: key, message: 'must not contain control characters' });
  else if ([...value].length > VENDOR_MAX) faults.push({ field: key, message: `must be at most ${VENDOR_MAX} characters` });
  return value;
}

/** The part number and the comments, trimmed to the description's 1000 characters; null when the file has neither. */
function descriptionOf(aliases: AliasTargets, root: YAMLMap, faults: FieldFault[]): string | null {
  const parts: string[] = [];
  for (const [key, label] of [
    ['part_number', 'Part number: '],
    ['comments', ''],
  ] as const) {
    const text = textOf(fieldOf(aliases, root, key));
    if (text === null) faults.push({ field: key, message: 'must be a text' });
    else if (text?.trim()) parts.push(label + text.replace(EVERY_CONTROL_CHARACTER, '').trim());
  }
  if (parts.length === 0) return null;
  return [...parts.join('\n\n')].slice(0, DESCRIPTION_MAX).join('').trim();
}

/** The items of a list under `key` (with their index), or a fault when it is not a list; none when it is missing. */
function listOf(aliases: AliasTargets, root: YAMLMap, key: string, faults: FieldFault[]): { item: YAMLMap; path: string }[] {
  const list = fieldOf(aliases, root, key);
  if (list === undefined || (isScalar(list) && list.value === null)) return [];
  if (!isSeq(list)) {
    faults.push({ field: key, message: 'must be a list' });
    return [];
  }
  const items: { item: YAMLMap; path: string }[] = [];
  list.items.forEach((raw, i) => {
    const item = resolve(aliases, raw);
    if (isMap(item)) items.push({ item, path: `${key}[${i}]` });
    else faults.push({ field: `${key}[${i}]`, message: 'must be a mapping with name and type' });
  });
  return items;
}

/** A port's name from an item: trimmed text, checked as an interface name. */
function nameOf(aliases: AliasTargets, item: YAMLMap, path: string, faults: FieldFault[], check: boolean): string | undefined {
  const text = textOf(fieldOf(aliases, item, 'name'));
  const name = typeof text === 'string' ? text.trim() : '';
  if (text === null) faults.push({ field: `${path}.name`, message: 'must be a text' });
  else if (name === '') faults.push({ field: `${path}.name`, message: 'is required' });
  else {
    const problem = check ? interfaceNameProblem(name) : undefined;
    if (!problem) return name;
    faults.push({ field: `${path}.name`, message: `${problem} (it is "${shown(name)}")` });
  }
  return undefined;
}

/** A text of the file as a message or the skipped list shows it: its first 100 characters and … (aliases can repeat a long one). */
function shown(text: string): string {
  return cutText(text, SHOWN_MAX + 1);
}

/** `mgmt_only`: a boolean, or the words NetBox's YAML 1.1 reader takes for one (yes/no, on/off); missing is false. */
function flagOf(aliases: AliasTargets, item: YAMLMap, path: string, key: string, faults: FieldFault[]): boolean {
  const node = fieldOf(aliases, item, key);
  if (isScalar(node) && typeof node.value === 'boolean') return node.value;
  const text = textOf(node);
  if (text === undefined) return false;
  const word = text?.trim().toLowerCase();
  if (word === 'true' || word === 'yes' || word === 'on') return true;
  if (word === 'false' || word === 'no' || word === 'off') return false;
  faults.push({ field: `${path}.${key}`, message: 'must be true or false' });
  return false;
}

/** The file's interfaces that are front-panel Ethernet ports; the others go to `skipped`. */
function interfacesOf(aliases: AliasTargets, root: YAMLMap, skipped: SkippedInterface[], faults: FieldFault[]): PortSource[] {
  const ports: PortSource[] = [];
  for (const { item, path } of listOf(aliases, root, 'interfaces', faults)) {
    const typeText = textOf(fieldOf(aliases, item, 'type'));
    const type = typeof typeText === 'string' ? typeText.trim() : '';
    if (type === '') faults.push({ field: `${path}.type`, message: typeText === null ? 'must be a text' : 'is required' });
    const mapping = mapInterfaceType(type);
    const name = nameOf(aliases, item, path, faults, !('skip' in mapping));
    const managementOnly = flagOf(aliases, item, path, 'mgmt_only', faults);
    if (name === undefined || type === '') continue;
    if ('skip' in mapping) {
      skipped.push({ name: shown(name), type: shown(type), reason: mapping.skip });
      continue;
    }
    const poeType = textOf(fieldOf(aliases, item, 'poe_type')) ?? undefined;
    const poeMode = textOf(fieldOf(aliases, item, 'poe_mode')) ?? undefined;
    ports.push({
      name,
      type: managementOnly ? 'management' : mapping.port,
      speed: mapping.speed,
      poe: poeOf(poeType, poeMode),
      path: `${path}.name`,
      stackOwn: managementOnly,
    });
  }
  return ports;
}

/** The file's console ports (whatever their connector): ports of type console. */
function consolePortsOf(aliases: AliasTargets, root: YAMLMap, faults: FieldFault[]): PortSource[] {
  const ports: PortSource[] = [];
  for (const { item, path } of listOf(aliases, root, 'console-ports', faults)) {
    const name = nameOf(aliases, item, path, faults, true);
    if (name !== undefined) ports.push({ name, type: 'console', speed: null, poe: null, path: `${path}.name`, stackOwn: true });
  }
  return ports;
}

/** A name given twice (case-insensitively; a switch's port names are unique that way). */
function duplicateNames(ports: PortSource[]): FieldFault[] {
  const seen = new Map<string, PortSource>();
  const faults: FieldFault[] = [];
  for (const port of ports) {
    const other = seen.get(port.name.toLowerCase());
    if (other) faults.push({ field: port.path, message: `"${port.name}" is the name of ${other.path.replace(/\.name$/, '')} too` });
    else seen.set(port.name.toLowerCase(), port);
  }
  return faults;
}

// --- Blocks ---------------------------------------------------------------------------------------------------

/** A name cut into text and numbers: even indices text, odd indices digits (`Gi1/0/5` → Gi,1,/,0,/,5,''). */
function tokensOf(name: string): string[] {
  return name.split(/(\d+)/);
}

/** A number that can count: written without leading zeros, within the first index a block may have. */
function counts(token: string): boolean {
  return String(Number(token)) === token && Number(token) <= LAYOUT_LIMITS.startIndex;
}

/**
 * The index of the one number in which `next` counts on from `prev` (equal otherwise, that number one higher), or
 * undefined.
 */
function countingIndex(prev: string[], next: string[]): number | undefined {
  if (prev.length !== next.length) return undefined;
  let index: number | undefined;
  for (let i = 0; i < prev.length; i++) {
    if (prev[i] === next[i]) continue;
    if (i % 2 === 0 || index !== undefined) return undefined;
    if (!counts(prev[i]) || !counts(next[i]) || Number(next[i]) !== Number(prev[i]) + 1) return undefined;
    index = i;
  }
  return index;
}

interface BlockDraft {
  sources: PortSource[];
  tokens: string[];
  /** The token that counts (an odd index), once the block has two ports. */
  counter?: number;
  last: string[];
}

/** The sources that make one block share the type, speed and PoE a block carries, and whether names are their own. */
function sameKind(a: PortSource, b: PortSource): boolean {
  return (
    a.type === b.type &&
    a.speed === b.speed &&
    a.stackOwn === b.stackOwn &&
    a.poe?.type === b.poe?.type &&
    a.poe?.maxWatts === b.poe?.maxWatts
  );
}

/**
 * Runs of ports of one kind whose names differ only in one number counting up by 1, each one block: `{n}` for that
 * number (`{n0}` when it starts at 0). Then the member number: see unitPlaceholders.
 */
function blocksOf(ports: PortSource[]): { block: TemplateBlock; sources: PortSource[] }[] {
  const drafts: BlockDraft[] = [];
  for (const port of ports) {
    const tokens = tokensOf(port.name);
    const draft = drafts.at(-1);
    if (draft && draft.sources.length < LAYOUT_LIMITS.count && sameKind(draft.sources[0], port)) {
      const index = countingIndex(draft.last, tokens);
      if (index !== undefined && (draft.counter === undefined || draft.counter === index)) {
        draft.counter = index;
        draft.sources.push(port);
        draft.last = tokens;
        continue;
      }
    }
    drafts.push({ sources: [port], tokens, last: tokens });
  }
  const blocks = drafts.map((draft) => ({ block: blockOf(draft), sources: draft.sources }));
  keepRowsOfContinuedBlocks(blocks.map(({ block }) => block));
  return unitPlaceholders(blocks, drafts);
}

/**
 * A block that goes on counting where the block before it ends, in the same pattern and type, is drawn in that
 * block's rows and order: a switch's last ports that only differ in PoE (Ubiquiti's Port 41–48 after Port 1–40) sit
 * in the same two rows, odd on top, not in a row of their own.
 */
function keepRowsOfContinuedBlocks(blocks: TemplateBlock[]): void {
  blocks.forEach((block, i) => {
    const before = blocks[i - 1];
    const continues =
      before !== undefined &&
      before.type === block.type &&
      before.namePattern === block.namePattern &&
      block.startIndex === before.startIndex + before.count;
    if (!continues || before.rows <= block.rows || block.count < before.rows) return;
    block.rows = before.rows;
    block.order = before.order;
  });
}

function blockOf(draft: BlockDraft): TemplateBlock {
  const first = draft.sources[0];
  const pattern = [...draft.tokens];
  let startIndex = 1;
  if (draft.counter !== undefined) {
    const start = Number(pattern[draft.counter]);
    pattern[draft.counter] = start === 0 ? '{n0}' : '{n}';
    startIndex = Math.max(1, start);
  }
  const count = draft.sources.length;
  const twoRows = count >= TWO_ROWS_FROM && first.type !== 'console' && first.type !== 'management';
  return {
    type: first.type,
    count,
    startIndex,
    rows: twoRows ? 2 : 1,
    order: twoRows ? 'odd-even' : 'sequential',
    namePattern: pattern.join(''),
    speed: first.speed,
    poe: first.poe,
  };
}

/**
 * The member number, so that the template also makes stacks: the first number of a name that has several
 * (`GigabitEthernet1/0/{n}`, `ge-0/0/{n0}`, `1/1/{n}`), when it is not the counting one, becomes `{unit}` when it
 * is 1 and `{unit0}` when it is 0: in the blocks whose first number is the one of the first such block (a stack
 * numbers all its members one way). Console and management ports keep their names: they are the stack's own.
 * Should the members of a stack then get a name twice (a block left as it is naming a port as another block does
 * on a later member), no block gets a placeholder: the template makes single switches only.
 */
function unitPlaceholders(
  blocks: { block: TemplateBlock; sources: PortSource[] }[],
  drafts: BlockDraft[],
): { block: TemplateBlock; sources: PortSource[] }[] {
  const memberOf = (draft: BlockDraft) =>
    !draft.sources[0].stackOwn && draft.tokens.length >= 5 && draft.counter !== 1 && (draft.tokens[1] === '1' || draft.tokens[1] === '0')
      ? draft.tokens[1]
      : undefined;
  const member = drafts.map(memberOf).find((first) => first !== undefined);
  if (member === undefined) return blocks;
  const placeholder = member === '1' ? '{unit}' : '{unit0}';
  const withUnits = blocks.map(({ block, sources }, b) => {
    if (memberOf(drafts[b]) !== member) return { block, sources };
    const pattern = tokensOf(block.namePattern);
    pattern[1] = placeholder;
    return { block: { ...block, namePattern: pattern.join('') }, sources };
  });
  const names = layOutPorts([withUnits.map(({ block }) => block)], STACK_MAX).map((port) => port.name.toLowerCase());
  return new Set(names).size === names.length ? withUnits : blocks;
}
