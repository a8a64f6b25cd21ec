import { describe, expect, it } from 'vitest';
import {
  ansibleGroupName,
  ansibleInventory,
  ansibleNetworkOs,
  inventoryHostnames,
  oxidizedModel,
  type InventorySwitch,
} from './tool-inventory.ts';

const sw = (fields: Partial<InventorySwitch>): InventorySwitch => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'sw',
  siteId: '00000000-0000-4000-8000-0000000000aa',
  siteName: 'HQ',
  vendor: null,
  model: null,
  templateVendor: null,
  templateModel: null,
  role: null,
  status: 'active',
  tags: [],
  managementIp: null,
  ...fields,
});

describe('group names made safe for Ansible', () => {
  it.each([
    ['HQ Berlin', 'hq_berlin'],
    ['site_2nd Floor', 'site_2nd_floor'],
    ['2nd Floor', '_2nd_floor'],
    ['Zürich – Büro', 'zurich_buro'],
    ['model_C9300-48P', 'model_c9300_48p'],
    ['--', '_'],
  ])('%s -> %s', (text, name) => {
    expect(ansibleGroupName(text)).toBe(name);
    expect(ansibleGroupName(text)).toMatch(/^[a-z_][a-z0-9_]*$/);
  });
});

describe('the platform of a switch, by its vendor and model, else its template', () => {
  it.each<[Partial<InventorySwitch>, string | undefined, string | undefined]>([
    [{ vendor: 'Cisco', model: 'C9300-48P' }, 'cisco.ios.ios', 'ios'],
    [{ vendor: 'Cisco', model: 'Nexus 93180YC' }, 'cisco.nxos.nxos', 'nxos'],
    [{ vendor: 'Cisco', model: 'CBS350-24P' }, 'community.ciscosmb.ciscosmb', 'ciscosmb'],
    [{ vendor: 'Arista', model: '7050SX3' }, 'arista.eos.eos', 'eos'],
    [{ vendor: 'Juniper Networks', model: 'EX2300-24T' }, 'junipernetworks.junos.junos', 'junos'],
    [{ vendor: 'Aruba', model: '6300M' }, 'arubanetworks.aoscx.aoscx', 'aoscx'],
    [{ vendor: 'HPE Aruba', model: '2930F-48G' }, 'arubanetworks.aos_switch.arubaoss', 'procurve'],
    [{ vendor: 'HP', model: 'ProCurve 2810' }, 'arubanetworks.aos_switch.arubaoss', 'procurve'],
    [{ vendor: 'MikroTik', model: 'CRS326' }, 'community.routeros.routeros', 'routeros'],
    [{ vendor: 'TP-Link', model: 'TL-SG3428' }, undefined, 'tplink'],
    [{ vendor: null, templateVendor: 'Arista', templateModel: '720XP' }, 'arista.eos.eos', 'eos'],
    [{ vendor: 'Acme', model: 'X1', templateVendor: 'Juniper' }, 'junipernetworks.junos.junos', 'junos'],
    [{ vendor: 'Acme', model: 'X1' }, undefined, undefined],
  ])('%o', (fields, networkOs, model) => {
    expect(ansibleNetworkOs(sw(fields))).toBe(networkOs);
    expect(oxidizedModel(sw(fields))).toBe(model);
  });
});

describe('inventory hostnames', () => {
  it('are the names with white space as -, with the site where two sites share a name', () => {
    const names = inventoryHostnames([
      sw({ id: 'a1', name: 'edge 1', siteName: 'HQ' }),
      sw({ id: 'b1', name: 'core', siteName: 'HQ' }),
      sw({ id: 'c1', name: 'CORE', siteName: '2nd Floor' }),
    ]);
    expect([...names.values()]).toEqual(['edge-1', 'core.hq', 'CORE.2nd-floor']);
  });
});

describe('the script inventory', () => {
  it('lists each kind of group under its parent, and a switch without a management IP without ansible_host', () => {
    const switches = [
      sw({ id: 'a1', name: 'core', role: 'core', vendor: 'Cisco', model: 'C9300', tags: ['Backbone', 'pci'], managementIp: '10.0.0.1' }),
      sw({ id: 'a2', name: 'lab', status: 'planned' }),
    ];
    const inventory = ansibleInventory(
      switches,
      [
        {
          switchId: 'a1',
          name: 'Gi1/0/1',
          type: 'rj45',
          mode: 'trunk',
          enabled: true,
          description: null,
          untaggedVlan: 10,
          taggedVlans: [20, 30],
          lag: null,
        },
      ],
      [{ switchId: 'a1', vid: 10, name: 'Users' }],
      inventoryHostnames(switches),
    ) as any;
    expect(inventory.sites).toEqual({ hosts: [], children: ['site_hq'], vars: {} });
    expect(inventory.site_hq.hosts).toEqual(['core', 'lab']);
    expect(inventory.tags.children).toEqual(['tag_backbone', 'tag_pci']);
    expect(inventory.statuses.children).toEqual(['status_active', 'status_planned']);
    expect(inventory.roles.children).toEqual(['role_core']);
    expect(inventory._meta.hostvars.core).toMatchObject({
      ansible_host: '10.0.0.1',
      ansible_network_os: 'cisco.ios.ios',
      switchyard_vlans: [{ vid: 10, name: 'Users' }],
      switchyard_ports: [{ name: 'Gi1/0/1', mode: 'trunk', untagged_vlan: 10, tagged_vlans: [20, 30] }],
    });
    expect(inventory._meta.hostvars.lab).not.toHaveProperty('ansible_host');
    expect(inventory._meta.hostvars.lab).not.toHaveProperty('ansible_network_os');
  });
});
