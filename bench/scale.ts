// The growth scenario of `npm run bench` (issue 22): the same requests, one at a time, on servers without the
// read cache, one on the data set at 1× and one at SCALE× it, answering in turn. What a request costs should grow
// with its page, not with the database; the report gives each request's median time at both sizes and their ratio.
import { benchMac } from './seed.ts';

/** How many times the data set the second measurement holds. */
export const SCALE = 5;

/** What a timed request stands for in the targets. */
export type RequestKind = 'page' | 'search' | 'counted' | 'checks';

export interface TimedRequest {
  name: string;
  kind: RequestKind;
  path: string;
}

/** Median wall time of each request in milliseconds, by name. */
export type Timings = Record<string, number>;

const WARM_UP = 5;
const TIMED = 15;
/** Checks of every site take seconds: one untimed round and three timed. */
const TIMED_SLOW = 3;

/** The requests, with ids read from the server: the third site, its second switch and its second VLAN. */
async function requests(get: (path: string) => Promise<any>): Promise<TimedRequest[]> {
  const site = (await get('/api/sites?limit=3')).items[2];
  const someSwitch = (await get(`/api/switches?siteId=${site.id}&limit=2`)).items[1];
  const vlan = (await get(`/api/vlans?siteId=${site.id}&limit=2`)).items[1];
  const network = (await get(`/api/networks?siteId=${site.id}&limit=1`)).items[0];
  // bench/seed.ts names switch w of site s `sw-s-w`, gives it 10.s.1.(w+9) and a device MAC on port 1.
  const cisco = benchMac(92)
    .replace(/:/g, '')
    .replace(/(....)(?=.)/g, '$1.');
  return [
    { name: 'checks of one site (40 switches)', kind: 'page', path: `/api/checks?siteId=${site.id}` },
    { name: 'one switch with its 48 ports', kind: 'page', path: `/api/switches/${someSwitch.id}` },
    { name: "one VLAN's ports", kind: 'page', path: `/api/vlans/${vlan.id}/ports` },
    { name: 'one network', kind: 'page', path: `/api/networks/${network.id}` },
    // 50: the 1× data set has 50 sites, and both pages must hold as many.
    { name: 'page of sites', kind: 'page', path: '/api/sites?limit=50' },
    { name: 'page of switches', kind: 'page', path: '/api/switches?limit=100' },
    { name: 'page of switches, far in', kind: 'page', path: '/api/switches?limit=100&offset=1500' },
    { name: 'page of ports', kind: 'page', path: '/api/ports?limit=100' },
    { name: "page of a site's switches", kind: 'page', path: `/api/switches?siteId=${site.id}&limit=100` },
    { name: 'page of activity', kind: 'page', path: '/api/activity?limit=100' },
    { name: 'page of ports, q=port 4', kind: 'page', path: '/api/ports?q=port%204&limit=100' },
    { name: 'search by name', kind: 'search', path: '/api/search?q=sw-3-12' },
    { name: 'search by IP', kind: 'search', path: '/api/search?q=10.3.1.21' },
    { name: 'search by MAC (Cisco spelling)', kind: 'search', path: `/api/search?q=${cisco}` },
    { name: 'search by switch/port', kind: 'search', path: '/api/search?q=sw-3-12%2F1%2F1%2F4' },
    { name: 'search by a substring of descriptions', kind: 'search', path: '/api/search?q=ort%2017' },
    { name: '500 VLANs with their counts', kind: 'counted', path: '/api/vlans?limit=500' },
    { name: '500 networks with their counts', kind: 'counted', path: '/api/networks?limit=500' },
    { name: 'checks of all sites', kind: 'checks', path: '/api/checks' },
  ];
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The order of `count` things measured in turn in a round: as given in even rounds, reversed in odd ones, so that
 * each is first as often as last.
 */
export function turnOrder(count: number, round: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  return round % 2 === 0 ? order : order.reverse();
}

/** A server the requests are timed on: its URL and a signed-in user's headers. */
export interface TimedServer {
  url: string;
  headers: Record<string, string>;
}

/**
 * Times every request on each server, one at a time: rounds over the whole list, each request sent to every
 * server in turn (the first server first in even rounds, last in odd ones), after as many untimed rounds. A slow
 * moment of the machine, or a slower machine for minutes on end (this VM has both), then falls on both sizes alike
 * instead of on the one measured then. The median in ms, by name, for each server. Checks of every site take
 * seconds: fewer rounds of them.
 */
export async function timeRequests(servers: TimedServer[]): Promise<{ requests: TimedRequest[]; timings: Timings[] }> {
  const once = async ({ url, headers }: TimedServer, path: string) => {
    const began = performance.now();
    const response = await fetch(`${url}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return performance.now() - began;
  };
  // Each server's own ids, in the same list of requests.
  const lists = await Promise.all(
    servers.map(({ url, headers }) => requests(async (path) => (await fetch(`${url}${path}`, { headers })).json())),
  );
  const times = servers.map(() => new Map<string, number[]>(lists[0].map((request) => [request.name, []])));
  for (let round = 0; round < WARM_UP + TIMED; round++) {
    for (let r = 0; r < lists[0].length; r++) {
      const slow = lists[0][r].kind === 'checks';
      if (slow && (round < WARM_UP - 1 || round >= WARM_UP + TIMED_SLOW)) continue;
      for (const i of turnOrder(servers.length, round)) {
        const took = await once(servers[i], lists[i][r].path);
        if (round >= WARM_UP) times[i].get(lists[i][r].name)!.push(took);
      }
    }
  }
  const timings = times.map((byName) => {
    const medians: Timings = {};
    for (const [name, values] of byName) medians[name] = Math.round(median(values) * 100) / 100;
    return medians;
  });
  return { requests: lists[0], timings };
}
