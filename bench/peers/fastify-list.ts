// The peer: the switches list endpoint as a Fastify app would serve it, with the project's own query
// (listSwitches) and row mapping on the same database, so the comparison is framework against framework.
import '../../src/boot/silence-sqlite-warning.ts';
import Fastify from 'fastify';
import { openDatabase } from '../../src/db/open.ts';
import { listSwitches } from '../../src/db/switches.ts';
import { rowToApi } from '../../src/fields/field.ts';
import { SWITCH } from '../../src/fields/switches.ts';

const db = openDatabase(process.env.DATABASE_PATH!, { readOnly: true });
const app = Fastify({ logger: false });

app.get('/api/switches', async (request) => {
  const query = request.query as { limit?: string; offset?: string };
  const list = { limit: Math.min(Number(query.limit ?? 100), 500), offset: Number(query.offset ?? 0), sort: undefined, q: undefined };
  const { rows, total } = listSwitches(db, list, {});
  const items = rows.map((row) => ({ ...rowToApi(SWITCH, row as unknown as Record<string, unknown>), portCount: row.port_count }));
  return { items, total, limit: list.limit, offset: list.offset };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
