// Group commit: the writes of concurrent requests share one COMMIT, and no answer goes out before the COMMIT
// that made its change durable. Checked from a separate connection (as another process sees the file) at the
// moment each answer arrives.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { openReadOnly } from '../helpers/db.ts';
import { seedInventory, type Inventory } from './helpers/fixtures.ts';

const CONCURRENT = 48;

const server = useTestServer();
const { call } = server;
let inventory: Inventory;

beforeAll(async () => {
  inventory = await seedInventory(server.baseUrl, server.token, { prefix: 'group', vlans: 1, switches: 1, portsPerSwitch: CONCURRENT });
});

describe('concurrent writes', () => {
  it('each acknowledged change, with its activity entry, is committed when its answer arrives', async () => {
    const outside = openReadOnly(server.dataDir);
    const portIds = inventory.portIds[0];
    const descriptionOf = outside.prepare('SELECT description FROM ports WHERE id = ?');
    const entriesOf = outside.prepare("SELECT count(*) AS n FROM activity WHERE entity_id = ? AND action = 'update'");
    const seen: string[] = [];
    try {
      await Promise.all(
        portIds.map(async (portId, index) => {
          const description = `group write ${index}`;
          const answer = await call('PATCH', `/api/ports/${portId}`, { body: { description } });
          expect(answer.status).toBe(200);
          // Read at once, before any other answer is awaited: the outside connection sees only committed data.
          expect((descriptionOf.get(portId) as { description: string }).description).toBe(description);
          expect((entriesOf.get(portId) as { n: number }).n).toBe(1);
          seen.push(portId);
        }),
      );
    } finally {
      outside.close();
    }
    expect(seen).toHaveLength(CONCURRENT);
  });

  it('a write refused inside a group leaves the others of the group committed', async () => {
    const [first, second, third] = inventory.portIds[0];
    const taken = (await call('GET', `/api/ports/${third}`)).body.name;
    const answers = await Promise.all([
      call('PATCH', `/api/ports/${first}`, { body: { description: 'kept' } }),
      // Refused inside its transaction: the name of another port of the switch (409), after its description.
      call('PATCH', `/api/ports/${second}`, { body: { description: 'dropped', name: taken } }),
      call('GET', `/api/ports/${first}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 409, 200]);
    const outside = openReadOnly(server.dataDir);
    try {
      expect(outside.prepare('SELECT description FROM ports WHERE id = ?').get(first)).toEqual({ description: 'kept' });
      expect(outside.prepare('SELECT description FROM ports WHERE id = ?').get(second)).toEqual({ description: 'group write 1' });
    } finally {
      outside.close();
    }
  });
});
