// If-Match compares strongly (RFC 9110, 13.1.1): a weak tag never matches, so a change sent with W/"<version>"
// is refused (412); `*`, the strong tag and a list that holds it are taken.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call, make } = server;

const changed = (id: string, ifMatch: string, notes: string) =>
  call('PATCH', `/api/sites/${id}`, { body: { notes }, headers: { 'if-match': ifMatch } });

describe('If-Match', () => {
  it('refuses a weak tag of the current version (412) and changes nothing', async () => {
    const site = await make('/api/sites', { name: 'Weak' });
    const answer = await changed(site.id, `W/"${site.version}"`, 'weak');
    expect(answer.status).toBe(412);
    expect(answer.body.error.code).toBe('precondition_failed');
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ version: site.version, notes: null });
  });

  it('refuses a list of only weak tags, and a weak tag on a delete', async () => {
    const site = await make('/api/sites', { name: 'Weak list' });
    expect((await changed(site.id, `W/"${site.version}", W/"${site.version + 1}"`, 'weak')).status).toBe(412);
    const deleted = await call('DELETE', `/api/sites/${site.id}`, { headers: { 'if-match': `W/"${site.version}"` } });
    expect(deleted.status).toBe(412);
  });

  it('takes the strong tag the GET sent, a list that holds it beside a weak one, and *', async () => {
    const site = await make('/api/sites', { name: 'Strong' });
    const read = await call('GET', `/api/sites/${site.id}`);
    const strong = read.headers.get('etag') ?? '';
    expect(strong).toBe(`"${site.version}"`);
    const first = await changed(site.id, strong, 'strong');
    expect(first.status).toBe(200);
    const second = await changed(site.id, `W/"${first.body.version}", "${first.body.version}"`, 'listed');
    expect(second.status).toBe(200);
    expect((await changed(site.id, '*', 'any')).status).toBe(200);
    const deleted = await call('DELETE', `/api/sites/${site.id}`, { headers: { 'if-match': `"${second.body.version + 1}"` } });
    expect(deleted.status).toBe(204);
  });
});
