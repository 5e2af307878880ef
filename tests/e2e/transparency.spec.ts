import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Market } from '../../src/shared/market.js';
import { baseUrlFor, E2E_ADMIN_TOKEN, E2E_PORT } from './support/env.js';
import { axeViolations } from './support/axe.js';
import { appStarted, expect, test } from './support/fixtures.js';
import { issueIdentity, proofFor } from './support/protection.js';

/**
 * A private server (protection on, no demo data, no figure cache) that receives a known sequence of
 * votes and refusals, so the page's figures are exact numbers.
 */
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | null = null;
let directory = '';
let base = '';
let api: APIRequestContext;
let pageIdentity = '';

/** Today in La Réunion, as the page writes it ("lundi 23 novembre 2026"). */
function reunionToday(): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Indian/Reunion',
  })
    .format(new Date())
    .replace(/ 1 /, ' 1er ');
}

async function createMarket(): Promise<Market> {
  const response = await api.post('/api/admin/markets', {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: {
      title: `Transparence ${randomBytes(3).toString('hex')} : tout est-il compté ?`,
      description: 'Prédiction de test.',
      category: 'culture',
      endDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      trending: false,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Market;
}

async function voteBody(market: Market, voteType: 'yes' | 'no', fingerprint: string) {
  const proof = await proofFor(api, { purpose: 'vote', marketId: market.id, voteType, fingerprint });
  return { marketId: market.id, voteType, fingerprint, proof };
}

test.beforeAll(async () => {
  const info = test.info();
  // Within this developer's port range: E2E_PORT + 2 … + 7.
  const port = E2E_PORT + 2 + (info.project.name === 'desktop' ? 1 : 0) + (info.workerIndex % 3) * 2;
  directory = mkdtempSync(join(tmpdir(), 'predi974-e2e-transparency-'));
  base = baseUrlFor(port);
  server = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(directory, 'db.sqlite')}`,
      SEED: 'none',
      RATE_LIMIT: 'off',
      PROTECTION_TRANSPARENCY_CACHE_MS: '0',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () =>
        fetch(`${base}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
  api = await playwrightRequest.newContext({ baseURL: base });

  // The known day: 2 identities issued, 3 votes accepted from 2 devices, 1 replayed proof, 2 refused for their proof.
  const first = await createMarket();
  const second = await createMarket();
  const alice = await issueIdentity(api);
  const bruno = await issueIdentity(api);
  for (const body of [await voteBody(first, 'yes', alice), await voteBody(second, 'no', alice)]) {
    expect((await api.post('/api/votes', { data: body })).status()).toBe(200);
  }
  const brunoVote = await voteBody(first, 'no', bruno);
  expect((await api.post('/api/votes', { data: brunoVote })).status()).toBe(200);
  const replay = await api.post('/api/votes', { data: brunoVote });
  expect(await replay.json()).toEqual({ error: 'Preuve de travail déjà utilisée : veuillez réessayer.' });
  const missing = await api.post('/api/votes', { data: { marketId: second.id, voteType: 'yes', fingerprint: bruno } });
  expect(await missing.json()).toEqual({ error: 'Preuve de travail manquante : veuillez réessayer.' });
  const forged = await api.post('/api/votes', {
    data: { marketId: second.id, voteType: 'yes', fingerprint: randomBytes(32).toString('hex'), proof: 'AAAA' },
  });
  expect(forged.status()).toBe(403);
  // The page reads with an identity it already has, so opening it issues none.
  pageIdentity = alice;
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(directory, { recursive: true, force: true });
});

async function openTransparency(page: Page): Promise<void> {
  await page.addInitScript((identity) => localStorage.setItem('user_fingerprint', identity), pageIdentity);
  await page.goto(`${base}/#transparence`);
  await expect(page.getByRole('heading', { name: 'Transparence des votes', level: 1 })).toBeVisible();
}

const TODAY_FIGURES = ['3', '2', '2', '1', '0', '2', '0', '0'];
const LABELS = [
  'Votes acceptés',
  'Participants',
  'Identités délivrées',
  'Refusés : preuve réutilisée',
  'Refusés : trop rapides',
  'Refusés : preuve absente ou invalide',
  'Rafales détectées',
  'Votes exclus (rafale concentrée)',
];

test('phone: today’s figures as a card per day, the difficulty in plain words, how it works @mobile-only', async ({ page }) => {
  await openTransparency(page);
  const card = page.getByTestId('transparency-day-cards').getByRole('listitem').first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(reunionToday());
  await expect(card.locator('dt')).toHaveText(LABELS);
  await expect(card.locator('dd')).toHaveText(TODAY_FIGURES);
  await expect(page.getByTestId('transparency-table')).toBeHidden();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await expect(page.getByTestId('difficulty-level')).toHaveText('Normale');
  await expect(page.getByTestId('difficulty-text')).toHaveText(
    'En temps normal, un vote demande à votre appareil environ 5\u202f000 calculs, une fraction de seconde sur un téléphone. C’est ce qu’ont demandé la plupart des votes aujourd’hui.',
  );
  const how = page.getByRole('region', { name: 'Comment vos votes sont protégés' });
  await expect(how.getByRole('heading', { level: 3 })).toHaveText([
    'Une identité délivrée par le serveur',
    'Une preuve de travail invisible',
    'Des budgets qui respectent les adresses partagées',
    'Des rafales repérées, examinées, exclues au besoin',
    'Aucune donnée personnelle, aucun tiers',
  ]);
  await expect(how).toContainText('aucun service extérieur, aucun cookie tiers');
  await expect(how).toContainText('elle-même n’est jamais enregistrée avec un vote, seul son groupe ainsi haché l’est');
  // The figures come first on the page: the text under them says so.
  await expect(how).toContainText('Les chiffres ci-dessus sont des totaux par jour.');
  // The colon of the heading is bound to its words by a no-break space, never alone at the start of a line.
  const heading = await page.getByRole('heading', { level: 2, name: /^Difficulté du jour/ }).textContent();
  expect(heading).toBe('Difficulté du jour\u00a0: Normale');
});

test('phone: reached from the "Plus" menu, #transparence in the address, Back returns home @mobile-only', async ({ page }) => {
  await page.addInitScript((identity) => localStorage.setItem('user_fingerprint', identity), pageIdentity);
  await page.goto(`${base}/`);
  await appStarted(page);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('button', { name: 'Transparence des votes' }).click();
  await expect(page.getByRole('heading', { name: 'Transparence des votes', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#transparence');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

test('desktop: reached from the footer (on the demo server, long enough to scroll) @desktop-only', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('article').first()).toBeVisible();
  await page.mouse.wheel(0, 600);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveAttribute('data-visible', 'true');
  await footer.getByRole('button', { name: 'Transparence' }).click();
  await expect(page.getByRole('heading', { name: 'Transparence des votes', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#transparence');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
});

test('desktop: a table with today’s row @desktop-only', async ({ page }) => {
  await openTransparency(page);
  const table = page.getByRole('table', { name: 'Chiffres du vote par jour, du plus récent au plus ancien' });
  await expect(table.getByRole('columnheader')).toHaveText(['Jour', ...LABELS]);
  const today = table.getByRole('row').nth(1);
  await expect(today.getByRole('rowheader')).toHaveText(reunionToday());
  await expect(today.getByRole('cell')).toHaveText(TODAY_FIGURES);
  await expect(page.getByTestId('difficulty-level')).toHaveText('Normale');
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, { tag: '@desktop' }, () => {
    test.use({ theme });
    test(`the transparency page has no axe violations (${theme})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openTransparency(page);
      await expect(page.getByTestId('difficulty-level')).toBeVisible();
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      expect(await axeViolations(page, 'main')).toEqual([]);
    });
  });
}
