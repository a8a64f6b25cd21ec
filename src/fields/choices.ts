// The choices and limits of the fields, apart from their declarations: the web UI offers them (a select's options,
// a form's limits) without bundling the declarations and their OpenAPI texts. Those of a port that a layout
// template's rules check too are declared in lib/port-kinds.ts (lib/ imports no other room) and offered here.

export { BLOCK_ORDERS, POE_TYPES, PORT_TYPES, STACK_MAX } from '../lib/port-kinds.ts';

/** The modes a port can be in. */
export const PORT_MODES = ['access', 'trunk'] as const;

/** The link states a port can report. */
export const LINK_STATUSES = ['up', 'down'] as const;

/** The statuses a switch can have. */
export const SWITCH_STATUSES = ['active', 'planned', 'offline', 'retired'] as const;

/** The roles a switch can have in its network. */
export const SWITCH_ROLES = ['core', 'distribution', 'access', 'management'] as const;

/** The roles, weakest first. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;

/** The languages of the UI. */
export const LANGUAGES = ['en', 'de'] as const;

/** How a user signs in: a password kept here, an OpenID Connect provider, a directory (issue 41). */
export const SIGN_IN_METHODS = ['local', 'oidc', 'ldap'] as const;

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

/** How a LAG aggregates its members: LACP actively or passively, or a static bundle. */
export const LAG_MODES = ['lacp-active', 'lacp-passive', 'static'] as const;
