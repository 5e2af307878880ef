import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActivity } from '../../src/shared/admin-activity.js';
import type { Market } from '../../src/shared/market.js';
import type { MarketPage } from '../../src/shared/market-list.js';
import { insertMarket } from '../../src/server/markets/market-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castVote, newIdentity } from '../support/voting.js';

const TOKEN = 'jeton-catalogue-5b8e1f0a7c';
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();

/** `page-001` … `page-100`: the first 50 in Économie, the others in Santé; all open, no votes, so listed by id. */
const ids = Array.from({ length: 100 }, (_, index) => `page-${String(index + 1).padStart(3, '0')}`);
function titleOf(id: string): string {
  if (id === 'page-007') return 'Le tourisme à La Réunion dépassera-t-il 600 000 visiteurs ?';
  return `Question de catalogue ${id.slice(5)} ?`;
}

describe.each(DIALECTS)('GET /api/markets in pages on %s', (dialect) => {
  let t: TestServer;
  const page = (query: string, init?: RequestInit) => getJson<MarketPage>(`${t.url}/api/markets?${query}`, init);
  const idsOf = (body: MarketPage) => body.items.map((market) => market.id);

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none', ADMIN_TOKEN: TOKEN });
    const { database, catalog } = t.server.services;
    for (const [index, id] of ids.entries()) {
      await insertMarket(
        database.db,
        {
          id,
          title: titleOf(id),
          description: 'Une question pour remplir le catalogue.',
          category: index < 50 ? 'economie' : 'sante',
          endDate: IN_A_MONTH,
          trending: false,
        },
        new Date().toISOString(),
      );
    }
    // Written beside the server: it is told, as a resync would.
    catalog.invalidate();
  });
  afterAll(async () => t?.close());

  it('cuts the list into pages of 48 with the total: first, last, and the whole list without `page`', async () => {
    const first = await page('page=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 100, page: 1, pageCount: 3, pageSize: 48 });
    expect(first.body.items).toHaveLength(48);
    expect(idsOf(first.body).slice(0, 2)).toEqual(['page-001', 'page-002']);
    expect(idsOf(first.body).at(-1)).toBe('page-048');
    const last = await page('page=3');
    expect(last.body).toMatchObject({ total: 100, page: 3, pageCount: 3, pageSize: 48 });
    expect(idsOf(last.body)).toEqual(['page-097', 'page-098', 'page-099', 'page-100']);
    const whole = await getJson<Market[]>(`${t.url}/api/markets`);
    expect(whole.body).toHaveLength(100);
  });

  it('answers 304 to a page whose ETag the client has, and a new ETag once it changes', async () => {
    const first = await page('page=2');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${t.url}/api/markets?page=2`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('refuses a page past the last one, or that is not a page number, in French', async () => {
    expect(await page('page=4')).toMatchObject({
      status: 400,
      body: { error: 'Cette page n’existe pas : la dernière page de cette liste est la page 3.' },
    });
    expect(await page('page=2&search=reunion')).toMatchObject({
      status: 400,
      body: { error: 'Cette page n’existe pas : la dernière page de cette liste est la page 1.' },
    });
    for (const bad of ['page=0', 'page=abc', 'page=-1', 'page=1.5']) {
      expect(await page(bad)).toMatchObject({
        status: 400,
        body: { error: 'Requête invalide : page — page doit être un entier de 1 à 999999' },
      });
    }
    expect(await getJson(`${t.url}/api/markets?search=reunion`)).toMatchObject({
      status: 400,
      body: { error: 'Requête invalide : page — search, category, votes, status et sort vont avec page' },
    });
  });

  it('searches on the server without accents or case: « reunion » and « RÉUNION » find « Réunion »', async () => {
    for (const search of ['reunion', 'RÉUNION', '  Réunion  ']) {
      const found = await page(`page=1&search=${encodeURIComponent(search)}`);
      expect(found.status).toBe(200);
      expect(idsOf(found.body)).toEqual(['page-007']);
      expect(found.body).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    }
    const nothing = await page('page=1&search=cyclone');
    expect(nothing.body).toEqual({ items: [], total: 0, page: 1, pageCount: 1, pageSize: 48 });
  });

  it('a category’s name finds its predictions; the category filter keeps only them', async () => {
    const sante = await page(`page=1&search=${encodeURIComponent('santé')}`);
    expect(sante.body).toMatchObject({ total: 50, pageCount: 2 });
    expect(idsOf(sante.body)[0]).toBe('page-051');
    const economie = await page('page=2&category=economie');
    expect(economie.body).toMatchObject({ total: 50, page: 2, pageCount: 2 });
    expect(idsOf(economie.body)).toEqual(['page-049', 'page-050']);
    const both = await page('page=1&category=economie&search=reunion');
    expect(idsOf(both.body)).toEqual(['page-007']);
  });

  it('« Mes votes » reads the device’s votes: voted, not voted, kept private', async () => {
    const fingerprint = await newIdentity(t.url);
    expect((await castVote(t.url, { marketId: 'page-090', voteType: 'no', fingerprint })).status).toBe(200);
    const voted = await page(`page=1&votes=voted&fingerprint=${fingerprint}`);
    expect(idsOf(voted.body)).toEqual(['page-090']);
    expect(voted.headers.get('cache-control')).toBe('private, no-cache');
    const notVoted = await page(`page=1&votes=not-voted&fingerprint=${fingerprint}&category=sante`);
    expect(notVoted.body).toMatchObject({ total: 49 });
    expect(idsOf(notVoted.body)).not.toContain('page-090');
    expect(await page('page=1&votes=voted')).toMatchObject({
      status: 400,
      body: { error: 'Requête invalide : fingerprint — votes demande le fingerprint de l’appareil' },
    });
  });

  it('a vote changes its own entry and its place, every other entry stays as it was', async () => {
    const before = (await page('page=1&category=economie')).body.items;
    expect((await castVote(t.url, { marketId: 'page-030', voteType: 'yes', fingerprint: await newIdentity(t.url) })).status).toBe(
      200,
    );
    const after = (await page('page=1&category=economie')).body.items;
    // More votes first: the voted prediction leads its category now.
    expect(after[0]).toMatchObject({ id: 'page-030', yesVotes: 1, noVotes: 0, totalVotes: 1, yesPercentage: 100 });
    expect(after.slice(1)).toEqual(before.filter((market) => market.id !== 'page-030').slice(0, 47));
  });

  it('the admin activity comes in pages of 50, busiest first, with the total', async () => {
    const auth = { headers: { Authorization: `Bearer ${TOKEN}` } };
    const first = await getJson<AdminActivity>(`${t.url}/api/admin/activity`, auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 100, page: 1, pageCount: 2 });
    expect(first.body.markets).toHaveLength(50);
    // The two predictions voted on in this file lead.
    expect(first.body.markets.slice(0, 2).map((market) => market.id)).toEqual(['page-030', 'page-090']);
    const second = await getJson<AdminActivity>(`${t.url}/api/admin/activity?page=2`, auth);
    expect(second.body).toMatchObject({ total: 100, page: 2, pageCount: 2 });
    expect(second.body.markets).toHaveLength(50);
    expect(await getJson(`${t.url}/api/admin/activity?page=3`, auth)).toMatchObject({
      status: 400,
      body: { error: 'Cette page n’existe pas : la dernière page de cette liste est la page 2.' },
    });
  });
});
