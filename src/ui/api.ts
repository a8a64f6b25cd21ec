// Every request the UI makes goes through this module: same-origin credentials (the `session` cookie),
// JSON in and out, and the contract's error body turned into an ApiError that forms can show per field.
// The answers are typed by api-types.ts, generated from the server's OpenAPI document.
import type {
  ActivityEntry,
  ConfigStored,
  ConfigVersionList,
  Address,
  AddressList,
  ActivityPage,
  ChecksAnswer,
  CsvImportResult,
  Discovery,
  DiscoveryApplied,
  DiscoveryList,
  FdbList,
  FreePorts,
  Finding,
  Health,
  Lag,
  LagList,
  MergeResult,
  NetboxImportResult,
  Migration,
  NetworkList,
  Network,
  NewApiToken,
  Port,
  PortHistory,
  SightingList,
  PortList,
  Range,
  FreeBlockList,
  RangeList,
  RestoreResult,
  SearchAnswer,
  Session,
  Site,
  SubnetInfo,
  SiteList,
  Switch,
  SwitchList,
  SwitchWithPorts,
  Template,
  TemplateImport,
  TemplateList,
  TokenList,
  Webhook,
  WebhookDeliveryList,
  WebhookList,
  WebhookQueued,
  User,
  UserList,
  Vlan,
  VlanList,
  VlanPort,
  VlanPortList,
  NewPublicLink,
  PublicLinkList,
  PublicSwitch,
  Topology,
  CredentialSet,
  CredentialSetList,
  SwitchPolling,
  SitePolling,
  PolledSwitch,
  PolledSwitchList,
  PollOutcome,
  AgentList,
  NewAgent,
} from './api-types.ts';
import { t } from './messages.ts';
import { errorText, faultText, type ServerParams } from './server-messages.ts';

/** One fault of an error answer: the field path (`name`, `rows[7].vlanId`) and what is wrong with it (its form's code and params). */
export type FieldError = { field: string; message: string; code?: string; params?: ServerParams };

/** An error answer of the API: HTTP status, the contract's code, its message and the per-field details. */
export class ApiError extends Error {
  status: number;
  code: string;
  details: FieldError[];
  constructor(status: number, code: string, message: string, details: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Fired on window when a request answers 401, so that the app can show the sign-in form again. */
export const UNAUTHORIZED_EVENT = 'switchyard:unauthorized';

type QueryValue = string | number | boolean | null | undefined;
/** Query-string values of a request; empty ones are left out. */
export type Query = Record<string, QueryValue>;

type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** A body sent as text/plain instead of JSON. */
  text?: string;
  ifMatch?: number;
  accept?: string;
  signal?: AbortSignal;
};

/** Builds `/api/...?a=1` leaving out empty query values. */
function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

type ErrorBody = { error: { code: string; message: string; form?: string; params?: ServerParams; details?: FieldError[] } };

// The API answers every error with the Error schema; anything else (a proxy's page) has only its status. Its messages
// are worded in the user's language here, once, for every display of an error.
function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const e = (body as Partial<ErrorBody> | null)?.error;
  if (e)
    return new ApiError(
      status,
      e.code,
      errorText(e),
      (e.details ?? []).map((d) => ({ ...d, message: faultText(d) })),
    );
  return new ApiError(status, `http_${status}`, statusText || t('api.httpStatus', { status }));
}

function signalUnauthorized(path: string, status: number): void {
  if (status === 401 && !path.startsWith('/api/auth/')) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

/** What a change answers without a body (204): an object of its own, so that it can name its entry (activityOf). */
export type NoContent = Readonly<Record<string, never>>;

// The activity entry each change's answer named in its Activity-Id header, keyed by the answer object that the
// change's call resolves with: every call has its own answer, so two changes at once never see each other's
// entry. This is the one way the UI learns which entry a change wrote (toastWithUndo offers Undo for it).
const entryOfAnswer = new WeakMap<object, string>();

/** The activity entry that the change which answered `answer` wrote (its Activity-Id), or undefined. */
export function activityOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? entryOfAnswer.get(answer) : undefined;
}

