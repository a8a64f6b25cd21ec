import { describe, expect, it } from 'vitest';
import { dialectOfVendor } from './config-dialect.ts';

describe('dialectOfVendor', () => {
  it.each([
    ['Arista Networks', 'arista-eos'],
    ['Juniper', 'junos'],
    ['JUNIPER NETWORKS', 'junos'],
    ['Cisco Systems', 'cisco-ios'],
  ])('names the dialect of %s', (vendor, dialect) => {
    expect(dialectOfVendor(vendor)).toBe(dialect);
  });

  it("takes the first vendor that names one (the switch's, then its template's), and none for others", () => {
    expect(dialectOfVendor(null, 'Juniper')).toBe('junos');
    expect(dialectOfVendor('Aruba', 'Arista')).toBe('arista-eos');
    expect(dialectOfVendor('Aruba', undefined, '')).toBeUndefined();
  });
});
