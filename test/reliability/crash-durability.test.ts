// Crash durability: clients write while the server is killed with SIGKILL at a random moment, 20 times over.
// After every kill: PRAGMA integrity_check is ok, every acknowledged change is there with its activity entry,
// and a change that got no answer is either wholly there with its entry or wholly absent.
// Each client owns its own records and writes them one request at a time, so the expected state is exact.
// Repeat a schedule with CRASH_SEED=<seed printed in the test name>.
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { api, freshDataDir, setupAdmin, startServer, type ApiAnswer, type TestServer } from '../helpers/server.ts';
import { integrityCheck, openReadOnly } from '../helpers/db.ts';
import { expectStatus } from './helpers/fixtures.ts';
import { pick, seededRandom, seedFrom } from './helpers/random.ts';
import { missingRoutes } from './helpers/routes.ts';
import { getOrMake } from '../../src/lib/memo.ts';

const SEED = seedFrom('CRASH_SEED');
const KILLS = 20;
const CLIENTS = 4;
const PORTS_PER_SWITCH = 6;
/** The load runs for a random time in this range before the kill. */
const LOAD_MS = [150, 1200] as const;
/** How many acknowledged changes of each round are also checked through the API after the restart (all are checked in the database). */
const API_SAMPLE = 12;

const NEEDED = [
  'POST /api/sites',
  'DELETE /api/sites/:id',
  'POST /api/switches',
  'GET /api/switches/:id',
  'PATCH /api/switches/:id',
  'DELETE /api/switches/:id',
  'PATCH /api/ports/:id',
  'GET /api/ports/:id',
  'PATCH /api/switches/:id/ports',
  'GET /api/activity',
];

type Op =
  | { kind: 'createSite'; name: string }
  | { kind: 'createSwitch'; name: string }
  | { kind: 'patchPort'; portId: string; token: string }
  | { kind: 'patchSwitch'; switchId: string; token: string }
  | { kind: 'bulk'; switchId: string; portIds: string[]; token: string }
  | { kind: 'deleteSite'; siteId: string }
  | { kind: 'deleteSwitch'; switchId: string };

interface SiteModel {
  id: string;
  name: string;
  owner: number;
  exists: boolean;
}
interface SwitchModel {
  id: string;
  name: string;
  owner: number;
  exists: boolean;
  notes: string | null;
  portIds: string[] | undefined;
}
interface PortModel {
  id: string;
  switchId: string;
  description: string | null;
}
/** An acknowledged change and the activity entry it must have: its entity, action and (for updates) the value set. */
interface Acked {
  round: number;
  entityId: string;
  action: string;
  token?: string;
  op: Op['kind'];
}

/** The state the test knows for certain: what acknowledged answers said. */
const model = {
  sites: new Map<string, SiteModel>(),
  switches: new Map<string, SwitchModel>(),
  ports: new Map<string, PortModel>(),
  acked: [] as Acked[],
};
const counts = { acknowledged: 0, lost: 0, lostApplied: 0, lostAbsent: 0, kills: 0, dbChecks: 0, apiChecks: 0 };
/** Where the time went (ms), printed with the counts. */
const spent = { load: 0, dbCheck: 0, restart: 0, apiCheck: 0 };
const unexpected: string[] = [];

let token = '';
let sharedSiteId = '';
let server: TestServer | undefined;

/** A client's next change, chosen among what it can do with the records it owns. */
function nextOp(random: () => number, client: number, round: number, n: number): Op {
  const token = `r${round}c${client}n${n}-${Math.floor(random() * 1e9).toString(36)}`;
  const switches = [...model.switches.values()].filter((s) => s.owner === client && s.exists && s.portIds);
  const sites = [...model.sites.values()].filter((s) => s.owner === client && s.exists);
  const roll = random();
  if (switches.length === 0 || roll < 0.12) return { kind: 'createSwitch', name: `sw-${token}` };
  if (roll < 0.2) return { kind: 'createSite', name: `site-${token}` };
  if (roll < 0.27 && sites.length) return { kind: 'deleteSite', siteId: pick(random, sites).id };
  if (roll < 0.32 && switches.length > 1) return { kind: 'deleteSwitch', switchId: pick(random, switches).id };
  const sw = pick(random, switches);
  if (roll < 0.5) return { kind: 'patchSwitch', switchId: sw.id, token };
  if (roll < 0.7) return { kind: 'bulk', switchId: sw.id, portIds: sw.portIds!, token };
  return { kind: 'patchPort', portId: pick(random, sw.portIds!), token };
}

