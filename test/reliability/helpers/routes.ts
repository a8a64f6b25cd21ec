import type { Access, Route } from '../../../src/http/route.ts';
import { ALL_ROUTES } from '../../../src/routes/index.ts';

/** Every route the server has at run time: the suite is generated from this table. */
export const ROUTES: readonly Route[] = ALL_ROUTES;

/** The access levels a route may declare; anything else fails the role matrix. */
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'viewer', 'editor', 'admin', 'agent'];

/** Methods that change something. */
export const MUTATING_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** `METHOD /path/:param` of a route, for test names and lookups. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The `:name` parameters of a route pattern, each with the path segment before it (`sites` for `/api/sites/:id`). */
export function pathParams(path: string): { name: string; collection: string }[] {
  const segments = path.split('/');
  return segments.flatMap((segment, index) =>
    segment.startsWith(':') ? [{ name: segment.slice(1), collection: segments[index - 1] ?? '' }] : [],
  );
}

/** The route pattern with every parameter replaced by `pick(param)`, inserted as given (the caller encodes). */
export function fillPath(path: string, pick: (param: { name: string; collection: string }) => string): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => (segment.startsWith(':') ? pick({ name: segment.slice(1), collection: segments[index - 1] ?? '' }) : segment))
    .join('/');
}

/** The routes of `keys` (`POST /api/sites`) that are not in the table, for a clear failure instead of a 404 later. */
export function missingRoutes(keys: readonly string[]): string[] {
  const present = new Set(ROUTES.map(routeKey));
  return keys.filter((key) => !present.has(key));
}
