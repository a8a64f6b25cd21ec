// The merge (POST /api/data/import) of the files ezSWM 0.20.3 wrote, and of the backup ezSWM 0.32 exported from
// them (schema sqlite-v1), go through the reader of the start-up migration: templates and LAGs come through too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { LEGACY_KINDS } from '../../src/legacy/types.ts';
import { useTestServer, type TestServerHandle } from '../helpers/server.ts';

const FIXTURES = SHARED_FIXTURES;
const file = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'ezswm-0.20.3', `${name}.json`), 'utf8'));

/** The LAGs of every switch as `switch name/lag name → far switch name/far lag name`, and each template's switches. */
async function inventory(server: TestServerHandle) {
  const switches = (await server.call('GET', '/api/switches?limit=500')).body.items;
  const templates = (await server.call('GET', '/api/templates?limit=500')).body.items;
  const lags: any[] = [];
  for (const sw of switches) lags.push(...(await server.call('GET', `/api/switches/${sw.id}/lags?limit=500`)).body.items);
  const label = (lag: any) => `${switches.find((sw: any) => sw.id === lag.switchId).name}/${lag.name}`;
  return {
    pairs: Object.fromEntries(lags.map((lag) => [label(lag), label(lags.find((other) => other.id === lag.remoteLagId))])),
    members: Object.fromEntries(lags.map((lag) => [label(lag), lag.memberPortIds.length])),
    templateOf: Object.fromEntries(switches.map((sw: any) => [sw.name, templates.find((t: any) => t.id === sw.templateId)?.name])),
    stacks: Object.fromEntries(switches.map((sw: any) => [sw.name, sw.stackSize])),
  };
}

const PAIRS = {
  'core-n1/lag256': 'core-n2/lag256',
  'core-n2/lag256': 'core-n1/lag256',
  'acc-lab1/lag1': 'dist-sued/lag1',
  'dist-sued/lag1': 'acc-lab1/lag1',
};
const TEMPLATE_OF = {
  'core-n1': 'Aruba CX 8360-24XF2C',
  'core-n2': 'Aruba CX 8360-24XF2C',
  'dist-sued': 'Aruba CX 8360-24XF2C',
  'acc-bib': 'Aruba CX 6100 48G PoE 4SFP+',
  'acc-hs1': 'Aruba CX 6100 48G PoE 4SFP+',
  'acc-hs2': 'Aruba CX 6100 48G PoE 4SFP+',
  'acc-lab1': 'Aruba CX 6100 48G PoE 4SFP+',
  'sw-halle': 'Aruba CX 6100 48G PoE 4SFP+',
  'stk-verw': 'Cisco C9200L 2er-Stack',
};

describeNeeding([sharedFixture('ezswm-0.20.3')], 'POST /api/data/import of the 0.20.3 files', () => {
  const server = useTestServer();

  it('creates the 3 templates and the 4 LAGs in 2 pairs, switches keeping their template and stack size', async () => {
    const bundle = Object.fromEntries(LEGACY_KINDS.map((kind) => [kind, file(kind)]));
    const answer = await server.call('POST', '/api/data/import', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ switches: 9, ports: 557, templates: 3, lags: 4 });
    const { pairs, members, templateOf, stacks } = await inventory(server);
    expect(pairs).toEqual(PAIRS);
    expect(Object.values(members)).toEqual([2, 2, 2, 2]);
    expect(templateOf).toEqual(TEMPLATE_OF);
    expect(stacks).toMatchObject({ 'acc-bib': 4, 'stk-verw': 2, 'core-n1': 1 });
  });

  it('takes the bundle with its settings.json too, naming the settings among the fixes as not merged', async () => {
    const bundle = { ...Object.fromEntries(LEGACY_KINDS.map((kind) => [kind, file(kind)])), settings: file('settings') };
    const answer = await server.call('POST', '/api/data/import?dryRun=true', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({ file: 'settings.json', reason: 'the settings of another install are not merged' }),
    );
  });
});

describeNeeding([sharedFixture('ezswm-0.32-backup.json')], 'POST /api/data/import of the ezSWM 0.32 backup (sqlite-v1)', () => {
  const server = useTestServer();
  const backup = JSON.parse(readFileSync(join(FIXTURES, 'ezswm-0.32-backup.json'), 'utf8'));

  it("answers the dry run with its counts, and names each stale remote_device_id and its settings among the fixes, in the backup's terms", async () => {
    const answer = await server.call('POST', '/api/data/import?dryRun=true', { body: backup });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, created: { switches: 9, ports: 557, templates: 3, lags: 4 } });
    const stale = answer.body.fixes.filter((fix: any) => fix.file === 'data.lagGroups' && fix.field === 'remote_device_id');
    expect(stale).toHaveLength(4);
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({ file: 'data.settings', reason: 'the settings of another install are not merged' }),
    );
    // A port's fix names the backup's own port row (data.ports), its id, and the port and its switch in words.
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({ file: 'data.ports', field: 'access_vlan', from: 190, record: 'port 1/1/30 of switch acc-hs1' }),
    );
    expect(answer.body.fixes.filter((fix: any) => fix.file.endsWith('.json') && fix.file !== 'settings.json')).toEqual([]);
  });

  it('creates the same templates and LAG pairs as the 0.20.3 files, the pairs found by their links', async () => {
    const answer = await server.call('POST', '/api/data/import', { body: backup });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ sites: 3, vlans: 11, networks: 12, switches: 9, ports: 557, templates: 3, lags: 4 });
    const { pairs, templateOf, stacks } = await inventory(server);
    expect(pairs).toEqual(PAIRS);
    expect(templateOf).toEqual(TEMPLATE_OF);
    expect(stacks).toMatchObject({ 'acc-bib': 4, 'stk-verw': 2 });
  });
});
