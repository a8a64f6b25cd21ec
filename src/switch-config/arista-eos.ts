// Arista EOS configuration, after the Arista EOS User Manual ("Virtual LANs", "switchport trunk allowed vlan").
import { renderIosStyle, type IosStyle } from './ios-style.ts';
import type { ConfigModel } from './model.ts';
import { isIpv6, portNumber } from './text.ts';

const ARISTA_EOS: IosStyle = {
  dialect: 'arista-eos',
  indent: '   ',
  // A port named only by a number is EthernetN; on a further member of a stack (a modular chassis' card) EthernetU/N.
  interfaceName: (name, unit) => {
    const number = portNumber(name);
    if (number === undefined) return name;
    return unit === 1 ? `Ethernet${number}` : `Ethernet${unit}/${number}`;
  },
  managementAddress: (m) => `${isIpv6(m.address) ? 'ipv6' : 'ip'} address ${m.address}/${m.prefixLength}`,
  defaultGateway: (m) => (isIpv6(m.address) ? `ipv6 route ::/0 ${m.gateway}` : `ip route 0.0.0.0/0 ${m.gateway}`),
  builtInVlan: () => undefined,
  descriptionMax: 240,
  // "interface Port-Channel<N>" (EOS spells it with a capital C) and "channel-group <N> mode active|passive|on",
  // N from 1 to 2000.
  lagInterface: (number) => `Port-Channel${number}`,
  lagNumbers: { min: 1, max: 2000 },
};

/** Renders a switch as Arista EOS configuration text. */
export function renderAristaEos(model: ConfigModel): string {
  return renderIosStyle(model, ARISTA_EOS);
}
