// The compose files (and the named-volume variant in the README) against the deployment rules of the service
// notes: the image, the bind mount at /app/data, port 3000, JWT_SECRET passed in as APP_JWT_SECRET, PUID/PGID
// from the environment with 1000 as the default, a restart policy; compose.dev.yaml the same but built here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from '../helpers/server.ts';

const IMAGE = 'ghcr.io/switchyard/switchyard:latest';

type Service = Record<string, unknown> & {
  image?: string;
  build?: string | { context?: string };
  environment?: Record<string, string> | string[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  restart?: string;
};

function load(file: string): { services: Record<string, Service>; volumes?: Record<string, unknown> } {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const documents = parseAllDocuments(text);
  expect(documents, `${file} holds one YAML document`).toHaveLength(1);
  expect(documents[0].errors, `${file} parses`).toEqual([]);
  return documents[0].toJS();
}

/** The environment block as a map, whichever of the two compose syntaxes it uses. */
function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** Compose's ${VAR}, ${VAR:-default} and ${VAR-default} interpolation, enough to read these files. */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g, (_m, name: string, op: string | undefined, fallback: string) => {
    const v = env[name];
    if (op === ':-') return v ? v : fallback;
    if (op === '-') return v ?? fallback;
    return v ?? '';
  });
}

function onlyService(file: string): Service {
  const compose = load(file);
  const names = Object.keys(compose.services ?? {});
  expect(names).toEqual(['switchyard']);
  return compose.services.switchyard;
}

/** The rules 1-3 and the PUID/PGID variables, which both compose files must hold. */
function expectDeploymentRules(service: Service): void {
  const env = environment(service);
  // Rule 3: the host's JWT_SECRET becomes APP_JWT_SECRET; the plain name is not passed in.
  expect(env.APP_JWT_SECRET).toBe('${JWT_SECRET}');
  expect(env).not.toHaveProperty('JWT_SECRET');
  expect(interpolate(env.APP_JWT_SECRET, { JWT_SECRET: 'f'.repeat(64) })).toBe('f'.repeat(64));
  // PUID/PGID from the environment, 1000 by default, 0/0 passed through for option B.
  expect(env.PUID).toBe('${PUID:-1000}');
  expect(env.PGID).toBe('${PGID:-1000}');
  expect([interpolate(env.PUID, {}), interpolate(env.PGID, {})]).toEqual(['1000', '1000']);
  expect([interpolate(env.PUID, { PUID: '0' }), interpolate(env.PGID, { PGID: '0' })]).toEqual(['0', '0']);
  expect([interpolate(env.PUID, { PUID: '1001' }), interpolate(env.PGID, { PGID: '1002' })]).toEqual(['1001', '1002']);
  // Every other variable the container gets uses the APP_ prefix (PUID/PGID are the documented exception).
  expect(Object.keys(env).filter((k) => !k.startsWith('APP_') && k !== 'PUID' && k !== 'PGID')).toEqual([]);
  // Rule 1: ./data next to the compose file is bind-mounted at /app/data.
  expect(service.volumes).toEqual(['./data:/app/data']);
  expect(service.ports).toEqual(['3000:3000']);
  expect(service.restart).toBe('unless-stopped');
}

describe('compose.yaml', () => {
  it('pulls the registry image and follows the deployment rules', () => {
    const service = onlyService('compose.yaml');
    expect(service.image).toBe(IMAGE);
    expect(service).not.toHaveProperty('build');
    expectDeploymentRules(service);
  });
});

describe('compose.dev.yaml', () => {
  it('builds this tree and is otherwise compose.yaml', () => {
    const dev = onlyService('compose.dev.yaml');
    const build = typeof dev.build === 'string' ? dev.build : dev.build?.context;
    expect(build).toBe('.');
    // A local build must not be tagged as the registry image.
    expect(dev.image).toBeUndefined();
    expectDeploymentRules(dev);
    const { build: _b, image: _i, ...devRest } = dev;
    const { build: _b2, image: _i2, ...prodRest } = onlyService('compose.yaml');
    expect(devRest).toEqual(prodRest);
  });
});

