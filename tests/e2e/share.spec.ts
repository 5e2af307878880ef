import { expect, test } from './support/fixtures.js';

const SAINT_DENIS = 'Élection Municipale Saint-Denis 2026';

test('/p/<id> in a browser lands on the prediction’s detail', async ({ page, api, baseURL }) => {
  const market = await api.createMarket();
  await page.goto(`/p/${market.id}`);
  await expect(page.getByRole('heading', { name: market.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('market-detail')).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/#prediction-${market.id}`);
});

test('/c/97411 opens the commune’s sheet; closing goes back to #municipales, and Back closes a sheet opened from the list', async ({
  page,
  baseURL,
}) => {
  await page.goto('/c/97411');
  const sheet = page.getByRole('dialog', { name: SAINT_DENIS });
  await expect(sheet).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/#commune-97411`);
  await sheet.getByRole('button', { name: 'Fermer' }).click();
  await expect(sheet).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('#municipales');
  await expect(page.getByRole('heading', { name: 'Élections Municipales', level: 1 })).toBeVisible();

  await page.locator('[data-testid="commune-card"][data-commune-id="97411"]').click();
  await expect(sheet).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#commune-97411');
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('#municipales');

  // An unknown commune in the address just shows the municipal tab.
  await page.goto('/#commune-97499');
  await expect(page.getByRole('heading', { name: 'Élections Municipales', level: 1 })).toBeVisible();
  await expect(page.getByTestId('commune-card').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an unknown share link answers the French 404 page, whose link goes home', async ({ page }) => {
  const response = await page.goto('/p/cette-prediction-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Prédiction introuvable', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Aller à l’accueil de Prédi974' }).click();
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
});

test('@desktop the commune sheet’s Partager copies its /c/ link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/#commune-97411');
  const sheet = page.getByRole('dialog', { name: SAINT_DENIS });
  await sheet.getByRole('button', { name: 'Partager' }).click();
  await expect(sheet.getByText('Lien copié')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/c/97411`);
});
