import { describe, expect, it } from 'vitest';
import { type FieldFault, Refusal } from '../errors/refusal.ts';
import { checkDocument } from './document.ts';

const SITE = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a01';
const NOW = '2026-01-01T00:00:00.000Z';
const id = (n: number) => `0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9b${String(n).padStart(2, '0')}`;

/** A document of one site, its VLANs (names and numbers) and networks as given. */
const documentOf = (names: string[], vids: number[], networks: object[] = []) => ({
  schema: 'db-v1',
  schemaVersion: 8,
  data: {
    sites: [{ id: SITE, name: 'HQ' }],
    vlans: names.map((name, i) => ({ id: id(i), siteId: SITE, name, vid: vids[i] })),
    networks: networks.map((network, i) => ({ id: id(50 + i), siteId: SITE, ...network })),
  },
});

const refusalOf = (body: unknown): Refusal => {
  try {
    checkDocument(body, NOW);
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('the document was taken');
};

describe('checkDocument', () => {
  const NAME_TAKEN = { field: 'data.vlans[1].name', message: 'another VLAN of this site is named "Users"' };
  const OUTSIDE = { field: 'data.networks[0].gateway', message: 'must be an address inside 10.0.10.0/24' };
  const GATEWAY_OUTSIDE = { name: 'Users', subnet: '10.0.10.0/24', gateway: '10.0.11.1' };
  it.each<[string, unknown, string, FieldFault[]]>([
    ['two VLANs of a site with one name: 409 name_taken', documentOf(['users', 'Users'], [10, 20]), 'name_taken', [NAME_TAKEN]],
    [
      'two VLANs of a site with one number: 409 conflict, the code of a value taken',
      documentOf(['Users', 'Voice'], [10, 10]),
      'conflict',
      [{ field: 'data.vlans[1].vid', message: 'another VLAN of this site has the number 10' }],
    ],
    [
      'a name taken and a gateway outside its subnet: rules of two codes, 400 validation_failed',
      documentOf(['Users', 'Users'], [10, 20], [GATEWAY_OUTSIDE]),
      'validation_failed',
      [NAME_TAKEN, OUTSIDE],
    ],
  ])('refuses %s', (_, body, code, details) => {
    const refused = refusalOf(body);
    expect(refused).toMatchObject({ kind: code === 'validation_failed' ? 'invalid' : 'conflict', code });
    expect(refused.details).toEqual(details);
  });

  it("judges a network's VLAN only against a site the document holds", () => {
    const body = documentOf(['Users'], [10], [{ name: 'Users', subnet: '10.0.10.0/24', vlanId: id(0) }]);
    body.data.networks[0].siteId = id(99);
    expect(refusalOf(body).details).toEqual([{ field: 'data.networks[0].siteId', message: `site ${id(99)} is not in the document` }]);
  });
});
