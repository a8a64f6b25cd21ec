import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INTERFACE_NAME_MAX,
  interfaceNameForms,
  interfaceNameProblem,
  isInterfaceName,
  sameInterface,
  storedInterfaceNames,
  suffixedInterfaceName,
} from './interface-name.ts';

describe('interface names', () => {
  it.each([
    '1',
    '48',
    'Gi1/0/1',
    'GigabitEthernet1/0/48',
    'ge-0/0/0',
    'xe-0/1/0:2',
    'Ethernet1/1.100',
    'Port-Channel10',
    'ae0',
    'mgmt_0',
    'Te1/1/1+',
    'uplink 1',
    'p'.repeat(64),
  ])('takes %j', (name) => {
    expect(interfaceNameProblem(name)).toBeUndefined();
    expect(isInterfaceName(name)).toBe(true);
  });

  it.each([
    ['a line feed', 'Gi1\nusername x privilege 15 secret y'],
    ['a carriage return', 'Gi1\rend'],
    ['a tab', 'Gi1\t2'],
    ['a NUL', 'Gi1\u0000'],
    ['DEL', 'Gi1\u007f'],
    ['a Unicode line separator', 'Gi1\u2028end'],
    ['a semicolon', 'ge-0/0/0; system'],
    ['an opening brace', 'ge-0/0/0 {'],
    ['a closing brace', '}'],
    ['a quote', 'Gi1"'],
    ['a hash', 'Gi1#'],
    ['a question mark', 'Gi1?'],
    ['an exclamation mark', '!Gi1'],
    ['parentheses', 'Gi1 (2)'],
    ['a backslash', 'Gi1\\'],
    ['a letter outside ASCII', 'Büro-1'],
    ['an emoji', '🔌'],
  ])('refuses %s', (_, name) => {
    expect(interfaceNameProblem(name)).toBe('must be a plain interface name: ASCII letters, digits, spaces and / . : - _ +');
    expect(isInterfaceName(name)).toBe(false);
  });

  it('refuses the empty name, only spaces and more than 64 characters', () => {
    expect(interfaceNameProblem('')).toBe('is required');
    expect(interfaceNameProblem('   ')).toBe('is required');
    expect(interfaceNameProblem('p'.repeat(65))).toBe('must be at most 64 characters');
    expect([isInterfaceName(''), isInterfaceName('   '), isInterfaceName('p'.repeat(65)), isInterfaceName(7)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('never lets a name with a line break, a control character or ; { } through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (name) => {
        if (isInterfaceName(name)) expect(name).toMatch(/^[\x20-\x7e]+$/);
        if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029;{}]/.test(name)) expect(isInterfaceName(name)).toBe(false);
        expect(isInterfaceName(name)).toBe(interfaceNameProblem(name) === undefined);
      }),
    );
  });

  it('makes suffixed names that are interface names within 64 characters', () => {
    expect(suffixedInterfaceName('gi1', 2)).toBe('gi1_2');
    expect(suffixedInterfaceName('x'.repeat(64), 12)).toBe(`${'x'.repeat(61)}_12`);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9/.:_+-]{1,64}$/), fc.integer({ min: 2, max: 100000 }), (name, n) => {
        const suffixed = suffixedInterfaceName(name, n);
        expect(isInterfaceName(suffixed)).toBe(true);
        expect(suffixed.length).toBeLessThanOrEqual(INTERFACE_NAME_MAX);
      }),
    );
  });
});

