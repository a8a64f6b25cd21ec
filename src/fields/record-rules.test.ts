import { describe, expect, it } from 'vitest';
import {
  addressRuleFaults,
  lagRuleFaults,
  networkRuleFaults,
  portRuleFaults,
  rangeRuleFaults,
  switchRuleFaults,
  type RecordLookups,
} from './record-rules.ts';
import { RULES, refusalOf } from './rules.ts';

// The rules of each kind across records, over lookups made by hand: two sites (hq, lab), two switches of hq (core,
// edge), a switch of lab (branch), and the ports, LAGs and networks below.
const VLAN_SITES: Record<string, string> = { users: 'hq', voice: 'hq', lab: 'lab' };
const SWITCHES: Record<string, { siteId: string; stackSize: number; name: string }> = {
  core: { siteId: 'hq', stackSize: 2, name: 'core' },
  edge: { siteId: 'hq', stackSize: 1, name: 'edge' },
  branch: { siteId: 'lab', stackSize: 1, name: 'branch' },
};
type Port = { switchId: string; linkedPortId: string | null; name: string; type: string };
const PORTS: Record<string, Port> = {
  c1: { switchId: 'core', linkedPortId: 'e1', name: 'c1', type: 'rj45' },
  c2: { switchId: 'core', linkedPortId: null, name: 'c2', type: 'rj45' },
  c3: { switchId: 'core', linkedPortId: null, name: 'c3', type: 'console' },
  e1: { switchId: 'edge', linkedPortId: 'c1', name: 'e1', type: 'rj45' },
  e2: { switchId: 'edge', linkedPortId: null, name: 'e2', type: 'rj45' },
  e3: { switchId: 'edge', linkedPortId: 'c2', name: 'e3', type: 'rj45' },
  b1: { switchId: 'branch', linkedPortId: null, name: 'b1', type: 'rj45' },
};
const LAGS: Record<string, { switchId: string; remoteLagId: string | null; name: string }> = {
  poCore: { switchId: 'core', remoteLagId: null, name: 'Po1' },
  poCore2: { switchId: 'core', remoteLagId: null, name: 'Po2' },
  poEdge: { switchId: 'edge', remoteLagId: null, name: 'Po1' },
};
const NETWORKS: Record<string, { siteId: string; subnet: string }> = {
  users: { siteId: 'hq', subnet: '10.0.10.0/24' },
  p2p: { siteId: 'hq', subnet: '10.0.20.0/31' },
};

const lookups: RecordLookups = {
  siteOfVlan: (id) => VLAN_SITES[id],
  switchOf: (id) => SWITCHES[id],
  port: (id) => PORTS[id],
  lag: (id) => LAGS[id],
  network: (id) => NETWORKS[id],
  pointingAt: (field, id) =>
    field === 'linkedPortId'
      ? Object.keys(PORTS).filter((other) => PORTS[other].linkedPortId === id)
      : Object.keys(LAGS).filter((other) => LAGS[other].remoteLagId === id),
};
const WRITE = { symmetric: false };
const STORED = { symmetric: true };
const port = (fields: Record<string, unknown>) => ({ id: 'new', switchId: 'core', mode: 'access', taggedVlanIds: [], ...fields });
const lag = (fields: Record<string, unknown>) => ({ id: 'poNew', switchId: 'core', portMode: 'access', taggedVlanIds: [], ...fields });

describe('the rules of a port', () => {
  it("refuses a VLAN of another site than its switch's, naming the field", () => {
    expect(portRuleFaults(port({ untaggedVlanId: 'lab' }), lookups, WRITE)).toEqual([
      { field: 'untaggedVlanId', message: 'VLAN lab belongs to another site' },
    ]);
  });

  it('refuses a unit beyond its switch’s stack', () => {
    expect(portRuleFaults(port({ unit: 3 }), lookups, WRITE)).toEqual([
      { field: 'unit', message: "must be at most the switch's stackSize (2)" },
    ]);
  });

  it('refuses a link to a port of its own switch', () => {
    expect(portRuleFaults(port({ linkedPortId: 'c2' }), lookups, WRITE)).toEqual([
      { field: 'linkedPortId', message: 'must be a port of another switch' },
    ]);
  });

  it('takes a link whose far end does not point back yet when the write points it back itself (symmetric: false)', () => {
    expect(portRuleFaults(port({ linkedPortId: 'e2' }), lookups, WRITE)).toEqual([]);
  });

  it('refuses a link whose far end does not point back when stored data is judged (symmetric: true)', () => {
    expect(portRuleFaults(port({ linkedPortId: 'e2' }), lookups, STORED)).toEqual([
      { field: 'linkedPortId', message: 'port e2 does not link back to this port (links are symmetric)' },
    ]);
  });

  it('names, when symmetric, a port that links to this one without being linked back', () => {
    expect(portRuleFaults({ ...PORTS.c2, id: 'c2' }, lookups, STORED)).toEqual([
      { field: 'linkedPortId', message: 'port e3 links to this port, which does not link back' },
    ]);
  });

  it('words a missing far end as the path asks, under its prefix', () => {
    const context = { ...WRITE, prefix: 'data.ports[4].', missing: (noun: string, id: string) => `${noun} ${id} is not in the document` };
    expect(portRuleFaults(port({ linkedPortId: 'gone' }), lookups, context)).toEqual([
      { field: 'data.ports[4].linkedPortId', message: 'port gone is not in the document' },
    ]);
  });

  it('refuses a console port as a LAG member with the lag_member rule', () => {
    const faults = portRuleFaults(port({ lagId: 'poCore', name: 'c9', type: 'console' }), lookups, WRITE);
    expect(faults).toEqual([{ field: 'type', message: 'port "c9" is a console port, which cannot be a LAG member' }]);
    expect(faults[0].rule).toBe(RULES.lagMemberType);
    expect(refusalOf(faults, 'refused')).toMatchObject({ kind: 'conflict', code: 'lag_member' });
  });
});

