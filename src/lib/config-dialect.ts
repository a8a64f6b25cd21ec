// The dialects the switch configuration is written in (src/switch-config/), and the one a switch speaks by what is
// documented of it, for the UI's first choice: its vendor, else its template's.

export const CONFIG_DIALECTS = ['cisco-ios', 'arista-eos', 'junos'] as const;
export type ConfigDialect = (typeof CONFIG_DIALECTS)[number];

const BY_VENDOR: [RegExp, ConfigDialect][] = [
  [/arista/i, 'arista-eos'],
  [/juniper|junos/i, 'junos'],
  [/cisco/i, 'cisco-ios'],
];

/** The dialect of the first vendor given that names one (Cisco, Arista, Juniper); undefined when none does. */
export function dialectOfVendor(...vendors: (string | null | undefined)[]): ConfigDialect | undefined {
  for (const vendor of vendors) {
    const found = vendor ? BY_VENDOR.find(([pattern]) => pattern.test(vendor)) : undefined;
    if (found) return found[1];
  }
  return undefined;
}
