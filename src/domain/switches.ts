// Switches: of an existing site, configured VLANs of it, name unique per site, MAC unique, management IP unique per
// site (409); a new one gets its ports (portCount, or its template's for every member of its stack); it moves site
// only while none of its ports carries a VLAN (409 vlan_in_use); its management address is kept with it
// (management-address.ts). A duplicate copies it with its ports' configuration and its LAGs.
import { randomUUID } from 'node:crypto';
import { recordChange, type Actor, type Change } from '../db/change.ts';
import { addressOfSwitch, removeAddress } from '../db/addresses.ts';
import { deleteEntity, diffImages, readImage } from '../db/images.ts';
import { removeLagsOfSwitch } from '../db/lags.ts';
import { inTransaction, type Db } from '../db/open.ts';
import {
  copyPorts,
  countPortsWithVlans,
  highestUnit,
  insertNumberedPorts,
  insertTemplatePorts,
  nextPosition,
  portIdsOfSwitch,
  portsOfSwitch,
  type MadePort,
  type PortRow,
} from '../db/ports.ts';
import { copyLags } from './lags.ts';
import { removePorts } from './ports.ts';
import {
  addFavoriteSwitch,
  getSwitch,
  insertSwitch,
  removeFavoriteSwitch,
  setConfiguredVlans,
  switchIdByIp,
  switchIdByMac,
  switchIdByName,
  switchToApi,
  type SwitchRow,
  type SwitchValues,
} from '../db/switches.ts';
import { getTemplate, templateUnitsOf } from '../db/templates.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { checkValue, faultAt, faultOf, formedRefusal, isPlainObject, isUuid, type ValidatedInput } from '../fields/field.ts';
import { switchRuleFaults } from '../fields/record-rules.ts';
import { SWITCH } from '../fields/switches.ts';
import { counted } from '../lib/counted.ts';
import { layOutPorts, memberPortName, stackProblem } from '../lib/port-layout.ts';
import { OUT_OF_BAND_PORT_TYPES } from '../lib/port-kinds.ts';
import { databaseLookups } from './lookups.ts';
import { keepManagementAddress } from './management-address.ts';
import { createRecord, refuseClashes, refuseInvalid, siteFaults, writesOf, type DomainKind, type Writes } from './save.ts';

const SWITCHES: DomainKind<SwitchRow, SwitchValues> = {
  resource: SWITCH,
  toApi: switchToApi,
  ruleFaults: judgeSwitch,
  clashes: switchClashes,
  refuseUpdate: (db, row, values) => {
    if (values.site_id !== row.site_id) refuseMoveWithVlans(db, row);
  },
  afterWrite: switchAfterWrite,
  onCreate: addPorts,
  onUpdate: growStack,
  entity: (row) => ({ name: row.name, siteId: row.site_id, label: row.name }),
};

/**
 * The writes of switches: a new one gets its ports, and one from a template takes the template's unit count as its
 * stackSize unless given; a delete takes its ports (far ends of their links unlinked), its LAGs and its management
 * address with it.
 */
export const SWITCH_WRITES: Writes<undefined, void, string> = {
  ...writesOf(SWITCHES, getSwitch, (change, row) => {
    const ports = removeSwitch(change, row.id);
    return ports ? ` and its ${counted(ports, 'port')}` : '';
  }),
  create: (db, actor, input) => {
    const body = withTemplateStackSize(db, input);
    const ruleFaults = (db: Db, record: Record<string, unknown>, checked: ValidatedInput) => [
      ...judgeSwitch(db, record, checked),
      ...templateFaults(db, body, checked),
    ];
    return createRecord(db, actor, { ...SWITCHES, ruleFaults }, body);
  },
};

/**
 * A copy of the switch at its site under the input's name (docs/LAGS-TEMPLATES.md, "Switch duplicates"): its fields
 * but serial, MAC, location and rack position, its configured VLANs, copies of its ports' configuration and of its
 * LAGs, and the management address of the managementIp given; one create entry. Its new id.
 */
