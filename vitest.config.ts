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
  },
});
