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

function seeded() {
  const db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  const t = '2026-01-01T00:00:00.000Z';
  db.exec(
    `INSERT INTO sites (id, name, created_at, updated_at) VALUES ('${S1}', 'HQ, main', '${t}', '${t}'), ('${S2}', 'Lab', '${t}', '${t}')`,
  );
  db.exec(
    `INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES ('${SW1}', '${S1}', 'core', '${t}', '${t}'), ('${SW2}', '${S2}', 'edge', '${t}', '${t}')`,
  );
  db.exec(`INSERT INTO networks (id, site_id, name, vlan_id, created_at, updated_at) VALUES ('${N10}', '${S1}', 'a', 10, '${t}', '${t}'),
    ('${N20}', '${S1}', 'b', 20, '${t}', '${t}'), ('${N21}', '${S1}', 'c', 21, '${t}', '${t}')`);
  return db;
}

describe('CSV layout', () => {
  it.each([
    ['site', 'id,name,description,address,notes'],
    ['network', 'id,site,name,vlanId,subnet,gateway,description,color'],
    ['switch', 'id,site,name,vendor,model,serialNumber,macAddress,managementIp,firmwareVersion,location,status,notes'],
    [
      'port',
      'id,site,switch,name,position,description,enabled,mode,untaggedVlan,taggedVlans,speed,poe,linkedSite,linkedSwitch,linkedPort,connectedDevice',
    ],
  ] as const)('%s columns', (kind, header) => {
    expect(csvHeader(kind).join(',')).toBe(header);
  });

  it('writes references as names and VLAN lists as compact ranges', () => {
    const db = seeded();
    const port = {
      id: P1,
      switchId: SW1,
      name: 'Gi1/0/1',
      position: 1,
      description: 'uplink, "main"',
      enabled: true,
      mode: 'trunk',
      untaggedNetworkId: N10,
      taggedNetworkIds: [N21, N20, N10],
      speed: '10G',
      poe: false,
      linkedPortId: P2,
      connectedDevice: null,
    };
    db.exec(
      `INSERT INTO ports (id, switch_id, name, position, created_at, updated_at) VALUES ('${P2}', '${SW2}', 'ge-0/0/1', 1, 't', 't')`,
    );
    expect(recordsToCsv(db, 'port', [port]).split('\r\n')[1]).toBe(
      `${P1},"HQ, main",core,Gi1/0/1,1,"uplink, ""main""",true,trunk,10,"10;20-21",10G,false,Lab,edge,ge-0/0/1,`,
    );
  });

  it('reads a port row back into typed values and names', () => {
    const text = 'id;site;switch;name;enabled;untaggedVlan;taggedVlans;poe\r\nX;HQ;core;1;no;10;"10-12,30";yes\r\n';
    const { records, faults } = csvToRecords('port', text);
    expect(faults).toEqual([]);
    expect(records).toEqual([
      {
        row: 1,
        values: { site: 'HQ', switch: 'core', name: '1', enabled: false, untaggedVlan: 10, taggedVlans: [10, 11, 12, 30], poe: true },
      },
    ]);
  });

  it('names every bad cell by row and column, and unknown columns', () => {
    const text = 'name,vlanId,site,colour\nok,10,HQ,x\n\nbad,ten,HQ,x\nbad2,5000,HQ,x\n';
    const { faults } = csvToRecords('network', text);
    expect(faults.map((fault) => fault.field)).toEqual(['header.colour', 'rows[3].vlanId']);
    const ports = csvToRecords('port', 'name,untaggedVlan,taggedVlans,enabled\na,10-11,1-5000,maybe\n');
    expect(ports.faults.map((fault) => fault.field)).toEqual(['rows[1].untaggedVlan', 'rows[1].taggedVlans', 'rows[1].enabled']);
  });

  it('reports a CSV syntax error with its row', () => {
    expect(csvToRecords('site', 'name\n"open\n').faults[0].field).toBe('rows[1]');
  });
});
