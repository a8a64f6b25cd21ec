// The release build (`npm run build`): the web UI into public/, then the server and its two CLIs, each bundled
// by esbuild into one self-contained ESM file in dist/ (dist/server.js, dist/migrate.js, dist/backup.js) that
// runs on plain Node 22 with no node_modules. The bundles find migrations/ and public/ beside dist/.
//
//   node scripts/build.ts                     UI and server bundles
//   node scripts/build.ts ui                  the UI only
//   node scripts/build.ts server              the server bundles only
//   node scripts/build.ts --outdir <dir>      server bundles into <dir> instead of dist/
import { build as esbuild, type Plugin } from 'esbuild';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The server entry points: output name (dist/<name>.js) -> source file. */
export const SERVER_ENTRIES: Readonly<Record<string, string>> = {
  server: 'src/server.ts',
  migrate: 'src/cli/migrate.ts',
  backup: 'src/cli/backup.ts',
  // The SNMP reader with net-snmp, a bundle of its own that the server loads on the first discovery (src/server.ts).
  discovery: 'src/discovery/read-switch.ts',
  // The NetBox device-type reader with the `yaml` package, loaded by the first template import (src/routes/templates.ts).
  netbox: 'src/import/netbox-devicetype.ts',
  // The SSH fetch of running configurations with ssh2, loaded by the first fetch (src/discovery/fetch-config.ts).
  ssh: 'src/discovery/ssh-config.ts',
  // The agent (issue 39), with its own copy of the SNMP reader: the switchyard-agent image holds this file alone.
  agent: 'src/agent/main.ts',
  // The single sign-on clients (openid-client, ldapts), loaded only when OIDC_ISSUER or LDAP_URL is set (src/server.ts).
  oidc: 'src/auth/oidc.ts',
  ldap: 'src/auth/ldap.ts',
};

// Bundled CommonJS dependencies may call require() and name __dirname and __filename (ssh2's agent does); ESM has
// none of them, so give each bundle them.
const REQUIRE_BANNER =
  "import { createRequire as __switchyardCreateRequire } from 'node:module';\n" +
  'const require = __switchyardCreateRequire(import.meta.url);\n' +
  'const __dirname = import.meta.dirname;\n' +
  'const __filename = import.meta.filename;';

/**
 * ssh2's native helpers (its crypto binding, cpu-features) are optional: it requires them in a try and runs on Node's
 * crypto without them. The bundles carry none (a .node file is no JavaScript, and they stay self-contained): each
 * such require is a module that throws, as a missing one would.
 */
const WITHOUT_NATIVE_ADDONS: Plugin = {
  name: 'without-native-addons',
  setup(bundle) {
    bundle.onResolve({ filter: /\.node$|^cpu-features$/ }, (args) => ({ path: args.path, namespace: 'native-addon' }));
    bundle.onLoad({ filter: /.*/, namespace: 'native-addon' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is a native addon, left out of the bundle`)});`,
      loader: 'js',
    }));
  },
};

export interface BuildOptions {
  /** Build the UI (default true). */
  ui?: boolean;
  /** Build the server bundles (default true). */
  server?: boolean;
  /** Where the server bundles go (default <root>/dist). */
  outDir?: string;
  /** Where the UI goes (default: build-ui's own, <root>/public). */
  uiOutDir?: string;
}

/** What a build produced: the absolute paths of the server bundles and, when built, the UI result. */
export interface BuildResult {
  serverFiles: string[];
  ui?: { jsFile: string; cssFile: string; gzipBytes: number };
}

/** Bundles src/server.ts and the CLIs into `outDir` (default dist/); returns the files written. */
export async function buildServer(outDir: string = join(ROOT, 'dist')): Promise<string[]> {
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  const entryPoints = Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, join(ROOT, source)]));
  await esbuild({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'bundle',
    external: ['node:*'],
    plugins: [WITHOUT_NATIVE_ADDONS],
    // bcryptjs imports Node's crypto by its bare name; the bundle names every built-in module with node:.
    alias: { crypto: 'node:crypto' },
    banner: { js: REQUIRE_BANNER },
    legalComments: 'inline',
    // Whitespace minified, code and names as written: V8 holds a bundle's whole source in the heap while it runs
    // (lazy compilation reads it), and the server's is ~20% smaller so (~0.2 MB of idle RSS, BENCHMARKS.md). Stack
    // traces still name every function; their positions are columns of long lines.
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  // The bundles are ESM whether or not the root package.json travels with them.
  writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
  return Object.keys(SERVER_ENTRIES).map((name) => join(out, `${name}.js`));
}

/** Runs the whole build (UI, then server bundles) or the parts `options` selects. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const result: BuildResult = { serverFiles: [] };
  if (options.ui ?? true) {
    const { buildUi } = await import('./build-ui.ts');
    result.ui = await buildUi(options.uiOutDir === undefined ? {} : { outDir: options.uiOutDir });
  }
  if (options.server ?? true) result.serverFiles = await buildServer(options.outDir);
  return result;
}

/** Parses the command line: an optional `ui` or `server`, and `--outdir <dir>` / `--outdir=<dir>`. */
export function parseArgs(argv: string[]): BuildOptions {
  const options: BuildOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === 'ui') options.server = false;
    else if (arg === 'server') options.ui = false;
    else if (arg === '--outdir') options.outDir = argv[++i];
    else if (arg.startsWith('--outdir=')) options.outDir = arg.slice('--outdir='.length);
    else throw new Error(`build: unknown argument "${arg}" (expected ui, server or --outdir <dir>)`);
  }
  if (options.outDir === '') throw new Error('build: --outdir needs a directory');
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const result = await build(parseArgs(process.argv.slice(2)));
    if (result.ui) console.log(`build: UI ${result.ui.jsFile}, ${result.ui.cssFile} (${result.ui.gzipBytes} bytes of JS gzipped)`);
    for (const file of result.serverFiles) {
      console.log(`build: ${relative(process.cwd(), file)} (${Math.round(statSync(file).size / 1024)} KiB)`);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
