import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/shared/constants.js';
import type { Market } from '../../src/shared/market.js';
import { DIALECTS } from '../support/databases.js';
import { SEED_MARKETS } from '../support/seed-markets.js';
import { getJson, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castVote, newIdentity } from '../support/voting.js';
import { countVoteRows } from '../support/invariants.js';

async function markets(t: TestServer): Promise<Market[]> {
  return (await getJson<Market[]>(`${t.url}/api/markets`)).body;
}

async function market(t: TestServer, id: string): Promise<Market> {
  return (await getJson<Market>(`${t.url}/api/markets/${id}`)).body;
}

const ADMIN_TOKEN = 'jeton-de-test-votes-8d2e41';

describe.each(DIALECTS)('votes API on %s (VOTE_CHANGE=allowed)', (dialect) => {
  let t: TestServer;
  let open: Market;
  let ended: Market;
  let resolved: Market;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN });
    open = await market(t, SEED_MARKETS.open);
    ended = await market(t, SEED_MARKETS.ended);
    resolved = await market(t, SEED_MARKETS.resolved);
  });
  afterAll(async () => t?.close());

  it('a first vote adds a participant and answers the new market state', async () => {
    const fingerprint = await newIdentity(t.url);
    const before = (await getJson<Market>(`${t.url}/api/markets/${open.id}`)).body;
    const { status, body } = await castVote<{ market: Market; voteType: string; changed: boolean }>(t.url, {
      marketId: open.id,
      voteType: 'yes',
      fingerprint,
    });
    expect(status).toBe(200);
    expect(body.voteType).toBe('yes');
    expect(body.changed).toBe(false);
    expect(body.market.yesVotes).toBe(before.yesVotes + 1);
    expect(body.market.noVotes).toBe(before.noVotes);
    expect(body.market.totalVotes).toBe(before.totalVotes + 1);
    const after = (await getJson<Market>(`${t.url}/api/markets/${open.id}`)).body;
    expect(after.totalVotes).toBe(before.totalVotes + 1);
    const history = await getJson(`${t.url}/api/votes?fingerprint=${fingerprint}`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([{ marketId: open.id, voteType: 'yes' }]);
  });

  it('replaying the same vote counts once', async () => {
    const fingerprint = await newIdentity(t.url);
    const first = await castVote<{ market: Market }>(t.url, { marketId: open.id, voteType: 'no', fingerprint });
    const again = await castVote<{ market: Market; changed: boolean }>(t.url, {
      marketId: open.id,
      voteType: 'no',
      fingerprint,
    });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(again.body.market.totalVotes).toBe(first.body.market.totalVotes);
  });

  it('changing a vote moves one vote across with no extra participant', async () => {
    const fingerprint = await newIdentity(t.url);
    const first = await castVote<{ market: Market }>(t.url, { marketId: open.id, voteType: 'yes', fingerprint });
    const change = await castVote<{ market: Market; changed: boolean; voteType: string }>(t.url, {
      marketId: open.id,
      voteType: 'no',
      fingerprint,
    });
    expect(change.status).toBe(200);
    expect(change.body.changed).toBe(true);
    expect(change.body.voteType).toBe('no');
    expect(change.body.market.totalVotes).toBe(first.body.market.totalVotes);
    expect(change.body.market.yesVotes).toBe(first.body.market.yesVotes - 1);
    expect(change.body.market.noVotes).toBe(first.body.market.noVotes + 1);
    const history = await getJson(`${t.url}/api/votes?fingerprint=${fingerprint}`);
    expect(history.body).toEqual([{ marketId: open.id, voteType: 'no' }]);
  });

  it('votes on ended or resolved markets are refused with 409 and change nothing', async () => {
    for (const market of [ended, resolved]) {
      const fingerprint = await newIdentity(t.url);
      const { status, body } = await castVote(t.url, { marketId: market.id, voteType: 'yes', fingerprint });
      expect(status).toBe(409);
      expect(body).toEqual({ error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' });
      const after = (await getJson<Market>(`${t.url}/api/markets/${market.id}`)).body;
      expect(after.totalVotes).toBe(market.totalVotes);
      expect((await getJson(`${t.url}/api/votes?fingerprint=${fingerprint}`)).body).toEqual([]);
    }
  });

  it('a prediction resolved before its end date refuses new votes and changes with 409, counts unchanged', async () => {
    const id = SEED_MARKETS.openToo;
    const voter = await newIdentity(t.url);
    expect((await castVote(t.url, { marketId: id, voteType: 'yes', fingerprint: voter })).status).toBe(200);
    const resolve = await postJson<Market>(
      `${t.url}/api/admin/markets/${id}/resolve`,
      { outcome: 'no' },
      { Authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(resolve.status).toBe(200);
    // Seeded to end in 45 days: the end date is still weeks ahead.
    expect(Date.parse(resolve.body.endDate)).toBeGreaterThan(Date.now() + 40 * DAY_MS);
    expect(resolve.body).toMatchObject({ resolved: true, outcome: 'no', yesVotes: 980, noVotes: 681, totalVotes: 1661 });

    for (const [fingerprint, voteType] of [
      [await newIdentity(t.url), 'yes'],
      [await newIdentity(t.url), 'no'],
      [voter, 'no'],
    ] as const) {
      const refused = await castVote(t.url, { marketId: id, voteType, fingerprint });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' });
    }
    expect(await market(t, id)).toMatchObject({ yesVotes: 980, noVotes: 681, totalVotes: 1661 });
    expect((await getJson(`${t.url}/api/votes?fingerprint=${voter}`)).body).toEqual([{ marketId: id, voteType: 'yes' }]);
    expect((await countVoteRows(t.server.database)).get(id)).toEqual({ yes: 980, no: 681 });
  });

  it('an unknown market is 404', async () => {
    const { status, body } = await castVote(t.url, {
      marketId: 'inconnu',
      voteType: 'yes',
      fingerprint: await newIdentity(t.url),
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Prédiction introuvable' });
  });

  it('a missing fingerprint is refused with the catalogue text', async () => {
    // Refused on its shape, before any proof is looked at.
    const { status, body } = await postJson(`${t.url}/api/votes`, { marketId: open.id, voteType: 'yes' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Empreinte utilisateur non disponible' });
    const history = await getJson(`${t.url}/api/votes`);
    expect(history.status).toBe(400);
    expect(history.body).toEqual({ error: 'Empreinte utilisateur non disponible' });
  });

  it('many parallel identical votes from one device count once; counters equal vote rows after a burst', async () => {
    const fingerprint = await newIdentity(t.url);
    const before = (await getJson<Market>(`${t.url}/api/markets/${open.id}`)).body;
    // Ten: what one device may send in a minute at the normal price; each carries its own proof.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => castVote(t.url, { marketId: open.id, voteType: 'yes', fingerprint })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Thirty devices, each with its issued identity (the costly part: up to 50,000 hashes each).
    const devices = await Promise.all(Array.from({ length: 30 }, () => newIdentity(t.url)));
    const others = await Promise.all(
      devices.map((device, i) =>
        castVote(t.url, { marketId: open.id, voteType: i % 3 === 0 ? 'no' : 'yes', fingerprint: device }),
      ),
    );
    expect(others.every((a) => a.status === 200)).toBe(true);
    const after = (await getJson<Market>(`${t.url}/api/markets/${open.id}`)).body;
    expect(after.totalVotes).toBe(before.totalVotes + 1 + 30);
    const rows = await countVoteRows(t.server.database);
    const list = await markets(t);
    for (const market of list) {
      expect(rows.get(market.id) ?? { yes: 0, no: 0 }).toEqual({ yes: market.yesVotes, no: market.noVotes });
    }
  }, 60_000);
});

describe.each(DIALECTS)('votes API on %s with VOTE_CHANGE=forbidden', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { VOTE_CHANGE: 'forbidden', SEED: 'demo' });
  });
  afterAll(async () => t?.close());

  it('refuses a change with 409, keeps the first vote, and says so in /api/health', async () => {
    const open = await market(t, SEED_MARKETS.open);
    const fingerprint = await newIdentity(t.url);
    const first = await castVote<{ market: Market }>(t.url, { marketId: open.id, voteType: 'yes', fingerprint });
    expect(first.status).toBe(200);
    const change = await castVote(t.url, { marketId: open.id, voteType: 'no', fingerprint });
    expect(change.status).toBe(409);
    expect(change.body).toEqual({ error: 'Vous avez déjà voté pour cette prédiction : un vote ne peut pas être modifié.' });
    expect((await getJson(`${t.url}/api/votes?fingerprint=${fingerprint}`)).body).toEqual([
      { marketId: open.id, voteType: 'yes' },
    ]);
    const after = (await getJson<Market>(`${t.url}/api/markets/${open.id}`)).body;
    expect(after.totalVotes).toBe(first.body.market.totalVotes);
    expect((await getJson(`${t.url}/api/health`)).body).toMatchObject({ voteChange: 'forbidden' });
  });
});
