// Text rules the configuration dialects share: what survives a paste into a switch's command line.
import { INTERFACE_NAME_CHARACTERS, isInterfaceName } from '../lib/interface-name.ts';
import { normalizeIp, parseIp } from '../lib/net.ts';
import { VLAN_MAX, VLAN_MIN, compactRanges } from '../lib/vlan-ranges.ts';
import type { ConfigLag, ConfigManagement, ConfigModel, ConfigPort, ConfigVlan } from './model.ts';

/**
 * A value the dialects would write as it is, but which is not plainly what it should be (a port name with a line
 * break, a control character, ";", "{" or "}"): written into a configuration it could add commands of its own,
 * so the render is refused. Neither the message nor the problem repeats the value.
 */
export class UnsafeConfigValueError extends Error {
  /**
   * What holds the value: `port:<id>` (`ports[<index>]` in a model made by hand), `vlans[<index>]`, `management`,
   * `lastChangeAt`, `line <n>`.
   */
  readonly subject: string;
  /** What is wrong with it, short, as a field fault's message. */
  readonly problem: string;

  constructor(subject: string, problem: string, message: string) {
    super(message);
    this.name = 'UnsafeConfigValueError';
    this.subject = subject;
    this.problem = problem;
  }
}

function isVlanNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= VLAN_MIN && value <= VLAN_MAX;
}

/** The most members a stack has (a port's unit). */
const UNIT_MAX = 8;

/** Whether `value` is the canonical text of an IP address (what the API stores), of `family` when given. */
function isPlainIp(value: unknown, family?: 4 | 6): value is string {
  if (typeof value !== 'string' || normalizeIp(value) !== value) return false;
  return family === undefined || parseIp(value)?.family === family;
}

/** Why a management interface cannot be written as it is, or undefined when every value is plainly what it should be. */
function managementProblem(management: ConfigManagement): string | undefined {
  if (!isVlanNumber(management.vlanId)) return `VLAN must be a number from ${VLAN_MIN} to ${VLAN_MAX}`;
  if (!isPlainIp(management.address)) return 'address must be an IPv4 or IPv6 address';
  const family = parseIp(management.address)!.family;
  const { prefixLength } = management;
  if (!Number.isInteger(prefixLength) || prefixLength < 0 || prefixLength > (family === 4 ? 32 : 128))
    return 'prefix length must fit the address family';
  if (management.gateway !== null && !isPlainIp(management.gateway, family)) return 'gateway must be an address of the same family';
  return undefined;
}

/**
 * Refuses (UnsafeConfigValueError) a model holding a value that a dialect writes without folding it: a port
 * name that is not a plain interface name (src/lib/interface-name.ts), a mode, unit or VLAN number that is not
 * one, a management address, prefix or gateway that is not one, a time that is not plain text. Whatever the
 * database holds, nothing stored can add a line or a statement. Names and descriptions that the dialects fold
 * (cliLine, hostName, the VLAN name rules) need no check.
 */
export function checkConfigModel(model: ConfigModel): void {
  if (model.lastChangeAt !== null && !/^[0-9A-Za-z:.+-]{1,40}$/.test(model.lastChangeAt)) {
    throw new UnsafeConfigValueError(
      'lastChangeAt',
      'is not an ISO 8601 time',
      'A stored update time is not an ISO 8601 time; nothing was rendered.',
    );
  }
  model.vlans.forEach((vlan, index) => {
    if (!isVlanNumber(vlan.vlanId)) {
      throw new UnsafeConfigValueError(
        `vlans[${index}]`,
        `must be a VLAN number from ${VLAN_MIN} to ${VLAN_MAX}`,
        `A VLAN of this switch has no number from ${VLAN_MIN} to ${VLAN_MAX}; nothing was rendered.`,
      );
    }
  });
  const management = model.management ? managementProblem(model.management) : undefined;
  if (management) {
    throw new UnsafeConfigValueError(
      'management',
      management,
      `The management interface of this switch has a value that is not plainly one (${management}); nothing was rendered.`,
    );
  }
  const lagNames = checkLags(model.lags ?? []);
  model.ports.forEach((port, index) => {
    const subject = port.id ? `port:${port.id}` : `ports[${index}]`;
    const which = `Port #${index + 1} of this switch (in position order${port.id ? `, id ${port.id}` : ''})`;
    if (!isInterfaceName(port.name)) {
      throw new UnsafeConfigValueError(
        subject,
        `name must be a plain interface name: ${INTERFACE_NAME_CHARACTERS}`,
        `${which} has a name that is not a plain interface name (${INTERFACE_NAME_CHARACTERS}): ` +
          'written into a configuration, it could add commands of its own. Rename the port; nothing was rendered.',
      );
    }
    if (port.mode !== 'access' && port.mode !== 'trunk') {
      throw new UnsafeConfigValueError(
        subject,
        'mode must be access or trunk',
        `${which} has a mode that is neither access nor trunk; nothing was rendered.`,
      );
    }
    if (port.unit !== undefined && !(Number.isInteger(port.unit) && port.unit >= 1 && port.unit <= UNIT_MAX)) {
      throw new UnsafeConfigValueError(
        subject,
        `unit must be a number from 1 to ${UNIT_MAX}`,
        `${which} has a unit that is not a stack member from 1 to ${UNIT_MAX}; nothing was rendered.`,
      );
    }
    if ((port.untaggedVlan !== null && !isVlanNumber(port.untaggedVlan)) || !port.taggedVlans.every(isVlanNumber)) {
      throw new UnsafeConfigValueError(
        subject,
        `VLANs must be numbers from ${VLAN_MIN} to ${VLAN_MAX}`,
        `${which} has a VLAN that is not a number from ${VLAN_MIN} to ${VLAN_MAX}; nothing was rendered.`,
      );
    }
    if (port.lag !== undefined && !lagNames.has(port.lag)) {
      throw new UnsafeConfigValueError(
        subject,
        'lag must name a LAG of the switch',
        `${which} is a member of a LAG the switch does not have; nothing was rendered.`,
      );
    }
  });
}

