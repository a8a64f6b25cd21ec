// Port names as plain interface names: the one rule of what a port name may hold (no I/O). A port name is
// written raw into switch configurations (`interface <name>`, `<name> {`), so nothing but the characters of
// an interface name may be in it: no line break, no control character, no `;`, `{` or `}` that would end the
// statement and start one of the stored text's own. migrations/0004_port_interface_names.sql applies the same
// rule (and the same suffix) to names stored before it.

import { FIELD_FORMS, type FieldFormCode, fillForm, type MessageParams } from './message-forms.ts';

/** The longest port name. */
export const INTERFACE_NAME_MAX = 64;

/** The characters a port name may hold, as a sentence for messages and the API description. */
export const INTERFACE_NAME_CHARACTERS = 'ASCII letters, digits, spaces and / . : - _ +';

/** Only the allowed characters (any number of them). */
const ALLOWED_CHARACTERS = /^[A-Za-z0-9/.:_+ -]*$/;
/** One to 64 of the allowed characters, not only spaces: the rule as an ECMA-262 pattern (JSON Schema `pattern`). */
const INTERFACE_NAME_PATTERN = '^(?! *$)[A-Za-z0-9/.:_+ -]{1,64}$';
const INTERFACE_NAME = new RegExp(INTERFACE_NAME_PATTERN);

/** Why `name` is not a plain interface name, as the form of a field fault (lib/message-forms.ts), or undefined when it is one. */
export function interfaceNameFault(name: string): { code: FieldFormCode; params: MessageParams } | undefined {
  if (!ALLOWED_CHARACTERS.test(name)) return { code: 'not_interface_name', params: {} };
  if (name.trim() === '') return { code: 'required', params: {} };
  if (name.length > INTERFACE_NAME_MAX) return { code: 'too_long', params: { max: INTERFACE_NAME_MAX } };
  return undefined;
}

/** Why `name` is not a plain interface name (a message for a field fault), or undefined when it is one. */
export function interfaceNameProblem(name: string): string | undefined {
  const fault = interfaceNameFault(name);
  return fault && fillForm(FIELD_FORMS[fault.code], fault.params);
}

/** Whether `name` is a plain interface name: 1–64 ASCII letters, digits, spaces and `/ . : - _ +`, not only spaces. */
export function isInterfaceName(name: unknown): name is string {
  return typeof name === 'string' && INTERFACE_NAME.test(name);
}

/**
 * The `n`th name made from `name` to tell it from a name taken already: `name_n`, with `name` cut so that the
 * whole stays within 64 characters. A plain interface name in, a plain interface name out.
 */
export function suffixedInterfaceName(name: string, n: number): string {
  const suffix = `_${n}`;
  return name.slice(0, Math.max(1, INTERFACE_NAME_MAX - suffix.length)) + suffix;
}

/**
 * The interface types whose names vendors write long and short, each [long form, short form, other spellings]: the
 * prefixes Cisco IOS/IOS-XE/IOS-XR/NX-OS, Arista EOS and their peers put before an interface's number.
 * Junos's names (ge-, xe-, et-, ae) and names without a known prefix have one spelling only.
 */
const INTERFACE_TYPES: readonly (readonly [string, string, ...string[]])[] = [
  ['FastEthernet', 'Fa'],
  ['GigabitEthernet', 'Gi', 'Gig'],
  ['TwoGigabitEthernet', 'Tw'],
  ['FiveGigabitEthernet', 'Fi'],
  ['TenGigabitEthernet', 'Te', 'TenGigE', 'Ten'],
  ['TwentyFiveGigE', 'Twe', 'TwentyFiveGigabitEthernet'],
  ['FortyGigabitEthernet', 'Fo', 'FortyGigE'],
  ['FiftyGigE', 'Fif', 'FiftyGigabitEthernet'],
  ['HundredGigE', 'Hu', 'HundredGigabitEthernet'],
  ['FourHundredGigE', 'Fou', 'FourHundredGigabitEthernet'],
  ['AppGigabitEthernet', 'Ap'],
  ['Ethernet', 'Eth', 'Et'],
  ['Port-channel', 'Po', 'PortChannel'],
  ['Management', 'Ma', 'Mgmt'],
  ['Vlan', 'Vl'],
  ['Loopback', 'Lo'],
  ['Tunnel', 'Tu'],
];

/** Each spelling of a known prefix, lower case, to every spelling of its type. */
const TYPE_OF_PREFIX = new Map(INTERFACE_TYPES.flatMap((spellings) => spellings.map((prefix) => [prefix.toLowerCase(), spellings])));

/** A name as a prefix of letters (and "-") and the rest, which begins with a digit (`Gi1/0/5`, `Port-channel 10`). */
const PREFIXED_NAME = /^([A-Za-z][A-Za-z-]*?) *(\d[A-Za-z0-9/.:_+-]*)$/;

/**
 * The usual spellings of an interface name: the name as given, then, when its prefix is a known one, its long form,
 * its short form and its type's other spellings (`Gi1/0/5` → `Gi1/0/5`, `GigabitEthernet1/0/5`, `Gig1/0/5`), each
 * once (case-insensitively). Two names are of one interface when their forms meet (sameInterface).
 */
export function interfaceNameForms(name: string): string[] {
  const given = name.trim();
  const parts = PREFIXED_NAME.exec(given);
  const type = parts ? TYPE_OF_PREFIX.get(parts[1].toLowerCase()) : undefined;
  return onceEach(type ? [given, ...type.map((prefix) => prefix + parts![2])] : [given]);
}

/**
 * The names a port of one of these spellings may be stored under: interfaceNameForms, then each form of a known
 * prefix with a space before its number, as TP-Link names its ports (`gigabitEthernet 1/0/5`). Search, the ports
 * lists' q and every "switch/port" input (a bulk import's linked port, an address's port) look a port up by each.
 */
export function storedInterfaceNames(name: string): string[] {
  const forms = interfaceNameForms(name);
  const spaced = forms.map((form) => PREFIXED_NAME.exec(form)).filter((parts) => parts && TYPE_OF_PREFIX.has(parts[1].toLowerCase()));
  return onceEach([...forms, ...spaced.map((parts) => `${parts![1]} ${parts![2]}`)]);
}

/** Names without a repeat, case-insensitively, in their order. */
function onceEach(names: string[]): string[] {
  return names.filter((name, i) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === i);
}

/** Whether two names are spellings of the same interface (`Gi1/0/5` and `gigabitethernet1/0/5`). */
export function sameInterface(a: string, b: string): boolean {
  const formsOfB = new Set(interfaceNameForms(b).map((form) => form.toLowerCase()));
  return interfaceNameForms(a).some((form) => formsOfB.has(form.toLowerCase()));
}
