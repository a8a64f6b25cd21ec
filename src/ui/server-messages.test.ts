import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, FINDING_FORMS, fillForm } from '../lib/message-forms.ts';
import { de } from './messages-de.ts';
import { en, setLanguage } from './messages.ts';
import { errorText, faultText, findingText } from './server-messages.ts';

const SERVER_FORMS: [prefix: string, forms: Record<string, string>][] = [
  ['serverFault', FIELD_FORMS],
  ['serverError', ERROR_FORMS],
  ['serverFinding', FINDING_FORMS],
];

/** Params for every placeholder of a form: numbers for some, text for the others. */
const sampleParams = (form: string) =>
  Object.fromEntries([...form.matchAll(/\{(\w+)\}/g)].map(([, name], i) => [name!, i % 2 ? 4094 + i : `<${name}>`]));

afterEach(() => setLanguage('en'));

/** The placeholders of a form, sorted. */
const placeholders = (form: string) => [...new Set([...form.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!))].sort();

describe('the catalogues and the server’s message forms', () => {
  it('have a German form for every code the server words a message by, and none besides; English carries none', () => {
    for (const [prefix, forms] of SERVER_FORMS) {
      const codes = Object.keys(forms).map((code) => `${prefix}.${code}`);
      expect(
        Object.keys(de)
          .filter((key) => key.startsWith(`${prefix}.`))
          .sort(),
      ).toEqual(codes.sort());
      expect(Object.keys(en).filter((key) => key.startsWith(`${prefix}.`))).toEqual([]);
    }
  });

  it('word each German form from the params the server fills its English form with', () => {
    const DE = de as unknown as Record<string, string>;
    for (const [prefix, forms] of SERVER_FORMS) {
      for (const [code, form] of Object.entries(forms)) {
        expect(placeholders(DE[`${prefix}.${code}`]!), `${prefix}.${code}`).toEqual(placeholders(form));
        expect(form).not.toContain('{count}');
      }
    }
  });

  it('show the server’s own English text in English, whatever the code', () => {
    for (const [prefix, forms] of SERVER_FORMS) {
      for (const [code, form] of Object.entries(forms)) {
        const params = sampleParams(form);
        const message = fillForm(form, params);
        const worded = { serverFault: faultText, serverError: errorText, serverFinding: findingText }[prefix]!;
        expect(worded({ code, kind: code.split('.')[0], form: code, params, message } as never)).toBe(message);
      }
    }
  });
});

describe('a message of the API in the user’s language', () => {
  it('is worded from its code and params in German', async () => {
    await setLanguage('de');
    expect(faultText({ code: 'int_range', params: { min: 1, max: 4094 }, message: 'must be an integer from 1 to 4094' })).toBe(
      'muss eine ganze Zahl von 1 bis 4094 sein',
    );
    expect(errorText({ code: 'validation_failed', params: {}, message: 'The request has invalid fields.' })).toBe(
      'Die Anfrage enthält ungültige Felder.',
    );
    const finding = { kind: 'unused_vlan', params: { vid: 300, vlan: 'Spare', site: 'HQ' }, message: '' };
    expect(findingText(finding)).toBe('VLAN 300 (Spare) des Standorts HQ führt kein Port.');
    const variant = {
      kind: 'poe_over_budget',
      form: 'poe_over_budget.one_port',
      params: { switch: 'sw-1', demand: 30, budget: 15 },
      message: '',
    };
    expect(findingText(variant)).toBe('Der PoE-Bedarf des Switches sw-1 beträgt 30 W (1 aktiver PoE-Port), über seinem Budget von 15 W.');
  });

  it('words a finding made from a list in German, part by part, a field fault and a VLAN inside a part too', async () => {
    await setLanguage('de');
    const vlans = { separator: '; ', parts: [{ form: 'part.vlan_only_on', params: { vid: 30, where: 'acc-1 Gi1/0/48' } }] };
    const tagged = { kind: 'link_tagged_vlan_mismatch', params: { portA: 'a port 1', portB: 'b port 2', vlans }, message: '' };
    expect(findingText(tagged)).toBe(
      'Die Verbindung zwischen a port 1 und b port 2 trägt an ihren Enden verschiedene getaggte VLANs: VLAN 30 nur an acc-1 Gi1/0/48.',
    );
    const vlan = { separator: '', parts: [{ form: 'part.vlan_of_site', params: { vid: 20, vlan: 'Cams', site: 'HQ' } }] };
    const fault = { separator: '', parts: [{ form: 'fault.vlan_of_other_site', params: { id: vlan } }] };
    const field = { separator: '', parts: [{ form: 'part.field_untagged_vlan', params: {} }] };
    const faults = { separator: '; ', parts: [{ form: 'part.rule_fault', params: { field, fault } }] };
    expect(findingText({ kind: 'broken_rule', params: { entity: 'sw-1 port 3', faults }, message: '' })).toBe(
      'sw-1 port 3 verletzt eine Regel, die Änderungen einhalten: ungetaggtes VLAN: VLAN 20 (Cams) des Standorts HQ gehört zu einem anderen Standort.',
    );
  });

  it('is the server’s English text when a part of a list has no form in the catalogue', async () => {
    await setLanguage('de');
    const vlans = { separator: '; ', parts: [{ form: 'part.no_such_part', params: {} }] };
    const finding = { kind: 'link_tagged_vlan_mismatch', params: { portA: 'a', portB: 'b', vlans }, message: 'The link …' };
    expect(findingText(finding)).toBe('The link …');
  });

  it('is the server’s English text for a code the catalogue lacks, or without params', async () => {
    await setLanguage('de');
    expect(faultText({ code: 'no_such_form', params: {}, message: 'is odd' })).toBe('is odd');
    expect(faultText({ message: 'is odd' })).toBe('is odd');
    expect(errorText({ code: 'validation_failed', message: 'The VLAN filters are invalid.' })).toBe('The VLAN filters are invalid.');
    expect(findingText({ kind: 'broken_rule', params: {}, message: 'sw-1 breaks a rule.' })).toBe('sw-1 breaks a rule.');
  });
});
