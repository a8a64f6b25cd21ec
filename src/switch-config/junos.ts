// Junos configuration for EX/QFX switches with ELS, in the curly-brace form that "load merge terminal" reads,
// after Juniper's "vlans" statement reference and "interfaces ... unit 0 family ethernet-switching
// interface-mode trunk vlan members" / "native-vlan-id".
import { compactRanges } from '../lib/vlan-ranges.ts';
import type { ConfigManagement, ConfigModel, ConfigPort, ConfigVlan } from './model.ts';
import { asciiFold, checkConfigModel, cliLine, configText, headerLines, hostName, isIpv6, portNumber, trunkVlans, unitOf } from './text.ts';

/** Junos' own limit for a VLAN name. */
const JUNOS_VLAN_NAME_MAX = 255;
const DESCRIPTION_MAX = 240;

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
 * Renders a switch as Junos configuration text: host name, VLANs, interfaces, and with a management interface
 * its irb unit (the VLAN's l3-interface) and a static default route to the gateway. Throws UnsafeConfigValueError
 * for a stored value that could add a statement of its own: a line break, a control character, ";", "{" or "}"
 * (checkConfigModel, configText).
 */
export function renderJunos(model: ConfigModel): string {
  checkConfigModel(model);
  const names = junosVlanNames(model.vlans);
  const management = model.management ?? null;
  const lines = headerLines(model, 'junos').map((line) => `# ${line}`);
  lines.push('system {', `    host-name ${hostName(model.switchName)};`, '}', 'vlans {');
  for (const { vlanId } of model.vlans) {
    lines.push(`    ${names.get(vlanId)} {`, `        vlan-id ${vlanId};`);
    if (management?.vlanId === vlanId) lines.push(`        l3-interface irb.${vlanId};`);
    lines.push('    }');
  }
  lines.push('}', 'interfaces {');
  for (const port of model.ports) lines.push(...interfaceBlock(port, names).map((line) => `    ${line}`));
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

function interfaceBlock(port: ConfigPort, names: Map<number, string>): string[] {
  const block = [`${interfaceName(port.name, unitOf(port))} {`];
  const description = port.description === null ? '' : cliLine(port.description, DESCRIPTION_MAX);
  if (description) block.push(`    description "${description.replace(/[\\"]/g, '\\$&')}";`);
  if (!port.enabled) block.push('    disable;');
  if (port.mode === 'trunk' && port.untaggedVlan !== null) block.push(`    native-vlan-id ${port.untaggedVlan};`);
  block.push('    unit 0 {', '        family ethernet-switching {', `            interface-mode ${port.mode};`);
  const members = vlanMembers(port, names);
  if (members) block.push('            vlan {', `                members ${members};`, '            }');
  block.push('        }', '    }', '}');
  return block;
}

// An access port names its VLAN; a trunk lists VLAN numbers as ranges, its native VLAN included (ELS wants it).
function vlanMembers(port: ConfigPort, names: Map<number, string>): string | undefined {
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