function requestOf(op: Op): { method: string; path: string; body?: unknown; status: number } {
  switch (op.kind) {
    case 'createSite':
      return { method: 'POST', path: '/api/sites', body: { name: op.name }, status: 201 };
    case 'createSwitch':
      return {
        method: 'POST',
        path: '/api/switches',
        body: { siteId: sharedSiteId, name: op.name, portCount: PORTS_PER_SWITCH },
        status: 201,
      };
    case 'patchPort':
      return { method: 'PATCH', path: `/api/ports/${op.portId}`, body: { description: op.token }, status: 200 };
    case 'patchSwitch':
      return { method: 'PATCH', path: `/api/switches/${op.switchId}`, body: { notes: op.token }, status: 200 };
    case 'bulk':
      return {
        method: 'PATCH',
        path: `/api/switches/${op.switchId}/ports`,
        body: { portIds: op.portIds, set: { description: op.token } },
        status: 200,
      };
    case 'deleteSite':
      return { method: 'DELETE', path: `/api/sites/${op.siteId}`, status: 204 };
    case 'deleteSwitch':
      return { method: 'DELETE', path: `/api/switches/${op.switchId}`, status: 204 };
  }
}

/** Puts an acknowledged (or, after a kill, found-applied) change into the model. */
function applyOp(op: Op, client: number, round: number, createdId?: string): void {
  const ack = (entityId: string, action: string, token?: string): void => {
    model.acked.push({ round, entityId, action, token, op: op.kind });
  };
  switch (op.kind) {
    case 'createSite':
      model.sites.set(createdId!, { id: createdId!, name: op.name, owner: client, exists: true });
      return ack(createdId!, 'create');
    case 'createSwitch':
      model.switches.set(createdId!, { id: createdId!, name: op.name, owner: client, exists: true, notes: null, portIds: undefined });
      return ack(createdId!, 'create');
    case 'patchPort':
      model.ports.get(op.portId)!.description = op.token;
      return ack(op.portId, 'update', op.token);
    case 'patchSwitch':
      model.switches.get(op.switchId)!.notes = op.token;
      return ack(op.switchId, 'update', op.token);
    case 'bulk':
      for (const id of op.portIds) model.ports.get(id)!.description = op.token;
      return ack(op.switchId, 'bulk_update', op.token);
    case 'deleteSite':
      model.sites.get(op.siteId)!.exists = false;
      return ack(op.siteId, 'delete');
    case 'deleteSwitch': {
      const sw = model.switches.get(op.switchId)!;
      sw.exists = false;
      for (const id of sw.portIds ?? []) model.ports.delete(id);
      return ack(op.switchId, 'delete');
    }
  }
}

function learnPorts(switchId: string, portIds: string[]): void {
  model.switches.get(switchId)!.portIds = portIds;
  for (const id of portIds) model.ports.set(id, { id, switchId, description: null });
}

/** One client: writes until a request gets no answer (the server was killed); returns that request, if any. */
async function runClient(baseUrl: string, client: number, round: number, random: () => number): Promise<Op | undefined> {
  for (let n = 0; ; n++) {
    const op = nextOp(random, client, round, n);
    const request = requestOf(op);
    let answer: ApiAnswer;
    try {
      answer = await api(baseUrl, request.method, request.path, { token, body: request.body });
    } catch {
      counts.lost++;
      return op;
    }
    if (answer.status !== request.status) {
      unexpected.push(`${request.method} ${request.path} → ${answer.status} ${answer.text.slice(0, 300)}`);
      continue;
    }
    counts.acknowledged++;
    applyOp(op, client, round, answer.body?.id);
    if (op.kind === 'createSwitch') {
      // A read, not a change: losing it to the kill leaves the port ids to be learnt from the database.
      try {
        const read = await api(baseUrl, 'GET', `/api/switches/${answer.body.id}`, { token });
        learnPorts(
          answer.body.id,
          (read.body.ports as { id: string }[]).map((port) => port.id),
        );
      } catch {
        return undefined;
      }
    }
  }
}

