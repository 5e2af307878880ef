import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AdminApi } from './support/admin-api.js';
import { startBuiltServer, type BuiltServer } from './support/built-server.js';
import {
  elementWithText,
  launchFirefox,
  newPhonePage,
  tap,
  tapSelector,
  textsOf,
  waitForText,
  type Firefox,
  type PhonePage,
} from './support/firefox.js';

/**
 * The visitor's main flows in Firefox ESR (docs/decisions/035), against the production server built from this tree
 * with its vote protection on: every vote carries an issued identity and a proof of work computed in Firefox's own
 * worker. One browser, one fresh profile for the file; one tab per test.
 */

const HOME_HEADING = 'Que va-t-il se passer à La Réunion ?';
const SEEDED_TITLE = 'Huguette Bello annoncera-t-elle sa candidature à un nouveau mandat à la tête de la Région ?';
// A vote is an identity, a challenge and a proof of work on a busy two-core machine.
const VOTE_LANDS_MS = 30_000;
// The home's own search field (the header's is hidden at phone size).
const SEARCH = 'input[type="search"][placeholder="Rechercher une prédiction..."]';

let server: BuiltServer;
let firefox: Firefox;
let api: AdminApi;
let page: Page;
let tab: PhonePage | undefined;

beforeAll(async () => {
  // Side by side: the server migrates and seeds its database while Firefox makes its profile. Both are kept as
  // soon as they are up, so that afterAll stops the one that started when the other did not.
  const started = await Promise.allSettled([
    startBuiltServer().then((value) => (server = value)),
    launchFirefox().then((value) => (firefox = value)),
  ]);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  api = new AdminApi(server.url);
});

afterAll(async () => {
  await firefox?.close();
  await server?.stop();
  server?.cleanup();
});

/** Opens a new tab for the test; its script errors fail the test. */
async function openTab(): Promise<void> {
  tab = await newPhonePage(firefox.browser);
  page = tab.page;
}

afterEach(async () => {
  const errors = tab?.errors ?? [];
  await page?.close();
  tab = undefined;
  expect(errors).toEqual([]);
});

/** With FIREFOX_SHOTS=<folder>: the screen as Firefox draws it. */
async function shoot(name: string): Promise<void> {
  const folder = process.env.FIREFOX_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `firefox-${name}-390.png`) });
}

async function openHome(search?: string): Promise<void> {
  await page.goto(`${server.url}/`);
  await waitForText(page, 'article h3', SEEDED_TITLE, { match: 'exact' });
  if (search === undefined) return;
  await page.locator(SEARCH).fill(search);
  // The search runs in the browser: only the one card is left.
  await page.waitForFunction(
    (title) => {
      const titles = [...document.querySelectorAll('article h3')].map((element) =>
        element.textContent?.replace(/[\u00a0\u202f]/g, ' ').trim(),
      );
      return titles.length === 1 && titles[0] === title;
    },
    { timeout: 10_000 },
    search,
  );
}

/** Waits until the home's grid has drawn its last row: the rows below the screen come a few per frame. */
async function gridDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const grid = document.querySelector('[data-home-screen] ul:has(article)');
      return grid !== null && grid.querySelectorAll('article').length > 12 && !grid.hasAttribute('aria-busy');
    },
    { timeout: 15_000 },
  );
}

