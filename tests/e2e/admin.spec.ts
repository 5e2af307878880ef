import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { axeViolations } from './support/axe.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { expect, test } from './support/fixtures.js';

// Animations are instant, so axe never measures a half-faded colour.
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 90_000 });

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
const tag = () => randomBytes(3).toString('hex');

async function login(page: Page) {
  await page.goto('/#admin');
  await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name }).click();

async function expectNoViolations(page: Page, label: string) {
  expect(await axeViolations(page), label).toEqual([]);
}

test('a wrong token is refused; the right one is kept for the tab only, never in the URL, until logout', async ({ page }) => {
  await page.goto('/#admin');
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  // Nothing in the visitor navigation leads here.
  await expect(page.locator('a[href="#admin"]')).toHaveCount(0);

  await page.getByLabel('Jeton d’administration').fill('mauvais-jeton');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Jeton refusé');
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);

  await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Activité en direct' })).toBeVisible();
  expect(page.url()).not.toContain(E2E_ADMIN_TOKEN);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(E2E_ADMIN_TOKEN);
  expect(await page.evaluate(() => sessionStorage.getItem('predi974-admin-token'))).toBe(E2E_ADMIN_TOKEN);

  // A reload keeps the session of the tab.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activité en direct' })).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByLabel('Jeton d’administration')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('predi974-admin-token'))).toBeNull();
});

test('predictions: create (with the server refusal first), edit, trending, resolve, delete', async ({ page, request }) => {
  const id = tag();
  const title = `Admin e2e ${id} : le marché forain ouvrira-t-il le dimanche ?`;
  const edited = `Admin e2e ${id} : le marché forain ouvrira-t-il le samedi ?`;
  await login(page);
  await section(page, 'Prédictions');

  await page.getByRole('button', { name: 'Nouvelle prédiction' }).click();
  const form = page.getByRole('form', { name: 'Nouvelle prédiction' });
  await form.getByRole('button', { name: 'Créer la prédiction' }).click();
  await expect(form.getByRole('alert')).toHaveText('Requête invalide : title — Le titre doit contenir au moins 3 caractères');

  await form.getByLabel('Titre').fill(title);
  await form.getByLabel('Description').fill('Le conseil municipal doit voter l’ouverture dominicale.');
  await form.getByLabel('Catégorie').selectOption('economie');
  await form.getByLabel(/Date de fin/).fill('2027-03-31');
  await form.getByRole('button', { name: 'Créer la prédiction' }).click();
  const card = page.getByRole('group', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Économie')).toBeVisible();
  await expect(card).toContainText('fin le 31/03/2027');
  const markets = (await (await request.get('/api/markets')).json()) as { id: string; title: string; endDate: string }[];
  const created = markets.find((m) => m.title === title);
  expect(created?.endDate).toBe('2027-03-31T19:59:59.000Z');
  const marketId = created?.id ?? '';

  await card.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier la prédiction' });
  await editForm.getByLabel('Titre').fill('ab');
  await editForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editForm.getByRole('alert')).toHaveText('Requête invalide : title — Le titre doit contenir au moins 3 caractères');
  await editForm.getByLabel('Titre').fill(edited);
  await editForm.getByRole('button', { name: 'Enregistrer' }).click();
  const editedCard = page.getByRole('group', { name: edited });
  await expect(editedCard).toBeVisible();

  await editedCard.getByRole('button', { name: 'Mettre en tendance' }).click();
  await expect(editedCard.getByText('Tendance', { exact: true })).toBeVisible();
  expect(((await (await request.get(`/api/markets/${marketId}`)).json()) as { trending: boolean }).trending).toBe(true);
  await editedCard.getByRole('button', { name: 'Retirer des tendances' }).click();
  await expect(editedCard.getByRole('button', { name: 'Mettre en tendance' })).toBeVisible();

  await editedCard.getByRole('button', { name: 'Résoudre' }).click();
  await editedCard.getByRole('group', { name: 'Choisir le résultat' }).getByRole('button', { name: 'NON' }).click();
  await expect(editedCard.getByText('Résolue : NON')).toBeVisible();
  await expect(editedCard.getByRole('button', { name: 'Résoudre' })).toHaveCount(0);
  expect(await (await request.get(`/api/markets/${marketId}`)).json()).toMatchObject({ resolved: true, outcome: 'no' });

  await editedCard.getByRole('button', { name: 'Supprimer' }).click();
  await editedCard.getByRole('button', { name: 'Annuler' }).click();
  await expect(editedCard).toBeVisible();
  await editedCard.getByRole('button', { name: 'Supprimer' }).click();
  await editedCard.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await expect(editedCard).toHaveCount(0);
  expect((await request.get(`/api/markets/${marketId}`)).status()).toBe(404);
});

