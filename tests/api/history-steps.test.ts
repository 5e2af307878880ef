/**
 * Histories read the per-hour and per-minute counts (docs/decisions/042-history-from-step-counts.md): every
 * path that writes vote rows keeps them equal to the rows, at the edges of hours and minutes, so the points
 * are those the rows give (a vote counts before an instant if it was first cast strictly before it, with
 * the side it holds today).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketHistory } from '../../src/shared/api/markets.js';
import type { CommuneHistory } from '../../src/shared/api/municipal.js';
import { excludeMarketVotes, includeMarketVotes } from '../../src/server/bursts/burst-repository.js';
import { findCounterMismatches } from '../../src/server/db/counter-check.js';
import { migrateToLatest } from '../../src/server/db/migrator.js';
import { adjustCounters } from '../../src/server/markets/market-repository.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { marketRow } from '../support/market-row.js';

const MARKET = 'pluie-saint-denis';
const COMMUNE = '97498';
const READ_AT = new Date('2026-11-23T12:10:00.000Z');

describe.each(DIALECTS)('history step counts on %s', { timeout: 120_000 }, (dialect) => {
  let t: TestServer;
  let clock = READ_AT;
  const device = { a: newFingerprint(), b: newFingerprint(), c: newFingerprint(), d: newFingerprint(), e: newFingerprint() };

  const voteAt = async (at: string, fingerprint: string, voteType: 'yes' | 'no') => {
    clock = new Date(at);
    const answer = await postJson<{ changed: boolean }>(`${t.url}/api/votes`, { marketId: MARKET, voteType, fingerprint });
    expect(answer.status).toBe(200);
    clock = READ_AT;
    return answer.body;
  };
  const history = async (range: '24h' | 'all') => {
    const answer = await getJson<MarketHistory>(`${t.url}/api/markets/${MARKET}/history?range=${range}`);
    expect(answer.status).toBe(200);
    return answer.body.points;
  };
  /** The 24 h points at 10:00, 10:30, 11:00 and the live one (12:10). */
  const day = async () => {
    const points = await history('24h');
    expect(points).toHaveLength(49);
    return [points[43], points[44], points[45], points[48]];
  };
  /** The "all" points (3-minute steps from 09:57) at 09:57, 10:00, 10:27, 10:30, 10:33. */
  const all = async () => {
    const points = await history('all');
    expect(points).toHaveLength(46);
    return [points[0], points[1], points[10], points[11], points[12]];
  };
  const p = (at: string, yesVotes: number, noVotes: number) => ({ at, yesVotes, noVotes });
  const noMismatch = async () => expect(await findCounterMismatches(t.server.database.db)).toEqual([]);

  beforeAll(async () => {
    // Without the vote protection: each vote is placed at an instant chosen by the test clock, hours and days apart,
    // which the protection's time-bound identities and challenges would refuse; what is tested is the counting.
    t = await startTestServer(dialect, { SEED: 'none', VOTE_PROTECTION: 'off' }, { clock: () => clock });
    const { db } = t.server.database;
    await db
      .insertInto('markets')
      .values(
        marketRow(MARKET, 'De la pluie à Saint-Denis ?', {
          category: 'meteo',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        }),
      )
      .execute();
    await db
      .insertInto('municipal_markets')
      .values({ id: COMMUNE, title: 'Saint-Essai', trending: 0, created_at: '2026-11-01T00:00:00.000Z', total_votes: 0 })
      .execute();
    await db
      .insertInto('municipal_candidates')
      .values([
        { id: 'essai-anne', market_id: COMMUNE, name: 'Anne Hoarau', votes: 0 },
        { id: 'essai-bruno', market_id: COMMUNE, name: 'Bruno Payet', votes: 0 },
      ])
      .execute();
    t.server.services.catalog.invalidate();
    // On each side of the hour at 10:00 and of the half hour at 10:30, to the millisecond.
    await voteAt('2026-11-23T09:59:59.999Z', device.a, 'yes');
    await voteAt('2026-11-23T09:59:59.999Z', device.b, 'no');
    await voteAt('2026-11-23T10:00:00.000Z', device.c, 'yes');
    await voteAt('2026-11-23T10:29:59.999Z', device.d, 'no');
    await voteAt('2026-11-23T10:30:00.000Z', device.e, 'yes');
  });
  afterAll(async () => t?.close());

  it('a vote cast a millisecond before an instant counts at it; one cast at the instant counts from the next', async () => {
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 1, 1),
      p('2026-11-23T10:30:00.000Z', 2, 2),
      p('2026-11-23T11:00:00.000Z', 3, 2),
      p('2026-11-23T12:10:00.000Z', 3, 2),
    ]);
    // Inside an hour (10:27, 10:33): read from the minute counts.
    expect(await all()).toEqual([
      p('2026-11-23T09:57:00.000Z', 0, 0),
      p('2026-11-23T10:00:00.000Z', 1, 1),
      p('2026-11-23T10:27:00.000Z', 2, 1),
      p('2026-11-23T10:30:00.000Z', 2, 2),
      p('2026-11-23T10:33:00.000Z', 3, 2),
    ]);
    await noMismatch();
  });

  it('a vote changed two hours later moves across at the minute it was first cast, OUI→NON and NON→OUI', async () => {
    expect((await voteAt('2026-11-23T12:10:00.000Z', device.a, 'no')).changed).toBe(true);
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:30:00.000Z', 1, 3),
      p('2026-11-23T11:00:00.000Z', 2, 3),
      p('2026-11-23T12:10:00.000Z', 2, 3),
    ]);
    expect((await voteAt('2026-11-23T12:10:00.000Z', device.d, 'yes')).changed).toBe(true);
    expect(await all()).toEqual([
      p('2026-11-23T09:57:00.000Z', 0, 0),
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:27:00.000Z', 1, 2),
      p('2026-11-23T10:30:00.000Z', 2, 2),
      p('2026-11-23T10:33:00.000Z', 3, 2),
    ]);
    await noMismatch();
  });

  it('an erased vote leaves the minute and the hour it was cast in', async () => {
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint: device.c })).status).toBe(200);
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:30:00.000Z', 1, 2),
      p('2026-11-23T11:00:00.000Z', 2, 2),
      p('2026-11-23T12:10:00.000Z', 2, 2),
    ]);
    expect((await all())[2]).toEqual(p('2026-11-23T10:27:00.000Z', 0, 2));
    await noMismatch();
  });

  it('votes a burst decision excludes leave the counts, and come back when included', async () => {
    const { db } = t.server.database;
    const decide = async (work: () => Promise<void>) => {
      await work();
      t.server.services.catalog.invalidate();
      t.server.services.history.invalidate(MARKET);
    };
    await decide(() =>
      db.transaction().execute(async (trx) => {
        const moved = await excludeMarketVotes(trx, MARKET, [device.d, device.e], 'b-essai');
        expect(moved).toEqual({ yes: 2, no: 0 });
        await adjustCounters(trx, MARKET, -2, 0, READ_AT.toISOString());
      }),
    );
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:30:00.000Z', 0, 2),
      p('2026-11-23T11:00:00.000Z', 0, 2),
      p('2026-11-23T12:10:00.000Z', 0, 2),
    ]);
    await noMismatch();
    // An excluded device changing side moves no count.
    expect((await voteAt('2026-11-23T12:10:00.000Z', device.e, 'no')).changed).toBe(true);
    expect((await day())[2]).toEqual(p('2026-11-23T11:00:00.000Z', 0, 2));
    await noMismatch();

    await decide(() =>
      db.transaction().execute(async (trx) => {
        expect(await includeMarketVotes(trx, 'b-essai')).toEqual({ yes: 1, no: 1 });
        await adjustCounters(trx, MARKET, 1, 1, READ_AT.toISOString());
      }),
    );
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:30:00.000Z', 1, 2),
      p('2026-11-23T11:00:00.000Z', 1, 3),
      p('2026-11-23T12:10:00.000Z', 1, 3),
    ]);
    await noMismatch();
  });

  it('commune votes on each side of 11:00 count per candidate; an erased one leaves', async () => {
    const anne = newFingerprint();
    const communeVote = async (at: string, fingerprint: string, candidateId: string) => {
      clock = new Date(at);
      const answer = await postJson(`${t.url}/api/municipal/${COMMUNE}/votes`, { candidateId, fingerprint });
      clock = READ_AT;
      expect(answer.status).toBe(201);
    };
    await communeVote('2026-11-23T10:59:59.999Z', anne, 'essai-anne');
    await communeVote('2026-11-23T11:00:00.000Z', newFingerprint(), 'essai-bruno');
    const read = async () => {
      const answer = await getJson<CommuneHistory>(`${t.url}/api/municipal/${COMMUNE}/history?range=24h`);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const before = await read();
    expect(before.candidates.map((candidate) => candidate.id)).toEqual(['essai-anne', 'essai-bruno']);
    expect([before.points[44], before.points[45], before.points[46]]).toEqual([
      { at: '2026-11-23T10:30:00.000Z', votes: [0, 0] },
      { at: '2026-11-23T11:00:00.000Z', votes: [1, 0] },
      { at: '2026-11-23T11:30:00.000Z', votes: [1, 1] },
    ]);
    await noMismatch();
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint: anne })).status).toBe(200);
    const after = await read();
    expect(after.candidates.map((candidate) => candidate.id)).toEqual(['essai-bruno', 'essai-anne']);
    expect([after.points[45], after.points[46]]).toEqual([
      { at: '2026-11-23T11:00:00.000Z', votes: [0, 0] },
      { at: '2026-11-23T11:30:00.000Z', votes: [1, 0] },
    ]);
    await noMismatch();
  });

  it('the migration counts the rows already stored', async () => {
    const { database } = t.server;
    // Back to the schema before the step counts, then up again: the migration fills them from the rows.
    for (const table of ['market_vote_hours', 'market_vote_minutes', 'municipal_vote_hours', 'municipal_vote_minutes']) {
      await sql`drop table ${sql.table(table)}`.execute(database.db);
    }
    await sql`delete from kysely_migration where name = '0008-vote-history-steps'`.execute(database.db);
    expect(await migrateToLatest(database)).toEqual(['0008-vote-history-steps']);
    await noMismatch();
    t.server.services.history.invalidate(MARKET);
    expect(await day()).toEqual([
      p('2026-11-23T10:00:00.000Z', 0, 2),
      p('2026-11-23T10:30:00.000Z', 1, 2),
      p('2026-11-23T11:00:00.000Z', 1, 3),
      p('2026-11-23T12:10:00.000Z', 1, 3),
    ]);
  });

  it('db:check names a step count that differs from its rows', async () => {
    await sql`update market_vote_minutes set no_votes = no_votes + 1 where market_id = ${MARKET} and minute = '2026-11-23T10:30'`.execute(
      t.server.database.db,
    );
    expect(await findCounterMismatches(t.server.database.db)).toEqual([
      { kind: 'market-history', id: `${MARKET} 2026-11-23T10:30`, counter: 'no_votes', stored: 2, rows: 1 },
    ]);
  });
});

describe('history reads under the rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { RATE_LIMIT: 'on', RATE_LIMIT_HISTORY_PER_MINUTE: '2' });
  });
  afterAll(async () => t?.close());

  it('counts prediction and commune histories together per address, then answers 429 in French with Retry-After', async () => {
    const { body: markets } = await getJson<{ id: string }[]>(`${t.url}/api/markets`);
    expect((await fetch(`${t.url}/api/markets/${markets[0]!.id}/history?range=all`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/municipal/97411/history?range=24h`)).status).toBe(200);
    const refused = await fetch(`${t.url}/api/markets/${markets[0]!.id}/history?range=7d`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
    // Other reads are not counted in the group.
    expect((await fetch(`${t.url}/api/markets`)).status).toBe(200);
  });
});