// ---- checks in the database file, right after the kill, before anything opens it for writing ----

const statements = new WeakMap<DatabaseSync, Map<string, ReturnType<DatabaseSync['prepare']>>>();

/** A prepared statement of the checking connection, prepared once. */
function sql(db: DatabaseSync, text: string) {
  const prepared = getOrMake(statements, db, () => new Map<string, ReturnType<DatabaseSync['prepare']>>());
  return getOrMake(prepared, text, () => db.prepare(text));
}

const ENTITY_TYPE: Record<Op['kind'], string> = {
  createSite: 'site',
  deleteSite: 'site',
  createSwitch: 'switch',
  deleteSwitch: 'switch',
  patchSwitch: 'switch',
  bulk: 'switch',
  patchPort: 'port',
};

function entryCount(db: DatabaseSync, kind: Op['kind'], entityId: string, action: string, token?: string): number {
  const row = sql(
    db,
    'SELECT count(*) AS n FROM activity WHERE entity_type = ? AND entity_id = ? AND action = ? AND (? IS NULL OR instr(changes, ?) > 0)',
  ).get(ENTITY_TYPE[kind], entityId, action, token ?? null, token ?? null);
  return (row as { n: number }).n;
}

function tokenEntries(db: DatabaseSync, token: string): number {
  return (sql(db, 'SELECT count(*) AS n FROM activity WHERE instr(changes, ?) > 0').get(token) as { n: number }).n;
}

/** Decides whether the change that got no answer was applied, checking it is all there or all absent; updates the model. */
function resolveLost(db: DatabaseSync, op: Op, client: number, round: number): void {
  const fail = (message: string) => unexpected.push(`round ${round}, unacknowledged ${op.kind}: ${message}`);
  const applied = (yes: boolean) => (yes ? counts.lostApplied++ : counts.lostAbsent++);
  switch (op.kind) {
    case 'createSite':
    case 'createSwitch': {
      const table = op.kind === 'createSite' ? 'sites' : 'switches';
      const row = sql(db, `SELECT id FROM ${table} WHERE name = ?`).get(op.name) as { id: string } | undefined;
      applied(Boolean(row));
      if (!row) {
        const orphans = (sql(db, 'SELECT count(*) AS n FROM activity WHERE entity_name = ?').get(op.name) as { n: number }).n;
        if (orphans) fail(`absent, but ${orphans} activity entries name it`);
        return;
      }
      if (entryCount(db, op.kind, row.id, 'create') !== 1) fail(`present without exactly one create entry`);
      applyOp(op, client, round, row.id);
      if (op.kind === 'createSwitch') {
        const ports = sql(db, 'SELECT id FROM ports WHERE switch_id = ? ORDER BY position').all(row.id) as { id: string }[];
        if (ports.length !== PORTS_PER_SWITCH) fail(`switch present with ${ports.length} of ${PORTS_PER_SWITCH} ports`);
        learnPorts(
          row.id,
          ports.map((port) => port.id),
        );
      }
      return;
    }
    case 'patchPort':
    case 'patchSwitch': {
      const [table, column, id] = op.kind === 'patchPort' ? ['ports', 'description', op.portId] : ['switches', 'notes', op.switchId];
      const value = (sql(db, `SELECT ${column} AS v FROM ${table} WHERE id = ?`).get(id) as { v: string | null }).v;
      const entries = tokenEntries(db, op.token);
      applied(value === op.token);
      if (value === op.token && entries !== 1) fail(`applied with ${entries} entries`);
      if (value !== op.token && entries !== 0) fail(`not applied, but ${entries} entries carry its value`);
      if (value === op.token) applyOp(op, client, round);
      return;
    }
    case 'bulk': {
      const values = op.portIds.map((id) => (sql(db, 'SELECT description AS v FROM ports WHERE id = ?').get(id) as { v: string | null }).v);
      const done = values.filter((value) => value === op.token).length;
      const entries = tokenEntries(db, op.token);
      applied(done > 0);
      if (done !== 0 && done !== op.portIds.length) fail(`half applied: ${done} of ${op.portIds.length} ports`);
      if (done > 0 && entries !== 1) fail(`applied with ${entries} entries`);
      if (done === 0 && entries !== 0) fail(`not applied, but ${entries} entries carry its value`);
      if (done > 0) applyOp(op, client, round);
      return;
    }
    case 'deleteSite':
    case 'deleteSwitch': {
      const [table, id] = op.kind === 'deleteSite' ? ['sites', op.siteId] : ['switches', op.switchId];
      const gone = !sql(db, `SELECT 1 AS x FROM ${table} WHERE id = ?`).get(id);
      const entries = entryCount(db, op.kind, id, 'delete');
      applied(gone);
      if (gone !== (entries === 1)) fail(`${gone ? 'gone' : 'present'} with ${entries} delete entries`);
      if (op.kind === 'deleteSwitch') {
        const ports = (sql(db, 'SELECT count(*) AS n FROM ports WHERE switch_id = ?').get(id) as { n: number }).n;
        if (gone && ports) fail(`switch gone but ${ports} of its ports remain`);
      }
      if (gone) applyOp(op, client, round);
    }
  }
}

