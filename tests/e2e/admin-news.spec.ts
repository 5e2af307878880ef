import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { NewsFeed, WeatherAlert } from '../../src/shared/news.js';
import { axeViolations } from './support/axe.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { expect, test } from './support/fixtures.js';

/*
 * The "Actualités" section of the admin screen. An alert issued here is current on the real clock and a news item
 * joins the page's list: the news tests that count the items or expect no alert in force would see them, so these
 * tests run with the whole-catalog ones, on their own server, one at a time.
 */

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const tag = () => randomBytes(3).toString('hex');

/** The admin screen's news section; the token is typed once, then kept by the tab. */
async function openNewsSection(page: Page, { login = false } = {}) {
  await page.goto('/#admin');
  if (login) {
    await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sections de l’administration' })
    .getByRole('button', { name: 'Actualités' })
    .click();
  await expect(page.getByRole('heading', { name: 'Alertes météo', level: 2 })).toBeVisible();
}

/** The news page as a visitor loads it (within one visit the app keeps the feed it read first). */
async function openPublicNews(page: Page) {
  await page.goto('/#trending');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  await expect(page.getByTestId('news-item').first()).toBeVisible();
}

test(
  'an alert issued in the admin screen shows on the news page; "Terminer maintenant" takes it off',
  { tag: '@whole-catalog' },
  async ({ page, request }) => {
    const zone = `Cirque de Salazie ${tag()}`;
    await openNewsSection(page, { login: true });

    await page.getByRole('button', { name: 'Nouvelle alerte' }).click();
    const form = page.getByRole('form', { name: 'Nouvelle alerte' });
    // The server's own refusal, shown as it words it.
    await form.getByRole('button', { name: 'Émettre l’alerte' }).click();
    await expect(form.getByRole('alert')).toHaveText('Requête invalide : zone — La zone doit contenir au moins 2 caractères');

    await form.getByLabel('Type').selectOption('pluies');
    await form.getByLabel('Niveau').selectOption('rouge');
    await form.getByLabel('Zone').fill(zone);
    await form.getByLabel('Communes concernées (facultatif)').fill('Salazie, Hell-Bourg');
    await form.getByLabel('Consigne').fill('Ne traversez pas les radiers submergés.');
    // Issued now and ending in 24 hours: the form's defaults.
    await form.getByRole('button', { name: 'Émettre l’alerte' }).click();
    const name = `Vigilance rouge fortes pluies et inondations — ${zone}`;
    const card = page.getByRole('group', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('En cours', { exact: true })).toBeVisible();

    const alerts = (await (await request.get('/api/admin/alerts', { headers: AUTH })).json()) as WeatherAlert[];
    const created = alerts.find((alert) => alert.zone === zone);
    expect(created).toMatchObject({ kind: 'pluies', level: 'rouge', places: 'Salazie, Hell-Bourg' });
    const alertId = created?.id ?? '';
    expect(Date.parse(created?.endsAt ?? '') - Date.parse(created?.issuedAt ?? '')).toBe(24 * 3_600_000);

    try {
      await openPublicNews(page);
      const shown = page.getByTestId('weather-alerts').getByTestId('weather-alert').filter({ hasText: zone });
      await expect(shown).toContainText(name);
      await expect(shown).toContainText('En cours');
      await expect(shown).toHaveAttribute('data-colour', 'red');

      await openNewsSection(page);
      const again = page.getByRole('group', { name });
      await again.getByRole('button', { name: 'Terminer maintenant' }).click();
      await expect(again.getByText('Terminée', { exact: true })).toBeVisible();
      await expect(again.getByRole('button', { name: 'Terminer maintenant' })).toHaveCount(0);
      const feed = (await (await request.get('/api/news')).json()) as NewsFeed;
      expect(feed.alerts.map((alert) => alert.id)).not.toContain(alertId);

      await openPublicNews(page);
      await expect(page.getByTestId('weather-alerts').getByTestId('weather-alert').filter({ hasText: zone })).toHaveCount(0);

      // Deleted from the screen too: gone from the admin list.
      await openNewsSection(page);
      const ended = page.getByRole('group', { name });
      await ended.getByRole('button', { name: 'Supprimer' }).click();
      await ended.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await expect(ended).toHaveCount(0);
      const left = (await (await request.get('/api/admin/alerts', { headers: AUTH })).json()) as WeatherAlert[];
      expect(left.map((alert) => alert.id)).not.toContain(alertId);
    } finally {
      await request.delete(`/api/admin/alerts/${alertId}`, { headers: AUTH });
    }
  },
);

test(
  'a news item: published with a refusal first, edited, then deleted, as the news page shows',
  { tag: '@whole-catalog' },
  async ({ page, request }) => {
    const id = tag();
    const title = `Le téléphérique de Saint-Denis ${id} transporte son millionième passager`;
    const edited = `Le téléphérique de Saint-Denis ${id} fête ses deux millions de passagers`;
    await openNewsSection(page, { login: true });

    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const form = page.getByRole('form', { name: 'Nouvel article' });
    await form.getByLabel('Titre').fill(title);
    await form.getByLabel('Résumé').fill('Le Papang relie le Chaudron à Bois-de-Nèfles.');
    await form.getByLabel('Catégorie').selectOption('transport');
    await form.getByLabel('Publié le (heure de La Réunion)').fill('2026-11-20T09:15');
    await form.getByLabel('Auteur').fill('Rédaction Prédi974');
    await form.getByLabel('Image (un émoji)').fill('🚡');
    await form.getByLabel('Vues', { exact: true }).fill('1200');
    await form.getByLabel('Lien vers l’article de presse').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Publier l’article' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Requête invalide : pressUrl — pressUrl doit être une adresse web http(s) complète',
    );
    await form.getByLabel('Lien vers l’article de presse').fill('https://www.clicanoo.re/teleferique');
    await form.getByRole('button', { name: 'Publier l’article' }).click();
    const card = page.getByRole('group', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('publié le 20/11/2026');

    const feed = (await (await request.get('/api/news')).json()) as NewsFeed;
    const created = feed.items.find((item) => item.title === title);
    expect(created).toMatchObject({
      category: 'transport',
      publishedAt: '2026-11-20T05:15:00.000Z',
      author: 'Rédaction Prédi974',
      readTime: 3,
      views: 1200,
      viewsChange: 0,
      image: '🚡',
      trending: false,
    });
    const itemId = created?.id ?? '';

    try {
      await openPublicNews(page);
      await expect(page.getByTestId('news-item').filter({ hasText: title })).toContainText('Rédaction Prédi974');

      await openNewsSection(page);
      await page.getByLabel('Filtrer les articles par titre').fill(id);
      const row = page.getByRole('group', { name: title });
      await row.getByRole('button', { name: 'Modifier' }).click();
      const editForm = row.getByRole('form', { name: 'Modifier l’article' });
      await editForm.getByLabel('Vues', { exact: true }).fill('2,5');
      await editForm.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(editForm.getByRole('alert')).toHaveText('Requête invalide : views — views doit être un nombre entier');
      await editForm.getByLabel('Titre').fill(edited);
      await editForm.getByLabel('Vues', { exact: true }).fill('2500');
      await editForm.getByText('En tendance').click();
      await editForm.getByRole('button', { name: 'Enregistrer' }).click();
      const editedRow = page.getByRole('group', { name: edited });
      await expect(editedRow.getByText('Tendance', { exact: true })).toBeVisible();
      const after = ((await (await request.get('/api/news')).json()) as NewsFeed).items.find((item) => item.id === itemId);
      expect(after).toMatchObject({
        title: edited,
        views: 2500,
        trending: true,
        publishedAt: '2026-11-20T05:15:00.000Z',
      });

      await openPublicNews(page);
      await expect(page.getByTestId('news-item').filter({ hasText: edited })).toBeVisible();
      await expect(page.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);

      await openNewsSection(page);
      await page.getByLabel('Filtrer les articles par titre').fill(id);
      const toDelete = page.getByRole('group', { name: edited });
      await toDelete.getByRole('button', { name: 'Supprimer' }).click();
      await toDelete.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await expect(toDelete).toHaveCount(0);

      await openPublicNews(page);
      await expect(page.getByTestId('news-item').filter({ hasText: id })).toHaveCount(0);
    } finally {
      await request.delete(`/api/admin/news/${itemId}`, { headers: AUTH });
    }
  },
);

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ theme });
    test(`no axe violation on the news section: ${theme}`, { tag: ['@whole-catalog', '@desktop'] }, async ({ page }) => {
      await openNewsSection(page, { login: true });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await page.getByRole('button', { name: 'Nouvelle alerte' }).click();
      await page.getByRole('form', { name: 'Nouvelle alerte' }).getByRole('button', { name: 'Émettre l’alerte' }).click();
      await expect(page.getByRole('form', { name: 'Nouvelle alerte' }).getByRole('alert')).toBeVisible();
      await expect(page.getByRole('group').first()).toBeVisible();
      expect(await axeViolations(page), `news section (${theme})`).toEqual([]);
    });
  });
}
