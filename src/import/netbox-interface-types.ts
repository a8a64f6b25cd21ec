// NetBox interface types and PoE as Switchyard's port types (docs/NETBOX.md, docs/LAGS-TEMPLATES.md): shared by the
// device-type library import (netbox-devicetype.ts) and the NetBox data import (netbox.ts). Pure, without the `yaml` package,
// so that the data import does not load it.
import type { POE_TYPES, PORT_TYPES } from '../fields/choices.ts';
import type { TemplateBlock } from '../lib/port-layout.ts';

/** A port type of Switchyard. */
export type PortType = (typeof PORT_TYPES)[number];
/** The PoE of a port, as a template block has it. */
export type Poe = TemplateBlock['poe'];

/** What a NetBox interface type makes: a port of a type and speed, or nothing (and why). */
export type TypeMapping = { port: PortType; speed: string } | { skip: string };

/** NetBox interface types that are no Ethernet port of the switch's front panel, and why they are skipped. */
const NOT_PORTS: [RegExp, string][] = [
  [/^virtual$/, 'a virtual interface, not a port'],
  [/^lag$/, 'a link aggregation: make it a LAG of the switch'],
  [/^bridge$/, 'a bridge interface, not a port'],
  [/^(cisco-stackwise|cisco-flexstack|juniper-vcp|extreme-summitstack)/, 'a stacking port, not an Ethernet port'],
  [/^(ieee802\.11|other-wireless)/, 'a wireless interface, not a port'],
  [/^(gsm|cdma|lte|4g|5g)$/, 'a cellular interface, not a port'],
];

/** `1000base-t`, `2.5gbase-t`, `10gbase-x-sfpp`, `100gbase-x-qsfp28`, `100base-fx`, `10gbase-lr`: speed and medium. */
const ETHERNET_TYPE = /^(\d+(?:\.\d+)?)(g?)base-(.+)$/;

/** Pluggable cages by the name NetBox gives them (the part after `-x-`). */
const CAGES: Record<string, PortType> = {
  sfp: 'sfp',
  gbic: 'sfp',
  sfpp: 'sfp+',
  sfp28: 'sfp28',
  sfp56: 'sfp28',
  sfpdd: 'sfp28',
  'sfp-dd': 'sfp28',
  qsfp: 'qsfp',
  qsfpp: 'qsfp',
  qsfp28: 'qsfp28',
  qsfp56: 'qsfp28',
  qsfpdd: 'qsfp28',
  'qsfp-dd': 'qsfp28',
  qsfp112: 'qsfp28',
  osfp: 'qsfp28',
  'osfp-rhs': 'qsfp28',
};

/** The cage of a fibre or other pluggable port NetBox names by its medium only (`10gbase-lr`, `10gbase-x-xfp`): by speed. */
function cageOfSpeed(mbps: number): PortType {
  if (mbps < 10_000) return 'sfp';
  if (mbps < 25_000) return 'sfp+';
  if (mbps < 40_000) return 'sfp28';
  if (mbps < 100_000) return 'qsfp';
  return 'qsfp28';
}

/** The port type and speed a NetBox interface type makes, or why it makes no port. */
export function mapInterfaceType(type: string): TypeMapping {
  const t = type.trim().toLowerCase();
  for (const [pattern, reason] of NOT_PORTS) if (pattern.test(t)) return { skip: reason };
  const ethernet = ETHERNET_TYPE.exec(t);
  if (!ethernet) {
    if (t === 'other') return { skip: 'of type "other": the file does not say what kind of port it is' };
    return { skip: 'not an Ethernet port' };
  }
  const [, number, giga, medium] = ethernet;
  const mbps = Number(number) * (giga ? 1000 : 1);
  const speed = giga ? `${number}G` : mbps >= 1000 && mbps % 1000 === 0 ? `${mbps / 1000}G` : `${number}M`;
  if (/^tx?$/.test(medium)) return { port: 'rj45', speed };
  if (/^k/.test(medium)) return { skip: 'a backplane interface, not a front-panel port' };
  if (medium === 't1') return { skip: 'single-pair Ethernet (base-T1): no front-panel port type fits' };
  const cage = medium.startsWith('x-') ? CAGES[medium.slice(2)] : undefined;
  return { port: cage ?? cageOfSpeed(mbps), speed };
}

/** PoE a port delivers, by NetBox's `poe_type` (a port that draws power, `poe_mode: pd`, delivers none). */
const POE_OF_TYPE: [RegExp, (typeof POE_TYPES)[number], number | null][] = [
  [/^type1-ieee802\.3af$/, '802.3af', 15.4],
  [/^type2-ieee802\.3at$/, '802.3at', 30],
  [/^type3-ieee802\.3bt$/, '802.3bt-type3', 60],
  [/^type4-ieee802\.3bt$/, '802.3bt-type4', 90],
  [/^passive-24v-/, 'passive-24v', null],
  [/^passive-48v-/, 'passive-48v', null],
];

export function poeOf(poeType: string | undefined, poeMode: string | undefined): Poe {
  if (poeType === undefined || poeMode?.trim().toLowerCase() === 'pd') return null;
  const found = POE_OF_TYPE.find(([pattern]) => pattern.test(poeType.trim().toLowerCase()));
  return found ? { type: found[1], maxWatts: found[2] } : null;
}
