import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// The shape of src/ that docs/ARCHITECTURE.md draws, read from the import lines of every module: the rooms and what
// each may import ("What may import what"), route files that import no other route file, no import cycles, and one
// module that decodes SQLite's result codes. The table below is the document's; change both together.

const SRC = join(import.meta.dirname, '..', '..', 'src');

interface Room {
  /** A folder of src/ (`db`), or `server.ts`. */
  room: string;
  /** The rooms it may import, each below it in ROOMS; `*`: every room. */
  rooms: readonly string[];
  /** Single modules of other rooms it may import (`metrics/request-stats.ts`). */
  modules?: readonly string[];
  /** Modules of other rooms whose types (and only types: `import type`) it may name. */
  types?: readonly string[];
}

/** ARCHITECTURE.md's table, top to bottom: a room imports only rooms below it. */
const ROOMS: readonly Room[] = [
  { room: 'server.ts', rooms: ['*'] },
  { room: 'ui', rooms: ['fields', 'lib'], modules: ['discovery/observed.ts', 'legacy/types.ts'] },
  { room: 'cli', rooms: ['boot', 'db', 'errors', 'lib'] },
  { room: 'agent', rooms: ['boot', 'discovery', 'errors', 'lib'] },
  { room: 'boot', rooms: ['db', 'legacy', 'errors', 'lib'] },
  {
    room: 'routes',
    rooms: [
      'http',
      'webhooks',
      'auth',
      'domain',
      'db',
      'fields',
      'import',
      'legacy',
      'switch-config',
      'discovery',
      'metrics',
      'errors',
      'lib',
    ],
  },
  {
    room: 'http',
    rooms: ['auth', 'db', 'fields', 'errors', 'lib'],
    modules: ['metrics/request-stats.ts'],
    types: ['discovery/observed.ts', 'domain/save.ts', 'metrics/poll-stats.ts'],
  },
  { room: 'webhooks', rooms: ['discovery', 'db', 'fields', 'errors', 'lib'] },
  { room: 'auth', rooms: ['db', 'errors', 'lib'] },
  { room: 'import', rooms: ['domain', 'db', 'fields', 'legacy', 'errors', 'lib'] },
  { room: 'legacy', rooms: ['domain', 'db', 'fields', 'errors', 'lib'] },
  { room: 'discovery', rooms: ['domain', 'db', 'fields', 'switch-config', 'errors', 'lib'] },
  { room: 'metrics', rooms: ['db', 'lib'] },
  { room: 'domain', rooms: ['db', 'fields', 'switch-config', 'errors', 'lib'] },
  { room: 'db', rooms: ['fields', 'errors', 'lib'], types: ['switch-config/model.ts'] },
  { room: 'switch-config', rooms: ['lib'], types: ['discovery/observed.ts'] },
  { room: 'fields', rooms: ['errors', 'lib'] },
  { room: 'errors', rooms: [] },
  { room: 'lib', rooms: [] },
];

/** The config and the logger are made once at start and passed down: their types may be named in every room. */
const TYPES_ANYWHERE = ['boot/config.ts', 'boot/log.ts'];

/** The SNMP readers and decoders (bundled apart as dist/discovery.js): lib/ only, besides each other. */
const SNMP_READER = /^discovery\/(mib-[a-z-]+|snmp-session|read-switch|observed|target)\.ts$/;

/** The only module (and its test) that may read SQLite's result codes. */
const SQLITE_DECODER = ['db/sqlite-errors.ts', 'db/sqlite-errors.test.ts'];

/** The storage's shared modules (the activity log's SQL among them): of db/, the only ones a kind's SQL file may import (types aside). */
const STORAGE_SHARED = [
  'db/open.ts',
  'db/images.ts',
  'db/resource-sql.ts',
  'db/list-query.ts',
  'db/record-json.ts',
  'db/ip-keys.ts',
  'db/search-index.ts',
  'db/sqlite-errors.ts',
  'db/storage-probe.ts',
  'db/activity.ts',
];

/** The read models (search, checks, topology, the export's reads): above the storage, which imports none of them. */
const READ_MODELS = 'db/read/';

