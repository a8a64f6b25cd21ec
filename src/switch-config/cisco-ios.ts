// Cisco IOS (Catalyst) configuration, after Cisco's "Configuring VLANs" guide and the "switchport" command reference.
import { renderIosStyle, type IosStyle } from './ios-style.ts';
import type { ConfigModel } from './model.ts';
import { portNumber } from './text.ts';

const CISCO_IOS: IosStyle = {
  dialect: 'cisco-ios',
  indent: ' ',
  // A port named only by a number is that front-panel port of the first member switch.
  interfaceName: (name) => {
    const number = portNumber(name);
    return number === undefined ? name : `GigabitEthernet1/0/${number}`;
  },
  // VLAN 1 and the token-ring/FDDI VLANs 1002-1005 always exist, and IOS refuses to rename them.
  builtInVlan: (vlanId) =>
    vlanId === 1 || (vlanId >= 1002 && vlanId <= 1005) ? `VLAN ${vlanId} is built in; IOS does not let its name be changed` : undefined,
  descriptionMax: 240,
};

/** Renders a switch as Cisco IOS configuration text. */
export function renderCiscoIos(model: ConfigModel): string {
  return renderIosStyle(model, CISCO_IOS);
}
