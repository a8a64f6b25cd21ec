// The CSV layout of each inventory kind: what `GET /api/<things>?format=csv` writes and what
// `POST /api/import/<things>` reads, one format both ways. The columns derive from csvFields() of the
// field declarations, with each reference by id replaced by reference-name columns:
//
//   sites:    id,name,description,address,notes
//   vlans:    id,site,vid,name,description,status,color
//   networks: id,site,vlan,name,subnet,gateway,dnsServers,description
//   switches: id,site,name,vendor,model,serialNumber,macAddress,managementIp,firmwareVersion,location,
//             rackPosition,role,tags,status,stackSize,template,poeBudgetWatts,configuredVlans,notes
//   ports:    id,site,switch,name,position,unit,type,description,enabled,linkStatus,mode,untaggedVlan,
//             taggedVlans,speed,poe,macAddress,linkedSite,linkedSwitch,linkedPort,connectedDevice,connectedPort
//   addresses: id,site,network,address,hostname,macAddress,deviceType,status,description,switch,port
//   ranges:   id,site,network,start,end,kind,description
//   lags:     name,switch,mode,portMode,untaggedVlan,taggedVlans,members,remoteSwitch,remoteLag,description
//             (export only: GET /api/switches/{id}/lags?format=csv; LAGs are not bulk-imported)
//
// A switch's `template` names the layout template it was made from: information only (a switch gets its
// template when POST /api/switches makes it, and keeps it), ignored on import. A LAG's `members` are its ports'
// names in port order, `;`-separated; `remoteSwitch`+`remoteLag` name the LAG at the far end. Templates have no
// CSV (their units are a nested layout; GET /api/templates/{id} is their export).
//
// An address's or range's `site`+`network` name its network: the site's name and the network's subnet
// (`10.0.10.0/24`). An address's `port` names the port the device is plugged into as its switch's name, a space
// and the port's name (`core-1 Gi1/0/7`; a switch of the network's site); its `switch` names the switch whose
// management IP the address is: information only, set by the server from the switch, and ignored on import.
// `site` is the site's name; `site`+`switch` name a port's switch; `vlan`, `untaggedVlan` are VLAN numbers and
// `taggedVlans`, `configuredVlans` compact lists of VLAN numbers and ranges (`10-20;30`), all of the record's
// site; `linkedSite`+`linkedSwitch`+`linkedPort` name the other end of a link (`linkedSite` empty: the port's
// own site). A json field's cell is its declaration's csvCodec (`a;b` for tags and DNS servers, `802.3at/30`
// for PoE). Booleans are `true`/`false` (`yes`/`no`, `1`/`0` also read); an empty cell is null (the default
// on create). `id` names the record a row updates: a row with the id of a stored record updates it, a row
// without one creates a record, so an exported file edited in a spreadsheet imports back as the edit. A CSV
// import also accepts the API's own field names as columns (`siteId`, `switchId`, `vlanId`, `untaggedVlanId`,
// `taggedVlanIds`, `configuredVlanIds`, `linkedPortId`). Every cell, names included, is escaped against
// spreadsheet formulas by writeCsv and unescaped by parseCsv (src/lib/csv.ts), so nothing here handles that.
import { RESOURCES, type Kind } from '../db/images.ts';
import { portRefById } from '../db/ports.ts';
import { siteNameById } from '../db/sites.ts';
import { switchRefById } from '../db/switches.ts';
import { vlanRefById } from '../db/vlans.ts';
import { getNetwork } from '../db/networks.ts';
import { lagRefById } from '../db/lags.ts';
import { getTemplate } from '../db/templates.ts';
import type { Db } from '../db/open.ts';
import { csvFields, type Field, type Normalized } from '../fields/field.ts';
import type { FieldFault } from '../errors/refusal.ts';
import { parseCsv, writeCsv, CsvSyntaxError, type CsvTable } from '../lib/csv.ts';
import { compactRanges, parseVlanList } from '../lib/vlan-ranges.ts';

