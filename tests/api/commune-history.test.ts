import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommuneHistory } from '../../src/shared/api/municipal.js';
import { rebuildVoteHistory } from '../../src/server/history/history-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, newIdentity } from '../support/voting.js';

const NOW = new Date('2026-11-23T10:47:12.000Z');
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();

describe.each(DIALECTS)('commune history on %s', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' }, { clock: () => NOW });
    const { db } = t.server.database;
    // Anne leads today with 6 votes; Bruno had the first 3, 30 hours ago; Chloé has none.
    const votes = [
      ...Array.from({ length: 3 }, (_, i) => ({ candidate: 'bruno', at: ago(30 + i) })),
      ...Array.from({ length: 6 }, (_, i) => ({ candidate: 'anne', at: ago(10 - i) })),
      { candidate: 'bruno', at: ago(2) },
    ];
    await db
      .insertInto('municipal_markets')
      .values({ id: '97499', title: 'Saint-Test', trending: 0, created_at: ago(24 * 40), total_votes: votes.length })
      .execute();
    await db
      .insertInto('municipal_candidates')
      .values([
        { id: 'anne', market_id: '97499', name: 'Anne Hoarau', votes: 6 },
        { id: 'bruno', market_id: '97499', name: 'Bruno Payet', votes: 4 },
        { id: 'chloe', market_id: '97499', name: 'Chloé Técher', votes: 0 },
      ])
      .execute();
    await db
      .insertInto('municipal_votes')
      .values(
        votes.map((vote) => ({
          market_id: '97499',
          candidate_id: vote.candidate,
          fingerprint: newFingerprint(),
          created_at: vote.at,
        })),
      )
      .execute();
    // Rows written straight into the table, as the demo data are: their step counts are counted from them.
    await rebuildVoteHistory(db);
  });
  afterAll(async () => t?.close());

  const history = (range: string, id = '97499') =>
    getJson<CommuneHistory & { error?: string }>(`${t.url}/api/municipal/${id}/history?range=${range}`);

  it('24 h: the candidates in today’s order, votes per candidate before each instant, then today’s counts', async () => {
    const { status, body } = await history('24h');
    expect(status).toBe(200);
    expect(body.communeId).toBe('97499');
    expect(body.candidates).toEqual([
      { id: 'anne', name: 'Anne Hoarau' },
      { id: 'bruno', name: 'Bruno Payet' },
      { id: 'chloe', name: 'Chloé Técher' },
    ]);
    expect(body.points).toHaveLength(49);
    expect(body.points[0]).toEqual({ at: '2026-11-22T11:00:00.000Z', votes: [0, 3, 0] });
    // Anne's first vote, 10 hours before NOW (00:47:12): counted from the 01:00 instant on.
    expect(body.points[27]).toEqual({ at: '2026-11-23T00:30:00.000Z', votes: [0, 3, 0] });
    expect(body.points[28]).toEqual({ at: '2026-11-23T01:00:00.000Z', votes: [1, 3, 0] });
    expect(body.points[47]).toEqual({ at: '2026-11-23T10:30:00.000Z', votes: [6, 4, 0] });
    expect(body.points[48]).toEqual({ at: '2026-11-23T10:47:12.000Z', votes: [6, 4, 0] });
  });

  it('"all" starts at the first vote; an erased vote leaves the history at once', async () => {
    const all = await history('all');
    expect(all.body.points[0]?.votes).toEqual([0, 0, 0]);
    expect(all.body.points.length).toBeLessThanOrEqual(61);

    const fingerprint = await newIdentity(t.url);
    const vote = await castMunicipalVote(t.url, '97499', { candidateId: 'chloe', fingerprint });
    expect(vote.status).toBe(201);
    expect((await history('24h')).body.points[48]).toEqual({ at: '2026-11-23T10:47:12.000Z', votes: [6, 4, 1] });
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint })).status).toBe(200);
    expect((await history('24h')).body.points[48]).toEqual({ at: '2026-11-23T10:47:12.000Z', votes: [6, 4, 0] });
  });

  it('an unknown commune is a 404 in French; a bad range a 400', async () => {
    const unknown = await history('7d', '00000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Élection introuvable' });
    expect((await history('week')).status).toBe(400);
  });
});
