import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/scale/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server bundled once for the suites that start server processes (tests/support/global-setup.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Most files spend their time waiting on servers, databases and timers rather than on the CPU, so four
    // forks share the two cores of the test machine better than two (measured: 292 s with two and isolation,
    // 240 s with two, 225 s with four).
    maxWorkers: 4,
    // A fork keeps the modules it has imported from one file to the next instead of importing the server
    // again for each of the 61 files: that import was 131 s of the suite's CPU. It is safe because no test
    // mocks modules or changes process-wide state; every server, database and registry is built per test.
    isolate: false,
  },
});
