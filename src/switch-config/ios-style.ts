// The IOS-style command language Cisco IOS and Arista EOS share; each dialect file fills in what differs.
import type { ConfigManagement, ConfigModel, ConfigPort } from './model.ts';
import { checkConfigModel, cliLine, configText, headerLines, hostName, iosVlanNames, rangeLines, trunkVlans, unitOf } from './text.ts';

/** What differs between two IOS-style dialects. */
export interface IosStyle {
  dialect: string;
  /** The indent of the lines inside a `vlan` or `interface` block. */
  indent: string;
  /** The interface a port name stands for, on stack member `unit`. */
  interfaceName(portName: string, unit: number): string;
  /** The line inside `interface Vlan<vid>` that gives the management address. */
  managementAddress(management: ConfigManagement): string;
  /** The global line that sets the default gateway. */
  defaultGateway(management: ConfigManagement & { gateway: string }): string;
  /** For a VLAN the platform does not let one define or rename: the comment that stands in for its block. */
  builtInVlan(vlanId: number): string | undefined;
  /** The longest description the platform takes. */
  descriptionMax: number;
}

/** The widest VLAN list on one line; longer lists go on with "switchport trunk allowed vlan add". */
const ALLOWED_LIST_WIDTH = 80;

/**
 * Renders the model in an IOS-style dialect: header comments, hostname, VLAN blocks, interface blocks, the
 * management SVI and default gateway when the model has them, `end`. Throws
 * UnsafeConfigValueError for a stored value that could add a command of its own (checkConfigModel, configText).
 */
export function renderIosStyle(model: ConfigModel, style: IosStyle): string {
  checkConfigModel(model);
  const lines = headerLines(model, style.dialect).map((line) => `! ${line}`);
  lines.push('!', `hostname ${hostName(model.switchName)}`, '!');
  const names = iosVlanNames(model.vlans);
  for (const { vlanId } of model.vlans) {
    const builtIn = style.builtInVlan(vlanId);
    if (builtIn) lines.push(`! ${builtIn}`);
    else lines.push(`vlan ${vlanId}`, `${style.indent}name ${names.get(vlanId)}`);
    lines.push('!');
  }
  for (const port of model.ports) {
    const name = style.interfaceName(port.name, unitOf(port));
    lines.push(`interface ${name}`, ...interfaceBody(port, style).map((line) => style.indent + line), '!');
  }
  const management = model.management;
  if (management) {
    lines.push(`interface Vlan${management.vlanId}`, style.indent + style.managementAddress(management), `${style.indent}no shutdown`, '!');
    if (management.gateway !== null) lines.push(style.defaultGateway({ ...management, gateway: management.gateway }), '!');
  }
  lines.push('end');
  return configText(lines);
}

// In the order the platforms themselves print a running configuration.
function interfaceBody(port: ConfigPort, style: IosStyle): string[] {
  const body: string[] = [];
  const description = port.description === null ? '' : cliLine(port.description, style.descriptionMax);
  if (description) body.push(`description ${description}`);
  if (port.mode === 'access') {
    if (port.untaggedVlan !== null) body.push(`switchport access vlan ${port.untaggedVlan}`);
    body.push('switchport mode access');
  } else {
    if (port.untaggedVlan !== null) body.push(`switchport trunk native vlan ${port.untaggedVlan}`);
    body.push(...allowedLines(trunkVlans(port)));
    body.push('switchport mode trunk');
  }
  body.push(port.enabled ? 'no shutdown' : 'shutdown');
  return body;
}

// Without a list a trunk would carry every VLAN; "none" says it carries none of them.
function allowedLines(vlans: number[]): string[] {
  if (vlans.length === 0) return ['switchport trunk allowed vlan none'];
  return rangeLines(vlans, ALLOWED_LIST_WIDTH).map((list, index) => `switchport trunk allowed vlan ${index === 0 ? '' : 'add '}${list}`);
}
