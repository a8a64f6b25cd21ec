// VLANs: of an existing site; name and number unique per site (409), the colour too (409 color_taken, picked when
// not given); a VLAN moves site, or is deleted, only while nothing uses it, unless the delete is forced.
import type { Change } from '../db/change.ts';
import { deleteEntity } from '../db/images.ts';
import { lagIdsUsingVlan, removeVlanFromLag } from '../db/lags.ts';
import { detachNetworksFromVlan, networkIdsOfVlan } from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { portIdsUsingVlan, removeVlanFromPort } from '../db/ports.ts';
import { removeVlanFromSwitch, switchIdsConfiguringVlan } from '../db/switches.ts';
import {
  getVlan,
  insertVlan,
  updateVlan,
  usedColors,
  vlanIdByColor,
  vlanIdByName,
  vlanIdByVid,
  vlanToApi,
  type VlanRow,
  type VlanValues,
} from '../db/vlans.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { VLAN } from '../fields/vlans.ts';
import { counted } from '../lib/counted.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { siteFaults, writesOf, type DomainKind, type Writes } from './save.ts';
import { faultOf, formedConflict } from '../fields/field.ts';

const VLANS: DomainKind<VlanRow, VlanValues> = {
  resource: VLAN,
  toApi: vlanToApi,
  insert: (db, id, values, now) => insertVlan(db, id, withColor(db, values, id), now),
  update: (db, id, values, now) => updateVlan(db, id, withColor(db, values, id), now),
  ruleFaults: (db, _vlan, checked) => siteFaults(db, checked.values.siteId),
  clashes: vlanClashes,
  refuseUpdate: (db, vlan, values) => {
    if (values.site_id !== vlan.site_id) refuseMoveInUse(db, vlan);
  },
  entity: (vlan) => ({ name: vlan.name, siteId: vlan.site_id, label: label(vlan) }),
};

/** The writes of VLANs; a delete of one in use: 409 vlan_in_use with the counts, unless `force` takes it off its users in the same entry. */
export const VLAN_WRITES: Writes<{ force: boolean }, void, string> = writesOf(VLANS, getVlan, (change, vlan, { force }) => {
  const users = vlanUsers(change.db, vlan.id);
  if (inUse(users) && !force) throw vlanInUse(vlan, users, 'force', 'add ?force=true to take it off them');
  removeVlan(change, vlan.id);
  return inUse(users) ? ` and took it off ${usersText(users)}` : '';
});

function label(vlan: Pick<VlanValues, 'name' | 'vid'>): string {
  return `${vlan.name} (VLAN ${vlan.vid})`;
}

/**
 * The colour a VLAN is stored with: the one given; without one, the colour it has when no other VLAN of its
 * site has that, else the first of the palette its site does not use (inside the change, so two creates never
 * pick the same).
 */
function withColor(db: Db, values: VlanValues, id: string): VlanValues {
  if (values.color) return values;
  const used = usedColors(db, values.site_id, id);
  const current = getVlan(db, id)?.color;
  return { ...values, color: current && !used.has(current) ? current : pickVlanColor(used) };
}

/** Name and number unique per site (409 name_taken, or conflict for the number alone); then the colour (409 color_taken). */
function vlanClashes(db: Db, values: VlanValues, id: string): FieldFault[] {
  const clashes: FieldFault[] = [];
  if (vlanIdByName(db, values.site_id, values.name, id)) clashes.push(faultOf('name', 'vlan_name_taken', { name: values.name }));
  if (vlanIdByVid(db, values.site_id, values.vid, id)) clashes.push(faultOf('vid', 'vid_taken', { vid: values.vid }));
  if (clashes.length === 0 && values.color && vlanIdByColor(db, values.site_id, values.color, id)) throw colorTaken(values.color);
  return clashes;
}

function colorTaken(color: string): Refusal {
  return formedConflict('color_taken', { color }, [faultOf('color', 'colour_of_other_vlan', { color })]);
}

function refuseMoveInUse(db: Db, vlan: VlanRow): void {
  const users = vlanUsers(db, vlan.id);
  if (inUse(users)) throw vlanInUse(vlan, users, 'siteId', 'it stays at its site while anything uses it');
}

function inUse(users: VlanUsers): boolean {
  return users.ports.length + users.lags.length + users.networks.length + users.switches.length > 0;
}

/** "3 ports, 1 LAG, 1 network and 2 switches (configured)" (LAGs only when there are any): what uses a VLAN. */
function usersText(users: VlanUsers): string {
  const parts = [
    counted(users.ports.length, 'port'),
    ...(users.lags.length ? [counted(users.lags.length, 'LAG')] : []),
    counted(users.networks.length, 'network'),
    `${counted(users.switches.length, 'switch', 'switches')} (configured)`,
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** 409 vlan_in_use: the counts of ports, networks and configuring switches in the message and in details. */
function vlanInUse(vlan: VlanRow, users: VlanUsers, field: string, hint: string): Refusal {
  return new Refusal('conflict', 'vlan_in_use', `VLAN ${label(vlan)} is used by ${usersText(users)}; ${hint}.`, [
    { field, message: `used by ${usersText(users)}` },
    { field: 'ports', message: `${users.ports.length} carry it` },
    ...(users.lags.length ? [{ field: 'lags', message: `${users.lags.length} carry it` }] : []),
    { field: 'networks', message: `${users.networks.length} are in it` },
    { field: 'switches', message: `${users.switches.length} configure it` },
  ]);
}

/** What uses a VLAN: the ports and LAGs that carry it, the networks in it, the switches that configure it. */
export interface VlanUsers {
  ports: string[];
  lags: string[];
  networks: string[];
  switches: string[];
}

/** The ports, LAGs, networks and switches that use a VLAN (what a delete must take it off, or refuse for). */
export function vlanUsers(db: Db, id: string): VlanUsers {
  return {
    ports: portIdsUsingVlan(db, id),
    lags: lagIdsUsingVlan(db, id),
    networks: networkIdsOfVlan(db, id),
    switches: switchIdsConfiguringVlan(db, id),
  };
}

/**
 * Deletes a VLAN after recording it, first taking it off every port and LAG that carries it and every switch that
 * configures it, and detaching its networks (they stay, without a VLAN), so that one entry brings all back.
 */
export function removeVlan(change: Change, id: string): VlanUsers {
  const users = vlanUsers(change.db, id);
  change.touch('vlan', id);
  change.touch('port', users.ports);
  change.touch('lag', users.lags);
  change.touch('switch', users.switches);
  change.touch('network', users.networks);
  for (const portId of users.ports) removeVlanFromPort(change.db, portId, id, change.now);
  for (const lagId of users.lags) removeVlanFromLag(change.db, lagId, id, change.now);
  for (const switchId of users.switches) removeVlanFromSwitch(change.db, switchId, id, change.now);
  detachNetworksFromVlan(change.db, id, change.now);
  deleteEntity(change.db, 'vlan', id);
  return users;
}
