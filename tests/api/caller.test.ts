/**
 * The one API caller (src/shared/api/caller.ts) against the real server: answers typed by the endpoint's name,
 * refusals as ApiError with the server's French text, an unreachable server as NetworkError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createCaller, NetworkError } from '../../src/shared/api/caller.js';
import type { MarketPage } from '../../src/shared/market-list.js';
import { DIALECTS } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'jeton-admin-de-test-0123456789';

describe.each(DIALECTS)('the typed caller against the server (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('reads a prediction and its history by name, with the path parameter encoded', async () => {
    const call = createCaller({ baseUrl: t.url });
    const { items, page } = (await call('listMarkets', { query: { page: '1' } })) as MarketPage;
    expect(page).toBe(1);
    const first = items[0];
    expect(first).toBeDefined();
    const market = await call('getMarket', { params: { id: first!.id } });
    expect(market.id).toBe(first!.id);
    const history = await call('getMarketHistory', { params: { id: first!.id }, query: { range: '24h' } });
    expect(history.range).toBe('24h');
    expect(history.marketId).toBe(first!.id);
  });

  it('raises ApiError with the status and the French text of a refusal', async () => {
    const call = createCaller({ baseUrl: t.url });
    const refusal = await call('getMarket', { params: { id: 'inconnue-42' } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(404);
    expect((refusal as ApiError).message).toBe('Prédiction introuvable');
    const badRange = await call('getMarketHistory', { params: { id: 'x' }, query: { range: '2h' as '24h' } }).catch(
      (error: unknown) => error,
    );
    expect((badRange as ApiError).status).toBe(400);
  });

  it('sends the admin token it is given, and a 204 answers null', async () => {
    const admin = createCaller({ baseUrl: t.url, headers: () => ({ Authorization: `Bearer ${TOKEN}` }) });
    const created = await admin('createNewsItem', {
      body: {
        title: 'Essai du client',
        summary: 'Un article le temps d’un test.',
        category: 'culture',
        publishedAt: '2026-11-20T08:00:00.000Z',
        author: 'Rédaction',
        readTime: 2,
        views: 0,
        viewsChange: 0,
        image: '📰',
        trending: false,
        pressUrl: 'https://www.clicanoo.re/',
      },
    });
    expect(created.title).toBe('Essai du client');
    expect(await admin('deleteNewsItem', { params: { id: created.id } })).toBeNull();
    const anonymous = createCaller({ baseUrl: t.url });
    const refused = await anonymous('listAlerts').catch((error: unknown) => error);
    expect((refused as ApiError).status).toBe(401);
  });
});

describe('the typed caller without a server', () => {
  it('raises NetworkError, worded as the generic French error', async () => {
    const call = createCaller({ baseUrl: 'http://127.0.0.1:9' });
    const failure = await call('getHealth').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toBe('Une erreur est survenue');
    expect((failure as NetworkError).status).toBe(0);
  });
});
