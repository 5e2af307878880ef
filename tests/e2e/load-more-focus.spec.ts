import type { Market } from '../../src/shared/market.js';
import { expect, openHome, test } from './support/fixtures.js';

/**
 * « Afficher plus de prédictions » pressed from the keyboard when it reads the last page: the button goes, and the
 * focus moves to the first card that page brought, never to the page's top. Its 20 added predictions (60 with the
 * demo's 40: two pages of 48) change the whole catalogue, so it runs with the tests that read it, one at a time.
 */
test(
  'the last page read from the keyboard: the focus moves to its first card',
  { tag: ['@whole-catalog', '@desktop'] },
  async ({ page, api }) => {
    test.setTimeout(90_000);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api.createMarket({ title: `Question de la dernière page n°${index + 1} sera-t-elle tranchée ?`, category: 'economie' }),
      ),
    );
    const whole = (await (await page.request.get('/api/markets')).json()) as Market[];
    expect(whole).toHaveLength(60);
    const firstOfPage2 = whole[48];
    if (!firstOfPage2) throw new Error('no 49th prediction');

    // The second page fails once (at the network layer: the server cannot be made to fail on demand), so the button
    // stays to read it again.
    let failures = 0;
    const page2 = (url: URL) => url.pathname === '/api/markets' && url.search === '?page=2';
    await page.route(page2, (route) => {
      failures += 1;
      return route.fulfill({ status: 503, body: '' });
    });
    await openHome(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const more = page.getByRole('button', { name: 'Afficher plus de prédictions' });
    await expect.poll(() => failures).toBe(1);
    await expect(more).toBeEnabled();
    await page.unroute(page2);

    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /Afficher plus|Chargement/ })).toHaveCount(0);
    const link = page.locator(`[data-market-id="${firstOfPage2.id}"] h3 a`);
    await expect(link).toBeFocused();
    await expect(link).toBeInViewport();
    // The next Tab goes on from there, within that card.
    await page.keyboard.press('Tab');
    await expect(page.locator(`[data-market-id="${firstOfPage2.id}"]`).locator(':focus')).toHaveCount(1);
  },
);
