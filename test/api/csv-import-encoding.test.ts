// How bodies that are not UTF-8 are read: a CSV file that Excel saved as "CSV (Comma delimited)" (Windows-1252)
// is read as that and the answer says so; any other bytes that are not UTF-8, in a CSV file, a JSON body or a
// YAML file, are refused (400) naming the byte offset (and the CSV's row); nothing is stored with U+FFFD.
import { describe, expect, it } from 'vitest';
import { exportDocument } from '../helpers/data.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();

/** A request with a body of raw bytes. */
async function send(path: string, type: string, body: Uint8Array<ArrayBuffer>) {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': type },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Text as Windows-1252 bytes: each character's code, so '\x84' is „ and '\xe4' is ä. */
const cp1252 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

describe('a CSV file from Excel', () => {
  it('reads a Windows-1252 file as Windows-1252: ä ö ü ß stored exactly, and the answer says the encoding', async () => {
    const file = cp1252('name;address;notes\r\nD\xfcsseldorf;Stra\xdfe 1;\x84\xe4 \xf6 \xfc \xdf\x93 \x80 5\r\n');
    const answer = await send('/api/import/sites', 'text/csv', file);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 1, encoding: 'windows-1252' });
    const site = (await server.call('GET', `/api/sites/${answer.body.ids[0]}`)).body;
    expect(site).toMatchObject({ name: 'Düsseldorf', address: 'Straße 1', notes: '„ä ö ü ß“ € 5' });
  });

  it('reads a UTF-8 file (with a BOM) as UTF-8 and says so', async () => {
    const answer = await send('/api/import/sites', 'text/csv', utf8('\uFEFFname,notes\nZürich,"ä ö ü ß"\n'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 1, encoding: 'utf-8' });
    expect((await server.call('GET', `/api/sites/${answer.body.ids[0]}`)).body).toMatchObject({ name: 'Zürich', notes: 'ä ö ü ß' });
  });

  it('refuses a file that is neither, naming the row and the byte offset and saying to save it as CSV UTF-8', async () => {
    const head = utf8('name,notes\nGarbage 1,"two\nlines"\n');
    const file = concat(head, Uint8Array.from([0x47, 0x32, 0x2c, 0xe4, 0x00, 0x81, 0x0a]));
    const answer = await send('/api/import/sites', 'text/csv', file);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.message).toContain('save the file as CSV UTF-8');
    expect(answer.body.error.details).toEqual([
      { field: 'rows[2]', message: expect.stringContaining(`byte offset ${head.length + 3} (0xE4) is not UTF-8`) },
    ]);
    expect((await server.call('GET', '/api/sites?q=Garbage')).body.total).toBe(0);
  });

  it('refuses a UTF-16 file (Excel\'s "Unicode Text") clearly', async () => {
    const text = 'name\r\nUTF16\r\n';
    const file = concat(Uint8Array.from([0xff, 0xfe]), new Uint8Array(Uint16Array.from(text, (char) => char.charCodeAt(0)).buffer));
    const answer = await send('/api/import/sites', 'text/csv', file);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('UTF-16');
    expect(answer.body.error.details).toEqual([{ field: 'body', message: expect.stringContaining('save the file as CSV UTF-8') }]);
  });
});

describe('a JSON body or a YAML file that is not UTF-8', () => {
  it('refuses invalid UTF-8 in a JSON body (400 invalid_json), naming the byte offset', async () => {
    const body = concat(utf8('{"name":"M'), Uint8Array.from([0xfc]), utf8('ller"}'));
    const answer = await send('/api/sites', 'application/json', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'invalid_json',
      details: [{ field: 'body', message: 'byte offset 10 (0xFC) is not UTF-8' }],
    });
    expect((await server.call('GET', '/api/sites?q=ller')).body.total).toBe(0);
  });

  it('reads a JSON body that begins with a UTF-8 byte order mark, as Windows tools write it', async () => {
    const answer = await send('/api/sites', 'application/json', concat(Uint8Array.from([0xef, 0xbb, 0xbf]), utf8('{"name":"Genève"}')));
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe('Genève');
  });

  it('refuses a Windows-1252 JSON array of import rows', async () => {
    const answer = await send('/api/import/sites', 'application/json', cp1252('[{"name":"K\xf6ln"}]'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_json');
  });

  it('refuses invalid UTF-8 in a YAML file, naming the byte offset', async () => {
    const answer = await send('/api/templates/import', 'application/yaml', cp1252('manufacturer: M\xfcller\nmodel: X\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ field: 'body', message: 'byte offset 15 (0xFC) is not UTF-8' }]);
  });
});

describe('what is stored', () => {
  it('holds no U+FFFD after all of the above', async () => {
    const document = await exportDocument(server.baseUrl, server.token);
    expect(JSON.stringify(document.data)).not.toContain('\uFFFD');
    expect(document.data.sites.map((site: any) => site.name).sort()).toEqual(['Düsseldorf', 'Genève', 'Zürich']);
  });
});
