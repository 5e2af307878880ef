import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { loadSeedFiles } from '../../src/server/db/seed.js';
import { DIALECTS } from '../support/databases.js';
import { ENDED_SEED_MARKETS, OPEN_SEED_MARKETS, SEED_MARKETS } from '../support/seed-markets.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(DIALECTS)('markets API on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => t?.close());

  it('GET /api/health names the database and the vote-change rule', async () => {
    const { status, body } = await getJson(`${t.url}/api/health`);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, database: dialect, voteChange: 'allowed', voteProtection: 'on', admin: false });
  });

  it('GET /api/markets lists every demo market with the contract fields, trending first', async () => {
    const { status, body, headers } = await getJson<Market[]>(`${t.url}/api/markets`);
    expect(status).toBe(200);
    expect(headers.get('etag')).toMatch(/^".+"$/);
    const seed = loadSeedFiles();
    expect(body).toHaveLength(seed.markets.length);
    for (const market of body) {
      expect(Object.keys(market).sort()).toEqual(
        [
          'category',
          'description',
          'endDate',
          'id',
          'noPercentage',
          'noVotes',
          'outcome',
          'resolved',
          'title',
          'totalVotes',
          'trending',
          'yesPercentage',
          'yesVotes',
        ].sort(),
      );
      expect(market.totalVotes).toBe(market.yesVotes + market.noVotes);
      expect(Number.isNaN(Date.parse(market.endDate))).toBe(false);
    }
    const firstNonTrending = body.findIndex((m) => !m.trending);
    expect(firstNonTrending).toBeGreaterThan(0);
    expect(body.slice(firstNonTrending).every((m) => !m.trending)).toBe(true);
    // Percentages of known demo counts (data/seed/markets.json), worked out by hand.
    const byId = new Map(body.map((market) => [market.id, market]));
    const shares = (id: string) => {
      const market = byId.get(id);
      return [market?.yesVotes, market?.noVotes, market?.totalVotes, market?.yesPercentage, market?.noPercentage];
    };
    expect(shares(SEED_MARKETS.open)).toEqual([746, 512, 1258, 59, 41]); // 59.30 % / 40.70 %
    expect(shares(SEED_MARKETS.ended)).toEqual([244, 237, 481, 51, 49]); // 50.73 % / 49.27 %
    expect(shares(SEED_MARKETS.resolved)).toEqual([1291, 144, 1435, 90, 10]); // 89.97 % / 10.03 %
    expect(shares(SEED_MARKETS.openWithoutVotes)).toEqual([0, 0, 0, 50, 50]);
    expect(byId.get(SEED_MARKETS.resolved)).toMatchObject({ resolved: true, outcome: 'yes' });
    expect(byId.get('grand-raid-record-diagonale-des-fous')).toMatchObject({ resolved: true, outcome: 'no' });
    expect(
      body
        .filter((m) => m.resolved)
        .map((m) => m.id)
        .sort(),
    ).toEqual(['garance-alerte-rouge-declenchee', 'grand-raid-record-diagonale-des-fous']);
    // Open before ended among the non-trending: the seeded end dates put the 8 ended ones last.
    expect(
      body
        .slice(-ENDED_SEED_MARKETS.length)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...ENDED_SEED_MARKETS].sort());
    expect(OPEN_SEED_MARKETS.length + ENDED_SEED_MARKETS.length).toBe(body.length);
  });

  it('GET /api/markets sends the precompressed body the client accepts', async () => {
    const plain = await (await fetch(`${t.url}/api/markets`, { headers: { 'Accept-Encoding': 'identity' } })).text();
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${t.url}/api/markets`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      // fetch decodes the body: it must be the very same JSON.
      expect(await response.text()).toBe(plain);
    }
    const refused = await fetch(`${t.url}/api/markets`, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('GET /api/markets answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${t.url}/api/markets`);
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(`${t.url}/api/markets`, { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
  });

  it('GET /api/markets/:id answers one market, 404 with a French error for an unknown id', async () => {
    const { body: list } = await getJson<Market[]>(`${t.url}/api/markets`);
    const target = list[3]!;
    const found = await getJson<Market>(`${t.url}/api/markets/${target.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(target);
    const missing = await getJson(`${t.url}/api/markets/nope-does-not-exist`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Prédiction introuvable' });
    const bad = await getJson(`${t.url}/api/markets/${encodeURIComponent('<script>')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('error');
  });

  it('unknown API routes answer 404 with { error }', async () => {
    const { status, body } = await getJson(`${t.url}/api/nothing-here`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Ressource introuvable' });
  });
});
