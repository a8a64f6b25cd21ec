// `npm run import-netbox -- --url <NetBox> --token <NetBox token> [--server <Switchyard>] [--server-token <token>]
// [--switch-roles a,b] [--dry-run] [--save <file>] [--timeout <seconds>]`: pulls the bundle of the NetBox data import
// (docs/NETBOX.md) from a live NetBox, every page of each list of lib/netbox-paths.ts, and sends it to
// POST /api/import/netbox. The Switchyard URL and token default to SWITCHYARD_URL and SWITCHYARD_TOKEN. Bounded: one
// deadline for the whole run (default 300 s) and at most PAGES_MAX pages per list. Exit 0 with the answer's counts,
// 1 with the reason (a NetBox or Switchyard error, the deadline).
import { writeFileSync } from 'node:fs';
import { NETBOX_PATHS } from '../lib/netbox-paths.ts';

/** Records asked for per page (NetBox's MAX_PAGE_SIZE is 1,000 unless changed). */
const PAGE_SIZE = 1000;
/** The most pages of one list: a million records at the page size. */
const PAGES_MAX = 1000;
const USAGE =
  'usage: npm run import-netbox -- --url <NetBox URL> --token <NetBox API token> [--server <Switchyard URL>] ' +
  '[--server-token <Switchyard API token>] [--switch-roles <slug,slug>] [--dry-run] [--save <file>] [--timeout <seconds>]\n';

interface Options {
  url: string;
  token: string;
  server: string;
  serverToken: string;
  switchRoles?: string;
  dryRun: boolean;
  save?: string;
  timeoutSeconds: number;
}

type Results = Record<string, unknown>[];

function optionsOf(args: string[], env: NodeJS.ProcessEnv): Options | string {
  const values: Record<string, string> = {};
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') continue;
    if (arg === '--dry-run') dryRun = true;
    else if (
      ['--url', '--token', '--server', '--server-token', '--switch-roles', '--save', '--timeout'].includes(arg) &&
      i + 1 < args.length
    )
      values[arg.slice(2)] = args[++i];
    else return `unknown or incomplete argument: ${arg}`;
  }
  const server = values.server ?? env.SWITCHYARD_URL;
  const serverToken = values['server-token'] ?? env.SWITCHYARD_TOKEN;
  if (!values.url || !values.token) return 'NetBox --url and --token are needed';
  if (!server || !serverToken) return 'the Switchyard --server and --server-token (or SWITCHYARD_URL and SWITCHYARD_TOKEN) are needed';
  const timeoutSeconds = Number(values.timeout ?? 300);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) return '--timeout must be a number of seconds';
  return {
    url: values.url.replace(/\/+$/, ''),
    token: values.token,
    server: server.replace(/\/+$/, ''),
    serverToken,
    switchRoles: values['switch-roles'],
    dryRun,
    save: values.save,
    timeoutSeconds,
  };
}

/** NetBox's header for a token: v2 tokens (nbt_…, NetBox 4.5+) as Bearer, the older ones as Token. */
function netboxAuthorization(token: string): string {
  return token.startsWith('nbt_') ? `Bearer ${token}` : `Token ${token}`;
}

/**
 * Every page of one list, following `next`; its path and query are read against the given NetBox URL, since a NetBox
 * behind a proxy may name itself by another host or scheme. Undefined when this NetBox has no such list (404).
 */
async function pullList(options: Options, path: string, signal: AbortSignal): Promise<Results | undefined> {
  const base = new URL(`${options.url}/`);
  let next: string | null = `api/${path}/?limit=${PAGE_SIZE}`;
  const results: Results = [];
  for (let page = 0; next; page++) {
    if (page >= PAGES_MAX) throw new Error(`${path}: more than ${PAGES_MAX} pages`);
    const given = new URL(next, base);
    const url = new URL(`${given.pathname.replace(/^\//, '')}${given.search}`, base);
    const answer = await fetch(url, { headers: { Authorization: netboxAuthorization(options.token), Accept: 'application/json' }, signal });
    if (answer.status === 404 && page === 0) return undefined;
    if (!answer.ok) throw new Error(`NetBox answered ${answer.status} to GET ${url.pathname}: ${(await answer.text()).slice(0, 300)}`);
    const body = (await answer.json()) as { results?: unknown; next?: unknown };
    if (!Array.isArray(body.results)) throw new Error(`NetBox's answer to GET ${url.pathname} is not a list answer`);
    results.push(...(body.results as Results));
    next = typeof body.next === 'string' && body.next !== '' ? body.next : null;
  }
  return results;
}

async function main(args: string[]): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const options = optionsOf(args, process.env);
  if (typeof options === 'string') {
    process.stderr.write(`${options}\n${USAGE}`);
    return 1;
  }
  const signal = AbortSignal.timeout(options.timeoutSeconds * 1000);
  try {
    const bundle: Record<string, { count: number; next: null; previous: null; results: Results }> = {};
    for (const path of NETBOX_PATHS) {
      const results = await pullList(options, path, signal);
      if (!results) {
        process.stderr.write(`NetBox has no ${path} (404): left out\n`);
        continue;
      }
      bundle[path] = { count: results.length, next: null, previous: null, results };
      process.stdout.write(`pulled ${path}: ${results.length}\n`);
    }
    if (options.save) writeFileSync(options.save, JSON.stringify(bundle));
    const query = new URLSearchParams();
    if (options.dryRun) query.set('dryRun', 'true');
    if (options.switchRoles) query.set('switchRoles', options.switchRoles);
    const target = `${options.server}/api/import/netbox${query.size ? `?${query}` : ''}`;
    const answer = await fetch(target, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.serverToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(bundle),
      signal,
    });
    const text = await answer.text();
    if (!answer.ok) {
      process.stderr.write(`Switchyard answered ${answer.status}: ${text.slice(0, 2000)}\n`);
      return 1;
    }
    process.stdout.write(summaryOf(JSON.parse(text), options.dryRun));
    return 0;
  } catch (error) {
    const reason = signal.aborted ? `the import took longer than ${options.timeoutSeconds} s` : (error as Error).message;
    process.stderr.write(`import-netbox failed: ${reason}\n`);
    return 1;
  }
}

function summaryOf(
  answer: { created: Record<string, number>; merged: Record<string, number>; fixes: { file: string; record?: string; reason: string }[] },
  dryRun: boolean,
) {
  const counts = (of: Record<string, number>) =>
    Object.entries(of)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ') || 'nothing';
  const lines = [
    `${dryRun ? 'dry run: would create' : 'created'} ${counts(answer.created)}; ${dryRun ? 'would merge' : 'merged'} ${counts(answer.merged)}`,
    `${answer.fixes.length} fixes:`,
    ...answer.fixes.map((fix) => `  ${fix.file} ${fix.record ?? ''}: ${fix.reason}`),
  ];
  return `${lines.join('\n')}\n`;
}

process.exitCode = await main(process.argv.slice(2));