test('communes and candidates: create, edit, delete', async ({ page, request }) => {
  const id = tag();
  const title = `Élection Municipale Testville ${id} 2026`;
  const edited = `Élection Municipale Testbourg ${id} 2026`;
  await login(page);
  await section(page, 'Communes');

  await page.getByRole('button', { name: 'Nouvelle commune' }).click();
  const form = page.getByRole('form', { name: 'Nouvelle commune' });
  await form.getByLabel('Titre de l’élection').fill(title);
  await form.getByRole('button', { name: 'Créer la commune' }).click();
  const card = page.getByRole('group', { name: title });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Modifier' }).click();
  await card.getByLabel('Titre de l’élection').fill(edited);
  await card.getByText('En tendance').click();
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  const editedCard = page.getByRole('group', { name: edited });
  await expect(editedCard.getByText('Tendance', { exact: true })).toBeVisible();
  const communes = (await (await request.get('/api/municipal')).json()) as { id: string; title: string; trending: boolean }[];
  const commune = communes.find((c) => c.title === edited);
  expect(commune?.trending).toBe(true);
  const communeId = commune?.id ?? '';

  await editedCard.getByRole('button', { name: 'Candidats' }).click();
  await expect(editedCard.getByText('Aucun candidat.')).toBeVisible();
  await editedCard.getByLabel('Nom du nouveau candidat').fill('X');
  await editedCard.getByRole('button', { name: 'Ajouter le candidat' }).click();
  await expect(editedCard.getByRole('alert')).toHaveText('Requête invalide : name — Le nom doit contenir au moins 2 caractères');
  await editedCard.getByLabel('Nom du nouveau candidat').fill('Marie-Claire Grondin');
  await editedCard.getByRole('button', { name: 'Ajouter le candidat' }).click();
  const candidate = editedCard.getByRole('group', { name: 'Marie-Claire Grondin' });
  await expect(candidate).toContainText('0 vote');

  await candidate.getByRole('button', { name: 'Renommer' }).click();
  await candidate.getByLabel('Nouveau nom').fill('Marie-Claire Grondin-Payet');
  await candidate.getByRole('button', { name: 'Enregistrer' }).click();
  const renamed = editedCard.getByRole('group', { name: 'Marie-Claire Grondin-Payet' });
  await expect(renamed).toBeVisible();
  const listed = (await (await request.get(`/api/municipal/${communeId}/candidates`)).json()) as { name: string }[];
  expect(listed.map((c) => c.name)).toEqual(['Marie-Claire Grondin-Payet']);

  await renamed.getByRole('button', { name: 'Supprimer' }).click();
  await renamed.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await expect(editedCard.getByText('Aucun candidat.')).toBeVisible();
  expect(await (await request.get(`/api/municipal/${communeId}/candidates`)).json()).toEqual([]);

  await editedCard.getByRole('button', { name: 'Supprimer' }).last().click();
  await editedCard.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await expect(editedCard).toHaveCount(0);
  expect((await request.get(`/api/municipal/${communeId}/candidates`)).status()).toBe(404);
});

