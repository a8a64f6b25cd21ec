// The round trip of issue 38: a running configuration read into the observed model, proposed for a switch not
// documented yet (discovery/proposal.ts), the proposal taken whole as the documented switch, and that switch rendered
// (switch-config/render.ts) and read again: its switched ports keep their mode, VLANs, state and description, its
// VLANs their numbers (and, in the IOS-style dialects, names), its LAGs their members. Routed ports, which Switchyard
// does not manage, are left out. The documented switch is made from the items here, as discovery's apply would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import { CREATE_SWITCH_KEY, type ObservedPortFields, type Proposal, propose } from '../../src/discovery/proposal.ts';
import type { ConfigLag, ConfigModel, ConfigPort } from '../../src/switch-config/model.ts';
import { type ConfigDialect, renderConfig } from '../../src/switch-config/render.ts';
import { readRunningConfig } from '../../src/switch-config/running-config.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';

/** The documented switch a proposal for a new switch makes, every item taken. */
function documentedFrom(proposal: Proposal, observed: ObservedSwitch): ConfigModel {
  const created = proposal.items.find((item) => item.key === CREATE_SWITCH_KEY)!.observed as { name: string; ports: ObservedPortFields[] };
  const ports = new Map<string, ConfigPort>(
    created.ports.map((port) => [
      port.name,
      { name: port.name, description: port.description, enabled: port.enabled, mode: 'access', untaggedVlan: null, taggedVlans: [] },
    ]),
  );
  const lags: ConfigLag[] = [];
  for (const item of proposal.items) {
    const port = ports.get(item.name);
    if (item.entity === 'port' && port && item.field === 'mode') port.mode = item.observed as 'access' | 'trunk';
    if (item.entity === 'port' && port && item.field === 'untaggedVlan') port.untaggedVlan = item.observed as number | null;
    if (item.entity === 'port' && port && item.field === 'taggedVlans') port.taggedVlans = item.observed as number[];
    if (item.entity === 'lag' && item.kind === 'create') lags.push(lagFrom(item.observed as LagCreate, observed, ports));
  }
  const vlans = proposal.items.filter((item) => item.entity === 'vlan').map((item) => item.observed as { vid: number; name: string });
  const management = observed.management?.vlan === undefined ? null : { ...observed.management, vlanId: observed.management.vlan };
  return {
    switchName: created.name,
    siteName: 'Round trip',
    lastChangeAt: null,
    vlans: vlans.map(({ vid, name }) => ({ vlanId: vid, name })),
    ports: [...ports.values()],
    lags,
    management: management && { ...management, gateway: observed.defaultGateway ?? null },
  };
}

interface LagCreate {
  name: string;
  members: string[];
  portMode: 'access' | 'trunk';
  untaggedVlan: number | null;
  taggedVlans: number[];
}

// The proposal carries no LACP mode: it is taken from the observed LAG.
function lagFrom(lag: LagCreate, observed: ObservedSwitch, ports: Map<string, ConfigPort>): ConfigLag {
  const ifIndex = observed.ports.find((port) => port.name === lag.name)?.ifIndex;
  const mode = observed.lags.find((entry) => entry.ifIndex === ifIndex)?.mode ?? 'lacp-active';
  const switching = { lag: lag.name, mode: lag.portMode, untaggedVlan: lag.untaggedVlan, taggedVlans: lag.taggedVlans };
  for (const member of lag.members) Object.assign(ports.get(member)!, switching);
  return { name: lag.name, description: null, mode, portMode: lag.portMode, untaggedVlan: lag.untaggedVlan, taggedVlans: lag.taggedVlans };
}

