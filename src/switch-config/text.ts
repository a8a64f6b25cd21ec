// Text rules the configuration dialects share: what survives a paste into a switch's command line.
import { compactRanges } from '../lib/vlan-ranges.ts';
import type { ConfigModel, ConfigPort, ConfigVlan } from './model.ts';

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
export const IOS_VLAN_NAME_MAX = 32;

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
