// Every request the UI makes goes through this module: same-origin credentials (the `session` cookie),
// JSON in and out, and the contract's error body turned into an ApiError that forms can show per field.
import type {
  ActivityEntry,
  ApiToken,
  Counts,
  Finding,
  Health,
  ListPage,
  Network,
  Port,
  SearchResult,
  Site,
  Switch,
  User,
} from './types.ts';

export type FieldError = { field: string; message: string };

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
  /** The first message for each named field, keyed by the field path as the API wrote it. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.details) if (d.field && !(d.field in out)) out[d.field] = d.message;
    return out;
  }
}

/** Fired on window when a request answers 401, so that the app can show the sign-in form again. */
export const UNAUTHORIZED_EVENT = 'switchyard:unauthorized';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

type RequestOptions = {
  query?: Query;
  body?: unknown;
  ifMatch?: number;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal;
};

/** Builds `/api/...?a=1` leaving out empty query values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const e = (body as { error?: { code?: string; message?: string; details?: FieldError[] } } | null)?.error;
  if (e && typeof e === 'object') {
    return new ApiError(status, e.code ?? `http_${status}`, e.message ?? statusText, Array.isArray(e.details) ? e.details : []);
  }
  return new ApiError(status, `http_${status}`, statusText || `The server answered ${status}.`);
}

function signalUnauthorized(path: string, status: number): void {
  if (status === 401 && !path.startsWith('/api/auth/')) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (typeof opts.body === 'string' || opts.body instanceof Blob) {
      body = opts.body;
      headers['Content-Type'] = opts.contentType ?? 'application/json';
    } else {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
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
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check the connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('json') ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    signalUnauthorized(path, res.status);
    throw errorFrom(res.status, res.statusText, parsed);
  }
  return parsed as T;
}

const get = <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal });
const post = <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body: body ?? {}, query });
const patch = <T>(path: string, body: unknown, ifMatch?: number) => request<T>('PATCH', path, { body, ifMatch });
const del = (path: string, ifMatch?: number, query?: Query) => request<void>('DELETE', path, { ifMatch, query });

/** Reads a list answer, whatever its wrapping (`{items}` or a bare array). */
function itemsOf<T>(answer: ListPage<T> | T[] | { items: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}

// Authentication and the signed-in user.
export const authStatus = () => get<{ setupRequired: boolean; user: User | null }>('/api/auth/status');
export const setup = (username: string, password: string) =>
  post<{ user: User; token: string; expiresAt: string }>('/api/auth/setup', { username, password });
export const login = (username: string, password: string) =>
  post<{ user: User; token: string; expiresAt: string }>('/api/auth/login', { username, password });
export const logout = () => post<void>('/api/auth/logout');
export const me = () => get<User>('/api/auth/me');
export const changePassword = (currentPassword: string, newPassword: string) =>
  post<void>('/api/auth/password', { currentPassword, newPassword });
export const health = () => get<Health>('/api/health');

// Users and API tokens.
export const listUsers = async () => itemsOf(await get<ListPage<User> | User[]>('/api/users', { limit: 500 }));
export const createUser = (body: { username: string; password: string; role: string }) => post<User>('/api/users', body);
export const updateUser = (id: string, body: Partial<{ role: string; password: string; disabled: boolean }>, version?: number) =>
  patch<User>(`/api/users/${id}`, body, version);
export const deleteUser = (id: string) => del(`/api/users/${id}`);
export const listTokens = async () => itemsOf(await get<ListPage<ApiToken> | ApiToken[]>('/api/tokens'));
export const createToken = (body: { name: string; expiresInDays?: number }) => post<ApiToken>('/api/tokens', body);
export const deleteToken = (id: string) => del(`/api/tokens/${id}`);

// Inventory.
export const listSites = (q: Query = {}, signal?: AbortSignal) => get<ListPage<Site>>('/api/sites', q, signal);
export const getSite = (id: string) => get<Site>(`/api/sites/${id}`);
export const createSite = (body: Partial<Site>) => post<Site>('/api/sites', body);
export const updateSite = (id: string, body: Partial<Site>, version?: number) => patch<Site>(`/api/sites/${id}`, body, version);
export const deleteSite = (id: string, version?: number, cascade = false) =>
  del(`/api/sites/${id}`, version, cascade ? { cascade: true } : undefined);

export const listNetworks = (q: Query = {}, signal?: AbortSignal) => get<ListPage<Network>>('/api/networks', q, signal);
export const getNetwork = (id: string) => get<Network>(`/api/networks/${id}`);
export const createNetwork = (body: Partial<Network>) => post<Network>('/api/networks', body);
export const updateNetwork = (id: string, body: Partial<Network>, version?: number) => patch<Network>(`/api/networks/${id}`, body, version);
export const deleteNetwork = (id: string, version?: number, force = false) =>
  del(`/api/networks/${id}`, version, force ? { force: true } : undefined);

export const listSwitches = (q: Query = {}, signal?: AbortSignal) => get<ListPage<Switch>>('/api/switches', q, signal);
export const getSwitch = (id: string) => get<Switch>(`/api/switches/${id}`);
export const createSwitch = (body: Partial<Switch> & { portCount?: number }) => post<Switch>('/api/switches', body);
export const updateSwitch = (id: string, body: Partial<Switch>, version?: number) => patch<Switch>(`/api/switches/${id}`, body, version);
export const deleteSwitch = (id: string, version?: number) => del(`/api/switches/${id}`, version);
export const switchPorts = async (id: string) => itemsOf(await get<ListPage<Port> | Port[]>(`/api/switches/${id}/ports`, { limit: 500 }));
export const switchConfig = (id: string, dialect: string) =>
  request<string>('GET', `/api/switches/${id}/config`, { query: { dialect }, accept: 'text/plain' });

export const getPort = (id: string) => get<Port>(`/api/ports/${id}`);
export const updatePort = (id: string, body: Partial<Port>, version?: number) => patch<Port>(`/api/ports/${id}`, body, version);

/** The body of PATCH /api/switches/{id}/ports: one change to many ports, all or nothing. */
export type BulkPortChange = { portIds: string[]; set?: Partial<Port>; addTagged?: string[]; removeTagged?: string[] };
export const bulkUpdatePorts = (switchId: string, body: BulkPortChange) => patch<unknown>(`/api/switches/${switchId}/ports`, body);

export const search = (q: string, signal?: AbortSignal) => get<{ results: SearchResult[] }>('/api/search', { q }, signal);

/** The findings of the consistency checks, or null when this server does not offer them (404). */
export async function checks(siteId?: string): Promise<Finding[] | null> {
  try {
    return (await get<{ findings: Finding[] }>('/api/checks', { siteId })).findings;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 501)) return null;
    throw err;
  }
}

