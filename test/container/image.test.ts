// The image, built without a Docker engine: the build context is the tree minus .dockerignore, the build
// stage's `npm ci` is the installed node_modules (linked), `npm run build` runs for real, and the runtime
// stage's COPY instructions are carried out into a temporary image root. That copy then starts, through the
// real entrypoint, on the plain Node 22 binary with no node_modules anywhere above it.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/boot/node-flags.ts';
import { fileNeeds, NEEDS } from '../helpers/needs.ts';
import { ROOT } from '../helpers/server.ts';
import { killRuns, LITESTREAM, NODE, runEntrypoint, waitListening, withTimeout } from './entrypoint-runs.ts';

const BUILD_TIMEOUT_MS = 180_000;

// ---- Dockerfile -------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Parses a Dockerfile into stages of instructions (comments dropped, `\` continuations joined). */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (current === '' && /^\s*(#|$)/.test(line)) continue;
    if (/^\s*#/.test(line)) continue; // comment lines inside a continuation
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push((current + line).trim());
    current = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s+([\s\S]*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [from, as, name] = args.trim().split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)!.instructions.push({ keyword: upper, args: args.trim() });
    }
  }
  return stages;
}

interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

function parseCopy(args: string): Copy {
  const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  let from: string | undefined;
  const rest: string[] = [];
  for (const word of words) {
    if (word.startsWith('--from=')) from = word.slice('--from='.length);
    else if (word.startsWith('--'))
      continue; // --chown, --chmod, --link
    else rest.push(word);
  }
  return { from, sources: rest.slice(0, -1), dest: rest.at(-1)! };
}

function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)) env[match[1]] = match[3] ?? match[2];
  return env;
}

// ---- .dockerignore ----------------------------------------------------------------------------------------

/** Docker's pattern syntax (Go filepath.Match plus `**`) as a regular expression over a context-relative path. */
function patternToRegExp(pattern: string): RegExp {
  let source = '';
  const p = posix.normalize(pattern.replace(/^\/+/, '')).replace(/\/$/, '');
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*' && p[i + 1] === '*') {
      i++;
      if (p[i + 1] === '/') {
        i++;
        source += '(?:.*/)?';
      } else source += '.*';
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** A context-relative path is excluded when the last pattern matching it, or one of its parents, is not `!`. */
function dockerIgnore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      line.startsWith('!') ? { negate: true, re: patternToRegExp(line.slice(1)) } : { negate: false, re: patternToRegExp(line) },
    );
  return (path: string) => {
    const parts = path.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) {
      if (prefixes.some((prefix) => rule.re.test(prefix))) excluded = !rule.negate;
    }
    return excluded;
  };
}

/** Copies the build context (ROOT without what .dockerignore excludes) to `dest`. */
function copyContext(dest: string): string[] {
  const excluded = dockerIgnore(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
  const copied: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (excluded(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() || entry.isSymbolicLink()) {
        mkdirSync(dirname(join(dest, path)), { recursive: true });
        cpSync(join(ROOT, path), join(dest, path), { preserveTimestamps: true });
        copied.push(path);
      }
    }
  };
  walk('');
  return copied;
}

// ---- the simulated build ----------------------------------------------------------------------------------

const dockerfile = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const buildStage = dockerfile[0];
const runtimeStage = dockerfile.at(-1)!;
const agentStage = dockerfile.find((stage) => stage.name === 'switchyard-agent');
const workdir = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
const runtimeEnv = Object.assign(
  {},
  ...runtimeStage.instructions.filter((i) => i.keyword === 'ENV').map((i) => parseEnv(i.args)),
) as Record<string, string>;

let tmp: string;
let contextDir: string; // the build context
let buildRoot: string; // the build stage's filesystem root
let imageRoot: string; // the runtime stage's filesystem root
let agentRoot: string; // the switchyard-agent stage's filesystem root
let contextFiles: string[];
const missingCopySources: string[] = [];