const LAG_MODES: readonly string[] = ['lacp-active', 'lacp-passive', 'static'];

/** checkConfigModel's rules for LAGs (a name is a plain interface name, as a port's); returns their names. */
function checkLags(lags: ConfigLag[]): Set<string> {
  const names = new Set<string>();
  lags.forEach((lag, index) => {
    const subject = lag.id ? `lag:${lag.id}` : `lags[${index}]`;
    const which = `LAG #${index + 1} of this switch (in name order${lag.id ? `, id ${lag.id}` : ''})`;
    const refuse = (problem: string, message: string) => {
      throw new UnsafeConfigValueError(subject, problem, `${which} ${message}; nothing was rendered.`);
    };
    if (!isInterfaceName(lag.name) || names.has(lag.name)) {
      refuse(
        `name must be a plain interface name: ${INTERFACE_NAME_CHARACTERS}`,
        `has a name that is not a plain interface name of its own (${INTERFACE_NAME_CHARACTERS})`,
      );
    }
    if (!LAG_MODES.includes(lag.mode))
      refuse('mode must be lacp-active, lacp-passive or static', 'has a mode that is none of lacp-active, lacp-passive, static');
    if (lag.portMode !== 'access' && lag.portMode !== 'trunk')
      refuse('portMode must be access or trunk', 'has a port mode that is neither access nor trunk');
    if ((lag.untaggedVlan !== null && !isVlanNumber(lag.untaggedVlan)) || !lag.taggedVlans.every(isVlanNumber)) {
      refuse(`VLANs must be numbers from ${VLAN_MIN} to ${VLAN_MAX}`, `has a VLAN that is not a number from ${VLAN_MIN} to ${VLAN_MAX}`);
    }
    names.add(lag.name);
  });
  return names;
}

/** The interface numbers a dialect takes for LAGs (Port-channel<N>, ae<N>). */
export interface LagNumberRange {
  min: number;
  max: number;
}

/**
 * The interface number of each LAG, by name (docs/LAGS-TEMPLATES.md, "Configuration"): in the model's order, a LAG
 * whose name ends in a number the dialect takes (Po1 -> 1, ae0 -> 0, Trk1 -> 1) gets that number unless a LAG
 * before it took it; then every LAG still without one, in the same order, gets the lowest number no LAG has.
 */
export function lagNumbers(lags: ConfigLag[], range: LagNumberRange): Map<string, number> {
  const numbers = new Map<string, number>();
  const taken = new Set<number>();
  for (const { name } of lags) {
    const digits = /([0-9]+)$/.exec(name)?.[1];
    const wanted = digits === undefined ? Number.NaN : Number(digits);
    if (wanted >= range.min && wanted <= range.max && !taken.has(wanted)) {
      numbers.set(name, wanted);
      taken.add(wanted);
    }
  }
  let free = range.min;
  for (const { name } of lags) {
    if (numbers.has(name)) continue;
    while (taken.has(free)) free++;
    numbers.set(name, free);
    taken.add(free);
  }
  return numbers;
}

/** The LAGs of the model with their interface numbers, in number order. */
export function numberedLags(model: ConfigModel, range: LagNumberRange): { lag: ConfigLag; number: number }[] {
  const lags = model.lags ?? [];
  const numbers = lagNumbers(lags, range);
  return lags.map((lag) => ({ lag, number: numbers.get(lag.name)! })).sort((a, b) => a.number - b.number);
}

/** The text a LAG's interface is described with: its description, or its name when it has none. */
export function lagDescription(lag: ConfigLag): string {
  return lag.description === null || lag.description.trim() === '' ? lag.name : lag.description;
}

/**
 * The configuration text of `lines`, one per line. The last guard: a line holding a line break, a control
 * character or anything outside printable ASCII (from any value, checked or not) refuses the whole render.
 */
