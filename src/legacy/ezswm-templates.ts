// Layout templates of ezSWM 0.20.3 (layout-templates.json, LEGACY.md) as model 2's templates: `manufacturer` →
// vendor, each unit's blocks → blocks, `start_index` → startIndex, `row_layout` → order, `default_speed` → speed,
// `poe` { type, max_watts } → { type, maxWatts }, and a block's `label` → the namePattern that makes the port
// names 0.20.3 made from it. A unit's label, `datasheet_url`, `airflow`, block ids and `physical_type` have no
// place in the model: dropped and counted. A template the model cannot hold (a label with braces, names that
// clash) is not migrated, named in the log; its switches keep their ports, without a template. Pure: no I/O.
import { BLOCK_ORDERS, POE_TYPES } from '../fields/choices.ts';
import { isPlainObject } from '../fields/field.ts';
import { TEMPLATE } from '../fields/templates.ts';
import { LAYOUT_LIMITS, checkTemplateUnits, type TemplateBlock, type TemplateUnits } from '../lib/port-layout.ts';
import { addFault, checkMapped, dedupeNames, dropUnknown, fixAt, idKey, keepTimes, mapping, newIdOf } from './context.ts';
import type { CheckContext, Entry, Named } from './context.ts';
import type { ApiRecord } from './types.ts';

const FILE = 'layout-templates.json';
const NAME_MAX = 100;
const KNOWN_TEMPLATE = new Set(['id', 'name', 'manufacturer', 'model', 'description', 'units', 'created_at', 'updated_at']);
const KNOWN_UNIT = new Set(['unit_number', 'blocks']);
const KNOWN_BLOCK = new Set(['type', 'count', 'start_index', 'rows', 'row_layout', 'default_speed', 'label', 'poe']);
const TEMPLATE_MAPPING = mapping({ name: 'name', manufacturer: 'vendor', model: 'model', description: 'description' });

/** The templates migrated, and by legacy id the ones that were (with their units) and the ones that were not. */
export interface LegacyTemplates {
  templates: ApiRecord[];
  byKey: Map<string, { record: ApiRecord; units: TemplateUnits }>;
  notMigrated: Set<string>;
}

/**
 * The namePattern that names ports as ezSWM 0.20.3 labelled the ports it made from a block (tag v0.20.3,
 * server/repositories/switchRepository.ts generatePortsFromTemplate and generatePortLabel, with
 * server/utils/deviceLibrary.ts incrementMemberLabel). 0.20.3 repeats the whole template for every stack member
 * `m`; a unit's ports get the unit number `U = unit_number + (m − 1) × units`; a block's label on member m has
 * its first run of digits raised by m − 1 (no digits: `m/` is put in front, from member 2 on); then a port `n`
 * (start_index + i) is named `U/n` without a label, `<label>n` when the label ends in `/`, `-`, `:` or `.`, and
 * `<label> U/n` otherwise.
 *
 * A template of one unit (`repeated`) is repeated for a stack here too, so member-dependent parts become
 * placeholders where they can: a first digit run `1` → `{unit}`, `0` → `{unit0}`, unit number 1 → `{unit}`
 * (`1/1/` → `{unit}/1/{n}`, `Console` → `Console {unit}/{n}`). Member 1 is always exact; a stack is exact but for
 * labels whose first number is another one, or that have none and no `U/` (0.20.3 made `2/Console 2/0` where
 * this makes `Console 2/0`). A template of several units is made once, so its names are literal.
 */
export function namePatternOf(label: unknown, unitNumber: number, repeated: boolean): string {
  const text = typeof label === 'string' ? label : '';
  const unit = repeated ? unitPlaceholder(String(unitNumber)) : String(unitNumber);
  if (text === '') return `${unit}/{n}`;
  const member = repeated ? text.replace(/\d+/, unitPlaceholder) : text;
  return /[/\-:.]$/.test(text) ? `${member}{n}` : `${member} ${unit}/{n}`;
}

/** A number that counts stack members from 1 or from 0 as its placeholder; any other stays as it is. */
function unitPlaceholder(digits: string): string {
  return digits === '1' ? '{unit}' : digits === '0' ? '{unit0}' : digits;
}

