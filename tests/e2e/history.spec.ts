import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';

const history = (page: Page) => page.getByRole('region', { name: 'Évolution du OUI' });
const period = (page: Page) => history(page).getByRole('radiogroup', { name: 'Période' });

test(
  'open prediction: 7 days by default, the summary sentence and the curve; other periods by keyboard; the margin of error',
  { tag: '@desktop' },
  async ({ page }) => {
    // A demo prediction no other test votes on: 746 OUI, 512 NON, its votes drifting up from about 44 % OUI.
    await page.goto('/#prediction-huguette-bello-nouveau-mandat-region');
    await expect(period(page).getByRole('radio', { name: '7 j' })).toHaveAttribute('aria-checked', 'true');
    await expect(history(page).getByText('OUI est passé de 56 % à 59 % en 7 jours')).toBeVisible();
    // The chart speaks the same sentence, and draws one line.
    await expect(history(page).getByRole('img', { name: 'OUI est passé de 56 % à 59 % en 7 jours' })).toBeVisible();
    await expect(history(page).getByTestId('history-line')).toHaveCount(1);

    await period(page).getByRole('radio', { name: '7 j' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(period(page).getByRole('radio', { name: '30 j' })).toHaveAttribute('aria-checked', 'true');
    await expect(history(page).getByTestId('history-summary')).toHaveText(/en 30 jours$/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(period(page).getByRole('radio', { name: '24 h' })).toHaveAttribute('aria-checked', 'true');
    await expect(history(page).getByText('OUI est resté à 59 % en 24 heures')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(period(page).getByRole('radio', { name: 'Tout' })).toHaveAttribute('aria-checked', 'true');
    await expect(history(page).getByTestId('history-summary')).toHaveText(
      /^OUI est passé de 4\d\u202f% à 59\u202f% depuis le premier vote$/,
    );

    await expect(page.getByTestId('margin-of-error')).toContainText('Marge d’erreur (95 %) : OUI entre 56,6 % et 62,0 %.');
  },
);

test('resolved prediction: the whole history by default and the margin of its final result', async ({ page }) => {
  // Resolved OUI, 1291 OUI and 144 NON: nobody can vote on it any more.
  await page.goto('/#prediction-garance-alerte-rouge-declenchee');
  await expect(period(page).getByRole('radio', { name: 'Tout' })).toHaveAttribute('aria-checked', 'true');
  // Where the curve starts depends on how the steps fall; it ends on today's 90 %.
  await expect(history(page).getByTestId('history-summary')).toHaveText(
    /^OUI est (passé de \d+\u202f% à|resté à) 90\u202f% depuis le premier vote$/,
  );
  await expect(page.getByTestId('margin-of-error')).toContainText('OUI entre 88,3 % et 91,4 %.');
  // No vote in the last 24 hours: too few to draw.
  await period(page).getByRole('radio', { name: '24 h' }).click();
  await expect(history(page).getByText('Échantillon encore trop petit : aucun vote sur cette période.')).toBeVisible();
  await expect(history(page).getByRole('img')).toHaveCount(0);
});

test('a new prediction: "too small" until 20 votes, and its own vote shows at once, with a margin', async ({ page, api }) => {
  const market = await api.createMarket();
  await page.goto(`/#prediction-${market.id}`);
  await expect(
    history(page).getByText(
      'Échantillon encore trop petit : aucun vote sur cette période. La courbe s’affiche à partir de 20 votes.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('margin-of-error')).toHaveCount(0);

  const panel = page.getByRole('region', { name: 'Votre prédiction' });
  await panel.getByRole('button', { name: /^OUI/ }).click();
  await panel.getByRole('button', { name: 'Voter OUI' }).click();
  await expect(panel.getByText('Vous avez voté OUI')).toBeVisible();
  await expect(history(page).getByText('Échantillon encore trop petit : 1 vote sur cette période.')).toBeVisible();
  // One vote: the interval is wide, from 20,7 % to 100 %.
  await expect(page.getByTestId('margin-of-error')).toContainText('OUI entre 20,7 % et 100,0 %.');

  // 19 more, NON: 20 votes, and the curve is drawn.
  for (let index = 0; index < 19; index += 1) await api.vote(market.id, 'no');
  await page.reload();
  await period(page).getByRole('radio', { name: '24 h' }).click();
  await expect(history(page).getByText('OUI est resté à 5 % en 24 heures')).toBeVisible();
  await expect(page.getByTestId('margin-of-error')).toContainText('OUI entre 0,9 % et 23,6 %.');
});
