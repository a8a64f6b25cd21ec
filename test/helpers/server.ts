import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');
/** The Node 22 binary the project installs. */
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');
/** A proper secret for test servers. */
export const TEST_SECRET = 'a'.repeat(64);

/** A server process started for a test. */
export interface TestServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  logs(): string;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A fresh temporary data directory. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'switchyard-test-'));
}

/** Starts the real server process on a free port with a fresh data directory (or the given one). */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; entry?: string; cwd?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const child = spawn(NODE, [options.entry ?? join(ROOT, 'src', 'server.ts')], {
    cwd: options.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in time:\n${output}`)), 20_000);
    const check = () => {
      const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    logs: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts `node <args>` in the repository with the tests' secret and `env` (for CLI tests). */
export function spawnNode(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(NODE, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, APP_JWT_SECRET: TEST_SECRET, ...env },
  });
}

/** Runs a process to its end (for CLI tests); resolves with its exit code and output. */
export function runProcess(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawnNode(args, env);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** An answer of the API as tests read it. */
export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Calls the API: JSON in and out, with an optional Bearer token. */
export async function api<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** The password test users get. */
export const TEST_PASSWORD = 'correct horse battery';

/** Runs first-run setup; returns the admin's token. */
export async function setupAdmin(baseUrl: string, username = 'admin'): Promise<{ token: string; userId: string }> {
  const answer = await api(baseUrl, 'POST', '/api/auth/setup', { body: { username, password: TEST_PASSWORD } });
  if (answer.status !== 201) throw new Error(`setup failed: ${answer.status} ${answer.text}`);
  return { token: answer.body.token, userId: answer.body.user.id };
}

/** A role a user can have. */
export type Role = 'viewer' | 'editor' | 'admin';

/** Creates a user with a role (as an admin) and signs it in; returns its token. */
export async function userWithRole(
  baseUrl: string,
  adminToken: string,
  username: string,
  role: Role,
): Promise<{ token: string; userId: string }> {
  const made = await api(baseUrl, 'POST', '/api/users', { token: adminToken, body: { username, password: TEST_PASSWORD, role } });
  if (made.status !== 201) throw new Error(`user create failed: ${made.status} ${made.text}`);
  const login = await api(baseUrl, 'POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD } });
  return { token: login.body.token, userId: made.body.id };
}

/**
 * Calls of one test file against its server with one token, read when each call is made (so they can be set
 * in beforeAll): `call` any request (options.token overrides the token), `must` a request that must answer
 * `status` (its body, or an error naming what went wrong), `make` a create that must answer 201, `lastEntry`
 * the newest activity entry of an entity.
 */
export function apiClient(baseUrl: () => string, token: () => string | undefined) {
  const call = (method: string, path: string, options: Parameters<typeof api>[3] = {}) =>
    api(baseUrl(), method, path, { token: token(), ...options });
  const must = async (status: number, method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, { body });
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  const make = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { body });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  const lastEntry = async (entityId: string) => (await call('GET', `/api/activity?entityId=${entityId}&limit=1`)).body.items[0];
  return { call, must, make, lastEntry };
}

/** The calls of apiClient. */
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * The server of a test file (or of a describe block, when called inside one), as useTestServer gives it. Its
 * fields exist once the beforeAll has run: read them in tests and hooks, not while the file loads.
 */
export interface TestServerHandle extends ApiClient {
  readonly server: TestServer;
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** Everything the process printed so far. */
  logs(): string;
  /** The first admin's token (there is none with `admin: false`). */
  readonly token: string;
  /** The first admin's user id. */
  readonly userId: string;
  /** The same calls with another token, read when each call is made (a user made in a later beforeAll). */
  as(token: () => string | undefined): ApiClient;
  /**
   * Stops the server (SIGTERM, or `signal`), runs `between` on its data directory, and starts it again there with
   * the same env. Tokens stay valid across the restart.
   */
  restart(options?: { signal?: NodeJS.Signals; between?: (dataDir: string) => void | Promise<void> }): Promise<void>;
}

/**
 * Starts a server in beforeAll (a fresh data directory unless `dataDir` makes one, `env` added to the test environment), runs first-run
 * setup for an admin named `admin` (unless `admin: false`, or with another name), and stops it in afterAll.
 * `call` and the other calls are made as that admin.
 */
export function useTestServer(
  options: { env?: Record<string, string>; admin?: string | false; dataDir?: () => string; entry?: string } = {},
): TestServerHandle {
  let server: TestServer | undefined;
  let admin: { token: string; userId: string } | undefined;
  beforeAll(async () => {
    server = await startServer({ env: options.env, dataDir: options.dataDir?.(), entry: options.entry });
    if (options.admin !== false) admin = await setupAdmin(server.baseUrl, options.admin);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = (): TestServer => {
    if (!server) throw new Error('the test server is read before its beforeAll has run');
    return server;
  };
  const signedIn = () => {
    if (!admin)
      throw new Error(options.admin === false ? 'this test server has no admin (admin: false)' : 'the admin is read before setup');
    return admin;
  };
  const as = (token: () => string | undefined) => apiClient(() => started().baseUrl, token);
  const restart = async ({ signal, between }: { signal?: NodeJS.Signals; between?: (dataDir: string) => void | Promise<void> } = {}) => {
    const stopped = started();
    await stopped.stop(signal);
    server = undefined;
    await between?.(stopped.dataDir);
    server = await startServer({ env: options.env, dataDir: stopped.dataDir });
  };
  return {
    ...as(() => admin?.token),
    as,
    restart,
    get server() {
      return started();
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get port() {
      return started().port;
    },
    get dataDir() {
      return started().dataDir;
    },
    get process() {
      return started().process;
    },
    logs: () => started().logs(),
    get token() {
      return signedIn().token;
    },
    get userId() {
      return signedIn().userId;
    },
  };
}

/**
 * Users of other roles for a test file: a beforeAll (after the server's) has its admin make one user per role, named
 * as `usernames` says, in that order, and sign it in. Their tokens by role, read in tests and hooks (not while the
 * file loads).
 */
export function useSignedInUsers<R extends Role>(server: TestServerHandle, usernames: Record<R, string>): Readonly<Record<R, string>> {
  const roles = Object.keys(usernames) as R[];
  const tokens: Partial<Record<R, string>> = {};
  beforeAll(async () => {
    for (const role of roles) tokens[role] = (await userWithRole(server.baseUrl, server.token, usernames[role], role)).token;
  });
  const read = {} as Record<R, string>;
  for (const role of roles)
    Object.defineProperty(read, role, {
      enumerable: true,
      get: () => {
        const token = tokens[role];
        if (token === undefined) throw new Error(`the ${role}'s token is read before its beforeAll has run`);
        return token;
      },
    });
  return read;
}

/** An id of the right form that no record has. */
export const NO_SUCH_ID = '5f0c6a8e-1111-4222-8333-444455556666';

/** The sorted `details[].field` of an error answer. */
export function faultFields(answer: { body: { error: { details: { field: string }[] } } }): string[] {
  return answer.body.error.details.map((detail) => detail.field).sort();
}

/** Expects a 400 validation_failed answer whose details name exactly `fields`, in any order. */
export function expectFaults(answer: ApiAnswer, fields: string[]): void {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('validation_failed');
  expect(faultFields(answer)).toEqual([...fields].sort());
}

/** Expects a 201 answer whose Location is the new record's URL below `collection` (`/api/vlans`), at ETag "1". */
export function expectCreated(answer: ApiAnswer, collection: string): void {
  expect(answer.status, answer.text).toBe(201);
  expect(answer.headers.get('location')).toBe(`${collection}/${answer.body.id}`);
  expect(answer.headers.get('etag')).toBe('"1"');
}
