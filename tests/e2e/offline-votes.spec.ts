import type { Page } from '@playwright/test';
import { expect, marketCard, test } from './support/fixtures.js';
import { forgetEarlierVisits } from './support/fresh-device.js';

/**
 * A vote made without network on a card or in the detail is kept on the device and sent once the connection
 * returns, once (docs/decisions/038). Service workers are allowed, so the page reloads with no network.
 */
test.use({ serviceWorkers: 'allow' });

// The browser context is reused from test to test: never leave it offline.
test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

const PENDING = 'Vote OUI en attente. Votre vote sera envoyé dès le retour de la connexion.';
const SENT = 'Votre vote en attente a bien été envoyé.';

/**
 * Opens the home under the worker and waits until the worker's copy of the list's first page (what a reload without
 * network shows) holds this prediction. A copy kept by an earlier test of the same browser context would not: the
 * page reads the list again through the worker once it runs, and going offline before that read ends kept the old copy.
 */
async function installWorker(page: Page, marketId: string): Promise<void> {
  await forgetEarlierVisits(page);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async (id) => {
    const copy = await (await caches.open('predi974-api')).match('/api/markets?page=1');
    return copy !== undefined && (await copy.text()).includes(`"${id}"`);
  }, marketId);
}

/**
 * The card, found by its title. Offline, a search of a catalogue longer than one page runs on the pages the device
 * keeps (the suite's server holds the other tests' predictions too), which hold this one (`installWorker`); the grid
 * draws only the rows on screen, so the card is searched, not looked for on the page.
 */
async function findCard(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(title);
  const card = marketCard(page, title);
  await expect(card).toBeVisible();
  return card;
}

test('a card’s vote made offline is kept through a reload and sent once, even with two tabs open @desktop', async ({
  page,
  context,
  api,
}) => {
  // Two tabs, two reloads, a worker to install and up to 20 s for the network to come back: more than a short test.
  test.setTimeout(90_000);
  // Trending: it sorts among the first page the worker keeps, however many predictions other tests add meanwhile.
  const market = await api.createMarket({ endsInDays: 5, trending: true });
  await installWorker(page, market.id);
  // Votes the server accepted: a vote sent twice would be accepted twice (an identical repeat answers 200). A
  // request that failed on a network still waking up, or a proof the browser had to ask again, is not a sending.
  const posts: string[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/votes' && response.ok())
      posts.push(request.url());
  });

  await context.setOffline(true);
  let card = await findCard(page, market.title);
  await card.getByRole('button', { name: /^Voter OUI/ }).click();
  await expect(card.getByTestId('pending-vote')).toHaveText(PENDING);
  await expect(card.getByRole('button', { name: /^Voter (OUI|NON)/ })).toHaveCount(0);

  // Still offline: a reload keeps it, and a second tab sees it too.
  await page.reload();
  card = await findCard(page, market.title);
  await expect(card.getByTestId('pending-vote')).toHaveText(PENDING);
  const second = await context.newPage();
  await second.goto('/');
  const secondCard = await findCard(second, market.title);
  await expect(secondCard.getByTestId('pending-vote')).toHaveText(PENDING);
  expect(posts).toEqual([]);
  expect((await api.market(market.id)).totalVotes).toBe(0);

  // Back online: both tabs try, one sends; the other learns it from the storage and reads the votes again.
  await context.setOffline(false);
  for (const each of [card, secondCard]) {
    await expect(each.getByText('Vous avez voté OUI')).toBeVisible({ timeout: 20_000 });
    await expect(each.getByTestId('pending-vote')).toHaveCount(0);
  }
  // A tab that sent it says so. Under load a second tab was once seen sending it too (both answered 200, the
  // server counting an identical repeat once): what must hold is that the prediction counts it once.
  const sentNotes = async () =>
    (await page.getByTestId('pending-vote-sent').count()) + (await second.getByTestId('pending-vote-sent').count());
  await expect.poll(sentNotes).toBeGreaterThanOrEqual(1);
  const sender = (await page.getByTestId('pending-vote-sent').count()) === 1 ? page : second;
  await expect(sender.getByTestId('pending-vote-sent')).toHaveText(SENT);
  await page.waitForTimeout(3_000);
  expect(posts.length).toBeGreaterThanOrEqual(1);
  expect(posts.length).toBeLessThanOrEqual(2);
  const counted = await api.market(market.id);
  expect([counted.totalVotes, counted.yesVotes, counted.noVotes]).toEqual([1, 1, 0]);
  expect(await page.evaluate(() => localStorage.getItem('pending_votes'))).toBeNull();
  await second.close();
});

test('the detail: a vote made offline is kept, then sent once the connection returns', async ({ page, context, api }) => {
  // Trending: it sorts among the first page the worker keeps, however many predictions other tests add meanwhile.
  const market = await api.createMarket({ endsInDays: 5, trending: true });
  await installWorker(page, market.id);
  await page.goto(`/#prediction-${market.id}`);
  const panel = page.getByRole('region', { name: 'Votre prédiction' });
  await expect(panel.getByRole('group', { name: 'Votre choix' })).toBeVisible();
  await context.setOffline(true);
  await panel.getByRole('button', { name: /^OUI/ }).click();
  await panel.getByRole('button', { name: 'Voter OUI' }).click();
  await expect(panel.getByTestId('pending-vote')).toHaveText(PENDING);
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await context.setOffline(false);
  await expect(panel.getByText('Vote enregistré !')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('pending-vote-sent')).toHaveText(SENT);
  expect((await api.market(market.id)).totalVotes).toBe(1);
});
