import { request } from 'node:http';

/** An answer as the security tests read it: status, headers and the JSON (or text) body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * One request with full control over what fetch() will not let a test set: the Host header and the local
 * address the connection comes from (any 127.x.y.z on Linux), so that one test can be many clients.
 */
export function rawApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; from?: string; token?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { ...options.headers };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: options.from,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const json = (res.headers['content-type'] ?? '').includes('json') && text !== '';
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json ? JSON.parse(text) : text });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
