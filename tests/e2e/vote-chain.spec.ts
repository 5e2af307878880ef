import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { expect, marketCard, openHome, test, type Api } from './support/fixtures.js';

/**
 * The chain offers trending predictions first, the soonest to close first: predictions created trending and
 * ending within two days come before every demo prediction (the soonest open one ends in 9 days). The demo
 * data has 32 open predictions; the fixture deletes the ones created here after each test.
 */
const DEMO_OPEN = 32;
/** Counting and ordering the whole catalog, these tests run when no other test creates predictions. */
const WHOLE_CATALOG = { tag: '@whole-catalog' };
const HOME_TITLE = 'Que va-t-il se passer à La Réunion ?';

function chainTitle(label: string): string {
  return `Chaîne ${randomBytes(3).toString('hex')} : ${label} ?`;
}

/** Trending predictions closing in 1 day, then 1.1, 1.2...: the first cards of the chain, in this order. */
async function firstInChain(api: Api, labels: readonly string[]) {
  const markets = [];
  for (const [index, label] of labels.entries()) {
    markets.push(await api.createMarket({ title: chainTitle(label), trending: true, endsInDays: 1 + index / 10 }));
  }
  return markets;
}

function position(page: Page) {
  return page.getByTestId('chain-position');
}

function card(page: Page) {
  return page.getByTestId('chain-card');
}

async function searchHome(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(title);
  return marketCard(page, title);
}

