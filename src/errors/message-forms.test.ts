import { describe, expect, it } from 'vitest';
import { type Field, checkValue, faultOf, validateInput } from '../fields/field.ts';
import { VLAN } from '../fields/vlans.ts';
import { ERROR_FORMS, FIELD_FORMS, fillForm } from './message-forms.ts';

const VID: Field = { name: 'vid', type: 'integer', description: 'VLAN number.', min: 1, max: 4094 };

describe('the forms of the messages', () => {
  it('fill each placeholder from the params, and leave one without a value as it is', () => {
    expect(fillForm(FIELD_FORMS.int_range, { min: 1, max: 4094 })).toBe('must be an integer from 1 to 4094');
    expect(fillForm(FIELD_FORMS.int_range, { min: 1 })).toBe('must be an integer from 1 to {max}');
    expect(fillForm(ERROR_FORMS.name_taken, { fields: 'name, vid' })).toBe('Another record already has this name, vid.');
  });

  it('have codes of lower-case words, each form a text of its own', () => {
    for (const code of [...Object.keys(FIELD_FORMS), ...Object.keys(ERROR_FORMS)]) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
    expect(new Set(Object.values(FIELD_FORMS)).size).toBe(Object.keys(FIELD_FORMS).length);
  });
});

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
