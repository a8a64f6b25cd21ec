// An ObservedSwitch (observed.ts) as an agent sends it (issue 39): checked field by field before the server compares
// or stores it, so that a malformed observation is a 400 naming its fields, never a 500 in the proposal code.
import type { FieldFault } from '../errors/refusal.ts';
import type { ObservedSwitch } from './observed.ts';

type Kind = 'string' | 'string?' | 'int' | 'int?' | 'number?' | 'bool' | 'ints' | 'lldp';

const SYSTEM: Record<string, Kind> = {
  sysName: 'string?',
  sysDescr: 'string?',
  sysObjectID: 'string?',
  sysLocation: 'string?',
  sysContact: 'string?',
  vendor: 'string?',
  model: 'string?',
  serial: 'string?',
  macAddress: 'string?',
};

const LISTS: Record<string, Record<string, Kind>> = {
  ports: {
    ifIndex: 'int',
    name: 'string',
    description: 'string',
    ifType: 'int',
    speedMbps: 'int',
    adminUp: 'bool',
    operUp: 'bool',
    present: 'bool',
    mac: 'string?',
    inOctets: 'number?',
    outOctets: 'number?',
  },
  vlans: { vid: 'int', name: 'string?' },
  membership: { ifIndex: 'int', untagged: 'int?', tagged: 'ints', taggedComplete: 'bool', trunk: 'bool', pvid: 'int?', voiceVlan: 'int?' },
  lags: { ifIndex: 'int', memberIfIndexes: 'ints' },
  neighbours: {
    localIfIndex: 'int',
    remoteSysName: 'string',
    remotePortId: 'string',
    remotePortDesc: 'string',
    remoteChassisId: 'string',
    protocol: 'lldp',
  },
  fdb: { mac: 'string', vlan: 'int?', ifIndex: 'int' },
  arp: { ip: 'string', mac: 'string', ifIndex: 'int?' },
  poe: { ifIndex: 'int', adminEnabled: 'bool' },
};

/** The longest list an observation may hold (a forwarding table of a large switch stays well below). */
const LIST_MAX = 200_000;
const TEXT_MAX = 2000;

/** The faults of `value` as an ObservedSwitch, each at `at`/field; none when it is one. */
export function observedFaults(value: unknown, at: string): FieldFault[] {
  if (!isObject(value)) return [{ field: at, message: 'must be an object' }];
  const faults: FieldFault[] = [];
  if (!isObject(value.system)) faults.push({ field: `${at}.system`, message: 'must be an object' });
  else faults.push(...entryFaults(value.system, SYSTEM, `${at}.system`));
  for (const [list, shape] of Object.entries(LISTS)) {
    const items = value[list];
    if (!Array.isArray(items) || items.length > LIST_MAX) {
      faults.push({ field: `${at}.${list}`, message: `must be an array of at most ${LIST_MAX}` });
      continue;
    }
    for (let index = 0; index < items.length && faults.length < 20; index++) {
      const item: unknown = items[index];
      if (!isObject(item)) faults.push({ field: `${at}.${list}[${index}]`, message: 'must be an object' });
      else faults.push(...entryFaults(item, shape, `${at}.${list}[${index}]`));
    }
  }
  const notes = value.notes;
  if (!Array.isArray(notes) || notes.length > 1000 || notes.some((note) => typeof note !== 'string' || note.length > TEXT_MAX))
    faults.push({ field: `${at}.notes`, message: 'must be an array of texts' });
  return faults.slice(0, 20);
}

/** `value` as an ObservedSwitch once observedFaults found none: only the fields the reader makes (a running configuration's are not taken). */
export function observedOf(value: Record<string, unknown>): ObservedSwitch {
  const { system, ports, vlans, membership, lags, neighbours, fdb, arp, poe, notes } = value as unknown as ObservedSwitch;
  return { system, ports, vlans, membership, lags, neighbours, fdb, arp, poe, notes };
}

function entryFaults(entry: Record<string, unknown>, shape: Record<string, Kind>, at: string): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const [name, kind] of Object.entries(shape)) {
    const problem = kindFault(entry[name], kind);
    if (problem) faults.push({ field: `${at}.${name}`, message: problem });
  }
  return faults;
}

function kindFault(value: unknown, kind: Kind): string | undefined {
  const optional = kind.endsWith('?');
  if (optional && (value === null || value === undefined)) return undefined;
  switch (kind) {
    case 'string':
    case 'string?':
      return typeof value === 'string' && value.length <= TEXT_MAX ? undefined : `must be a text of at most ${TEXT_MAX} characters`;
    case 'int':
    case 'int?':
      return Number.isSafeInteger(value) ? undefined : 'must be an integer';
    case 'number?':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? undefined : 'must be a number';
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'ints':
      return Array.isArray(value) && value.length <= 4096 && value.every(Number.isSafeInteger) ? undefined : 'must be an array of integers';
    case 'lldp':
      return value === 'lldp' || value === 'cdp' ? undefined : 'must be lldp or cdp';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
