import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvToRecords, recordsToCsv } from './csv-layout.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const SW1 = '33333333-3333-4333-8333-333333333333';
const SW2 = '44444444-4444-4444-8444-444444444444';
const N10 = '55555555-5555-4555-8555-555555555555';
const N20 = '66666666-6666-4666-8666-666666666666';
const N21 = '77777777-7777-4777-8777-777777777777';
const P1 = '88888888-8888-4888-8888-888888888888';
const P2 = '99999999-9999-4999-8999-999999999999';
const T1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const L1 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const L2 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function seeded() {
  const db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  const t = '2026-01-01T00:00:00.000Z';
  db.exec(
    `INSERT INTO sites (id, name, created_at, updated_at) VALUES ('${S1}', 'HQ, main', '${t}', '${t}'), ('${S2}', 'Lab', '${t}', '${t}')`,
  );
  db.exec(
    `INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES ('${SW1}', '${S1}', 'core', '${t}', '${t}'), ` +
      `('${SW2}', '${S2}', 'edge', '${t}', '${t}')`,
  );
  db.exec(`INSERT INTO vlans (id, site_id, name, vid, color, created_at, updated_at) VALUES ('${N10}', '${S1}', 'a', 10, '#000001', '${t}', '${t}'),
    ('${N20}', '${S1}', 'b', 20, '#000002', '${t}', '${t}'), ('${N21}', '${S1}', 'c', 21, '#000003', '${t}', '${t}')`);
  return db;
}

