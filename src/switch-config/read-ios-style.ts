// Running configurations in the IOS-style command language: Cisco IOS/IOS-XE, NX-OS, Arista EOS and Aruba CX. A
// block (`interface …`, `vlan …`, `vrf context …`) holds the lines indented deeper than its header. As on the
// switches' own command line, indentation is cosmetic for a command of the global mode: `interface` met inside a block
// no reader knows starts an interface block wherever it stands (the CLI falls back to the global mode).
import { normalizeMac } from '../lib/net.ts';
import { VLAN_MAX, VLAN_MIN } from '../lib/vlan-ranges.ts';
import {
  type DialectDefaults,
  type InterfaceReading,
  type LagMode,
  type RunningConfigReading,
  type RunningReading,
  addGateway,
  addressOf,
  emptyReading,
  interfaceNamed,
  kindOfInterface,
  notRead,
  observedOf,
} from './read-running.ts';

/** What differs between the IOS-style dialects. */
interface IosStyleDialect {
  defaults: DialectDefaults;
  /** The name of LAG interface `number` (channel-group and `lag N` name it by number). */
  lagName(number: string): string;
}

export const IOS_STYLE_DIALECTS = {
  'cisco-ios': {
    defaults: { vendor: 'Cisco', portUp: true, portSwitched: true, nativeVlan: 1, vlanOneBuiltIn: true },
    lagName: (number) => `Port-channel${number}`,
  },
  'arista-eos': {
    defaults: { vendor: 'Arista', portUp: true, portSwitched: true, nativeVlan: 1, vlanOneBuiltIn: true },
    lagName: (number) => `Port-Channel${number}`,
  },
  // NX-OS prints `switchport` on a switched port unless `system default switchport` makes it the default.
  nxos: {
    defaults: { vendor: 'Cisco', portUp: true, portSwitched: false, nativeVlan: 1, vlanOneBuiltIn: true },
    lagName: (number) => `port-channel${number}`,
  },
  // Aruba CX prints `no shutdown` on a port that is up, and `vlan …` or `no routing` on a switched one.
  'aruba-cx': {
    defaults: { vendor: 'HPE Aruba', portUp: false, portSwitched: false, nativeVlan: 1, vlanOneBuiltIn: true },
    lagName: (number) => `lag${number}`,
  },
} satisfies Record<string, IosStyleDialect>;

export type IosStyleDialectName = keyof typeof IOS_STYLE_DIALECTS;

/** The block a line is read in. */
type Block =
  | { kind: 'interface'; indent: number; entry: InterfaceReading }
  | { kind: 'vlan'; indent: number; vid: number }
  | { kind: 'vrf'; indent: number }
  | { kind: 'other'; indent: number };

/** Lines that carry nothing to read and are no command: separators, `end`, headers the devices print. */
const NOT_A_COMMAND = /^(?:!|#|end$|exit$|\(\.\.\.\)$|Building configuration|Current configuration)/;

/** Reads an IOS-style running configuration; never throws, and counts the lines it does not read. */
export function readIosStyle(text: string, dialectName: IosStyleDialectName): RunningConfigReading {
  const dialect: IosStyleDialect = IOS_STYLE_DIALECTS[dialectName];
  const reading = emptyReading();
  let block: Block = { kind: 'other', indent: Number.MAX_SAFE_INTEGER };
  let systemSwitchport = false;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trimEnd();
    const body = line.trimStart();
    if (body === '' || NOT_A_COMMAND.test(body)) continue;
    const indent = line.length - body.length;
    const words = body.split(/\s+/);
    if (indent > block.indent && block.kind !== 'other') {
      if (!readInBlock(reading, block, words, body, dialect)) notRead(reading, index + 1, body);
      continue;
    }
    if (indent > block.indent && block.kind === 'other' && words[0] !== 'interface') {
      notRead(reading, index + 1, body);
      continue;
    }
    if (body === 'system default switchport') systemSwitchport = true;
    const global = readGlobal(reading, words, indent, dialect);
    block = global.block;
    if (!global.read && body !== 'system default switchport') notRead(reading, index + 1, body);
  }
  const defaults = { ...dialect.defaults, portSwitched: dialect.defaults.portSwitched || systemSwitchport };
  return observedOf(reading, defaults);
}

/** A global command: the block it opens (`other` for one not read, or for a line of its own), and whether it was read. */
function readGlobal(reading: RunningReading, words: string[], indent: number, dialect: IosStyleDialect): { block: Block; read: boolean } {
  const other: Block = { kind: 'other', indent };
  const [command, first] = words;
  if (command === 'interface' && first) return { block: interfaceBlock(reading, words.slice(1), indent, dialect), read: true };
  if (command === 'vlan' && first) {
    const block = vlanBlock(reading, first, indent);
    return { block: block ?? other, read: block !== undefined };
  }
  if (command === 'vrf' && first === 'context') return { block: { kind: 'vrf', indent }, read: true };
  if (command === 'hostname' && first) reading.hostname = first.replace(/^"|"$/g, '');
  return { block: other, read: command === 'hostname' || readGateway(reading, words) };
}

