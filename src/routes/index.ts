import type { Route } from '../router.ts';
import { AUTH_ROUTES } from './auth.ts';
import { HEALTH_ROUTES } from './health.ts';
import { TOKEN_ROUTES } from './tokens.ts';
import { USER_ROUTES } from './users.ts';

/** Every API route, in one list: each file's route table, in the order they are documented. */
export const ALL_ROUTES: Route[] = [
  ...HEALTH_ROUTES,
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...TOKEN_ROUTES,
];