/** Names of referenced records, looked up once per id while one CSV is written. */
interface NameLookup {
  site(id: unknown): string | undefined;
  switchOf(id: unknown): { name: string; siteId: string } | undefined;
  vlanOf(id: unknown): number | undefined;
  portOf(id: unknown): { name: string; switchId: string } | undefined;
  networkOf(id: unknown): { subnet: string; siteId: string } | undefined;
  templateOf(id: unknown): string | undefined;
  lagOf(id: unknown): { name: string; switchId: string } | undefined;
}

/** One column of a kind's CSV layout. */
export interface CsvColumn {
  name: string;
  /** The cell of one API record. */
  write(item: Record<string, unknown>, names: NameLookup): string;
  /** The value an import record gets from a non-empty cell (already trimmed), or why it is refused. */
  read(cell: string): Normalized;
}

/** An import record read from one CSV row: field values and reference names keyed by column name (null for an empty cell). */
export interface CsvRecord {
  /** The data row, counting from 1. */
  row: number;
  values: Record<string, unknown>;
}

/** The CSV columns of each kind, in order. */
const CSV_LAYOUT: Record<Kind, CsvColumn[]> = {
  site: layoutOf('site'),
  vlan: layoutOf('vlan'),
  network: layoutOf('network'),
  switch: layoutOf('switch'),
  port: layoutOf('port'),
  address: layoutOf('address'),
  range: layoutOf('range'),
  template: [],
  lag: lagLayout(),
};

/** The header names of a kind's CSV layout. */
export function csvHeader(kind: Kind): string[] {
  return CSV_LAYOUT[kind].map((column) => column.name);
}

function layoutOf(kind: Kind): CsvColumn[] {
  return csvFields(RESOURCES[kind]).flatMap((field) => referenceColumns(kind, field) ?? [fieldColumn(field)]);
}

function referenceColumns(kind: Kind, field: Field): CsvColumn[] | undefined {
  if (kind === 'address' || kind === 'range') return ipamColumns(field);
  switch (field.name) {
    case 'siteId':
      return [nameColumn('site', (item, names) => names.site(item.siteId))];
    case 'switchId':
      return [
        nameColumn('site', (item, names) => names.site(names.switchOf(item.switchId)?.siteId)),
        nameColumn('switch', (item, names) => names.switchOf(item.switchId)?.name),
      ];
    case 'vlanId':
      return [vlanColumn('vlan', 'vlanId')];
    case 'untaggedVlanId':
      return [vlanColumn('untaggedVlan', 'untaggedVlanId')];
    case 'taggedVlanIds':
      return [vlanListColumn('taggedVlans', 'taggedVlanIds')];
    case 'configuredVlanIds':
      return [vlanListColumn('configuredVlans', 'configuredVlanIds')];
    case 'linkedPortId':
      return linkColumns();
    case 'templateId':
      return [nameColumn('template', (item, names) => names.templateOf(item.templateId))];
    default:
      return undefined;
  }
}

// A LAG's columns, for the export of a switch's LAGs: its switch, VLANs and members by name or number, its far end
// as switch and LAG names. Nothing reads them back: LAGs are made and changed through their own routes.
function lagLayout(): CsvColumn[] {
  const exportOnly = (name: string, write: (item: Record<string, unknown>, names: NameLookup) => string | undefined): CsvColumn => ({
    name,
    write: (item, names) => write(item, names) ?? '',
    read: () => ({ ok: false, message: 'LAGs are not imported from CSV' }),
  });
  const field = (name: string) => {
    const column = fieldColumn(RESOURCES.lag.fields.find((candidate) => candidate.name === name)!);
    return exportOnly(name, (item) => column.write(item, {} as NameLookup));
  };
  const remote = (item: Record<string, unknown>, names: NameLookup) => names.lagOf(item.remoteLagId);
  return [
    field('name'),
    exportOnly('switch', (item, names) => names.switchOf(item.switchId)?.name),
    field('mode'),
    field('portMode'),
    exportOnly('untaggedVlan', (item, names) => vlanColumn('untaggedVlan', 'untaggedVlanId').write(item, names)),
    exportOnly('taggedVlans', (item, names) => vlanListColumn('taggedVlans', 'taggedVlanIds').write(item, names)),
    exportOnly('members', (item, names) => {
      const ids = Array.isArray(item.memberPortIds) ? (item.memberPortIds as unknown[]) : [];
      return ids.map((id) => names.portOf(id)?.name ?? '').join(';');
    }),
    exportOnly('remoteSwitch', (item, names) => {
      const lag = remote(item, names);
      return lag && names.switchOf(lag.switchId)?.name;
    }),
    exportOnly('remoteLag', (item, names) => remote(item, names)?.name),
    field('description'),
  ];
}

