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

test('a crawler (no JavaScript) reads the share page’s meta, and its picture is a 1200×630 PNG', async ({
  page,
  browser,
  api,
  baseURL,
}) => {
  const market = await api.createMarket({ title: 'Partage e2e : la houle dépassera-t-elle 6 m à Saint-Pierre ?' });
  await api.vote(market.id, 'yes');
  await api.vote(market.id, 'yes');
  await api.vote(market.id, 'no');

  const crawler = await browser.newContext({ javaScriptEnabled: false });
  try {
    const sharePage = await crawler.newPage();
    await sharePage.goto(`${baseURL}/p/${market.id}`);
    const meta = (key: string) => sharePage.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
    expect(await meta('og:title')).toBe('Partage e2e : la houle dépassera-t-elle 6 m à Saint-Pierre ?');
    expect(await meta('og:description')).toBe('OUI 67\u202F% · 3 votes — votez sur Prédi974');
    expect(await meta('og:url')).toBe(`${baseURL}/p/${market.id}`);
    expect(await meta('og:image')).toBe(`${baseURL}/p/${market.id}/apercu.png`);
    expect(await meta('og:image:width')).toBe('1200');
    expect(await meta('og:image:height')).toBe('630');
    expect(await meta('twitter:card')).toBe('summary_large_image');
    // Without JavaScript nothing moves on: the page stays, with its link to the app.
    expect(sharePage.url()).toBe(`${baseURL}/p/${market.id}`);
    await expect(sharePage.getByRole('link', { name: 'Voir la prédiction sur Prédi974' })).toHaveAttribute(
      'href',
      `/#prediction-${market.id}`,
    );
  } finally {
    await crawler.close();
  }

  const picture = await page.goto(`/p/${market.id}/apercu.png`);
  expect(picture?.headers()['content-type']).toBe('image/png');
  const size = await page.evaluate(() => {
    const image = document.querySelector('img');
    return image ? [image.naturalWidth, image.naturalHeight] : null;
  });
  expect(size).toEqual([1200, 630]);
});
