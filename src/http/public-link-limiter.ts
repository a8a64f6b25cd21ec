// Public links are opened without signing in, so each client may open only so many in a while: at most
// PUBLIC_LINK_LIMIT requests to /api/p/<token> in any PUBLIC_LINK_WINDOW_MS per client (clientKey of client.ts:
// an IPv6 client per /64), found or not; the next gets 429 with Retry-After until the oldest of
// them is out of the window. A printed label is scanned a few times a day, a guesser needs billions of tries
// (tokens carry 192 bits or more): the limit only keeps a script from turning the public page into load. The
// counts live in memory (a restart forgets them) and never hold more than MAX_CLIENTS clients.
import { HttpError } from '../errors/http-error.ts';
import { clientKey } from './client.ts';

/** Requests one client may make to public links in one window. */
export const PUBLIC_LINK_LIMIT = 60;
/** The window of the limit. */
export const PUBLIC_LINK_WINDOW_MS = 60 * 1000;
/** Most clients counted at once; the one seen least recently is forgotten first. */
const MAX_CLIENTS = 10_000;

/** Lets a public-link request through or refuses it with 429. */
export interface PublicLinkLimiter {
  /** Counts a request of this client address; 429 too_many_requests (with Retry-After) when it is over the limit. */
  take(address: string): void;
}

/** The limiter of one server. */
export function createPublicLinkLimiter(
  clock: () => number = Date.now,
  limit = PUBLIC_LINK_LIMIT,
  windowMs = PUBLIC_LINK_WINDOW_MS,
): PublicLinkLimiter {
  // Per client, the times of its requests in the window, oldest first. A Map iterates in insertion order: a
  // client is moved to the end at each request, so the first key is the one seen least recently.
  const clients = new Map<string, number[]>();
  return {
    take(address) {
      const key = clientKey(address);
      const now = clock();
      const times = (clients.get(key) ?? []).filter((at) => at > now - windowMs);
      clients.delete(key);
      if (times.length >= limit) {
        clients.set(key, times);
        const retryAfterS = Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000));
        throw new HttpError(429, 'too_many_requests', `Too many requests for public links; try again in ${retryAfterS} s.`, undefined, {
          'Retry-After': String(retryAfterS),
        });
      }
      times.push(now);
      clients.set(key, times);
      if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    },
  };
}
