import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join, relative as relativePath } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDb } from '../helpers/db.ts';
import { ROOT, api, freshDataDir, runProcess, setupAdmin, startServer, useTestServer } from '../helpers/server.ts';

const server = useTestServer();

/** Sends raw bytes and reads what comes back until the server closes or `waitMs` passes. */
function rawRequest(port: number, payload: string | Buffer, waitMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.write(payload);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, waitMs);
  });
}

describe('migrations at start-up', () => {
  it('applies every migration on a fresh data directory and records it with a checksum', async () => {
    const rows = readDb<{ version: number; checksum: string }>(server.dataDir, 'SELECT version, checksum FROM schema_migrations');
    expect(rows.map((row) => row.version)).toContain(1);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
    const health = await api(server.baseUrl, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'ok',
      version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
      schemaVersion: rows.length,
      warnings: [],
    });
  });

  it('applies nothing on a second start, and refuses to start when an applied file changed', async () => {
    const dataDir = freshDataDir();
    const first = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dataDir });
    expect(first.code, first.output).toBe(0);
    const second = await startServer({ dataDir });
    await second.stop();
    expect(second.logs()).not.toContain('schema migrations applied');

    const copy = join(freshDataDir(), 'app');
    mkdirSync(copy);
    for (const entry of ['src', 'migrations', 'package.json']) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(join(copy, 'migrations', '0001_init.sql'), '-- tampered\n', { flag: 'a' });
    const tampered = await runProcess([join(copy, 'src', 'server.ts')], { DATA_DIR: dataDir, PORT: '0' });
    expect(tampered.code).not.toBe(0);
    expect(tampered.output).toMatch(/migration 1_init\.sql has changed since it was applied/);
  });
});

describe('configuration that stops the start with one line naming the variable', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['a port that is not a number', { PORT: 'eighty' }, /PORT must be a number/],
    ['a DATABASE_URL that is not file:', { DATABASE_URL: 'postgres://x' }, /DATABASE_URL must be a file: URL/],
    ['an unwritable data directory', { DATA_DIR: '/dev/null/data' }, /DATA_DIR: the directory \/dev\/null\/data/],
    ['a LOG_LEVEL that does not exist', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ];
  it.each(cases)('%s', async (_name, env, message) => {
    const run = await runProcess(['src/server.ts'], { DATA_DIR: freshDataDir(), PORT: '0', ...env });
    expect(run.code).toBe(1);
    expect(run.output.trim().split('\n')).toHaveLength(1);
    expect(run.output).toMatch(message);
  });

  it('resolves a relative DATABASE_URL from the repository root, not from the working directory', async () => {
    const target = mkdtempSync(join(tmpdir(), 'switchyard-relative-'));
    const relative = relativePath(ROOT, join(target, 'inventory.sqlite'));
    const own = await startServer({ cwd: '/', env: { DATABASE_URL: `file:${relative}` } });
    await own.stop();
    expect(existsSync(join(target, 'inventory.sqlite'))).toBe(true);
    expect(existsSync(join(own.dataDir, 'db.sqlite'))).toBe(false);
  });

  it('warns, and lists in health, when the secret is missing or short', async () => {
    const missing = await startServer({ env: { APP_JWT_SECRET: '' } });
    const health = await api(missing.baseUrl, 'GET', '/api/health');
    await missing.stop();
    expect(health.body.warnings.join(' ')).toMatch(/APP_JWT_SECRET is not set/);
    const short = await startServer({ env: { APP_JWT_SECRET: 'tooshort' } });
    const shortHealth = await api(short.baseUrl, 'GET', '/api/health');
    await short.stop();
    expect(shortHealth.body.warnings.join(' ')).toMatch(/shorter than 32 bytes/);
  });

  it('reads the secret from APP_JWT_SECRET_FILE', async () => {
    const file = join(freshDataDir(), 'secret');
    writeFileSync(file, `${'c'.repeat(64)}\n`);
    const withFile = await startServer({ env: { APP_JWT_SECRET: '', APP_JWT_SECRET_FILE: file } });
    const health = await api(withFile.baseUrl, 'GET', '/api/health');
    await withFile.stop();
    expect(health.body.warnings).toEqual([]);
  });
});

