// The real running configurations of ../shared/fixtures/configs (Oxidized's recorded sessions, NAPALM's mocked
// `show running-config`, hier_config's running and generated files; read there, never copied here): masked, no
// secret's value survives; read, each gives its hostname, VLANs, ports with their modes and VLANs, LAGs and management
// address. Needs that folder (helpers/needs.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import { maskSecrets } from '../../src/switch-config/mask-secrets.ts';
import { type RunningConfigDialect, readRunningConfig } from '../../src/switch-config/running-config.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';

const CONFIGS = join(SHARED_FIXTURES, 'configs');

interface Expected {
  file: string;
  dialect: RunningConfigDialect;
  /** Text that must not survive masking: each secret's value (with its keyword where the value alone is a common word). */
  secrets: string[];
  hostname: string | null;
  /** VLAN numbers with their names (hier_config's running and generated files differ in VLANs, ports and descriptions). */
  vlans: Record<string, string | null>;
  ports: number;
  /** Some ports by name: `access 2`, `trunk - / 2,3` (untagged / tagged), `routed`, with `down` and a description when given. */
  spots: Record<string, string>;
  management: string | null;
  gateway: string | null;
}

/** What each configuration must give: test/fixtures/running-configs.json, written from the files by hand. */
const FIXTURES: Expected[] = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'running-configs.json'), 'utf8'));

/** A port as the table spells it. */
function spotOf(observed: ObservedSwitch, name: string): string {
  const port = observed.ports.find((candidate) => candidate.name === name);
  if (!port) return 'missing';
  const entry = observed.membership.find((candidate) => candidate.ifIndex === port.ifIndex);
  const vlans = !entry ? 'routed' : entry.trunk ? `trunk ${entry.untagged ?? '-'} / ${entry.tagged.join(',')}` : `access ${entry.untagged}`;
  return [vlans, port.adminUp ? '' : 'down', port.description ? JSON.stringify(port.description) : ''].filter(Boolean).join(' ');
}

function managementOf(observed: ObservedSwitch): string | null {
  const management = observed.management;
  if (!management) return null;
  const name = observed.ports.find((port) => port.ifIndex === management.ifIndex)?.name;
  const vlan = management.vlan === undefined ? '' : ` vlan ${management.vlan}`;
  return `${name} ${management.address}/${management.prefixLength}${vlan}`;
}

describeNeeding([sharedFixture('configs')], 'the real running configurations', () => {
  const textOf = (file: string) => readFileSync(join(CONFIGS, file), 'utf8');

  it.each(FIXTURES)('$file: masking leaves no secret value', ({ file, secrets }) => {
    const masked = maskSecrets(textOf(file));
    for (const secret of secrets) expect(masked, secret).not.toContain(secret);
    expect(masked.split('\n').length).toBe(textOf(file).split('\n').length);
  });

  it.each(FIXTURES)('$file: read into the model as a discovery would see it', (expected) => {
    const { observed, unknownLines, unknown } = readRunningConfig(maskSecrets(textOf(expected.file)), expected.dialect);
    expect(observed.system.sysName).toBe(expected.hostname);
    const vlans = Object.fromEntries(observed.vlans.map((vlan) => [vlan.vid, vlan.name]));
    expect(vlans).toMatchObject(expected.vlans);
    expect(observed.ports).toHaveLength(expected.ports);
    expect(observed.ports.map((port) => port.ifIndex)).toEqual(observed.ports.map((_, i) => i + 1));
    for (const [name, spot] of Object.entries(expected.spots)) expect(spotOf(observed, name), name).toBe(spot);
    expect(managementOf(observed)).toBe(expected.management);
    expect(observed.defaultGateway).toBe(expected.gateway);
    expect(observed.lags).toEqual([]);
    expect(unknown.length).toBe(Math.min(unknownLines, 200));
  });

  it('keeps the trunk and access totals of the configurations with switched ports', () => {
    const totals = (file: string, dialect: RunningConfigDialect) => {
      const { membership } = readRunningConfig(textOf(file), dialect).observed;
      return { access: membership.filter((entry) => !entry.trunk).length, trunk: membership.filter((entry) => entry.trunk).length };
    };
    expect(totals('oxidized/ios#C9200L-24P-4G_17.09.04a#output.txt', 'cisco-ios')).toEqual({ access: 6, trunk: 1 });
    expect(totals('oxidized/junos#srx300_22.4#output.txt', 'junos')).toEqual({ access: 6, trunk: 0 });
    expect(totals('napalm/nxos_show_running_config.txt', 'nxos')).toEqual({ access: 0, trunk: 0 });
    expect(totals('hier_config/eos_generated.conf', 'arista-eos')).toEqual({ access: 2, trunk: 1 });
  });
});
