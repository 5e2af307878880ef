import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { candidateShare, communeDisplayName, type Candidate, type Commune } from '../../src/shared/municipal.js';
import { baseUrlFor, E2E_ADMIN_TOKEN, E2E_PORT } from './support/env.js';
import { axeViolations } from './support/axe.js';
import { expect, frenchCount, pageIdentity, test } from './support/fixtures.js';
import { issueIdentity, proofFor } from './support/protection.js';

const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
/**
 * A device's first vote: its identity is issued (with a proof of work) before the vote is sent. On the suite's two
 * loaded cores that once took more than the usual 10 s, in a full run; 20 s, as for the other first votes of the suite.
 */
const FIRST_VOTE_MS = 20_000;

/** Real communes made through the admin API for one test, deleted afterwards. */
class Communes {
  private readonly created: string[] = [];
  constructor(private readonly request: APIRequestContext) {}

  /** A commune whose candidates start with the given vote counts (cast as real votes from other devices). */
  async create(candidates: Record<string, number>, { trending = false }: { trending?: boolean } = {}): Promise<Commune> {
    const tag = randomBytes(3).toString('hex');
    const created = await this.request.post('/api/admin/municipal', {
      headers: ADMIN,
      data: { title: `Élection Municipale Testville-${tag} 2026`, trending },
    });
    expect(created.status(), await created.text()).toBe(201);
    const commune = (await created.json()) as Commune;
    this.created.push(commune.id);
    for (const [name, votes] of Object.entries(candidates)) {
      const added = await this.request.post(`/api/admin/municipal/${commune.id}/candidates`, { headers: ADMIN, data: { name } });
      expect(added.status(), await added.text()).toBe(201);
      const candidate = (await added.json()) as Candidate;
      // Each vote is three requests now (identity, challenge, vote): sent side by side.
      await Promise.all(Array.from({ length: votes }, () => this.vote(commune.id, candidate.id)));
    }
    return this.get(commune.id);
  }

  /** A vote with its proof of work, from the given identity or a newly issued one (another device). */
  async vote(communeId: string, candidateId: string, fingerprint?: string) {
    const identity = fingerprint ?? (await issueIdentity(this.request));
    const proof = await proofFor(this.request, { purpose: 'municipal', communeId, candidateId, fingerprint: identity });
    return this.request.post(`/api/municipal/${communeId}/votes`, { data: { candidateId, fingerprint: identity, proof } });
  }

  async get(id: string): Promise<Commune> {
    const response = await this.request.get('/api/municipal');
    const commune = ((await response.json()) as Commune[]).find((item) => item.id === id);
    if (!commune) throw new Error(`commune ${id} introuvable`);
    return commune;
  }

  async candidates(id: string): Promise<Candidate[]> {
    return (await (await this.request.get(`/api/municipal/${id}/candidates`)).json()) as Candidate[];
  }

  async cleanup() {
    for (const id of this.created) await this.request.delete(`/api/admin/municipal/${id}`, { headers: ADMIN });
  }
}

const municipalTest = test.extend<{ communes: Communes }>({
  communes: async ({ baseURL }, use) => {
    const request = await playwrightRequest.newContext({ baseURL });
    const communes = new Communes(request);
    await use(communes);
    await communes.cleanup();
    await request.dispose();
  },
});

function card(scope: Page | Locator, communeId: string): Locator {
  return scope.locator(`[data-testid="commune-card"][data-commune-id="${communeId}"]`);
}