/** Compares every record the model knows with the database, and finds every acknowledged change's entry. */
function checkModel(db: DatabaseSync, round: number): void {
  const fail = (message: string) => unexpected.push(`round ${round}: ${message}`);
  for (const site of model.sites.values()) {
    counts.dbChecks++;
    const present = Boolean(sql(db, 'SELECT 1 AS x FROM sites WHERE id = ?').get(site.id));
    if (present !== site.exists) fail(`site ${site.name} ${present ? 'is back' : 'is lost'}`);
  }
  for (const sw of model.switches.values()) {
    counts.dbChecks++;
    const row = sql(db, 'SELECT notes FROM switches WHERE id = ?').get(sw.id) as { notes: string | null } | undefined;
    if (Boolean(row) !== sw.exists) fail(`switch ${sw.name} ${row ? 'is back' : 'is lost'}`);
    else if (row && row.notes !== sw.notes) fail(`switch ${sw.name} notes ${row.notes}, acknowledged ${sw.notes}`);
    if (sw.exists && !sw.portIds) {
      learnPorts(
        sw.id,
        (sql(db, 'SELECT id FROM ports WHERE switch_id = ? ORDER BY position').all(sw.id) as { id: string }[]).map((p) => p.id),
      );
    }
  }
  for (const port of model.ports.values()) {
    counts.dbChecks++;
    const row = sql(db, 'SELECT description FROM ports WHERE id = ?').get(port.id) as { description: string | null } | undefined;
    if (!row) fail(`port ${port.id} is lost`);
    else if (row.description !== port.description) fail(`port ${port.id} description ${row.description}, acknowledged ${port.description}`);
  }
  for (const ack of model.acked) {
    counts.dbChecks++;
    if (entryCount(db, ack.op, ack.entityId, ack.action, ack.token) < 1)
      fail(`acknowledged ${ack.op} of ${ack.entityId} (round ${ack.round}) has no ${ack.action} entry`);
  }
  // No change without its entry: every stored record was touched by at least one entry.
  for (const [table, type] of [
    ['sites', 'site'],
    ['switches', 'switch'],
    ['ports', 'port'],
  ]) {
    // An entry names its own entity in activity.entity_id and links the others in activity_entities.
    const orphans = (
      sql(
        db,
        `SELECT count(*) AS n FROM ${table} t
      WHERE NOT EXISTS (SELECT 1 FROM activity_entities e WHERE e.entity_type = ? AND e.entity_id = t.id)
        AND NOT EXISTS (SELECT 1 FROM activity a WHERE a.entity_type = ? AND a.entity_id = t.id)`,
      ).get(type, type) as { n: number }
    ).n;
    if (orphans) fail(`${orphans} ${table} without any activity entry`);
  }
}

// ---- checks through the API after the restart ----

