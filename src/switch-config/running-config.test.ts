// The readers of running configurations, on configurations written after each dialect's command reference (Cisco
// "Configuring EtherChannels" and "switchport trunk allowed vlan" with add/remove/all/none; Arista EOS "Port
// Channels"; NX-OS "vrf context management"; Aruba CX "interface lag", "vlan trunk allowed", "interface mgmt";
// Junos "aggregated-ether-options lacp", "ether-options 802.3ad", "family ethernet-switching", "l3-interface").
// The real configurations are read in test/switch-config/running-configs.test.ts.
import { describe, expect, it } from 'vitest';
import type { ObservedSwitch } from '../discovery/observed.ts';
import { RUNNING_CONFIG_DIALECTS, readRunningConfig } from './running-config.ts';

/** A port's mode and VLANs as one line: `trunk 10 / 20,30` (untagged / tagged), `access 5`, `routed`. */
function vlansOf(observed: ObservedSwitch, name: string): string {
  const port = observed.ports.find((candidate) => candidate.name === name);
  if (!port) return 'missing';
  const entry = observed.membership.find((candidate) => candidate.ifIndex === port.ifIndex);
  if (!entry) return 'routed';
  return entry.trunk ? `trunk ${entry.untagged ?? '-'} / ${entry.tagged.join(',')}` : `access ${entry.untagged ?? '-'}`;
}

/** The LAGs, the management address and the default gateway, as one value to compare. */
function uplinkOf(observed: ObservedSwitch) {
  return { lags: lagsOf(observed), management: observed.management, gateway: observed.defaultGateway };
}

function lagsOf(observed: ObservedSwitch): { lag: string; members: string[]; mode?: string }[] {
  const nameOf = (ifIndex: number) => observed.ports.find((port) => port.ifIndex === ifIndex)?.name ?? '?';
  return observed.lags.map((lag) => ({
    lag: nameOf(lag.ifIndex),
    members: lag.memberIfIndexes.map(nameOf),
    ...(lag.mode ? { mode: lag.mode } : {}),
  }));
}

const IOS = `!
hostname acc-1
!
vlan 10
 name users
vlan 20
 name voice
vlan 30
 name servers
!
interface Port-channel1
 description uplink
 switchport trunk allowed vlan 10,20
 switchport trunk allowed vlan add 30
 switchport mode trunk
!
interface GigabitEthernet1/0/1
 description desk 1
 switchport access vlan 10
 switchport voice vlan 20
 switchport mode access
 spanning-tree portfast
!
interface GigabitEthernet1/0/2
 switchport trunk native vlan 10
 switchport trunk allowed vlan 1-20
 switchport trunk allowed vlan remove 20
 switchport mode trunk
 shutdown
!
interface GigabitEthernet1/0/3
 switchport trunk allowed vlan none
 switchport mode trunk
!
interface GigabitEthernet1/0/4
 switchport mode trunk
!
interface GigabitEthernet1/0/47
 switchport mode trunk
 channel-group 1 mode active
!
interface GigabitEthernet1/0/48
 switchport mode trunk
 channel-group 1 mode active
!
interface Vlan30
 ip address 192.0.2.10 255.255.255.0
!
ip default-gateway 192.0.2.1
banner motd ^C
Authorised use only
^C
end
`;

