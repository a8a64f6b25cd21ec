// An error answer lists at most 1,000 faults: a restore of a document with thousands of faults is answered with
// the first 1,000, `truncated: true` and the total (an 18 MB restore's fault list made an answer longer than a
// string can be, and the error exit's RangeError ended the process).
import { describe, expect, it } from 'vitest';
import { exportDocument } from '../helpers/data.ts';
import { useTestServer } from '../helpers/server.ts';

const server = useTestServer();

describe('a restore dry run with 5,000 faults', () => {
  it('answers 400 with exactly 1,000 details, truncated and the total', async () => {
    const document = await exportDocument(server.baseUrl, server.token);
    const now = new Date().toISOString();
    document.data.sites = Array.from({ length: 5000 }, () => ({
      id: crypto.randomUUID(),
      name: '',
      description: null,
      address: null,
      notes: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }));
    const answer = await server.call('POST', '/api/backup/import?dryRun=true', { body: document });
    expect(answer.status, answer.text.slice(0, 500)).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toHaveLength(1000);
    expect(answer.body.error.details[0]).toEqual({
      field: 'data.sites[0].name',
      message: expect.any(String),
      code: 'required',
      params: {},
    });
    expect(answer.body.error).toMatchObject({ truncated: true, detailsTotal: 5000 });
  });
});
