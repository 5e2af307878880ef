import { request as playwrightRequest, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { NewsFeed, NewsItem, WeatherAlert } from '../../src/shared/news.js';
import { SITE } from '../../src/shared/site.js';
import { baseUrlFor, E2E_ADMIN_TOKEN, E2E_PORT } from './support/env.js';
import { axeViolations } from './support/axe.js';
import { appStarted, expect, frenchCount, test } from './support/fixtures.js';

const CATEGORY_LABELS = ['Météo', 'Transport', 'Santé', 'Politique', 'Culture', 'Économie'];
/** 14 February 2026, 18:00 in La Réunion: the demo items were published 25 min to 4 days before. */
const DEMO_NOW = new Date('2026-02-14T14:00:00.000Z');
const AGES = ['il y a 25 min', 'il y a 3 h', 'il y a 7 h', 'il y a 1 j', 'il y a 2 j', 'il y a 4 j'];

/** The demo items as the server holds them (their content; ages and alerts are checked against literals). */
async function demoItems(): Promise<NewsItem[]> {
  const request = await playwrightRequest.newContext({ baseURL: baseUrlFor(E2E_PORT) });
  const feed = (await (await request.get('/api/news')).json()) as NewsFeed;
  await request.dispose();
  return feed.items.filter((item) => !item.id.startsWith('e2e-'));
}

async function openNews(page: Page, now: Date | null = DEMO_NOW) {
  // The browser's clock, fixed: ages are computed from the items' real dates and this moment.
  if (now) await page.clock.setFixedTime(now);
  // Already on the page: the same address would not load it again.
  if (page.url().endsWith('#trending')) await page.reload();
  else await page.goto('/#trending');
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('news-item')).toHaveCount(6);
}