describe('readRunningConfig: Cisco IOS', () => {
  const { observed, unknownLines, unknown } = readRunningConfig(IOS, 'cisco-ios');

  it('reads the hostname, the VLANs with their names (VLAN 1 is built in) and every port in order, numbered from 1', () => {
    expect(observed.system.sysName).toBe('acc-1');
    expect(observed.vlans).toEqual([
      { vid: 1, name: 'default' },
      { vid: 10, name: 'users' },
      { vid: 20, name: 'voice' },
      { vid: 30, name: 'servers' },
    ]);
    expect(observed.ports.map((port) => [port.ifIndex, port.name, port.ifType])).toEqual([
      [1, 'Port-channel1', 161],
      [2, 'GigabitEthernet1/0/1', 6],
      [3, 'GigabitEthernet1/0/2', 6],
      [4, 'GigabitEthernet1/0/3', 6],
      [5, 'GigabitEthernet1/0/4', 6],
      [6, 'GigabitEthernet1/0/47', 6],
      [7, 'GigabitEthernet1/0/48', 6],
      [8, 'Vlan30', 53],
    ]);
  });

  it('reads modes and VLANs: add and remove lines, none, a trunk without a list (every VLAN), the native VLAN', () => {
    expect(vlansOf(observed, 'Port-channel1')).toBe('trunk - / 10,20,30');
    expect(vlansOf(observed, 'GigabitEthernet1/0/1')).toBe('access 10');
    expect(observed.membership.find((entry) => entry.ifIndex === 2)?.voiceVlan).toBe(20);
    expect(vlansOf(observed, 'GigabitEthernet1/0/2')).toBe('trunk 10 / 1');
    expect(vlansOf(observed, 'GigabitEthernet1/0/3')).toBe('trunk - / ');
    expect(vlansOf(observed, 'GigabitEthernet1/0/4')).toBe('trunk 1 / 10,20,30');
    expect(vlansOf(observed, 'Vlan30')).toBe('routed');
  });

  it('reads descriptions, shutdown, the LAG with its LACP mode, the management SVI and the default gateway', () => {
    expect(observed.ports[1]).toMatchObject({ description: 'desk 1', adminUp: true });
    expect(observed.ports[2].adminUp).toBe(false);
    expect(lagsOf(observed)).toEqual([
      { lag: 'Port-channel1', members: ['GigabitEthernet1/0/47', 'GigabitEthernet1/0/48'], mode: 'lacp-active' },
    ]);
    expect(observed.management).toEqual({ ifIndex: 8, address: '192.0.2.10', prefixLength: 24, vlan: 30 });
    expect(observed.defaultGateway).toBe('192.0.2.1');
  });

  it('counts and lists the lines it does not read, with their line numbers', () => {
    expect(unknown.map((line) => line.text)).toEqual(['spanning-tree portfast', 'banner motd ^C', 'Authorised use only', '^C']);
    expect(unknownLines).toBe(4);
    expect(unknown[0].line).toBe(IOS.split('\n').indexOf(' spanning-tree portfast') + 1);
  });
});

