import { describe, expect, it } from 'vitest';
import { parseAnswer } from './client.ts';

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
