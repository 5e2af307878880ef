import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPage } from '../../src/shared/market-list.js';
import { insertMarket, resolveMarket } from '../../src/server/markets/market-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castVote, newIdentity } from '../support/voting.js';

/**
 * The pages « Voter à la chaîne » and « Mon bilan » read instead of the whole list (decision 043, amended): the open
 * predictions a device has not voted on in the chain's order (`status=open&sort=ending&votes=not-voted`), and the
 * resolved ones it voted on (`status=resolved&votes=voted`), on a catalogue of 1,200 predictions.
 *
 * `etat-0000` … `etat-1199`: every tenth (0, 10, …) resolved OUI, those ending in 5 ended 3 days ago, the 960 others
 * open, each ending (1,200 − n) hours from now, so the highest numbers end first; `etat-0601` alone is trending.
 */
const COUNT = 1_200;
const idOf = (n: number) => `etat-${String(n).padStart(4, '0')}`;
const HOUR = 3_600_000;

describe.each(DIALECTS)('the vote chain’s and the track record’s pages on 1,200 predictions on %s', (dialect) => {
  let t: TestServer;
  let device: string;
  const read = async (query: string) => {
    const answer = await getJson<MarketPage>(`${t.url}/api/markets?${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const idsOf = (page: MarketPage) => page.items.map((market) => market.id);
  const vote = async (marketId: string, voteType: 'yes' | 'no') =>
    expect((await castVote(t.url, { marketId, voteType, fingerprint: device })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' });
    const { database, catalog } = t.server.services;
    const now = Date.now();
    const at = new Date(now).toISOString();
    for (let n = 0; n < COUNT; n++) {
      await insertMarket(
        database.db,
        {
          id: idOf(n),
          title: `État ${n} ?`,
          description: 'Une question pour remplir le catalogue.',
          category: 'economie',
          endDate: new Date(n % 10 === 5 ? now - 72 * HOUR : now + (COUNT - n) * HOUR).toISOString(),
          trending: n === 601,
        },
        at,
      );
      if (n % 10 === 0) await resolveMarket(database.db, idOf(n), 'yes', at);
    }
    catalog.invalidate();
    device = await newIdentity(t.url);
  }, 120_000);
  afterAll(async () => t?.close());

  it('the open predictions in the chain’s order, page after page, without those ended or resolved', async () => {
    const first = await read('page=1&status=open&sort=ending');
    expect([first.total, first.pageCount, first.items.length]).toEqual([960, 20, 48]);
    expect(idsOf(first).slice(0, 7)).toEqual([
      'etat-0601',
      'etat-1199',
      'etat-1198',
      'etat-1197',
      'etat-1196',
      'etat-1194',
      'etat-1193',
    ]);
    expect(idsOf(first).at(-1)).toBe('etat-1142');
    expect(idsOf(await read('page=2&status=open&sort=ending')).slice(0, 3)).toEqual(['etat-1141', 'etat-1139', 'etat-1138']);
    expect(idsOf(await read('page=20&status=open&sort=ending')).slice(-3)).toEqual(['etat-0003', 'etat-0002', 'etat-0001']);
    // In the list's order (most votes, then id: none has any), the same 960.
    const listOrder = await read('page=1&status=open');
    expect([listOrder.total, ...idsOf(listOrder).slice(0, 3)]).toEqual([960, 'etat-0601', 'etat-0001', 'etat-0002']);
  });

  it('the chain leaves out the device’s votes; the track record reads only the resolved predictions it voted on', async () => {
    const chain = (page: number) => read(`page=${page}&status=open&sort=ending&votes=not-voted&fingerprint=${device}`);
    const record = () => read(`page=1&status=resolved&votes=voted&fingerprint=${device}`);
    expect([(await chain(1)).total, (await record()).total]).toEqual([960, 0]);

    await vote('etat-1199', 'yes');
    await vote('etat-1198', 'no');
    await vote('etat-1197', 'yes');
    await vote('etat-0003', 'no');
    const { database, catalog } = t.server.services;
    const at = new Date().toISOString();
    await resolveMarket(database.db, 'etat-1197', 'yes', at);
    await resolveMarket(database.db, 'etat-0003', 'yes', at);
    catalog.invalidate('etat-1197');
    catalog.invalidate('etat-0003');

    const first = await chain(1);
    expect([first.total, first.pageCount]).toEqual([956, 20]);
    expect(idsOf(first).slice(0, 4)).toEqual(['etat-0601', 'etat-1196', 'etat-1194', 'etat-1193']);
    // The three left out of page 1 let 1141, 1139 and 1138 into it.
    expect(idsOf(await chain(2)).slice(0, 2)).toEqual(['etat-1137', 'etat-1136']);
    expect(idsOf(await chain(20)).slice(-3)).toEqual(['etat-0004', 'etat-0002', 'etat-0001']);

    const mine = await record();
    expect([mine.total, mine.pageCount, ...idsOf(mine)]).toEqual([2, 1, 'etat-0003', 'etat-1197']);
    expect(mine.items.map((market) => [market.outcome, market.totalVotes])).toEqual([
      ['yes', 1],
      ['yes', 1],
    ]);
    // The page is the device's own: never kept by a shared cache.
    const answer = await fetch(`${t.url}/api/markets?page=1&status=resolved&votes=voted&fingerprint=${device}`);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('refuses an unknown state or order, and both without a page', async () => {
    for (const [query, error] of [
      ['page=1&status=ended', 'Requête invalide : status — status doit valoir "open" ou "resolved"'],
      ['page=1&sort=votes', 'Requête invalide : sort — sort doit valoir "ending"'],
      ['status=open', 'Requête invalide : page — search, category, votes, status et sort vont avec page'],
      ['sort=ending', 'Requête invalide : page — search, category, votes, status et sort vont avec page'],
    ] as const) {
      const answer = await getJson(`${t.url}/api/markets?${query}`);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error } });
    }
  });
});