/** The files the runtime stage copies from other images (`COPY --from=<image>:<tag>`), as this machine has them. */
const IMAGE_FILES: Record<string, string> = {
  // litestream/litestream:<version>: the same version from the @flydotio/litestream devDependency.
  '/usr/local/bin/litestream': LITESTREAM,
};

/** Carries out a COPY of `stage` into `root`, from the context, the build stage or another image. */
function applyCopy(copy: Copy, stage: Stage, root: string): void {
  const cwd = workdir(stage);
  const destPath = posix.resolve(cwd, copy.dest);
  for (const source of copy.sources) {
    const fromImage = copy.from?.includes(':') ? (IMAGE_FILES[source] ?? `(no stand-in for ${source})`) : undefined;
    const from =
      fromImage ??
      (copy.from === undefined ? join(contextDir, posix.normalize(source)) : join(buildRoot, posix.resolve(workdir(buildStage), source)));
    if (!existsSync(from)) {
      missingCopySources.push(`${copy.from ? `--from=${copy.from} ` : ''}${source}`);
      continue;
    }
    const isDirDest = copy.dest.endsWith('/') || copy.sources.length > 1 || statSync(from).isDirectory();
    const target = join(root, isDirDest && !statSync(from).isDirectory() ? posix.join(destPath, posix.basename(source)) : destPath);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(from, target, { recursive: true, dereference: true });
  }
}

const runnable = fileNeeds([NEEDS.root]);

beforeAll(() => {
  if (!runnable) return;
  tmp = mkdtempSync(join(tmpdir(), 'switchyard-image-'));
  chmodSync(tmp, 0o755);
  contextDir = join(tmp, 'context');
  buildRoot = join(tmp, 'build-root');
  imageRoot = join(tmp, 'image-root');
  agentRoot = join(tmp, 'agent-root');
  contextFiles = copyContext(contextDir);

  // Build stage: COPYs from the context; `npm ci` becomes a link to the installed node_modules.
  for (const instruction of buildStage.instructions) {
    if (instruction.keyword === 'COPY') applyCopy(parseCopy(instruction.args), buildStage, buildRoot);
  }
  const buildDir = join(buildRoot, workdir(buildStage));
  symlinkSync(join(ROOT, 'node_modules'), join(buildDir, 'node_modules'));
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: buildDir,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (built.status !== 0)
    throw new Error(`npm run build failed (${built.error?.message ?? built.status}):\n${built.stdout}\n${built.stderr}`);

  // Runtime stage: only its COPYs; what its RUN does to /app/data, the operator's chown does here.
  for (const instruction of runtimeStage.instructions) {
    if (instruction.keyword === 'COPY') applyCopy(parseCopy(instruction.args), runtimeStage, imageRoot);
  }
  // The agent's stage (issue 39): its COPYs alone.
  for (const instruction of agentStage?.instructions ?? []) {
    if (instruction.keyword === 'COPY') applyCopy(parseCopy(instruction.args), agentStage!, agentRoot);
  }
  const dataDir = join(imageRoot, 'app', 'data');
  mkdirSync(dataDir, { recursive: true });
  chownSync(dataDir, 1000, 1000);
  // Every directory from / down to the image root must be traversable by uid 1000.
  for (let dir = imageRoot; dir !== tmp; dir = dirname(dir)) chmodSync(dir, 0o755);
}, BUILD_TIMEOUT_MS + 30_000);

afterAll(() => {
  killRuns();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function walkFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(`${path}/`, ...walkFiles(dir, path));
    else out.push(path);
  }
  return out;
}

