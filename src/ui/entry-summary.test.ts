import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryFacts } from './entry-summary.ts';
import { entrySummary, undoDepth } from './entry-summary.ts';
import { setLanguage } from './messages.ts';

const e = (
  action: EntryFacts['action'],
  entityType: EntryFacts['entityType'],
  entityName: string | null,
  summary: string,
  changes: unknown = {},
): EntryFacts => ({ action, entityType, entityName, summary, changes });

/** Migrated 0.20.x entries (src/legacy/ezswm.ts): the 0.20.x action and a record that is gone in their tails. */
function migratedForms(): [EntryFacts, string][] {
  const legacy = (action: EntryFacts['action'], kind: NonNullable<EntryFacts['entityType']>, name: string, on: string, tail: string) =>
    e(action, kind, name, `${action === 'create' ? 'Created' : action === 'delete' ? 'Deleted' : 'Updated'} ${kind} ${name}${on}${tail}`);
  return [
    [legacy('update', 'port', '1/1/25', ' on core-n1', ' (0.20.x: update_port)'), 'Port 1/1/25 an core-n1 (0.20.x: update_port) geändert'],
    [legacy('bulk_update', 'switch', 'acc-bib', '', ' (0.20.x: bulk_update_ports)'), 'Switch acc-bib (0.20.x: bulk_update_ports) geändert'],
    [legacy('update', 'vlan', 'VoIP', '', ''), 'VLAN VoIP geändert'],
    [legacy('create', 'switch', 'acc-hs2', '', ' (0.20.x: duplicate)'), 'Switch acc-hs2 (0.20.x: duplicate) angelegt'],
    [
      legacy('delete', 'range', '10.1.0.10 - 10.1.0.99', '', ' (legacy ip_range id 7gVkAE6d, no longer exists)'),
      'Bereich 10.1.0.10 - 10.1.0.99 (ip_range 7gVkAE6d aus 0.20.x, existiert nicht mehr) gelöscht',
    ],
  ];
}

