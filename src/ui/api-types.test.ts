import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALWAYS_SENT, API_TYPES_FILE, WRITE_ONLY, answerSchema, openApiDocument, renderApiTypes } from '../../scripts/ui-types.ts';

describe('src/ui/api-types.ts', () => {
  it('is what scripts/ui-types.ts makes of the OpenAPI document (run `node scripts/ui-types.ts` when not)', () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(renderApiTypes());
  });

  it('names in ALWAYS_SENT only properties that the document has and leaves optional (remove those it requires now)', () => {
    const doc = openApiDocument();
    for (const gap of ALWAYS_SENT) {
      const schema = answerSchema(doc, gap.method, gap.path, gap.at);
      const where = `${gap.method.toUpperCase()} ${gap.path} ${gap.at ?? ''}`;
      expect(Object.keys(schema.properties as object), where).toEqual(expect.arrayContaining(gap.names));
      for (const name of gap.names) expect((schema.required as string[] | undefined) ?? [], `${where} ${name}`).not.toContain(name);
    }
  });

  it('leaves out write-only fields only while the document lists them in answers (remove them from WRITE_ONLY when not)', () => {
    const user = answerSchema(openApiDocument(), 'get', '/api/users/{id}');
    expect(Object.keys(user.properties as object)).toEqual(expect.arrayContaining(WRITE_ONLY));
  });
});