function share(votes: number, total: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(candidateShare(votes, total))} %`;
}

function votesText(votes: number): string {
  return `${frenchCount(votes)} ${votes > 1 ? 'votes' : 'vote'}`;
}

/** Opens the list; answers the identity the page was issued on this first visit. */
async function openMunicipal(page: Page): Promise<string> {
  await page.goto('/#municipales');
  const fingerprint = await pageIdentity(page);
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('commune-card').first()).toBeVisible();
  return fingerprint;
}

async function totalsOf(cards: Locator): Promise<number[]> {
  const texts = await cards.getByTestId('commune-total').allInnerTexts();
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

test.describe('municipal list', () => {
  test('title, subtitle, commune count, back button home', async ({ page, request }) => {
    const all = (await (await request.get('/api/municipal')).json()) as Commune[];
    await page.goto('/#municipales');
    await expect(page.getByRole('heading', { name: 'Élections Municipales', level: 1 })).toBeVisible();
    await expect(page.getByText('Île de la Réunion • 2026')).toBeVisible();
    // The count follows the server's list (other tests may add communes meanwhile).
    await expect(page.getByTestId('commune-count')).toHaveText(/^\d+ communes$/);
    // Count text and cards read together, retried: a commune made by a test running alongside may arrive live.
    await expect(async () => {
      const shown = Number((await page.getByTestId('commune-count').innerText()).replace(/\D/g, ''));
      expect(shown).toBeGreaterThanOrEqual(24);
      expect(Math.abs(shown - all.length)).toBeLessThanOrEqual(4);
      expect(await page.getByTestId('commune-card').count()).toBe(shown);
    }).toPass();
    await expect(page.locator('[data-testid="commune-card"][data-commune-id^="974"]')).toHaveCount(24);

    await page.getByTestId('municipal-header').getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
  });

  test('six skeleton cards while the list loads', async ({ page }) => {
    // The list answer is held until the loading state has been checked, however slow the machine.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/municipal', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#municipales');
    await expect(page.getByTestId('commune-skeleton')).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'Chargement des élections' })).toBeAttached();
    release();
    await expect(page.getByTestId('commune-card').first()).toBeVisible();
    await expect(page.getByTestId('commune-skeleton')).toHaveCount(0);
  });

  test('a failed list load is silently shown as the empty state', async ({ page }) => {
    await page.route('**/api/municipal', (route) => route.abort('connectionrefused'));
    await page.goto('/#municipales');
    await expect(page.getByRole('heading', { name: 'Aucune élection disponible' })).toBeVisible();
    await expect(page.getByText('Les élections municipales seront bientôt disponibles')).toBeVisible();
    await expect(page.getByText(/Erreur/)).toHaveCount(0);
  });

  test('"🔥 En tendance" first, then "Toutes les communes"; cards show name, badge, top 3 and total', async ({
    page,
    request,
  }) => {
    const all = (await (await request.get('/api/municipal')).json()) as Commune[];
    await openMunicipal(page);
    const trendingSection = page.getByTestId('municipal-trending');
    const allSection = page.getByTestId('municipal-all');
    await expect(trendingSection.getByRole('heading', { name: 'En tendance', exact: true })).toBeVisible();
    await expect(allSection.getByRole('heading', { name: 'Toutes les communes' })).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.indexOf('🔥 En tendance')).toBeLessThan(headings.indexOf('Toutes les communes'));

    // Every trending card sits in the trending section and carries the badge; the others do not.
    const trendingIds = all.filter((commune) => commune.trending).map((commune) => commune.id);
    expect(trendingIds.length).toBeGreaterThan(0);
    await expect(trendingSection.getByTestId('commune-card')).toHaveCount(trendingIds.length);
    for (const id of trendingIds) await expect(card(trendingSection, id)).toContainText('Tendance');
    await expect(allSection.getByText('Tendance', { exact: true })).toHaveCount(0);

    // Saint-Denis: name without "Élection Municipale " and " 2026", top 3 with rank, one-decimal share, total.
    const saintDenis = all.find((commune) => commune.title === 'Élection Municipale Saint-Denis 2026');
    expect(saintDenis).toBeDefined();
    if (!saintDenis) return;
    const sdCard = card(page, saintDenis.id);
    await expect(sdCard.getByRole('heading', { level: 3 })).toHaveText('Saint-Denis');
    expect(communeDisplayName(saintDenis.title)).toBe('Saint-Denis');
    await expect(sdCard).not.toContainText('Élection Municipale');
    const rows = sdCard.getByTestId('commune-candidate');
    await expect(rows).toHaveCount(3);
    for (const [index, candidate] of saintDenis.candidates.entries()) {
      const row = rows.nth(index);
      await expect(row).toContainText(String(index + 1));
      await expect(row).toContainText(candidate.name);
      await expect(row.getByTestId('candidate-share')).toHaveText(share(candidate.votes, saintDenis.totalVotes));
    }
    await expect(sdCard.getByTestId('commune-total')).toHaveText(votesText(saintDenis.totalVotes));
  });

  test('sort: "Plus de votes" by default (total descending), "Aléatoire" shuffles', async ({ page }) => {
    await openMunicipal(page);
    const sort = page.getByRole('radiogroup', { name: 'Trier les communes' });
    await expect(sort.getByRole('radio', { name: 'Plus de votes' })).toHaveAttribute('aria-checked', 'true');
    await expect(sort.getByRole('radio', { name: 'Aléatoire' })).toHaveAttribute('aria-checked', 'false');

    // Only the demo communes (INSEE codes 974xx): tests running alongside add and delete their own
    // communes, which the page shows live, so the whole list can change between two readings.
    const others = page.getByTestId('municipal-all').locator('[data-testid="commune-card"][data-commune-id^="974"]');
    const byVotes = await totalsOf(others);
    expect(byVotes.length).toBeGreaterThan(5);
    expect(byVotes).toEqual([...byVotes].sort((a, b) => b - a));
    const trendingTotals = await totalsOf(page.getByTestId('municipal-trending').getByTestId('commune-card'));
    expect(trendingTotals).toEqual([...trendingTotals].sort((a, b) => b - a));
    const idsByVotes = await others.evaluateAll((cards) => cards.map((item) => item.getAttribute('data-commune-id')));

    await sort.getByRole('radio', { name: 'Aléatoire' }).click();
    await expect(sort.getByRole('radio', { name: 'Aléatoire' })).toHaveAttribute('aria-checked', 'true');
    const idsRandom = await others.evaluateAll((cards) => cards.map((item) => item.getAttribute('data-commune-id')));
    expect([...idsRandom].sort()).toEqual([...idsByVotes].sort());
    // 20 communes: the chance of drawing the same order is 1 in 20!.
    expect(idsRandom).not.toEqual(idsByVotes);

    await sort.getByRole('radio', { name: 'Plus de votes' }).click();
    const backByVotes = await totalsOf(others);
    expect(backByVotes).toHaveLength(byVotes.length);
    expect(backByVotes).toEqual([...backByVotes].sort((a, b) => b - a));
  });

  test('the page header hides when scrolling down and shows when scrolling up or near the top', async ({ page }) => {
    await openMunicipal(page);
    const header = page.getByTestId('municipal-header');
    await expect(header).toHaveAttribute('data-visible', 'true');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-visible', 'false');
    await expect(header.getByRole('heading', { name: 'Élections Municipales' })).not.toBeInViewport();
    await page.mouse.wheel(0, -150);
    await expect(header).toHaveAttribute('data-visible', 'true');
    await expect(header.getByRole('heading', { name: 'Élections Municipales' })).toBeInViewport();
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-visible', 'false');
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).toHaveAttribute('data-visible', 'true');
  });
});

test.describe('municipal vote', () => {
  municipalTest(
    'select, "Confirmer le vote" / "Vote en cours...", +1 and re-sort, notice, no second vote',
    async ({ page, communes }) => {
      const commune = await communes.create({ 'Anne Testa': 2, 'Bruno Testb': 2, 'Chloé Testc': 1, 'Denis Testd': 0 });
      const fingerprint = await openMunicipal(page);
      const communeCard = card(page, commune.id);
      await expect(communeCard.getByTestId('commune-candidate')).toHaveText([/Anne Testa/, /Bruno Testb/, /Chloé Testc/]);
      await expect(communeCard.getByTestId('commune-total')).toHaveText('5 votes');

      await communeCard.getByTestId('commune-open').click();
      const sheet = page.getByRole('dialog', { name: commune.title });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByTestId('detail-total')).toHaveText('5 votes');
      await expect(sheet.getByText('Vous avez déjà voté pour cette élection')).toHaveCount(0);
      // Top 3 only, with rank, name, share and votes.
      const rows = sheet.getByTestId('detail-candidate');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('1');
      await expect(rows.nth(0)).toContainText('Anne Testa');
      await expect(rows.nth(0).getByTestId('detail-share')).toHaveText(share(2, 5));
      await expect(rows.nth(0).getByTestId('detail-votes')).toHaveText('2 votes');
      await expect(rows.nth(2).getByTestId('detail-votes')).toHaveText('1 vote');
      await expect(sheet).not.toContainText('Denis Testd');

      const confirm = sheet.getByRole('button', { name: 'Confirmer le vote' });
      await expect(confirm).toBeDisabled();
      await sheet.getByRole('radio', { name: /Bruno Testb/ }).check({ force: true });
      await expect(confirm).toBeEnabled();

      // Hold the request until the sending state has been seen, however slow the machine.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/municipal/${commune.id}/votes`, async (route) => {
        await held;
        await route.continue();
      });
      await confirm.click();
      await expect(sheet.getByRole('button', { name: 'Vote en cours...' })).toBeDisabled();
      release();
      // Right after the vote: the thanks with the candidate chosen, and no "déjà voté" that reads as a refusal.
      await expect(sheet.getByTestId('vote-thanks')).toHaveText('Merci, votre vote pour Bruno Testb est enregistré');
      await expect(sheet.getByText('Vous avez déjà voté pour cette élection')).toHaveCount(0);

      // +1 for Bruno and re-sorted: Bruno now first, total 6.
      await expect(rows.nth(0)).toContainText('Bruno Testb');
      await expect(rows.nth(0).getByTestId('detail-votes')).toHaveText('3 votes');
      await expect(rows.nth(0).getByTestId('detail-share')).toHaveText(share(3, 6));
      await expect(rows.nth(0)).toContainText('Votre choix');
      await expect(sheet.getByTestId('detail-total')).toHaveText('6 votes');
      await expect(sheet.getByRole('button', { name: 'Confirmer le vote' })).toHaveCount(0);
      await expect(sheet.getByRole('radio', { name: /Anne Testa/ })).toBeDisabled();

      await sheet.getByRole('button', { name: 'Fermer' }).click();
      await expect(sheet).toBeHidden();
      await expect(communeCard.getByTestId('commune-candidate')).toHaveText([/Bruno Testb/, /Anne Testa/, /Chloé Testc/]);
      await expect(communeCard.getByTestId('commune-total')).toHaveText('6 votes');
      await expect(communeCard).toContainText('Vous avez voté');

      // The server counted it once, and refuses a second vote from this device.
      const server = await communes.get(commune.id);
      expect(server.totalVotes).toBe(6);
      const bruno = (await communes.candidates(commune.id)).find((candidate) => candidate.name === 'Bruno Testb');
      expect(bruno?.votes).toBe(3);
      const again = await communes.vote(commune.id, bruno?.id ?? '', fingerprint);
      expect(again.status()).toBe(409);
      expect(await again.json()).toEqual({ error: 'Already voted' });

      // After a reload the vote history still blocks it.
      await page.reload();
      await card(page, commune.id).getByTestId('commune-open').click();
      // Coming back later: the specification's notice, as information, with the choice.
      await expect(page.getByRole('dialog').getByTestId('already-voted')).toHaveText('Vous avez déjà voté pour cette élection');
      await expect(page.getByRole('dialog').getByTestId('already-voted-choice')).toHaveText('Votre choix\u00a0: Bruno Testb');
      await expect(page.getByRole('dialog').getByTestId('vote-thanks')).toHaveCount(0);
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Confirmer le vote' })).toHaveCount(0);
    },
  );

  municipalTest(
    'the whole ballot: top 3 first, "Voir les 3 autres candidats" opens the rest, a vote for the 5th, then the thanks',
    async ({ page, communes }) => {
      // Twenty-one votes from other devices are cast one by one before the page opens.
      test.slow();
      const commune = await communes.create({
        'Aline Premier': 6,
        'Boris Second': 5,
        'Carla Troisième': 4,
        'Damien Quatrième': 3,
        'Elsa Cinquième': 2,
        'Fabrice Sixième': 1,
      });
      const fingerprint = await openMunicipal(page);
      await card(page, commune.id).getByTestId('commune-open').click();
      const sheet = page.getByRole('dialog', { name: commune.title });
      const rows = sheet.getByTestId('detail-candidate');
      await expect(rows).toHaveCount(3);
      await expect(sheet).not.toContainText('Elsa Cinquième');

      const more = sheet.getByRole('button', { name: 'Voir les 3 autres candidats' });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(rows).toHaveCount(6);
      await expect(rows).toContainText([
        'Aline Premier',
        'Boris Second',
        'Carla Troisième',
        'Damien Quatrième',
        'Elsa Cinquième',
        'Fabrice Sixième',
      ]);
      await expect(rows.nth(4).locator('[aria-label="5e"]')).toHaveText('5');
      await expect(rows.nth(4).getByTestId('detail-votes')).toHaveText('2 votes');
      await expect(rows.nth(4).getByTestId('detail-share')).toHaveText(share(2, 21));
      await expect(sheet.getByRole('button', { name: 'Ne montrer que les 3 premiers' })).toHaveAttribute('aria-expanded', 'true');

      // A tap on the row, as on a phone.
      await rows.filter({ hasText: 'Elsa Cinquième' }).locator('label').click();
      await expect(sheet.getByRole('radio', { name: /Elsa Cinquième/ })).toBeChecked();
      await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();

      // Only the thanks, with her name: no "déjà voté" right after voting.
      await expect(sheet.getByTestId('vote-thanks')).toHaveText('Merci, votre vote pour Elsa Cinquième est enregistré', {
        timeout: FIRST_VOTE_MS,
      });
      await expect(sheet.getByTestId('already-voted')).toHaveCount(0);

      // Elsa now has 3 votes, level with Damien; her row stays in view with "Votre choix".
      await expect(rows).toHaveCount(6);
      const elsaRow = rows.filter({ hasText: 'Elsa Cinquième' });
      await expect(elsaRow.getByTestId('detail-votes')).toHaveText('3 votes');
      await expect(elsaRow.getByTestId('my-choice')).toHaveText('Votre choix');
      await expect(sheet.getByTestId('my-choice')).toHaveCount(1);
      await expect(sheet.getByTestId('detail-total')).toHaveText('22 votes');

      const elsa = (await communes.candidates(commune.id)).find((candidate) => candidate.name === 'Elsa Cinquième');
      expect(elsa?.votes).toBe(3);
      expect((await communes.vote(commune.id, elsa?.id ?? '', fingerprint)).status()).toBe(409);

      // Reopened later: the thanks were for that moment; the notice stays, and her row is shown without asking.
      await sheet.getByRole('button', { name: 'Fermer' }).click();
      await page.reload();
      await card(page, commune.id).getByTestId('commune-open').click();
      const again = page.getByRole('dialog', { name: commune.title });
      await expect(again.getByTestId('already-voted')).toBeVisible();
      await expect(again.getByTestId('vote-thanks')).toHaveCount(0);
      await expect(again.getByTestId('detail-candidate')).toHaveCount(6);
      await expect(
        again.getByTestId('detail-candidate').filter({ hasText: 'Elsa Cinquième' }).getByTestId('my-choice'),
      ).toBeVisible();
    },
  );

  municipalTest('one candidate beyond the top 3: "Voir l’autre candidat"', async ({ page, communes }) => {
    test.slow();
    const commune = await communes.create({ 'Gilles Un': 3, 'Hana Deux': 2, 'Ivan Trois': 1, 'Julie Quatre': 0 });
    await openMunicipal(page);
    await card(page, commune.id).getByTestId('commune-open').click();
    const sheet = page.getByRole('dialog', { name: commune.title });
    await sheet.getByRole('button', { name: 'Voir l’autre candidat' }).click();
    await expect(sheet.getByTestId('detail-candidate')).toHaveCount(4);
    await expect(sheet.getByTestId('detail-candidate').nth(3)).toContainText('Julie Quatre');
    await expect(sheet.getByTestId('detail-candidate').nth(3).getByTestId('detail-votes')).toHaveText('0 vote');
  });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 390, height: 844 },
  ]) {
    municipalTest(
      `after voting at ${viewport.width}×${viewport.height}: no row runs off the sheet, shares and counts whole, "Votre choix" cuts no name`,
      async ({ page, communes }) => {
        test.slow();
        await page.setViewportSize(viewport);
        const commune = await communes.create({
          'Marie-Thérèse Payet-Hoarau de la Rivière des Galets': 15,
          'Jean-Christophe Técher-Grondin': 9,
          'Évelyne Boyer': 2,
          'Maximilien-Alexandre Dijoux-Fontaine': 0,
        });
        await openMunicipal(page);
        await card(page, commune.id).getByTestId('commune-open').click();
        const sheet = page.getByRole('dialog', { name: commune.title });
        await sheet.getByRole('button', { name: 'Voir l’autre candidat' }).click();
        await sheet.getByTestId('detail-candidate').filter({ hasText: 'Marie-Thérèse' }).locator('label').click();
        await expect(sheet.getByRole('radio', { name: /Marie-Thérèse/ })).toBeChecked();
        await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
        await expect(sheet.getByTestId('vote-thanks')).toBeVisible({ timeout: FIRST_VOTE_MS });
        await expect(sheet.getByTestId('my-choice')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);

        const layout = await sheet.evaluate((dialog) => {
          const body = dialog.querySelector<HTMLElement>('[data-sheet-body]');
          if (!body) throw new Error('no sheet body');
          const bodyBox = body.getBoundingClientRect();
          const rows = [...dialog.querySelectorAll<HTMLElement>('[data-testid="detail-candidate"]')].map((row) => {
            const box = (el: Element | null) => {
              const rect = el?.getBoundingClientRect();
              return rect ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } : null;
            };
            const label = row.querySelector('label');
            const clipped = (el: HTMLElement | null) => (el ? el.scrollWidth > el.clientWidth : true);
            const name = row.querySelector<HTMLElement>('[data-testid="detail-name"]');
            return {
              row: box(row),
              labelOverflows: label ? label.scrollWidth > label.clientWidth : true,
              name: box(name),
              nameClipped: clipped(name),
              badge: box(row.querySelector('[data-testid="my-choice"]')),
              share: box(row.querySelector('[data-testid="detail-share"]')),
              shareClipped: clipped(row.querySelector<HTMLElement>('[data-testid="detail-share"]')),
              votes: box(row.querySelector('[data-testid="detail-votes"]')),
              votesClipped: clipped(row.querySelector<HTMLElement>('[data-testid="detail-votes"]')),
            };
          });
          return {
            body: { left: bodyBox.left, right: bodyBox.right },
            bodyOverflows: body.scrollWidth > body.clientWidth,
            dialogWidth: dialog.getBoundingClientRect().width,
            rows,
          };
        });

        expect(layout.dialogWidth).toBeLessThanOrEqual(viewport.width);
        expect(layout.bodyOverflows).toBe(false);
        expect(layout.rows).toHaveLength(4);
        for (const row of layout.rows) {
          expect(row.labelOverflows).toBe(false);
          expect(row.row?.right).toBeLessThanOrEqual(layout.body.right + 0.5);
          expect(row.nameClipped).toBe(false);
          expect(row.shareClipped).toBe(false);
          expect(row.votesClipped).toBe(false);
          for (const part of [row.name, row.share, row.votes]) {
            expect(part?.right).toBeLessThanOrEqual((row.row?.right ?? 0) + 0.5);
            expect(part?.left).toBeGreaterThanOrEqual((row.row?.left ?? 0) - 0.5);
          }
          if (row.badge && row.name) {
            // The badge sits beside or below the name, never over it.
            const overlaps =
              row.badge.left < row.name.right &&
              row.badge.right > row.name.left &&
              row.badge.top < row.name.bottom &&
              row.badge.bottom > row.name.top;
            expect(overlaps).toBe(false);
            expect(row.badge.right).toBeLessThanOrEqual((row.row?.right ?? 0) + 0.5);
          }
        }
        expect(layout.rows.filter((row) => row.badge !== null)).toHaveLength(1);
        await expect(sheet.getByTestId('detail-candidate').first().getByTestId('detail-votes')).toHaveText(votesText(16));
      },
    );
  }

  municipalTest('a vote the server refuses as "Already voted" shows the notice', async ({ page, communes }) => {
    const commune = await communes.create({ 'Éric Teste': 1, 'Fanny Testf': 0 });
    const fingerprint = await openMunicipal(page);
    // This device votes elsewhere (another tab) after the page loaded its history.
    const candidates = await communes.candidates(commune.id);
    const first = candidates[0];
    if (!first) throw new Error('no candidate');
    expect((await communes.vote(commune.id, first.id, fingerprint)).status()).toBe(201);

    await card(page, commune.id).getByTestId('commune-open').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('radio', { name: /Fanny Testf/ }).check({ force: true });
    const answer = page.waitForResponse((response) => response.url().includes(`/api/municipal/${commune.id}/votes`));
    await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
    expect((await answer).status()).toBe(409);
    await expect(sheet.getByTestId('already-voted')).toHaveText('Vous avez déjà voté pour cette élection');
    await expect(sheet.getByRole('button', { name: 'Confirmer le vote' })).toHaveCount(0);
    expect((await communes.get(commune.id)).totalVotes).toBe(2);
  });

  municipalTest(
    'keyboard only: open, choose with the arrow keys, confirm; Escape closes and focus returns',
    async ({ page, communes }) => {
      const commune = await communes.create({ 'Inès Testi': 1, 'Jules Testj': 0 });
      await openMunicipal(page);
      const opener = card(page, commune.id).getByTestId('commune-open');
      await opener.focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: commune.title });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'Fermer' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(sheet.getByRole('button', { name: 'Partager' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(sheet.getByRole('radio', { name: /Inès Testi/ })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(sheet.getByRole('radio', { name: /Jules Testj/ })).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(sheet.getByRole('button', { name: 'Confirmer le vote' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(sheet.getByTestId('vote-thanks')).toBeVisible({ timeout: FIRST_VOTE_MS });
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(opener).toBeFocused();
      await expect(card(page, commune.id).getByTestId('commune-total')).toHaveText('2 votes');
    },
  );

  municipalTest(
    'keyboard: the commune a visitor is on keeps the focus when another overtakes it live',
    async ({ page, communes }) => {
      const ahead = await communes.create({ 'Kévin Testk': 3 });
      const behind = await communes.create({ 'Léa Testl': 2 });
      await openMunicipal(page);
      const opener = card(page, ahead.id).getByTestId('commune-open');
      await opener.focus();
      await expect(opener).toBeFocused();
      // Two votes elsewhere: the commune behind overtakes this one, and the list is drawn again in its new order (React
      // moves this card's node, which drops its focus, and gives the focus back at the end of the commit).
      const [lea] = await communes.candidates(behind.id);
      for (const _ of [1, 2]) expect((await communes.vote(behind.id, lea?.id ?? '')).status()).toBe(201);
      await expect(card(page, behind.id).getByTestId('commune-total')).toHaveText('4 votes');
      const order = await page
        .getByTestId('commune-card')
        .evaluateAll((cards) => cards.map((each) => each.getAttribute('data-commune-id')));
      expect(order.indexOf(behind.id)).toBeLessThan(order.indexOf(ahead.id));
      await expect(opener).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: ahead.title })).toBeVisible();
    },
  );

  municipalTest(
    'after the vote, each shown candidate’s share over time: one line and one sentence each',
    async ({ page, communes }) => {
      const commune = await communes.create({ 'Aline Histo': 12, 'Boris Histo': 6, 'Carla Histo': 3, 'Damien Histo': 1 });
      await openMunicipal(page);
      await card(page, commune.id).getByTestId('commune-open').click();
      const sheet = page.getByRole('dialog', { name: commune.title });
      const history = sheet.getByRole('region', { name: 'Évolution des candidats' });
      // Before the vote the ballot leads straight to "Confirmer le vote".
      await expect(sheet.getByTestId('detail-candidate')).toHaveCount(3);
      await expect(history).toHaveCount(0);
      await sheet.getByText('Carla Histo').click();
      await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
      await expect(sheet.getByTestId('vote-thanks')).toBeVisible({ timeout: FIRST_VOTE_MS });

      // 23 votes, all cast since the last step: the shares of today, as many lines as the ballot shows.
      await expect(history.getByRole('radio', { name: '7 j' })).toHaveAttribute('aria-checked', 'true');
      const legend = history.getByTestId('history-legend').getByRole('listitem');
      await expect(legend).toHaveText([
        'Aline Histo : toujours 52 % en 7 jours',
        'Boris Histo : toujours 26 % en 7 jours',
        'Carla Histo : toujours 17 % en 7 jours',
      ]);
      await expect(history.getByRole('img')).toHaveAccessibleName(
        'Aline Histo : toujours 52 % en 7 jours. Boris Histo : toujours 26 % en 7 jours. Carla Histo : toujours 17 % en 7 jours',
      );
      await sheet.getByTestId('show-all-candidates').click();
      await expect(legend).toHaveCount(4);
      await expect(legend.last()).toHaveText('Damien Histo : toujours 4 % en 7 jours');
      await expect(history.getByTestId('history-line')).toHaveCount(4);
      await history.getByRole('radio', { name: '24 h' }).click();
      await expect(legend.first()).toHaveText('Aline Histo : toujours 52 % en 24 heures');
    },
  );

  municipalTest('another device’s vote shows up live on the card', async ({ page, communes }) => {
    const commune = await communes.create({ 'Gaël Testg': 1, 'Hélène Testh': 0 });
    await openMunicipal(page);
    const communeCard = card(page, commune.id);
    await expect(communeCard.getByTestId('commune-total')).toHaveText('1 vote');
    const helene = (await communes.candidates(commune.id)).find((candidate) => candidate.name === 'Hélène Testh');
    for (let index = 0; index < 2; index += 1) await communes.vote(commune.id, helene?.id ?? '');
    await expect(communeCard.getByTestId('commune-total')).toHaveText('3 votes', { timeout: 3_000 });
    await expect(communeCard.getByTestId('commune-candidate').first()).toContainText('Hélène Testh');
  });
});

