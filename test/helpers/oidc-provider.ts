// An OpenID provider for the tests (issue 41): the `oidc-provider` package on 127.0.0.1, with users in groups and two
// clients (Switchyard's, and another one for the audience test). Its own development login form signs anybody in by
// name (any password); consent is granted at once. It is started before the Switchyard server, whose callback URL it
// learns once that one listens (clientsFor). Requests pass through a hook that may answer a token request with the
// other client's credentials, so that the ID token Switchyard gets is another audience's.
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

/** The users the provider knows, with their groups. */
export const OIDC_USERS: Record<string, string[]> = {
  ada: ['sy-admins', 'staff'],
  eddie: ['sy-editors'],
  vera: ['sy-viewers'],
  nobody: ['staff'],
  mover: ['sy-viewers'],
};

export const CLIENT_ID = 'switchyard';
export const CLIENT_SECRET = 'switchyard-client-secret-0123456789';
export const OTHER_CLIENT_ID = 'another-app';
export const OTHER_CLIENT_SECRET = 'another-app-client-secret-0123456789';

/** The environment a Switchyard server needs for this provider. */
export function oidcEnv(issuer: string): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_SCOPES: 'openid profile groups',
    OIDC_ADMIN_GROUPS: 'sy-admins',
    OIDC_EDITOR_GROUPS: 'sy-editors',
    OIDC_VIEWER_GROUPS: 'sy-viewers',
    OIDC_BUTTON_LABEL: 'Sign in with Test IdP',
  };
}

export interface TestProvider {
  issuer: string;
  /** Makes the provider, now that Switchyard's origin is known. */
  clientsFor(switchyardOrigin: string): void;
  /** While true, a token request of Switchyard's client is made with the other client's credentials. */
  swapTokenClient: boolean;
  close(): Promise<void>;
}

/** Starts the provider's HTTP server on 127.0.0.1 (its issuer is known at once; the provider is made by clientsFor). */
export async function startTestProvider(): Promise<TestProvider> {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (testProvider.swapTokenClient && req.method === 'POST' && req.url === '/token' && !req.headers['x-swapped']) {
      swapped(req, res, port);
      return;
    }
    if (!handle) return void res.writeHead(503).end('not ready');
    handle(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;
  const testProvider: TestProvider = {
    issuer,
    swapTokenClient: false,
    clientsFor(origin) {
      const provider = new Provider(issuer, configuration(origin));
      handle = provider.callback();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  return testProvider;
}

function configuration(origin: string): Record<string, unknown> {
  const client = (id: string, secret: string) => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: [`${origin}/api/auth/oidc/callback`],
    post_logout_redirect_uris: [`${origin}/`],
    token_endpoint_auth_method: 'client_secret_post',
  });
  return {
    clients: [client(CLIENT_ID, CLIENT_SECRET), client(OTHER_CLIENT_ID, OTHER_CLIENT_SECRET)],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'groups'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], groups: ['groups'] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      if (!(id in OIDC_USERS)) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          preferred_username: id,
          name: `${id[0].toUpperCase()}${id.slice(1)} Test`,
          groups: OIDC_USERS[id],
        }),
      };
    },
    // Consent is granted at once: the tests drive the login form only.
    async loadExistingGrant(ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string }; provider: { Grant: new (i: object) => GrantLike } };
    }) {
      const grant = new ctx.oidc.provider.Grant({ accountId: ctx.oidc.session.accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid profile groups');
      grant.addOIDCClaims(['sub', 'name', 'preferred_username', 'groups']);
      await grant.save();
      return grant;
    },
  };
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

// A token request made again with the other client's id and secret: the ID token it answers is for that audience.
function swapped(req: IncomingMessage, res: ServerResponse, port: number) {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    form.set('client_id', OTHER_CLIENT_ID);
    form.set('client_secret', OTHER_CLIENT_SECRET);
    const text = form.toString();
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/token',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(text), 'x-swapped': '1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    forward.end(text);
  });
}

/** A browser without a browser: cookies by name per host, redirects followed by hand. */
export class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(url: URL, response: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    this.jar.set(url.host, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  get(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  set(host: string, name: string, value: string): void {
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    this.jar.set(host, cookies);
    cookies.set(name, value);
  }

  async fetch(url: URL, init: { method?: string; body?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.header(url) };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual' });
    this.keep(url, response);
    return response;
  }
}

/**
 * Signs `login` in at the provider from its authorization URL: follows its redirects, posts its login form (and the
 * consent form, were it shown), and stops at the first redirect out of the provider; answers that URL.
 */
export async function loginAtProvider(jar: CookieJar, authorizationUrl: string, login: string): Promise<URL> {
  let url = new URL(authorizationUrl);
  const providerHost = url.host;
  let form: { method: string; body: string } | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await jar.fetch(url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.host !== providerHost) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url}: ${html.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    const fields: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
    form = { method: 'POST', body: new URLSearchParams(fields).toString() };
  }
  throw new Error('the provider did not send the browser back within 20 steps');
}
