import { describe, expect, it } from 'vitest';
import { type Field, checkValue, faultOf, validateInput } from './field.ts';
import { VLAN } from './vlans.ts';

const VID: Field = { name: 'vid', type: 'integer', description: 'VLAN number.', min: 1, max: 4094 };

describe('a fault worded by a form', () => {
  it('carries the code and params of its form beside the English message', () => {
    const fault = faultOf('vid', 'int_range', { min: 1, max: 4094 });
    expect(fault).toEqual({ field: 'vid', message: 'must be an integer from 1 to 4094' });
    expect([fault.code, fault.params]).toEqual(['int_range', { min: 1, max: 4094 }]);
  });

  it('is what a field check refuses with, its text as before', () => {
    const checked = checkValue(VID, 5000);
    expect(checked).toMatchObject({
      ok: false,
      message: 'must be an integer from 1 to 4094',
      code: 'int_range',
      params: { min: 1, max: 4094 },
    });
  });

  it('names each fault of a body by its form: a missing field, an unknown one, a wrong type', () => {
    const { faults } = validateInput(VLAN, { vid: 'ten', colour: 'red' }, 'create');
    expect(faults.map((fault) => [fault.field, fault.code, fault.params])).toEqual([
      ['colour', 'unknown_field', { kind: 'vlan' }],
      ['siteId', 'required', {}],
      ['vid', 'int_range', { min: 1, max: 4094 }],
      ['name', 'required', {}],
    ]);
  });
});