describe('README operations section', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  // The operations section: from its heading to the next top-level heading.
  const start = readme.indexOf('\n## Running it with Docker\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], body: m[2] }));

  it('shows a named-volume variant that parses and mounts a declared volume at /app/data', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    const yamlBlocks = blocks.filter((b) => b.lang === 'yaml').map((b) => parse(b.body) as ReturnType<typeof load>);
    const named = yamlBlocks.find((doc) => doc.volumes !== undefined);
    expect(named, 'a YAML block with top-level volumes').toBeDefined();
    const service = named!.services.switchyard;
    expect(service.image).toBe(IMAGE);
    const mounts = (service.volumes ?? []).map(String);
    const volume = mounts.map((m) => m.split(':')).find(([, target]) => target === '/app/data');
    expect(volume, 'a volume at /app/data').toBeDefined();
    expect(Object.keys(named!.volumes!)).toContain(volume![0]);
    const env = environment(service);
    expect(env).toMatchObject({ APP_JWT_SECRET: '${JWT_SECRET}', PUID: '${PUID:-1000}', PGID: '${PGID:-1000}' });
  });

  it('gives the deploy, update and rollback commands the rules name', () => {
    const shell = blocks
      .filter((b) => b.lang === 'sh')
      .map((b) => b.body)
      .join('\n');
    expect(shell).toContain('openssl rand -hex 32'); // 32 random bytes, hex encoded
    expect(shell).toMatch(/sudo chown 1000:1000 data/);
    expect(shell).toMatch(/docker compose pull\ndocker compose up -d/);
    expect(shell).toContain('docker compose -f compose.dev.yaml up -d --build');
    expect(shell).toContain('docker compose -f compose.dev.yaml build --no-cache');
    expect(shell).toMatch(/docker compose stop[\s\S]*cp [^\n]*data\/db\.sqlite[\s\S]*docker compose start/);
    expect(section).toContain('PUID=0 PGID=0');
  });
});

// ---- replication (README, "Backups and replication") ------------------------------------------------------

/** The switchyard service of a replication example: the deployment rules, plus Litestream's variables. */
function replicatedService(file: string): { service: Service; env: Record<string, string>; compose: ReturnType<typeof load> } {
  const compose = load(file);
  const service = compose.services.switchyard;
  expect(service.image).toBe(IMAGE);
  expect(service).not.toHaveProperty('build');
  const env = environment(service);
  expect(env.APP_JWT_SECRET).toBe('${JWT_SECRET}');
  expect(env).not.toHaveProperty('JWT_SECRET');
  expect([env.PUID, env.PGID]).toEqual(['${PUID:-1000}', '${PGID:-1000}']);
  // Besides APP_* and PUID/PGID, only what the entrypoint and Litestream read.
  expect(Object.keys(env).filter((k) => !/^(APP_|LITESTREAM_)/.test(k) && k !== 'PUID' && k !== 'PGID')).toEqual([]);
  expect(service.volumes).toContain('./data:/app/data');
  expect(service.ports).toEqual(['3000:3000']);
  expect(service.restart).toBe('unless-stopped');
  expect(interpolate(env.LITESTREAM_SYNC_INTERVAL, {})).toBe('1s');
  return { service, env, compose };
}

describe('compose.litestream-file.yaml', () => {
  it('replicates to a folder mounted from outside the data directory', () => {
    const { service, env } = replicatedService('compose.litestream-file.yaml');
    expect(env.LITESTREAM_REPLICA_URL).toBe('file:///replica');
    const mount = (service.volumes ?? []).map(String).find((volume) => volume.endsWith(':/replica'));
    expect(mount, 'a volume at /replica').toBeDefined();
    const source = interpolate(mount!.slice(0, -':/replica'.length), {});
    expect(source).toBe('./replica');
    expect(source.startsWith('./data')).toBe(false);
    expect(interpolate(mount!, { REPLICA_DIR: '/mnt/nas/switchyard' })).toBe('/mnt/nas/switchyard:/replica');
  });
});

describe('compose.litestream-s3.yaml', () => {
  it('replicates to the bucket of a MinIO service, made before the server starts, with its credentials', () => {
    const { service, env, compose } = replicatedService('compose.litestream-s3.yaml');
    expect(Object.keys(compose.services).sort()).toEqual(['minio', 'minio-bucket', 'switchyard']);
    const [, bucket] = /^s3:\/\/([^/]+)\/.+$/.exec(env.LITESTREAM_REPLICA_URL) ?? [];
    expect(bucket, env.LITESTREAM_REPLICA_URL).toBeDefined();
    expect(env.LITESTREAM_S3_ENDPOINT).toBe('http://minio:9000');
    expect(service.depends_on).toEqual({ 'minio-bucket': { condition: 'service_completed_successfully' } });

    const minio = compose.services.minio;
    const maker = compose.services['minio-bucket'];
    expect(minio.image).toMatch(/^minio\/minio:RELEASE\.\d{4}-/); // a pinned release
    expect(maker.image).toBe(minio.image);
    expect(minio.command).toBe('server /data');
    expect(maker.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    expect(String(maker.command)).toContain(`mc mb --ignore-existing storage/${bucket}`);
    // Litestream signs in as MinIO's root user; the password has no default and must be set.
    const minioEnv = environment(minio);
    expect(environment(maker)).toEqual(minioEnv);
    expect(env.LITESTREAM_ACCESS_KEY_ID).toBe(minioEnv.MINIO_ROOT_USER);
    expect(env.LITESTREAM_SECRET_ACCESS_KEY).toBe(minioEnv.MINIO_ROOT_PASSWORD);
    expect(minioEnv.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?[^}]+\}$/);
  });
});
