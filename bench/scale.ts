// The growth scenario of `npm run bench` (issue 22): the same requests, one at a time, on servers without the
// read cache, one on the data set at 1× and one at SCALE× it, answering in turn. What a request costs should grow
// with its page, not with the database; the report gives each request's median time at both sizes and their ratio.
// Both profiles of bench/seed.ts are measured so: today's, whose searches look for the same targets in every run
// (its figures are compared over time), and the IPAM profile (issue 36), whose searches pick their targets at random
// from the data with a seed that the report prints (BENCH_SEED repeats a run's picks).
import { benchMac, random, type SeedProfile } from './seed.ts';

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

/** A GET of the API answering JSON. */
type Get = (path: string) => Promise<any>;

/** The requests of a profile, with ids read from the server; the IPAM profile's searches drawn with `seed`. */
async function requests(get: Get, profile: SeedProfile, seed: number): Promise<TimedRequest[]> {
  const [pages, searches] = await Promise.all([pageRequests(get), profile === 'ipam' ? ipamSearches(get, seed) : SEARCHES]);
  // The searches before the last three: the 500 VLANs, the 500 networks and the checks of all sites.
  const last = pages.splice(-3);
  return [...pages, ...searches, ...last];
}

/** Today's searches: the same targets in every run. bench/seed.ts names switch w of site s `sw-s-w`, gives it 10.s.1.(w+9) and a device MAC on port 1. */
const SEARCHES: TimedRequest[] = [
  { name: 'search by name', kind: 'search', path: '/api/search?q=sw-3-12' },
  { name: 'search by IP', kind: 'search', path: '/api/search?q=10.3.1.21' },
  { name: 'search by MAC (Cisco spelling)', kind: 'search', path: `/api/search?q=${ciscoSpelling(benchMac(92))}` },
  { name: 'search by switch/port', kind: 'search', path: '/api/search?q=sw-3-12%2F1%2F1%2F4' },
  { name: 'search by a substring of descriptions', kind: 'search', path: '/api/search?q=ort%2017' },
];

/** A MAC address (aa:bb:cc:dd:ee:ff) as Cisco writes it: aabb.ccdd.eeff. */
function ciscoSpelling(mac: string): string {
  return mac.replace(/:/g, '').replace(/(....)(?=.)/g, '$1.');
}

/** The spellings of a MAC address that search must find alike, by name. */
const MAC_SPELLINGS: Record<string, (mac: string) => string> = {
  colons: (mac) => mac,
  dashes: (mac) => mac.replace(/:/g, '-'),
  Cisco: ciscoSpelling,
  bare: (mac) => mac.replace(/:/g, ''),
  'upper case': (mac) => mac.toUpperCase(),
};

/**
 * The IPAM profile's searches, each target drawn at random from the server's data: the same fractions of each
 * list on both servers (an address, a switch, a port of it), so that 1× and 5× look for records alike.
 */
async function ipamSearches(get: Get, seed: number): Promise<TimedRequest[]> {
  const next = random(seed);
  const at = async (list: string, fraction: number, limit = 1) => {
    const { total } = await get(`${list}?limit=1`);
    return (await get(`${list}?limit=${limit}&offset=${Math.floor(fraction * Math.max(0, total - limit))}`)).items;
  };
  const [address, withMac] = [
    (await at('/api/addresses', next()))[0],
    (await at('/api/addresses', next(), 50)).find((a: any) => a.macAddress),
  ];
  const someSwitch = await get(`/api/switches/${(await at('/api/switches', next()))[0].id}`);
  const port = someSwitch.ports[Math.floor(next() * someSwitch.ports.length)];
  const described = someSwitch.ports.filter((p: { description: string | null }) => (p.description ?? '').length >= 8);
  const description: string = described[Math.floor(next() * described.length)].description;
  const start = Math.floor(next() * (description.length - 6));
  const search = (name: string, q: string): TimedRequest => ({ name, kind: 'search', path: `/api/search?q=${encodeURIComponent(q)}` });
  return [
    search('search by name', someSwitch.name),
    search('search by IP', address.address),
    ...Object.entries(MAC_SPELLINGS).map(([name, spell]) => search(`search by MAC (${name})`, spell(withMac.macAddress))),
    search('search by switch/port', `${someSwitch.name}/${port.name}`),
    search('search by a substring of descriptions', description.slice(start, start + 6)),
  ];
}

/** The requests of every profile but its searches, with ids read from the server: the third site, its second switch and its second VLAN. */
async function pageRequests(get: Get): Promise<TimedRequest[]> {
  const site = (await get('/api/sites?limit=3')).items[2];
  const someSwitch = (await get(`/api/switches?siteId=${site.id}&limit=2`)).items[1];
  const vlan = (await get(`/api/vlans?siteId=${site.id}&limit=2`)).items[1];
  const network = (await get(`/api/networks?siteId=${site.id}&limit=1`)).items[0];
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
export async function timeRequests(
  servers: TimedServer[],
  profile: SeedProfile = 'default',
  seed = 0,
): Promise<{ requests: TimedRequest[]; timings: Timings[] }> {
  const once = async ({ url, headers }: TimedServer, path: string) => {
    const began = performance.now();
    const response = await fetch(`${url}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return performance.now() - began;
  };
  // Each server's own ids, in the same list of requests.
  const lists = await Promise.all(
    servers.map(({ url, headers }) => requests(async (path) => (await fetch(`${url}${path}`, { headers })).json(), profile, seed)),
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
