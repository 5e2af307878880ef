import type { Page } from '@playwright/test';
import { expect, marketCard, openHome, test } from './support/fixtures.js';

/** What has the keyboard focus: its tag, its text or accessible label, and the card it sits in. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: 'BODY', label: '', card: null };
    return {
      tag: element.tagName,
      label: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      card: element.closest('[data-market-id]')?.getAttribute('data-market-id') ?? null,
    };
  });
}

test.describe('keyboard: skip link and cookie banner first', { tag: '@desktop' }, () => {
  test('the first Tab reaches « Aller aux prédictions »; from it, two Tabs reach the first OUI', async ({ page }) => {
    await openHome(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', label: 'Aller aux prédictions' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'H2', label: 'Prédictions' });
    // The address still names the list: the skip link moves the focus, never the screen.
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('Tab');
    const firstCard = await page.locator('article[data-market-id]').first().getAttribute('data-market-id');
    expect(await focused(page)).toMatchObject({ tag: 'A', card: firstCard });
    await page.keyboard.press('Tab');
    const oui = await focused(page);
    expect(oui.tag).toBe('BUTTON');
    expect(oui.label).toMatch(/^Voter OUI : /);
    expect(oui.card).toBe(firstCard);
  });

  test.describe('with the cookie banner showing', () => {
    test.use({ firstVisit: true });

    test('its three buttons come right after the skip link', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('howItWorksRead', 'true'));
      await openHome(page);
      await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toBeVisible();
      const labels: string[] = [];
      for (let press = 0; press < 4; press += 1) {
        await page.keyboard.press('Tab');
        labels.push((await focused(page)).label);
      }
      expect(labels).toEqual(['Aller aux prédictions', 'En savoir plus', 'Refuser', 'Accepter']);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Consentement aux cookies' })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
      // The bar went with the focused button: the focus goes back to the skip link, shown, and the next Tab goes on.
      expect(await focused(page)).toMatchObject({ tag: 'A', label: 'Aller aux prédictions' });
      await expect(page.getByRole('link', { name: 'Aller aux prédictions' })).toBeInViewport();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'BUTTON', label: 'Prédi974, page d’accueil' });
    });

    test('« Refuser » from the keyboard also keeps the focus; a click on it shows no skip link', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('howItWorksRead', 'true'));
      await openHome(page);
      const bar = page.getByRole('region', { name: 'Consentement aux cookies' });
      // The bar is drawn once the app has read the device's consent, just after the page is ready.
      await expect(bar).toBeVisible();
      for (let press = 0; press < 3; press += 1) await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'BUTTON', label: 'Refuser' });
      await page.keyboard.press('Space');
      await expect(bar).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
      expect(await focused(page)).toMatchObject({ tag: 'A', label: 'Aller aux prédictions' });

      await page.evaluate(() => localStorage.removeItem('cookieConsent'));
      await openHome(page);
      await bar.getByRole('button', { name: 'Refuser' }).click();
      await expect(bar).toHaveCount(0);
      expect((await focused(page)).label).not.toBe('Aller aux prédictions');
    });
  });
});

test.describe('keyboard: the focus is never dropped on the page', { tag: '@desktop' }, () => {
  test('a vote from a card moves the focus to « Vous avez voté OUI »', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await marketCard(page, market.title)
      .getByRole('button', { name: /^Voter OUI/ })
      .focus();
    await page.keyboard.press('Enter');
    const confirmation = marketCard(page, market.title).getByText('Vous avez voté OUI');
    await expect(confirmation).toBeVisible({ timeout: 20_000 });
    await expect(confirmation).toBeFocused();
  });

  test('opening a detail focuses its title, a vote focuses « Vote enregistré ! », Retour focuses the card again', async ({
    page,
    api,
  }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    const link = marketCard(page, market.title).getByRole('link');
    await link.focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('heading', { level: 1, name: market.title });
    await expect(title).toBeFocused();

    const panel = page.getByRole('region', { name: 'Votre prédiction' });
    await panel.getByRole('button', { name: /^OUI/ }).focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Voter OUI' }).focus();
    await page.keyboard.press('Enter');
    const confirmation = panel.getByTestId('vote-confirmation');
    await expect(confirmation).toContainText('Vote enregistré !', { timeout: 20_000 });
    await expect(confirmation).toBeFocused();

    await page.getByRole('button', { name: 'Retour', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('market-detail')).toHaveCount(0);
    await expect(marketCard(page, market.title).getByRole('link')).toBeFocused();
  });

  test('the browser’s Back from a detail also gives the focus back to its card', async ({ page, api }) => {
    const market = await api.createMarket();
    await openHome(page, market.title);
    await marketCard(page, market.title).getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: market.title })).toBeFocused();
    await page.goBack();
    await expect(marketCard(page, market.title).getByRole('link')).toBeFocused();
  });

  test('a visit that starts on a shared prediction leaves the focus at the top of the page', async ({ page, api }) => {
    const market = await api.createMarket();
    await page.goto(`/#prediction-${market.id}`);
    await expect(page.getByRole('heading', { level: 1, name: market.title })).toBeVisible();
    expect((await focused(page)).tag).toBe('BODY');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', label: 'Aller au contenu' });
  });
  test(
    '« Voter à la chaîne »: a vote from the focused « OUI → », by Enter or by →, leaves the focus on it',
    { tag: '@whole-catalog' },
    async ({ page, api }) => {
      // Trending and closing first, these two come first in the chain; beside other tests they would push those tests'
      // predictions off the home's first page, so this runs on the whole catalogue's own server.
      const first = await api.createMarket({ title: 'Clavier 1 : la chaîne garde le focus ?', trending: true, endsInDays: 0.03 });
      const second = await api.createMarket({ title: 'Clavier 2 : toujours là ?', trending: true, endsInDays: 0.04 });
      await page.goto('/#a-la-chaine');
      const title = page.getByTestId('chain-card').getByRole('heading', { level: 2 });
      await expect(title).toHaveText(first.title);
      const oui = page.getByRole('group', { name: 'Votre choix' }).getByRole('button', { name: 'OUI' });
      await oui.focus();
      await page.keyboard.press('Enter');
      await expect(title).toHaveText(second.title, { timeout: 20_000 });
      await expect(oui).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(title).not.toHaveText(second.title, { timeout: 20_000 });
      await expect(oui).toBeFocused();
      expect(await api.market(first.id)).toMatchObject({ yesVotes: 1, noVotes: 0 });
      expect(await api.market(second.id)).toMatchObject({ yesVotes: 1, noVotes: 0 });
    },
  );
});
