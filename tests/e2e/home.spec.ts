import { randomBytes } from 'node:crypto';
import { appStarted, expect, marketCard, openHome, test, withoutServerRender } from './support/fixtures.js';

/** The list's requests, whole or in pages (docs/decisions/043-catalogue-in-pages.md). */
const LIST = (url: URL) => url.pathname === '/api/markets';

const searchBox = (page: import('@playwright/test').Page) => page.getByRole('searchbox', { name: 'Rechercher une prédiction' });

test('8 skeleton cards while the list loads (a page the server did not render)', async ({ page }) => {
  await withoutServerRender(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Holds the real server's answer back (no fake data) to catch the loading state.
  await page.route(LIST, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const loading = page.getByRole('status', { name: 'Chargement des prédictions' });
  await expect(loading).toBeVisible();
  await expect(loading.locator(':scope > div')).toHaveCount(8);
  release();
  await expect(page.locator('article').first()).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('a failed list load shows the red "Erreur: …" line (a page the server did not render)', async ({ page }) => {
  await withoutServerRender(page);
  // The server cannot be made to fail on demand, so the failure is injected at the network layer.
  await page.route(LIST, (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Erreur: Erreur lors de la récupération des marchés: HTTP error! status: 503');
  // Colours are oklch(); a canvas turns the computed colour into sRGB bytes.
  const [r, g, b] = await alert.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  expect(r ?? 0).toBeGreaterThan((g ?? 0) + 60);
  expect(r ?? 0).toBeGreaterThan((b ?? 0) + 60);
});

test('"Réessayer" beside the error line reloads the list (a page the server did not render)', async ({ page }) => {
  await withoutServerRender(page);
  let calls = 0;
  // Only the first request fails; the retry reaches the real server.
  await page.route(LIST, async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 503, body: '' });
    else await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText('Erreur: Erreur lors de la récupération des marchés: HTTP error! status: 503');
  await expect(page.locator('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(calls).toBe(2);
});

test('empty result: "Aucune prédiction trouvée"', async ({ page }) => {
  await openHome(page, 'zzz aucune prédiction ne contient ceci');
  await expect(page.getByText('Aucune prédiction trouvée')).toBeVisible();
  await expect(page.getByText('Essayez de modifier vos filtres ou votre recherche')).toBeVisible();
  await expect(page.locator('article')).toHaveCount(0);
});

test('grid: 1 column on phones, 2 on medium screens, 4 on large ones', { tag: '@desktop' }, async ({ page, isMobile }) => {
  await openHome(page);
  const columns = async () => {
    const xs = await page
      .locator('article')
      .evaluateAll((cards) => cards.slice(0, 8).map((card) => Math.round(card.getBoundingClientRect().x)));
    return new Set(xs).size;
  };
  if (isMobile) {
    expect(await columns()).toBe(1);
    return;
  }
  expect(await columns()).toBe(4);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(columns).toBe(2);
});

test('trending predictions come first', async ({ page }) => {
  await openHome(page);
  // Only the cards on screen are drawn: the grid is read from top to bottom as the page scrolls, every demo prediction
  // once, in order.
  const seen = new Map<string, boolean>();
  for (let step = 0; step < 200; step++) {
    const cards = await page
      .locator('[data-market-id]')
      .evaluateAll((elements) =>
        elements.map(
          (card) => [card.getAttribute('data-market-id') ?? '', card.textContent?.includes('Tendance') ?? false] as const,
        ),
      );
    for (const [id, trending] of cards) if (!seen.has(id)) seen.set(id, trending);
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, 500);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atBottom && step > 0) break;
    await page.waitForTimeout(50);
  }
  expect(seen.size).toBeGreaterThanOrEqual(40);
  const flags = [...seen.values()];
  expect(flags[0]).toBe(true);
  const firstPlain = flags.indexOf(false);
  expect(firstPlain).toBeGreaterThan(0);
  expect(flags.slice(firstPlain)).not.toContain(true);
});

test('search: trimmed, case-insensitive, accent-insensitive, on title or description', async ({ page, api }) => {
  // A tag per run: the phone and desktop projects may run this test at the same time on one server.
  const tag = randomBytes(3).toString('hex');
  const market = await api.createMarket({
    title: `Le nouveau marché forain de Saint-Benoît ouvrira-t-il le dimanche ? (${tag})`,
    description: `Projet soutenu par les Zarlor du quartier Beaufonds ${tag}.`,
  });
  await openHome(page);
  const search = searchBox(page);
  await search.fill('   SAINT-BENOIT   ');
  await expect(marketCard(page, market.title)).toBeVisible();
  for (const card of await page.locator('article').all()) {
    await expect(card).toBeVisible();
  }
  await search.fill(`zarlor du quartier beaufonds ${tag}`);
  await expect(marketCard(page, market.title)).toBeVisible();
  await expect(page.locator('article')).toHaveCount(1);
  await search.fill('zarlor du quartier de Paris');
  await expect(page.getByText('Aucune prédiction trouvée')).toBeVisible();
});

test('category and vote filters combine; the vote filter has Tous / Votés / Non votés', async ({ page, api }) => {
  const tag = randomBytes(3).toString('hex');
  const voted = await api.createMarket({
    category: 'environnement',
    title: `Filtre e2e ${tag} : les tortues marines reviendront-elles pondre à l’Ermitage ?`,
  });
  const notVoted = await api.createMarket({
    category: 'environnement',
    title: `Filtre e2e ${tag} : le lagon de Saint-Gilles sera-t-il classé réserve intégrale ?`,
  });
  await openHome(page);
  await page.getByRole('navigation', { name: 'Catégories' }).getByRole('button', { name: 'Environnement' }).click();
  await marketCard(page, voted.title)
    .getByRole('button', { name: /^Voter OUI/ })
    .click();
  await expect(marketCard(page, voted.title).getByText('Vous avez voté OUI')).toBeVisible();

  const filter = page.getByRole('radiogroup', { name: 'Filtrer par vote' }).filter({ visible: true });
  await expect(filter.getByRole('radio')).toHaveText(['Tous', 'Votés', 'Non votés']);
  await filter.getByRole('radio', { name: 'Votés', exact: true }).click();
  await expect(page.locator('article')).toHaveCount(1);
  await expect(marketCard(page, voted.title)).toBeVisible();
  await filter.getByRole('radio', { name: 'Non votés' }).click();
  await expect(marketCard(page, notVoted.title)).toBeVisible();
  await expect(marketCard(page, voted.title)).toHaveCount(0);
  await expect(page.locator('article:not([data-category="environnement"])')).toHaveCount(0);
  await searchBox(page).fill(`Filtre e2e ${tag}`);
  await expect(page.locator('article')).toHaveCount(1);
  await filter.getByRole('radio', { name: 'Tous' }).click();
  await expect(page.locator('article')).toHaveCount(2);
});

test('a search typed before the app has started is kept: the box keeps the text and the list is filtered by it', async ({
  page,
  api,
}) => {
  const market = await api.createMarket();
  // A slow phone: the server's page is on screen, its script not yet run (held back here, then let through).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('article').first()).toBeVisible();
  await searchBox(page).fill(market.title);
  release();
  await appStarted(page);
  await expect(searchBox(page)).toHaveValue(market.title);
  await expect(page.locator('[data-home-screen] article')).toHaveCount(1);
  await expect(marketCard(page, market.title)).toBeVisible();
});

test('a short list draws the cards on screen first, then the others a few rows per frame until every card is drawn @desktop @whole-catalog', async ({
  page,
  api,
}) => {
  // A list of its own, found by search: past a page or 60 cards the grid draws only the rows on screen
  // (large-catalogue.spec.ts), and a server's catalogue may be that long. Its 36 predictions would make the home of
  // the tests running beside it that long too: it runs on the whole-catalogue server, alone (playwright.config.ts).
  const tag = randomBytes(4).toString('hex');
  const third = randomBytes(4).toString('hex');
  for (let index = 1; index <= 36; index += 1)
    await api.createMarket({
      title: `Liste ${tag}${index % 3 === 0 ? ` ${third}` : ''} n°${index} : la prédiction se réalisera-t-elle ?`,
    });
  await openHome(page);
  const grid = page.locator('[data-home-screen] ul:has(article)');
  const cards = page.locator('[data-home-screen] article');
  // A third of them, then all of them: the grid stays, with a list of other cards.
  await searchBox(page).fill(third);
  await expect(cards).toHaveCount(12);
  await expect(grid).not.toHaveAttribute('aria-busy');
  // Every change of the grid, as the browser applies it: how many cards it then holds, once the new list is in it
  // (a card of the two other thirds; until the answer, the grid may show the third it had).
  await page.evaluate((third) => {
    const counts: number[] = [];
    (window as unknown as { cardCounts: number[] }).cardCounts = counts;
    new MutationObserver(() => {
      const cards = [...document.querySelectorAll('[data-home-screen] article')];
      if (cards.some((card) => !card.textContent?.includes(third))) counts.push(cards.length);
    }).observe(document.body, { childList: true, subtree: true });
  }, third);
  await searchBox(page).fill(tag);
  await expect(cards).toHaveCount(36);
  await expect(grid).not.toHaveAttribute('aria-busy');
  const counts = await page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
  // The first cards drawn are those of the screen and the rows around it (the server's first 12 cards at most at
  // one column, three rows beyond the screen at four), not the 36 of the whole list.
  expect(counts[0]).toBeGreaterThan(0);
  expect(counts[0]).toBeLessThanOrEqual(24);
  expect(counts.at(-1)).toBe(36);
});

test('the virtualizer’s file never arrives: the grid still draws every card of the page the server sent', async ({ page }) => {
  const asked: string[] = [];
  await page.route(/\/assets\/virtual-core-[\w-]+\.js$/, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await openHome(page);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  // The page the server embedded (other tests may add predictions meanwhile: the list can only grow).
  const sent = await page.evaluate(() => {
    const data = JSON.parse(document.getElementById('home-data')?.textContent ?? 'null') as {
      page: { items: { id: string }[] };
    } | null;
    return data?.page.items.map((item) => item.id) ?? [];
  });
  // The demo's 40 predictions and those of the tests beside it: more than the 12 cards the server draws.
  expect(sent.length).toBeGreaterThan(12);
  await expect
    .poll(() =>
      page.evaluate(
        (ids) => ids.filter((id) => !document.querySelector(`[data-home-screen] article[data-market-id="${CSS.escape(id)}"]`)),
        sent,
      ),
    )
    .toEqual([]);
});
