// The IP addresses recorded in networks (docs/IPAM.md): a usable host of the network's subnet, unique in it (409
// address_taken), outside its DHCP ranges (409 in_dhcp_range), on a port of the network's site; a switch's
// management address follows the switch (409 managed_by_switch). The next free address of a network is recorded
// here too.
import { randomUUID } from 'node:crypto';
import {
  addressConflict,
  addressToApi,
  getAddress,
  insertAddress,
  removeAddress,
  type AddressRow,
  type AddressValues,
} from '../db/addresses.ts';
import { recordChange, type Actor } from '../db/change.ts';
import { getNetwork, nextFreeAddress, type NetworkRow } from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { defaultColumns, faultOf, formedRefusal, toColumns, validateInput } from '../fields/field.ts';
import { addressRuleFaults } from '../fields/record-rules.ts';
import { databaseLookups } from './lookups.ts';
import { networkLabel } from './networks.ts';
import { childWritesOf, refuseInvalid, type DomainKind, type Writes } from './save.ts';

/**
 * The writes of addresses, each under its network; a switch's management address changes its address and goes only
 * through the switch (409 managed_by_switch).
 */
export const ADDRESS_WRITES: Writes<undefined, NetworkRow, string> = childWritesOf(
  addressesOf,
  { what: ADDRESS.type, get: getAddress, parentOf: (db, address) => getNetwork(db, address.network_id)! },
  (change, address) => {
    if (address.switch_id) throw managedBySwitch(address, 'managed_by_switch.delete');
    removeAddress(change, address.id);
    return '';
  },
);

/**
 * Records the lowest free address of the network with the input's fields (an address's, without `address`), in
 * one change: its new id, or 409 network_full.
 */
export function recordNextAddress(db: Db, actor: Actor, network: NetworkRow, input: unknown): string {
  const values = nextAddressValues(db, network, input);
  const id = randomUUID();
  recordChange(db, actor, (change) => {
    const address = nextFreeAddress(change.db, network);
    if (address === undefined) throw networkFull(network);
    change.touch('address', id);
    insertAddress(change.db, id, { ...values, address, network_id: network.id }, change.now);
    return {
      activity: {
        action: 'create',
        entityType: 'address',
        entityId: id,
        entityName: address,
        siteId: network.site_id,
        summary: `Created address ${address}${values.hostname ? ` (${values.hostname})` : ''} in ${network.name}, the next free one`,
      },
      result: address,
    };
  });
  return id;
}

/** The addresses of one network: their rules and entries name it. */
function addressesOf(network: NetworkRow): DomainKind<AddressRow, AddressValues> {
  return {
    resource: ADDRESS,
    toApi: addressToApi,
    insert: (db, id, values, now) => insertAddress(db, id, { ...values, network_id: network.id }, now),
    ruleFaults: (db, address, checked) => judgeAddress(db, network, address, checked.faults),
    clashes: (db, values, id) => {
      const conflict = addressConflict(db, network.id, values.address, id);
      if (conflict) throw conflict;
      return [];
    },
    refuseUpdate: (_db, address, values) => {
      if (address.switch_id && values.address !== address.address) throw managedBySwitch(address, 'managed_by_switch.change');
    },
    entity: (address) => ({ name: address.address, siteId: network.site_id, label: label(address, network) }),
  };
}

/** The input of a next-free call, checked as an address's fields without `address` (400), with the defaults of a create. */
function nextAddressValues(db: Db, network: NetworkRow, input: unknown): Omit<AddressValues, 'address'> {
  const body = input ?? {};
  const checked = validateInput(ADDRESS, body, 'patch');
  const faults = [...checked.faults];
  if (typeof body === 'object' && body !== null && Object.hasOwn(body, 'address'))
    faults.push(faultOf('address', 'address_chosen_by_server'));
  faults.push(...judgeAddress(db, network, checked.values, faults));
  refuseInvalid(faults);
  return { ...defaultColumns(ADDRESS), ...toColumns(ADDRESS, checked.values) } as Omit<AddressValues, 'address'>;
}

/** An address of `network` by its kind's rules (fields/record-rules.ts), but for the fields refused already. */
function judgeAddress(db: Db, network: NetworkRow, address: Record<string, unknown>, faults: FieldFault[]): FieldFault[] {
  const refused = new Set(faults.map((fault) => fault.field));
  return addressRuleFaults({ ...address, networkId: network.id }, databaseLookups(db, { network }), { symmetric: false, refused });
}

function label(address: Pick<AddressValues, 'address' | 'hostname'>, network: NetworkRow): string {
  return `${address.address}${address.hostname ? ` (${address.hostname})` : ''} in ${network.name}`;
}

/** 409 managed_by_switch: a switch's management address follows the switch. */
function managedBySwitch(address: AddressRow, form: 'managed_by_switch.delete' | 'managed_by_switch.change'): Refusal {
  const params = { address: address.address, switch: address.switch_id! };
  return formedRefusal('conflict', form, params, [faultOf('address', 'management_address_of', { switch: address.switch_id! })]);
}

/** 409 network_full: no usable address is left outside the ranges, the gateway and the recorded ones. */
function networkFull(network: NetworkRow): Refusal {
  return new Refusal(
    'conflict',
    'network_full',
    `The network ${networkLabel(network)} has no free address: every usable one is recorded, in a range or the gateway.`,
  );
}
