import { defineConfig } from 'vitest/config';

// Tests start real server processes; each file gets its own process and data directory.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/helpers/needs-summary.ts'],
    // The browser tests poll for what a page shows after its own requests: on a busy machine (CI runs two test files
    // at once, each with a server and Chromium) the default second timed out a page that was right a moment later.
    expect: { poll: { timeout: 10_000 } },
  },
});
