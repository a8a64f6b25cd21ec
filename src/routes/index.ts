import type { Route } from '../http/route.ts';
import { ACTIVITY_ROUTES } from './activity.ts';
import { ADDRESS_ROUTES } from './addresses.ts';
import { AUTH_ROUTES } from './auth.ts';
import { BACKUP_ROUTES } from './backup.ts';
import { BULK_IMPORT_ROUTES } from './bulk-import.ts';
import { CHECK_ROUTES } from './checks.ts';
import { DATA_IMPORT_ROUTES } from './data-import.ts';
import { DISCOVERY_ROUTES } from './discovery.ts';
import { HEALTH_ROUTES } from './health.ts';
import { HISTORY_ROUTES } from './history.ts';
import { INVENTORY_ROUTES } from './inventory.ts';
import { LAG_ROUTES } from './lags.ts';
import { METRICS_ROUTES } from './metrics.ts';
import { MIGRATION_ROUTES } from './migration.ts';
import { NETBOX_IMPORT_ROUTES } from './netbox-import.ts';
import { NETWORK_ROUTES } from './networks.ts';
import { PORT_ROUTES } from './ports.ts';
import { PUBLIC_LINK_ROUTES } from './public-links.ts';
import { RANGE_ROUTES } from './ranges.ts';
import { SEARCH_ROUTES } from './search.ts';
import { SIGN_IN_ROUTES } from './sign-in.ts';
import { SITE_ROUTES } from './sites.ts';
import { SWITCH_CONFIG_ROUTES } from './switch-config.ts';
import { SWITCH_ROUTES } from './switches.ts';
import { TEMPLATE_ROUTES } from './templates.ts';
import { TOKEN_ROUTES } from './tokens.ts';
import { TOOL_ROUTES } from './tools.ts';
import { TOPOLOGY_ROUTES } from './topology.ts';
import { USER_ROUTES } from './users.ts';
import { VLAN_ROUTES } from './vlans.ts';
import { CREDENTIAL_ROUTES } from './credentials.ts';
import { POLLING_ROUTES } from './polling.ts';
import { WEBHOOK_ROUTES } from './webhooks.ts';
import { CONFIG_VERSION_ROUTES } from './config-versions.ts';
import { AGENT_ROUTES } from './agents.ts';

/** Every API route, in one list: each file's route table, in the order they are documented. */
export const ALL_ROUTES: Route[] = [
  ...HEALTH_ROUTES,
  ...METRICS_ROUTES,
  ...AUTH_ROUTES,
  ...SIGN_IN_ROUTES,
  ...USER_ROUTES,
  ...TOKEN_ROUTES,
  ...SITE_ROUTES,
  ...VLAN_ROUTES,
  ...NETWORK_ROUTES,
  ...ADDRESS_ROUTES,
  ...RANGE_ROUTES,
  ...TEMPLATE_ROUTES,
  ...SWITCH_ROUTES,
  ...PORT_ROUTES,
  ...LAG_ROUTES,
  ...PUBLIC_LINK_ROUTES,
  ...TOPOLOGY_ROUTES,
  ...SEARCH_ROUTES,
  ...TOOL_ROUTES,
  ...CHECK_ROUTES,
  ...SWITCH_CONFIG_ROUTES,
  ...INVENTORY_ROUTES,
  ...CONFIG_VERSION_ROUTES,
  ...DISCOVERY_ROUTES,
  ...ACTIVITY_ROUTES,
  ...BACKUP_ROUTES,
  ...DATA_IMPORT_ROUTES,
  ...MIGRATION_ROUTES,
  ...NETBOX_IMPORT_ROUTES,
  ...BULK_IMPORT_ROUTES,
  ...CREDENTIAL_ROUTES,
  ...POLLING_ROUTES,
  ...HISTORY_ROUTES,
  ...WEBHOOK_ROUTES,
  ...AGENT_ROUTES,
];
