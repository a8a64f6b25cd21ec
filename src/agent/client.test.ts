import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNeeding, NEEDS } from '../../test/helpers/needs.ts';
import { callServer, parseAnswer, Unreachable } from './client.ts';

const answer = (text: string) => parseAnswer(Buffer.from(text.replaceAll('\n', '\r\n')));

describe('the agent reads an HTTP answer', () => {
  it('with Content-Length', () => {
    expect(answer('HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 11\n\n{"a":[1,2]}')).toEqual({
      status: 200,
      body: { a: [1, 2] },
    });
  });

  it('chunked', () => {
    const raw = Buffer.from('HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n3\r\n"b"\r\n1\r\n}\r\n0\r\n\r\n');
    expect(parseAnswer(raw)).toEqual({ status: 400, body: { a: 'b' } });
  });

  it('without a body, and not at all when it is no HTTP', () => {
    expect(parseAnswer(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'))).toEqual({ status: 204, body: undefined });
    expect(parseAnswer(Buffer.from('SSH-2.0-OpenSSH\r\n'))).toBeUndefined();
  });
});

describeNeeding([NEEDS.openssl], 'the agent over HTTPS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tls-'));
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2'].concat([
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]),
    { encoding: 'utf8' },
  );

  it('checks the certificate against AGENT_CA_FILE: a server it signs is answered, without it the request fails', async () => {
    expect(made.status, made.stderr).toBe(0);
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ auth: req.headers.authorization }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const token = `sya_${'T'.repeat(43)}`;
    try {
      const answered = await callServer({ url, token, ca: cert, version: 'test' }, 'GET', '/api/agent/assignments');
      expect(answered).toEqual({ status: 200, body: { auth: `Bearer ${token}` } });
      await expect(callServer({ url, token, ca: undefined, version: 'test' }, 'GET', '/api/agent/assignments')).rejects.toBeInstanceOf(
        Unreachable,
      );
    } finally {
      server.close();
    }
  });
});