// An address's or range's network by its site's name and its subnet; an address's port as "<switch> <port>",
// after the (read-only) switch whose management IP it is.
function ipamColumns(field: Field): CsvColumn[] | undefined {
  switch (field.name) {
    case 'networkId':
      return [
        nameColumn('site', (item, names) => names.site(names.networkOf(item.networkId)?.siteId)),
        nameColumn('network', (item, names) => names.networkOf(item.networkId)?.subnet),
      ];
    case 'portId':
      return [
        nameColumn('switch', (item, names) => names.switchOf(item.switchId)?.name),
        nameColumn('port', (item, names) => {
          const port = names.portOf(item.portId);
          const sw = port && names.switchOf(port.switchId);
          return port && sw ? `${sw.name} ${port.name}` : undefined;
        }),
      ];
    case 'switchId':
      return [];
    default:
      return undefined;
  }
}

function vlanColumn(name: string, field: string): CsvColumn {
  return { name, write: (item, names) => String(names.vlanOf(item[field]) ?? ''), read: readVlan };
}

function vlanListColumn(name: string, field: string): CsvColumn {
  return {
    name,
    write: (item, names) => {
      const ids = Array.isArray(item[field]) ? (item[field] as unknown[]) : [];
      return compactRanges(
        ids.map((id) => names.vlanOf(id)).filter((vid): vid is number => vid !== undefined),
        ';',
      );
    },
    read: readVlanList,
  };
}

function linkColumns(): CsvColumn[] {
  const linked = (item: Record<string, unknown>, names: NameLookup) => {
    const port = names.portOf(item.linkedPortId);
    const sw = port && names.switchOf(port.switchId);
    return port && sw ? { port, sw } : undefined;
  };
  return [
    nameColumn('linkedSite', (item, names) => {
      const link = linked(item, names);
      const ownSite = names.switchOf(item.switchId)?.siteId;
      return link && link.sw.siteId !== ownSite ? names.site(link.sw.siteId) : undefined;
    }),
    nameColumn('linkedSwitch', (item, names) => linked(item, names)?.sw.name),
    nameColumn('linkedPort', (item, names) => linked(item, names)?.port.name),
  ];
}

function nameColumn(name: string, write: (item: Record<string, unknown>, names: NameLookup) => string | undefined): CsvColumn {
  return { name, write: (item, names) => write(item, names) ?? '', read: (cell) => ({ ok: true, value: cell }) };
}

function readVlan(cell: string): Normalized {
  const parsed = parseVlanList(cell);
  if (!parsed.ok || parsed.vlans.length !== 1 || /[,;-]/.test(cell))
    return { ok: false, message: 'must be one VLAN number from 1 to 4094' };
  return { ok: true, value: parsed.vlans[0] };
}

function readVlanList(cell: string): Normalized {
  const parsed = parseVlanList(cell);
  return parsed.ok ? { ok: true, value: parsed.vlans } : { ok: false, message: parsed.reason };
}

/** A column for a field of the record itself, written and read by the field's type (a json field by its csvCodec). */
function fieldColumn(field: Field): CsvColumn {
  return { name: field.name, write: (item) => writeValue(field, item[field.name]), read: (cell) => readValue(field, cell) };
}

function writeValue(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'json' && field.csvCodec) return field.csvCodec.write(value);
  if (Array.isArray(value)) return value.join(';');
  return String(value);
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

function readValue(field: Field, cell: string): Normalized {
  switch (field.type) {
    case 'integer':
      return /^[+-]?\d+$/.test(cell) ? { ok: true, value: Number(cell) } : { ok: false, message: 'must be a whole number' };
    case 'boolean': {
      const word = cell.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, message: 'must be true or false' };
    }
    case 'uuid-list':
      return { ok: true, value: cell.split(/[\s,;]+/).filter(Boolean) };
    case 'json':
      return field.csvCodec ? field.csvCodec.read(cell) : { ok: false, message: 'cannot be given in CSV' };
    default:
      return { ok: true, value: cell };
  }
}

