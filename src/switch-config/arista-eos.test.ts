// Golden file: test/fixtures/config/sw-hq-01.arista-eos.txt, written by hand after the Arista EOS User Manual,
// not by this code: chapter "Virtual LANs (VLANs)" (vlan <id>, name <label_text>) and the command entries
// "switchport access vlan", "switchport mode", "switchport trunk native vlan", "switchport trunk allowed vlan"
// (lists and ranges like 10-12,20; "add"; "none"), "description" and "shutdown (Interfaces)", with EOS'
// three-space indent and EthernetN interface names. sw-hq-03.arista-eos.txt after its chapter "Port Channels and
// LACP" (interface Port-Channel<N>; channel-group <N> mode active | passive | on on each member, the
// port-channel's switchport settings being those the channel uses).
import { describe, expect, it } from 'vitest';
import { bareModel, ipv6ManagedModel, itRendersTheGoldenFiles } from '../../test/helpers/config-golden.ts';
import { renderAristaEos } from './arista-eos.ts';

describe('Arista EOS', () => {
  itRendersTheGoldenFiles('arista-eos', renderAristaEos);

  it('writes an IPv6 management address and its default route the EOS way', () => {
    const text = renderAristaEos(ipv6ManagedModel());
    expect(text).toContain('interface Vlan99\n   ipv6 address 2001:db8::5/64\n   no shutdown\n!\nipv6 route ::/0 2001:db8::1\n!\nend\n');
  });

  it('writes LACP passive as "mode passive" on the member and calls the interface Port-Channel', () => {
    const text = renderAristaEos(
      bareModel({
        vlans: [{ vlanId: 5, name: 'Five' }],
        lags: [{ name: 'Po12', description: null, mode: 'lacp-passive', portMode: 'access', untaggedVlan: 5, taggedVlans: [] }],
        ports: [{ name: '9', description: null, enabled: true, mode: 'access', untaggedVlan: 5, taggedVlans: [], lag: 'Po12' }],
      }),
    );
    expect(text).toContain(
      'interface Port-Channel12\n   description Po12\n   switchport access vlan 5\n   switchport mode access\n   no shutdown\n!\n',
    );
    expect(text).toContain(
      'interface Ethernet9\n   switchport access vlan 5\n   switchport mode access\n   no shutdown\n   channel-group 12 mode passive\n!\n',
    );
  });

  it('names VLAN 1 like any other (EOS lets it be renamed) and uses a port name that is not a number as written', () => {
    const text = renderAristaEos(
      bareModel({
        vlans: [{ vlanId: 1, name: 'Native' }],
        ports: [{ name: 'Port-Channel10', description: null, enabled: false, mode: 'access', untaggedVlan: 1, taggedVlans: [] }],
      }),
    );
    expect(text).toContain('vlan 1\n   name Native\n!\n');
    expect(text).toContain('interface Port-Channel10\n   switchport access vlan 1\n   switchport mode access\n   shutdown\n!\n');
  });
});