describe('Dockerfile', () => {
  it('builds on a glibc Node 22 image and runs on node:22-alpine', () => {
    expect(dockerfile).toHaveLength(3);
    expect(buildStage.from).toBe('node:22-bookworm-slim');
    expect(buildStage.name).toBe('build');
    expect(runtimeStage.from).toBe('node:22-alpine');
    const runs = buildStage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    expect(runs.at(-1)).toMatch(/^npm run build$/);
  });

  it('every COPY source exists after a build', () => {
    expect(missingCopySources).toEqual([]);
    expect(contextFiles).toContain('package-lock.json');
    expect(contextFiles).toContain('docker/entrypoint.sh');
    expect(contextFiles.filter((f) => /(^|\/)(node_modules|\.git|data|dist)\//.test(f))).toEqual([]);
  });

  it('the runtime stage holds dist/, public/, migrations/, the entrypoint and package.json, never node_modules', () => {
    const copies = runtimeStage.instructions.filter((i) => i.keyword === 'COPY').map((i) => parseCopy(i.args));
    const sources = copies.flatMap((c) => c.sources.map((s) => posix.basename(s)));
    expect(sources.sort()).toEqual(['dist', 'entrypoint.sh', 'litestream', 'litestream.yml', 'migrations', 'package.json', 'public']);
    expect(runtimeStage.instructions.some((i) => /node_modules/.test(i.args))).toBe(false);
    const app = join(imageRoot, 'app');
    expect(readdirSync(app).sort()).toEqual(['data', 'dist', 'docker', 'migrations', 'package.json', 'public']);
    expect(readdirSync(join(app, 'docker')).sort()).toEqual(['entrypoint.sh', 'litestream.yml']);
    expect(existsSync(join(imageRoot, 'usr', 'local', 'bin', 'litestream'))).toBe(true);
    expect(walkFiles(app).filter((f) => f.includes('node_modules'))).toEqual([]);
    expect(
      readdirSync(join(app, 'dist'))
        .filter((f) => f.endsWith('.js'))
        .sort(),
    ).toEqual(['agent.js', 'backup.js', 'discovery.js', 'ldap.js', 'migrate.js', 'netbox.js', 'oidc.js', 'server.js', 'ssh.js']);
  });

  it('sets the data paths, the default user, the port, the health check and the entrypoint', () => {
    expect(runtimeEnv).toMatchObject({
      DATA_DIR: '/app/data',
      DATABASE_URL: 'file:/app/data/db.sqlite',
      PUID: '1000',
      PGID: '1000',
      PORT: '3000',
      HOST: '0.0.0.0',
    });
    expect(workdir(runtimeStage)).toBe('/app');
    const one = (keyword: string) => runtimeStage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
    expect(one('EXPOSE')).toEqual(['3000']);
    expect(one('HEALTHCHECK')).toHaveLength(1);
    expect(one('HEALTHCHECK')[0]).toMatch(/CMD wget -q -O \/dev\/null "http:\/\/127\.0\.0\.1:\$\{PORT:-3000\}\/api\/health"/);
    expect(one('ENTRYPOINT')).toEqual(['["/app/docker/entrypoint.sh"]']);
    expect(one('USER')).toEqual([]); // starts as root only to drop to PUID:PGID
    const runs = one('RUN').join('\n');
    expect(runs).toMatch(/apk add --no-cache su-exec/);
    expect(runs).toMatch(/chown 1000:1000 \/app\/data/);
    expect(runs).toMatch(/chmod 755 \/app\/docker\/entrypoint\.sh/);
  });
});

describe('the switchyard-agent target', () => {
  it('is a stage of its own on node:22-alpine before the runtime stage, holding the agent bundle alone, as uid 1000', () => {
    expect(agentStage?.from).toBe('node:22-alpine');
    expect(dockerfile.indexOf(agentStage!)).toBeLessThan(dockerfile.length - 1);
    const one = (keyword: string) => agentStage!.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
    expect(one('USER')).toEqual(['1000:1000']);
    expect(one('ENTRYPOINT')).toEqual(['["node", "/agent/agent.js"]']);
    expect(one('EXPOSE')).toEqual([]);
    expect(walkFiles(agentRoot).sort()).toEqual(['agent/', 'agent/agent.js', 'agent/package.json']);
  });

  it('runs on the plain Node 22 binary with no node_modules: refuses a bad setting, starts with good ones, stops on SIGTERM', {
    timeout: 30_000,
  }, async () => {
    const agentJs = join(agentRoot, 'agent', 'agent.js');
    const refused = spawnSync(NODE, [agentJs], { env: { PATH: '/usr/bin:/bin', AGENT_SERVER_URL: 'http://10.1.2.3' }, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/AGENT_ALLOW_HTTP=1/);
    const spool = join(tmp, 'agent-spool');
    mkdirSync(spool);
    const credentials = join(tmp, 'agent-credentials.json');
    writeFileSync(credentials, '[]');
    const env = {
      PATH: '/usr/bin:/bin',
      AGENT_SERVER_URL: 'http://127.0.0.1:9',
      AGENT_TOKEN: `sya_${'A'.repeat(43)}`,
      AGENT_CREDENTIALS_FILE: credentials,
      AGENT_SPOOL_DIR: spool,
    };
    const child = spawn(NODE, [agentJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const end = Date.now() + 20_000;
    while (!/asking for the assignments failed/.test(output) && Date.now() < end) await new Promise((done) => setTimeout(done, 100));
    expect(output).toMatch(/agent started version=/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('the built image tree', () => {
  it('starts from dist/ on the plain Node 22 binary with no node_modules, as uid 1000, and stops on SIGTERM', {
    timeout: 60_000,
  }, async () => {
    const app = join(imageRoot, 'app');
    // Nothing above the bundle may offer node_modules to Node's module resolution.
    for (let dir = app; ; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
      if (dir === dirname(dir)) break;
    }
    const inImage = (value: string) => value.replaceAll('/app/', `${app}/`).replace(/^\/app$/, app);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ...Object.fromEntries(Object.entries(runtimeEnv).map(([k, v]) => [k, inImage(v)])),
      APP_HOME: app,
      NODE_BIN: NODE,
      HOST: '127.0.0.1',
      PORT: '0',
      APP_JWT_SECRET: 'b'.repeat(64),
    };
    const run = runEntrypoint(env, [], ['sh', join(app, 'docker', 'entrypoint.sh')], '/');
    const { child } = run;
    const base = await waitListening(run);

    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status, run.output()).toBe(200);
    await health.arrayBuffer();
    const page = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module" src="\/assets\//);

    // The node process the entrypoint became runs dist/server.js with the server's flags as 1000, and its files belong to 1000.
    expect(
      readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')
        .split('\0')
        .slice(0, 2 + SERVER_NODE_FLAGS.length),
    ).toEqual([NODE, ...SERVER_NODE_FLAGS, join(app, 'dist', 'server.js')]);
    expect(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m.test(readFileSync(`/proc/${child.pid}/status`, 'utf8'))).toBe(true);
    expect(statSync(join(app, 'data', 'db.sqlite')).uid).toBe(1000);

    // The bundled backup CLI, through the entrypoint as in `docker compose exec switchyard switchyard backup`.
    const backupFile = join(app, 'data', 'backup-test.sqlite');
    const backup = spawnSync('sh', [join(app, 'docker', 'entrypoint.sh'), 'backup', backupFile], {
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    expect(statSync(backupFile).size).toBeGreaterThan(0);
    expect(statSync(backupFile).uid).toBe(1000);

    child.kill('SIGTERM');
    expect(await withTimeout(run.exited, 10_000, 'exit after SIGTERM'), run.output()).toEqual({ code: 0, signal: null });
  });

  it('has no symbolic links pointing out of the image tree', () => {
    const app = join(imageRoot, 'app');
    const links = walkFiles(app).filter((f) => !f.endsWith('/') && lstatSync(join(app, f)).isSymbolicLink());
    expect(links.filter((f) => !realpathSync(join(app, f)).startsWith(`${app}/`)).map((f) => relative(app, join(app, f)))).toEqual([]);
  });
});