/** `ip default-gateway A`, `ip route [vrf V] 0.0.0.0 0.0.0.0 A` / `0.0.0.0/0 A`, `ipv6 route ::/0 A`. */
function readGateway(reading: RunningReading, words: string[]): boolean {
  if (words[0] === 'ip' && words[1] === 'default-gateway' && words[2]) return addGateway(reading, words[2]);
  if ((words[0] !== 'ip' && words[0] !== 'ipv6') || words[1] !== 'route') return false;
  const rest = words[2] === 'vrf' ? words.slice(4) : words.slice(2);
  if (rest[0] === '0.0.0.0' && rest[1] === '0.0.0.0' && rest[2]) return addGateway(reading, rest[2]);
  if ((rest[0] === '0.0.0.0/0' || rest[0] === '::/0') && rest[1]) return addGateway(reading, rest[1]);
  return false;
}

function interfaceBlock(reading: RunningReading, nameWords: string[], indent: number, dialect: IosStyleDialect): Block {
  // Aruba CX: `interface lag 1`, `interface vlan 10`, `interface 1/1/1`, `interface mgmt`.
  const arubaLag = nameWords[0] === 'lag' && nameWords[1] ? dialect.lagName(nameWords[1]) : undefined;
  const name = arubaLag ?? nameWords.join(nameWords[0] === 'vlan' ? '' : ' ');
  const entry = interfaceNamed(reading, name, kindOfInterface(name));
  const svi = entry.kind === 'vlan' ? /([0-9]+)$/.exec(name)?.[1] : undefined;
  if (svi !== undefined) entry.sviVlan = Number(svi);
  return { kind: 'interface', indent, entry };
}

/** `vlan 10` opens its block; `vlan 1,301-304` (NX-OS, Aruba CX) defines several and opens none. */
function vlanBlock(reading: RunningReading, list: string, indent: number): Block | undefined {
  const vlans = vlanListOf(list);
  if (vlans === undefined || vlans.length === 0) return undefined;
  for (const vid of vlans) if (!reading.vlans.has(vid)) reading.vlans.set(vid, null);
  return vlans.length === 1 ? { kind: 'vlan', indent, vid: vlans[0] } : { kind: 'other', indent };
}

/**
 * A VLAN list as the switches print it (`1,10-20,30`), expanded; undefined when an item is not a VLAN or an ascending
 * range of them. Not lib's parseVlanList: that one explains a person's mistakes, and scans every VLAN for each list.
 */
function vlanListOf(text: string): number[] | undefined {
  const vlans: number[] = [];
  for (const item of text.split(',')) {
    const range = /^([0-9]{1,4})(?:-([0-9]{1,4}))?$/.exec(item);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = Number(range[2] ?? range[1]);
    if (first < VLAN_MIN || last > VLAN_MAX || first > last) return undefined;
    for (let vid = first; vid <= last; vid++) vlans.push(vid);
  }
  return vlans;
}

/** A line inside a block; false when it is not read. */
function readInBlock(reading: RunningReading, block: Block, words: string[], body: string, dialect: IosStyleDialect): boolean {
  if (block.kind === 'vlan') {
    if (words[0] !== 'name' || !words[1]) return false;
    reading.vlans.set(block.vid, body.slice(5).trim());
    return true;
  }
  if (block.kind === 'vrf') return readGateway(reading, words);
  if (block.kind === 'interface') return readInterfaceLine(reading, block.entry, words, body, dialect);
  return false;
}

/** The interface commands read: description, shutdown, switching and VLANs, LAG membership, addresses, MAC. */
function readInterfaceLine(
  reading: RunningReading,
  entry: InterfaceReading,
  words: string[],
  body: string,
  dialect: IosStyleDialect,
): boolean {
  const [command, first] = words;
  if (command === 'description') entry.description = body.slice('description'.length).trim();
  else if (body === 'shutdown' || body === 'no shutdown') entry.adminUp = body === 'no shutdown';
  else if (command === 'switchport' || (command === 'no' && first === 'switchport')) return readSwitchport(entry, words);
  else if (command === 'vlan') return readArubaVlan(entry, words.slice(1));
  else if (body === 'no routing' || body === 'routing') entry.switched = body === 'no routing';
  else if (command === 'channel-group' && first) joinLag(reading, entry, dialect.lagName(first), channelGroupMode(words[3]));
  else if (command === 'lag' && first) joinLag(reading, entry, dialect.lagName(first), undefined);
  else if (command === 'lacp' && first === 'mode' && (words[2] === 'active' || words[2] === 'passive')) entry.lagMode = `lacp-${words[2]}`;
  else if ((command === 'vrf' && (first === 'forwarding' || first === 'member')) || (command === 'ip' && first === 'vrf')) {
    entry.switched = false;
    entry.vrf = words.at(-1);
  } else if (body === 'no ip address') entry.switched ??= false;
  else if (command === 'ip' || command === 'ipv6') return readAddress(entry, words);
  else if (command === 'mac-address' && first && normalizeMac(first)) entry.mac = normalizeMac(first);
  else if (command === 'default-gateway' && first) return addGateway(reading, first);
  else return false;
  return true;
}

