// Bundles the web UI (src/ui/main.ts and src/ui/styles.css) with esbuild into public/assets/ under hashed
// names and writes public/index.html that references them. `node scripts/build-ui.ts` builds once;
// `node scripts/build-ui.ts --watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const UI_DIR = join(ROOT, 'src', 'ui');
const DEFAULT_OUT_DIR = join(ROOT, 'public');

/** The budget of a first visit's JavaScript, gzipped (issue 21): the build test and `npm run bench` hold it. */
export const FIRST_LOAD_BUDGET_KB = 60;

/**
 * What one build produced: the asset file names (relative to the output directory), the gzipped JS a first visit
 * loads (the entry and the chunks it imports statically) and the gzipped JS of the pages loaded when first shown.
 */
export type UiBuildResult = { jsFile: string; cssFile: string; gzipBytes: number; lazyGzipBytes: number };

type BuildOptions = { watch?: boolean; outDir?: string };

// A tiny inline SVG favicon (img-src allows data:), so that browsers do not ask for /favicon.ico.
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%230b5cad'/%3E%3Cpath d='M3 5h2v2H3zm4 0h2v2H7zm4 0h2v2h-2zM3 9h2v2H3zm4 0h2v2H7zm4 0h2v2h-2z' fill='%23fff'/%3E%3C/svg%3E";

function indexHtml(jsFile: string, cssFile: string, preloads: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Switchyard</title>
<link rel="icon" href="${FAVICON}">
<link rel="stylesheet" href="/${cssFile}">
${preloads.map((file) => `<link rel="modulepreload" href="/${file}">\n`).join('')}<script type="module" src="/${jsFile}"></script>
</head>
<body>
<div id="app"><noscript>Switchyard needs JavaScript.</noscript></div>
</body>
</html>
`;
}

// htm templates are plain template strings that minifiers keep as they are. Whitespace with a line break
// between a tag or an interpolation and the next tag or interpolation is dropped by htm anyway, so remove it
// from the source to keep the bundle small (the pattern does not occur in the UI's code outside templates).
const collapseTemplates: esbuild.Plugin = {
  name: 'collapse-htm-whitespace',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]ui[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replace(/([>}])[ \t]*\r?\n\s*(?=<|\$\{)/g, '$1'), loader: 'ts' };
    });
  },
};

type Outputs = esbuild.Metafile['outputs'];

/** The JS files a first visit loads: `entry` and, transitively, what it imports statically (not import()). */
function firstLoad(outputs: Outputs, entry: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  return [...files];
}

function gzipSize(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(resolve(ROOT, file)), { level: 9 }).length, 0);
}

function finish(result: esbuild.BuildResult, outDir: string): UiBuildResult {
  const assetsDir = join(outDir, 'assets');
  const outputs = result.metafile?.outputs ?? {};
  const names = Object.keys(outputs);
  const js = names.find((p) => outputs[p]!.entryPoint?.endsWith('main.ts'));
  const css = names.find((p) => p.endsWith('.css'));
  if (!js || !css) throw new Error('build-ui: esbuild produced no JS or CSS output');
  const keep = new Set(names.map((p) => basename(p)));
  for (const name of readdirSync(assetsDir)) {
    if (/^(main|styles|chunk)-[A-Z0-9]+\.(js|css)(\.map)?$/i.test(name) && !keep.has(name)) {
      rmSync(join(assetsDir, name), { force: true });
    }
  }
  const asset = (file: string) => relative(outDir, resolve(ROOT, file)).split('\\').join('/');
  const initial = firstLoad(outputs, js);
  const lazy = names.filter((p) => p.endsWith('.js') && !initial.includes(p));
  const jsFile = asset(js);
  const cssFile = asset(css);
  writeFileSync(join(outDir, 'index.html'), indexHtml(jsFile, cssFile, initial.filter((p) => p !== js).map(asset)));
  return { jsFile, cssFile, gzipBytes: gzipSize(initial), lazyGzipBytes: gzipSize(lazy) };
}

/** Builds the UI once (or keeps rebuilding with `watch`) into `<outDir>/assets` and writes `<outDir>/index.html`. */
export async function buildUi(options: BuildOptions = {}): Promise<UiBuildResult> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  let last: UiBuildResult | undefined;
  const config: esbuild.BuildOptions = {
    absWorkingDir: ROOT,
    entryPoints: [join(UI_DIR, 'main.ts'), join(UI_DIR, 'styles.css')],
    outdir: join(outDir, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      collapseTemplates,
      {
        name: 'write-index',
        setup(build) {
          build.onEnd((result) => {
            if (result.errors.length > 0) return;
            last = finish(result, outDir);
            if (options.watch) console.log(`build-ui: ${last.jsFile} (${last.gzipBytes} bytes gzipped)`);
          });
        },
      },
    ],
  };
  if (options.watch) {
    // watch() runs the first build itself; answer once that build has ended.
    let firstDone: () => void = () => undefined;
    const firstBuild = new Promise<void>((done) => (firstDone = done));
    config.plugins!.push({ name: 'first-build', setup: (b) => b.onEnd(() => firstDone()) });
    const ctx = await esbuild.context(config);
    await ctx.watch();
    await firstBuild;
  } else {
    await esbuild.build(config);
  }
  if (!last) throw new Error('build-ui: the build failed');
  return last;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const watch = process.argv.includes('--watch');
  buildUi({ watch }).then(
    (r) => {
      if (!watch) console.log(`build-ui: ${r.jsFile}, ${r.cssFile} (${r.gzipBytes} bytes of JS gzipped)`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
