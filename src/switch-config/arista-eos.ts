// Arista EOS configuration, after the Arista EOS User Manual ("Virtual LANs", "switchport trunk allowed vlan").
import { renderIosStyle, type IosStyle } from './ios-style.ts';
import type { ConfigModel } from './model.ts';
import { portNumber } from './text.ts';

const ARISTA_EOS: IosStyle = {
  dialect: 'arista-eos',
  indent: '   ',
  interfaceName: (name) => {
    const number = portNumber(name);
    return number === undefined ? name : `Ethernet${number}`;
  },
  builtInVlan: () => undefined,
  descriptionMax: 240,
};

/** Renders a switch as Arista EOS configuration text. */
export function renderAristaEos(model: ConfigModel): string {
  return renderIosStyle(model, ARISTA_EOS);
}
