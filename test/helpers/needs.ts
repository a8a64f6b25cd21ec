// What a test needs from outside the repository: system tools (Chromium, snmpsimd, shellcheck, pdftoppm, Ansible), root, and
// the shared fixtures beside the repository (../shared/fixtures). A test whose need is missing is skipped with one
// line that names it and how to get it, and the run ends with a summary of them (needs-summary.ts); under CI=true
// (.ci/run) a missing need fails its tests instead, so that nothing is lost silently.
import { accessSync, appendFileSync, constants, existsSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

export interface Need {
  /** What is needed, as the skip line names it: `chromium`, `snmpsimd`, `../shared/fixtures/snmp`… */
  name: string;
  present: boolean;
  /** How to get it, for the skip line: `apt-get install chromium`. */
  howToGet: string;
}

const REPOSITORY = resolve(import.meta.dirname, '..', '..');

/** The shared fixtures: beside the repository, as the project's shared/ folder is laid out. */
export const SHARED_FIXTURES = resolve(REPOSITORY, '..', 'shared', 'fixtures');

/** The browser the e2e tests drive (playwright-core with the system's Chromium, never a downloaded one). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** An executable: an absolute path, or a command found on PATH. */
export function systemTool(command: string, howToGet: string): Need {
  const candidates = isAbsolute(command) ? [command] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, command));
  return { name: command, present: candidates.some(isExecutable), howToGet };
}

/** A file or folder under ../shared/fixtures. */
export function sharedFixture(relativePath: string): Need {
  return {
    name: `../shared/fixtures/${relativePath}`,
    present: existsSync(join(SHARED_FIXTURES, relativePath)),
    howToGet: "the project's shared/ folder beside the repository",
  };
}

export const NEEDS = {
  chromium: systemTool(CHROMIUM_PATH, 'apt-get install chromium'),
  /** Only the cross-checks of the recordings agent (test/discovery/snmprec-agent.ts) with snmpsimd need it. */
  snmpsimd: systemTool('snmpsimd', 'apt-get install snmpsim'),
  shellcheck: systemTool('shellcheck', 'apt-get install shellcheck'),
  /** The directory sign-in tests (issue 41) start their own OpenLDAP server. */
  slapd: systemTool('/usr/sbin/slapd', 'apt-get install slapd ldap-utils'),
  pdftoppm: systemTool('pdftoppm', 'apt-get install poppler-utils'),
  /** The Ansible inventory test runs ansible-inventory and ansible over contrib/ansible/switchyard_inventory.py. */
  ansible: systemTool('ansible-inventory', 'apt-get install ansible-core'),
  /** Certificates for the TLS tests: the inventory script's CA file, the agent's (src/agent/client.test.ts). */
  openssl: systemTool('openssl', 'apt-get install openssl'),
  root: {
    name: 'root',
    present: process.getuid?.() === 0,
    howToGet: 'run the tests as root (sudo npm test), as .ci/run does: they start the entrypoint, which drops privileges',
  },
} satisfies Record<string, Need>;

/**
 * `describe`, or when a need is missing: one test in its place, skipped with one line (locally) or failing
 * (CI=true). The body does not run then: what it reads at collection (a fixture) may be missing too.
 */
export function describeNeeding(needs: readonly Need[], name: string, body: () => void): void {
  const missing = missingOf(needs);
  const stands = `has ${missing.map((need) => need.name).join(', ')}`;
  if (missing.length === 0) describe(name, body);
  else if (inCi()) describe(name, () => it(stands, () => failMissing(missing)));
  else {
    noteSkipped(missing);
    describe(name, () => it.skip(`${stands} (${missingLine(missing)})`, () => {}));
  }
}

/** `it`, or when a need is missing: skipped with one line (locally) or failing (CI=true). */
export function itNeeding(needs: readonly Need[], name: string, options: { timeout?: number }, body: () => unknown): void {
  const missing = missingOf(needs);
  if (missing.length === 0) it(name, options, body);
  else if (inCi()) it(name, () => failMissing(missing));
  else {
    noteSkipped(missing);
    it.skip(`${name} (${missingLine(missing)})`, body);
  }
}

/**
 * For a file whose setup (a browser, an agent) runs in beforeAll: whether to set it up. When a need is missing, every
 * test of the file is skipped (locally) or fails (CI=true), and the setup must not run.
 */
export function fileNeeds(needs: readonly Need[]): boolean {
  const missing = missingOf(needs);
  if (missing.length === 0) return true;
  if (!inCi()) noteSkipped(missing);
  beforeEach((context) => {
    if (inCi()) failMissing(missing);
    context.skip(missingLine(missing));
  });
  return false;
}

function missingOf(needs: readonly Need[]): Need[] {
  return needs.filter((need) => !need.present);
}

function inCi(): boolean {
  return process.env.CI === 'true';
}

function missingLine(missing: readonly Need[]): string {
  return `skipped: missing ${missing.map((need) => `${need.name} (${need.howToGet})`).join(', ')}`;
}

function failMissing(missing: readonly Need[]): never {
  throw new Error(`CI=true and this test's needs are missing: ${missing.map((need) => `${need.name} (${need.howToGet})`).join(', ')}`);
}

/** One line on the test's output, and one for the run's summary (needs-summary.ts collects them). */
function noteSkipped(missing: readonly Need[]): void {
  const file = expect.getState().testPath ?? 'a test file';
  const where = file.startsWith(REPOSITORY) ? file.slice(REPOSITORY.length + 1) : file;
  process.stdout.write(`${where}: ${missingLine(missing)}\n`);
  const summary = process.env.SWITCHYARD_SKIPPED_NEEDS;
  if (!summary) return;
  for (const need of missing) appendFileSync(summary, `${JSON.stringify({ need: need.name, howToGet: need.howToGet, file: where })}\n`);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
