import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './tests/support/chromium.js';
import { baseUrlFor, E2E_ADMIN_TOKEN, E2E_CATALOG_PORT, E2E_FORBIDDEN_PORT, E2E_PORT } from './tests/e2e/support/env.js';

/**
 * Browser suite: Debian's Chromium (never a downloaded browser) against the real server built from
 * this tree, each run on fresh SQLite files seeded with the demo data. A second server refuses vote
 * changes so both readings of the specification are exercised.
 *
 * The vote protection is ON (its default): every vote in the browser carries an issued identity and a proof
 * of work, exactly as in production. Only the budgets of one address (identities, and votes across all
 * predictions) are raised, because every test device of the whole suite comes from the one address 127.0.0.1 (a
 * shared address far busier than any real one): past them three workers' votes would be priced ever higher and,
 * when spent in a busy moment, refused as underpriced and sent again.
 */

/**
 * E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres) runs each server
 * over a fresh PostgreSQL database of its own instead of an SQLite file (scripts/e2e-postgres-server.mjs).
 */
const postgresServer = process.env.E2E_DATABASE_URL;

function serverCommand(port: number, voteChange: 'allowed' | 'forbidden'): string {
  const env = `PORT=${port} HOST=127.0.0.1 PUBLIC_URL=${baseUrlFor(port)} RATE_LIMIT=off PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR=100000 PROTECTION_VOTES_PER_ADDRESS_PER_HOUR=1000000 VOTE_CHANGE=${voteChange} ADMIN_TOKEN=${E2E_ADMIN_TOKEN} LOG_LEVEL=warn`;
  if (postgresServer) return `${env} node scripts/e2e-postgres-server.mjs`;
  const db = join(tmpdir(), `predi974-e2e-${port}.db`);
  return `rm -f ${db} ${db}-wal ${db}-shm && ${env} DATABASE_URL=sqlite:${db} node dist/server/main.js`;
}

// SIGTERM first, so the PostgreSQL wrapper drops its database before it exits.
const gracefulShutdown = { signal: 'SIGTERM', timeout: 10_000 } as const;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const WHOLE_CATALOG = /@whole-catalog/;

const build = process.env.E2E_SKIP_BUILD === '1' ? 'true' : 'npm run build --silent';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Most of a browser test is waiting (for the page, the server, an animation, the live stream): measured on the
  // municipal and legal files, one worker left 60 % of the two cores idle and took 157 s, two took 96 s, three
  // 80 s; the whole suite went from 9.1 to 5.1 minutes with three. Tests therefore never rely on being alone,
  // except those tagged @whole-catalog, which run after all the others, one at a time (projects below).
  workers: 3,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: baseUrlFor(E2E_PORT),
    locale: 'fr-FR',
    timezoneId: 'Indian/Reunion',
    // Recording a trace of every test made the suite a third slower; ask for one when a test fails:
    // `npx playwright test <file> --trace=retain-on-failure`, then `npx playwright show-trace`.
    trace: 'off',
    // One browser context per worker, reset between tests by Playwright (cookies, cache, local storage and
    // IndexedDB of visited origins, service workers, extra pages, routes, init scripts, emulation), instead
    // of a new one per test: creating a context costs this machine about 0.9 s, a third of a short test.
    // What the reset leaves (permissions granted during a test) is reset by the `context` fixture, and the
    // tests that need several devices open contexts of their own.
    reuseContext: true,
    // The app registers a service worker in production builds. Requests it would answer escape
    // `page.route` and it keeps lists between tests, so it is blocked here (the app then works online
    // only, as before) and allowed by the tests of the offline app (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    {
      name: 'mobile',
      // Tests of what only large screens have run in the desktop project only, and the reverse.
      grepInvert: [/@desktop-only/, WHOLE_CATALOG],
      use: PHONE,
    },
    {
      name: 'desktop',
      // Behaviour that does not depend on the screen size runs once, at phone size (mobile first). The
      // desktop project runs what its layout changes, tagged `@desktop` (also at phone size) or
      // `@desktop-only`: header, footer, grids, side columns, short screens, and axe on each page.
      grep: /@desktop/,
      grepInvert: [/@mobile-only/, WHOLE_CATALOG],
      use: DESKTOP,
    },
    // Tests that read the whole catalog (how many predictions are open, which come first) would see the
    // predictions other tests create meanwhile: they run against a server of their own, one at a time, beside the
    // two projects above (waiting for those to end left one worker of three busy for the suite's last three minutes).
    {
      name: 'mobile-whole-catalog',
      grep: WHOLE_CATALOG,
      grepInvert: /@desktop-only/,
      workers: 1,
      use: { ...PHONE, baseURL: baseUrlFor(E2E_CATALOG_PORT) },
    },
    {
      name: 'desktop-whole-catalog',
      grep: /^(?=.*@whole-catalog)(?=.*@desktop)/,
      grepInvert: /@mobile-only/,
      workers: 1,
      dependencies: ['mobile-whole-catalog'],
      use: { ...DESKTOP, baseURL: baseUrlFor(E2E_CATALOG_PORT) },
    },
  ],
  webServer: [
    {
      command: `${build} && ${serverCommand(E2E_PORT, 'allowed')}`,
      url: `${baseUrlFor(E2E_PORT)}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown,
    },
    {
      // Started after the first one has built dist/, so it only waits for the port.
      command: `until [ -f dist/server/main.js ]; do sleep 0.5; done; ${serverCommand(E2E_FORBIDDEN_PORT, 'forbidden')}`,
      url: `${baseUrlFor(E2E_FORBIDDEN_PORT)}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown,
    },
    {
      // The whole-catalogue projects' own server (see above), on a database of its own.
      command: `until [ -f dist/server/main.js ]; do sleep 0.5; done; ${serverCommand(E2E_CATALOG_PORT, 'allowed')}`,
      url: `${baseUrlFor(E2E_CATALOG_PORT)}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown,
    },
  ],
});
