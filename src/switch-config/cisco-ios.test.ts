// Golden file: test/fixtures/config/sw-hq-01.cisco-ios.txt, written by hand after Cisco's documentation, not by
// this code: "Catalyst 3750 Switch Software Configuration Guide", chapter "Configuring VLANs" (vlan <id> /
// name <vlan-name>, an ASCII string of 1 to 32 characters; VLAN 1 and 1002-1005 cannot be renamed), and the
// "Catalyst 3750 Switch Command Reference" entries "switchport access vlan", "switchport mode" and
// "switchport trunk" (native vlan; allowed vlan with comma-separated lists and hyphenated ranges, no spaces,
// "add" and "none"), "description" and "shutdown". sw-hq-03.cisco-ios.txt after the same guide's chapter
// "Configuring EtherChannels" (interface port-channel; channel-group <number> mode active | passive | on on each
// member, whose switchport mode and VLANs must match the port-channel's, else IOS suspends it).
import { describe, expect, it } from 'vitest';
import { bareModel, configLag, configPort, ipv6ManagedModel, itRendersTheGoldenFiles } from '../../test/helpers/config-golden.ts';
import { renderCiscoIos } from './cisco-ios.ts';
import type { ConfigLagMode } from './model.ts';

describe('Cisco IOS', () => {
  itRendersTheGoldenFiles('cisco-ios', renderCiscoIos);

  it('writes an IPv6 management address with its prefix and the default route to the gateway', () => {
    const text = renderCiscoIos(ipv6ManagedModel());
    expect(text).toContain('interface Vlan99\n ipv6 address 2001:db8::5/64\n no shutdown\n!\nipv6 route ::/0 2001:db8::1\n!\nend\n');
  });

  it('writes no default gateway when the management network has none, and a port of stack member 3 as GigabitEthernet3/0/N', () => {
    const text = renderCiscoIos(
      bareModel({
        management: { vlanId: 5, address: '10.0.5.9', prefixLength: 23, gateway: null },
        ports: [{ name: '7', unit: 3, description: null, enabled: true, mode: 'access', untaggedVlan: 5, taggedVlans: [] }],
      }),
    );
    expect(text).toContain('interface GigabitEthernet3/0/7\n');
    expect(text).toContain('interface Vlan5\n ip address 10.0.5.9 255.255.254.0\n no shutdown\n!\nend\n');
    expect(text).not.toContain('default-gateway');
  });

  it('does not define or rename VLAN 1 and 1002-1005, which IOS keeps for itself', () => {
    const text = renderCiscoIos(
      bareModel({
        vlans: [
          { vlanId: 1, name: 'Default' },
          { vlanId: 1002, name: 'fddi' },
          { vlanId: 1006, name: 'Ext' },
        ],
      }),
    );
    expect(text).not.toMatch(/^vlan 1$/m);
    expect(text).not.toMatch(/^vlan 1002$/m);
    expect(text).toContain('! VLAN 1 is built in; IOS does not let its name be changed\n');
    expect(text).toContain('vlan 1006\n name Ext\n');
  });

  it('says "none" for a trunk that carries no VLAN (no list would mean all of them)', () => {
    const text = renderCiscoIos(
      bareModel({ ports: [{ name: 'Gi1/0/9', description: null, enabled: true, mode: 'trunk', untaggedVlan: null, taggedVlans: [] }] }),
    );
    expect(text).toContain('interface Gi1/0/9\n switchport trunk allowed vlan none\n switchport mode trunk\n no shutdown\n');
  });

  it('continues a long allowed list with "add", never splitting a range', () => {
    const odd = Array.from({ length: 60 }, (_, i) => 101 + 2 * i);
    const text = renderCiscoIos(
      bareModel({
        ports: [
          { name: 'Te1/1/1', description: null, enabled: true, mode: 'trunk', untaggedVlan: null, taggedVlans: [...odd, 500, 501, 502] },
        ],
      }),
    );
    const lines = text.split('\n').filter((line) => line.includes('allowed vlan'));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^ switchport trunk allowed vlan 101,103,/);
    expect(lines.slice(1).every((line) => line.startsWith(' switchport trunk allowed vlan add '))).toBe(true);
    expect(lines.every((line) => line.length <= ' switchport trunk allowed vlan add '.length + 80)).toBe(true);
    const listed = lines
      .map((line) => line.split(' ').at(-1))
      .join(',')
      .split(',');
    expect(listed).toEqual([...odd.map(String), '500-502']);
  });

  it('writes LACP passive as "mode passive", numbers a LAG named ae0 from 1 (Port-channel0 does not exist), and lists port-channels by number', () => {
    const member = (name: string, lag: string) => configPort(name, { mode: 'trunk', taggedVlans: [7], lag });
    const lag = (name: string, mode: ConfigLagMode) => configLag(name, { mode, portMode: 'trunk', taggedVlans: [7] });
    const text = renderCiscoIos(
      bareModel({
        vlans: [{ vlanId: 7, name: 'Seven' }],
        lags: [lag('ae0', 'lacp-passive'), lag('Po1', 'static')],
        ports: [member('Gi1/0/1', 'ae0'), member('Gi1/0/2', 'Po1')],
      }),
    );
    expect(text).toContain(
      'interface Port-channel1\n description Po1\n switchport trunk allowed vlan 7\n switchport mode trunk\n no shutdown\n!\n' +
        'interface Port-channel2\n description ae0\n',
    );
    expect(text).toContain(
      'interface Gi1/0/1\n switchport trunk allowed vlan 7\n switchport mode trunk\n no shutdown\n channel-group 2 mode passive\n!\n',
    );
    expect(text).toContain(
      'interface Gi1/0/2\n switchport trunk allowed vlan 7\n switchport mode trunk\n no shutdown\n channel-group 1 mode on\n!\n',
    );
  });

  it('keeps descriptions and names on one line, so no text can add a command', () => {
    const text = renderCiscoIos(
      bareModel({
        switchName: 'evil\nend',
        vlans: [{ vlanId: 5, name: 'a\nshutdown' }],
        ports: [
          { name: '1', description: 'x\r\ninterface Vlan1\n shutdown', enabled: true, mode: 'access', untaggedVlan: 5, taggedVlans: [] },
        ],
      }),
    );
    expect(text).toContain(' name a_shutdown\n');
    expect(text).toContain(' description x interface Vlan1 shutdown\n');
    expect(text.split('\n').filter((line) => line === 'end' || line === ' shutdown')).toEqual(['end']);
  });
});
