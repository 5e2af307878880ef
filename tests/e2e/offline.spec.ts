import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { Market } from '../../src/shared/market.js';
import type { Commune } from '../../src/shared/municipal.js';
import { freePort } from '../support/server-process.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { appStarted, expect, marketCard, test } from './support/fixtures.js';

/**
 * The installable app and its service worker, in the real Chromium against the built server: installed,
 * then the network cut with `context.setOffline`. The rest of the suite blocks service workers
 * (playwright.config.ts); here they are allowed. The context is reset between tests (service workers
 * included), so each test installs the worker again.
 */
test.use({ serviceWorkers: 'allow' });

const PENDING_MESSAGE = 'Votre vote sera envoyé dès le retour de la connexion.';
const OFFLINE_VOTE = 'Pas de connexion : votre vote n’a pas été envoyé. Réessayez quand le réseau reviendra.';
const UPDATE_TEXT = 'Une nouvelle version de Prédi974 est disponible.';

/** Waits until the service worker is active and controls the page, then reloads so the lists go through it. */
async function installWorker(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first install claims the open page (clients.claim); reload once if that has not happened yet.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until the worker's copy holds this API answer (its exact address: the list's first page is `?page=1`). */
async function waitForCopy(page: Page, path: string): Promise<void> {
  await page.waitForFunction(async (wanted) => (await (await caches.open('predi974-api')).match(wanted)) !== undefined, path);
}