describe('HTTP edges of the API', () => {
  const cases: {
    name: string;
    method: string;
    path: string;
    headers?: Record<string, string>;
    raw?: string;
    status: number;
    code: string;
  }[] = [
    { name: 'unknown path', method: 'GET', path: '/api/nothing-here', status: 404, code: 'not_found' },
    { name: 'known path, other method', method: 'PUT', path: '/api/users', status: 405, code: 'method_not_allowed' },
    {
      name: 'malformed JSON',
      method: 'POST',
      path: '/api/users',
      raw: '{"username": ',
      headers: { 'content-type': 'application/json' },
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'wrong content type',
      method: 'POST',
      path: '/api/users',
      raw: 'username=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 415,
      code: 'unsupported_media_type',
    },
    { name: 'no token', method: 'GET', path: '/api/users', status: 401, code: 'unauthorized' },
    { name: 'a path id that is not a UUID', method: 'GET', path: '/api/users/not-a-uuid', status: 404, code: 'not_found' },
  ];
  it.each(cases)('$name → $status $code', async ({ method, path, headers, raw, status, code }) => {
    const needsToken = code !== 'unauthorized';
    const answer = await api(server.baseUrl, method, path, { token: needsToken ? server.token : undefined, headers, raw });
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
    if (status === 405) expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('refuses a body over the limit with 413 while it streams, without reading it all', async () => {
    const declared = await rawRequest(
      server.port,
      `POST /api/users HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n{"a":"`,
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413/);
    expect(declared).toContain('payload_too_large');
    // Chunked, so the size is only known while streaming: the answer comes while the client is still sending.
    const streamed = await new Promise<{ answer: string; sent: number }>((resolve) => {
      const socket = connect(server.port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let sentWhenAnswered = -1;
      const finish = () => resolve({ answer, sent: sentWhenAnswered });
      socket.on('data', (chunk) => {
        if (sentWhenAnswered < 0) sentWhenAnswered = sent;
        answer += chunk;
        if (answer.includes('payload_too_large')) socket.end();
      });
      socket.on('error', finish);
      socket.on('close', finish);
      socket.write(
        `POST /api/users HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'a'), Buffer.from('\r\n')]);
      const pump = () => {
        while (!socket.destroyed && sentWhenAnswered < 0 && sent < 16 * 1024 * 1024) {
          sent += 0x10000;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    expect(streamed.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(streamed.answer).toContain('payload_too_large');
    expect(streamed.sent).toBeGreaterThan(0);
    expect(streamed.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('puts the security headers on every answer', async () => {
    for (const path of ['/api/health', '/api/nothing', '/', '/switches/123']) {
      const response = await fetch(server.baseUrl + path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    }
  });

  it('never leaks a stack trace or SQL in an error', async () => {
    const answer = await server.call('POST', '/api/users', {
      body: { username: 'x'.repeat(5000), password: 'p'.repeat(5000), role: 'admin' },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toMatch(/at .*\.ts:\d+|SQLITE|INSERT/);
  });
});

describe('import bodies up to 64 MiB', () => {
  // The ordinary limit is 1 MiB (above); the imports take up to 64 MiB.
  const MB = 1024 * 1024;

  it('takes a CSV import of more than the ordinary 1 MiB', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `"bulk site ${String(i).padStart(6, '0')}, imported from a spreadsheet"`);
    const text = `name\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * MB);
    const answer = await server.call('POST', '/api/import/sites?dryRun=true', {
      raw: text,
      headers: { 'content-type': 'text/csv' },
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.body).toMatchObject({ created: 50_000, dryRun: true });
  });

  it.each(['/api/backup/import', '/api/data/import', '/api/import/sites'])(
    'refuses a declared body over 64 MiB on %s with 413 before reading it',
    async (path) => {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
          if (text.includes('payload_too_large')) socket.destroy();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${64 * MB + 1}\r\n\r\n{"schema":"db-v1"`,
        );
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toContain('payload_too_large');
    },
  );
});

describe('static files of the web UI', () => {
  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fetc/passwd',
    '/assets/../../package.json',
  ])('%s never escapes public/', async (path) => {
    const answer = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer).not.toContain('"name": "switchyard"');
    expect(answer).not.toContain('root:x:0:0');
  });

  it('answers index.html for an unknown UI path', async () => {
    const deep = await fetch(`${server.baseUrl}/switches/8c1a3ef0-1b8e-4d55-9a6c-2f1a7e6b5d40`);
    const root = await fetch(`${server.baseUrl}/`);
    expect(deep.status).toBe(root.status);
    expect(await deep.text()).toBe(await root.text());
  });
});

describe('shutdown', () => {
  it('on SIGTERM lets the request in flight finish, exits 0, and leaves a sound database', async () => {
    const own = await startServer();
    const { token: ownToken } = await setupAdmin(own.baseUrl);
    // A slow request in flight: a user create hashes a password with scrypt (tens of ms) — send the body slowly.
    const inFlight = new Promise<number>((resolve) => {
      const req = request({
        port: own.port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/users',
        headers: { authorization: `Bearer ${ownToken}`, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', () => resolve(-1));
      req.write('{"username": "late", ');
      setTimeout(() => req.end('"password": "correct horse battery", "role": "viewer"}'), 400);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const exited = own.stop('SIGTERM');
    expect(await inFlight).toBe(201);
    expect(await exited).toBe(0);
    const [check] = readDb<{ integrity_check: string }>(own.dataDir, 'PRAGMA integrity_check');
    expect(check.integrity_check).toBe('ok');
    expect(readDb(own.dataDir, "SELECT id FROM users WHERE username = 'late'")).toHaveLength(1);
  });
});

describe('a signal that comes twice', () => {
  it('still shuts down cleanly: exit 0, the WAL written back into the database file', async () => {
    const own = await startServer();
    await setupAdmin(own.baseUrl);
    own.process.kill('SIGINT');
    own.process.kill('SIGINT');
    expect(await own.stop()).toBe(0);
    expect(own.logs()).toContain('stopped');
    expect(existsSync(join(own.dataDir, 'db.sqlite-wal'))).toBe(false);
  });
});

describe('trickled headers', () => {
  it('cuts off a client that sends its headers byte by byte too slowly', async () => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    const header = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    let index = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(header[index % header.length] === '\r' ? 'a' : header[index % header.length]);
      index++;
    }, 500);
    await closed;
    clearInterval(timer);
    // The server closed it, with a 408 in the API's error shape (the test's own timeout is the only other end).
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);
});
