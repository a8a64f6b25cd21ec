import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from './messages.ts';
import { undoLostWords } from './undo-lost.ts';

// Reasons as src/legacy/history.ts and history-undo.ts write them.
const CHANGED =
  'the port holds other values now than this entry left (taggedVlanIds, description): changed by a later change the 0.20.x log does ' +
  'not hold, or fixed by the migration';
const VLAN_GONE = 'its access_vlan 190 names a VLAN that was not migrated';

describe('why an entry cannot be undone, in words', () => {
  it('keeps the English of a form it knows, and a reason of another form as written', () => {
    expect(undoLostWords(CHANGED)).toBe(CHANGED.replace('taggedVlanIds, description', 'Tagged VLANs, Description'));
    expect(undoLostWords(VLAN_GONE)).toBe(VLAN_GONE);
    expect(undoLostWords('written before the update (model 1)')).toBe('written before the update (model 1)');
  });

  describe('in German', () => {
    beforeAll(() => setLanguage('de'));
    afterAll(() => setLanguage('en'));

    it('says each form of the 0.20.x history in German, kinds and fields as the UI names them', () => {
      expect(undoLostWords(CHANGED)).toBe(
        'Port hat heute andere Werte, als dieser Eintrag hinterließ (Tagged VLANs, Beschreibung): geändert durch eine spätere Änderung, ' +
          'die das 0.20.x-Protokoll nicht kennt, oder korrigiert durch die Migration',
      );
      expect(undoLostWords(VLAN_GONE)).toBe('access_vlan 190 nennt ein VLAN, das nicht übernommen wurde');
      expect(undoLostWords('the switch is gone')).toBe('Switch gibt es nicht mehr');
    });
  });
});