/** A private server with no demo data: the empty state and a list without trending communes. */
test.describe('municipal list on an empty database', () => {
  let server: ChildProcess | null = null;
  let directory = '';
  let base = '';

  test.beforeAll(async () => {
    const testInfo = test.info();
    const port = E2E_PORT + 40 + testInfo.workerIndex * 2 + (testInfo.project.name === 'desktop' ? 1 : 0);
    directory = mkdtempSync(join(tmpdir(), 'predi974-e2e-empty-'));
    base = baseUrlFor(port);
    server = spawn('node', ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(directory, 'db.sqlite')}`,
        SEED: 'none',
        RATE_LIMIT: 'off',
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/health`)
            .then((response) => response.status)
            .catch(() => 0),
        { timeout: 20_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(directory, { recursive: true, force: true });
  });

  test('empty state, then one commune without the trending headings', async ({ page }) => {
    await page.goto(`${base}/#municipales`);
    await expect(page.getByRole('heading', { name: 'Aucune élection disponible' })).toBeVisible();
    await expect(page.getByText('Les élections municipales seront bientôt disponibles')).toBeVisible();
    await expect(page.getByTestId('commune-count')).toHaveText('0 commune');

    const request = await playwrightRequest.newContext({ baseURL: base });
    const created = await request.post('/api/admin/municipal', {
      headers: ADMIN,
      data: { title: 'Élection Municipale Cilaos 2026', trending: false },
    });
    expect(created.status()).toBe(201);
    await request.dispose();

    await page.reload();
    await expect(page.getByTestId('commune-card')).toHaveCount(1);
    await expect(page.getByTestId('commune-count')).toHaveText('1 commune');
    await expect(page.getByRole('heading', { name: 'En tendance', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Toutes les communes' })).toHaveCount(0);
    await expect(page.getByTestId('commune-card').getByRole('heading')).toHaveText('Cilaos');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.use({ theme });

    test('municipal list and vote sheet have no axe violations', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openMunicipal(page);
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      // The page's own content (the shell's header and bars are checked by the shell's suite).
      expect(await axeViolations(page, 'main')).toEqual([]);

      await page.getByTestId('commune-open').first().click();
      await expect(page.getByRole('dialog').getByTestId('detail-candidate').first()).toBeVisible();
      await page.getByRole('dialog').getByRole('radio').nth(1).check({ force: true });
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    });
  });
}
