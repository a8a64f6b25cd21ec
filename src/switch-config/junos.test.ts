// Golden file: test/fixtures/config/sw-hq-01.junos.txt, written by hand after Juniper's documentation, not by
// this code: the "vlans" statement reference for EX Series (vlan-name: letters, numbers, hyphens and periods, up
// to 255 characters; vlan-id), "interface-mode", "vlan members" (names, VLAN ids and ranges) and "native-vlan-id"
// at [edit interfaces interface-name] on platforms with ELS, "description" and "disable"; "#" comment lines,
// which "load merge terminal" discards; ports ge-0/0/0 upwards. sw-hq-03.junos.txt after "Configuring Aggregated
// Ethernet Interfaces" / "Configuring LACP" for EX Series: chassis aggregated-devices ethernet device-count (ae0 to
// ae<count - 1>), a member's ether-options 802.3ad ae<N> (no family of its own), and on ae<N>
// aggregated-ether-options lacp active | passive (none: static) with the unit 0 switching a port would have.
import { describe, expect, it } from 'vitest';
import { bareModel, configPort, ipv6ManagedModel, itRendersTheGoldenFiles } from '../../test/helpers/config-golden.ts';
import { junosVlanNames, renderJunos } from './junos.ts';

describe('Junos', () => {
  itRendersTheGoldenFiles('junos', renderJunos);

  it('writes an IPv6 management address on irb and its default route in inet6.0', () => {
    const text = renderJunos(ipv6ManagedModel());
    expect(text).toContain('    v99-Mgmt {\n        vlan-id 99;\n        l3-interface irb.99;\n    }\n');
    expect(text).toContain('    irb {\n        unit 99 {\n            family inet6 {\n                address 2001:db8::5/64;\n');
    expect(text).toContain('routing-options {\n    rib inet6.0 {\n        static {\n            route ::/0 next-hop 2001:db8::1;\n');
  });

  it('writes LACP passive, counts aggregated devices up to the highest ae number, and numbers a clashing LAG with the lowest free', () => {
    const member = (name: string, lag: string) => configPort(name, { lag });
    const text = renderJunos(
      bareModel({
        vlans: [],
        lags: [
          { name: 'ae7', description: 'to fw', mode: 'lacp-passive', portMode: 'access', untaggedVlan: null, taggedVlans: [] },
          { name: 'Po7', description: null, mode: 'static', portMode: 'access', untaggedVlan: null, taggedVlans: [] },
        ],
        ports: [member('xe-0/1/0', 'ae7'), member('xe-0/1/1', 'Po7')],
      }),
    );
    expect(text).toContain('chassis {\n    aggregated-devices {\n        ethernet {\n            device-count 8;\n');
    expect(text).toContain(
      '    xe-0/1/0 {\n        ether-options {\n            802.3ad ae7;\n        }\n    }\n' +
        '    xe-0/1/1 {\n        ether-options {\n            802.3ad ae0;\n',
    );
    expect(text).toContain(
      '    ae0 {\n        description "Po7";\n        unit 0 {\n            family ethernet-switching {\n' +
        '                interface-mode access;\n            }\n        }\n    }\n' +
        '    ae7 {\n        description "to fw";\n        aggregated-ether-options {\n            lacp {\n' +
        '                passive;\n            }\n        }\n        unit 0 {\n',
    );
  });

  it('writes no chassis statement for a switch without LAGs', () => {
    const text = renderJunos(bareModel({}));
    expect(text).not.toContain('chassis');
  });

  it.each<[string, string]>([
    ['Users', 'v10-Users'],
    ['Users_2', 'v10-Users-2'],
    ['  Büro / Gäste  ', 'v10-Buro-Gaste'],
    ['mgmt.v4', 'v10-mgmt.v4'],
    ['日本', 'v10'],
    ['---', 'v10'],
    ['a'.repeat(300), `v10-${'a'.repeat(251)}`],
  ])('VLAN 10 named %j is %j', (name, expected) => {
    const junos = junosVlanNames([{ vlanId: 10, name }]).get(10)!;
    expect(junos).toBe(expected);
    expect(junos).toMatch(/^[A-Za-z][A-Za-z0-9.-]{0,254}$/);
  });

  it('never gives two VLANs one name', () => {
    const names = junosVlanNames([
      { vlanId: 1, name: '0' },
      { vlanId: 10, name: '' },
      { vlanId: 11, name: 'x' },
      { vlanId: 1, name: '1-x' },
    ]);
    expect(new Set(names.values()).size).toBe(names.size);
  });

  it('writes a single trunk VLAN without brackets and leaves out members when a trunk has none', () => {
    const text = renderJunos(
      bareModel({
        vlans: [{ vlanId: 7, name: 'Seven' }],
        ports: [
          { name: 'xe-0/1/0', description: null, enabled: true, mode: 'trunk', untaggedVlan: null, taggedVlans: [7] },
          { name: 'xe-0/1/1', description: null, enabled: true, mode: 'trunk', untaggedVlan: null, taggedVlans: [] },
        ],
      }),
    );
    expect(text).toContain(
      '    xe-0/1/0 {\n        unit 0 {\n            family ethernet-switching {\n                interface-mode trunk;\n' +
        '                vlan {\n                    members 7;\n',
    );
    expect(text).toContain(
      '    xe-0/1/1 {\n        unit 0 {\n            family ethernet-switching {\n                interface-mode trunk;\n            }\n',
    );
  });
});
