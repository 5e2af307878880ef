import { expect, frenchCount, marketCard, openHome, test } from './support/fixtures.js';

test.describe('prediction card', () => {
  test('badges, integer percentages, two-colour bar, vote count and days remaining', async ({ page, api }) => {
    const market = await api.createMarket({ category: 'transport', trending: true, endsInDays: 12 });
    // 2 OUI, 1 NON: 67 % / 33 % once rounded.
    await api.vote(market.id, 'yes');
    await api.vote(market.id, 'yes');
    await api.vote(market.id, 'no');
    await openHome(page, market.title);
    const card = marketCard(page, market.title);
    await expect(card.getByText('Transport')).toBeVisible();
    await expect(card.getByText('Tendance')).toBeVisible();
    await expect(card.getByText('67 %')).toBeVisible();
    await expect(card.getByText('33 %')).toBeVisible();
    await expect(card.getByText(`${frenchCount(3)} votes`)).toBeVisible();
    await expect(card.getByText('12j restants')).toBeVisible();
    const bar = card.locator('[aria-hidden="true"].flex.w-full > div').first();
    expect(await bar.evaluate((el) => (el as HTMLElement).style.width)).toBe('67%');
  });

  test('OUI/NON buttons vote, then "Vous avez voté OUI" replaces them, also after a reload', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    const card = marketCard(page, market.title);
    await expect(card.getByText('50 %')).toHaveCount(2);
    await card.getByRole('button', { name: /^Voter OUI/ }).click();
    await expect(card.getByText('Vous avez voté OUI')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Voter (OUI|NON)/ })).toHaveCount(0);
    await expect(card.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(card.getByText('100 %')).toBeVisible();
    await page.reload();
    await searchFor(page, market.title);
    await expect(marketCard(page, market.title).getByText('Vous avez voté OUI')).toBeVisible();
    expect((await api.market(market.id)).yesVotes).toBe(1);
  });

  test('"Vous avez voté NON" after a NON vote', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter NON/ })
      .click();
    await expect(marketCard(page, market.title).getByText('Vous avez voté NON')).toBeVisible();
  });

  test('an ended prediction says "Terminé" and offers no vote buttons', async ({ page, api }) => {
    const market = await api.createMarket({ endsInDays: -3 });
    await openHome(page, market.title);
    const card = marketCard(page, market.title);
    await expect(card.getByText('Terminé')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  });

  test('a click on the card opens its detail', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await marketCard(page, market.title).click();
    await expect(page).toHaveURL(new RegExp(`#prediction-${market.id}$`));
    await expect(page.getByRole('heading', { name: market.title, level: 1 })).toBeVisible();
  });
});

test.describe('vote errors on the card', () => {
  test("the server's refusal text is shown (prediction removed after the page loaded)", async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    // Removals are not pushed live (the specification ignores them), so the card still offers its buttons.
    await api.deleteMarket(market.id);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, market.title).getByRole('alert')).toHaveText('Prédiction introuvable');
  });

  test('an ended prediction refuses votes on the server too (409 with its French text)', async ({ api }) => {
    const market = await api.createMarket({ endsInDays: -1 });
    const response = await api.voteResponse(market.id, 'yes');
    expect(response.status()).toBe(409);
    expect(await response.json()).toEqual({ error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' });
  });

  test('"Une erreur est survenue" when the server answers without a message', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await page.route('**/api/votes', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, body: '' }) : route.continue(),
    );
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, market.title).getByRole('alert')).toHaveText('Une erreur est survenue');
  });

  test('"Une erreur est survenue lors du vote." when the vote flow throws', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await page.route('**/api/votes', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '{ pas du JSON' })
        : route.continue(),
    );
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter NON/ })
      .click();
    await expect(marketCard(page, market.title).getByRole('alert')).toHaveText('Une erreur est survenue lors du vote.');
  });

  test('"Empreinte utilisateur non disponible" when the device cannot obtain its identity', async ({ page, api }) => {
    const market = await api.createMarket();
    // A first visit whose identity the server cannot issue (here: the issuing call fails with no answer).
    await page.route('**/api/identity', (route) => route.fulfill({ status: 503, body: '' }));
    await openHome(page, market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, market.title).getByRole('alert')).toHaveText('Empreinte utilisateur non disponible');
  });
});

async function searchFor(page: import('@playwright/test').Page, text: string) {
  await expect(page.locator('article').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(text);
}

test('the vote history load failing is silently ignored', async ({ page, api }) => {
  const market = await api.createMarket();
  await page.route('**/api/votes?*', (route) => route.fulfill({ status: 500, body: '' }));
  await openHome(page, market.title);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(marketCard(page, market.title).getByRole('button', { name: /^Voter OUI/ })).toBeEnabled();
});
