import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SITE } from '../../src/shared/site.js';
import { buildNewsItems, WEATHER_ALERTS } from '../../src/web/features/news/data/news-items.js';
import { expect, frenchCount, test } from './support/fixtures.js';

const ITEMS = buildNewsItems(new Date());
const CATEGORY_LABELS = ['Météo', 'Transport', 'Santé', 'Politique', 'Culture', 'Économie'];
const AGES = ['il y a 25 min', 'il y a 3 h', 'il y a 7 h', 'il y a 1 j', 'il y a 2 j', 'il y a 4 j'];

async function openNews(page: Page) {
  await page.goto('/#trending');
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  await expect(page.getByTestId('news-item')).toHaveCount(6);
}

function changeText(change: number): string {
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
}

test.describe('news page', () => {
  test('"Actualités" with today’s date in French long format', async ({ page }) => {
    await openNews(page);
    const expected = await page.evaluate(() =>
      new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
    );
    await expect(page.getByTestId('news-date')).toHaveText(expected);
    expect(expected).toMatch(
      /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
    );
  });

  test('six items, each with rank, emoji, trending badge, category, title, summary, author, age, reading time, views and change', async ({
    page,
  }) => {
    await openNews(page);
    const items = page.getByTestId('news-item');
    for (const [index, item] of ITEMS.entries()) {
      const row = items.nth(index);
      await expect(row.getByTestId('news-rank')).toHaveText(String(index + 1));
      await expect(row).toContainText(item.image);
      await expect(row.getByText('Tendance', { exact: true })).toHaveCount(item.trending ? 1 : 0);
      await expect(row.getByText(CATEGORY_LABELS[index] ?? '', { exact: true })).toBeVisible();
      await expect(row.getByRole('heading', { level: 3 })).toContainText(item.title);
      await expect(row).toContainText(item.summary);
      await expect(row).toContainText(item.author);
      await expect(row.getByTestId('news-age')).toHaveText(AGES[index] ?? '');
      await expect(row).toContainText(`${item.readTime} min de lecture`);
      const views = row.getByTestId('news-views').filter({ visible: true });
      await expect(views).toHaveText(frenchCount(item.views));
      const change = row.getByTestId('views-change').filter({ visible: true });
      await expect(change).toContainText(changeText(item.viewsChange));
      await expect(change).toHaveAttribute('data-trend', item.viewsChange > 0 ? 'up' : 'down');
      // Green up arrow when positive, red down arrow otherwise.
      await expect(change).toHaveClass(item.viewsChange > 0 ? /text-emerald-/ : /text-rose-/);
      await expect(change.locator('svg')).toHaveClass(item.viewsChange > 0 ? /arrow-up/ : /arrow-down/);
    }
  });

  test('relative ages use minutes under 60, hours under 24 h, then days', async ({ page }) => {
    await openNews(page);
    await expect(page.getByTestId('news-age')).toHaveText(AGES);
  });

  test('sparkline rising or falling on medium screens and up, hidden on phones', async ({ page, isMobile }) => {
    await openNews(page);
    const lines = page.getByTestId('news-sparkline');
    await expect(lines).toHaveCount(6);
    for (const [index, item] of ITEMS.entries()) {
      const line = lines.nth(index);
      await expect(line).toHaveAttribute('data-trend', item.viewsChange > 0 ? 'up' : 'down');
      if (isMobile) await expect(line).toBeHidden();
      else await expect(line).toBeVisible();
    }
  });

  test('an item opens its press site in a new tab', async ({ page, context }) => {
    // The press sites themselves are outside the product: answer them locally.
    await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>presse</title>' }),
    );
    await openNews(page);
    const items = page.getByTestId('news-item');
    for (const [index, item] of ITEMS.entries()) {
      const link = items.nth(index);
      await expect(link).toHaveAttribute('href', item.pressUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const popupPromise = page.waitForEvent('popup');
    await items.first().click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(ITEMS[0]?.pressUrl);
    await popup.close();
    await expect(page).toHaveURL(/#trending$/);
  });

  test('side column: "Suivez-nous", "En tendance" (first 3) and "Alertes météo"', async ({ page }) => {
    await openNews(page);
    const aside = page.getByRole('complementary', { name: 'Informations complémentaires' });
    await expect(aside.getByRole('heading', { name: 'Suivez-nous' })).toBeVisible();
    const social = aside.getByTestId('news-social-link');
    await expect(social).toHaveAttribute('href', SITE.socialUrl);
    await expect(social).toHaveAttribute('target', '_blank');

    const trending = aside.getByTestId('news-trending');
    await expect(trending.getByRole('heading', { name: 'En tendance' })).toBeVisible();
    const rows = trending.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (const [index, item] of ITEMS.slice(0, 3).entries()) {
      await expect(rows.nth(index)).toContainText(item.title);
      await expect(rows.nth(index)).toContainText(`${frenchCount(item.views)} vues`);
      await expect(rows.nth(index)).toContainText(changeText(item.viewsChange));
    }

    const alerts = aside.getByTestId('weather-alerts');
    await expect(alerts.getByRole('heading', { name: 'Alertes météo' })).toBeVisible();
    const entries = alerts.getByTestId('weather-alert');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute('data-level', 'red');
    await expect(entries.nth(0)).toContainText('Vigilance rouge cyclone — Est et Sud');
    await expect(entries.nth(1)).toHaveAttribute('data-level', 'orange');
    await expect(entries.nth(1)).toContainText(WEATHER_ALERTS[1]?.title ?? '');
    await expect(entries.nth(1)).toContainText(/pluies/);
    await expect(entries.nth(1)).toContainText(/reste de l’île/);
    for (const index of [0, 1]) await expect(entries.nth(index).getByText('Active', { exact: true })).toBeVisible();
  });

  // The bottom bar is for phones.
  test('reached from the bottom bar’s "Tendances" on phones', { tag: '@mobile-only' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Tendances' }).click();
    await expect(page).toHaveURL(/#trending$/);
    await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.use({ theme });
    test('news page has no axe violations', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openNews(page);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      const results = await new AxeBuilder({ page }).include('main').analyze();
      expect(results.violations).toEqual([]);
    });
  });
}
