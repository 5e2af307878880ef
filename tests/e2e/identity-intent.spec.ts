import type { Page } from '@playwright/test';
import { expect, marketCard, openHome, test } from './support/fixtures.js';

/** Counts the page's requests for an identity and for proof-of-work challenges. */
function protectionRequests(page: Page): { identity: number; challenges: number } {
  const counts = { identity: 0, challenges: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path === '/api/identity') counts.identity += 1;
    if (path === '/api/challenges') counts.challenges += 1;
  });
  return counts;
}

test.describe('an identity only for a visitor who means to act', () => {
  test('a reader who scrolls and touches the text for 8 s asks for no identity and no challenge', async ({ page }) => {
    const counts = protectionRequests(page);
    await openHome(page);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(2_000);
    // A touch on plain text (the page's subtitle) is reading, not acting.
    const subtitle = page.getByText('Votez OUI ou NON sur l’actualité de l’île et suivez les résultats en direct.');
    await subtitle.scrollIntoViewIfNeeded();
    await subtitle.tap();
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(6_000);
    expect(counts).toEqual({ identity: 0, challenges: 0 });
    expect(await page.evaluate(() => localStorage.getItem('user_fingerprint'))).toBeNull();
  });

  test('a touch on the search box starts the identity before any vote; the vote then lands', async ({ page, api }) => {
    const market = await api.createMarket();
    const counts = protectionRequests(page);
    await openHome(page);
    await page.waitForTimeout(1_000);
    expect(counts).toEqual({ identity: 0, challenges: 0 });
    const issued = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/identity'));
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).tap();
    await issued;
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .click();
    await expect(marketCard(page, market.title).getByText('Vous avez voté OUI')).toBeVisible({ timeout: 20_000 });
    expect(counts.identity).toBe(1);
    expect(await api.market(market.id)).toMatchObject({ yesVotes: 1, totalVotes: 1 });
  });
});
