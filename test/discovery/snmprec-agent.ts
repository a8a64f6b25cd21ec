// Serves .snmprec recordings from the test process on 127.0.0.1, as snmpsimd serves them: v2c with the community, v3
// (the SNMPSIM_V3 user, authPriv SHA and AES-128) with the context, each the file name without .snmprec; Get, GetNext
// and GetBulk answered from the recording's sorted OIDs; no answer to an unknown community or context, nor to what the
// privacy key does not decrypt. net-snmp's Agent does the transport and the v3 security; its MIB, made for providers
// rather than recorded instances, is left empty and its request handlers are replaced.
import type dgram from 'node:dgram';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import snmp from 'net-snmp';
import { freeUdpPort, SNMPSIM_V3 } from './snmpsim.ts';

/** A running simulated agent. */
export interface SimulatedAgent {
  port: number;
  /** What the agent reported (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}

/** A recording's varbinds in OID order, with their OIDs as numbers for the search. */
interface Recording {
  keys: number[][];
  varbinds: Varbind[];
}

interface Pdu {
  type: number;
  varbinds: Varbind[];
  nonRepeaters?: number;
  maxRepetitions?: number;
  contextName?: string;
  getResponsePduForRequest(): { varbinds: Varbind[] };
}

interface Message {
  version: number;
  community?: string;
  pdu: Pdu;
}

/** The parts of net-snmp's Agent this responder uses (its typings say `any`). */
interface NetSnmpAgent {
  listener: { sockets: Record<string, dgram.Socket> };
  getAuthorizer(): { addUser(user: object): void };
  sendResponse(socket: dgram.Socket, rinfo: dgram.RemoteInfo, message: Message, pdu: unknown): void;
  close(done: () => void): void;
  [handler: string]: unknown;
}

type Handler = (socket: dgram.Socket, message: Message, rinfo: dgram.RemoteInfo) => void;

/**
 * Serves every .snmprec of `dataDir` on a free port of 127.0.0.1. Like snmpsimd 0.4.5, it does not check the digest of
 * a v3 request (net-snmp's disableAuthorization): it answers a wrong auth key, signed with its own, and the reader
 * finds the answer's digest wrong. A community or context it has no recording for goes unanswered all the same.
 */
export async function startSnmprecAgent(dataDir: string): Promise<SimulatedAgent> {
  const recordings = readRecordings(dataDir);
  const log: string[] = [];
  const options = { port: await freeUdpPort(), address: '127.0.0.1', disableAuthorization: true };
  const agent: NetSnmpAgent = snmp.createAgent(options, (error: Error | null) => {
    if (error) log.push(error.message);
  });
  const socket = Object.values(agent.listener.sockets)[0]!;
  const stop = () => new Promise<void>((done) => agent.close(() => done()));
  try {
    await listening(socket);
  } catch (error) {
    await stop();
    throw error;
  }
  agent.getAuthorizer().addUser({
    name: SNMPSIM_V3.user,
    level: snmp.SecurityLevel.authPriv,
    authProtocol: snmp.AuthProtocols.sha,
    authKey: SNMPSIM_V3.authKey,
    privProtocol: snmp.PrivProtocols.aes,
    privKey: SNMPSIM_V3.privKey,
  });
  const answer: Handler = (requestSocket, message, rinfo) => answerFromRecording(agent, recordings, requestSocket, message, rinfo);
  for (const handler of ['getRequest', 'getNextRequest', 'getBulkRequest', 'onProxyRequest']) agent[handler] = answer;
  return { port: socket.address().port, output: () => log.join('\n'), stop };
}

function listening(socket: dgram.Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the recordings agent did not bind within 5 s')), 5000);
    socket.once('listening', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function answerFromRecording(
  agent: NetSnmpAgent,
  recordings: Map<string, Recording>,
  socket: dgram.Socket,
  message: Message,
  rinfo: dgram.RemoteInfo,
): void {
  const recording = recordings.get((message.version === snmp.Version3 ? message.pdu.contextName : message.community) ?? '');
  if (!recording) return;
  const response = message.pdu.getResponsePduForRequest();
  const varbinds = answerOf(recording, message.pdu);
  if (!varbinds) return;
  response.varbinds = varbinds;
  agent.sendResponse(socket, rinfo, message, response);
}

function answerOf(recording: Recording, request: Pdu): Varbind[] | undefined {
  switch (request.type) {
    case snmp.PduType.GetRequest:
      return request.varbinds.map((varbind) => exactly(recording, varbind.oid));
    case snmp.PduType.GetNextRequest:
      return request.varbinds.map((varbind) => after(recording, varbind.oid));
    case snmp.PduType.GetBulkRequest:
      return bulk(recording, request);
    default:
      return undefined;
  }
}

function exactly(recording: Recording, oid: string): Varbind {
  const key = oidKey(oid);
  const index = firstAtOrAfter(recording, key);
  const found = recording.varbinds[index];
  if (found && compareKeys(recording.keys[index]!, key) === 0) return found;
  return { oid, type: snmp.ObjectType.NoSuchInstance, value: null };
}

function after(recording: Recording, oid: string): Varbind {
  const key = oidKey(oid);
  let index = firstAtOrAfter(recording, key);
  if (index < recording.keys.length && compareKeys(recording.keys[index]!, key) === 0) index++;
  return recording.varbinds[index] ?? { oid, type: snmp.ObjectType.EndOfMibView, value: null };
}

/** RFC 3416 4.2.3: the non-repeaters once, then the repeaters' successors up to max-repetitions times or all at the end. */
function bulk(recording: Recording, request: Pdu): Varbind[] {
  const nonRepeaters = Math.min(Math.max(request.nonRepeaters ?? 0, 0), request.varbinds.length);
  const answer = request.varbinds.slice(0, nonRepeaters).map((varbind) => after(recording, varbind.oid));
  let cursors = request.varbinds.slice(nonRepeaters).map((varbind) => varbind.oid);
  for (let repetition = 0; repetition < (request.maxRepetitions ?? 0) && cursors.length > 0; repetition++) {
    const row = cursors.map((oid) => after(recording, oid));
    answer.push(...row);
    if (row.every((varbind) => varbind.type === snmp.ObjectType.EndOfMibView)) break;
    cursors = row.map((varbind) => varbind.oid);
  }
  return answer;
}

function firstAtOrAfter(recording: Recording, key: number[]): number {
  let low = 0;
  let high = recording.keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareKeys(recording.keys[middle]!, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function oidKey(oid: string): number[] {
  return oid.replace(/^\./, '').split('.').map(Number);
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Every .snmprec of a folder by its name without .snmprec. */
function readRecordings(dataDir: string): Map<string, Recording> {
  const recordings = new Map<string, Recording>();
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.snmprec'))) {
    recordings.set(file.slice(0, -'.snmprec'.length), recordingOf(readFileSync(join(dataDir, file), 'latin1')));
  }
  return recordings;
}

/** snmpsim's format: `oid|tag|value` a line, stripped; a tag ending in x has its value in hex. */
function recordingOf(text: string): Recording {
  const varbinds = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(varbindOf)
    .map((varbind) => ({ key: oidKey(varbind.oid), varbind }))
    .sort((a, b) => compareKeys(a.key, b.key));
  return { keys: varbinds.map(({ key }) => key), varbinds: varbinds.map(({ varbind }) => varbind) };
}

function varbindOf(line: string): Varbind {
  const [oid = '', tag = '', ...rest] = line.split('|');
  const text = rest.join('|');
  const hex = tag.endsWith('x');
  const type = SNMPREC_TYPES[hex ? tag.slice(0, -1) : tag];
  if (type === undefined) throw new Error(`.snmprec tag ${tag} of ${oid} is not one the recordings agent serves`);
  return { oid: oid.replace(/^\./, ''), type, value: recordedValue(type, text, hex ? Buffer.from(text, 'hex') : undefined) };
}

const SNMPREC_TYPES: Record<string, number> = {
  2: snmp.ObjectType.Integer,
  4: snmp.ObjectType.OctetString,
  5: snmp.ObjectType.Null,
  6: snmp.ObjectType.OID,
  64: snmp.ObjectType.IpAddress,
  65: snmp.ObjectType.Counter32,
  66: snmp.ObjectType.Gauge32,
  67: snmp.ObjectType.TimeTicks,
  70: snmp.ObjectType.Counter64,
};

/** A value as net-snmp writes it; `hexBytes` when the recording gives it in hex. */
function recordedValue(type: number, text: string, hexBytes: Buffer | undefined): unknown {
  switch (type) {
    case snmp.ObjectType.OctetString:
      return hexBytes ?? Buffer.from(text, 'latin1');
    case snmp.ObjectType.Null:
      return null;
    case snmp.ObjectType.OID:
      return text.replace(/^\./, '');
    case snmp.ObjectType.IpAddress:
      return hexBytes ? [...hexBytes].join('.') : text;
    case snmp.ObjectType.Counter64:
      return unsignedBer(BigInt(text));
    default:
      return Number(text);
  }
}

/** net-snmp writes a Counter64 as the content octets it is given: BER's shortest unsigned form. */
function unsignedBer(value: bigint): Buffer {
  const hex = value.toString(16);
  const even = hex.length % 2 === 0 ? hex : `0${hex}`;
  return Buffer.from(Number.parseInt(even[0]!, 16) >= 8 ? `00${even}` : even, 'hex');
}
