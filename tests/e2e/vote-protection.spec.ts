import type { Page, Request } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, marketCard, openHome, pageIdentity, test } from './support/fixtures.js';

// Each vote here is an identity, a challenge and a proof on a shared, heavily loaded machine: generous
// waits, the behaviour checked is the same.
test.describe.configure({ timeout: 120_000 });
const VOTE_LANDS_MS = 30_000;

/** The JSON body of a vote the page sent. */
function bodyOf(request: Request): Record<string, unknown> {
  return request.postDataJSON() as Record<string, unknown>;
}

function votePosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/votes') posts.push(request);
  });
  return posts;
}

/** What the page asked challenges for, in order. */
function challengePurposes(page: Page): string[] {
  const purposes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/challenges') {
      purposes.push(String(bodyOf(request).purpose));
    }
  });
  return purposes;
}

/** What the server holds for an identity: its votes, read through the public API. */
async function votesOf(page: Page, fingerprint: string): Promise<unknown[]> {
  const response = await page.request.get(`/api/votes?fingerprint=${fingerprint}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as unknown[];
}

test.describe('votes with the proof of work in place', () => {
  test('card: OUI and NON each carry the issued identity and a proof of their own challenge, and count once', async ({
    page,
    api,
  }) => {
    const yes = await api.createMarket();
    const no = await api.createMarket();
    const posts = votePosts(page);
    const purposes = challengePurposes(page);
    await openHome(page, yes.title);
    await marketCard(page, yes.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, yes.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(no.title);
    await marketCard(page, no.title)
      .getByRole('button', { name: /^Voter NON/ })
      .click();
    await expect(marketCard(page, no.title).getByText('Vous avez voté NON')).toBeVisible({ timeout: VOTE_LANDS_MS });

    const identity = await pageIdentity(page);
    expect(posts).toHaveLength(2);
    // The identity's challenge, then one challenge bound to each vote.
    expect(purposes).toEqual(['identity', 'vote', 'vote']);
    for (const post of posts) {
      const body = bodyOf(post);
      expect(body.fingerprint).toBe(identity);
      expect(typeof body.proof).toBe('string');
      expect(String(body.proof).length).toBeGreaterThan(40);
    }
    expect(await api.market(yes.id)).toMatchObject({ yesVotes: 1, noVotes: 0, totalVotes: 1 });
    expect(await api.market(no.id)).toMatchObject({ yesVotes: 0, noVotes: 1, totalVotes: 1 });
  });

  test('detail: "Enregistrement..." while the vote is sent, then "Vote enregistré !"', async ({ page, api }) => {
    const market = await api.createMarket();
    await page.goto(`/#prediction-${market.id}`);
    await pageIdentity(page);
    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    await panel.getByRole('button', { name: /^NON/ }).click();
    // The vote is held until the sending state has been seen, however fast the machine.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/votes',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/votes'));
    await panel.getByRole('button', { name: 'Voter NON' }).click();
    await expect(panel.getByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    release();
    await expect(panel.getByText('Vote enregistré !')).toBeVisible({ timeout: VOTE_LANDS_MS });
    expect(typeof bodyOf(await posted).proof).toBe('string');
    expect(await api.market(market.id)).toMatchObject({ yesVotes: 0, noVotes: 1, totalVotes: 1 });
  });
});

