import { describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, FIX_FORMS, fillForm } from './message-forms.ts';

describe('the forms of the messages', () => {
  it('fill each placeholder from the params, and leave one without a value as it is', () => {
    expect(fillForm(FIELD_FORMS.int_range, { min: 1, max: 4094 })).toBe('must be an integer from 1 to 4094');
    expect(fillForm(FIELD_FORMS.int_range, { min: 1 })).toBe('must be an integer from 1 to {max}');
    expect(fillForm(ERROR_FORMS.name_taken, { fields: 'name, vid' })).toBe('Another record already has this name, vid.');
  });

  it('have codes of lower-case words, each form a text of its own', () => {
    for (const code of [...Object.keys(FIELD_FORMS), ...Object.keys(FIX_FORMS)]) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
    // An error's code words its message in several ways by variants, `<code>.<variant>` (lag_member.owns), as a finding's kind does.
    for (const code of Object.keys(ERROR_FORMS)) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*(\.[a-z]+(_[a-z0-9]+)*)?$/);
    expect(new Set(Object.values(FIELD_FORMS)).size).toBe(Object.keys(FIELD_FORMS).length);
    expect(new Set(Object.values(FIX_FORMS)).size).toBe(Object.keys(FIX_FORMS).length);
  });
});
