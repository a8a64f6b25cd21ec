import { describe, expect, it } from 'vitest';
import { Refusal } from '../errors/refusal.ts';
import { checkDocument } from './document.ts';

const SITE = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a01';
const NOW = '2026-01-01T00:00:00.000Z';
const id = (n: number) => `0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9b${String(n).padStart(2, '0')}`;

/** A document of one site, its VLANs and networks as given. */
const documentOf = (vlans: object[], networks: object[] = []) => ({
  schema: 'db-v1',
  schemaVersion: 8,
  data: {
    sites: [{ id: SITE, name: 'HQ' }],
    vlans: vlans.map((vlan, i) => ({ id: id(i), siteId: SITE, ...vlan })),
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
  it.each([
    {
      what: 'two VLANs of a site with one name: 409 name_taken',
      body: documentOf([
        { name: 'Users', vid: 10 },
        { name: 'users', vid: 20 },
      ]),
      refusal: { kind: 'conflict', code: 'name_taken' },
      details: [{ field: 'data.vlans[1].name', message: 'another VLAN of this site is named "users"' }],
    },
    {
      what: 'two VLANs of a site with one number: 409 conflict, the code of a value taken',
      body: documentOf([
        { name: 'Users', vid: 10 },
        { name: 'Voice', vid: 10 },
      ]),
      refusal: { kind: 'conflict', code: 'conflict' },
      details: [{ field: 'data.vlans[1].vid', message: 'another VLAN of this site has the number 10' }],
    },
    {
      what: 'a name taken and a gateway outside its subnet: rules of two codes, 400 validation_failed',
      body: documentOf(
        [
          { name: 'Users', vid: 10 },
          { name: 'Users', vid: 20 },
        ],
        [{ name: 'Users', subnet: '10.0.10.0/24', gateway: '10.0.11.1' }],
      ),
      refusal: { kind: 'invalid', code: 'validation_failed' },
      details: [
        { field: 'data.vlans[1].name', message: 'another VLAN of this site is named "Users"' },
        { field: 'data.networks[0].gateway', message: 'must be an address inside 10.0.10.0/24' },
      ],
    },
  ])('refuses $what', ({ body, refusal, details }) => {
    const refused = refusalOf(body);
    expect(refused).toMatchObject(refusal);
    expect(refused.details).toEqual(details);
  });

  it("judges a network's VLAN only against a site the document holds", () => {
    const body = documentOf([{ name: 'Users', vid: 10 }], [{ name: 'Users', subnet: '10.0.10.0/24', vlanId: id(0) }]);
    body.data.networks[0].siteId = id(99);
    expect(refusalOf(body).details).toEqual([{ field: 'data.networks[0].siteId', message: `site ${id(99)} is not in the document` }]);
  });
});
