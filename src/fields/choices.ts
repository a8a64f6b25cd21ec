// The choices and limits of the fields, apart from their declarations: the web UI offers them (a select's options,
// a form's limits) without bundling the declarations and their OpenAPI texts.

/** The modes a port can be in. */
export const PORT_MODES = ['access', 'trunk'] as const;

/** The kinds of port a switch has: what its front panel draws and groups by. */
export const PORT_TYPES = ['rj45', 'sfp', 'sfp+', 'sfp28', 'qsfp', 'qsfp28', 'console', 'management'] as const;

/** The link states a port can report. */
export const LINK_STATUSES = ['up', 'down'] as const;

/** The PoE standards a port can deliver. */
export const POE_TYPES = ['802.3af', '802.3at', '802.3bt-type3', '802.3bt-type4', 'passive-24v', 'passive-48v'] as const;

/** The most a stack has members (a port's unit, a switch's stackSize). */
export const STACK_MAX = 8;

/** The statuses a switch can have. */
export const SWITCH_STATUSES = ['active', 'planned', 'offline', 'retired'] as const;

/** The roles a switch can have in its network. */
export const SWITCH_ROLES = ['core', 'distribution', 'access', 'management'] as const;

/** The roles, weakest first. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;

/** The languages of the UI. */
export const LANGUAGES = ['en', 'de'] as const;

/** Fewest characters of a password. */
export const MIN_PASSWORD_LENGTH = 10;

/** The statuses a VLAN can have. */
export const VLAN_STATUSES = ['active', 'inactive'] as const;

/** What kind of device holds an address. */
export const DEVICE_TYPES = ['server', 'switch', 'router', 'firewall', 'printer', 'phone', 'ap', 'camera', 'other'] as const;

/** The statuses an address can have. */
export const ADDRESS_STATUSES = ['active', 'reserved', 'inactive'] as const;

/** The kinds of address range: a DHCP pool (no recorded address inside), static assignments, or held back. */
export const RANGE_KINDS = ['dhcp', 'static', 'reserved'] as const;

/** How a template block numbers its ports across its rows (src/lib/port-layout.ts). */
export const BLOCK_ORDERS = ['sequential', 'odd-even', 'even-odd'] as const;

/** How a LAG aggregates its members: LACP actively or passively, or a static bundle. */
export const LAG_MODES = ['lacp-active', 'lacp-passive', 'static'] as const;
