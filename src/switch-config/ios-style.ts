// The IOS-style command language Cisco IOS and Arista EOS share; each dialect file fills in what differs.
import type { ConfigLagMode, ConfigManagement, ConfigModel, ConfigPort } from './model.ts';
import {
  type LagNumberRange,
  checkConfigModel,
  cliLine,
  configText,
  headerLines,
  hostName,
  iosVlanNames,
  lagDescription,
  numberedLags,
  rangeLines,
  trunkVlans,
  unitOf,
} from './text.ts';

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
  /** The port-channel interface of LAG number `number` (Port-channel1, Port-Channel1). */
  lagInterface(number: number): string;
  /** The port-channel numbers the platform takes. */
  lagNumbers: LagNumberRange;
}

/** What `channel-group <N> mode` says for each aggregation: LACP active or passive, or `on` (static, no LACP). */
const CHANNEL_GROUP_MODE: Record<ConfigLagMode, string> = { 'lacp-active': 'active', 'lacp-passive': 'passive', static: 'on' };

/** The widest VLAN list on one line; longer lists go on with "switchport trunk allowed vlan add". */
const ALLOWED_LIST_WIDTH = 80;

/**
 * Renders the model in an IOS-style dialect: header comments, hostname, VLAN blocks, the port-channel interfaces
 * of the LAGs (first, as the platforms print them), the ports' interface blocks (a LAG member's ending with its
 * `channel-group`), the management SVI and default gateway when the model has them, `end`. Throws
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
  // A member's switchport lines are its own, which the API keeps equal to its LAG's: IOS suspends a member whose
  // configuration differs from its port-channel's, and EOS keeps them for when the port leaves the channel.
  const lags = numberedLags(model, style.lagNumbers);
  const numberOf = new Map(lags.map(({ lag, number }) => [lag.name, number]));
  const modeOf = new Map(lags.map(({ lag }) => [lag.name, lag.mode]));
  for (const { lag, number } of lags) {
    const body = [...descriptionLines(lagDescription(lag), style), ...switchportLines(lag.portMode, lag), 'no shutdown'];
    lines.push(`interface ${style.lagInterface(number)}`, ...body.map((line) => style.indent + line), '!');
  }
  for (const port of model.ports) {
    const name = style.interfaceName(port.name, unitOf(port));
    const body = interfaceBody(port, style);
    if (port.lag !== undefined) body.push(`channel-group ${numberOf.get(port.lag)} mode ${CHANNEL_GROUP_MODE[modeOf.get(port.lag)!]}`);
    lines.push(`interface ${name}`, ...body.map((line) => style.indent + line), '!');
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
  const description = port.description === null ? [] : descriptionLines(port.description, style);
  return [...description, ...switchportLines(port.mode, port), port.enabled ? 'no shutdown' : 'shutdown'];
}

// Free text folded to one line (cliLine): nothing in it can add a command.
function descriptionLines(text: string, style: IosStyle): string[] {
  const description = cliLine(text, style.descriptionMax);
  return description ? [`description ${description}`] : [];
}

// The mode and VLANs of a port or a port-channel.
function switchportLines(mode: 'access' | 'trunk', vlans: Pick<ConfigPort, 'untaggedVlan' | 'taggedVlans'>): string[] {
  if (mode === 'access') {
    return [...(vlans.untaggedVlan === null ? [] : [`switchport access vlan ${vlans.untaggedVlan}`]), 'switchport mode access'];
  }
  return [
    ...(vlans.untaggedVlan === null ? [] : [`switchport trunk native vlan ${vlans.untaggedVlan}`]),
    ...allowedLines(trunkVlans(vlans)),
    'switchport mode trunk',
  ];
}

// Without a list a trunk would carry every VLAN; "none" says it carries none of them.
function allowedLines(vlans: number[]): string[] {
  if (vlans.length === 0) return ['switchport trunk allowed vlan none'];
  return rangeLines(vlans, ALLOWED_LIST_WIDTH).map((list, index) => `switchport trunk allowed vlan ${index === 0 ? '' : 'add '}${list}`);
}
