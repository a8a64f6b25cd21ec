import { inventoryNames, inventoryPorts, inventorySwitches, inventoryVlans, type InventoryFilter } from '../db/read/tool-inventory.ts';
import type { FieldFault } from '../errors/refusal.ts';
import { validationFailed } from '../errors/http-error.ts';
import { SWITCH_ROLES, SWITCH_STATUSES } from '../fields/choices.ts';
import { queryOneOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { ansibleInventory, inventoryHostnames, oxidizedNodes } from '../lib/tool-inventory.ts';
import { ANSIBLE_INVENTORY, INVENTORY_QUERY, OXIDIZED_NODES } from './schemas/inventory.ts';

/** The inventories that other tools read (issue 43): Ansible's script inventory and Oxidized's HTTP source. */
export const INVENTORY_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/inventory/ansible',
    access: 'viewer',
    handler: ansibleGet,
    summary:
      "The switches as Ansible's script inventory reads it (contrib/ansible/switchyard_inventory.py prints it): groups by site, role, " +
      'vendor, model, tag and status (site_<name>, role_<name>…, each under sites, roles, vendors, models, tags, statuses), their ' +
      'names made of lower-case letters, digits and underscores, never starting with a digit; each host under _meta.hostvars with ' +
      'ansible_host (the management IP), ansible_network_os (from the vendor and model, else the template) and switchyard_* variables: ' +
      'id, site, model, the VLANs it carries and its ports with mode and VLANs. A host is named by the switch name with white space as -, ' +
      'and <name>.<site> where two sites have a switch of that name, whatever the filter. Filters: siteId, role, tag, status.',
    doc: { query: INVENTORY_QUERY, response: ANSIBLE_INVENTORY },
  },
  {
    method: 'GET',
    path: '/api/inventory/oxidized',
    access: 'viewer',
    handler: oxidizedGet,
    summary:
      "The switches with a management IP as Oxidized's HTTP source reads them: name (as in the Ansible inventory), ip, model " +
      "(Oxidized's model name, null when unknown) and group (the site's name). Filters: siteId, role, tag, status.",
    doc: { query: INVENTORY_QUERY, response: OXIDIZED_NODES },
  },
];

function ansibleGet(ctx: Ctx) {
  const filter = inventoryFilter(ctx);
  const db = ctx.app.db;
  const hostnames = inventoryHostnames(inventoryNames(db));
  return { body: ansibleInventory(inventorySwitches(db, filter), inventoryPorts(db, filter), inventoryVlans(db, filter), hostnames) };
}

function oxidizedGet(ctx: Ctx) {
  const db = ctx.app.db;
  return { body: oxidizedNodes(inventorySwitches(db, inventoryFilter(ctx)), inventoryHostnames(inventoryNames(db))) };
}

function inventoryFilter(ctx: Ctx): InventoryFilter {
  const faults: FieldFault[] = [];
  const siteId = uuidFilter(ctx, 'siteId');
  const role = queryOneOf(ctx, 'role', SWITCH_ROLES, faults);
  const status = queryOneOf(ctx, 'status', SWITCH_STATUSES, faults);
  const tag = ctx.query.get('tag') || undefined;
  if (tag !== undefined && tag.length > 100) faults.push({ field: 'tag', message: 'must be at most 100 characters' });
  if (faults.length) throw validationFailed(faults, 'The inventory filters are invalid.');
  return { siteId, role, status, tag };
}