async function checkThroughApi(baseUrl: string, round: number, random: () => number): Promise<void> {
  const acked = model.acked.filter((ack) => ack.round === round);
  const sample = acked.length <= API_SAMPLE ? acked : Array.from({ length: API_SAMPLE }, () => pick(random, acked));
  for (const ack of sample) {
    counts.apiChecks++;
    const history = await api(baseUrl, 'GET', `/api/activity?entityId=${ack.entityId}&limit=500`, { token });
    const found = (history.body.items as { action: string; changes: unknown }[]).some(
      (entry) => entry.action === ack.action && (ack.token === undefined || JSON.stringify(entry.changes).includes(ack.token)),
    );
    if (!found)
      unexpected.push(
        `round ${round}: GET /api/activity?entityId=${ack.entityId} lacks the ${ack.action} entry of an acknowledged ${ack.op}`,
      );
    const path =
      ack.op === 'patchPort'
        ? `/api/ports/${ack.entityId}`
        : ack.op.endsWith('Site')
          ? `/api/sites/${ack.entityId}`
          : `/api/switches/${ack.entityId}`;
    const entity = await api(baseUrl, 'GET', path, { token });
    const exists =
      ack.op === 'patchPort'
        ? model.ports.has(ack.entityId)
        : ack.op.endsWith('Site')
          ? model.sites.get(ack.entityId)!.exists
          : model.switches.get(ack.entityId)!.exists;
    if (entity.status !== (exists ? 200 : 404))
      unexpected.push(`round ${round}: GET ${path} → ${entity.status}, expected ${exists ? 200 : 404}`);
    if (ack.op === 'patchPort' && entity.status === 200 && entity.body.description !== model.ports.get(ack.entityId)!.description) {
      unexpected.push(
        `round ${round}: GET ${path} description ${entity.body.description}, acknowledged ${model.ports.get(ack.entityId)!.description}`,
      );
    }
  }
}

afterAll(async () => {
  await server?.stop('SIGKILL');
});

describe('crash durability', () => {
  it(`keeps every acknowledged change through ${KILLS} SIGKILLs (seed ${SEED})`, async () => {
    expect(missingRoutes(NEEDED), 'routes this test needs').toEqual([]);
    const random = seededRandom(SEED);
    const dataDir = freshDataDir();
    server = await startServer({ dataDir });
    ({ token } = await setupAdmin(server.baseUrl));
    sharedSiteId = expectStatus(
      await api(server.baseUrl, 'POST', '/api/sites', { token, body: { name: 'crash site' } }),
      201,
      'shared site',
    ).body.id;

    for (let round = 0; round < KILLS; round++) {
      let mark = performance.now();
      const lap = (phase: keyof typeof spent) => {
        const now = performance.now();
        spent[phase] += now - mark;
        mark = now;
      };
      const running = server;
      const clients = Array.from({ length: CLIENTS }, (_, client) =>
        runClient(running.baseUrl, client, round, seededRandom(Math.floor(random() * 2 ** 31))),
      );
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS[0] + random() * (LOAD_MS[1] - LOAD_MS[0])));
      await running.stop('SIGKILL');
      counts.kills++;
      const lost = await Promise.all(clients);
      lap('load');

      expect(integrityCheck(dataDir), `integrity after kill ${round + 1}`).toBe('ok');
      const db = openReadOnly(dataDir);
      try {
        lost.forEach((op, client) => op && resolveLost(db, op, client, round));
        checkModel(db, round);
      } finally {
        db.close();
      }
      lap('dbCheck');
      server = await startServer({ dataDir });
      lap('restart');
      await checkThroughApi(server.baseUrl, round, random);
      lap('apiCheck');
      expect(unexpected, `seed ${SEED}`).toEqual([]);
    }
    expect(integrityCheck(dataDir)).toBe('ok');
    console.log(
      `crash durability (seed ${SEED}): ${counts.acknowledged} acknowledged writes, ${counts.kills} kills, ` +
        `${counts.lost} writes without an answer (${counts.lostApplied} found applied whole, ${counts.lostAbsent} absent), ` +
        `${counts.dbChecks} database checks, ${counts.apiChecks} API checks, ${model.acked.length} activity entries verified; ` +
        `ms spent: ${JSON.stringify(Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])))}`,
    );
    expect(counts.acknowledged).toBeGreaterThan(KILLS * CLIENTS);
  }, 120_000);
});
