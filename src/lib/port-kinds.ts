// The choices of a port that a layout template's rules (port-layout.ts) check as well as the field declarations:
// declared here, at the bottom of the imports, and offered with the other choices by fields/choices.ts.

/** The kinds of port a switch has: what its front panel draws and groups by. */
export const PORT_TYPES = ['rj45', 'sfp', 'sfp+', 'sfp28', 'qsfp', 'qsfp28', 'console', 'management'] as const;

/** The kinds of port that carry no switched traffic, so never a LAG member (nor a port of the switch's configuration). */
export const OUT_OF_BAND_PORT_TYPES: readonly string[] = ['console', 'management'];

/** Why a port of this type cannot be a LAG member, or undefined when it can: one rule for every path that makes members. */
export function lagMemberTypeProblem(name: unknown, type: unknown): string | undefined {
  if (!OUT_OF_BAND_PORT_TYPES.includes(String(type))) return undefined;
  return `port "${String(name)}" is a ${String(type)} port, which cannot be a LAG member`;
}

/** The PoE standards a port can deliver. */
export const POE_TYPES = ['802.3af', '802.3at', '802.3bt-type3', '802.3bt-type4', 'passive-24v', 'passive-48v'] as const;

/** The most a stack has members (a port's unit, a switch's stackSize). */
export const STACK_MAX = 8;

/** How a template block numbers its ports across its rows (port-layout.ts). */
export const BLOCK_ORDERS = ['sequential', 'odd-even', 'even-odd'] as const;