test.describe('an identity that never changes', () => {
  test('turned phone, updated browser, other zoom: still "Vous avez voté OUI", no OUI/NON, one vote on the server', async ({
    page,
    api,
    browser,
  }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
    const identity = await pageIdentity(page);

    // Same browser, a new page with the phone turned (844×390) and zoomed.
    const turned = await page.context().newPage();
    await turned.setViewportSize({ width: 844, height: 390 });
    await openHome(turned, market.title);
    await turned.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await expect(marketCard(turned, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
    await expect(marketCard(turned, market.title).getByRole('button', { name: /^Voter (OUI|NON)/ })).toHaveCount(0);
    await turned.close();

    // The same stored data in a browser whose user agent version, screen and pixel ratio all changed.
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const updated = await browser.newContext({
      storageState: await page.context().storageState(),
      viewport: { width: 844, height: 390 },
      deviceScaleFactor: 3,
      userAgent: userAgent.replace(/Chrome\/(\d+)/, (_, major: string) => `Chrome/${Number(major) + 1}`),
      locale: 'fr-FR',
      timezoneId: 'Indian/Reunion',
    });
    try {
      const later = await updated.newPage();
      const history = later.waitForRequest((request) => request.url().includes('/api/votes?fingerprint='));
      await openHome(later, market.title);
      expect(new URL((await history).url()).searchParams.get('fingerprint')).toBe(identity);
      expect(await later.evaluate(() => navigator.userAgent)).not.toBe(userAgent);
      await expect(marketCard(later, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
      await expect(marketCard(later, market.title).getByRole('button', { name: /^Voter (OUI|NON)/ })).toHaveCount(0);
      expect(await later.evaluate(() => localStorage.getItem('user_fingerprint'))).toBe(identity);
    } finally {
      await updated.close();
    }

    expect(await api.market(market.id)).toMatchObject({ yesVotes: 1, noVotes: 0, totalVotes: 1 });
    expect(await votesOf(page, identity)).toEqual([{ marketId: market.id, voteType: 'yes' }]);
  });

  test('an identity this server never issued is replaced by itself, and the vote counts once', async ({ page, api }) => {
    const market = await api.createMarket();
    const forged = randomBytes(32).toString('hex');
    await page.addInitScript((value) => {
      if (sessionStorage.getItem('forged') !== null) return;
      sessionStorage.setItem('forged', 'set');
      localStorage.setItem('user_fingerprint', value);
      document.cookie = `user_fingerprint=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }, forged);
    const refused = page.waitForResponse((response) => response.status() === 403);
    await openHome(page, market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    expect(await (await refused).json()).toEqual({
      error: 'Cet appareil n’est pas reconnu. Une nouvelle identité va lui être attribuée, veuillez réessayer.',
    });
    await expect(marketCard(page, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
    await expect(marketCard(page, market.title).getByRole('alert')).toHaveCount(0);

    const issued = await pageIdentity(page);
    expect(issued).not.toBe(forged);
    const cookie = (await page.context().cookies()).find((item) => item.name === 'user_fingerprint');
    expect(cookie?.value).toBe(issued);
    expect(await api.market(market.id)).toMatchObject({ yesVotes: 1, totalVotes: 1 });
    expect(await votesOf(page, issued)).toEqual([{ marketId: market.id, voteType: 'yes' }]);
    expect(await votesOf(page, forged)).toEqual([]);

    // After a reload the new identity is the one read back.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
    await expect(marketCard(page, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: VOTE_LANDS_MS });
  });

  test('the device value of earlier versions (32 hex) is replaced by an issued identity', async ({ page }) => {
    const old = randomBytes(16).toString('hex');
    await page.addInitScript((value) => {
      if (sessionStorage.getItem('old') !== null) return;
      sessionStorage.setItem('old', 'set');
      localStorage.setItem('user_fingerprint', value);
    }, old);
    await page.goto('/');
    const issued = await pageIdentity(page);
    expect(issued).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.startsWith(old)).toBe(false);
  });
});

test.describe('a vote clicked before the identity is ready', () => {
  test('is queued ("Enregistrement..."), sent once the identity arrives, and lands', async ({ page, api }) => {
    const market = await api.createMarket();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/identity', async (route) => {
      await held;
      await route.continue();
    });
    const posts = votePosts(page);
    await page.goto(`/#prediction-${market.id}`);
    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    await panel.getByRole('button', { name: /^OUI/ }).click();
    await panel.getByRole('button', { name: 'Voter OUI' }).click();
    await expect(panel.getByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    expect(await page.evaluate(() => localStorage.getItem('user_fingerprint'))).toBeNull();
    expect(posts).toHaveLength(0);

    release();
    await expect(panel.getByText('Vote enregistré !')).toBeVisible({ timeout: VOTE_LANDS_MS });
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0] as Request).fingerprint).toBe(await pageIdentity(page));
    expect(await api.market(market.id)).toMatchObject({ yesVotes: 1, totalVotes: 1 });
  });

  test('on a card too: the click waits for the identity, then "Vous avez voté NON"', async ({ page, api }) => {
    const market = await api.createMarket();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/identity', async (route) => {
      await held;
      await route.continue();
    });
    await openHome(page, market.title);
    const card = marketCard(page, market.title);
    await card.getByRole('button', { name: /^Voter NON/ }).click();
    await expect(card.getByRole('button', { name: /^Voter NON/ })).toBeDisabled();
    release();
    await expect(card.getByText('Vous avez voté NON')).toBeVisible({ timeout: VOTE_LANDS_MS });
    expect(await api.market(market.id)).toMatchObject({ noVotes: 1, totalVotes: 1 });
  });
});