/** "24 novembre à 14 h 05" for the copy's Date header, in the island's time. */
async function copyDate(page: Page, path: string): Promise<string> {
  const header = await page.evaluate(
    async (wanted) => (await (await caches.open('predi974-api')).match(wanted))?.headers.get('date') ?? '',
    path,
  );
  const date = new Date(header);
  // French writes the first of a month « 1er ».
  const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Indian/Reunion' })
    .format(date)
    .replace(/^1 /, '1er ');
  const parts = new Intl.DateTimeFormat('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Indian/Reunion',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${day} à ${part('hour')} h ${part('minute')}`;
}

/** With OFFLINE_SHOTS=<folder>: the screen as it is, at 390×844 and 1440×900, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.OFFLINE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await page.screenshot({ path: join(folder, `${name}-${width}-${dark ? 'dark' : 'light'}.png`), animations: 'disabled' });
    }
  }
  if (size) await page.setViewportSize(size);
}

test('installable: a valid manifest, no installability error, a worker that controls the page', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile, which the suite's contexts are: this test
  // runs in a profile of its own on disk, like a visitor's browser.
  const profile = mkdtempSync(join(tmpdir(), 'predi974-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Indian/Reunion',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await installWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Prédi974',
      short_name: 'Prédi974',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d6a79',
      background_color: '#f8fafc',
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/^application\/javascript/);
    const manifestAnswer = await page.request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['cache-control']).toBe('no-cache');
    expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifestAnswer.headers()['content-security-policy']).toContain("worker-src 'self'");
    await cdp.detach();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline: the app opens with the last list, says from when, and the banner goes once the network is back @desktop', async ({
  page,
  context,
}) => {
  await installWorker(page);
  await page.reload();
  await expect(page.locator('article').first()).toBeVisible();
  await waitForCopy(page, '/api/markets?page=1');
  // The grid is drawn in steps (the server's first cards, then the rest a few rows per frame): the titles are read
  // once it has drawn them all.
  await expect.poll(() => page.locator('article').count()).toBeGreaterThan(12);
  await expect(page.locator('[data-home-screen] ul:has(article)')).not.toHaveAttribute('aria-busy');
  // And no card added for half a second: in a full run one read found 20 cards drawn of the 43 shown offline.
  await expect
    .poll(async () => {
      const before = await page.locator('article').count();
      await page.waitForTimeout(500);
      return (await page.locator('article').count()) === before;
    })
    .toBe(true);
  const titles = await page.locator('article h3').allInnerTexts();
  expect(titles.length).toBeGreaterThan(3);
  const since = await copyDate(page, '/api/markets?page=1');

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'Vous êtes hors connexion.' });
  await expect(banner).toHaveText(
    `Vous êtes hors connexion. Les résultats affichés datent du ${since} et peuvent ne plus être à jour.`,
  );
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
  await expect(page.locator('article h3')).toHaveText(titles);
  await shoot(page, 'offline-banner');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('article').first()).toBeVisible();
});

// The first commune, the chain's first card and every count of the lists: run when no other test votes or creates.
test(
  'offline votes: a card, a commune and "Voter à la chaîne" keep their vote and send it once back online',
  { tag: '@whole-catalog' },
  async ({ page, context, api }) => {
    const market = await api.createMarket({ trending: true, endsInDays: 1 });
    await installWorker(page);
    await page.reload();
    await waitForCopy(page, '/api/markets?page=1');
    await page.goto('/#municipales');
    await expect(page.getByTestId('commune-card').first()).toBeVisible();
    await waitForCopy(page, '/api/municipal');
    const communeTotals = async () => {
      const answer = await page.request.get('/api/municipal');
      return ((await answer.json()) as Commune[]).map((commune) => [commune.id, commune.totalVotes]);
    };
    const before = await communeTotals();
    const openCounts = async () => {
      const answer = await page.request.get('/api/markets');
      return ((await answer.json()) as Market[]).map((item) => [item.id, item.totalVotes]);
    };
    const countsBefore = await openCounts();

    // The page was opened online and the network goes (the case where a vote could be held and sent later).
    await page.goto('/');
    await appStarted(page);
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
    const card = marketCard(page, market.title);
    await expect(card).toBeVisible();
    await context.setOffline(true);

    // A prediction card: the vote is kept on the device (tests/e2e/offline-votes.spec.ts), sent once back online.
    await card.getByRole('button', { name: /^Voter OUI/ }).click();
    await expect(card.getByTestId('pending-vote')).toHaveText(
      'Vote OUI en attente. Votre vote sera envoyé dès le retour de la connexion.',
    );
    await shoot(page, 'offline-vote-card');

    // A commune: kept as well (docs/decisions/038, amended), the choice locked meanwhile.
    await page.goto('/#municipales');
    const firstCommune = page.getByTestId('commune-card').first();
    const communeId = await firstCommune.getAttribute('data-commune-id');
    await firstCommune.getByTestId('commune-open').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('radio').first().check({ force: true });
    await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
    await expect(sheet.getByTestId('pending-vote')).toContainText(`en attente. ${PENDING_MESSAGE}`);
    await expect(sheet.getByRole('button', { name: 'Confirmer le vote' })).toHaveCount(0);
    await expect(sheet.getByText(OFFLINE_VOTE)).toHaveCount(0);
    await shoot(page, 'offline-vote-commune');

    // "Voter à la chaîne": kept too, and the chain goes on. The card's prediction, whose vote waits, is not offered.
    await page.goto('/#a-la-chaine');
    const chain = page.getByTestId('vote-chain');
    await expect(chain.getByTestId('chain-position')).toHaveText(/^Prédiction 1 sur \d+$/);
    await expect(chain.getByTestId('chain-card').getByRole('heading', { level: 2 })).not.toHaveText(market.title);
    await chain.getByRole('group', { name: 'Votre choix' }).getByRole('button', { name: /^OUI/ }).click();
    await expect(chain.getByTestId('pending-vote')).toHaveText(`Vote OUI en attente. ${PENDING_MESSAGE}`);
    await expect(chain.getByTestId('chain-position')).toHaveText(/^Prédiction 2 sur \d+$/);
    await expect(chain.getByText(OFFLINE_VOTE)).toHaveCount(0);
    await shoot(page, 'offline-vote-chain');

    await context.setOffline(false);
    // The lists are read again a second after the network is back, then every 15 s until the server answers.
    await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors connexion.' })).toHaveCount(0, { timeout: 20_000 });
    // The three kept votes go out, one at a time, each once.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pending_votes')), { timeout: 30_000 }).toBeNull();
    await page.waitForTimeout(3_000);
    // The card's prediction and the chain's first card: one vote more each, nothing else.
    const countsAfter = await openCounts();
    const changed = countsAfter.filter(([id, total]) => countsBefore.find(([other]) => other === id)?.[1] !== total);
    expect(changed).toHaveLength(2);
    for (const [id, total] of changed) expect(total).toBe(Number(countsBefore.find(([other]) => other === id)?.[1]) + 1);
    expect(changed.map(([id]) => id)).toContain(market.id);
    // The commune: one vote more, the others unchanged.
    expect(Object.fromEntries(await communeTotals())).toEqual(
      Object.fromEntries(before.map(([id, total]) => [id, id === communeId ? Number(total) + 1 : total])),
    );
    expect((await api.market(market.id)).totalVotes).toBe(1);
  },
);

test('update: a new worker waits, "Mettre à jour" reloads into it once, without errors', async ({ page }) => {
  // A second server over a copy of the built app, whose worker this test then changes like a deploy would. Its
  // database holds one prediction, added here: seeding the demo data (some 36 MB of vote rows and step counts) took
  // more than 30 s on the suite's two loaded cores, and once most of this test's 150 s, which then ran out before the
  // reload.
  test.setTimeout(150_000);
  const root = mkdtempSync(join(tmpdir(), 'predi974-update-'));
  cpSync(resolve('dist/web'), join(root, 'dist/web'), { recursive: true });
  mkdirSync(join(root, 'data'));
  symlinkSync(resolve('data/seed'), join(root, 'data/seed'));
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [resolve('dist/server/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(root, 'update.db')}`,
        SEED: 'none',
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const origin = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await page.request.get(`${origin}/api/health`).catch(() => null))?.status(), { timeout: 90_000 })
      .toBe(200);
    const created = await page.request.post(`${origin}/api/admin/markets`, {
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      data: {
        title: 'La mise à jour de l’application se fera-t-elle sans accroc ?',
        description: 'Prédiction de test de la mise à jour.',
        category: 'culture',
        endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await installWorker(page, `${origin}/`);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(first).toBe(`${origin}/sw.js`);

    // The deploy: one byte more in sw.js (its compressed twins removed, so the server sends the new file).
    appendFileSync(join(root, 'dist/web/sw.js'), '\n');
    rmSync(join(root, 'dist/web/sw.js.br'), { force: true });
    rmSync(join(root, 'dist/web/sw.js.gz'), { force: true });
    await page.reload();
    const prompt = page.getByRole('region', { name: 'Mise à jour' });
    await expect(prompt.getByRole('status')).toHaveText(UPDATE_TEXT);
    await shoot(page, 'update-prompt');
    await expect(page.getByRole('region', { name: 'Mise à jour' })).toBeVisible();

    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForFunction(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === undefined);
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mise à jour' })).toHaveCount(0);
    // The new worker controls the page and nothing waits any more.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
      }),
    ).toEqual({ waiting: null, active: 'activated' });
    expect(errors).toEqual([]);
  } finally {
    server?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
});