describe('the usual spellings of an interface name', () => {
  it.each([
    ['Gi1/0/5', ['Gi1/0/5', 'GigabitEthernet1/0/5', 'Gig1/0/5']],
    ['GigabitEthernet1/0/5', ['GigabitEthernet1/0/5', 'Gi1/0/5', 'Gig1/0/5']],
    ['gi1/0/5', ['gi1/0/5', 'GigabitEthernet1/0/5', 'Gig1/0/5']],
    ['Gig1/0/5', ['Gig1/0/5', 'GigabitEthernet1/0/5', 'Gi1/0/5']],
    ['Gi 1/0/5', ['Gi 1/0/5', 'GigabitEthernet1/0/5', 'Gi1/0/5', 'Gig1/0/5']],
    ['Fa0/1', ['Fa0/1', 'FastEthernet0/1']],
    ['Te1/1/1', ['Te1/1/1', 'TenGigabitEthernet1/1/1', 'TenGigE1/1/1', 'Ten1/1/1']],
    ['TenGigE0/0/0/1', ['TenGigE0/0/0/1', 'TenGigabitEthernet0/0/0/1', 'Te0/0/0/1', 'Ten0/0/0/1']],
    ['Twe1/0/1', ['Twe1/0/1', 'TwentyFiveGigE1/0/1', 'TwentyFiveGigabitEthernet1/0/1']],
    ['Tw1/0/1', ['Tw1/0/1', 'TwoGigabitEthernet1/0/1']],
    ['Fo1/1/1', ['Fo1/1/1', 'FortyGigabitEthernet1/1/1', 'FortyGigE1/1/1']],
    ['HundredGigE1/0/49', ['HundredGigE1/0/49', 'Hu1/0/49', 'HundredGigabitEthernet1/0/49']],
    ['AppGigabitEthernet1/0/1', ['AppGigabitEthernet1/0/1', 'Ap1/0/1']],
    ['Et1', ['Et1', 'Ethernet1', 'Eth1']],
    ['Eth1/1', ['Eth1/1', 'Ethernet1/1', 'Et1/1']],
    ['Ethernet1/49/1', ['Ethernet1/49/1', 'Eth1/49/1', 'Et1/49/1']],
    ['Po10', ['Po10', 'Port-channel10', 'PortChannel10']],
    ['port-channel10', ['port-channel10', 'Po10', 'PortChannel10']],
    ['Port-Channel 10', ['Port-Channel 10', 'Port-channel10', 'Po10', 'PortChannel10']],
    ['Ma1', ['Ma1', 'Management1', 'Mgmt1']],
    ['mgmt0', ['mgmt0', 'Management0', 'Ma0']],
    ['Vlan10', ['Vlan10', 'Vl10']],
    ['Gi1/0/5.100', ['Gi1/0/5.100', 'GigabitEthernet1/0/5.100', 'Gig1/0/5.100']],
    ['ge-0/0/5', ['ge-0/0/5']],
    ['xe-0/1/0:2', ['xe-0/1/0:2']],
    ['et-0/0/1', ['et-0/0/1']],
    ['ae0', ['ae0']],
    ['48', ['48']],
    ['port 4', ['port 4']],
    ['sw-3-12', ['sw-3-12']],
    ['uplink 1', ['uplink 1']],
    ['Gi', ['Gi']],
  ])('%j is also written %j', (name, forms) => {
    expect(interfaceNameForms(name)).toEqual(forms);
  });

  it.each([
    ['Gi1/0/5', ['Gi1/0/5', 'GigabitEthernet1/0/5', 'Gig1/0/5', 'Gi 1/0/5', 'GigabitEthernet 1/0/5', 'Gig 1/0/5']],
    ['gigabitEthernet 1/0/25', ['gigabitEthernet 1/0/25', 'GigabitEthernet1/0/25', 'Gi1/0/25', 'Gig1/0/25', 'Gi 1/0/25', 'Gig 1/0/25']],
    ['ge-0/0/5', ['ge-0/0/5']],
    ['port 4', ['port 4']],
  ])('looks %j up also as it is stored with a space before its number (TP-Link): %j', (name, stored) => {
    expect(storedInterfaceNames(name)).toEqual(stored);
  });

  it('says that two spellings name one interface, and that names of different interfaces do not', () => {
    const interfaces = [
      ['Gi1/0/5', 'GigabitEthernet1/0/5', 'gig1/0/5', 'gi 1/0/5'],
      ['Te1/1/1', 'TenGigE1/1/1', 'tengigabitethernet1/1/1'],
      ['Po1', 'port-channel1', 'PortChannel1'],
      ['Et1', 'Ethernet1', 'eth1'],
      ['ae0', 'AE0'],
      ['Gi1/0/50'],
      ['Te1/0/5'],
      ['ge-0/0/5'],
      ['Gi0/0/5'],
      ['et-1'],
    ];
    for (const [i, spellings] of interfaces.entries())
      for (const [j, others] of interfaces.entries())
        for (const a of spellings) for (const b of others) expect(sameInterface(a, b), `${a} and ${b}`).toBe(i === j);
  });
});
