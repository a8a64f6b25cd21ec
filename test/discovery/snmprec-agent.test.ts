// The recordings agent on its own, with what the discovery's reads do not show: each .snmprec type decoded as snmpsim
// decodes it, OIDs ordered by number whatever the file's order, GetBulk with non-repeaters and several repeaters, and
// silence for a community or context it has no recording for. (The discovery's reads through it: read-switch.test.ts,
// librenms-fixtures.test.ts; each compared with snmpsimd's where snmpsimd is installed.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import snmp from 'net-snmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from './snmprec-agent.ts';
import { SNMPSIM_V3 } from './snmpsim.ts';

const LAB = [
  '1.3.6.1.2.1.1.1.0|4|lab switch',
  '1.3.6.1.2.1.1.2.0|6|.1.3.6.1.4.1.9.1.1208',
  '1.3.6.1.2.1.2.2.1.1.10|2|10',
  '1.3.6.1.2.1.2.2.1.1.9|2|9',
  '1.3.6.1.2.1.2.2.1.6.9|4x|001a2b3c4d09',
  '1.3.6.1.2.1.2.2.1.7.9|2|-1',
  '1.3.6.1.2.1.4.20.1.1.10.0.0.1|64|10.0.0.1',
  '1.3.6.1.2.1.31.1.1.1.6.9|70|18446744073709551615',
  '1.3.6.1.2.1.31.1.1.1.6.10|70|9007199254740993',
  '1.3.6.1.2.1.31.1.1.1.15.9|66|1000',
];

interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}

type Session = ReturnType<typeof snmp.createSession>;

function v2c(port: number, community: string): Session {
  return snmp.createSession('127.0.0.1', community, { port, version: snmp.Version2c, retries: 0, timeout: 500 });
}

function v3(port: number, context: string): Session {
  const { user, authKey, privKey } = SNMPSIM_V3;
  const credentials = { name: user, level: snmp.SecurityLevel.authPriv, authProtocol: snmp.AuthProtocols.sha, authKey, privKey };
  return snmp.createV3Session(
    '127.0.0.1',
    { ...credentials, privProtocol: snmp.PrivProtocols.aes },
    { port, retries: 0, timeout: 500, context },
  );
}

/** The answer of one request on a session of its own, or the error it failed with; the session is closed after. */
function ask<T>(session: Session, send: (session: Session, done: (error: Error | null, answer: T) => void) => void): Promise<T | Error> {
  return new Promise((resolve) => {
    send(session, (error, answer) => {
      session.close();
      resolve(error ?? answer);
    });
  });
}

const get = (session: Session, oids: string[]) => ask<Varbind[]>(session, (open, done) => open.get(oids, done as never));
const getBulk = (session: Session, oids: string[], nonRepeaters: number, maxRepetitions: number) =>
  ask<(Varbind | Varbind[])[]>(session, (open, done) => open.getBulk(oids, nonRepeaters, maxRepetitions, done as never));

const oidsOf = (varbinds: Varbind[]) => varbinds.map((varbind) => varbind.oid);

describe('the recordings agent', () => {
  const folder = mkdtempSync(join(tmpdir(), 'switchyard-snmprec-'));
  let agent: SimulatedAgent;

  beforeAll(async () => {
    writeFileSync(join(folder, 'lab.snmprec'), `${LAB.join('\n')}\n`);
    agent = await startSnmprecAgent(folder);
  });

  afterAll(async () => {
    await agent?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves each .snmprec type as snmpsim decodes it, and noSuchInstance (as snmpsimd) for an OID it has not recorded', async () => {
    const oids = LAB.map((line) => line.split('|')[0]!);
    const answer = (await get(v2c(agent.port, 'lab'), [...oids, '1.3.6.1.2.1.1.5.0'])) as Varbind[];
    expect(answer.map(({ type, value }) => [type, Buffer.isBuffer(value) ? value.toString('hex') : value])).toEqual([
      [snmp.ObjectType.OctetString, Buffer.from('lab switch').toString('hex')],
      [snmp.ObjectType.OID, '1.3.6.1.4.1.9.1.1208'],
      [snmp.ObjectType.Integer, 10],
      [snmp.ObjectType.Integer, 9],
      [snmp.ObjectType.OctetString, '001a2b3c4d09'],
      [snmp.ObjectType.Integer, -1],
      [snmp.ObjectType.IpAddress, '10.0.0.1'],
      [snmp.ObjectType.Counter64, '00ffffffffffffffff'],
      [snmp.ObjectType.Counter64, '20000000000001'],
      [snmp.ObjectType.Gauge32, 1000],
      [snmp.ObjectType.NoSuchInstance, null],
    ]);
  });

  it('answers GetBulk as RFC 3416 orders it: the non-repeaters once, then the repeaters in OID order by number, to the end', async () => {
    const answer = await getBulk(v2c(agent.port, 'lab'), ['1.3.6.1.2.1.1.1.0', '1.3.6.1.2.1.2.2.1.1', '1.3.6.1.2.1.31.1.1.1.6.10'], 1, 3);
    const [nonRepeater, first, second] = answer as [Varbind, Varbind[], Varbind[]];
    expect(nonRepeater.oid).toBe('1.3.6.1.2.1.1.2.0');
    expect(oidsOf(first)).toEqual(['1.3.6.1.2.1.2.2.1.1.9', '1.3.6.1.2.1.2.2.1.1.10', '1.3.6.1.2.1.2.2.1.6.9']);
    expect(second.map((varbind) => varbind.type)).toEqual([
      snmp.ObjectType.Gauge32,
      snmp.ObjectType.EndOfMibView,
      snmp.ObjectType.EndOfMibView,
    ]);
  });

  it('reads a recording over v3 with its name as the context, as over v2c', async () => {
    expect(await get(v3(agent.port, 'lab'), ['1.3.6.1.2.1.2.2.1.1.9'])).toEqual(
      await get(v2c(agent.port, 'lab'), ['1.3.6.1.2.1.2.2.1.1.9']),
    );
  });

  it.each([
    ['a community', () => v2c(agent.port, 'lab@10')],
    ['a v3 context', () => v3(agent.port, 'lab@10')],
  ])('does not answer %s it has no recording for', async (_, session) => {
    expect(await get(session(), ['1.3.6.1.2.1.1.1.0'])).toMatchObject({ name: 'RequestTimedOutError' });
  });
});
