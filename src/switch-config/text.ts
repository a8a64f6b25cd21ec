// Text rules the configuration dialects share: what survives a paste into a switch's command line.
import { INTERFACE_NAME_CHARACTERS, isInterfaceName } from '../lib/interface-name.ts';
import { VLAN_MAX, VLAN_MIN, compactRanges } from '../lib/vlan-ranges.ts';
import type { ConfigModel, ConfigPort, ConfigVlan } from './model.ts';

/**
 * A value the dialects would write as it is, but which is not plainly what it should be (a port name with a line
 * break, a control character, ";", "{" or "}"): written into a configuration it could add commands of its own,
 * so the render is refused. Neither the message nor the problem repeats the value.
 */
export class UnsafeConfigValueError extends Error {
  /** What holds the value: `port:<id>` (`ports[<index>]` in a model made by hand), `vlans[<index>]`, `lastChangeAt`, `line <n>`. */
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

/**
 * Refuses (UnsafeConfigValueError) a model holding a value that a dialect writes without folding it: a port
 * name that is not a plain interface name (src/lib/interface-name.ts), a mode or VLAN number that is not one, a
 * time that is not plain text. Whatever the database holds, nothing stored can add a line or a statement.
 * Names and descriptions that the dialects fold (cliLine, the VLAN name rules) need no check.
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
  model.ports.forEach((port, index) => {
    const subject = port.id ? `port:${port.id}` : `ports[${index}]`;
    const which = `Port #${index + 1} of this switch (in position order${port.id ? `, id ${port.id}` : ''})`;
    if (!isInterfaceName(port.name)) {
      throw new UnsafeConfigValueError(
        subject,
        `name must be a plain interface name: ${INTERFACE_NAME_CHARACTERS}`,
        `${which} has a name that is not a plain interface name (${INTERFACE_NAME_CHARACTERS}): written into a configuration, it could add commands of its own. Rename the port; nothing was rendered.`,
      );
    }
    if (port.mode !== 'access' && port.mode !== 'trunk') {
      throw new UnsafeConfigValueError(
        subject,
        'mode must be access or trunk',
        `${which} has a mode that is neither access nor trunk; nothing was rendered.`,
      );
    }
    if ((port.untaggedVlan !== null && !isVlanNumber(port.untaggedVlan)) || !port.taggedVlans.every(isVlanNumber)) {
      throw new UnsafeConfigValueError(
        subject,
        `VLANs must be numbers from ${VLAN_MIN} to ${VLAN_MAX}`,
        `${which} has a VLAN that is not a number from ${VLAN_MIN} to ${VLAN_MAX}; nothing was rendered.`,
      );
    }
  });
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

/** The VLANs a trunk lets through: its tagged VLANs and its native VLAN, sorted. */
export function trunkVlans(port: ConfigPort): number[] {
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

/** The header every dialect starts with, as plain sentences; each dialect adds its own comment marker. */
export function headerLines(model: ConfigModel, dialect: string): string[] {
  return [
    `Switchyard configuration for switch "${cliLine(model.switchName, 100)}" at site "${cliLine(model.siteName, 100)}"`,
    `Dialect: ${dialect}`,
    `Data last changed: ${model.lastChangeAt ?? 'unknown'}`,
  ];
}
