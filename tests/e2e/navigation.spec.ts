import { expect, openHome, test } from './support/fixtures.js';

const homeHeading = 'Que va-t-il se passer à La Réunion ?';

test.describe('hash navigation', () => {
  test('the initial tab comes from the hash: municipales, trending, anything else is home', async ({ page }) => {
    await page.goto('/#municipales');
    await expect(page.getByRole('heading', { name: 'Élections Municipales', level: 1 })).toBeVisible();
    await page.goto('/#trending');
    await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
    await page.goto('/#nimporte-quoi');
    await expect(page.getByRole('heading', { name: homeHeading })).toBeVisible();
  });

  test('changing tab sets the hash, coming home clears it, Back returns to the previous tab', async ({ page, isMobile }) => {
    await openHome(page);
    await page.getByRole('navigation', { name: 'Catégories' }).getByRole('button', { name: 'Municipales' }).click();
    await expect(page).toHaveURL(/#municipales$/);
    if (isMobile) {
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Tendances' }).click();
      await expect(page).toHaveURL(/#trending$/);
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Accueil' }).click();
    } else {
      await page.getByRole('button', { name: 'Prédi974, page d’accueil' }).click();
    }
    await expect(page.getByRole('heading', { name: homeHeading })).toBeVisible();
    expect(page.url().endsWith('/')).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/#(municipales|trending)$/);
  });

  test('a card is a link to #prediction-<id>, reachable with the keyboard', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    const link = page.getByRole('link', { name: market.title });
    await expect(link).toHaveAttribute('href', `#prediction-${market.id}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: market.title, level: 1 })).toBeVisible();
  });
});