function changeText(change: number): string {
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} %`;
}

test.describe('news page', () => {
  test('"Actualités" with today’s date in French long format', async ({ page }) => {
    await openNews(page);
    await expect(page.getByTestId('news-date')).toHaveText('samedi 14 février 2026');
  });

  test('the date follows the real clock too', async ({ page }) => {
    await openNews(page, null);
    const expected = await page.evaluate(() =>
      new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
        .format(new Date())
        .replace(/ 1 /, ' 1er '),
    );
    await expect(page.getByTestId('news-date')).toHaveText(expected);
    expect(expected).toMatch(
      /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (1er|\d{1,2}) (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
    );
  });

  test('six items, each with rank, emoji, trending badge, category, title, summary, author, age, reading time, views and change', async ({
    page,
  }) => {
    const ITEMS = await demoItems();
    expect(ITEMS).toHaveLength(6);
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

  test('relative ages use minutes under 60, hours under 24 h, then days, from the items’ real dates', async ({ page }) => {
    await openNews(page);
    await expect(page.getByTestId('news-age')).toHaveText(AGES);
  });

  test('ages are honest on any other day: the same items a week later', async ({ page }) => {
    await openNews(page, new Date('2026-02-21T14:00:00.000Z'));
    await expect(page.getByTestId('news-age')).toHaveText([
      'il y a 7 j',
      'il y a 7 j',
      'il y a 7 j',
      'il y a 8 j',
      'il y a 9 j',
      'il y a 11 j',
    ]);
  });

  test(
    'sparkline rising or falling on medium screens and up, hidden on phones',
    { tag: '@desktop' },
    async ({ page, isMobile }) => {
      const ITEMS = await demoItems();
      await openNews(page);
      const lines = page.getByTestId('news-sparkline');
      await expect(lines).toHaveCount(6);
      for (const [index, item] of ITEMS.entries()) {
        const line = lines.nth(index);
        await expect(line).toHaveAttribute('data-trend', item.viewsChange > 0 ? 'up' : 'down');
        if (isMobile) await expect(line).toBeHidden();
        else await expect(line).toBeVisible();
      }
    },
  );

  test('an item opens its press site in a new tab', async ({ page, context }) => {
    // The press sites themselves are outside the product: answer them locally.
    await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>presse</title>' }),
    );
    const ITEMS = await demoItems();
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

  test(
    'side column: "Suivez-nous", "En tendance" (first 3) and "Alertes météo" with no alert in force',
    { tag: '@desktop' },
    async ({ page }) => {
      const ITEMS = await demoItems();
      // The demo day: the first three items are recent. The server's clock is today's: it no longer lists the
      // demo alerts of February 2026, which have ended, so nothing is in force.
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
      await expect(alerts.getByTestId('no-weather-alert')).toHaveText('Aucune alerte en cours');
      await expect(alerts.getByTestId('weather-alert')).toHaveCount(0);
      await expect(alerts).not.toContainText('Alerte rouge');
    },
  );

  test('an alert published through the admin API shows while it runs, with its issue time; an ended one does not', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const request = await playwrightRequest.newContext({
      baseURL: baseUrlFor(E2E_PORT),
      extraHTTPHeaders: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    const create = async (data: Record<string, unknown>) => {
      const answer = await request.post('/api/admin/alerts', { data });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()) as WeatherAlert;
    };
    // Dated in 2027 so that no other test, whose browser runs on the real clock, ever sees them as current.
    const running = await create({
      id: `e2e-running-${tag}`,
      kind: 'cyclone',
      level: 'alerte-rouge',
      zone: `Sud ${tag}`,
      places: 'Saint-Pierre, Saint-Joseph',
      advice: 'Restez chez vous.',
      issuedAt: '2027-01-01T14:00:00+04:00',
      endsAt: '2027-01-02T06:00:00+04:00',
    });
    const ended = await create({
      id: `e2e-ended-${tag}`,
      kind: 'pluies',
      level: 'orange',
      zone: `Ouest ${tag}`,
      advice: 'Évitez les ravines.',
      issuedAt: '2027-01-01T06:00:00+04:00',
      endsAt: '2027-01-01T18:00:00+04:00',
    });
    try {
      await openNews(page, new Date('2027-01-01T13:30:00.000Z'));
      const alerts = page.getByTestId('weather-alerts');
      const shown = alerts.getByTestId('weather-alert').filter({ hasText: `Sud ${tag}` });
      await expect(shown).toBeVisible();
      await expect(shown).toHaveAttribute('data-colour', 'red');
      await expect(shown).toContainText(`Alerte rouge cyclonique — Sud ${tag}`);
      await expect(shown).toContainText('En cours');
      await expect(shown.getByTestId('weather-alert-times')).toHaveText(
        'Émise le vendredi 1er janvier à 14:00, jusqu’au samedi 2 janvier à 06:00',
      );
      // 17:30 in La Réunion: the rain vigilance ended at 18:00 is still on; the same page after 18:00 drops it.
      await expect(alerts.getByTestId('weather-alert').filter({ hasText: `Ouest ${tag}` })).toContainText(
        `Vigilance orange fortes pluies et inondations — Ouest ${tag}`,
      );
      await openNews(page, new Date('2027-01-01T14:00:00.000Z'));
      await expect(alerts.getByTestId('weather-alert').filter({ hasText: `Sud ${tag}` })).toBeVisible();
      await expect(alerts.getByTestId('weather-alert').filter({ hasText: `Ouest ${tag}` })).toHaveCount(0);
      // Once the cyclone alert has ended too, nothing is in force.
      await openNews(page, new Date('2027-01-02T02:00:00.000Z'));
      await expect(alerts.getByTestId('weather-alert').filter({ hasText: tag })).toHaveCount(0);
    } finally {
      await request.delete(`/api/admin/alerts/${running.id}`);
      await request.delete(`/api/admin/alerts/${ended.id}`);
      await request.dispose();
    }
  });

  test('freshness follows the dates: "Tendance" and "aujourd’hui" for 24 hours, then neither', async ({ page }) => {
    const tendance = page.getByTestId('news-item').getByText('Tendance', { exact: true });
    const subtitle = page.getByTestId('news-subtitle');
    // The cyclone item was published on 14 February 2026 at 13:35 UTC: a second short of 24 hours later it is
    // still today's news; "NRL" (11:00) and "CHU" (06:40), also marked as trends, are not any more.
    await openNews(page, new Date('2026-02-15T13:34:59.000Z'));
    await expect(subtitle).toHaveText('Ce qui fait parler La Réunion aujourd’hui.');
    await expect(tendance).toHaveCount(1);
    await expect(page.getByTestId('news-item').first().getByText('Tendance', { exact: true })).toBeVisible();
    await expect(page.getByTestId('news-trending').getByRole('listitem')).toHaveCount(1);
    // At 24 hours, nothing on the page is today's news.
    await openNews(page, new Date('2026-02-15T13:35:00.000Z'));
    await expect(subtitle).toHaveText('Aucun article de moins de 24\u00a0h\u00a0: voici les derniers parus.');
    await expect(tendance).toHaveCount(0);
    await expect(page.getByTestId('news-trending').getByRole('listitem')).toHaveCount(0);
    await expect(page.getByTestId('news-trending-none')).toHaveText('Aucun article de moins de 24\u00a0h.');
    // A year later, the same.
    await openNews(page, new Date('2027-02-14T14:00:00.000Z'));
    await expect(subtitle).toHaveText('Aucun article de moins de 24\u00a0h\u00a0: voici les derniers parus.');
    await expect(tendance).toHaveCount(0);
  });

  test('alerts that cannot be read are said to be unavailable, never "Aucune alerte en cours" @desktop', async ({ page }) => {
    await page.route('**/api/news', (route) => route.abort('internetdisconnected'));
    await page.clock.setFixedTime(DEMO_NOW);
    await page.goto('/#trending');
    const box = page.getByTestId('weather-alerts');
    await expect(box.getByTestId('weather-alerts-unavailable')).toHaveText(
      'Alertes indisponibles\u00a0: aucune lecture sur cet appareil.',
    );
    await expect(box.getByTestId('no-weather-alert')).toHaveCount(0);
    await expect(page.getByText('Aucune alerte en cours')).toHaveCount(0);
  });

  test('an alert in force shows at the top of the home and of the news page, within the first screen @desktop', async ({
    page,
    isMobile,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const request = await playwrightRequest.newContext({
      baseURL: baseUrlFor(E2E_PORT),
      extraHTTPHeaders: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    // Dated in March 2027: no other test's browser, on the real clock or at its own fixed dates, sees it in force.
    const answer = await request.post('/api/admin/alerts', {
      data: {
        id: `e2e-banner-${tag}`,
        kind: 'cyclone',
        level: 'alerte-rouge',
        zone: `Est ${tag}`,
        places: 'Saint-Benoît, Sainte-Rose',
        advice: 'Restez à l’abri, ne sortez sous aucun prétexte.',
        issuedAt: '2027-03-10T08:00:00+04:00',
        endsAt: '2027-03-11T08:00:00+04:00',
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    try {
      await page.clock.setFixedTime(new Date('2027-03-10T06:00:00.000Z'));
      await page.goto('/');
      const homeBanner = page.getByRole('region', { name: 'Alertes météo en cours' });
      const entry = homeBanner.getByTestId('alert-banner-entry').filter({ hasText: `Est ${tag}` });
      await expect(entry).toHaveText(`Alerte rouge cyclonique — Est ${tag}Restez à l’abri, ne sortez sous aucun prétexte.`);
      await expect(entry).toHaveAttribute('data-colour', 'red');
      await expect(entry).toBeInViewport();
      // Above the first prediction.
      const entryBox = await entry.boundingBox();
      const cardBox = await page.locator('article').first().boundingBox();
      expect(entryBox && cardBox && entryBox.y < cardBox.y).toBe(true);

      await homeBanner.getByRole('link', { name: 'Voir les alertes et les actualités' }).click();
      await expect(page).toHaveURL(/#trending$/);
      await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
      const newsBanner = page.getByRole('region', { name: 'Alertes météo en cours' });
      const boxEntry = page
        .getByTestId('weather-alerts')
        .getByTestId('weather-alert')
        .filter({ hasText: `Est ${tag}` });
      if (isMobile) {
        // On a phone the box comes after every article: the banner says it first.
        await expect(newsBanner.getByTestId('alert-banner-entry').filter({ hasText: `Est ${tag}` })).toBeInViewport();
        await expect(boxEntry).not.toBeInViewport();
      } else {
        // Beside the articles on a large screen, the box is in the first screen: no banner repeats it.
        await expect(newsBanner).toBeHidden();
        await expect(boxEntry).toBeInViewport();
      }
    } finally {
      await request.delete(`/api/admin/alerts/e2e-banner-${tag}`);
      await request.dispose();
    }
  });

  // The bottom bar is for phones.
  test('reached from the bottom bar’s "Tendances" on phones', { tag: '@mobile-only' }, async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Tendances' }).click();
    await expect(page).toHaveURL(/#trending$/);
    await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, { tag: '@desktop' }, () => {
    test.use({ theme });
    test('news page has no axe violations', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openNews(page);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      expect(await axeViolations(page, 'main')).toEqual([]);
    });
  });
}
