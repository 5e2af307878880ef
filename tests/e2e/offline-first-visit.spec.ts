import { mkdirSync, readFileSync } from 'node:fs';
import { frenchTypography } from '../../src/shared/format.js';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, marketCard, test } from './support/fixtures.js';
import { forgetEarlierVisits } from './support/fresh-device.js';

/**
 * A visitor who only opened the home (drawn by the server with its list inside, docs/decisions/026), then lost
 * the network: the reload must still show the predictions, and the news page the alerts as last read, never an
 * all-clear. Service workers are allowed here (the rest of the suite blocks them, playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow' });

// The browser context is reused from test to test: never leave it offline.
test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

// As the cards show them: French spacing before ? ! : and %.
const DEMO_TITLES = new Set(
  (JSON.parse(readFileSync('data/seed/markets.json', 'utf8')) as { title: string }[]).map((market) =>
    frenchTypography(market.title),
  ),
);

/** Waits until the service worker is active and controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until the worker's copy holds this API answer. */
async function waitForCopy(page: Page, path: string): Promise<void> {
  await page.waitForFunction(async (wanted) => (await (await caches.open('predi974-api')).match(wanted)) !== undefined, path);
}

/** With OFFLINE_SHOTS=<folder>: the screen as it is, at 390×844 and 1440×900, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.OFFLINE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await page.screenshot({ path: join(folder, `${name}-${width}-${dark ? 'dark' : 'light'}.png`), animations: 'disabled' });
    }
  }
  if (size) await page.setViewportSize(size);
}

test('a visit of the home alone is enough: offline, the reload shows the predictions, the news page the alerts as last read @desktop', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('article').first()).toBeVisible();
  // The grid is drawn in two steps (the server's first cards, then the rest once the app has loaded and run).
  // The demo predictions on the home (other tests add and remove their own meanwhile).
  const demoTitles = async () => (await page.locator('article h3').allInnerTexts()).filter((title) => DEMO_TITLES.has(title));
  await expect.poll(async () => (await demoTitles()).length).toBeGreaterThan(20);
  // The rows below the screen are drawn a few per frame: the titles are read once the grid has drawn them all.
  const grid = page.locator('[data-home-screen] ul:has(article)');
  await expect(grid).not.toHaveAttribute('aria-busy');
  const titles = await demoTitles();
  await waitForWorker(page);
  // The page never asked for these lists (the server drew the home): the worker read them itself.
  await waitForCopy(page, '/api/markets');
  await waitForCopy(page, '/api/news');

  await context.setOffline(true);
  // Two hours later, still without network.
  await page.clock.setFixedTime(new Date(Date.now() + 2 * 3_600_000 + 60_000));
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors connexion.' })).toContainText(
    'Les résultats affichés datent du',
  );
  await expect(page.locator('article h3').first()).toBeVisible();
  await expect.poll(demoTitles).toEqual(titles);
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(page.getByText(/^Erreur/)).toHaveCount(0);
  await shoot(page, 'first-visit-home');

  await page.goto('/#trending');
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  await expect(page.getByTestId('news-item')).toHaveCount(6);
  const unavailable = 'Alertes indisponibles\u00a0: dernière lecture il y a 2 h.';
  await expect(page.getByTestId('weather-alerts').getByTestId('weather-alerts-unavailable')).toHaveText(unavailable);
  await expect(page.getByText('Aucune alerte en cours')).toHaveCount(0);
  // On a phone the box comes after every article: the note is also at the top of the page.
  const banner = page.getByTestId('alert-banner');
  if (page.viewportSize()?.width === 390) await expect(banner.getByTestId('weather-alerts-unavailable')).toBeInViewport();
  else await expect(banner).toBeHidden();
  await shoot(page, 'first-visit-news');
});

/** The list drawn inside the page the worker keeps as its shell (its precache's `index.html`). */
function shellList(page: Page): Promise<string> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname === '/index.html') return (await cache.match(request))?.text() ?? '';
      }
    }
    return '';
  });
}

test('a later visit starts from the page of the visit before it, not of the first one: the worker keeps its shell up to date', async ({
  page,
  context,
  api,
}) => {
  await forgetEarlierVisits(page);
  await page.goto('/');
  await waitForWorker(page);
  // Created after the first visit: the page the worker installed does not hold it.
  const market = await api.createMarket({ trending: true });
  expect(await shellList(page)).not.toContain(market.id);
  // The next visit is served the kept page at once, and the worker fetches the page again for the visit after.
  await page.reload();
  await expect.poll(() => shellList(page), { timeout: 15_000 }).toContain(market.id);

  // That visit, without network: the page drawn with the prediction, before any list is read.
  await context.setOffline(true);
  await page.reload();
  expect(await page.locator('#home-data').textContent()).toContain(market.id);
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
  await expect(marketCard(page, market.title)).toBeVisible();
});
