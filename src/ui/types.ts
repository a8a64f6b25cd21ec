// The shapes of the records that the HTTP API answers with (the OpenAPI document at /api/openapi.json).

export type Role = 'admin' | 'editor' | 'viewer';

export interface User {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  version?: number;
}

export interface ApiToken {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt?: string | null;
  token?: string;
}

export interface Site {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  notes: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  switchCount: number;
  networkCount: number;
}

export interface Network {
  id: string;
  siteId: string;
  name: string;
  vlanId: number;
  subnet: string | null;
  gateway: string | null;
  description: string | null;
  color: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  portCount: number;
}

export type SwitchStatus = 'active' | 'planned' | 'offline' | 'retired';

export interface Switch {
  id: string;
  siteId: string;
  name: string;
  vendor: string | null;
  model: string | null;
  serialNumber: string | null;
  macAddress: string | null;
  managementIp: string | null;
  firmwareVersion: string | null;
  location: string | null;
  status: SwitchStatus;
  notes: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  portCount: number;
  ports?: Port[];
}

export interface Port {
  id: string;
  switchId: string;
  name: string;
  position: number;
  description: string | null;
  enabled: boolean;
  mode: 'access' | 'trunk';
  untaggedNetworkId: string | null;
  taggedNetworkIds: string[];
  speed: string | null;
  poe: boolean;
  linkedPortId: string | null;
  connectedDevice: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type Action = 'create' | 'update' | 'delete' | 'bulk_update' | 'import' | 'restore' | 'migrate' | 'undo';

export interface ActivityEntry {
  id: string;
  at: string;
  userId: string | null;
  username: string | null;
  action: Action;
  entityType: string | null;
  entityId: string | null;
  entityName: string | null;
  siteId: string | null;
  summary: string;
  changes: unknown;
  undoable: boolean;
  undoneBy: string | null;
  undoOf: string | null;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface EntityRef {
  type: string;
  id: string;
  name: string;
}

export interface Finding {
  kind: string;
  severity: string;
  message: string;
  entities: EntityRef[];
}

export interface SearchResult {
  type: string;
  id: string;
  name: string;
  siteId: string | null;
  switchId?: string | null;
  match?: string;
}

export interface Health {
  status: string;
  version: string;
  schemaVersion: number;
  uptimeS: number;
  warnings: unknown[];
}

export type Counts = Record<string, number>;
