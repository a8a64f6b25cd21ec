// The IPAM scenario of `npm run bench` (issue 18): a /16 with 30,000 addresses and 200 ranges. It measures the
// import of the 30,000 addresses by CSV (wall time of POST /api/import/addresses), and the server CPU per
// request of one network's page (GET /api/networks/{id}, with its utilisation, and the first page of its
// addresses) and of POST /api/networks/{id}/addresses/next, on a server without the read cache (every read
// computes its answer, as the first read after a change does).

/** The scenario's sizes. */
export const IPAM_SIZE = { subnet: '10.200.0.0/16', addresses: 30_000, ranges: 200, rangeSize: 40 };

/** Load scenarios by name, as run.ts's `load` measures them. */
export type IpamLoad = (
  name: string,
  url: string,
  options?: Record<string, unknown>,
) => Promise<{ cpuUsPerRequest: number; non2xx: number }>;

/** What the scenario measured. */
export interface IpamReport {
  addresses: number;
  ranges: number;
  importSeconds: number;
  /** Server CPU µs per request: the network with its utilisation, the first page of its addresses, their sum. */
  networkUs: number;
  addressesPageUs: number;
  networkPageMs: number;
  nextFreeMs: number;
  nextFreeNon2xx: number;
}

const base = 0x0ac80000; // 10.200.0.0

function ip(offset: number): string {
  const v = base + offset;
  return `${(v >>> 24) & 255}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** Seeds the network (ranges by the bulk import, addresses by the CSV import, timed) and runs the load scenarios. */
export async function ipamScenario(url: string, headers: Record<string, string>, load: IpamLoad): Promise<IpamReport> {
  const call = async (method: string, path: string, body: unknown, contentType = 'application/json') => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 2000)}`);
    return response.json();
  };
  const site = await call('POST', '/api/sites', { name: `ipam-bench-${Date.now()}` });
  const network = await call('POST', '/api/networks', { siteId: site.id, name: 'Campus', subnet: IPAM_SIZE.subnet, gateway: ip(1) });
  // One range in each of the first 200 /24s, .200-.239, kinds in turn.
  const kinds = ['dhcp', 'static', 'reserved'];
  const ranges = Array.from({ length: IPAM_SIZE.ranges }, (_, i) => ({
    networkId: network.id,
    start: ip(i * 256 + 200),
    end: ip(i * 256 + 199 + IPAM_SIZE.rangeSize),
    kind: kinds[i % 3],
  }));
  await call('POST', '/api/import/ranges', ranges);
  // The 30,000 lowest usable addresses outside the ranges and the gateway: packed, as next-free leaves a network.
  const lines = ['id,site,network,address,hostname,macAddress,deviceType,status,description,switch,port'];
  for (let offset = 2; lines.length <= IPAM_SIZE.addresses; offset++) {
    const inRange = offset % 256 >= 200 && offset % 256 < 200 + IPAM_SIZE.rangeSize && offset < IPAM_SIZE.ranges * 256;
    if (inRange) continue;
    lines.push(`,${site.name},${IPAM_SIZE.subnet},${ip(offset)},host-${offset},,server,active,,,`);
  }
  const began = performance.now();
  await call('POST', '/api/import/addresses', `${lines.join('\n')}\n`, 'text/csv');
  const importSeconds = (performance.now() - began) / 1000;

  const networkLoad = await load('IPAM: a /16 of 30,000 addresses with its utilisation', `${url}/api/networks/${network.id}`);
  const pageLoad = await load('IPAM: the first page of its addresses', `${url}/api/networks/${network.id}/addresses`);
  // Each call records an address: a fixed number of them (the warm-up makes as many), so the /16 never fills.
  const nextLoad = await load('IPAM: next free address (records it)', url, {
    amount: 3000,
    requests: [{ method: 'POST', path: `/api/networks/${network.id}/addresses/next`, body: '{}' }],
  });
  return {
    addresses: IPAM_SIZE.addresses,
    ranges: IPAM_SIZE.ranges,
    importSeconds: round(importSeconds),
    networkUs: networkLoad.cpuUsPerRequest,
    addressesPageUs: pageLoad.cpuUsPerRequest,
    networkPageMs: round((networkLoad.cpuUsPerRequest + pageLoad.cpuUsPerRequest) / 1000),
    nextFreeMs: round(nextLoad.cpuUsPerRequest / 1000),
    nextFreeNon2xx: nextLoad.non2xx,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