/** Each switched physical port (of `only`'s names when given): its mode, VLANs, state and description, by name. */
function switchedPorts(observed: ObservedSwitch, only?: Record<string, string>): Record<string, string> {
  const ports: Record<string, string> = {};
  for (const port of observed.ports.filter((candidate) => !only || candidate.name in only)) {
    const entry = observed.membership.find((candidate) => candidate.ifIndex === port.ifIndex);
    if (port.ifType !== 6 || !entry || /^(mgmt|management)/i.test(port.name)) continue;
    const vlans = entry.trunk ? `trunk ${entry.untagged ?? '-'} / ${entry.tagged.join(',')}` : `access ${entry.untagged ?? '-'}`;
    ports[port.name] = `${vlans} ${port.adminUp ? 'up' : 'down'} ${JSON.stringify(port.description)}`;
  }
  return ports;
}

function lagMembers(observed: ObservedSwitch): string[][] {
  const nameOf = (ifIndex: number) => observed.ports.find((port) => port.ifIndex === ifIndex)?.name;
  return observed.lags.map((lag) => lag.memberIfIndexes.map(nameOf) as string[]);
}

function roundTrip(text: string, dialect: ConfigDialect): { before: ObservedSwitch; after: ObservedSwitch } {
  const before = readRunningConfig(text, dialect).observed;
  const host = before.management?.address ?? 'switch';
  const proposal = propose({ documented: null, host, vlans: [], switches: [], observed: before });
  const after = readRunningConfig(renderConfig(documentedFrom(proposal, before), dialect), dialect).observed;
  return { before, after };
}

const LAG_CONFIG = [
  'hostname acc-2',
  'vlan 10',
  ' name users',
  'vlan 20',
  ' name phones',
  'interface GigabitEthernet1/0/1',
  ' description desk',
  ' switchport access vlan 10',
  ' switchport mode access',
  'interface GigabitEthernet1/0/2',
  ' switchport access vlan 20',
  ' switchport mode access',
  ' shutdown',
  'interface GigabitEthernet1/0/47',
  ' switchport trunk allowed vlan 10,20',
  ' switchport mode trunk',
  ' channel-group 1 mode passive',
  'interface GigabitEthernet1/0/48',
  ' switchport trunk allowed vlan 10,20',
  ' switchport mode trunk',
  ' channel-group 1 mode passive',
  'interface Port-channel1',
  ' switchport trunk allowed vlan 10,20',
  ' switchport mode trunk',
].join('\n');

it.each(['cisco-ios', 'arista-eos'] as const)(
  'a configuration with a LAG comes back the same from its documented switch in %s',
  (dialect) => {
    const { before, after } = roundTrip(LAG_CONFIG, dialect);
    expect(switchedPorts(after, switchedPorts(before))).toEqual(switchedPorts(before));
    expect(lagMembers(after)).toEqual(lagMembers(before));
    expect(after.lags[0].mode).toBe('lacp-passive');
    expect(after.vlans).toEqual(before.vlans);
  },
);

describeNeeding([sharedFixture('configs')], 'the real running configurations, documented and rendered again', () => {
  it.each([
    ['oxidized/ios#C9200L-24P-4G_17.09.04a#output.txt', 'cisco-ios'],
    ['hier_config/eos_running.conf', 'arista-eos'],
    ['hier_config/eos_generated.conf', 'arista-eos'],
    ['oxidized/junos#srx300_22.4#output.txt', 'junos'],
  ] as const)('%s keeps its switched ports, VLANs and management address', (file, dialect) => {
    const { before, after } = roundTrip(readFileSync(join(SHARED_FIXTURES, 'configs', file), 'utf8'), dialect);
    expect(Object.keys(switchedPorts(before)).length).toBeGreaterThan(1);
    expect(switchedPorts(after, switchedPorts(before))).toEqual(switchedPorts(before));
    // Junos names a VLAN v<number>-<name> (junos.ts): there the numbers are compared.
    const vlansOf = (observed: ObservedSwitch) => observed.vlans.map((vlan) => (dialect === 'junos' ? vlan.vid : vlan));
    expect(vlansOf(after)).toEqual(vlansOf(before));
    const address = (observed: ObservedSwitch) => observed.management && { ...observed.management, ifIndex: 0 };
    if (before.management?.vlan !== undefined) expect(address(after)).toEqual(address(before));
  });
});
