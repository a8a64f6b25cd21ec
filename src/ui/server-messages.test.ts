import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_FORMS, FIELD_FORMS, FINDING_FORMS, FIX_FORMS, fillForm } from '../lib/message-forms.ts';
import { de } from './messages-de.ts';
import { later } from './messages-later.ts';
import { en, setLanguage } from './messages.ts';
import { errorText, faultText, findingText, fixReasonText } from './server-messages.ts';

const SERVER_FORMS: [prefix: string, forms: Record<string, string>][] = [
  ['serverFault', FIELD_FORMS],
  ['serverError', ERROR_FORMS],
  ['serverFinding', FINDING_FORMS],
  ['serverFix', FIX_FORMS],
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
      expect(Object.keys({ ...en, ...later }).filter((key) => key.startsWith(`${prefix}.`))).toEqual([]);
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
        const worded = { serverFault: faultText, serverError: errorText, serverFinding: findingText, serverFix: fixReasonText }[prefix]!;
        expect(worded({ code, kind: code.split('.')[0], form: code, params, message, reason: message } as never)).toBe(message);
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

  it('words a fault it quotes (a port as it would be) and the variant of an error’s form in German too', async () => {
    await setLanguage('de');
    const quoting = {
      code: 'as_it_would_be',
      params: {
        port: '2',
        field: 'unit',
        fault: "must be at most the switch's stackSize (2)",
        faultCode: 'unit_over_stack',
        'fault.stackSize': 2,
      },
      message: "port 2 as it would be: unit must be at most the switch's stackSize (2)",
    };
    expect(faultText(quoting)).toBe('Port 2 nach der Änderung: unit darf höchstens die Stack-Größe des Switches sein (2)');
    const lagMember = { code: 'lag_member', form: 'lag_member.needs_two', params: { port: '47', lag: 'Po1', switch: 'edge' }, message: '' };
    expect(errorText(lagMember)).toMatch(/^Port 47 gehört zum LAG Po1 auf edge, der zwei oder mehr Mitglieder braucht/);
  });

  it('words the reason of a migration fix in German, the fault it quotes and the field that keeps the value too', async () => {
    await setLanguage('de');
    const params = { fault: 'must be a MAC address like aa:bb:cc:dd:ee:ff', faultCode: 'not_mac', keeper: 'notes' };
    expect(fixReasonText({ code: 'kept_in', params, reason: 'must be a MAC address…; kept in the notes' })).toBe(
      'muss eine MAC-Adresse wie aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF oder aabb.ccdd.eeff sein; in Notizen behalten',
    );
    expect(fixReasonText({ code: 'dropped_value', params: { fault: 'is odd' }, reason: 'is odd; dropped' })).toBe('is odd; entfernt');
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