describe('readRunningConfig: Arista EOS, NX-OS and Aruba CX', () => {
  it('reads an EOS port-channel whose members join it passively, and the default route', () => {
    const text = [
      'hostname leaf-1',
      'interface Port-Channel10',
      '   switchport mode trunk',
      'interface Ethernet1',
      '   channel-group 10 mode passive',
      'interface Ethernet2',
      '   channel-group 10 mode passive',
      'interface Management1',
      '   ip address 198.51.100.5/24',
      'ip route 0.0.0.0/0 198.51.100.1',
    ].join('\n');
    const { observed, unknownLines } = readRunningConfig(text, 'arista-eos');
    expect(unknownLines).toBe(0);
    expect(uplinkOf(observed)).toEqual({
      lags: [{ lag: 'Port-Channel10', members: ['Ethernet1', 'Ethernet2'], mode: 'lacp-passive' }],
      management: { ifIndex: 4, address: '198.51.100.5', prefixLength: 24 },
      gateway: '198.51.100.1',
    });
  });

  it("reads NX-OS: a static channel-group, switched and routed ports, and the management VRF's default route", () => {
    const text = [
      'hostname n9k',
      'vlan 1,100-101',
      'vlan 100',
      '  name data',
      'vrf context management',
      '  ip route 0.0.0.0/0 10.0.0.1',
      'interface Ethernet1/1',
      '  switchport',
      '  switchport mode trunk',
      '  switchport trunk allowed vlan 100-101',
      '  channel-group 5',
      'interface Ethernet1/2',
      '  no switchport',
      '  ip address 10.9.9.1/30',
      'interface mgmt0',
      '  vrf member management',
      '  ip address 10.0.0.5/24',
    ].join('\n');
    const { observed } = readRunningConfig(text, 'nxos');
    expect(uplinkOf(observed)).toEqual({
      lags: [{ lag: 'port-channel5', members: ['Ethernet1/1'], mode: 'static' }],
      management: { ifIndex: 4, address: '10.0.0.5', prefixLength: 24 },
      gateway: '10.0.0.1',
    });
    expect(observed.vlans).toEqual([
      { vid: 1, name: 'default' },
      { vid: 100, name: 'data' },
      { vid: 101, name: null },
    ]);
    expect(vlansOf(observed, 'Ethernet1/1')).toBe('trunk - / 100,101');
    expect(vlansOf(observed, 'Ethernet1/2')).toBe('routed');
  });

  it('reads Aruba CX: a LAG with LACP, its VLANs, ports that are down unless they say no shutdown, the mgmt port', () => {
    const text = [
      'hostname cx-1',
      'vlan 1,10,20',
      'vlan 10',
      '    name staff',
      'interface mgmt',
      '    no shutdown',
      '    ip static 10.1.1.2/24',
      '    default-gateway 10.1.1.1',
      'interface lag 1',
      '    no shutdown',
      '    no routing',
      '    vlan trunk native 1',
      '    vlan trunk allowed 10,20',
      '    lacp mode active',
      'interface 1/1/1',
      '    no shutdown',
      '    vlan access 10',
      'interface 1/1/2',
      '    description spare',
      'interface 1/1/49',
      '    no shutdown',
      '    lag 1',
      'interface 1/1/50',
      '    no shutdown',
      '    lag 1',
    ].join('\n');
    const { observed } = readRunningConfig(text, 'aruba-cx');
    expect(vlansOf(observed, 'lag1')).toBe('trunk - / 10,20');
    expect(vlansOf(observed, '1/1/1')).toBe('access 10');
    expect(observed.ports.find((port) => port.name === '1/1/2')?.adminUp).toBe(false);
    expect(uplinkOf(observed)).toEqual({
      lags: [{ lag: 'lag1', members: ['1/1/49', '1/1/50'], mode: 'lacp-active' }],
      management: { ifIndex: 1, address: '10.1.1.2', prefixLength: 24 },
      gateway: '10.1.1.1',
    });
  });
});

const JUNOS = `system {
    host-name ex-1;
}
chassis {
    aggregated-devices {
        ethernet {
            device-count 1;
        }
    }
}
interfaces {
    ge-0/0/0 {
        description "desk 1";
        unit 0 {
            family ethernet-switching {
                interface-mode access;
                vlan {
                    members users;
                }
            }
        }
    }
    ge-0/0/1 {
        disable;
        native-vlan-id 10;
        unit 0 {
            family ethernet-switching {
                interface-mode trunk;
                vlan {
                    members [ users 20-21 ];
                }
            }
        }
    }
    inactive: ge-0/0/2 {
        description "not in effect";
    }
    ge-0/0/46 {
        ether-options {
            802.3ad ae0;
        }
    }
    ge-0/0/47 {
        ether-options {
            802.3ad ae0;
        }
    }
    ae0 {
        aggregated-ether-options {
            lacp {
                active;
            }
        }
        unit 0 {
            family ethernet-switching {
                interface-mode trunk;
                vlan {
                    members all;
                }
            }
        }
    }
    irb {
        unit 10 {
            family inet {
                address 192.0.2.20/24;
            }
        }
    }
}
routing-options {
    static {
        route 0.0.0.0/0 next-hop 192.0.2.1;
    }
}
vlans {
    users {
        vlan-id 10;
        l3-interface irb.10;
    }
    voice {
        vlan-id 20;
    }
    cameras {
        vlan-id 21;
    }
}
`;