// Summaries as the server writes them (the routes' own forms), with what German says for each (and English, where it
// spells a word as the rest of the UI does).
const FORMS: [EntryFacts, string, string?][] = [
  [e('create', 'site', 'Berlin HQ', 'Created site Berlin HQ'), 'Standort Berlin HQ angelegt'],
  [e('update', 'port', '5', 'Updated port 5 on core-1'), 'Port 5 an core-1 geändert'],
  [e('create', 'port', 'uplink', 'Created port uplink on core-1'), 'Port uplink an core-1 angelegt'],
  [e('delete', 'port', 'Gi1/0/9', 'Deleted port Gi1/0/9 on core-2'), 'Port Gi1/0/9 an core-2 gelöscht'],
  [e('create', 'switch', 'core-1', 'Created switch core-1 with 48 ports'), 'Switch core-1 mit 48 Ports angelegt'],
  [e('create', 'switch', 'core', 'Created switch core'), 'Switch core angelegt'],
  [
    e('create', 'switch', 'access-2', 'Created switch access-2 as a copy of access-1 with 16 ports and 1 LAG'),
    'Switch access-2 als Kopie von access-1 mit 16 Ports und 1 LAG angelegt',
  ],
  [
    e('create', 'switch', 'edge-9', 'Created switch edge-9 with 1 port from template 52 a member'),
    'Switch edge-9 mit 1 Port aus Vorlage 52 a member angelegt',
  ],
  [e('delete', 'switch', 'doomed', 'Deleted switch doomed and its 2 ports'), 'Switch doomed mit seinen 2 Ports gelöscht'],
  [
    e('delete', 'site', 'Doomed', 'Deleted site Doomed with 1 switch, 3 ports, 2 VLANs and 1 network'),
    'Standort Doomed mit 1 Switch, 3 Ports, 2 VLANs und 1 Netzwerk gelöscht',
  ],
  [e('create', 'vlan', 'Pure L2', 'Created vlan Pure L2 (VLAN 2)'), 'VLAN 2 (Pure L2) angelegt'],
  [e('update', 'vlan', 'Top', 'Updated vlan Top (VLAN 4094)'), 'VLAN 4094 (Top) geändert'],
  [
    e('delete', 'vlan', 'Office', 'Deleted vlan Office (VLAN 50) and took it off 4 ports, 2 networks and 1 switch (configured)'),
    'VLAN 50 (Office), das 4 Ports, 2 Netzwerke und 1 Switch (konfiguriert) nutzten, gelöscht',
  ],
  [
    e('delete', 'vlan', 'Office', 'Deleted vlan Office (VLAN 50) and took it off 4 ports, 1 LAG, 2 networks and 2 switches (configured)'),
    'VLAN 50 (Office), das 4 Ports, 1 LAG, 2 Netzwerke und 2 Switches (konfiguriert) nutzten, gelöscht',
  ],
  [e('update', 'network', 'Etag2', 'Updated network Etag2 (10.0.40.0/24)'), 'Netzwerk Etag2 (10.0.40.0/24) geändert'],
  [
    e('delete', 'network', 'Forced', 'Deleted network Forced (10.9.0.0/24) with 1 address and 1 range'),
    'Netzwerk Forced (10.9.0.0/24) mit 1 Adresse und 1 Bereich gelöscht',
  ],
  [e('create', 'address', '10.1.0.70', 'Created address 10.1.0.70 (web) in LAN'), 'Adresse 10.1.0.70 (web) in LAN angelegt'],
  [e('delete', 'address', '10.1.0.71', 'Deleted address 10.1.0.71 in LAN'), 'Adresse 10.1.0.71 in LAN gelöscht'],
  [
    e('create', 'address', '10.0.1.1', 'Created address 10.0.1.1 (printer) in Undo, the next free one'),
    'Adresse 10.0.1.1 (printer) in Undo, die nächste freie, angelegt',
  ],
  [
    e('create', 'range', '10.1.0.32-10.1.0.39', 'Created range 10.1.0.32-10.1.0.39 (static) in LAN'),
    'Bereich 10.1.0.32-10.1.0.39 (statisch) in LAN angelegt',
  ],
  [e('create', 'template', 'Access 24', 'Created template Access 24'), 'Vorlage Access 24 angelegt'],
  [
    e('create', 'template', 'EX2300', 'Created template EX2300 from a NetBox device type (2 interfaces skipped)'),
    'Vorlage EX2300 aus einem NetBox-Gerätetyp (2 Schnittstellen übersprungen) angelegt',
  ],
  [e('create', 'lag', 'Po1', 'Created LAG Po1 on acc-2 with 2 ports'), 'LAG Po1 an acc-2 mit 2 Ports angelegt'],
  [e('delete', 'lag', 'Po2', 'Deleted LAG Po2 on acc-3'), 'LAG Po2 an acc-3 gelöscht'],
  [e('bulk_update', 'switch', 'core-1', 'Updated 12 ports on core-1'), '12 Ports an core-1 geändert'],
  [e('bulk_update', 'switch', 'acc', 'Updated 1 port on acc'), '1 Port an acc geändert'],
  [e('update', 'switch', 'core-1', 'Made a public link to switch core-1'), 'Öffentlichen Link zu Switch core-1 erstellt'],
  [
    e('update', 'switch', 'core-1', 'Stored running configuration 3 of switch core-1 (fetched over SSH)'),
    'Laufende Konfiguration 3 von Switch core-1 gespeichert (über SSH abgerufen)',
  ],
  [
    e('update', 'switch', 'core-1', 'Stored running configuration 1 of switch core-1 (uploaded)'),
    'Laufende Konfiguration 1 von Switch core-1 gespeichert (hochgeladen)',
  ],
  [e('update', 'switch', 'core-1', 'Revoked a public link to switch core-1'), 'Öffentlichen Link zu Switch core-1 widerrufen'],
  [
    e('discovery', 'switch', 'acc-1', 'Applied 4 differences found by discovering 192.0.2.7 to acc-1'),
    '4 Unterschiede aus dem Auslesen von 192.0.2.7 an acc-1 übernommen',
  ],
  [
    e('import', 'vlan', null, 'Imported 2 vlans: 2 created, 0 updated, 0 unchanged'),
    '2 VLANs importiert: 2 angelegt, 0 geändert, 0 unverändert',
    'Imported 2 VLANs: 2 created, 0 updated, 0 unchanged',
  ],
  [
    e('import', 'site', null, 'Imported 1 site: 0 created, 1 updated, 0 unchanged'),
    '1 Standort importiert: 0 angelegt, 1 geändert, 0 unverändert',
  ],
  ...migratedForms(),
  [e('undo', 'port', '8', 'Undid: Updated port 8 on core-1'), 'Rückgängig gemacht: Port 8 an core-1 geändert'],
  [
    e('undo', 'switch', 'spare-1', 'Undid: Deleted switch spare-1 and its 2 ports'),
    'Rückgängig gemacht: Switch spare-1 mit seinen 2 Ports gelöscht',
  ],
];

