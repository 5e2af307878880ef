import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { VoteType } from '../../src/shared/market.js';
import { axeViolations } from './support/axe.js';
import { expect, marketCard, openHome, pageIdentity, test, type Api } from './support/fixtures.js';

/** A title no other spec searches for; the fixture deletes the prediction after the test. */
function bilanTitle(label: string): string {
  return `Bilan ${randomBytes(3).toString('hex')} : ${label} ?`;
}

async function voteFromCard(page: Page, title: string, vote: 'OUI' | 'NON'): Promise<void> {
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(title);
  const card = marketCard(page, title);
  await card.getByRole('button', { name: new RegExp(`^Voter ${vote}`) }).click();
  await expect(card.getByText(`Vous avez voté ${vote}`)).toBeVisible();
}

async function othersVote(api: Api, marketId: string, votes: readonly VoteType[]): Promise<void> {
  for (const vote of votes) await api.vote(marketId, vote);
}

const HOME_TITLE = 'Que va-t-il se passer à La Réunion ?';

test('phone: votes through the cards, resolved, then "Mon bilan" from the Plus menu; reload keeps it, Back returns home @mobile-only', async ({
  page,
  api,
}) => {
  // Ends latest first in the list: A, then B, then C. All are resolved before their end date.
  const a = await api.createMarket({ title: bilanTitle('la prédiction A se réalisera-t-elle'), endsInDays: 30 });
  const b = await api.createMarket({ title: bilanTitle('la prédiction B se réalisera-t-elle'), endsInDays: 20 });
  const c = await api.createMarket({ title: bilanTitle('la prédiction C se réalisera-t-elle'), endsInDays: 10 });
  await othersVote(api, a.id, ['yes', 'yes', 'no']);
  await othersVote(api, b.id, ['yes', 'yes']);
  await othersVote(api, c.id, ['yes']);

  await openHome(page);
  await voteFromCard(page, a.title, 'OUI');
  await voteFromCard(page, b.title, 'NON');
  await voteFromCard(page, c.title, 'NON');
  // Final shares: A 3 OUI / 1 NON (75 %), B 2 / 1 (67 %), C 1 / 1 (50 %).
  await api.resolveMarket(a.id, 'yes');
  await api.resolveMarket(b.id, 'yes');
  await api.resolveMarket(c.id, 'no');
  await page.reload();
  await expect(page.locator('article').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('dialog', { name: 'Plus' }).getByRole('button', { name: 'Mon bilan' }).click();
  expect(new URL(page.url()).hash).toBe('#bilan');

  const check = async () => {
    await expect(page.getByRole('heading', { name: 'Mon bilan', level: 1 })).toBeVisible();
    await expect(page.getByText('Calculé uniquement à partir des votes de cet appareil')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sur 3 prédictions résolues', level: 2 })).toBeVisible();
    // Device: A right, B wrong, C right: 2 of 3; Brier (0 + 1 + 0) / 3 = 0.33.
    await expect(page.getByTestId('device')).toContainText('67\u202f%');
    await expect(page.getByTestId('device-sentence')).toHaveText('Vous avez vu juste sur 2 des 3 prédictions résolues.');
    await expect(page.getByTestId('device-brier')).toHaveText('0,33');
    // Crowd: A right (75 %), B right (67 %), C at 50 %: 2 of 3; Brier (0.0625 + 0.1111 + 0.25) / 3 = 0.14.
    await expect(page.getByTestId('crowd')).toContainText('67\u202f%');
    await expect(page.getByTestId('crowd-sentence')).toHaveText(
      'Sur les mêmes prédictions, la foule a vu juste 2 fois sur 3. Elle était partagée à 50\u202f% sur 1 d’entre elles : ni juste, ni fausse.',
    );
    await expect(page.getByTestId('crowd-brier')).toHaveText('0,14');
    await expect(page.getByTestId('comparison')).toHaveText(
      'Le score de la foule est plus bas que le vôtre : la foule a fait mieux que vous.',
    );
    await expect(page.getByRole('heading', { name: 'Le score de Brier, en deux mots' })).toBeVisible();
    await expect(page.getByText('0 est parfait')).toBeVisible();

    const rows = page.getByTestId('track-record-entries').locator(':scope > li');
    await expect(rows).toHaveCount(3);
    await expect(rows.getByRole('link')).toHaveText([a.title, b.title, c.title]);
    await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `#prediction-${a.id}`);
    await expect(rows.nth(0)).toContainText('Vu juste');
    await expect(rows.nth(0)).toContainText('Votre vote : OUI');
    await expect(rows.nth(0)).toContainText('Résultat : OUI');
    await expect(rows.nth(0)).toContainText('Foule : 75\u202f% de OUI');
    await expect(rows.nth(1)).toContainText('Raté');
    await expect(rows.nth(1)).toContainText('Votre vote : NON');
    await expect(rows.nth(1)).toContainText('Résultat : OUI');
    await expect(rows.nth(1)).toContainText('Foule : 67\u202f% de OUI');
    await expect(rows.nth(2)).toContainText('Vu juste');
    await expect(rows.nth(2)).toContainText('Votre vote : NON');
    await expect(rows.nth(2)).toContainText('Résultat : NON');
    await expect(rows.nth(2)).toContainText('Foule : 50\u202f% de OUI');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };
  await check();

  await page.reload();
  expect(new URL(page.url()).hash).toBe('#bilan');
  await check();

  await page.goBack();
  await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

test('desktop: from the footer, a fresh device sees the empty state and its way back to the predictions @desktop-only', async ({
  page,
}) => {
  await openHome(page);
  await page.mouse.wheel(0, 600);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveAttribute('data-visible', 'true');
  await footer.getByRole('button', { name: 'Mon bilan' }).click();
  await expect(page.getByRole('heading', { name: 'Mon bilan', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#bilan');
  const empty = page.getByTestId('track-record-empty');
  await expect(empty.getByRole('heading', { name: 'Pas encore de bilan' })).toBeVisible();
  await expect(empty).toContainText(
    'Aucune prédiction sur laquelle vous avez voté depuis cet appareil n’est encore résolue. Votez, puis revenez une fois les résultats connus.',
  );
  await empty.getByRole('button', { name: 'Voir les prédictions' }).click();
  await expect(page.getByRole('heading', { name: HOME_TITLE })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, { tag: '@desktop' }, () => {
    test.use({ theme });
    test(`"Mon bilan", empty then filled in, has no axe violations (${theme})`, async ({ page, api }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/#bilan');
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      await expect(page.getByRole('heading', { name: 'Pas encore de bilan' })).toBeVisible();
      expect(await axeViolations(page, 'main')).toEqual([]);

      // This device's votes, cast through the API with its own identity, on two predictions then resolved.
      const fingerprint = await pageIdentity(page);
      const yes = await api.createMarket({ title: bilanTitle('le OUI l’emportera-t-il') });
      const no = await api.createMarket({ title: bilanTitle('le NON l’emportera-t-il') });
      await api.vote(yes.id, 'yes', fingerprint);
      await api.vote(no.id, 'yes', fingerprint);
      await api.vote(no.id, 'no');
      await api.resolveMarket(yes.id, 'yes');
      await api.resolveMarket(no.id, 'no');
      await page.reload();
      await expect(page.getByTestId('track-record-entries').locator(':scope > li')).toHaveCount(2);
      await expect(page.getByTestId('device-brier')).toHaveText('0,50');
      expect(await axeViolations(page, 'main')).toEqual([]);
    });
  });
}
