import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Candidate, Commune } from '../../src/shared/municipal.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { forgetEarlierVisits } from './support/fresh-device.js';
import { expect, marketCard, pageIdentity, test } from './support/fixtures.js';
import { issueIdentity, proofFor } from './support/protection.js';

/**
 * « Voter à la chaîne » and a commune's vote made without network: kept on the device in the same list as the
 * cards' votes and sent once the connection returns, once (docs/decisions/038). Service workers are allowed, so
 * the page reloads with no network.
 */
test.use({ serviceWorkers: 'allow' });

// The browser context is reused from test to test: never leave it offline, nor leave in the worker's copy of the
// lists the predictions this test made (deleted after it): a later test offline would be offered them.
test.afterEach(async ({ context, page }) => {
  await context.setOffline(false);
  await page.evaluate(() => caches.delete('predi974-api')).catch(() => false);
});

const PENDING_MESSAGE = 'Votre vote sera envoyé dès le retour de la connexion.';
const SENT = 'Votre vote en attente a bien été envoyé.';
const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

/** A first visit of the home alone, until the service worker controls the page and holds the list. */
async function installWorker(page: Page): Promise<void> {
  await forgetEarlierVisits(page);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => (await (await caches.open('predi974-api')).match('/api/markets')) !== undefined);
}

/** Votes the server accepted at `path` (a vote sent twice would be accepted twice, an identical repeat answering 200). */
function acceptedVotes(context: BrowserContext, path: RegExp): string[] {
  const posts: string[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname) && response.ok()) posts.push(request.url());
  });
  return posts;
}

