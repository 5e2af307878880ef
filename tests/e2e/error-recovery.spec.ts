import type { MarketPage } from '../../src/shared/market-list.js';
import { expect, test, withoutServerRender } from './support/fixtures.js';

/** The list's requests, whole or in pages. */
const LIST = (url: URL) => url.pathname === '/api/markets';

const homeHeading = 'Que va-t-il se passer à La Réunion ?';

test.describe('crafted links and render errors', () => {
  for (const link of ['/#%', '/#prediction-%E0%A4%A']) {
    test(`a malformed share link (${link}) opens the home page`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(link);
      await expect(page.getByRole('heading', { name: homeHeading })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('a render error shows a French message and a way back to the home page', async ({ page, request }) => {
    // Test-only trigger, said plainly: this one test answers the list itself with a prediction whose title
    // is an object, which the server never sends, so that rendering a card throws. Every other request
    // reaches the real server.
    const first = (await (await request.get('/api/markets?page=1')).json()) as MarketPage;
    const crafted = { ...first, items: [{ ...first.items[0], title: { piège: 'pas un texte' } }, ...first.items.slice(1)] };
    // The page without the server's render, so the browser reads the list (the crafted one) itself.
    await withoutServerRender(page);
    await page.route(LIST, (route) => route.fulfill({ json: crafted }));
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Une erreur est survenue' })).toBeVisible();
    await expect(alert).toContainText('La page n’a pas pu s’afficher. Vos votes enregistrés ne sont pas perdus.');
    await page.screenshot({ path: test.info().outputPath('error-boundary.png') });

    await page.unroute(LIST);
    await alert.getByRole('button', { name: 'Revenir à l’accueil' }).click();
    await expect(page.getByRole('heading', { name: homeHeading })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
