import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/scale/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites share one machine's two cores; files run in parallel, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
  },
});