describe('Firefox ESR', () => {
  test('home: the list of predictions, and the search narrows it in the browser', async () => {
    const market = await api.createMarket();
    await openTab();
    await openHome();
    await waitForText(page, 'h1, h2', HOME_HEADING, { match: 'exact' });
    const titles = await textsOf(page, 'article h3');
    expect(titles.length).toBeGreaterThan(3);
    expect(titles).toContain(SEEDED_TITLE);
    await shoot('home');

    await page.locator(SEARCH).fill(market.title);
    await page.waitForFunction(
      (title) => {
        const shown = [...document.querySelectorAll('article h3')].map((element) =>
          element.textContent?.replace(/[\u00a0\u202f]/g, ' ').trim(),
        );
        return shown.length === 1 && shown[0] === title;
      },
      { timeout: 10_000 },
      market.title,
    );
  });

  test('detail: a card opens its prediction; the browser\'s back and "Retour" come back to the list', async () => {
    const market = await api.createMarket();
    await openTab();
    await openHome(market.title);
    await tap(await elementWithText(page, 'article h3', market.title));
    await waitForText(page, 'h1', market.title, { match: 'exact' });
    expect(await page.evaluate(() => location.hash)).toBe(`#prediction-${market.id}`);
    await waitForText(page, 'section h2', 'Votre prédiction', { match: 'exact' });
    await shoot('detail');

    // The browser's back button. Not `page.goBack()`: it waits for a navigation event that Firefox's BiDi does not
    // send when going back between two entries of one document (the app navigates with the hash), and times out.
    await page.evaluate(() => history.back());
    await waitForText(page, 'article h3', market.title, { match: 'exact' });
    expect(await page.evaluate(() => location.hash)).toBe('');

    await tap(await elementWithText(page, 'article h3', market.title));
    await waitForText(page, 'h1', market.title, { match: 'exact' });
    await tap(await elementWithText(page, 'button', 'Retour'));
    await waitForText(page, 'h1, h2', HOME_HEADING, { match: 'exact' });
    expect(await page.evaluate(() => location.hash)).toBe('');
  });

  test('votes: OUI on a card and NON on a detail, each with its proof of work, counted once', async () => {
    const yes = await api.createMarket();
    const no = await api.createMarket();
    await openTab();

    await openHome(yes.title);
    await tapSelector(page, `button[aria-label="Voter OUI : ${yes.title}"]`);
    await waitForText(page, 'article', 'Vous avez voté OUI', { timeout: VOTE_LANDS_MS });
    expect(await api.market(yes.id)).toMatchObject({ yesVotes: 1, noVotes: 0, totalVotes: 1 });

    await page.goto(`${server.url}/#prediction-${no.id}`);
    await waitForText(page, 'h1', no.title, { match: 'exact' });
    await tap(await elementWithText(page, '[role="group"][aria-label="Votre choix"] button', 'NON', 'prefix'));
    await tap(await elementWithText(page, 'button', 'Voter NON'));
    await waitForText(page, 'section p', 'Vote enregistré !', { match: 'exact', timeout: VOTE_LANDS_MS });
    expect(await api.market(no.id)).toMatchObject({ yesVotes: 0, noVotes: 1, totalVotes: 1 });
    // The proofs were searched for in the app's worker, loaded once for the visit.
    const workers = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /^\/assets\/proof-worker-[\w-]+\.js$/.test(path)),
    );
    expect(workers).toHaveLength(1);
  });

  test('municipal: pick a commune and a candidate, "Confirmer le vote", the vote is counted', async () => {
    const { commune, candidates } = await api.createCommune(['Anne Fox', 'Bruno Fox']);
    const bruno = candidates[1]!;
    await openTab();
    await page.goto(`${server.url}/#municipales`);
    const card = `[data-testid="commune-card"][data-commune-id="${commune.id}"]`;
    await tapSelector(page, `${card} [data-testid="commune-open"]`);
    const sheet = '[role="dialog"]';
    await waitForText(page, `${sheet} h2`, commune.title, { match: 'exact' });
    await tapSelector(page, `${sheet} li[data-candidate-id="${bruno.id}"] label`);
    await tap(await elementWithText(page, `${sheet} button`, 'Confirmer le vote'));
    // Right after the vote, the thanks alone, naming the candidate ("déjà voté" is for a later visit).
    await waitForText(page, `${sheet} [data-testid="vote-thanks"]`, 'Merci, votre vote pour ', {
      match: 'prefix',
      timeout: VOTE_LANDS_MS,
    });
    await waitForText(page, `${sheet} [data-testid="detail-total"]`, '1 vote', { match: 'exact' });
    expect((await api.candidates(commune.id)).map(({ name, votes }) => ({ name, votes }))).toEqual([
      { name: 'Bruno Fox', votes: 1 },
      { name: 'Anne Fox', votes: 0 },
    ]);
  });

  test('offline: after a visit, a reload with no network shows the app and the last list from the service worker', async () => {
    await openTab();
    await openHome();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first install claims the open page (clients.claim); reload once if that has not happened yet.
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 15_000 });
    await page.reload();
    await waitForText(page, 'article h3', SEEDED_TITLE, { match: 'exact' });
    await page.waitForFunction(
      async () => (await (await caches.open('predi974-api')).match('/api/markets?page=1')) !== undefined,
      {
        timeout: 15_000,
      },
    );
    // The grid is drawn in steps (the server's first cards, then the rest a few rows per frame).
    await gridDrawn(page);
    const titles = await textsOf(page, 'article h3');
    expect(titles.length).toBeGreaterThan(3);
    const since = islandDayAndTime(
      await page.evaluate(
        async () => (await (await caches.open('predi974-api')).match('/api/markets?page=1'))?.headers.get('date') ?? '',
      ),
    );

    await page.setOfflineMode(true);
    try {
      await page.reload();
      await waitForText(
        page,
        '[role="status"]',
        `Vous êtes hors connexion. Les résultats affichés datent du ${since} et peuvent ne plus être à jour.`,
        { match: 'exact', timeout: 20_000 },
      );
      await waitForText(page, 'h1, h2', HOME_HEADING, { match: 'exact' });
      await gridDrawn(page);
      expect(await textsOf(page, 'article h3')).toEqual(titles);
      // The page really is cut off: what the worker does not keep does not come.
      expect(
        await page.evaluate(() =>
          fetch('/api/health').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/sw.js`);
    } finally {
      await page.setOfflineMode(false);
    }
    // Firefox reports the live stream's failed connection while offline as a page error: expected here, and the only one.
    expect(tab?.errors).toEqual([`Firefox can’t establish a connection to the server at ${server.url}/api/stream.`]);
    tab?.errors.splice(0);
  });
});

/** "24 novembre à 14 h 05": an HTTP Date header as the offline banner says it, on the island's time. */
function islandDayAndTime(header: string): string {
  const date = new Date(header);
  // French writes the first of a month « 1er ».
  const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Indian/Reunion' })
    .format(date)
    .replace(/^1 /, '1er ');
  const parts = new Intl.DateTimeFormat('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Indian/Reunion',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value;
  return `${day} à ${part('hour')} h ${part('minute')}`;
}
