import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketHistory } from '../../src/shared/api/markets.js';
import { rebuildVoteHistory } from '../../src/server/history/history-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { marketRow } from '../support/market-row.js';
import { castVote, newIdentity } from '../support/voting.js';

const NOW = new Date('2026-11-23T10:47:12.000Z');
const HOUR = 3_600_000;

/** ISO time `hours` before NOW. */
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();

describe.each(DIALECTS)('prediction history on %s', (dialect) => {
  let t: TestServer;
  let clock = NOW;

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' }, { clock: () => clock });
    const { db } = t.server.database;
    // 30 votes: 10 NON more than two days ago, then 8 OUI and 2 NON 20 to 11 hours ago, then 10 OUI 3 hours ago.
    const votes = [
      ...Array.from({ length: 10 }, (_, i) => ({ type: 'no', at: ago(50 + i) })),
      ...Array.from({ length: 8 }, (_, i) => ({ type: 'yes', at: ago(20 - i) })),
      { type: 'no', at: ago(11.5) },
      { type: 'no', at: ago(11.2) },
      ...Array.from({ length: 10 }, () => ({ type: 'yes', at: ago(3) })),
    ];
    const yes = votes.filter((vote) => vote.type === 'yes').length;
    await db
      .insertInto('markets')
      .values(
        marketRow('cyclone-avant-fevrier', 'Un cyclone avant février ?', {
          category: 'meteo',
          yes_votes: yes,
          no_votes: votes.length - yes,
          created_at: ago(24 * 40),
          updated_at: ago(3),
        }),
      )
      .execute();
    await db
      .insertInto('votes')
      .values(
        votes.map((vote) => ({
          market_id: 'cyclone-avant-fevrier',
          vote_type: vote.type,
          fingerprint: newFingerprint(),
          created_at: vote.at,
          updated_at: vote.at,
        })),
      )
      .execute();
    // Rows written straight into the table, as the demo data are: their step counts are counted from them.
    await rebuildVoteHistory(db);
  });
  afterAll(async () => t?.close());

  const history = (range?: string, id = 'cyclone-avant-fevrier') =>
    getJson<MarketHistory & { error?: string }>(`${t.url}/api/markets/${id}/history${range ? `?range=${range}` : ''}`);

  it('24 h: 48 half-hour points then the live one; counts before each instant', async () => {
    const { status, body } = await history('24h');
    expect(status).toBe(200);
    expect(body.marketId).toBe('cyclone-avant-fevrier');
    expect(body.range).toBe('24h');
    expect(body.points).toHaveLength(49);
    // 23 h 47 min before NOW: only the NON votes of more than two days ago.
    expect(body.points[0]).toEqual({ at: '2026-11-22T11:00:00.000Z', yesVotes: 0, noVotes: 10 });
    expect(body.points[8]).toEqual({ at: '2026-11-22T15:00:00.000Z', yesVotes: 1, noVotes: 10 });
    expect(body.points[23]).toEqual({ at: '2026-11-22T22:30:00.000Z', yesVotes: 8, noVotes: 10 });
    expect(body.points[24]).toEqual({ at: '2026-11-22T23:00:00.000Z', yesVotes: 8, noVotes: 10 });
    expect(body.points[25]).toEqual({ at: '2026-11-22T23:30:00.000Z', yesVotes: 8, noVotes: 11 });
    expect(body.points[26]).toEqual({ at: '2026-11-23T00:00:00.000Z', yesVotes: 8, noVotes: 12 });
    expect(body.points[47]).toEqual({ at: '2026-11-23T10:30:00.000Z', yesVotes: 18, noVotes: 12 });
    expect(body.points[48]).toEqual({ at: '2026-11-23T10:47:12.000Z', yesVotes: 18, noVotes: 12 });
  });

  it('7 days (the default) and 30 days start before every vote; "all" starts at the first one', async () => {
    const week = await history();
    expect(week.status).toBe(200);
    expect(week.body.range).toBe('7d');
    expect(week.body.points).toHaveLength(57);
    expect(week.body.points[0]).toEqual({ at: '2026-11-16T12:00:00.000Z', yesVotes: 0, noVotes: 0 });
    const month = await history('30d');
    expect(month.body.points).toHaveLength(61);
    expect(month.body.points[0]).toEqual({ at: '2026-10-24T12:00:00.000Z', yesVotes: 0, noVotes: 0 });
    const all = await history('all');
    expect(all.body.range).toBe('all');
    expect(all.body.points.length).toBeLessThanOrEqual(61);
    expect(all.body.points[0]).toMatchObject({ yesVotes: 0, noVotes: 0 });
    // First vote 59 hours before NOW: 59 h / 58 rounded up to the minute gives steps of 62 minutes.
    expect(Date.parse(all.body.points[0]!.at)).toBeLessThanOrEqual(Date.parse(ago(59)));
    expect(Date.parse(all.body.points[1]!.at) - Date.parse(all.body.points[0]!.at)).toBe(62 * 60_000);
    expect(all.body.points[1]).toMatchObject({ yesVotes: 0, noVotes: 1 });
    expect(all.body.points.at(-1)).toEqual({ at: '2026-11-23T10:47:12.000Z', yesVotes: 18, noVotes: 12 });
  });

  it('a new vote shows at once in the live point; the past points stay as read', async () => {
    const fingerprint = await newIdentity(t.url);
    const vote = await castVote(t.url, { marketId: 'cyclone-avant-fevrier', voteType: 'no', fingerprint });
    expect(vote.status).toBe(200);
    const { body } = await history('24h');
    expect(body.points[47]).toEqual({ at: '2026-11-23T10:30:00.000Z', yesVotes: 18, noVotes: 12 });
    expect(body.points[48]).toEqual({ at: '2026-11-23T10:47:12.000Z', yesVotes: 18, noVotes: 13 });

    // Half an hour later, the vote (stamped by the server's clock, NOW) is inside the new last instant.
    clock = new Date(NOW.getTime() + HOUR / 2);
    const later = await history('24h');
    expect(later.body.points[47]).toEqual({ at: '2026-11-23T11:00:00.000Z', yesVotes: 18, noVotes: 13 });
    expect(later.body.points[0]).toEqual({ at: '2026-11-22T11:30:00.000Z', yesVotes: 0, noVotes: 10 });

    // The device erases its data: its vote leaves the history too, at once, though the step has not changed.
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint })).status).toBe(200);
    const erased = await history('24h');
    expect(erased.body.points[47]).toEqual({ at: '2026-11-23T11:00:00.000Z', yesVotes: 18, noVotes: 12 });
    expect(erased.body.points[48]).toMatchObject({ yesVotes: 18, noVotes: 12 });
    clock = NOW;
  });

  it('a changed vote counts with its new answer from when it was first cast', async () => {
    const fingerprint = await newIdentity(t.url);
    expect((await castVote(t.url, { marketId: 'cyclone-avant-fevrier', voteType: 'yes', fingerprint })).status).toBe(200);
    clock = new Date(NOW.getTime() + HOUR);
    const before = await history('24h');
    expect(before.body.points[47]).toEqual({ at: '2026-11-23T11:30:00.000Z', yesVotes: 19, noVotes: 12 });
    const change = await castVote<{ changed: boolean }>(t.url, {
      marketId: 'cyclone-avant-fevrier',
      voteType: 'no',
      fingerprint,
    });
    expect(change.body.changed).toBe(true);
    const after = await history('24h');
    expect(after.body.points[47]).toEqual({ at: '2026-11-23T11:30:00.000Z', yesVotes: 18, noVotes: 13 });
    clock = NOW;
  });

  it('a prediction nobody voted on: zeros, and "all" is only the live point', async () => {
    await t.server.database.db
      .insertInto('markets')
      .values(marketRow('sans-vote', 'Sans vote ?', { category: 'meteo', created_at: ago(1), updated_at: ago(1) }))
      .execute();
    t.server.services.catalog.invalidate();
    const all = await history('all', 'sans-vote');
    expect(all.status).toBe(200);
    expect(all.body.points).toEqual([{ at: '2026-11-23T10:47:12.000Z', yesVotes: 0, noVotes: 0 }]);
    const day = await history('24h', 'sans-vote');
    expect(day.body.points).toHaveLength(49);
    expect(day.body.points.every((point) => point.yesVotes === 0 && point.noVotes === 0)).toBe(true);
  });

  it('an unknown prediction is a 404, an unknown range a 400, both in French', async () => {
    const unknown = await history('7d', 'pas-une-prediction');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Prédiction introuvable' });
    const badRange = await history('1y');
    expect(badRange.status).toBe(400);
    expect(badRange.body).toEqual({ error: 'Requête invalide : range — range doit valoir "24h", "7d", "30d" ou "all"' });
  });
});
