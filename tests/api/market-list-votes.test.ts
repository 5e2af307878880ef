import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import type { MarketPage } from '../../src/shared/market-list.js';
import { insertMarket } from '../../src/server/markets/market-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castVote, newIdentity } from '../support/voting.js';

const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();
/** `liste-000` … `liste-399`: all open, no votes, so listed by id; more than one block of the list's order. */
const ids = Array.from({ length: 400 }, (_, index) => `liste-${String(index).padStart(3, '0')}`);

describe.each(DIALECTS)('the list after votes on a catalogue of 400 predictions on %s', (dialect) => {
  let t: TestServer;
  const page = (n: number) => getJson<MarketPage>(`${t.url}/api/markets?page=${n}`);
  const idsOf = (body: MarketPage) => body.items.map((market) => market.id);
  const vote = async (marketId: string, voteType: 'yes' | 'no') =>
    expect((await castVote(t.url, { marketId, voteType, fingerprint: await newIdentity(t.url) })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' });
    const { database, catalog } = t.server.services;
    for (const id of ids) {
      await insertMarket(
        database.db,
        {
          id,
          title: `Question ${id.slice(6)} ?`,
          description: 'Une question pour remplir le catalogue.',
          category: 'economie',
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

  it('each vote is on the next page read, in its place; the list is then what a full read of the rows gives', async () => {
    const before = (await page(9)).body;
    expect(idsOf(before)).toEqual(ids.slice(384));
    await vote('liste-399', 'yes');
    expect(idsOf((await page(1)).body).slice(0, 3)).toEqual(['liste-399', 'liste-000', 'liste-001']);
    await vote('liste-250', 'no');
    await vote('liste-250', 'yes');
    await vote('liste-130', 'no');
    const first = (await page(1)).body;
    expect(first.items.slice(0, 4)).toMatchObject([
      { id: 'liste-250', yesVotes: 1, noVotes: 1, totalVotes: 2 },
      { id: 'liste-130', yesVotes: 0, noVotes: 1, totalVotes: 1 },
      { id: 'liste-399', yesVotes: 1, noVotes: 0, totalVotes: 1 },
      { id: 'liste-000', totalVotes: 0 },
    ]);
    expect(first.total).toBe(400);
    // The last page: « liste-399 » has left it for the first, the one before it came in, the others are as they were.
    const last = (await page(9)).body;
    expect(idsOf(last)).toEqual(['liste-383', ...ids.slice(384, 399)]);
    expect(last.items.slice(1)).toEqual(before.items.slice(0, 15));

    const patched = await fetch(`${t.url}/api/markets`);
    const patchedBody = await patched.text();
    expect((JSON.parse(patchedBody) as Market[]).map((market) => market.id).slice(0, 3)).toEqual([
      'liste-250',
      'liste-130',
      'liste-399',
    ]);
    // Every row read again: the same bytes, the same ETag.
    t.server.services.catalog.invalidate();
    const reread = await fetch(`${t.url}/api/markets`);
    expect(await reread.text()).toBe(patchedBody);
    expect(reread.headers.get('etag')).toBe(patched.headers.get('etag'));
  });
});