describe('CSV layout', () => {
  it.each([
    ['site', 'id,name,description,address,notes'],
    ['vlan', 'id,site,vid,name,description,status,color'],
    ['network', 'id,site,vlan,name,subnet,gateway,dnsServers,description'],
    [
      'switch',
      'id,site,name,vendor,model,serialNumber,macAddress,managementIp,firmwareVersion,location,rackPosition,role,tags,status,' +
        'stackSize,template,poeBudgetWatts,configuredVlans,notes',
    ],
    [
      'port',
      'id,site,switch,name,position,unit,type,description,enabled,linkStatus,mode,untaggedVlan,taggedVlans,speed,poe,macAddress,' +
        'linkedSite,linkedSwitch,linkedPort,connectedDevice,connectedPort',
    ],
    ['address', 'id,site,network,address,hostname,macAddress,deviceType,status,description,switch,port'],
    ['range', 'id,site,network,start,end,kind,description'],
    ['lag', 'name,switch,mode,portMode,untaggedVlan,taggedVlans,members,remoteSwitch,remoteLag,description'],
    ['template', ''],
  ] as const)('%s columns', (kind, header) => {
    expect(csvHeader(kind).join(',')).toBe(header);
  });

  it('writes references as names, VLANs as numbers, VLAN lists as compact ranges and json fields by their codec', () => {
    const db = seeded();
    const port = {
      id: P1,
      switchId: SW1,
      name: 'Gi1/0/1',
      position: 1,
      unit: 2,
      type: 'sfp+',
      description: 'uplink, "main"',
      enabled: true,
      linkStatus: 'up',
      mode: 'trunk',
      untaggedVlanId: N10,
      taggedVlanIds: [N21, N20, N10],
      speed: '10G',
      poe: { type: '802.3at', maxWatts: 30 },
      macAddress: 'aa:bb:cc:dd:ee:ff',
      linkedPortId: P2,
      connectedDevice: null,
      connectedPort: null,
    };
    db.exec(
      `INSERT INTO ports (id, switch_id, name, position, created_at, updated_at) VALUES ('${P2}', '${SW2}', 'ge-0/0/1', 1, 't', 't')`,
    );
    expect(recordsToCsv(db, 'port', [port]).split('\r\n')[1]).toBe(
      `${P1},"HQ, main",core,Gi1/0/1,1,2,sfp+,"uplink, ""main""",true,up,trunk,10,"10;20-21",10G,802.3at/30,aa:bb:cc:dd:ee:ff,Lab,edge,ge-0/0/1,,`,
    );
    db.exec(`INSERT INTO templates (id, name, units, created_at, updated_at) VALUES ('${T1}', 'Stack, 48', '[]', 't', 't')`);
    const sw = {
      id: SW1,
      siteId: S1,
      name: 'core',
      tags: ['floor 2', 'core'],
      configuredVlanIds: [N20, N21],
      stackSize: 2,
      templateId: T1,
      role: 'core',
    };
    expect(recordsToCsv(db, 'switch', [sw]).split('\r\n')[1]).toBe(
      `${SW1},"HQ, main",core,,,,,,,,,core,"floor 2;core",,2,"Stack, 48",,20-21,`,
    );
    const network = { id: P1, siteId: S1, vlanId: N20, name: 'b', subnet: '10.0.0.0/24', dnsServers: ['10.0.0.53', '10.0.1.53'] };
    expect(recordsToCsv(db, 'network', [network]).split('\r\n')[1]).toBe(`${P1},"HQ, main",20,b,10.0.0.0/24,,"10.0.0.53;10.0.1.53",`);
  });

  it('writes a LAG with its switch, VLAN numbers, members by port name in the order given and its far end by names', () => {
    const db = seeded();
    const t = '2026-01-01T00:00:00.000Z';
    db.exec(`INSERT INTO ports (id, switch_id, name, position, created_at, updated_at) VALUES ('${P1}', '${SW1}', 'Gi1/0/1', 1, '${t}', '${t}'),
      ('${P2}', '${SW1}', 'Gi1/0/2', 2, '${t}', '${t}')`);
    db.exec(`INSERT INTO lags (id, switch_id, name, created_at, updated_at) VALUES ('${L2}', '${SW2}', 'ae0', '${t}', '${t}')`);
    const lag = {
      id: L1,
      switchId: SW1,
      name: 'Po1',
      mode: 'lacp-active',
      portMode: 'trunk',
      untaggedVlanId: N10,
      taggedVlanIds: [N21, N20],
      memberPortIds: [P1, P2],
      remoteLagId: L2,
      description: 'to edge, "ae0"',
    };
    const access = { ...lag, name: 'Po2', portMode: 'access', taggedVlanIds: [], remoteLagId: null, description: null };
    const lines = recordsToCsv(db, 'lag', [lag, access]).split('\r\n');
    expect(lines[0]).toBe('name,switch,mode,portMode,untaggedVlan,taggedVlans,members,remoteSwitch,remoteLag,description');
    expect(lines[1]).toBe('Po1,core,lacp-active,trunk,10,20-21,"Gi1/0/1;Gi1/0/2",edge,ae0,"to edge, ""ae0"""');
    expect(lines[2]).toBe('Po2,core,lacp-active,access,10,,"Gi1/0/1;Gi1/0/2",,,');
  });

  it('has no CSV for templates, and reads no LAG back', () => {
    expect(csvHeader('template')).toEqual([]);
    expect(csvToRecords('lag', 'name,switch\nPo1,core\n').faults).toEqual([
      { field: 'rows[1].name', message: 'LAGs are not imported from CSV' },
      { field: 'rows[1].switch', message: 'LAGs are not imported from CSV' },
    ]);
  });

  it('reads a port row back into typed values and names (an empty cell is null)', () => {
    const text =
      'id;site;switch;name;enabled;untaggedVlan;taggedVlans;poe;unit;macAddress\r\n;HQ;core;1;no;10;"10-12,30";802.3bt-type3/60;2;AABB.CCDD.EEFF\r\n';
    const { records, faults } = csvToRecords('port', text);
    expect(faults).toEqual([]);
    expect(records).toEqual([
      {
        row: 1,
        values: {
          id: null,
          site: 'HQ',
          switch: 'core',
          name: '1',
          enabled: false,
          untaggedVlan: 10,
          taggedVlans: [10, 11, 12, 30],
          poe: { type: '802.3bt-type3', maxWatts: 60 },
          unit: 2,
          macAddress: 'AABB.CCDD.EEFF',
        },
      },
    ]);
  });

  it('reads a switch row: tags and configured VLANs', () => {
    const { records, faults } = csvToRecords('switch', 'site,name,tags,configuredVlans\nHQ,core,a; b ;a,10-12;20\n');
    expect(faults).toEqual([]);
    expect(records[0].values).toEqual({ site: 'HQ', name: 'core', tags: ['a', 'b'], configuredVlans: [10, 11, 12, 20] });
  });

  it('names every bad cell by row and column, and unknown columns', () => {
    const text = 'name,vid,site,colour\nok,10,HQ,x\n\nbad,ten,HQ,x\n';
    const { faults } = csvToRecords('vlan', text);
    expect(faults.map((fault) => fault.field)).toEqual(['header.colour', 'rows[3].vid']);
    const ports = csvToRecords('port', 'name,untaggedVlan,taggedVlans,enabled,poe\na,10-11,1-5000,maybe,802.3zz\n');
    expect(ports.faults.map((fault) => fault.field)).toEqual([
      'rows[1].untaggedVlan',
      'rows[1].taggedVlans',
      'rows[1].enabled',
      'rows[1].poe',
    ]);
    const networks = csvToRecords('network', 'name,vlan,dnsServers\na,1;2,10.0.0.1;x\n');
    expect(networks.faults.map((fault) => fault.field)).toEqual(['rows[1].vlan', 'rows[1].dnsServers']);
  });

  it('reports a CSV syntax error with its row', () => {
    expect(csvToRecords('site', 'name\n"open\n').faults[0].field).toBe('rows[1]');
  });
});
