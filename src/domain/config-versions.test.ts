import { describe, expect, it } from 'vitest';
import { countingDatabase, refusalOf } from '../../test/helpers/domain-db.ts';
import { listConfigVersions } from '../db/config-versions.ts';
import { getSwitch } from '../db/switches.ts';
import { CONFIG_VERSIONS_KEPT, changedLinesBetween, prepareConfig, storeConfigVersion } from './config-versions.ts';
import { SITE_WRITES } from './sites.ts';
import { SWITCH_WRITES } from './switches.ts';

// The one path of a running configuration into storage, without HTTP: masked and hashed without volatile lines, a
// repeat seen again, the oldest versions pruned past CONFIG_VERSIONS_KEPT.

const ACTOR = { id: null, username: 'test' };

function withSwitch() {
  const { db } = countingDatabase();
  const siteId = SITE_WRITES.create(db, ACTOR, { name: 'Lab' }, undefined);
  const id = SWITCH_WRITES.create(db, ACTOR, { siteId, name: 'sw', portCount: 0 }, undefined);
  return { db, sw: () => getSwitch(db, id)! };
}

describe('storing a running configuration', () => {
  it('hashes the masked lines without the volatile ones, so a new timestamp or NTP drift is the same configuration', () => {
    const a = prepareConfig('! Last configuration change at 10:00:00\nhostname a\nntp clock-period 1\nsnmp-server community s3cr3t RO\n');
    const b = prepareConfig(
      '! Last configuration change at 11:00:00\r\nhostname a\r\nntp clock-period 2\r\nsnmp-server community s3cr3t RO\r\n',
    );
    expect(a.contentHash).toBe(b.contentHash);
    expect(a.text).not.toContain('s3cr3t');
    expect(prepareConfig('hostname a\nsnmp-server community other RO\n').contentHash).not.toBe(a.contentHash);
    expect(changedLinesBetween(a.text, b.text)).toBe(0);
  });

  it('keys the masks with the mask key: the same secret masks alike under one key, differently under another', () => {
    const text = 'enable secret 0 weak\n';
    expect(prepareConfig(text, 'k1').text).toBe(prepareConfig(text, 'k1').text);
    expect(prepareConfig(text, 'k1').text).not.toBe(prepareConfig(text, 'k2').text);
  });

  it(`keeps the newest ${CONFIG_VERSIONS_KEPT} versions of a switch, numbered on past the pruned ones`, () => {
    const { db, sw } = withSwitch();
    for (let i = 1; i <= CONFIG_VERSIONS_KEPT + 2; i++) {
      const stored = storeConfigVersion(db, ACTOR, sw(), {
        text: `hostname sw\ninterface Gi1/0/1\n description ${i}\n`,
        source: 'upload',
        dialect: null,
      });
      expect(stored).toMatchObject({ created: true, version: { number: i } });
      if (i > 1) expect(stored.version.changed_lines).toBe(2);
    }
    const { rows, total } = listConfigVersions(db, sw().id, 500, 0);
    expect(total).toBe(CONFIG_VERSIONS_KEPT);
    expect(rows.at(-1)!.number).toBe(3);
    expect(rows[0]!.number).toBe(CONFIG_VERSIONS_KEPT + 2);
  });

  it('refuses a configuration of blank and volatile lines only', () => {
    const { db, sw } = withSwitch();
    expect(
      refusalOf(() => storeConfigVersion(db, ACTOR, sw(), { text: '\n! Time: now\n\n', source: 'upload', dialect: null })),
    ).toMatchObject({
      kind: 'invalid',
      code: 'validation_failed',
    });
  });
});