/** `answer`, remembered as naming `entryId` (an answer that is not an object cannot name one). */
function namingEntry<T>(answer: T, entryId: string | null): T {
  if (entryId && typeof answer === 'object' && answer !== null) entryOfAnswer.set(answer, entryId);
  return answer;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  } else if (opts.text !== undefined) {
    body = opts.text;
    headers['Content-Type'] = 'text/plain; charset=utf-8';
  }
  if (opts.ifMatch !== undefined) headers['If-Match'] = `"${opts.ifMatch}"`;
  let res: Response;
  try {
    // no-store: the data changes under the page, and a cached answer revalidated by ETag could be stale
    // (an ETag that names one resource's version does not cover everything its answer embeds).
    res = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', t('api.unreachable'));
  }
  const entryId = res.headers.get('Activity-Id');
  if (res.status === 204) return namingEntry({} as NoContent, entryId) as T;
  const type = res.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('json') ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    signalUnauthorized(path, res.status);
    throw errorFrom(res.status, res.statusText, parsed);
  }
  return namingEntry(parsed as T, entryId);
}

const get = <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal });
const post = <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body: body ?? {}, query });
const patch = <T>(path: string, body: unknown, ifMatch?: number, query?: Query) => request<T>('PATCH', path, { body, ifMatch, query });
const del = (path: string, ifMatch?: number, query?: Query) => request<NoContent>('DELETE', path, { ifMatch, query });

// Authentication and the signed-in user. GET /api/auth/status has no answer schema in the OpenAPI document.
/** How one may sign in besides a password: the OpenID Connect button (its label, or null for the UI's words), when set. */
export type SignInOptions = { oidc: { label: string | null } | null; ldap: boolean };
export const authStatus = () => get<{ setupRequired: boolean; user: User | null; signIn: SignInOptions }>('/api/auth/status');
/** Where the browser goes to sign in through the OpenID Connect provider, and to sign out there too. */
export const OIDC_START_URL = '/api/auth/oidc/start';
export const OIDC_LOGOUT_URL = '/api/auth/oidc/logout';
export const setup = (username: string, password: string) => post<Session>('/api/auth/setup', { username, password });
export const login = (username: string, password: string) => post<Session>('/api/auth/login', { username, password });
export const logout = () => post<void>('/api/auth/logout');
export const me = () => get<User>('/api/auth/me');
/** The signed-in user's own settings: display name and language. */
export const updateMe = (body: Partial<Pick<User, 'displayName' | 'language'>>) => patch<User>('/api/auth/me', body);
export const changePassword = (currentPassword: string, newPassword: string) =>
  post<void>('/api/auth/password', { currentPassword, newPassword });
export const health = () => get<Health>('/api/health');

// Users and API tokens.
export const listUsers = async () => (await get<UserList>('/api/users', { limit: 500 })).items;
export const createUser = (body: { username: string; password: string; role: string }) => post<User>('/api/users', body);
export const updateUser = (id: string, body: Partial<{ role: string; password: string; disabled: boolean }>) =>
  patch<User>(`/api/users/${id}`, body);
export const deleteUser = (id: string) => del(`/api/users/${id}`);
/** Who may sign in with a password kept here (admins). */
export type SignInSettings = { localSignIn: 'everyone' | 'admins'; oidc: { issuer: string } | null };
export const getSignInSettings = () => get<SignInSettings>('/api/settings/sign-in');
export const setLocalSignIn = (localSignIn: SignInSettings['localSignIn']) =>
  request<SignInSettings>('PUT', '/api/settings/sign-in', { body: { localSignIn } });
export const listTokens = async () => (await get<TokenList>('/api/tokens')).items;
export const createToken = (body: { name: string; expiresInDays?: number; readOnly?: boolean }) => post<NewApiToken>('/api/tokens', body);
export const deleteToken = (id: string) => del(`/api/tokens/${id}`);