test('the activity moves after a vote, without reloading', async ({ page, api, request }) => {
  const market = await api.createMarket({ title: `Admin e2e ${tag()} : le Tour de l’île partira-t-il de Saint-Pierre ?` });
  await login(page);
  const table = page.getByRole('table', { name: 'Votes par prédiction' });
  await expect(page.getByRole('heading', { name: 'Activité en direct' })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(market.title) })).toHaveCount(0);

  await api.vote(market.id, 'yes');
  const row = table.getByRole('row', { name: new RegExp(market.title) });
  await expect(row.getByRole('cell')).toHaveText(['1', '1'], { timeout: 10_000 });
  await api.vote(market.id, 'no');
  await expect(row.getByRole('cell')).toHaveText(['2', '2'], { timeout: 10_000 });

  // The same numbers as the API gives.
  const activity = (await (await request.get('/api/admin/activity', { headers: AUTH })).json()) as {
    markets: { id: string; votesLast5Minutes: number; votesLastHour: number }[];
  };
  expect(activity.markets.find((m) => m.id === market.id)).toMatchObject({ votesLast5Minutes: 2, votesLastHour: 2 });
});

test('the activity comes in pages of 50, busiest first: « Suivante » and « Précédente »', async ({ page, api }) => {
  // The 40 demo predictions and these 11: at least 51, two pages or more (other tests may add theirs meanwhile).
  for (let index = 0; index < 11; index++) {
    await api.createMarket({ title: `Admin e2e ${tag()} : la page ${index + 1} de l’activité s’affichera-t-elle ?` });
  }
  await login(page);
  const pager = page.getByRole('navigation', { name: 'Pages de l’activité' });
  const where = pager.getByText(/^Page \d+ sur \d+ · /);
  await expect(where).toHaveText(/^Page 1 sur [2-9] · \d+ prédictions$/);
  await expect(pager.getByRole('button', { name: 'Précédente' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Suivante' }).click();
  await expect(where).toHaveText(/^Page 2 sur [2-9] · \d+ prédictions$/);
  await expect(pager.getByRole('button', { name: 'Précédente' })).toBeEnabled();
  await pager.getByRole('button', { name: 'Précédente' }).click();
  await expect(where).toHaveText(/^Page 1 sur [2-9] · /);
  await expect(pager.getByRole('button', { name: 'Précédente' })).toBeDisabled();
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ theme });
    // axe runs four times on a busy 2-core machine: one test per theme, each with room for it.
    test.describe.configure({ timeout: 180_000 });
    test(`no axe violation on the admin screens: ${theme}`, { tag: '@desktop' }, async ({ page, api }) => {
      const market = await api.createMarket();
      await page.goto('/#admin');
      await expect(page.getByLabel('Jeton d’administration')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('alert')).toHaveText('Saisissez le jeton d’administration');
      await expectNoViolations(page, `login (${theme})`);

      await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('heading', { name: 'Activité en direct' })).toBeVisible();
      await expectNoViolations(page, `activity (${theme})`);

      // One card of each kind: axe over the whole list would take minutes on a busy machine.
      await section(page, 'Prédictions');
      await page.getByRole('button', { name: 'Nouvelle prédiction' }).click();
      await page.getByRole('button', { name: 'Créer la prédiction' }).click();
      await expect(page.getByRole('form', { name: 'Nouvelle prédiction' }).getByRole('alert')).toBeVisible();
      await page.getByLabel('Rechercher (titre, description ou catégorie)').fill(market.title);
      const card = page.getByRole('group', { name: market.title });
      await card.getByRole('button', { name: 'Résoudre' }).click();
      await expect(card.getByRole('button', { name: 'NON' })).toBeVisible();
      await expectNoViolations(page, `predictions (${theme})`);

      await section(page, 'Communes');
      await page.getByLabel('Filtrer les communes').fill('Cilaos');
      const commune = page.getByRole('group', { name: 'Élection Municipale Cilaos 2026' });
      await commune.getByRole('button', { name: 'Candidats', exact: true }).click();
      await expect(commune.getByRole('button', { name: 'Ajouter le candidat' })).toBeVisible();
      await commune.getByRole('button', { name: 'Supprimer' }).last().click();
      await expect(commune.getByRole('button', { name: 'Confirmer la suppression' })).toBeVisible();
      await expectNoViolations(page, `communes (${theme})`);
    });
  });
}
