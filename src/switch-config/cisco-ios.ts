// Cisco IOS (Catalyst) configuration, after Cisco's "Configuring VLANs" guide and the "switchport" command reference.
import { renderIosStyle, type IosStyle } from './ios-style.ts';
import type { ConfigModel } from './model.ts';
import { ipv4Netmask, isIpv6, portNumber } from './text.ts';

const CISCO_IOS: IosStyle = {
  dialect: 'cisco-ios',
  indent: ' ',
  // A port named only by a number is that front-panel port of its stack member (the first one when not stacked).
  interfaceName: (name, unit) => {
    const number = portNumber(name);
    return number === undefined ? name : `GigabitEthernet${unit}/0/${number}`;
  },
  // IPv4 with a netmask; IPv6 with its prefix length. A switch that does not route takes "ip default-gateway".
  managementAddress: (m) =>
    isIpv6(m.address) ? `ipv6 address ${m.address}/${m.prefixLength}` : `ip address ${m.address} ${ipv4Netmask(m.prefixLength)}`,
  defaultGateway: (m) => (isIpv6(m.address) ? `ipv6 route ::/0 ${m.gateway}` : `ip default-gateway ${m.gateway}`),
  // VLAN 1 and the token-ring/FDDI VLANs 1002-1005 always exist, and IOS refuses to rename them.
  builtInVlan: (vlanId) =>
    vlanId === 1 || (vlanId >= 1002 && vlanId <= 1005) ? `VLAN ${vlanId} is built in; IOS does not let its name be changed` : undefined,
  descriptionMax: 240,
  // "interface Port-channel<N>" and "channel-group <N> mode active|passive|on": the widest IOS range is 1-256
  // (Catalyst 6500; smaller switches take fewer).
  lagInterface: (number) => `Port-channel${number}`,
  lagNumbers: { min: 1, max: 256 },
};

/** Renders a switch as Cisco IOS configuration text. */
export function renderCiscoIos(model: ConfigModel): string {
  return renderIosStyle(model, CISCO_IOS);
}
