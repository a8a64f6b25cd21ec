// Public links are opened without signing in, so each client may open only so many in a while: at most
// PUBLIC_LINK_LIMIT requests to /api/p/<token> in any PUBLIC_LINK_WINDOW_MS per client address (an IPv6 client
// per /64, the block one subscriber gets), found or not; the next gets 429 with Retry-After until the oldest of
// them is out of the window. A printed label is scanned a few times a day, a guesser needs billions of tries
// (tokens carry 192 bits or more): the limit only keeps a script from turning the public page into load. The
// counts live in memory (a restart forgets them) and never hold more than MAX_CLIENTS addresses.
import { HttpError } from '../errors/http-error.ts';
import { formatIp, parseIp } from '../lib/net.ts';

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

/** An IPv4 address as it is, an IPv6 one as its /64 (one subscriber's block), anything else as given. */
export function clientKey(address: string): string {
  const ip = parseIp(address);
  if (!ip || ip.family === 4) return address;
  const bytes = new Uint8Array(16);
  bytes.set(ip.bytes.subarray(0, 8));
  return `${formatIp({ family: 6, bytes })}/64`;
}