interface Import {
  /** The module imported, relative to src/ (`db/open.ts`), or a package (`node:fs`). */
  target: string;
  /** `import type`, or every name imported marked `type`: erased, so no edge at run time. */
  typeOnly: boolean;
  /** `import('…')`: loaded when first needed. */
  dynamic: boolean;
}

// An import or re-export up to its `from '…'` (names, braces and `type` marks; never `=`, `(` or `;`), a bare
// `import '…'`, and `import('…')` not preceded by `typeof` (which names a type).
const FROM = /^\s*(?:import|export)\s+(type\s+)?([^;'"()=]*?)\s*from\s*'([^']+)'/gm;
const BARE = /^\s*import\s*'([^']+)'/gm;
const DYNAMIC = /(?<!typeof\s+)\bimport\(\s*'([^']+)'\s*\)/g;

function importsOf(file: string, text: string): Import[] {
  const resolve = (spec: string) => (spec.startsWith('.') ? posix.join(posix.dirname(file), spec) : spec);
  const found: Import[] = [];
  for (const [, typeKeyword, names, spec] of text.matchAll(FROM)) {
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    const marked = braced?.[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .every((name) => name.startsWith('type '));
    found.push({ target: resolve(spec), typeOnly: Boolean(typeKeyword) || Boolean(marked), dynamic: false });
  }
  for (const [, spec] of text.matchAll(BARE)) found.push({ target: resolve(spec), typeOnly: false, dynamic: false });
  for (const [, spec] of text.matchAll(DYNAMIC)) found.push({ target: resolve(spec), typeOnly: false, dynamic: true });
  return found;
}

/** Every .ts file of src/, relative to it, with its text and its imports. */
const FILES = (readdirSync(SRC, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts'))
  .sort()
  .map((path) => {
    const text = readFileSync(join(SRC, path), 'utf8');
    return { path, text, imports: importsOf(path, text) };
  });

/** The modules: tests set up what they need and are held to none of the rooms. */
const MODULES = FILES.filter((file) => !file.path.endsWith('.test.ts'));

const roomOf = (path: string) => (path.includes('/') ? path.split('/')[0] : path);
const isSource = (target: string) => target.endsWith('.ts') && !target.startsWith('node:') && !target.startsWith('..');

describe('the import lines', () => {
  it("are all read: each `from '…'` ending a line of a module belongs to an import or re-export found", () => {
    for (const file of FILES) {
      const lines = [...file.text.matchAll(/\bfrom\s*'[^']+';?\s*$/gm)].length;
      expect([...file.text.matchAll(FROM)].length, file.path).toBe(lines);
    }
  });
});

describe('the rooms of src/', () => {
  it('are listed so that each imports only rooms below it, and every folder of src/ is one of them', () => {
    const order = ROOMS.map((entry) => entry.room);
    for (const [index, entry] of ROOMS.entries())
      for (const room of entry.rooms) if (room !== '*') expect(order.indexOf(room), `${entry.room} -> ${room}`).toBeGreaterThan(index);
    expect([...new Set(FILES.map((file) => roomOf(file.path)))].sort()).toEqual([...order].sort());
  });

  it('import only what ARCHITECTURE.md says each may import', () => {
    const wrong: string[] = [];
    for (const file of MODULES) {
      const from = roomOf(file.path);
      const entry = ROOMS.find((candidate) => candidate.room === from)!;
      for (const { target, typeOnly } of file.imports) {
        if (!isSource(target)) {
          if (target.startsWith('..')) wrong.push(`${file.path} imports ${target}, outside src/`);
          continue;
        }
        const to = roomOf(target);
        if (to === from || entry.rooms.includes('*') || entry.rooms.includes(to) || entry.modules?.includes(target)) continue;
        if (typeOnly && (TYPES_ANYWHERE.includes(target) || entry.types?.includes(target))) continue;
        wrong.push(`${file.path} imports ${typeOnly ? 'types of ' : ''}${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keep the SNMP readers and decoders to lib/ and each other, so that the reader's bundle holds nothing else", () => {
    const wrong = MODULES.filter((file) => SNMP_READER.test(file.path)).flatMap((file) =>
      file.imports
        .filter(({ target }) => isSource(target) && roomOf(target) !== 'lib' && !SNMP_READER.test(target))
        .map(({ target }) => `${file.path} imports ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('give the UI nothing that imports node: modules, however far down', () => {
    const byPath = new Map(MODULES.map((file) => [file.path, file]));
    const seen = new Set<string>();
    const wrong: string[] = [];
    const visit = (path: string, via: string[]) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const { target, typeOnly } of byPath.get(path)?.imports ?? []) {
        if (typeOnly) continue;
        if (target.startsWith('node:')) wrong.push([...via, path, target].join(' -> '));
        else if (isSource(target)) visit(target, [...via, path]);
      }
    };
    for (const file of MODULES) if (roomOf(file.path) === 'ui') visit(file.path, []);
    expect(seen.size).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

describe('the route files', () => {
  it('import no other route file, only their own schemas (index.ts, the table of tables, excepted)', () => {
    const wrong: string[] = [];
    for (const file of MODULES) {
      if (roomOf(file.path) !== 'routes' || file.path === 'routes/index.ts') continue;
      const own = file.path.startsWith('routes/schemas/') ? undefined : `routes/schemas/${posix.basename(file.path)}`;
      for (const { target } of file.imports) {
        if (!isSource(target) || roomOf(target) !== 'routes' || target === own) continue;
        // A schema may build on another schema, never on a route file.
        if (file.path.startsWith('routes/schemas/') && target.startsWith('routes/schemas/')) continue;
        wrong.push(`${file.path} imports ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the modules of src/', () => {
  it('import one another without cycles (types and loads on first use aside)', () => {
    const edges = new Map(
      MODULES.map((file) => [
        file.path,
        file.imports
          .filter((imported) => !imported.typeOnly && !imported.dynamic && isSource(imported.target))
          .map((imported) => imported.target),
      ]),
    );
    // Tarjan's strongly connected components: any of more than one module is a cycle.
    const cycles: string[][] = [];
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const connect = (path: string) => {
      index.set(path, index.size);
      low.set(path, index.get(path)!);
      stack.push(path);
      onStack.add(path);
      for (const next of edges.get(path) ?? []) {
        if (!edges.has(next)) continue;
        if (!index.has(next)) {
          connect(next);
          low.set(path, Math.min(low.get(path)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(path, Math.min(low.get(path)!, index.get(next)!));
      }
      if (low.get(path) !== index.get(path)) return;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== path);
      if (component.length > 1) cycles.push(component.sort());
    };
    for (const path of edges.keys()) if (!index.has(path)) connect(path);
    expect(cycles).toEqual([]);
  });

  it("keep each kind's SQL in db/ apart: it imports of db/ only the storage's shared modules, never a sibling kind", () => {
    const wrong: string[] = [];
    for (const file of MODULES) {
      if (roomOf(file.path) !== 'db' || file.path.startsWith(READ_MODELS)) continue;
      for (const { target, typeOnly } of file.imports) {
        if (typeOnly || roomOf(target) !== 'db' || target.startsWith(READ_MODELS) || STORAGE_SHARED.includes(target)) continue;
        wrong.push(`${file.path} imports ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('give the read models of db/read/ a room above the storage: nothing else of db/ imports them', () => {
    const wrong = MODULES.filter((file) => roomOf(file.path) === 'db' && !file.path.startsWith(READ_MODELS)).flatMap((file) =>
      file.imports.filter(({ target }) => target.startsWith(READ_MODELS)).map(({ target }) => `${file.path} imports ${target}`),
    );
    expect(MODULES.some((file) => file.path.startsWith(READ_MODELS))).toBe(true);
    expect(wrong).toEqual([]);
  });

  it('read SQLite result codes (errcode, ERR_SQLITE_*) in db/sqlite-errors.ts only', () => {
    const readers = FILES.filter((file) => /errcode|ERR_SQLITE/.test(file.text)).map((file) => file.path);
    expect(readers.filter((path) => !SQLITE_DECODER.includes(path))).toEqual([]);
    expect(readers).toContain('db/sqlite-errors.ts');
  });
});