describe('an activity entry in words', () => {
  it('says in English what the server wrote, for every form the server writes', () => {
    for (const [entry, , english] of FORMS) expect(entrySummary(entry)).toBe(english ?? entry.summary);
  });

  it('says a redo as a redo, not as an undo of an undo, and an undo of a redo as an undo', () => {
    const redo = e('undo', 'port', '8', 'Undid: Undid: Updated port 8 on core-1');
    expect(undoDepth(redo)).toBe(2);
    expect(entrySummary(redo)).toBe('Redid: Updated port 8 on core-1');
    expect(entrySummary({ ...redo, summary: `Undid: ${redo.summary}` })).toBe('Undid: Updated port 8 on core-1');
    expect(undoDepth(e('update', 'port', '8', 'Undid: x'))).toBe(0);
  });

  it('keeps the summary of a form it does not know: migrated history, unknown actions, a name the summary does not carry', () => {
    const kept = [
      e('update', 'port', '5', 'Port 5: VLAN changed (0.20.x)'),
      e('delete', 'switch', 'old-7', 'Deleted switch (legacy switch id old-7, no longer exists)'),
      e('migrate', null, null, 'Migrated from 0.20.x: 2 sites, 3 switches'),
      e('update', 'port', 'other', 'Updated port 5 on core-1'),
      e('create', 'switch', null, 'Created switch core'),
      e('bogus' as EntryFacts['action'], 'site', 'HQ', 'Created site HQ'),
      e('import', null, null, 'Imported a backup: …', { source: 'elsewhere', created: {}, merged: {} }),
    ];
    for (const entry of kept) expect(entrySummary(entry)).toBe(entry.summary);
    // An undo of such an entry still reads as an undo, or a redo, of the server's words.
    expect(entrySummary(e('undo', 'port', '5', 'Undid: Undid: Port 5: VLAN changed (0.20.x)'))).toBe(
      'Redid: Port 5: VLAN changed (0.20.x)',
    );
  });

  describe('in German', () => {
    beforeAll(() => setLanguage('de'));
    afterAll(() => setLanguage('en'));

    it('says every form of the server in German', () => {
      for (const [entry, german] of FORMS) expect(entrySummary(entry), entry.summary).toBe(german);
    });

    it('says a redo as a redo', () => {
      expect(entrySummary(e('undo', 'port', '8', 'Undid: Undid: Updated port 8 on core-1'))).toBe('Wiederholt: Port 8 an core-1 geändert');
    });

    it('words the head of what the migration fixed of a record, its details as the server wrote them', () => {
      const fixed = e(
        'migrate',
        'port',
        '1/1/30',
        "Migration fixed port 1/1/30 of switch acc-hs1: access_vlan 190 → none (VLAN 190 does not exist at the switch's site; dropped)",
      );
      expect(entrySummary(fixed)).toBe(
        "Migration hat Port 1/1/30 von Switch acc-hs1 korrigiert: access_vlan 190 → none (VLAN 190 does not exist at the switch's site; dropped)",
      );
      expect(entrySummary(e('migrate', 'vlan', '190 (Kiosk)', 'Migration fixed VLAN 190 (Kiosk): color "#fff" → "#22c55e" (taken)'))).toBe(
        'Migration hat VLAN 190 (Kiosk) korrigiert: color "#fff" → "#22c55e" (taken)',
      );
    });

    it('words what the migration fixed of a record from its changes: each field by its label, each reason by its form', () => {
      // Each fix: its field in the file's name and the API's, from, to, its reason, and the reason's form where it has one.
      const fixes: [string, string, unknown, unknown, string, { code: string; params: Record<string, string> }?][] = [
        [
          'access_vlan',
          'untaggedVlanId',
          190,
          null,
          "VLAN 190 does not exist at the switch's site; dropped",
          { code: 'vlan_not_at_site', params: { vid: '190' } },
        ],
        [
          'tagged_vlans',
          'taggedVlanIds',
          [20],
          [],
          'an access port carries no tagged VLANs; dropped',
          { code: 'access_no_tagged', params: {} },
        ],
        [
          'port_mode',
          'mode',
          'hybrid',
          'access',
          'is neither access nor trunk; the port is an access port',
          { code: 'mode_neither', params: {} },
        ],
        ['label', 'name', 'x', 'y', 'an odd reason'],
      ];
      const changes = {
        ...Object.fromEntries(fixes.map(([field, , from, to]) => [field, [from, to]])),
        reasons: Object.fromEntries(fixes.map(([field, , , , reason]) => [field, reason])),
        forms: Object.fromEntries(fixes.filter((fix) => fix[5]).map(([field, , , , , form]) => [field, form])),
        fields: Object.fromEntries(fixes.map(([field, api]) => [field, api])),
      };
      const fixed = e(
        'migrate',
        'port',
        '1/1/30',
        `Migration fixed port 1/1/30 of switch acc-hs1: access_vlan 190 → none (${fixes[0]![4]}); …`,
        changes,
      );
      expect(entrySummary(fixed)).toBe(
        'Migration hat Port 1/1/30 von Switch acc-hs1 korrigiert: Untagged VLAN 190 → — (VLAN 190 gibt es am Standort des Switches nicht; entfernt); ' +
          'Tagged VLANs 20 → — (ein Access-Port führt keine getaggten VLANs; entfernt); ' +
          'Modus hybrid → access (ist weder access noch trunk; der Port ist ein Access-Port); 1 weitere',
      );
    });

    it("words the migration's own entry from its counts", () => {
      const counts = { sites: 3, vlans: 11, networks: 12, switches: 9, ports: 557, addresses: 24, ranges: 9, templates: 3, lags: 4 };
      const migrate = e('migrate', null, null, 'Migrated the 0.20.x data: …', {
        counts: { ...counts, activity: 162, users: 2, usersSkipped: 0, publicLinks: 1, topologyPositions: 9 },
      });
      expect(entrySummary(migrate)).toBe(
        '0.20.x-Daten übernommen: 3 Standorte, 11 VLANs, 12 Netzwerke, 9 Switches, 557 Ports, 24 Adressen, 9 Bereiche, 3 Vorlagen, ' +
          '4 LAGs, 162 Aktivitätseinträge, 2 Benutzer, 1 öffentlicher Link, 9 Topologie-Positionen',
      );
    });

    it('words an import of a backup and a restore from their counts', () => {
      const counts = { sites: 2, vlans: 1, networks: 0, ranges: 0, templates: 0, switches: 1, lags: 0, ports: 48, addresses: 1200 };
      const merge = e('import', null, null, 'Imported a 0.20.x bundle: created …; merged …', {
        source: 'legacy',
        created: { ...counts, activity: 3 },
        merged: { ...counts, sites: 1, activity: 0 },
      });
      expect(entrySummary(merge)).toBe(
        'Aus einem 0.20.x-Paket importiert: angelegt 2 Standorte, 1 VLAN, 0 Netzwerke, 0 Bereiche, 0 Vorlagen, 1 Switch, 0 LAGs, 48 Ports, ' +
          '1.200 Adressen, 3 Aktivitätseinträge; zusammengeführt 1 Standort, 1 VLAN, 0 Netzwerke, 0 Bereiche, 0 Vorlagen, 1 Switch, 0 LAGs, ' +
          '48 Ports, 1.200 Adressen',
      );
      const netbox = e('import', null, null, 'Imported a NetBox bundle: created …; merged …', {
        source: 'netbox',
        created: { ...counts, activity: 0 },
        merged: { ...counts, sites: 0, switches: 0, activity: 0 },
      });
      expect(entrySummary(netbox)).toMatch(
        /^Aus einem NetBox-Bündel importiert: angelegt 2 Standorte, 1 VLAN, .*; zusammengeführt 0 Standorte, /,
      );
      const restore = e('restore', null, null, 'Restored the backup of …', {
        restored: { users: 2, ...counts, addresses: 0, activity: 10 },
        exportedAt: '2026-11-23T08:45:00.000Z',
      });
      const restoredAt = String.raw`\d\d\.\d\d\.2026, \d\d:\d\d`;
      expect(entrySummary(restore)).toMatch(
        new RegExp(
          `^Sicherung vom ${restoredAt} wiederhergestellt: 2 Benutzer, 2 Standorte, 1 VLAN, 0 Netzwerke, 0 Bereiche, 0 Vorlagen, ` +
            '1 Switch, 0 LAGs, 48 Ports, 0 Adressen, 10 Aktivitätseinträge$',
        ),
      );
      const converted = {
        ...restore,
        changes: { restored: counts, exportedAt: null, converted: { vlans: 3, networksFromSubnets: 4, undoLost: 5 } },
      };
      expect(entrySummary(converted)).toContain(
        'Sicherung (eine Sicherung von 0.26.0, umgewandelt: 3 Netzwerke wurden zu VLANs, 4 Subnetze zu Netzwerken, 5 Einträge',
      );
    });
  });
});
