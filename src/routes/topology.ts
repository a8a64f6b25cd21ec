import type { Db } from '../db/open.ts';
import { getSite } from '../db/sites.ts';
import { topologyLinks, topologyNodes, type TopologyLinkRow } from '../db/read/topology.ts';
import { saveTopologyLayout, type GivenPosition } from '../domain/topology.ts';
import { COORDINATE_MAX, POSITIONS_MAX } from '../db/topology-positions.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { isPlainObject, isUuid, type JsonSchema } from '../fields/field.ts';
import { pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';

/** The routes of a site's topology: its switches and the links between them, and where each switch is drawn. */
export const TOPOLOGY_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/sites/:id/topology',
    access: 'viewer',
    handler: siteTopologyGet,
    summary:
      "A site's topology: its switches as nodes (by name, with role, port count and position, x/y null until placed) " +
      'and one edge per pair of its switches that are linked (a the lower switch id; the linked port pairs, the LAGs of those ports, ' +
      'trunk when a port of the pair is a trunk). Links to switches of other sites are not edges.',
    doc: { response: topologySchema() },
  },
  {
    method: 'PUT',
    path: '/api/sites/:id/topology-layout',
    access: 'editor',
    handler: siteTopologyLayoutPut,
    body: { accepts: 'json' },
    summary:
      'Store where switches of the site are drawn: { positions: { <switchId>: { x, y } } } (numbers from -1000000 to 1000000; ' +
      'null forgets a position); switches left out keep theirs. Layout, not inventory: no version, no activity entry. ' +
      'Answers the topology.',
    doc: {
      request: {
        type: 'object',
        required: ['positions'],
        additionalProperties: false,
        properties: {
          positions: {
            type: 'object',
            additionalProperties: { oneOf: [positionSchema(), { type: 'null' }] },
          },
        },
      },
      response: topologySchema(),
    },
  },
];

function siteTopologyGet(ctx: Ctx): Reply {
  const site = pathRow(ctx, 'site', getSite);
  return { body: topologyOf(ctx.app.db, site.id) };
}

function siteTopologyLayoutPut(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const site = pathRow(ctx, 'site', getSite);
  const positions = checkedPositions(ctx.body);
  saveTopologyLayout(db, site, positions);
  return { body: topologyOf(db, site.id) };
}

/** The positions of a layout body, each checked (400 with every fault). */
function checkedPositions(body: unknown): GivenPosition[] {
  const faults: FieldFault[] = [];
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be { positions: { <switchId>: { x, y } } }' }]);
  for (const key of Object.keys(body)) if (key !== 'positions') faults.push({ field: key, message: 'is not a field of a layout' });
  const { positions } = body;
  if (!isPlainObject(positions)) {
    faults.push({ field: 'positions', message: 'must be an object of { <switchId>: { x, y } }' });
    throw validationFailed(faults);
  }
  const entries = Object.entries(positions);
  if (entries.length > POSITIONS_MAX)
    throw validationFailed([{ field: 'positions', message: `must hold at most ${POSITIONS_MAX} switches` }]);
  const given: GivenPosition[] = [];
  for (const [key, value] of entries) {
    const field = `positions.${key.slice(0, 100)}`;
    if (!isUuid(key)) {
      faults.push({ field, message: 'must be keyed by a switch id (a UUID)' });
      continue;
    }
    const at = value === null ? null : coordinates(value, field, faults);
    if (at !== undefined) given.push({ switchId: key.toLowerCase(), at, field });
  }
  if (faults.length) throw validationFailed(faults);
  return given;
}

function coordinates(value: unknown, field: string, faults: FieldFault[]): { x: number; y: number } | undefined {
  if (!isPlainObject(value)) {
    faults.push({ field, message: 'must be { x, y }, or null to forget the position' });
    return undefined;
  }
  const before = faults.length;
  for (const key of Object.keys(value))
    if (key !== 'x' && key !== 'y') faults.push({ field: `${field}.${key}`, message: 'is not a field of a position' });
  for (const axis of ['x', 'y'] as const) {
    const n = value[axis];
    if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > COORDINATE_MAX)
      faults.push({ field: `${field}.${axis}`, message: `must be a number from -${COORDINATE_MAX} to ${COORDINATE_MAX}` });
  }
  if (faults.length > before) return undefined;
  // -0 is stored as 0: the same place.
  return { x: (value.x as number) + 0, y: (value.y as number) + 0 };
}

/** A site's topology as the API answers it. */
export function topologyOf(db: Db, siteId: string) {
  const nodes = topologyNodes(db, siteId).map((row) => ({
    switchId: row.id,
    name: row.name,
    role: row.role,
    portCount: row.port_count,
    x: row.x,
    y: row.y,
  }));
  return { nodes, edges: edgesOf(topologyLinks(db, siteId)) };
}

/** One edge per pair of linked switches, in the order the links come (by switch pair). */
function edgesOf(links: TopologyLinkRow[]) {
  const edges = new Map<string, { a: string; b: string; ports: [string, string][]; lagIds: string[]; trunk: boolean }>();
  for (const link of links) {
    const key = `${link.switch_a} ${link.switch_b}`;
    let edge = edges.get(key);
    if (!edge) {
      edge = { a: link.switch_a, b: link.switch_b, ports: [], lagIds: [], trunk: false };
      edges.set(key, edge);
    }
    edge.ports.push([link.port_a, link.port_b]);
    for (const lag of [link.lag_a, link.lag_b]) if (lag && !edge.lagIds.includes(lag)) edge.lagIds.push(lag);
    if (link.mode_a === 'trunk' || link.mode_b === 'trunk') edge.trunk = true;
  }
  return [...edges.values()];
}

function positionSchema(): JsonSchema {
  const coordinate = { type: 'number', minimum: -COORDINATE_MAX, maximum: COORDINATE_MAX };
  return { type: 'object', required: ['x', 'y'], additionalProperties: false, properties: { x: coordinate, y: coordinate } };
}

function topologySchema(): JsonSchema {
  const uuid = { type: 'string', format: 'uuid' };
  const coordinate = { type: ['number', 'null'] };
  return {
    type: 'object',
    required: ['nodes', 'edges'],
    properties: {
      nodes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['switchId', 'name', 'role', 'portCount', 'x', 'y'],
          properties: {
            switchId: uuid,
            name: { type: 'string' },
            role: { type: ['string', 'null'] },
            portCount: { type: 'integer' },
            x: coordinate,
            y: coordinate,
          },
        },
      },
      edges: {
        type: 'array',
        items: {
          type: 'object',
          required: ['a', 'b', 'ports', 'lagIds', 'trunk'],
          properties: {
            a: uuid,
            b: uuid,
            ports: { type: 'array', items: { type: 'array', items: uuid, minItems: 2, maxItems: 2 } },
            lagIds: { type: 'array', items: uuid },
            trunk: { type: 'boolean' },
          },
        },
      },
    },
  };
}