export function duplicateSwitch(db: Db, actor: Actor, original: SwitchRow, input: unknown): string {
  const values = duplicateValues(original, input);
  const id = randomUUID();
  recordChange(db, actor, (change) => {
    refuseClashes(switchClashes(change.db, values, id));
    change.touch('switch', id);
    insertSwitch(change.db, id, values, change.now);
    switchAfterWrite(change, id, { configuredVlanIds: original.configured }, undefined);
    const portIds = copyPorts(change, original.id, id);
    const lags = copyLags(change, original.id, id, portIds);
    const summaryEnd = `${portIds.size ? ` with ${counted(portIds.size, 'port')}` : ''}${lags ? ` and ${counted(lags, 'LAG')}` : ''}`;
    const changes = {
      ...diffImages('switch', null, readImage(change.db, 'switch', id)),
      ...(portIds.size ? { portCount: [0, portIds.size] } : {}),
    };
    return {
      activity: {
        action: 'create',
        entityType: 'switch',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Created switch ${values.name} as a copy of ${original.name}${summaryEnd}`,
        changes,
      },
      result: id,
    };
  });
  return id;
}

/** Makes the switch one of the user's favourites: their own bookmark, in a transaction of its own, outside the activity log. */
export function addFavorite(db: Db, userId: string, switchId: string): void {
  inTransaction(db, () => addFavoriteSwitch(db, userId, switchId));
}

/** Takes the switch off the user's favourites. */
export function removeFavorite(db: Db, userId: string, switchId: string): void {
  inTransaction(db, () => removeFavoriteSwitch(db, userId, switchId));
}

/** Create and update: the configured VLANs, and the management address when the IP, site or name changed. */
function switchAfterWrite(change: Change, id: string, record: Record<string, unknown>, before: SwitchRow | undefined): void {
  setConfiguredVlans(change.db, id, (record.configuredVlanIds as string[] | undefined) ?? []);
  const now = getSwitch(change.db, id)!;
  const moved = !before || now.management_ip !== before.management_ip || now.site_id !== before.site_id || now.name !== before.name;
  if (moved) keepManagementAddress(change, now, before?.name);
}

/** The ports of a new switch: its template's for every member of its stack, else portCount ports named 1…N. */
function addPorts(change: Change, id: string, checked: ValidatedInput) {
  const templateId = checked.values.templateId;
  return typeof templateId === 'string' ? addTemplatePorts(change, id, templateId, checked) : addNumberedPorts(change, id, checked);
}

/** The ports layOutPorts makes of the template for the switch's stackSize; the entry counts them as addNumberedPorts does. */
function addTemplatePorts(change: Change, id: string, templateId: string, checked: ValidatedInput) {
  const template = getTemplate(change.db, templateId)!;
  const ports = layOutPorts(JSON.parse(template.units), checked.values.stackSize as number);
  const portIds = ports.map(() => randomUUID());
  change.touch('port', portIds);
  insertTemplatePorts(change.db, id, portIds, ports, change.now);
  const changes = { ...diffImages('switch', null, readImage(change.db, 'switch', id)), portCount: [0, ports.length] };
  return { summaryEnd: ` with ${counted(ports.length, 'port')} from template ${template.name}`, changes };
}

/** portCount ports named 1…N; the entry lists the switch's fields and the number of ports, not every new port. */
function addNumberedPorts(change: Change, id: string, checked: { values: Record<string, unknown> }) {
  const portCount = checked.values.portCount as number;
  const portIds = Array.from({ length: portCount }, () => randomUUID());
  change.touch('port', portIds);
  insertNumberedPorts(change.db, id, portIds, change.now);
  const changes = {
    ...diffImages('switch', null, readImage(change.db, 'switch', id)),
    ...(portCount ? { portCount: [0, portCount] } : {}),
  };
  return { summaryEnd: portCount ? ` with ${counted(portCount, 'port')}` : '', changes };
}

/** A stack grown by an update: each new member gets its ports (newMemberPorts); the entry counts them as a create does. */
function growStack(change: Change, before: SwitchRow) {
  const grown = getSwitch(change.db, before.id)!;
  if (grown.stack_size <= before.stack_size) return undefined;
  const existing = portsOfSwitch(change.db, grown.id);
  const ports = newMemberPorts(change.db, grown, before.stack_size, existing);
  if (ports.length === 0) return undefined;
  const portIds = ports.map(() => randomUUID());
  change.touch('port', portIds);
  insertTemplatePorts(change.db, grown.id, portIds, ports, change.now);
  return {
    summaryEnd: ` with ${counted(ports.length, 'new port')} of its new members`,
    changes: { portCount: [existing.length, existing.length + ports.length] },
  };
}

/**
 * The ports of the members a stack grew by, as its first member has them: its template's (layOutPorts), else member
 * 1's. A name the switch has already is left out (a port added by hand); their positions follow the last port's.
 */
function newMemberPorts(db: Db, sw: SwitchRow, fromSize: number, existing: PortRow[]): MadePort[] {
  const units = sw.template_id ? templateUnitsOf(db, sw.template_id) : undefined;
  const made = units
    ? layOutPorts(units, sw.stack_size).filter((port) => port.unit > fromSize)
    : membersLikeTheFirst(existing, fromSize, sw.stack_size);
  const taken = new Set(existing.map((port) => port.name.toLowerCase()));
  const fresh = made.filter((port) => !taken.has(port.name.toLowerCase()));
  const position = nextPosition(db, sw.id);
  return fresh.map((port, i) => ({ ...port, position: position + i }));
}

/** Member 1's ports (but its console and management ports) on each member after `fromSize`, renamed by memberPortName. */
function membersLikeTheFirst(existing: PortRow[], fromSize: number, stackSize: number): Omit<MadePort, 'position'>[] {
  const first = existing.filter((port) => port.unit === 1 && !OUT_OF_BAND_PORT_TYPES.includes(port.type));
  const made: Omit<MadePort, 'position'>[] = [];
  for (let unit = fromSize + 1; unit <= stackSize; unit++)
    for (const port of first) made.push({ ...copyOf(port), name: memberPortName(port.name, unit), unit });
  return made;
}

/** What a member's copy of a port keeps of it: its type, speed and PoE. */
const copyOf = (port: PortRow) => ({ type: port.type, speed: port.speed, poe: port.poe === null ? null : JSON.parse(port.poe) });

/** The site exists; configured VLANs are VLANs of it; stackSize leaves every port on a member of the stack. */
function judgeSwitch(db: Db, record: Record<string, unknown>, checked: { values: Record<string, unknown> }): FieldFault[] {
  const faults = siteFaults(db, checked.values.siteId);
  faults.push(...switchRuleFaults(record, databaseLookups(db), { symmetric: false }));
  if (typeof record.id === 'string' && typeof record.stackSize === 'number') {
    const used = highestUnit(db, record.id);
    if (used > record.stackSize) faults.push(faultOf('stackSize', 'stack_below_ports', { unit: used }));
  }
  return faults;
}

/** A create body naming a template (that exists) without stackSize: the template's unit count as stackSize. */
function withTemplateStackSize(db: Db, body: unknown): unknown {
  if (!isPlainObject(body) || body.stackSize != null || !isUuid(body.templateId)) return body;
  const units = templateUnitsOf(db, body.templateId.toLowerCase());
  return units ? { ...body, stackSize: units.length } : body;
}

/** The template exists and can make a stack of stackSize members (stackProblem); portCount is not given with it. */
function templateFaults(db: Db, body: unknown, checked: ValidatedInput): FieldFault[] {
  const templateId = checked.values.templateId;
  if (typeof templateId !== 'string') return [];
  const faults: FieldFault[] = [];
  if (isPlainObject(body) && typeof body.portCount === 'number' && body.portCount !== 0)
    faults.push(faultOf('portCount', 'port_count_with_template'));
  const units = templateUnitsOf(db, templateId);
  if (!units) return [...faults, faultOf('templateId', 'template_missing', { id: templateId })];
  const stackSize = checked.values.stackSize;
  const problem = typeof stackSize === 'number' ? stackProblem(units, stackSize) : undefined;
  if (problem) faults.push({ field: 'stackSize', message: problem });
  return faults;
}

const NAME_FIELD = SWITCH.fields.find((field) => field.name === 'name')!;
const MANAGEMENT_IP_FIELD = SWITCH.fields.find((field) => field.name === 'managementIp')!;

/** The columns of a duplicate: the original's, with the input's name and managementIp (400 for a bad input). */
function duplicateValues(original: SwitchRow, input: unknown): SwitchValues {
  if (!isPlainObject(input)) throw formedRefusal('invalid', 'validation_failed', {}, [faultOf('body', 'not_duplicate_object')]);
  const faults: FieldFault[] = Object.keys(input)
    .filter((key) => key !== 'name' && key !== 'managementIp')
    .map((key) => faultOf(key, 'not_duplicate_field'));
  const name = checkValue(NAME_FIELD, input.name ?? null);
  if (!name.ok) faults.push(faultAt('name', name));
  const ip = checkValue(MANAGEMENT_IP_FIELD, input.managementIp ?? null);
  if (!ip.ok) faults.push(faultAt('managementIp', ip));
  refuseInvalid(faults);
  return {
    site_id: original.site_id,
    name: (name.ok ? name.value : '') as string,
    vendor: original.vendor,
    model: original.model,
    serial_number: null,
    mac_address: null,
    management_ip: (ip.ok ? ip.value : null) as string | null,
    firmware_version: original.firmware_version,
    location: null,
    rack_position: null,
    role: original.role,
    tags: original.tags,
    status: original.status,
    stack_size: original.stack_size,
    template_id: original.template_id,
    poe_budget_watts: original.poe_budget_watts,
    notes: original.notes,
  };
}

function switchClashes(db: Db, values: SwitchValues, id: string): FieldFault[] {
  const clashes: FieldFault[] = [];
  if (switchIdByName(db, values.site_id, values.name, id)) clashes.push(faultOf('name', 'switch_name_taken', { name: values.name }));
  if (values.mac_address && switchIdByMac(db, values.mac_address, id))
    clashes.push(faultOf('macAddress', 'mac_taken', { mac: values.mac_address }));
  if (values.management_ip && switchIdByIp(db, values.site_id, values.management_ip, id)) {
    clashes.push(faultOf('managementIp', 'management_ip_taken', { ip: values.management_ip }));
  }
  return clashes;
}

function refuseMoveWithVlans(db: Db, row: SwitchRow): void {
  const ports = countPortsWithVlans(db, row.id);
  if (ports === 0) return;
  const count = counted(ports, 'port');
  throw new Refusal(
    'conflict',
    'vlan_in_use',
    `Switch ${row.name} has ${count} carrying VLANs of its site; take them off before moving it.`,
    [{ field: 'siteId', message: `${count} carry VLANs of the current site` }],
  );
}

/**
 * Deletes a switch after recording it, with its ports (far ends of their links unlinked), its LAGs (LAGs of other
 * switches paired with them unpaired) and its management address; returns how many ports.
 */
export function removeSwitch(change: Change, id: string): number {
  change.touch('switch', id);
  const address = addressOfSwitch(change.db, id);
  if (address) removeAddress(change, address.id);
  const ports = removePorts(change, portIdsOfSwitch(change.db, id));
  removeLagsOfSwitch(change, id);
  deleteEntity(change.db, 'switch', id);
  return ports;
}
