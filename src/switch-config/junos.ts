// Junos configuration for EX/QFX switches with ELS, in the curly-brace form that "load merge terminal" reads,
// after Juniper's "vlans" statement reference and "interfaces ... unit 0 family ethernet-switching
// interface-mode trunk vlan members" / "native-vlan-id".
import { compactRanges } from '../lib/vlan-ranges.ts';
import type { ConfigLag, ConfigManagement, ConfigModel, ConfigPort, ConfigVlan } from './model.ts';
import {
  asciiFold,
  checkConfigModel,
  cliLine,
  configText,
  headerLines,
  hostName,
  isIpv6,
  lagDescription,
  numberedLags,
  portNumber,
  trunkVlans,
  unitOf,
} from './text.ts';

/** Junos' own limit for a VLAN name. */
const JUNOS_VLAN_NAME_MAX = 255;
const DESCRIPTION_MAX = 240;
/** The ae<N> numbers: ae0 upwards; 128 aggregated devices is what every EX switch takes. */
const AE_NUMBERS = { min: 0, max: 127 };

/**
 * Junos VLAN names by VLAN number: "v<vlan>-<name>" of letters, digits, "-" and "." (what Junos accepts), which
 * starts with a letter and cannot clash; a name with nothing usable left is "v<vlan>".
 */
export function junosVlanNames(vlans: ConfigVlan[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const { vlanId, name } of vlans) {
    const word = asciiFold(name)
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
    names.set(vlanId, (word ? `v${vlanId}-${word}` : `v${vlanId}`).slice(0, JUNOS_VLAN_NAME_MAX).replace(/[-.]+$/, ''));
  }
  return names;
}

/**
 * Renders a switch as Junos configuration text: host name, with LAGs the number of aggregated devices (chassis),
 * VLANs, interfaces (a LAG member as its ae's 802.3ad member, the LAGs' ae interfaces after the ports), and with a
 * management interface its irb unit (the VLAN's l3-interface) and a static default route to the gateway. Throws UnsafeConfigValueError
 * for a stored value that could add a statement of its own: a line break, a control character, ";", "{" or "}"
 * (checkConfigModel, configText).
 */
export function renderJunos(model: ConfigModel): string {
  checkConfigModel(model);
  const names = junosVlanNames(model.vlans);
  const management = model.management ?? null;
  const lines = headerLines(model, 'junos').map((line) => `# ${line}`);
  const lags = numberedLags(model, AE_NUMBERS);
  const aeOf = new Map(lags.map(({ lag, number }) => [lag.name, `ae${number}`]));
  lines.push('system {', `    host-name ${hostName(model.switchName)};`, '}');
  // device-count makes ae0 to ae<count - 1>.
  if (lags.length > 0) lines.push(...nest(['chassis', 'aggregated-devices', 'ethernet'], [`device-count ${lags.at(-1)!.number + 1};`]));
  lines.push('vlans {');
  for (const { vlanId } of model.vlans) {
    lines.push(`    ${names.get(vlanId)} {`, `        vlan-id ${vlanId};`);
    if (management?.vlanId === vlanId) lines.push(`        l3-interface irb.${vlanId};`);
    lines.push('    }');
  }
  lines.push('}', 'interfaces {');
  for (const port of model.ports) {
    const block = port.lag === undefined ? interfaceBlock(port, names) : memberBlock(port, aeOf.get(port.lag)!);
    lines.push(...block.map((line) => `    ${line}`));
  }
  for (const { lag, number } of lags) lines.push(...aeBlock(lag, `ae${number}`, names).map((line) => `    ${line}`));
  if (management) lines.push(...irbBlock(management).map((line) => `    ${line}`));
  lines.push('}');
  if (management?.gateway) lines.push(...defaultRoute(management.address, management.gateway));
  return configText(lines);
}

function irbBlock(management: ConfigManagement): string[] {
  const family = isIpv6(management.address) ? 'inet6' : 'inet';
  return [
    'irb {',
    `    unit ${management.vlanId} {`,
    `        family ${family} {`,
    `            address ${management.address}/${management.prefixLength};`,
    '        }',
    '    }',
    '}',
  ];
}

