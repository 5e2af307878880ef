import type { Market } from '../../src/shared/market.js';
import { expect, openHome, test } from './support/fixtures.js';

/**
 * A catalogue of 1,040 predictions (docs/decisions/043-catalogue-in-pages.md): the home gets the first page with the
 * page, draws only the cards on screen, asks the server for the next pages as the visitor scrolls, and sends the
 * search to the server (the whole catalogue is not in the browser). Its 1,000 predictions change the whole catalogue,
 * so it runs with the tests that read it, one at a time, and deletes them (the `api` fixture) when it ends.
 */
const ADDED = 1_000;
const UNIQUE = 'Le festival du zembrocal à Sainte-Rose battra-t-il son record d’affluence ?';

test(
  '1,040 predictions: pages as the visitor scrolls, only the cards on screen drawn, search on the server',
  { tag: '@whole-catalog' },
  async ({ page, context, api }) => {
    test.setTimeout(240_000);
    for (let start = 0; start < ADDED; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, ADDED - start) }, (_, offset) =>
          api.createMarket({
            title: start + offset === 500 ? UNIQUE : `Question du grand catalogue n°${start + offset + 1} sera-t-elle tranchée ?`,
            category: 'economie',
          }),
        ),
      );
    }
    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/markets') pages.push(url.search);
    });

    await openHome(page);
    // The first page came with the page: 48 of the 1,040, and no read of the list at load.
    const embedded = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('home-data')?.textContent ?? '{}') as { page: { total: number; items: Market[] } })
          .page,
    );
    expect(embedded.total).toBe(1_040);
    expect(embedded.items).toHaveLength(48);

    const search = page.getByRole('searchbox', { name: 'Rechercher une prédiction' });
    // Offline, the server cannot search: the search runs on the 48 predictions the device holds, and says so. A
    // prediction beyond them is not found, and the page does not pretend the catalogue has none.
    // The pages held are read again when the live stream drops (they stay on screen when that fails); on a loaded
    // machine the grid once took page 2 before the network went, which is then among them.
    const pageOf = (query: string) => Number(new URLSearchParams(query).get('page'));
    const heldPages = Math.max(...pages.map(pageOf), 1);
    const offlineFrom = pages.length;
    await context.setOffline(true);
    // At the end of the pages held, offline: no next page is asked for (none is to be had), again and again as a failed
    // read ends, nor offered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('article').last()).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('button', { name: /Afficher plus|Chargement/ })).toHaveCount(0);
    expect(pages.slice(offlineFrom).filter((query) => pageOf(query) > heldPages)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    const offlineNote = page.getByTestId('offline-search-note');
    const beyondFirstPage = 'Question du grand catalogue n°999 sera-t-elle tranchée ?';
    expect(embedded.items.map((market) => market.title)).not.toContain(beyondFirstPage);
    await search.fill('catalogue n°999 sera');
    await expect(offlineNote).toHaveText('Hors connexion\u00a0: résultats parmi 48 prédictions enregistrées sur cet appareil.');
    await expect(page.getByText('Aucune prédiction trouvée')).toBeVisible();
    await search.fill('huguette bello');
    await expect(page.locator('article h3')).toHaveText([
      'Huguette Bello annoncera-t-elle sa candidature à un nouveau mandat à la tête de la Région\u202f?',
    ]);
    await expect(offlineNote).toBeVisible();
    // Nothing was asked of the server meanwhile: no search, and no further page (offline there is none to be had).
    await expect(page.getByRole('button', { name: /Afficher plus|Chargement/ })).toHaveCount(0);
    const askedOffline = pages.slice(offlineFrom);
    expect(askedOffline.filter((query) => query !== `?page=${pageOf(query)}` || pageOf(query) > heldPages)).toEqual([]);
    // Back online, the search goes to the server again.
    await context.setOffline(false);
    await search.fill('catalogue n°999 sera');
    await expect(page.locator('article h3')).toHaveText([beyondFirstPage]);
    await expect(offlineNote).toHaveCount(0);

    // Search: the catalogue is not all in the browser, so the server answers (accents and case ignored).
    await search.fill('ZEMBROCAL A SAINTE-ROSE');
    await expect(page.getByTestId('offline-search-note')).toHaveCount(0);
    await expect(page.locator('article')).toHaveCount(1);
    await expect(page.locator('article h3')).toHaveText(UNIQUE);
    expect(pages).toContain('?page=1&search=ZEMBROCAL+A+SAINTE-ROSE');
    await search.fill('');
    await expect(page.locator('article h3').first()).not.toHaveText(UNIQUE);

    // A next page that fails is asked for once, not again each time the read ends; « Afficher plus de prédictions »
    // tries again. The failure is made at the network layer: the server cannot be made to fail on demand.
    const next = String(heldPages + 1);
    const nextPage = (url: URL) => url.pathname === '/api/markets' && url.search === `?page=${next}`;
    let failures = 0;
    await page.route(nextPage, (route) => {
      failures += 1;
      return route.fulfill({ status: 503, body: '' });
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const more = page.getByRole('button', { name: 'Afficher plus de prédictions' });
    await expect(more).toBeEnabled();
    await expect.poll(() => failures).toBe(1);
    await page.waitForTimeout(1_500);
    expect(failures).toBe(1);
    await page.unroute(nextPage);
    // By keyboard: the focus stays on the button while the page is read, and after.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pages.filter((query) => query === `?page=${next}`).length).toBe(2);
    await expect(more).toBeEnabled();
    await expect(more).toBeFocused();

    // Scrolling to the end asks for the next pages until the last one; the grid never holds more than a screenful.
    const whole = (await (await page.request.get('/api/markets')).json()) as Market[];
    let most = 0;
    for (let step = 0; step < 200; step++) {
      const state = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const cards = [...document.querySelectorAll('[data-home-screen] [data-market-id]')];
        return {
          cards: cards.length,
          last: cards.at(-1)?.getAttribute('data-market-id') ?? '',
          more: [...document.querySelectorAll('button')].some((button) => button.textContent?.includes('Afficher plus')),
        };
      });
      most = Math.max(most, state.cards);
      if (!state.more && state.last === whole.at(-1)?.id) break;
      await page.waitForTimeout(150);
    }
    await expect(page.locator('[data-home-screen] [data-market-id]').last()).toHaveAttribute(
      'data-market-id',
      whole.at(-1)?.id ?? '',
    );
    expect([...new Set(pages.filter((query) => /^\?page=\d+$/.test(query) && query !== '?page=1'))]).toEqual(
      Array.from({ length: 21 }, (_, index) => `?page=${index + 2}`),
    );
    expect(most).toBeLessThan(60);
  },
);