// Trending predictions that close first come before every other one on the home's first page too: created beside other
// tests, they would push those tests' predictions off the page the worker keeps. Run on the whole catalogue's own server.
test(
  '« Voter à la chaîne »: a vote made offline is kept, the chain moves on, and it is sent once back online',
  { tag: '@whole-catalog' },
  async ({ page, context, api }) => {
    const tag = randomBytes(3).toString('hex');
    // Trending and closing within two hours: the first two cards of the chain, before every other prediction.
    const first = await api.createMarket({ title: `Chaîne hors ligne ${tag} : la première ?`, trending: true, endsInDays: 0.05 });
    const second = await api.createMarket({
      title: `Chaîne hors ligne ${tag} : la deuxième ?`,
      trending: true,
      endsInDays: 0.06,
    });
    await installWorker(page);
    const posts = acceptedVotes(context, /^\/api\/votes$/);

    await page.goto('/#a-la-chaine');
    // The home stays drawn under the chain: what is looked for here is the chain's.
    const chain = page.getByTestId('vote-chain');
    const chainCard = chain.getByTestId('chain-card');
    await expect(chainCard.getByRole('heading', { level: 2 })).toHaveText(first.title);
    await expect(chain.getByTestId('chain-position')).toHaveText(/^Prédiction 1 sur \d+$/);

    await context.setOffline(true);
    await chain.getByRole('group', { name: 'Votre choix' }).getByRole('button', { name: 'OUI' }).click();
    // The chain moves on as after a vote, and says the vote waits.
    await expect(chainCard.getByRole('heading', { level: 2 })).toHaveText(second.title);
    await expect(chain.getByTestId('chain-position')).toHaveText(/^Prédiction 2 sur \d+$/);
    await expect(chain.getByTestId('pending-vote')).toHaveText(`Vote OUI en attente. ${PENDING_MESSAGE}`);
    await expect(chain.getByRole('alert')).toHaveCount(0);

    // The summary counts it as a vote, waiting to be sent.
    await chain.getByRole('button', { name: 'Terminer' }).click();
    await expect(chain.getByTestId('chain-tally')).toHaveText('1 OUI, 0 NON, 0 passée');
    await expect(chain.getByTestId('chain-pending')).toHaveText(
      'Dont 1 vote en attente d’envoi : il sera envoyé dès le retour de la connexion.',
    );
    await expect(chain.getByTestId('chain-votes').getByRole('listitem')).toHaveCount(1);
    await expect(chain.getByTestId('chain-vote-pending')).toHaveText('En attente');

    // Still offline: the page opened again keeps it, in the same list as the cards' votes.
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(first.title);
    const card = marketCard(page, first.title);
    await expect(card.getByTestId('pending-vote')).toHaveText(`Vote OUI en attente. ${PENDING_MESSAGE}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pending_votes') ?? '[]') as unknown)).toEqual([
      { kind: 'market', marketId: first.id, voteType: 'yes', queuedAt: expect.any(String) },
    ]);
    expect(posts).toEqual([]);
    expect((await api.market(first.id)).totalVotes).toBe(0);

    // Back online: sent, counted once.
    await context.setOffline(false);
    await expect(card.getByText('Vous avez voté OUI')).toBeVisible({ timeout: 20_000 });
    await expect(card.getByTestId('pending-vote-sent')).toHaveText(SENT);
    await page.waitForTimeout(2_000);
    expect(posts).toHaveLength(1);
    const counted = await api.market(first.id);
    expect([counted.totalVotes, counted.yesVotes, counted.noVotes]).toEqual([1, 1, 0]);
    expect((await api.market(second.id)).totalVotes).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('pending_votes'))).toBeNull();
  },
);

/** Real communes made through the admin API for one test, deleted afterwards. */
class Communes {
  private readonly created: string[] = [];
  constructor(private readonly request: APIRequestContext) {}

  async create(candidates: Record<string, number>): Promise<Commune> {
    const created = await this.request.post('/api/admin/municipal', {
      headers: ADMIN,
      data: { title: `Élection Municipale Horsligne-${randomBytes(3).toString('hex')} 2026`, trending: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    const commune = (await created.json()) as Commune;
    this.created.push(commune.id);
    for (const [name, votes] of Object.entries(candidates)) {
      const added = await this.request.post(`/api/admin/municipal/${commune.id}/candidates`, { headers: ADMIN, data: { name } });
      expect(added.status(), await added.text()).toBe(201);
      const candidate = (await added.json()) as Candidate;
      for (let index = 0; index < votes; index += 1) expect((await this.vote(commune.id, candidate.id)).ok()).toBe(true);
    }
    return commune;
  }

  /** A vote with its proof of work, from the given identity or a newly issued one (another device). */
  async vote(communeId: string, candidateId: string, fingerprint?: string) {
    const identity = fingerprint ?? (await issueIdentity(this.request));
    const proof = await proofFor(this.request, { purpose: 'municipal', communeId, candidateId, fingerprint: identity });
    return this.request.post(`/api/municipal/${communeId}/votes`, { data: { candidateId, fingerprint: identity, proof } });
  }

  async candidateId(communeId: string, name: string): Promise<string> {
    const candidates = (await (await this.request.get(`/api/municipal/${communeId}/candidates`)).json()) as Candidate[];
    const found = candidates.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`candidate ${name} missing`);
    return found.id;
  }

  /** Each candidate's name and votes, and the total, as the server counts them. */
  async counts(id: string): Promise<{ total: number; votes: Record<string, number> }> {
    const candidates = (await (await this.request.get(`/api/municipal/${id}/candidates`)).json()) as Candidate[];
    const communes = (await (await this.request.get('/api/municipal')).json()) as Commune[];
    const total = communes.find((commune) => commune.id === id)?.totalVotes ?? -1;
    return { total, votes: Object.fromEntries(candidates.map((candidate) => [candidate.name, candidate.votes])) };
  }

  async cleanup() {
    for (const id of this.created) await this.request.delete(`/api/admin/municipal/${id}`, { headers: ADMIN });
  }
}

const communeTest = test.extend<{ communes: Communes }>({
  communes: async ({ baseURL }, use) => {
    const request = await playwrightRequest.newContext({ baseURL });
    const communes = new Communes(request);
    await use(communes);
    await communes.cleanup();
    await request.dispose();
  },
});

async function openCommune(page: Page, commune: Commune) {
  const card = page.locator(`[data-testid="commune-card"][data-commune-id="${commune.id}"]`);
  await card.getByTestId('commune-open').click();
  const sheet = page.getByRole('dialog', { name: commune.title });
  await expect(sheet.getByTestId('detail-candidate')).toHaveCount(2);
  return { card, sheet };
}

communeTest(
  'a commune: a vote made offline is kept through a reload, then sent once back online and shown as the device’s',
  async ({ page, context, communes }) => {
    const commune = await communes.create({ 'Anne Horsligne': 2, 'Bruno Horsligne': 1 });
    await installWorker(page);
    const posts = acceptedVotes(context, new RegExp(`^/api/municipal/${commune.id}/votes$`));
    await page.goto('/#municipales');
    let { card, sheet } = await openCommune(page, commune);

    await context.setOffline(true);
    await sheet.getByRole('radio', { name: /Bruno Horsligne/ }).check({ force: true });
    await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
    await expect(sheet.getByTestId('pending-vote')).toHaveText(`Vote pour Bruno Horsligne en attente. ${PENDING_MESSAGE}`);
    await expect(sheet.getByTestId('pending-choice')).toHaveText('Votre choix, en attente');
    await expect(sheet.getByRole('button', { name: 'Confirmer le vote' })).toHaveCount(0);
    await expect(sheet.getByRole('radio', { name: /Anne Horsligne/ })).toBeDisabled();
    await expect(sheet.getByRole('alert')).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Fermer' }).click();
    await expect(card.getByTestId('commune-pending')).toHaveText('Vote en attente');

    // Still offline: a reload keeps it.
    await page.reload();
    await expect(card.getByTestId('commune-pending')).toHaveText('Vote en attente');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pending_votes') ?? '[]') as unknown)).toEqual([
      {
        kind: 'commune',
        communeId: commune.id,
        candidateId: await communes.candidateId(commune.id, 'Bruno Horsligne'),
        queuedAt: expect.any(String),
      },
    ]);
    ({ card, sheet } = await openCommune(page, commune));
    await expect(sheet.getByTestId('pending-vote')).toHaveText(`Vote pour Bruno Horsligne en attente. ${PENDING_MESSAGE}`);
    expect(posts).toEqual([]);
    expect(await communes.counts(commune.id)).toEqual({ total: 3, votes: { 'Anne Horsligne': 2, 'Bruno Horsligne': 1 } });

    // Back online: sent once, with an identity and a proof obtained then; the sheet shows it as this device's.
    await context.setOffline(false);
    await expect(sheet.getByTestId('pending-vote-sent')).toHaveText(SENT, { timeout: 20_000 });
    await expect(sheet.getByTestId('vote-thanks')).toHaveText('Merci, votre vote pour Bruno Horsligne est enregistré');
    await expect(sheet.getByTestId('pending-vote')).toHaveCount(0);
    const mine = sheet.getByTestId('detail-candidate').filter({ has: page.getByTestId('my-choice') });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Bruno Horsligne');
    await expect(mine.getByTestId('detail-votes')).toHaveText('2 votes');
    await expect(sheet.getByTestId('detail-total')).toHaveText('4 votes');
    await page.waitForTimeout(2_000);
    expect(posts).toHaveLength(1);
    expect(await communes.counts(commune.id)).toEqual({ total: 4, votes: { 'Anne Horsligne': 2, 'Bruno Horsligne': 2 } });
    expect(await page.evaluate(() => localStorage.getItem('pending_votes'))).toBeNull();
    await sheet.getByRole('button', { name: 'Fermer' }).click();
    await expect(card).toContainText('Vous avez voté');
    await expect(card.getByTestId('commune-pending')).toHaveCount(0);
  },
);

communeTest(
  'a commune: a vote kept offline that the server refuses (this device voted meanwhile) is dropped and said so',
  async ({ page, context, communes }) => {
    const commune = await communes.create({ 'Anne Refus': 1, 'Bruno Refus': 0 });
    await installWorker(page);
    await page.goto('/#municipales');
    const fingerprint = await pageIdentity(page);
    const { sheet } = await openCommune(page, commune);
    const anne = await communes.candidateId(commune.id, 'Anne Refus');

    await context.setOffline(true);
    await sheet.getByRole('radio', { name: /Bruno Refus/ }).check({ force: true });
    await sheet.getByRole('button', { name: 'Confirmer le vote' }).click();
    await expect(sheet.getByTestId('pending-vote')).toHaveText(`Vote pour Bruno Refus en attente. ${PENDING_MESSAGE}`);
    // Meanwhile the same device voted for Anne by another way (another browser profile holding the same identity).
    expect((await communes.vote(commune.id, anne, fingerprint)).ok()).toBe(true);

    await context.setOffline(false);
    await expect(sheet.getByTestId('pending-vote-refused')).toHaveText(
      'Votre vote en attente n’a pas été accepté : Vous avez déjà voté pour cette élection',
      { timeout: 20_000 },
    );
    await expect(sheet.getByTestId('pending-vote')).toHaveCount(0);
    await expect(sheet.getByTestId('already-voted-choice')).toHaveText('Votre choix : Anne Refus');
    expect(await page.evaluate(() => localStorage.getItem('pending_votes'))).toBeNull();
    expect(await communes.counts(commune.id)).toEqual({ total: 2, votes: { 'Anne Refus': 2, 'Bruno Refus': 0 } });
  },
);