// Webhooks (admins).
/** A webhook's fields as the form sends them; `secret` left out on an edit keeps the kept one. */
export type WebhookInput = Pick<Webhook, 'name' | 'url' | 'enabled' | 'events' | 'format'> & { secret?: string };
export const listWebhooks = async () => (await get<WebhookList>('/api/webhooks')).items ?? [];
export const createWebhook = (body: WebhookInput) => post<Webhook>('/api/webhooks', body);
export const updateWebhook = (id: string, body: Partial<WebhookInput>) => patch<Webhook>(`/api/webhooks/${id}`, body);
export const deleteWebhook = (id: string) => del(`/api/webhooks/${id}`);
export const listWebhookDeliveries = async (id: string) =>
  (await get<WebhookDeliveryList>(`/api/webhooks/${id}/deliveries`, { limit: 50 })).items ?? [];
export const redeliverWebhook = (id: string, deliveryId: string) =>
  post<WebhookQueued>(`/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
export const testWebhook = (id: string) => post<WebhookQueued>(`/api/webhooks/${id}/test`);

// Agents (admins; issue 39).
export const listAgents = async () => (await get<AgentList>('/api/agents')).items ?? [];
export const createAgent = (body: { name: string; siteIds: string[] }) => post<NewAgent>('/api/agents', body);
export const revokeAgent = (id: string) => del(`/api/agents/${id}`);

// Inventory.
/** The list, read, create and update calls of one kind of record at `path` (`One`: what reading one answers). */
function records<R, L, One = R>(path: string) {
  return {
    list: (q: Query = {}, signal?: AbortSignal) => get<L>(path, q, signal),
    read: (id: string) => get<One>(`${path}/${id}`),
    create: (body: Partial<R>) => post<R>(path, body),
    update: (id: string, body: Partial<R>, version?: number) => patch<R>(`${path}/${id}`, body, version),
  };
}

const sites = records<Site, SiteList>('/api/sites');
const vlans = records<Vlan, VlanList>('/api/vlans');
const networks = records<Network, NetworkList>('/api/networks');
const switches = records<Switch, SwitchList, SwitchWithPorts>('/api/switches');
export const { list: listSites, read: getSite, create: createSite, update: updateSite } = sites;
export const { list: listVlans, read: getVlan, create: createVlan, update: updateVlan } = vlans;
export const { list: listNetworks, read: getNetwork, create: createNetwork, update: updateNetwork } = networks;
export const { list: listSwitches, read: getSwitch, create: createSwitch, update: updateSwitch } = switches;
export const deleteSite = (id: string, version?: number, cascade = false) =>
  del(`/api/sites/${id}`, version, cascade ? { cascade: true } : undefined);
export const deleteVlan = (id: string, version?: number, force = false) =>
  del(`/api/vlans/${id}`, version, force ? { force: true } : undefined);
export const deleteNetwork = (id: string, version?: number, force = false) =>
  del(`/api/networks/${id}`, version, force ? { force: true } : undefined);
export const deleteSwitch = (id: string, version?: number) => del(`/api/switches/${id}`, version);

/** Every VLAN of a site, by number (for pickers, the front panel's colours and VLAN lists). */
export const siteVlans = async (siteId: string, signal?: AbortSignal) =>
  (await listVlans({ siteId, limit: 500, sort: 'vid' }, signal)).items;

/** Every port that carries the VLAN (the first 500), by switch, unit and position. */
export const vlanPorts = async (id: string, signal?: AbortSignal) =>
  (await get<VlanPortList>(`/api/vlans/${id}/ports`, { limit: 500 }, signal)).items;

export const setFavorite = (switchId: string, on: boolean) =>
  on ? request<unknown>('PUT', `/api/switches/${switchId}/favorite`) : del(`/api/switches/${switchId}/favorite`);

export const switchPorts = async (id: string) => (await get<PortList>(`/api/switches/${id}/ports`, { limit: 500 })).items;
export const switchConfig = (id: string, dialect: string) =>
  request<string>('GET', `/api/switches/${id}/config`, { query: { dialect }, accept: 'text/plain' });

// A switch's running configurations (issue 38): stored versions, their text and their diffs.
export const listConfigVersions = (switchId: string, signal?: AbortSignal) =>
  get<ConfigVersionList>(`/api/switches/${switchId}/configs`, { limit: 100 }, signal);
export const configText = (id: string, signal?: AbortSignal) =>
  request<string>('GET', `/api/configs/${id}`, { accept: 'text/plain', signal });
export const configDiff = (id: string, against: string, signal?: AbortSignal) =>
  request<string>('GET', `/api/configs/${id}/diff`, { query: { against }, accept: 'text/plain', signal });
export const uploadConfig = (switchId: string, text: string, dialect?: string) =>
  request<ConfigStored>('POST', `/api/switches/${switchId}/configs`, { text, query: { dialect } });
/** Fetches the configuration over SSH with credentials used for this fetch only. */
export const fetchConfig = (
  switchId: string,
  body: { host?: string; port?: number; dialect?: string; credentials: { username: string; password?: string; privateKey?: string } },
) => post<ConfigStored>(`/api/switches/${switchId}/configs/fetch`, body);

export const getPort = (id: string) => get<Port>(`/api/ports/${id}`);
/** Changes a port; `matchFarEnd` gives the far end of its link the same mode and VLANs in the same change. */
export const updatePort = (id: string, body: Partial<Port>, version?: number, options: { matchFarEnd?: boolean } = {}) =>
  patch<Port>(`/api/ports/${id}`, body, version, { matchFarEnd: options.matchFarEnd || undefined });
export const createPort = (switchId: string, body: Partial<Port>) => post<Port>(`/api/switches/${switchId}/ports`, body);
export const deletePort = (id: string, version?: number) => del(`/api/ports/${id}`, version);

/** The body of PATCH /api/switches/{id}/ports: one change to many ports, all or nothing. */
export type BulkPortChange = { portIds: string[]; set?: Partial<Port>; addTaggedVlanIds?: string[]; removeTaggedVlanIds?: string[] };
/** What a bulk port change answers: every port it named, as it is now, and how many of them it changed. */
export type BulkPortAnswer = { items: Port[]; changed: number; activityId: string | null };
export const bulkUpdatePorts = (switchId: string, body: BulkPortChange) => patch<BulkPortAnswer>(`/api/switches/${switchId}/ports`, body);

// LAGs of a switch, and a switch's duplicate.
/** The LAGs of a switch (the first 500), by name. */
export const switchLags = async (switchId: string, signal?: AbortSignal) =>
  (await get<LagList>(`/api/switches/${switchId}/lags`, { limit: 500 }, signal)).items;
export const getLag = (id: string) => get<Lag>(`/api/lags/${id}`);
export const createLag = (switchId: string, body: Partial<Lag>) => post<Lag>(`/api/switches/${switchId}/lags`, body);
export const updateLag = (id: string, body: Partial<Lag>, version?: number) => patch<Lag>(`/api/lags/${id}`, body, version);
export const deleteLag = (id: string, version?: number) => del(`/api/lags/${id}`, version);
/** Copies a switch with its ports' configuration and its LAGs under a new name (and management IP). */
export const duplicateSwitch = (id: string, body: { name: string; managementIp?: string }) =>
  post<Switch>(`/api/switches/${id}/duplicate`, body);

// Layout templates: a switch model's front panel (H7).
const templates = records<Template, TemplateList>('/api/templates');
export const { list: listTemplates, read: getTemplate, create: createTemplate, update: updateTemplate } = templates;
export const deleteTemplate = (id: string, version?: number) => del(`/api/templates/${id}`, version);
/** Every template (the first 500), by name: the choices of a switch's form. */
export const allTemplates = async (signal?: AbortSignal) => (await listTemplates({ limit: 500, sort: 'name' }, signal)).items;
/** Makes a template of a NetBox device-type YAML file; answers it and the interfaces that made no port. */
export const importNetboxTemplate = (file: Blob, onProgress: (f: number) => void) =>
  upload<TemplateImport>('/api/templates/import', file, 'application/yaml', {}, onProgress);

// IPAM: a network's addresses and ranges, the site's IP table, the next free address, the subnet calculator.
const addresses = records<Address, AddressList>('/api/addresses');
export const { list: listAddresses, read: getAddress, update: updateAddress } = addresses;
export const getRange = (id: string) => get<Range>(`/api/ranges/${id}`);
export const deleteAddress = (id: string, version?: number) => del(`/api/addresses/${id}`, version);
/**
 * The CSV export of a list (`?format=csv`, the layout the import takes) with the list's filters, every row
 * (without limit or offset): a plain link, so that the browser downloads it.
 */
export const listCsvUrl = (path: string, query: Query = {}) =>
  apiUrl(path, { ...query, limit: undefined, offset: undefined, format: 'csv' });
export const networkAddresses = (id: string, q: Query, signal?: AbortSignal) =>
  get<AddressList>(`/api/networks/${id}/addresses`, q, signal);
export const createAddress = (networkId: string, body: Partial<Address>) => post<Address>(`/api/networks/${networkId}/addresses`, body);
/** Records the lowest free address of the network (atomically, on the server) with the other fields of `body`. */
export const nextAddress = (networkId: string, body: Partial<Address>) => post<Address>(`/api/networks/${networkId}/addresses/next`, body);
/** The first free blocks of a network (and how many there are). */
export const networkFreeBlocks = (id: string, signal?: AbortSignal) => get<FreeBlockList>(`/api/networks/${id}/free`, { limit: 8 }, signal);
export const networkRanges = async (id: string, signal?: AbortSignal) =>
  (await get<RangeList>(`/api/networks/${id}/ranges`, { limit: 500, sort: 'start' }, signal)).items;
export const createRange = (networkId: string, body: Partial<Range>) => post<Range>(`/api/networks/${networkId}/ranges`, body);
export const updateRange = (id: string, body: Partial<Range>, version?: number) => patch<Range>(`/api/ranges/${id}`, body, version);
export const deleteRange = (id: string, version?: number) => del(`/api/ranges/${id}`, version);
/** The ports of a site (the first 500), to name the ports that addresses are plugged into. */
export const sitePorts = async (siteId: string, signal?: AbortSignal) =>
  (await get<PortList>('/api/ports', { siteId, limit: 500 }, signal)).items;
export const subnetInfo = (cidr: string, split?: string, signal?: AbortSignal) =>
  get<SubnetInfo>('/api/tools/subnet', { cidr, split }, signal);

export const search = async (q: string, signal?: AbortSignal) => (await get<SearchAnswer>('/api/search', { q }, signal)).results;

/** The findings of the consistency checks, of one site or of all. */
/** The last migration of 0.20.x files with every value it fixed; null when none happened here (404). */
export const getMigration = async (signal?: AbortSignal): Promise<Migration | null> => {
  try {
    return await get<Migration>('/api/migration', undefined, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};
export const checks = async (siteId?: string): Promise<Finding[]> => (await get<ChecksAnswer>('/api/checks', { siteId })).findings;

// Topology of a site (docs/SHARING.md): nodes with their saved positions, edges between linked switches.
export const siteTopology = (siteId: string, signal?: AbortSignal) => get<Topology>(`/api/sites/${siteId}/topology`, undefined, signal);
/** Stores the positions given (null forgets one); the others stay. */
export const saveTopologyLayout = (siteId: string, positions: Record<string, { x: number; y: number } | null>) =>
  request<Topology>('PUT', `/api/sites/${siteId}/topology-layout`, { body: { positions } });

// Activity log.
export const listActivity = (q: Query = {}, signal?: AbortSignal) => get<ActivityPage>('/api/activity', q, signal);
export const portHistory = async (id: string) => (await get<PortHistory>(`/api/ports/${id}/history`)).items as ActivityEntry[];
/** A port's activity entries and the link and admin state changes discoveries observed, newest first. */
export const portTimeline = async (id: string) => (await get<PortHistory>(`/api/ports/${id}/history`, { observed: 'true' })).items;
export const undoActivity = (id: string) => post<ActivityEntry>(`/api/activity/${id}/undo`);

// SNMP discovery (docs/DISCOVERY.md): read a switch, apply the chosen differences; the MAC tables it keeps.
/** SNMP credentials: v2c with a community, or v3 authPriv. */
export type SnmpCredentials =
  | { version: '2c'; community: string }
  | { version: '3'; user: string; authProtocol: string; authKey: string; privProtocol: string; privKey: string; context?: string };
/** The body of POST /api/discovery: without `snmp`, the credentials remembered for the switch are used. */
export type DiscoveryRequest = { siteId: string; host: string; switchId?: string; snmp?: SnmpCredentials; remember?: boolean };
/** Reads the switch (this can take up to the server's discovery timeout) and answers its differences. */
export const discover = (body: DiscoveryRequest, signal?: AbortSignal) => request<Discovery>('POST', '/api/discovery', { body, signal });
/** Applies the chosen items of a discovery in one undoable activity entry. */
/** A discovery of a stored running configuration's switch, read from the configuration (the same review and apply). */
export const discoverFromConfig = (configId: string) => post<Discovery>(`/api/configs/${configId}/discovery`);
export const applyDiscovery = (id: string, keys: string[]) => post<DiscoveryApplied>(`/api/discovery/${id}/apply`, { keys });
/** Adopts a drift finding: the apply of its discovery with its key, judged against the documentation as it is now. */
export const adoptDrift = (discoveryId: string, key: string) =>
  post<DiscoveryApplied>(`/api/discovery/${discoveryId}/apply`, { keys: [key], drift: true });
/** Keeps a drift finding out of the checks until `until` (a date), or until its difference changes. */
export const acknowledgeDrift = (body: { key: string; note: string; until?: string }) => post('/api/checks/acknowledge', body);
/** The newest discovery of a switch, or undefined. */
export const lastDiscovery = async (switchId: string, signal?: AbortSignal) =>
  (await get<DiscoveryList>('/api/discovery', { switchId, limit: 1 }, signal)).items[0];
/** Where discoveries saw MAC addresses on a port (or of a MAC, an IP, a switch), newest first. */
export const sightings = (q: { portId?: string; mac?: string; limit?: number }, signal?: AbortSignal) =>
  get<SightingList>('/api/sightings', q, signal);
/** The free-ports report of a switch or site (`/api/switches/{id}` or `/api/sites/{id}`). */
export const freePorts = (owner: string, unusedDays: number, signal?: AbortSignal) =>
  get<FreePorts>(`${owner}/free-ports`, { unusedDays }, signal);
/** A page of the MAC addresses the switch's last discovery saw on its access ports. */
export const switchFdb = (switchId: string, q: { limit: number; offset: number }, signal?: AbortSignal) =>
  get<FdbList>(`/api/switches/${switchId}/fdb`, q, signal);

// Public read-only links of a switch and the public page they open (docs/SHARING.md).
export const createPublicLink = (switchId: string) => post<NewPublicLink>(`/api/switches/${switchId}/public-link`);
export const listPublicLinks = async (switchId: string, signal?: AbortSignal) =>
  (await get<PublicLinkList>(`/api/switches/${switchId}/public-links`, { limit: 500 }, signal)).items;
export const revokePublicLink = (id: string) => del(`/api/public-links/${id}`);
/** The public page's data, without sign-in (404 for a token that opens nothing, 429 when rate-limited). */
export const publicSwitch = (token: string) => get<PublicSwitch>(`/api/p/${encodeURIComponent(token)}`);

// Polling (issue 37): credential sets (admins change them; editors choose one), schedules, their status and a poll now.
export type CredentialInput = { name?: string; snmp?: Record<string, string>; allowedHosts?: string[] };
export type ScheduleInput = { enabled: boolean; intervalMinutes: number; host?: string | null; credentialId: string };
export const listCredentialSets = async (signal?: AbortSignal) =>
  (await get<CredentialSetList>('/api/credentials', undefined, signal)).items;
export const createCredentialSet = (body: CredentialInput) => post<CredentialSet>('/api/credentials', body);
export const updateCredentialSet = (id: string, body: CredentialInput) => patch<CredentialSet>(`/api/credentials/${id}`, body);
export const deleteCredentialSet = (id: string) => del(`/api/credentials/${id}`);
export const switchPolling = (id: string, signal?: AbortSignal) => get<SwitchPolling>(`/api/switches/${id}/polling`, undefined, signal);
export const sitePolling = (id: string, signal?: AbortSignal) => get<SitePolling>(`/api/sites/${id}/polling`, undefined, signal);
export const setSwitchPolling = (id: string, body: ScheduleInput) => request<SwitchPolling>('PUT', `/api/switches/${id}/polling`, { body });
export const setSitePolling = (id: string, body: ScheduleInput) => request<SitePolling>('PUT', `/api/sites/${id}/polling`, { body });
export const runPoll = (id: string) => post<PollOutcome>(`/api/switches/${id}/polling/run`);
export const listPolling = (q: { siteId?: string; status?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  get<PolledSwitchList>('/api/polling', q, signal);
export type { CredentialSet, PolledSwitch, SwitchPolling };

// Data management.
/** The backup download: a plain link, so that the browser streams the file to disk under the server's name. */
export const BACKUP_EXPORT_URL = '/api/backup/export';

export type { VlanPort };
export type { PublicLink, PublicPort, PublicSwitch, PublicVlan, Topology, TopologyEdge, TopologyNode } from './api-types.ts';

export type CsvKind = 'sites' | 'vlans' | 'networks' | 'switches' | 'ports' | 'addresses' | 'ranges';

/** The header row of the CSV layout of one kind, as the server exports it (an empty list has the header only). */
export async function csvHeader(kind: CsvKind): Promise<string> {
  const text = await request<string>('GET', `/api/${kind}`, { query: { format: 'csv', limit: 1 }, accept: 'text/csv' });
  return text.split(/\r?\n/)[0]!.trim();
}

/**
 * Sends a body with XMLHttpRequest so that the upload's progress can be shown (fetch cannot report it).
 * Resolves with the parsed answer, rejects with an ApiError.
 */
function upload<T>(path: string, body: Blob, contentType: string, query: Query, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, query));
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError(0, 'network_error', t('api.uploadUnreachable')));
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(namingEntry(parsed as T, xhr.getResponseHeader('Activity-Id')));
      else {
        signalUnauthorized(path, xhr.status);
        reject(errorFrom(xhr.status, xhr.statusText, parsed));
      }
    };
    xhr.send(body);
  });
}

export const importCsv = (kind: CsvKind, file: Blob, dryRun: boolean, onProgress: (f: number) => void) =>
  upload<CsvImportResult>(`/api/import/${kind}`, file, 'text/csv', { dryRun: dryRun || undefined }, onProgress);
export const restoreBackup = (file: Blob, q: { dryRun?: boolean; users?: string }, onProgress: (f: number) => void) =>
  upload<RestoreResult>('/api/backup/import', file, 'application/json', { dryRun: q.dryRun || undefined, users: q.users }, onProgress);
export const netboxImport = (file: Blob, q: { dryRun?: boolean; switchRoles?: string }, onProgress: (f: number) => void) =>
  upload<NetboxImportResult>(
    '/api/import/netbox',
    file,
    'application/json',
    { dryRun: q.dryRun || undefined, switchRoles: q.switchRoles || undefined },
    onProgress,
  );
export const mergeImport = (file: Blob, q: { dryRun?: boolean; onConflict?: string }, onProgress: (f: number) => void) =>
  upload<MergeResult>(
    '/api/data/import',
    file,
    'application/json',
    { dryRun: q.dryRun || undefined, onConflict: q.onConflict },
    onProgress,
  );
export type { ConfigVersion } from './api-types.ts';