/** Brings the layout templates into the model's shape: names unique (" (2)"), units checked by port-layout.ts. */
export function checkTemplates(ctx: CheckContext, entries: Entry[]): LegacyTemplates {
  const templates: ApiRecord[] = [];
  const byKey: LegacyTemplates['byKey'] = new Map();
  const notMigrated = new Set<string>();
  const named: Named[] = [];
  for (const entry of entries) {
    dropUnknown(ctx, FILE, entry.raw, KNOWN_TEMPLATE);
    const units = unitsOf(ctx, entry);
    if (units === undefined) continue;
    const checked = checkTemplateUnits(units);
    if (!checked.ok) {
      ctx.fixes.push({
        ...fixAt(FILE, entry, 'units'),
        from: entry.raw.name ?? null,
        to: null,
        reason:
          `cannot be a template of this release (${checked.faults.map((fault) => `units${fault.path}: ${fault.message}`).join('; ')}); ` +
          'the template is not migrated, its switches keep their ports without it',
      });
      if (entry.key !== null) notMigrated.add(entry.key);
      continue;
    }
    const raw = Object.fromEntries(Object.entries(entry.raw).filter(([, value]) => value !== null && value !== ''));
    const values = checkMapped(ctx, FILE, entry, TEMPLATE, raw, TEMPLATE_MAPPING, { extra: { units: checked.value } });
    if (!values) {
      if (entry.key !== null) notMigrated.add(entry.key);
      continue;
    }
    const record: ApiRecord = { id: newIdOf(ctx, 'layout-templates', entry), ...values, version: 1, ...keepTimes(ctx, FILE, entry) };
    templates.push(record);
    if (entry.key !== null) byKey.set(entry.key, { record, units: checked.value });
    if (typeof record.name === 'string') named.push({ record, scope: '', fixAt: fixAt(FILE, entry, 'name') });
  }
  dedupeNames(ctx, named, NAME_MAX);
  return { templates, byKey, notMigrated };
}

/** A template's units as blocks of the model (not yet checked); undefined after a fault when they are not lists. */
function unitsOf(ctx: CheckContext, entry: Entry): unknown[][] | undefined {
  const { units } = entry.raw;
  if (!Array.isArray(units)) {
    addFault(ctx, FILE, entry, 'units', 'must be a list of units { unit_number, blocks }');
    return undefined;
  }
  const repeated = units.length === 1;
  let faulty = false;
  const result = units.map((unit, u) => {
    if (!isPlainObject(unit) || !Array.isArray(unit.blocks)) {
      addFault(ctx, FILE, entry, `units[${u}]`, 'must be a unit { unit_number, blocks: [...] }');
      faulty = true;
      return [];
    }
    dropUnknown(ctx, FILE, unit, KNOWN_UNIT, 'units[].');
    const unitNumber = typeof unit.unit_number === 'number' && Number.isInteger(unit.unit_number) ? unit.unit_number : u + 1;
    return unit.blocks.map((block, b) => {
      if (isPlainObject(block)) return blockOf(ctx, entry, block, `units[${u}].blocks[${b}]`, unitNumber, repeated);
      addFault(ctx, FILE, entry, `units[${u}].blocks[${b}]`, 'must be a block { type, count, start_index, rows, label }');
      faulty = true;
      return {};
    });
  });
  return faulty ? undefined : result;
}

function blockOf(
  ctx: CheckContext,
  entry: Entry,
  raw: Record<string, unknown>,
  at: string,
  unitNumber: number,
  repeated: boolean,
): Partial<TemplateBlock> {
  dropUnknown(ctx, FILE, raw, KNOWN_BLOCK, 'units[].blocks[].');
  const fix = (field: string, from: unknown, to: unknown, reason: string) =>
    ctx.fixes.push({ ...fixAt(FILE, entry, `${at}.${field}`), from, to, reason });
  let order = raw.row_layout;
  if (order === undefined || order === null || order === '') order = 'sequential';
  else if (!BLOCK_ORDERS.includes(order as never)) {
    fix('row_layout', order, 'sequential', `is not one of ${BLOCK_ORDERS.join(', ')}; sequential`);
    order = 'sequential';
  }
  let rows = raw.rows ?? 1;
  if (typeof rows === 'number' && Number.isInteger(rows) && (rows < 1 || rows > LAYOUT_LIMITS.rows)) {
    const to = Math.min(Math.max(rows, 1), LAYOUT_LIMITS.rows);
    fix('rows', rows, to, `a block is drawn in 1 to ${LAYOUT_LIMITS.rows} rows`);
    rows = to;
  }
  return {
    type: raw.type as TemplateBlock['type'],
    count: raw.count as number,
    startIndex: (raw.start_index ?? 1) as number,
    rows: rows as number,
    order: order as TemplateBlock['order'],
    namePattern: namePatternOf(raw.label, unitNumber, repeated),
    speed: typeof raw.default_speed === 'string' && raw.default_speed.trim() !== '' ? raw.default_speed : null,
    poe: poeOf(raw.poe, (from) => fix('poe', from, null, `is not a PoE of this release (${POE_TYPES.join(', ')}); dropped`)),
  };
}

function poeOf(raw: unknown, dropped: (from: unknown) => void): TemplateBlock['poe'] {
  if (raw === undefined || raw === null || raw === '') return null;
  if (isPlainObject(raw) && POE_TYPES.includes(raw.type as never)) {
    const watts = raw.max_watts ?? null;
    if (watts === null || (typeof watts === 'number' && watts >= 0 && watts <= 200))
      return { type: raw.type as NonNullable<TemplateBlock['poe']>['type'], maxWatts: watts };
  }
  dropped(raw);
  return null;
}

/** The legacy id a switch names its template by, as text (undefined when empty). */
export function templateKeyOf(raw: Record<string, unknown>): string | undefined {
  return idKey(raw.layout_template_id);
}