// Activity log.
export const listActivity = (q: Query = {}, signal?: AbortSignal) =>
  get<{ items: ActivityEntry[]; nextCursor: string | null }>('/api/activity', q, signal);
export const portHistory = async (id: string) =>
  itemsOf(await get<{ items: ActivityEntry[] } | ActivityEntry[]>(`/api/ports/${id}/history`));
export const undoActivity = (id: string) => post<ActivityEntry>(`/api/activity/${id}/undo`);

/** The newest activity entry for one entity, or undefined. */
export async function newestActivityFor(entityId: string): Promise<ActivityEntry | undefined> {
  const page = await listActivity({ entityId, limit: 1 });
  return page.items[0];
}

// Data management.
/** The backup download: a plain link, so that the browser streams the file to disk under the server's name. */
export const BACKUP_EXPORT_URL = '/api/backup/export';

export type CsvKind = 'sites' | 'networks' | 'switches' | 'ports';

/** The header row of the CSV layout of one kind as the server exports it, or null when it cannot say. */
export async function csvHeader(kind: CsvKind): Promise<string | null> {
  try {
    const text = await request<string>('GET', `/api/${kind}`, { query: { format: 'csv', limit: 1 }, accept: 'text/csv' });
    const first = typeof text === 'string' ? text.split(/\r?\n/)[0]?.trim() : '';
    return first ? first : null;
  } catch {
    return null;
  }
}

/**
 * Sends a body with XMLHttpRequest so that the upload's progress can be shown (fetch cannot report it).
 * Resolves with the parsed answer, rejects with an ApiError.
 */
export function upload<T>(
  path: string,
  body: Blob | string,
  contentType: string,
  query: Query,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, query));
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload failed: the server could not be reached.'));
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else {
        signalUnauthorized(path, xhr.status);
        reject(errorFrom(xhr.status, xhr.statusText, parsed));
      }
    };
    xhr.send(body);
  });
}

export const importCsv = (kind: CsvKind, body: Blob | string, contentType: string, dryRun: boolean, onProgress: (f: number) => void) =>
  upload<{ created: number; ids: string[] }>(`/api/import/${kind}`, body, contentType, { dryRun: dryRun || undefined }, onProgress);
export const restoreBackup = (file: Blob, q: { dryRun?: boolean; users?: string }, onProgress: (f: number) => void) =>
  upload<{ restored: Counts }>(
    '/api/backup/import',
    file,
    'application/json',
    { dryRun: q.dryRun || undefined, users: q.users },
    onProgress,
  );
export const mergeImport = (file: Blob, q: { dryRun?: boolean; onConflict?: string }, onProgress: (f: number) => void) =>
  upload<{ created: Counts; merged: Counts }>(
    '/api/data/import',
    file,
    'application/json',
    { dryRun: q.dryRun || undefined, onConflict: q.onConflict },
    onProgress,
  );
