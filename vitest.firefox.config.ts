import { defineConfig } from 'vitest/config';

/**
 * The visitor flows in Firefox ESR over WebDriver BiDi (tests/firefox, docs/decisions/035): run by `npm test`
 * after the build and the Chromium suite, never by the default `vitest run`. One file, one browser, one server.
 */
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