/** `channel-group N mode active|passive|on`; no mode is static (NX-OS); PAgP's desirable and auto say nothing of LACP. */
function channelGroupMode(mode: string | undefined): LagMode | undefined {
  if (mode === 'active' || mode === 'passive') return `lacp-${mode}`;
  return mode === undefined || mode === 'on' ? 'static' : undefined;
}

function joinLag(reading: RunningReading, entry: InterfaceReading, lagName: string, mode: LagMode | undefined): void {
  entry.lag = interfaceNamed(reading, lagName, 'lag');
  if (mode) entry.lagMode = mode;
}

/** `switchport`, `no switchport`, `switchport mode …`, `switchport access vlan N`, `switchport trunk native|allowed vlan …`. */
function readSwitchport(entry: InterfaceReading, words: string[]): boolean {
  if (words[0] === 'no') {
    if (words.length !== 2) return false;
    entry.switched = false;
    return true;
  }
  entry.switched = true;
  const [, what, which, vlanWord, ...rest] = words;
  if (what === undefined) return true;
  if (what === 'mode' && which) entry.mode = which === 'trunk' ? 'trunk' : 'access';
  else if (what === 'access' && which === 'vlan' && vlanWord) return setNumber(vlanWord, (vid) => (entry.accessVlan = vid));
  else if (what === 'voice' && which === 'vlan' && vlanWord) return setNumber(vlanWord, (vid) => (entry.voiceVlan = vid));
  else if (what === 'trunk' && which === 'native' && vlanWord === 'vlan' && rest[0])
    return setNumber(rest[0], (vid) => (entry.nativeVlan = vid));
  else if (what === 'trunk' && which === 'allowed' && vlanWord === 'vlan') return readAllowed(entry, rest);
  else return false;
  return true;
}

/** Aruba CX: `vlan access N`, `vlan trunk native N`, `vlan trunk allowed <list>|all`. */
function readArubaVlan(entry: InterfaceReading, words: string[]): boolean {
  entry.switched = true;
  if (words[0] === 'access' && words[1]) {
    entry.mode ??= 'access';
    return setNumber(words[1], (vid) => (entry.accessVlan = vid));
  }
  if (words[0] !== 'trunk') return false;
  entry.mode = 'trunk';
  if (words[1] === 'native' && words[2]) return setNumber(words[2], (vid) => (entry.nativeVlan = vid));
  if (words[1] === 'allowed') return readAllowed(entry, words.slice(2));
  return false;
}

/** `<list>`, `add <list>`, `remove <list>`, `except <list>`, `all`, `none` (a later line changes what an earlier one set). */
function readAllowed(entry: InterfaceReading, words: string[]): boolean {
  const [first, second] = words;
  if (first === 'all' || first === 'none') {
    entry.allowed = first === 'all' ? 'all' : new Set();
    return true;
  }
  const change = first === 'add' || first === 'remove' || first === 'except' ? first : undefined;
  const vlans = vlanListOf((change ? second : first) ?? '');
  if (vlans === undefined) return false;
  if (change === 'except') entry.allowed = new Set(allVlans().filter((vid) => !vlans.includes(vid)));
  else if (change === 'remove' && entry.allowed !== undefined && entry.allowed !== 'all')
    for (const vid of vlans) entry.allowed.delete(vid);
  else if (change === 'remove') entry.allowed = new Set(allVlans().filter((vid) => !vlans.includes(vid)));
  else if (change === 'add' && entry.allowed instanceof Set) for (const vid of vlans) entry.allowed.add(vid);
  else if (change !== 'add' || entry.allowed === undefined) entry.allowed = new Set(vlans);
  return true;
}

function allVlans(): number[] {
  return Array.from({ length: 4094 }, (_, i) => i + 1);
}

/** `ip address A M` (IOS), `ip address A/len` (EOS, NX-OS), `ip static A/len` (Aruba CX mgmt), `ipv6 address A/len`; `no ip address`. */
function readAddress(entry: InterfaceReading, words: string[]): boolean {
  const [, what, address, mask, extra] = words;
  if (what !== 'address' && what !== 'static') return false;
  if (address === 'dhcp' || extra === 'secondary') return true;
  const [ip, prefix] = address?.includes('/') ? address.split('/') : [address ?? '', mask ?? ''];
  const parsed = addressOf(ip, prefix);
  if (!parsed) return false;
  entry.addresses.push(parsed);
  return true;
}

function setNumber(text: string, set: (vid: number) => void): boolean {
  if (!/^[0-9]{1,4}$/.test(text) || Number(text) < 1 || Number(text) > 4094) return false;
  set(Number(text));
  return true;
}
