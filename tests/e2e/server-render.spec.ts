import { expect, test } from './support/fixtures.js';

/** Demo predictions the server draws among the first cards, with their demo counts. */
const NRL = 'Les travaux du dernier tronçon de la NRL démarreront-ils avant la fin de l’année ?';
const BELLO = 'Huguette Bello annoncera-t-elle sa candidature à un nouveau mandat à la tête de la Région ?';

/** The first cards are the catalog's: these tests run when no other test creates predictions. */
const WHOLE_CATALOG = { tag: '@whole-catalog' };

test.describe('without JavaScript', WHOLE_CATALOG, () => {
  test.use({ javaScriptEnabled: false });

  test('the server sends the home screen drawn: header, category chips, the first cards with their percentages', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Prédi974, page d’accueil' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Que va-t-il se passer à La Réunion ?');
    const chips = page.getByRole('navigation', { name: 'Catégories' });
    await expect(chips.getByRole('button', { name: 'Toutes catégories' })).toHaveAttribute('aria-current', 'page');
    await expect(chips.getByRole('button', { name: 'Municipales' })).toBeVisible();
    await expect(chips.getByRole('button', { name: 'Politique' })).toBeAttached();
    await expect(page.locator('article')).toHaveCount(12);
    const nrl = page.locator('article', { hasText: NRL });
    await expect(nrl.getByRole('heading', { level: 3 })).toHaveText(NRL);
    await expect(nrl.getByText('46 %')).toBeVisible();
    await expect(nrl.getByText('54 %')).toBeVisible();
    const bello = page.locator('article', { hasText: BELLO });
    await expect(bello.getByText('59 %')).toBeVisible();
    await expect(bello.getByText('41 %')).toBeVisible();
  });
});

test(
  'the app hydrates the server’s DOM as it is: same cards, no hydration error, no layout shift',
  WHOLE_CATALOG,
  async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const w = window as unknown as { serverCards: string[]; shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // "interactive": the page is parsed, the app's module has not run yet.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const cards = [...document.querySelectorAll('article')];
        w.serverCards = cards.map((card) => card.outerHTML);
        for (const card of cards) card.dataset.fromServer = 'yes';
      });
    });
    await page.goto('/');
    const firstYes = page.getByRole('button', { name: `Voter OUI : ${NRL}` });
    // Enabled once the app runs and knows this device's votes (none): hydration is over.
    await expect(firstYes).toBeEnabled();
    await page.waitForTimeout(1_000);
    const result = await page.evaluate(() => {
      const w = window as unknown as { serverCards: string[]; shift: number };
      const cards = [...document.querySelectorAll('article')].slice(0, w.serverCards.length);
      return {
        server: w.serverCards,
        // The marks set on the server's nodes: still there, so React kept those nodes rather than drawing new ones.
        kept: cards.filter((card) => card.dataset.fromServer === 'yes').length,
        hydrated: cards.map((card) => {
          const copy = card.cloneNode(true) as HTMLElement;
          delete copy.dataset.fromServer;
          // Only the vote buttons change once the device's votes are known (held back until then).
          for (const button of copy.querySelectorAll('button[disabled]')) button.removeAttribute('disabled');
          return copy.outerHTML;
        }),
        shift: w.shift,
      };
    });
    expect(result.server).toHaveLength(12);
    expect(result.kept).toBe(12);
    const serverWithoutHold = result.server.map((html) => html.replaceAll(' disabled=""', ''));
    expect(result.hydrated).toEqual(serverWithoutHold);
    expect(errors.filter((text) => /hydrat|#418|#419|#423|#425/i.test(text))).toEqual([]);
    expect(result.shift).toBeLessThanOrEqual(0.01);
  },
);

// On the whole-catalogue server: a prediction another test creates meanwhile is news the live stream brings, and the
// list is then read again, rightly.
test('the list is not read again at load: the page carries it', WHOLE_CATALOG, async ({ page }) => {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/markets') reads.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: `Voter OUI : ${NRL}` })).toBeEnabled();
  await page.waitForTimeout(1_000);
  expect(reads).toEqual([]);
});

test(
  'a direct load of another screen draws the app afresh, without hydration errors, and the home it leads to uses the list the page carried',
  WHOLE_CATALOG,
  async ({ page }) => {
    const reads: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/markets') reads.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/#municipales');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Élections Municipales');
    await page.getByRole('button', { name: 'Prédi974, page d’accueil' }).click();
    await expect(page.getByRole('button', { name: `Voter OUI : ${NRL}` })).toBeEnabled();
    await page.waitForTimeout(1_000);
    expect(reads).toEqual([]);
    expect(errors.filter((text) => /hydrat|#418|#419|#423|#425/i.test(text))).toEqual([]);
  },
);

for (const { hash, shows } of [
  { hash: '#municipales', shows: 'Élections Municipales' },
  { hash: '#prediction-nrl-dernier-troncon-travaux', shows: NRL },
]) {
  test(`a direct load of /${hash} never paints the home list, then shows its own screen`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { homeShown: boolean };
      w.homeShown = false;
      // Every frame the browser draws (none is drawn before the stylesheet has loaded), until the screen is there.
      const sample = () => {
        const home = document.querySelector<HTMLElement>('[data-home-screen]');
        if (home?.checkVisibility()) w.homeShown = true;
        if (performance.now() < 6_000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.goto(`/${hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shows);
    expect(await page.evaluate(() => (window as unknown as { homeShown: boolean }).homeShown)).toBe(false);
    await expect(page.locator('html')).not.toHaveAttribute('data-hash-route');
  });
}

test('the detail’s code fetched at the first touch may fail (page leaving, network lost) without an error on the page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const aborted: string[] = [];
  await page.route(/\/assets\/market-detail-[^/]+\.js$/, (route) => {
    aborted.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: `Voter OUI : ${NRL}` })).toBeEnabled();
  // A first touch on the page's background starts the fetch, which the route above makes fail.
  await page.mouse.click(5, 300);
  await expect.poll(() => aborted.length).toBe(1);
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
  // Back online, opening a prediction fetches the code again and shows the detail.
  await page.unroute(/\/assets\/market-detail-[^/]+\.js$/);
  await page.locator('article', { hasText: NRL }).getByRole('heading', { level: 3 }).click();
  await expect(page.getByTestId('market-detail')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a shared commune link opens its screen even when the screen’s code failed at its address', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const asked: string[] = [];
  // The chunk fails at its own address (the network dropped when the app asked for it): a browser keeps a failed import
  // of an address, so the app must ask under a fresh one, which passes.
  await page.route(/\/assets\/municipal-[\w-]+\.js(\?.*)?$/, (route) => {
    const { search } = new URL(route.request().url());
    asked.push(search);
    return search === '' ? route.abort('internetdisconnected') : route.continue();
  });
  await page.goto('/#commune-97411');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Élections Municipales');
  await expect(page.getByRole('dialog')).toContainText('Saint-Denis');
  expect(asked.filter((search) => /^\?retry=\d+$/.test(search))).toHaveLength(1);
  expect(errors).toEqual([]);
});