export function configText(lines: string[]): string {
  const bad = lines.findIndex((line) => /[^\x20-\x7e]/.test(line));
  if (bad >= 0) {
    throw new UnsafeConfigValueError(
      `line ${bad + 1}`,
      'holds a line break or a control character',
      `Line ${bad + 1} of the configuration would hold a line break or a control character; nothing was rendered.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Printable ASCII only: accents are dropped from their letters (é -> e), any whitespace or control character
 * becomes a space, and what is still outside 0x20-0x7e is removed.
 */
export function asciiFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\p{Cc}]/gu, ' ')
    .replace(/[^\x20-\x7e]/g, '');
}

/**
 * One line of free text for an IOS-style command line (a description, a comment): printable ASCII with single
 * spaces, no "?" (the CLI answers it with help even when pasted), at most `maxLength` characters.
 */
export function cliLine(text: string, maxLength: number): string {
  return asciiFold(text).replace(/\?/g, '').replace(/ +/g, ' ').trim().slice(0, maxLength).trimEnd();
}

/** The longest VLAN name Cisco IOS and Arista EOS accept. */
const IOS_VLAN_NAME_MAX = 32;

/**
 * VLAN names for Cisco IOS and Arista EOS, by VLAN number: one word of printable ASCII (spaces become "_"),
 * at most 32 characters, unique on the switch (a clash gets "_<vlan>" appended); an empty result falls back to
 * the platforms' own default name, VLAN0010.
 */
export function iosVlanNames(vlans: ConfigVlan[]): Map<number, string> {
  const names = new Map<number, string>();
  const taken = new Set<string>();
  for (const { vlanId, name } of vlans) {
    const word = cliLine(name, Number.MAX_SAFE_INTEGER).replace(/ /g, '_').slice(0, IOS_VLAN_NAME_MAX);
    let chosen = word || `VLAN${String(vlanId).padStart(4, '0')}`;
    if (taken.has(chosen.toLowerCase())) {
      const suffix = `_${vlanId}`;
      chosen = chosen.slice(0, IOS_VLAN_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(chosen.toLowerCase());
    names.set(vlanId, chosen);
  }
  return names;
}

/** The VLANs a trunk (a port or a LAG) lets through: its tagged VLANs and its native VLAN, sorted. */
export function trunkVlans(port: Pick<ConfigPort, 'untaggedVlan' | 'taggedVlans'>): number[] {
  const all = new Set(port.taggedVlans);
  if (port.untaggedVlan !== null) all.add(port.untaggedVlan);
  return [...all].sort((a, b) => a - b);
}

/**
 * Compact VLAN ranges ("10-20,30") cut into lines of at most `width` characters, never inside a range; the
 * first line is the list, the others are added to it (IOS and EOS: "switchport trunk allowed vlan add").
 */
export function rangeLines(vlans: number[], width: number): string[] {
  const lines: string[] = [];
  for (const piece of compactRanges(vlans).split(',')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + piece.length <= width) lines[last] += `,${piece}`;
    else lines.push(piece);
  }
  return lines;
}

/** A port named by a plain number ("7", as ports made with a switch are named), or undefined. */
export function portNumber(name: string): number | undefined {
  return /^[1-9][0-9]{0,5}$/.test(name) ? Number(name) : undefined;
}

/** The longest host name the platforms take (a DNS label). */
const HOST_NAME_MAX = 63;

/**
 * The switch's name as a host name every dialect takes (a DNS label): ASCII letters, digits and "-", starting
 * with a letter and not ending with "-", at most 63 characters; every other run of characters becomes one "-".
 * A name that starts with anything but a letter gets "sw-" in front; one with nothing usable is "switch".
 */
export function hostName(switchName: string): string {
  const word = asciiFold(switchName)
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!word) return 'switch';
  return (/^[A-Za-z]/.test(word) ? word : `sw-${word}`).slice(0, HOST_NAME_MAX).replace(/-+$/, '');
}

/** The dotted IPv4 netmask of a prefix length (24 -> 255.255.255.0). */
export function ipv4Netmask(prefixLength: number): string {
  const bits = prefixLength === 0 ? 0 : (0xffffffff << (32 - prefixLength)) >>> 0;
  return [24, 16, 8, 0].map((shift) => (bits >>> shift) & 0xff).join('.');
}

/** Whether the management address is IPv6. */
export function isIpv6(address: string): boolean {
  return address.includes(':');
}

/** The stack member of a port: its unit, 1 when the model does not say. */
export function unitOf(port: ConfigPort): number {
  return port.unit ?? 1;
}

/** The header every dialect starts with, as plain sentences; each dialect adds its own comment marker. */
export function headerLines(model: ConfigModel, dialect: string): string[] {
  return [
    `Switchyard configuration for switch "${cliLine(model.switchName, 100)}" at site "${cliLine(model.siteName, 100)}"`,
    `Dialect: ${dialect}`,
    `Data last changed: ${model.lastChangeAt ?? 'unknown'}`,
  ];
}