/** Every column an import of a kind reads: the layout, plus the API's own writable field names. */
function importColumns(kind: Kind): Map<string, CsvColumn> {
  const columns = new Map(CSV_LAYOUT[kind].map((column) => [column.name.toLowerCase(), column]));
  for (const field of RESOURCES[kind].fields) {
    const usable =
      (field.column !== undefined || field.type === 'uuid-list') &&
      (!field.readOnly || (field.name === 'switchId' && kind === 'port') || field.name === 'networkId');
    if (usable && !columns.has(field.name.toLowerCase())) columns.set(field.name.toLowerCase(), fieldColumn(field));
  }
  return columns;
}

/** Writes API records of one kind as CSV in the kind's layout, with references as names. */
export function recordsToCsv(db: Db, kind: Kind, items: Record<string, unknown>[]): string {
  const names = nameLookup(db);
  const layout = CSV_LAYOUT[kind];
  return writeCsv(
    csvHeader(kind),
    items.map((item) => layout.map((column) => column.write(item, names))),
  );
}

/**
 * Reads CSV text of one kind into import records (blank rows skipped; an empty cell is null), with every fault
 * found as `rows[<n>].<column>` (n counting data rows from 1; `header` for the header row).
 */
export function csvToRecords(kind: Kind, text: string): { records: CsvRecord[]; faults: FieldFault[] } {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { records: [], faults: [{ field: error.row === 0 ? 'header' : `rows[${error.row}]`, message: error.message }] };
  }
  const { columns, faults } = headerColumns(kind, table.header);
  const records: CsvRecord[] = [];
  table.rows.forEach((cells, index) => {
    if (cells.length === 0) return;
    const row = index + 1;
    if (cells.length > table.header.length)
      faults.push({ field: `rows[${row}]`, message: `has ${cells.length} cells but the header has ${table.header.length} columns` });
    const values: Record<string, unknown> = {};
    columns.forEach((column, position) => {
      if (!column) return;
      const cell = (cells[position] ?? '').trim();
      if (cell === '') {
        values[column.name] = null;
        return;
      }
      const read = column.read(cell);
      if (read.ok) values[column.name] = read.value;
      else faults.push({ field: `rows[${row}].${column.name}`, message: read.message });
    });
    records.push({ row, values });
  });
  return { records, faults };
}

function headerColumns(kind: Kind, header: string[]): { columns: (CsvColumn | undefined)[]; faults: FieldFault[] } {
  const known = importColumns(kind);
  const faults: FieldFault[] = [];
  const seen = new Set<string>();
  if (header.length === 0 || header.every((name) => name.trim() === '')) {
    return {
      columns: [],
      faults: [{ field: 'header', message: `the CSV needs a header row; the columns are ${csvHeader(kind).join(', ')}` }],
    };
  }
  const columns = header.map((raw) => {
    const name = raw.trim().toLowerCase();
    const column = known.get(name);
    if (name === '') return undefined;
    if (!column)
      faults.push({ field: `header.${raw.trim()}`, message: `is not a column of ${kind}; the columns are ${csvHeader(kind).join(', ')}` });
    else if (seen.has(name)) faults.push({ field: `header.${column.name}`, message: 'appears twice' });
    seen.add(name);
    return column;
  });
  return { columns, faults };
}

function nameLookup(db: Db): NameLookup {
  const memo = <T>(find: (id: string) => T) => {
    const cache = new Map<string, T>();
    return (id: unknown): T | undefined => {
      if (typeof id !== 'string') return undefined;
      if (!cache.has(id)) cache.set(id, find(id));
      return cache.get(id);
    };
  };
  return {
    site: memo((id) => siteNameById(db, id)),
    switchOf: memo((id) => switchRefById(db, id)),
    vlanOf: memo((id) => vlanRefById(db, id)?.vid),
    portOf: memo((id) => portRefById(db, id)),
    networkOf: memo((id) => {
      const network = getNetwork(db, id);
      return network ? { subnet: network.subnet, siteId: network.site_id } : undefined;
    }),
    templateOf: memo((id) => getTemplate(db, id)?.name),
    lagOf: memo((id) => lagRefById(db, id)),
  };
}
