import { describe, expect, it } from 'vitest';
import { addAddress, addRange } from '../../../test/helpers/ipam-db.ts';
import {
  addLag,
  addNetwork,
  addPort,
  addSite,
  addSwitch,
  addVlan,
  freshDb,
  linkPorts,
} from '../../../test/fixtures/config/inventory-db.ts';
import { runChecks } from './checks.ts';
import type { Db } from '../open.ts';

// GET /api/checks runs the rules that the write paths refuse (fields/rules.ts) over the stored rows: data written
// before a rule existed, or by another tool (raw SQL here), is found as broken_rule, naming the record and the field.
// (VLAN numbers need no finding: the schema's CHECK holds them to 1-4094.)

function site(db: Db) {
  const hq = addSite(db, 'HQ');
  const lab = addSite(db, 'Lab');
  const users = addVlan(db, hq, { name: 'users', vid: 10 });
  const labVlan = addVlan(db, lab, { name: 'lab', vid: 30 });
  const core = addSwitch(db, hq, { name: 'core' });
  const edge = addSwitch(db, hq, { name: 'edge' });
  const net = addNetwork(db, hq, { name: 'users', subnet: '10.0.10.0/24', gateway: '10.0.10.1', vlan: users });
  return { hq, users, labVlan, core, edge, net };
}

const brokenRules = (db: Db) => runChecks(db).filter((finding) => finding.kind === 'broken_rule');
const run = (db: Db, sql: string, ...params: (string | number)[]) => db.prepare(sql).run(...params);

describe('the broken_rule finding', () => {
  it('finds nothing in data that every write path would take', () => {
    const db = freshDb();
    const { core, edge, users, net } = site(db);
    linkPorts(
      db,
      addPort(db, core, { name: '1', mode: 'trunk', tagged: [users] }),
      addPort(db, edge, { name: '1', mode: 'trunk', tagged: [users] }),
    );
    addAddress(db, net, '10.0.10.5');
    addRange(db, net, '10.0.10.100', '10.0.10.150', 'dhcp');
    expect(brokenRules(db)).toEqual([]);
  });

  it.each<[string, (db: Db, ids: ReturnType<typeof site>) => string, string]>([
    [
      "a port's unit beyond its switch's stack",
      (db, { edge }) => {
        const port = addPort(db, edge, { name: '9' });
        run(db, 'UPDATE ports SET unit = 3 WHERE id = ?', port);
        return port;
      },
      "unit: must be at most the switch's stackSize (1)",
    ],
    [
      "a port's VLAN of another site",
      (db, { edge, labVlan }) => {
        const port = addPort(db, edge, { name: '9' });
        run(db, 'UPDATE ports SET untagged_vlan_id = ? WHERE id = ?', labVlan, port);
        return port;
      },
      'untagged VLAN: VLAN 30 (lab) of site Lab belongs to another site',
    ],
    [
      "a LAG's tagged VLAN of another site",
      (db, { edge, labVlan, users }) => {
        const members = [addPort(db, edge, { name: '7', mode: 'trunk' }), addPort(db, edge, { name: '8', mode: 'trunk' })];
        const lag = addLag(db, edge, { name: 'Po1', portMode: 'trunk', tagged: [users], members });
        run(db, 'INSERT INTO lag_tagged_vlans (lag_id, vlan_id) VALUES (?, ?)', lag, labVlan);
        return lag;
      },
      'belongs to another site',
    ],
    [
      'a link that does not link back',
      (db, { core, edge }) => {
        const far = addPort(db, edge, { name: '9' });
        const port = addPort(db, core, { name: '9' });
        run(db, 'UPDATE ports SET linked_port_id = ? WHERE id = ?', far, port);
        return port;
      },
      'does not link back to this port',
    ],
    [
      'a LAG pair that does not pair back',
      (db, { core, edge }) => {
        const near = addLag(db, core, { name: 'Po1', members: [addPort(db, core, { name: '7' }), addPort(db, core, { name: '8' })] });
        const far = addLag(db, edge, { name: 'Po1', members: [addPort(db, edge, { name: '7' }), addPort(db, edge, { name: '8' })] });
        run(db, 'UPDATE lags SET remote_lag_id = ? WHERE id = ?', far, near);
        return near;
      },
      'remote LAG: LAG',
    ],
    [
      'a console port as a LAG member',
      (db, { edge }) => {
        const members = [addPort(db, edge, { name: '7' }), addPort(db, edge, { name: '8' })];
        const lag = addLag(db, edge, { name: 'Po1', members });
        run(db, "UPDATE ports SET type = 'console' WHERE id = ?", members[1]);
        return lag;
      },
      'members: port "8" is a console port, which cannot be a LAG member',
    ],
    [
      'a LAG of fewer than two members',
      (db, { edge }) => addLag(db, edge, { name: 'Po1', members: [addPort(db, edge, { name: '7' })] }),
      'members: must name two or more ports of switch edge',
    ],
    [
      "an address on a port of another site's switch",
      (db, { net }) => {
        const port = addPort(db, addSwitch(db, addSite(db, 'Branch'), { name: 'branch' }), { name: '1' });
        const address = addAddress(db, net, '10.0.10.7');
        run(db, 'UPDATE addresses SET port_id = ? WHERE id = ?', port, address);
        return address;
      },
      'port: port',
    ],
    [
      'a gateway outside its subnet',
      (db, { net }) => {
        run(db, "UPDATE networks SET gateway = '10.9.0.1' WHERE id = ?", net);
        return net;
      },
      'gateway: must be an address inside 10.0.10.0/24',
    ],
    [
      'an address outside its subnet',
      (db, { net }) => {
        const address = addAddress(db, net, '10.0.10.6');
        run(db, "UPDATE addresses SET address = '10.0.11.6' WHERE id = ?", address);
        return address;
      },
      'address: must be an address inside 10.0.10.0/24',
    ],
  ])('finds %s, written as another tool would', (_, write, message) => {
    const db = freshDb();
    const id = write(db, site(db));
    const found = brokenRules(db);
    expect(found, JSON.stringify(found)).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', entities: [{ id }] });
    expect(found[0].message).toContain(message);
  });
});