describe('readRunningConfig: Junos', () => {
  it('reads the curly-brace form: VLANs by name, access and trunk ports, the ae and its members, irb and the default route', () => {
    const { observed, unknown } = readRunningConfig(JUNOS, 'junos');
    expect(observed.system.sysName).toBe('ex-1');
    expect(observed.vlans).toEqual([
      { vid: 10, name: 'users' },
      { vid: 20, name: 'voice' },
      { vid: 21, name: 'cameras' },
    ]);
    expect(vlansOf(observed, 'ge-0/0/0')).toBe('access 10');
    expect(observed.ports.find((port) => port.name === 'ge-0/0/0')?.description).toBe('desk 1');
    expect(vlansOf(observed, 'ge-0/0/1')).toBe('trunk 10 / 20,21');
    expect(observed.ports.find((port) => port.name === 'ge-0/0/1')?.adminUp).toBe(false);
    expect(vlansOf(observed, 'ge-0/0/2')).toBe('missing');
    expect(vlansOf(observed, 'ae0')).toBe('trunk - / 10,20,21');
    expect(lagsOf(observed)).toEqual([{ lag: 'ae0', members: ['ge-0/0/46', 'ge-0/0/47'], mode: 'lacp-active' }]);
    expect(observed.management).toMatchObject({ address: '192.0.2.20', prefixLength: 24, vlan: 10 });
    expect(observed.defaultGateway).toBe('192.0.2.1');
    expect(unknown.map((line) => line.text)).toEqual(['chassis aggregated-devices ethernet device-count 1']);
  });

  it('reads the set form as the same statements', () => {
    const text = [
      'set system host-name ex-2',
      'set vlans users vlan-id 10',
      'set interfaces ge-0/0/0 description "desk 1"',
      'set interfaces ge-0/0/0 unit 0 family ethernet-switching vlan members users',
      'set interfaces ge-0/0/5 ether-options 802.3ad ae1',
      'set interfaces ae1 unit 0 family ethernet-switching interface-mode trunk',
      'set interfaces ae1 unit 0 family ethernet-switching vlan members 10',
      'set routing-options static route 0.0.0.0/0 next-hop 192.0.2.1',
      'set protocols lldp interface all',
    ].join('\n');
    const { observed, unknownLines } = readRunningConfig(text, 'junos');
    expect(observed.system.sysName).toBe('ex-2');
    expect(vlansOf(observed, 'ge-0/0/0')).toBe('access 10');
    expect(lagsOf(observed)).toEqual([{ lag: 'ae1', members: ['ge-0/0/5'] }]);
    expect(vlansOf(observed, 'ae1')).toBe('trunk - / 10');
    expect(observed.defaultGateway).toBe('192.0.2.1');
    expect(unknownLines).toBe(1);
  });
});

describe('readRunningConfig on anything', () => {
  it('lists no secret among the lines it does not read, even of a configuration not masked before', () => {
    const ios = readRunningConfig('snmp-server community s3cret RO\nusername a secret 9 $9$h4sh', 'cisco-ios');
    const junos = readRunningConfig('snmp {\n    community s3cret {\n        authorization read-only;\n    }\n}', 'junos');
    for (const { unknown } of [ios, junos]) expect(JSON.stringify(unknown)).not.toMatch(/s3cret|h4sh/);
    expect(junos.unknown[0].text).toMatch(/^snmp community <masked sha256:[0-9a-f]{8}> authorization read-only$/);
  });

  const garbage = [
    '',
    '}}}{{{',
    'interface\nvlan\nvlan 99999\nswitchport trunk allowed vlan add\n channel-group\n',
    'interface Gi1\n switchport access vlan 0\n switchport trunk allowed vlan 5-2\n ip address 300.1.1.1 255.0.255.0\n',
    'set\nset interfaces\nset vlans x vlan-id\ninterfaces { ge-0/0/0 { unit { family; } }',
    '\u0000\u0001\ufffd\r\n\t!',
  ];
  it.each(RUNNING_CONFIG_DIALECTS)('never throws in %s, and counts what it cannot read', (dialect) => {
    for (const text of garbage) {
      const reading = readRunningConfig(text, dialect);
      expect(reading.unknownLines).toBeGreaterThanOrEqual(reading.unknown.length);
    }
    expect(readRunningConfig(garbage[3], dialect).unknownLines).toBeGreaterThan(0);
  });
});