// IPv4 routes live in the default table (inet.0); IPv6 ones in inet6.0, named with "rib".
function defaultRoute(address: string, gateway: string): string[] {
  if (!isIpv6(address)) return ['routing-options {', '    static {', `        route 0.0.0.0/0 next-hop ${gateway};`, '    }', '}'];
  return [
    'routing-options {',
    '    rib inet6.0 {',
    '        static {',
    `            route ::/0 next-hop ${gateway};`,
    '        }',
    '    }',
    '}',
  ];
}

/** `outer { inner { ... body } }`: the statements of `body` nested in the blocks `path`, four spaces a level. */
function nest(path: string[], body: string[]): string[] {
  if (path.length === 0) return body;
  return [`${path[0]} {`, ...nest(path.slice(1), body).map((line) => `    ${line}`), '}'];
}

/** What switching an interface (a port or an ae) does: its mode and VLANs. */
type Switching = Pick<ConfigPort, 'mode' | 'untaggedVlan' | 'taggedVlans'>;

function interfaceBlock(port: ConfigPort, names: Map<number, string>): string[] {
  const block = [`${interfaceName(port.name, unitOf(port))} {`, ...descriptionLines(port.description)];
  if (!port.enabled) block.push('    disable;');
  block.push(...nativeVlanLines(port), ...unitLines(port, names), '}');
  return block;
}

// A LAG member: its own description and state, and the ae it belongs to; its VLANs are the ae's (ELS refuses
// family ethernet-switching on a member).
function memberBlock(port: ConfigPort, ae: string): string[] {
  const block = [`${interfaceName(port.name, unitOf(port))} {`, ...descriptionLines(port.description)];
  if (!port.enabled) block.push('    disable;');
  block.push('    ether-options {', `        802.3ad ${ae};`, '    }', '}');
  return block;
}

// A LAG's ae interface: described by its description or name, LACP active or passive (none when static), and
// switched as a port is.
function aeBlock(lag: ConfigLag, ae: string, names: Map<number, string>): string[] {
  const switching: Switching = { mode: lag.portMode, untaggedVlan: lag.untaggedVlan, taggedVlans: lag.taggedVlans };
  const lacp =
    lag.mode === 'static' ? [] : nest(['aggregated-ether-options', 'lacp'], [lag.mode === 'lacp-active' ? 'active;' : 'passive;']);
  // In the order Junos prints them: native-vlan-id before aggregated-ether-options, unit last.
  return [
    `${ae} {`,
    ...descriptionLines(lagDescription(lag)),
    ...nativeVlanLines(switching),
    ...lacp.map((line) => `    ${line}`),
    ...unitLines(switching, names),
    '}',
  ];
}

// Free text folded to one line (cliLine), in double quotes with " and \ escaped: nothing in it can end the statement.
function descriptionLines(text: string | null): string[] {
  const description = text === null ? '' : cliLine(text, DESCRIPTION_MAX);
  return description ? [`    description "${description.replace(/[\\"]/g, '\\$&')}";`] : [];
}

// The native VLAN of a trunk, set on the interface itself (ELS).
function nativeVlanLines(port: Switching): string[] {
  return port.mode === 'trunk' && port.untaggedVlan !== null ? [`    native-vlan-id ${port.untaggedVlan};`] : [];
}

// Unit 0's family ethernet-switching with the mode and VLAN members.
function unitLines(port: Switching, names: Map<number, string>): string[] {
  const lines = ['    unit 0 {', '        family ethernet-switching {', `            interface-mode ${port.mode};`];
  const members = vlanMembers(port, names);
  if (members) lines.push('            vlan {', `                members ${members};`, '            }');
  lines.push('        }', '    }');
  return lines;
}

// An access port names its VLAN; a trunk lists VLAN numbers as ranges, its native VLAN included (ELS wants it).
function vlanMembers(port: Switching, names: Map<number, string>): string | undefined {
  if (port.mode === 'access') return port.untaggedVlan === null ? undefined : names.get(port.untaggedVlan);
  const vlans = trunkVlans(port);
  if (vlans.length === 0) return undefined;
  const ranges = compactRanges(vlans, ' ');
  return vlans.length === 1 ? ranges : `[ ${ranges} ]`;
}

// A port named only by a number is that front-panel port of its stack member's FPC (member 1 is FPC 0); Junos
// counts ports from 0.
function interfaceName(name: string, unit: number): string {
  const number = portNumber(name);
  return number === undefined ? name : `ge-${unit - 1}/0/${number - 1}`;
}
