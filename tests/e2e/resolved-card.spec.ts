import type { Locator } from '@playwright/test';
import { expect, marketCard, openHome, pageIdentity, test } from './support/fixtures.js';

/**
 * Whether "·" and "OUI" are on the line of the words before them: the top of the first and last characters of
 * the text after the verdict, against the verdict's own top.
 */
async function verdictLines(verdict: Locator): Promise<{ dot: boolean; vote: boolean }> {
  return verdict.evaluate((element) => {
    const strong = element.querySelector('strong');
    const text =
      [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('·')) ??
      element.querySelector('span')?.firstChild;
    if (!strong || !text?.textContent) return { dot: false, vote: false };
    const top = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect().top;
    };
    const length = text.textContent.length;
    const dot = text.textContent.indexOf('·');
    const voted = text.textContent.lastIndexOf('voté');
    return {
      dot: Math.abs(top(dot, dot + 1) - strong.getBoundingClientRect().top) < 2,
      vote: Math.abs(top(length - 1, length) - top(voted, voted + 1)) < 2,
    };
  });
}

test('a prediction resolved before its end date says "Résolu", not a countdown; the verdict stays on one line @desktop', async ({
  page,
  api,
}) => {
  const market = await api.createMarket({ endsInDays: 75 });
  await openHome(page);
  await api.vote(market.id, 'yes', await pageIdentity(page));
  await api.resolveMarket(market.id, 'yes');
  await page.reload();
  await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
  const card = marketCard(page, market.title);
  await expect(card.getByTestId('market-outcome').locator('p').first()).toHaveText('Résultat : OUI');
  await expect(card.getByText('Résolu', { exact: true })).toBeVisible();
  await expect(card.getByText(/j restants/)).toHaveCount(0);

  const verdict = card.getByTestId('market-verdict');
  await expect(verdict).toHaveText('Vous aviez vu juste\u00a0· vous avez voté\u00a0OUI');
  // The card is too narrow for the whole sentence on one line: it wraps between words, "·" stays after the
  // verdict and OUI after "voté".
  expect(await verdictLines(verdict)).toEqual({ dot: true, vote: true });
  // The detail is wide enough: one line.
  await card.getByRole('link', { name: market.title }).click();
  const detailVerdict = page.getByTestId('market-detail').getByTestId('market-verdict');
  await expect(detailVerdict).toHaveText('Vous aviez vu juste\u00a0· vous avez voté\u00a0OUI');
  expect(
    await detailVerdict.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    }),
  ).toBe(1);
});