describe('the rules of a LAG', () => {
  it('refuses a member of another switch, naming the switch', () => {
    expect(lagRuleFaults(lag({ memberPortIds: ['c1', 'e2'] }), lookups, WRITE)).toEqual([
      { field: 'memberPortIds[1]', message: 'port e2 is not a port of switch core' },
    ]);
  });

  it('refuses fewer than two members', () => {
    expect(lagRuleFaults(lag({ memberPortIds: ['c1'] }), lookups, WRITE)).toEqual([
      { field: 'memberPortIds', message: 'must name two or more ports of switch core' },
    ]);
  });

  it('refuses a console port as a member at its place in the list', () => {
    expect(lagRuleFaults(lag({ memberPortIds: ['c1', 'c3'] }), lookups, WRITE)).toMatchObject([
      { field: 'memberPortIds[1]', rule: RULES.lagMemberType },
    ]);
  });

  it('leaves the members unjudged when asked to (a patch that keeps them)', () => {
    expect(lagRuleFaults(lag({ memberPortIds: ['e2'] }), lookups, { ...WRITE, members: false })).toEqual([]);
  });

  it('words a remote LAG of the same switch as the path asks', () => {
    const sameSwitch = (far: { name?: string }) => `must be a LAG of another switch (${far.name} is on core)`;
    const faults = lagRuleFaults(lag({ remoteLagId: 'poCore2' }), lookups, {
      ...WRITE,
      members: false,
      pairWords: { sameSwitch },
    });
    expect(faults).toEqual([{ field: 'remoteLagId', message: 'must be a LAG of another switch (Po2 is on core)' }]);
  });

  it('refuses, when symmetric, a remote LAG that does not pair back', () => {
    const faults = lagRuleFaults({ ...LAGS.poCore, id: 'poCore', remoteLagId: 'poEdge', portMode: 'access' }, lookups, STORED);
    expect(faults).toEqual([{ field: 'remoteLagId', message: 'LAG poEdge does not pair back with this LAG (pairs are symmetric)' }]);
  });

  it('refuses tagged VLANs on an access LAG', () => {
    expect(lagRuleFaults(lag({ taggedVlanIds: ['voice'] }), lookups, { ...WRITE, members: false })).toEqual([
      { field: 'taggedVlanIds', message: 'only a trunk LAG carries tagged VLANs; set portMode to trunk' },
    ]);
  });
});

describe('the rules of a network, a switch, an address and a range', () => {
  it("refuses a network's gateway outside its subnet", () => {
    expect(networkRuleFaults({ siteId: 'hq', subnet: '10.0.10.0/24', gateway: '10.0.11.1' }, lookups, WRITE)).toEqual([
      { field: 'gateway', message: 'must be an address inside 10.0.10.0/24' },
    ]);
  });

  it('leaves out the gateway rule when the subnet was refused already', () => {
    const refused = new Set(['subnet']);
    expect(networkRuleFaults({ siteId: 'hq', subnet: 'nonsense', gateway: '10.0.11.1' }, lookups, { ...WRITE, refused })).toEqual([]);
  });

  it("refuses a network's VLAN of another site", () => {
    expect(networkRuleFaults({ siteId: 'hq', subnet: '10.0.10.0/24', vlanId: 'lab' }, lookups, WRITE)).toEqual([
      { field: 'vlanId', message: 'VLAN lab belongs to another site' },
    ]);
  });

  it("refuses a switch's configured VLAN of another site, at its place in the list", () => {
    expect(switchRuleFaults({ siteId: 'hq', configuredVlanIds: ['users', 'lab'] }, lookups, WRITE)).toEqual([
      { field: 'configuredVlanIds[1]', message: 'VLAN lab belongs to another site' },
    ]);
  });

  it('refuses an address outside its subnet', () => {
    expect(addressRuleFaults({ networkId: 'users', address: '10.0.11.5' }, lookups, WRITE)).toEqual([
      { field: 'address', message: 'must be an address inside 10.0.10.0/24' },
    ]);
  });

  it("refuses an address's port on a switch of another site than its network's", () => {
    expect(addressRuleFaults({ networkId: 'users', address: '10.0.10.5', portId: 'b1' }, lookups, WRITE)).toEqual([
      { field: 'portId', message: "port b1 is on a switch of another site than the network's" },
    ]);
  });

  it('refuses a DHCP range in a /31, under the prefix of its path', () => {
    const range = { networkId: 'p2p', start: '10.0.20.0', end: '10.0.20.1', kind: 'dhcp' };
    expect(rangeRuleFaults(range, lookups, { ...WRITE, prefix: 'rows[2].' })).toEqual([
      { field: 'rows[2].kind', message: 'a /31 has no addresses to lease: no dhcp range in a /31 or /32' },
    ]);
  });
});
