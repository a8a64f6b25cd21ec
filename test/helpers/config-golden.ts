// The configuration text of the fixture switches, compared with the golden files written by hand for each dialect
// (test/fixtures/config/<switch>.<dialect>.txt), and the bare model that the dialects' own tests start from.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { loadConfigModel } from '../../src/db/switch-config.ts';
import type { ConfigLag, ConfigModel, ConfigPort } from '../../src/switch-config/model.ts';
import { freshDb } from '../fixtures/config/inventory-db.ts';
import { insertSwHq01, insertSwHq02 } from '../fixtures/config/sw-hq-01.ts';
import { insertSwHq03 } from '../fixtures/config/sw-hq-03.ts';

const GOLDEN_SWITCHES: [string, string, (db: DatabaseSync) => string][] = [
  ['sw-hq-01', 'renders sw-hq-01 exactly as the hand-written golden file', insertSwHq01],
  [
    'sw-hq-02',
    'renders sw-hq-02 (hostname folded, configured VLAN, stack member 2, management interface and gateway) as its golden file',
    insertSwHq02,
  ],
  [
    'sw-hq-03',
    'renders sw-hq-03 (an access LAG with LACP active, a static trunk LAG named without a number) as its golden file',
    insertSwHq03,
  ],
];

/** One test per fixture switch: its text in `dialect` is its golden file, byte for byte. */
export function itRendersTheGoldenFiles(dialect: string, render: (model: ConfigModel) => string): void {
  for (const [switchName, title, insert] of GOLDEN_SWITCHES) {
    it(title, () => {
      const db = freshDb();
      const model = loadConfigModel(db, insert(db))!;
      const golden = readFileSync(resolve(import.meta.dirname, '../fixtures/config', `${switchName}.${dialect}.txt`), 'utf8');
      expect(render(model)).toBe(golden);
    });
  }
}

/** A switch with no VLANs, ports or LAGs, changed by `overrides`. */
export const bareModel = (overrides: Partial<ConfigModel>): ConfigModel => ({
  switchName: 's',
  siteName: 'x',
  lastChangeAt: null,
  vlans: [],
  ports: [],
  ...overrides,
});

/** A switch managed over IPv6 in VLAN 99, with a default gateway. */
export const ipv6ManagedModel = (): ConfigModel =>
  bareModel({
    vlans: [{ vlanId: 99, name: 'Mgmt' }],
    management: { vlanId: 99, address: '2001:db8::5', prefixLength: 64, gateway: '2001:db8::1' },
  });

/** An enabled access port without description or VLANs, changed by `overrides`. */
export const configPort = (name: string, overrides: Partial<ConfigPort> = {}): ConfigPort => ({
  name,
  description: null,
  enabled: true,
  mode: 'access',
  untaggedVlan: null,
  taggedVlans: [],
  ...overrides,
});

/** A static access LAG without description or VLANs, changed by `overrides`. */
export const configLag = (name: string, overrides: Partial<ConfigLag> = {}): ConfigLag => ({
  name,
  description: null,
  mode: 'static',
  portMode: 'access',
  untaggedVlan: null,
  taggedVlans: [],
  ...overrides,
});
