// Junos running configurations, in the curly-brace form of `show configuration` and in the `set` form of `show
// configuration | display set`: both become statements (the path of words from the top of the hierarchy), which are
// read the same way. ELS (`interface-mode`, `native-vlan-id` on the interface) and the older form (`port-mode`,
// `vlans <name> interface …`) are both read; an `inactive:` statement is not in effect and is not read.
import type { InterfaceReading, RunningConfigReading, RunningReading } from './read-running.ts';
import { addGateway, addressOf, emptyReading, interfaceNamed, kindOfInterface, notRead, observedOf } from './read-running.ts';

/** One statement: its words from the top of the hierarchy, and the line it ends on. */
interface Statement {
  words: string[];
  line: number;
}

const WORD = /"(?:[^"\\]|\\.)*"|[^\s"]+/g;

/** Reads a Junos running configuration; never throws, and counts the statements it does not read. */
export function readJunos(text: string): RunningConfigReading {
  const reading = emptyReading();
  const vlanUnits = new Map<string, string>();
  for (const statement of statementsOf(text)) {
    if (!readStatement(reading, statement.words, vlanUnits)) notRead(reading, statement.line, statement.words.join(' '));
  }
  for (const [unit, vlanName] of vlanUnits) {
    const vid = [...reading.vlans].find(([, name]) => name === vlanName)?.[0];
    const entry = reading.byName.get(unit.toLowerCase());
    if (vid !== undefined && entry) entry.sviVlan = vid;
  }
  return observedOf(reading, { vendor: 'Juniper', portUp: true, portSwitched: false, nativeVlan: null, vlanOneBuiltIn: false });
}

/** The statements of either form, `inactive:` ones and comments left out. */
function statementsOf(text: string): Statement[] {
  const statements: Statement[] = [];
  const path: string[][] = [];
  const inactive: boolean[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\s*##.*$/, '').trim();
    if (line === '' || line.startsWith('#') || line.startsWith('/*')) return;
    if (line.startsWith('set ')) {
      statements.push({ words: wordsOf(line.slice(4)), line: index + 1 });
      return;
    }
    if (line === '}') {
      path.pop();
      inactive.pop();
      return;
    }
    const off = line.startsWith('inactive:') || inactive.some(Boolean);
    const words = wordsOf(line.replace(/^(inactive|replace|protect):\s*/, '').replace(/\s*[{;]$/, ''));
    if (line.endsWith('{')) {
      path.push(words);
      inactive.push(off);
    } else if (!off) statements.push({ words: [...path.flat(), ...words], line: index + 1 });
  });
  return statements;
}

/** Words with quotes removed; a list `[ a b ]` stays as its words between the brackets. */
function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((match) => match[0].replace(/^"(.*)"$/s, '$1').replace(/\\(.)/g, '$1'));
}

function readStatement(reading: RunningReading, words: string[], vlanUnits: Map<string, string>): boolean {
  const [top, ...rest] = words;
  if (top === 'system' && rest[0] === 'host-name' && rest[1]) reading.hostname = rest[1];
  else if (top === 'vlans' && rest[0]) return readVlan(reading, rest, vlanUnits);
  else if (top === 'interfaces' && rest[0]) return readInterface(reading, rest);
  else if (top === 'routing-options' || top === 'routing-instances') return readRoute(reading, words);
  else return false;
  return true;
}

/** `vlans <name> vlan-id N`, `… l3-interface irb.N`, `… interface ge-0/0/1.0` (the older form's members), `… description`. */
function readVlan(reading: RunningReading, [name, what, value]: string[], vlanUnits: Map<string, string>): boolean {
  if (what === 'vlan-id' && /^[0-9]{1,4}$/.test(value ?? '')) reading.vlans.set(Number(value), name);
  else if (what === 'l3-interface' && value) vlanUnits.set(value, name);
  else if (what === 'interface' && value) {
    const entry = interfaceNamed(reading, value.replace(/\.0$/, ''), kindOfInterface(value));
    entry.switched = true;
    entry.vlanMembers = [...(entry.vlanMembers ?? []), name];
  } else return what === 'description';
  return true;
}

/** The statements of `interfaces <name> …` read; the rest of an interface's are not. */
function readInterface(reading: RunningReading, [name, ...rest]: string[]): boolean {
  if (name === 'interface-range') return false;
  const [what, value] = rest;
  // irb and vlan (the older form) are read unit by unit: each unit is an SVI.
  if ((name === 'irb' || name === 'vlan') && what === 'unit' && value) {
    return readUnit(interfaceNamed(reading, `${name}.${value}`, 'vlan'), rest.slice(2));
  }
  const entry = interfaceNamed(reading, name, kindOfInterface(name));
  if (what === 'description') entry.description = value ?? '';
  else if (what === 'disable') entry.adminUp = false;
  else if (what === 'native-vlan-id') return setNative(entry, value);
  else if ((what === 'ether-options' || what === 'gigether-options') && value === '802.3ad' && rest[2]) {
    entry.lag = interfaceNamed(reading, rest[2], 'lag');
  } else if (what === 'aggregated-ether-options' && value === 'lacp' && (rest[2] === 'active' || rest[2] === 'passive')) {
    entry.lagMode = `lacp-${rest[2]}`;
  } else if (what === 'unit' && value) return readUnit(entry, rest.slice(2));
  else return false;
  return true;
}

/** A unit's switching (`family ethernet-switching …`) and addresses (`family inet|inet6 address A/len`). */
function readUnit(entry: InterfaceReading, words: string[]): boolean {
  const [family, kind, ...rest] = words;
  if (family === 'description' && entry.kind === 'vlan') {
    entry.description = kind ?? '';
    return true;
  }
  if (family !== 'family') return false;
  if (kind === 'inet' || kind === 'inet6') {
    if (rest[0] !== 'address' || !rest[1]) return rest[0] === 'dhcp' || rest[0] === 'dhcp-client';
    const [ip, prefix] = rest[1].split('/');
    const address = addressOf(ip, prefix ?? '');
    if (address) entry.addresses.push(address);
    return address !== undefined;
  }
  if (kind !== 'ethernet-switching') return false;
  entry.switched = true;
  const [what, value, ...more] = rest;
  if (what === undefined) return true;
  if ((what === 'interface-mode' || what === 'port-mode') && value) entry.mode = value === 'trunk' ? 'trunk' : 'access';
  else if (what === 'native-vlan-id') return setNative(entry, value);
  else if (what === 'vlan' && value === 'members')
    entry.vlanMembers = [...(entry.vlanMembers ?? []), ...more.filter((word) => word !== '[' && word !== ']')];
  else return false;
  return true;
}

function setNative(entry: InterfaceReading, value: string | undefined): boolean {
  if (!/^[0-9]{1,4}$/.test(value ?? '')) return false;
  entry.nativeVlan = Number(value);
  return true;
}

/** `routing-options static route 0.0.0.0/0 next-hop A` (and `rib inet6.0 static route ::/0`), in any routing instance. */
function readRoute(reading: RunningReading, words: string[]): boolean {
  const route = words.indexOf('route');
  if (route < 0 || words[route - 1] !== 'static') return false;
  const [prefix, what, nextHop] = words.slice(route + 1);
  return (prefix === '0.0.0.0/0' || prefix === '::/0') && what === 'next-hop' && nextHop !== undefined && addGateway(reading, nextHop);
}