test(
  'phone: from "Plus", a swipe right votes OUI, left NON, up passes; the summary, the home cards and the server agree @mobile-only',
  WHOLE_CATALOG,
  async ({ page, api }) => {
    const [a, b, c] = await firstInChain(api, [
      'le premier glissé à droite',
      'le deuxième glissé à gauche',
      'le troisième passé',
    ]);
    if (!a || !b || !c) throw new Error('markets not created');
    await api.vote(a.id, 'yes');
    await api.vote(b.id, 'no');

    await openHome(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
    await page.getByRole('dialog', { name: 'Plus' }).getByRole('button', { name: 'Voter à la chaîne' }).click();
    expect(new URL(page.url()).hash).toBe('#a-la-chaine');
    await expect(page.getByRole('heading', { name: 'Voter à la chaîne', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Glissez la carte à droite pour OUI, à gauche pour NON, vers le haut pour passer.'),
    ).toBeVisible();
    await expect(page.getByText('Au clavier')).toBeHidden();

    const total = DEMO_OPEN + 3;
    await expect(position(page)).toHaveText(`Prédiction 1 sur ${total}`);
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(a.title);
    // a: one OUI from another device.
    await expect(card(page).getByTestId('chain-yes')).toHaveText('100 %');
    await expect(card(page).getByTestId('chain-no')).toHaveText('0 %');
    await expect(card(page)).toContainText('1 vote');
    await expect(card(page)).toContainText('1j restants');

    const client = await page.context().newCDPSession(page);
    const swipe = async (dx: number, dy: number) => {
      const box = await card(page).boundingBox();
      if (!box) throw new Error('card has no box');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 6; step += 1) {
        await client.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x + (dx * step) / 6, y: y + (dy * step) / 6 }],
        });
      }
      return async () => client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    // The card follows the finger, and below 80 px it snaps back: nothing is sent.
    const release = await swipe(60, 0);
    // The last move is drawn on a coming frame.
    await expect.poll(() => card(page).evaluate((el) => el.style.transform)).toBe('translate(60px, 0px) rotate(2.5deg)');
    await release();
    await expect.poll(() => card(page).evaluate((el) => el.style.transform)).toBe('');
    await expect(position(page)).toHaveText(`Prédiction 1 sur ${total}`);

    await (
      await swipe(150, 10)
    )();
    await expect(position(page)).toHaveText(`Prédiction 2 sur ${total}`);
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(b.title);
    await (
      await swipe(-150, 10)
    )();
    await expect(position(page)).toHaveText(`Prédiction 3 sur ${total}`);
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(c.title);
    await (
      await swipe(10, -150)
    )();
    await expect(position(page)).toHaveText(`Prédiction 4 sur ${total}`);

    await page.getByRole('button', { name: 'Terminer' }).click();
    const summary = page.getByTestId('chain-summary');
    await expect(summary.getByRole('heading', { name: 'C’est fini !', level: 2 })).toBeVisible();
    await expect(page.getByTestId('chain-tally')).toHaveText('1 OUI, 1 NON, 1 passée');
    await expect(summary.getByRole('heading', { name: 'Votre série', level: 3 })).toBeVisible();
    const rows = page.getByTestId('chain-votes').locator(':scope > li');
    await expect(rows).toHaveCount(2);
    await expect(rows.getByRole('link')).toHaveText([a.title, b.title]);
    await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `#prediction-${a.id}`);
    await expect(rows.nth(1).getByRole('link')).toHaveAttribute('href', `#prediction-${b.id}`);
    await expect(rows.nth(0)).toContainText('OUI');
    await expect(rows.nth(1)).toContainText('NON');
    await expect(summary.getByRole('button', { name: `Reprendre (${total - 3} restantes)` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Counted once each by the server; the passed one not at all.
    expect(await api.market(a.id)).toMatchObject({ yesVotes: 2, noVotes: 0, totalVotes: 2 });
    expect(await api.market(b.id)).toMatchObject({ yesVotes: 0, noVotes: 2, totalVotes: 2 });
    expect(await api.market(c.id)).toMatchObject({ yesVotes: 0, noVotes: 0, totalVotes: 0 });

    await summary.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await expect((await searchHome(page, a.title)).getByText('Vous avez voté OUI')).toBeVisible();
    await expect((await searchHome(page, b.title)).getByText('Vous avez voté NON')).toBeVisible();
    const passed = await searchHome(page, c.title);
    await expect(passed.getByRole('button', { name: /^Voter OUI/ })).toBeVisible();
    await expect(passed.getByText(/Vous avez voté/)).toHaveCount(0);
  },
);

test(
  'desktop: from the home page, arrow keys and buttons; a prediction resolved while waiting is left out; stop and resume @desktop-only',
  WHOLE_CATALOG,
  async ({ page, api }) => {
    const [a, b, c, d] = await firstInChain(api, ['la flèche droite', 'le bouton NON', 'la flèche du bas', 'résolue en route']);
    if (!a || !b || !c || !d) throw new Error('markets not created');

    await openHome(page);
    await page.getByRole('main').getByRole('button', { name: 'Voter à la chaîne' }).click();
    expect(new URL(page.url()).hash).toBe('#a-la-chaine');
    await expect(page.getByText('Au clavier : → OUI, ← NON, ↑ ou ↓ pour passer.')).toBeVisible();
    await expect(page.getByText('Glissez la carte')).toBeHidden();
    const actions = page.getByRole('group', { name: 'Votre choix' }).getByRole('button');
    await expect(actions).toHaveText(['← NON', 'Passer ↑', 'OUI →']);

    await expect(position(page)).toHaveText('Prédiction 1 sur 36');
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(a.title);
    await page.keyboard.press('ArrowRight');
    await expect(position(page)).toHaveText('Prédiction 2 sur 36');
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(b.title);
    await page.getByRole('button', { name: 'NON', exact: true }).click();
    await expect(position(page)).toHaveText('Prédiction 3 sur 36');
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(c.title);

    // d is resolved while c is on screen: the live stream takes it out of the count and the queue.
    await api.resolveMarket(d.id, 'yes');
    await expect(position(page)).toHaveText('Prédiction 3 sur 35');
    await page.keyboard.press('ArrowDown');
    await expect(position(page)).toHaveText('Prédiction 4 sur 35');
    await expect(card(page).getByRole('heading', { level: 2 })).not.toHaveText(d.title);
    await page.keyboard.press('ArrowUp');
    await expect(position(page)).toHaveText('Prédiction 5 sur 35');

    await page.getByRole('button', { name: 'Terminer' }).click();
    await expect(page.getByTestId('chain-tally')).toHaveText('1 OUI, 1 NON, 2 passées');
    await expect(page.getByTestId('chain-summary')).toContainText('1 prédiction s’est fermée pendant la série.');
    await expect(page.getByTestId('chain-votes').getByRole('link')).toHaveText([a.title, b.title]);
    expect(await api.market(a.id)).toMatchObject({ yesVotes: 1, noVotes: 0 });
    expect(await api.market(b.id)).toMatchObject({ yesVotes: 0, noVotes: 1 });
    expect(await api.market(c.id)).toMatchObject({ totalVotes: 0 });

    await page.getByRole('button', { name: 'Reprendre (31 restantes)' }).click();
    await expect(position(page)).toHaveText('Prédiction 5 sur 35');
    await page.getByRole('button', { name: 'Passer', exact: true }).click();
    await expect(position(page)).toHaveText('Prédiction 6 sur 35');
    await page.getByRole('button', { name: 'Terminer' }).click();
    await expect(page.getByTestId('chain-tally')).toHaveText('1 OUI, 1 NON, 3 passées');
    await page.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
  },
);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`"Voter à la chaîne", ${theme} theme`, { tag: ['@desktop', '@whole-catalog'] }, () => {
    test.use({ theme });
    test(`reload keeps #a-la-chaine, Back returns home, no axe violations on a card and the summary (${theme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openHome(page);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      await page.getByRole('main').getByRole('button', { name: 'Voter à la chaîne' }).click();
      await expect(position(page)).toHaveText(`Prédiction 1 sur ${DEMO_OPEN}`);
      expect(await axeViolations(page, 'main')).toEqual([]);

      await page.reload();
      expect(new URL(page.url()).hash).toBe('#a-la-chaine');
      await expect(page.getByRole('heading', { name: 'Voter à la chaîne', level: 1 })).toBeVisible();
      await expect(position(page)).toHaveText(`Prédiction 1 sur ${DEMO_OPEN}`);

      // With reduced motion the next card simply appears: the flying copy is never shown.
      await page.getByRole('button', { name: 'Passer', exact: true }).click();
      await expect(position(page)).toHaveText(`Prédiction 2 sur ${DEMO_OPEN}`);
      await expect(page.getByTestId('chain-leaving')).toBeHidden();

      await page.getByRole('button', { name: 'Terminer' }).click();
      await expect(page.getByTestId('chain-tally')).toHaveText('0 OUI, 0 NON, 1 passée');
      await expect(page.getByTestId('chain-votes')).toHaveCount(0);
      expect(await axeViolations(page, 'main')).toEqual([]);

      await page.goBack();
      await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeVisible();
      expect(new URL(page.url()).hash).toBe('');
    });
  });
}
