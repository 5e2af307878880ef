/**
 * Votes are applied a batch at a time (docs/decisions/025-vote-batching.md): every vote of one batch is
 * checked before anything is written, counters move once per market by the summed deltas, and each
 * answer is built from the batch. A vote refused inside a batch leaves the others committed, and after
 * a storm of new votes, replays and changes over several markets (one of them hot), through two
 * instances on PostgreSQL, every counter equals the rows it counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { insertMarket } from '../../src/server/markets/market-repository.js';
import { DAY_MS } from '../../src/shared/constants.js';
import type { Market } from '../../src/shared/market.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { countVoteRows } from '../support/invariants.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { newIdentity, proofFor } from '../support/protection.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { addFixtures, counterMismatches, OPEN_MARKETS, openFixtureDatabase } from './support/fixtures.js';

type Settled = PromiseSettledResult<{ market: Market; voteType: string; changed: boolean }>;

/** Status and French text of a refused vote, or 200 and what the answer says of the market. */
function summary(result: Settled) {
  if (result.status === 'rejected') {
    const error = result.reason as { statusCode?: number; message: string };
    return { status: error.statusCode, error: error.message };
  }
  const { market, changed } = result.value;
  return { status: 200, id: market.id, yes: market.yesVotes, no: market.noVotes, total: market.totalVotes, changed };
}

async function addEndedMarket(database: Database): Promise<void> {
  const now = Date.now();
  await insertMarket(
    database.db,
    {
      id: 'fiab-finie',
      title: 'Prédiction terminée',
      description: 'Jeu d’essai',
      category: 'social',
      endDate: new Date(now - DAY_MS).toISOString(),
      trending: false,
    },
    new Date(now - 30 * DAY_MS).toISOString(),
  );
}

describe.each(DIALECTS)('one batch of votes where some are refused (%s)', (dialect) => {
  let forbidding: TestServer;
  let allowing: TestServer;

  beforeAll(async () => {
    [forbidding, allowing] = await Promise.all([
      startTestServer(dialect, { SEED: 'none', VOTE_CHANGE: 'forbidden' }),
      startTestServer(dialect, { SEED: 'none', VOTE_CHANGE: 'allowed' }),
    ]);
    for (const server of [forbidding, allowing]) {
      await addFixtures(server.server.database);
      await addEndedMarket(server.server.database);
    }
  });
  afterAll(async () => {
    await Promise.all([forbidding?.close(), allowing?.close()]);
  });

  it('commits and answers the valid votes; the unknown, ended and refused-change ones get their own status and text', async () => {
    const { votes, batcher } = forbidding.server.services;
    const earlier = newFingerprint();
    await votes.castVote({ marketId: 'fiab-a', voteType: 'yes', fingerprint: earlier });
    const first = newFingerprint();
    const second = newFingerprint();
    const commitsBefore = batcher.commits;
    // Cast in one event-loop turn: one batch, one transaction.
    const settled = await Promise.allSettled([
      votes.castVote({ marketId: 'fiab-a', voteType: 'yes', fingerprint: first }),
      votes.castVote({ marketId: 'prediction-inconnue', voteType: 'yes', fingerprint: first }),
      votes.castVote({ marketId: 'fiab-a', voteType: 'no', fingerprint: earlier }),
      votes.castVote({ marketId: 'fiab-finie', voteType: 'yes', fingerprint: second }),
      votes.castVote({ marketId: 'fiab-a', voteType: 'yes', fingerprint: earlier }),
      votes.castVote({ marketId: 'fiab-b', voteType: 'no', fingerprint: second }),
      votes.castVote({ marketId: 'fiab-a', voteType: 'yes', fingerprint: first }),
    ]);
    expect(batcher.commits - commitsBefore).toBe(1);
    expect(settled.map(summary)).toEqual([
      { status: 200, id: 'fiab-a', yes: 2, no: 0, total: 2, changed: false },
      { status: 404, error: 'Prédiction introuvable' },
      { status: 409, error: 'Vous avez déjà voté pour cette prédiction : un vote ne peut pas être modifié.' },
      { status: 409, error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' },
      { status: 200, id: 'fiab-a', yes: 2, no: 0, total: 2, changed: false },
      { status: 200, id: 'fiab-b', yes: 0, no: 1, total: 1, changed: false },
      { status: 200, id: 'fiab-a', yes: 2, no: 0, total: 2, changed: false },
    ]);
    expect(await countVoteRows(forbidding.server.database)).toEqual(
      new Map([
        ['fiab-a', { yes: 2, no: 0 }],
        ['fiab-b', { yes: 0, no: 1 }],
      ]),
    );
    expect((await getJson<Market>(`${forbidding.url}/api/markets/fiab-a`)).body).toMatchObject({ yesVotes: 2, noVotes: 0 });
    expect(await counterMismatches(forbidding.server.database)).toEqual([]);
  });

  it('applies changes in the order they came, a new device changing its mind in the same batch included', async () => {
    const { votes, batcher } = allowing.server.services;
    const earlier = newFingerprint();
    const fickle = newFingerprint();
    const steady = newFingerprint();
    await votes.castVote({ marketId: 'fiab-c', voteType: 'yes', fingerprint: earlier });
    const commitsBefore = batcher.commits;
    const settled = await Promise.allSettled([
      votes.castVote({ marketId: 'fiab-c', voteType: 'no', fingerprint: earlier }),
      votes.castVote({ marketId: 'fiab-c', voteType: 'yes', fingerprint: fickle }),
      votes.castVote({ marketId: 'fiab-c', voteType: 'no', fingerprint: fickle }),
      votes.castVote({ marketId: 'fiab-c', voteType: 'no', fingerprint: earlier }),
      votes.castVote({ marketId: 'fiab-c', voteType: 'yes', fingerprint: steady }),
      votes.castVote({ marketId: 'fiab-finie', voteType: 'no', fingerprint: steady }),
    ]);
    expect(batcher.commits - commitsBefore).toBe(1);
    expect(settled.map(summary)).toEqual([
      { status: 200, id: 'fiab-c', yes: 1, no: 2, total: 3, changed: true },
      { status: 200, id: 'fiab-c', yes: 1, no: 2, total: 3, changed: false },
      { status: 200, id: 'fiab-c', yes: 1, no: 2, total: 3, changed: true },
      { status: 200, id: 'fiab-c', yes: 1, no: 2, total: 3, changed: false },
      { status: 200, id: 'fiab-c', yes: 1, no: 2, total: 3, changed: false },
      { status: 409, error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' },
    ]);
    expect((await countVoteRows(allowing.server.database)).get('fiab-c')).toEqual({ yes: 1, no: 2 });
    expect(await getJson(`${allowing.url}/api/votes?fingerprint=${fickle}`)).toMatchObject({
      body: [{ marketId: 'fiab-c', voteType: 'no' }],
    });
    expect(await counterMismatches(allowing.server.database)).toEqual([]);
  });
});

describe.each(DIALECTS)('one group of votes with the vote protection on (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED: 'none', VOTE_PROTECTION: 'on', PROTECTION_NORMAL_MAXNUMBER: '1000' });
    await addFixtures(server.server.database);
    await addEndedMarket(server.server.database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('votes of one turn, each with its proof, commit as one batch; a proof sent twice counts once, refused 403 the second time', async () => {
    const { votes, protection, batcher } = server.server.services;
    const [first, second] = [await newIdentity(server.url), await newIdentity(server.url)];
    const bindings = [
      { purpose: 'vote', fingerprint: first, marketId: 'fiab-d', voteType: 'yes' },
      { purpose: 'vote', fingerprint: second, marketId: 'fiab-d', voteType: 'no' },
    ] as const;
    const proofs = [await proofFor(server.url, bindings[0]), await proofFor(server.url, bindings[1])];
    const cast = (index: 0 | 1) => {
      const { marketId, voteType, fingerprint } = bindings[index];
      return votes.castVote({ marketId, voteType, fingerprint }, protection.checkVote(bindings[index], proofs[index])?.spend);
    };
    const commitsBefore = batcher.commits;
    // One event-loop turn: the three votes form one batch, one transaction, applied in the order they came;
    // each answer shows the prediction as the batch left it.
    const settled = (await Promise.allSettled([cast(0), cast(0), cast(1)])).map(summary);
    expect(settled).toEqual([
      { status: 200, id: 'fiab-d', yes: 1, no: 1, total: 2, changed: false },
      { status: 403, error: 'Preuve de travail déjà utilisée : veuillez réessayer.' },
      { status: 200, id: 'fiab-d', yes: 1, no: 1, total: 2, changed: false },
    ]);
    expect(batcher.commits - commitsBefore).toBe(1);
    expect((await countVoteRows(server.server.database)).get('fiab-d')).toEqual({ yes: 1, no: 1 });
    expect(await counterMismatches(server.server.database)).toEqual([]);

    // The same proof again, in a later batch: refused, nothing written.
    const again = (await Promise.allSettled([cast(1)])).map(summary);
    expect(again).toEqual([{ status: 403, error: 'Preuve de travail déjà utilisée : veuillez réessayer.' }]);
    expect((await countVoteRows(server.server.database)).get('fiab-d')).toEqual({ yes: 1, no: 1 });
  });

  it('a proof spent by a vote refused because its prediction ended stays spent, and the batch’s other votes count', async () => {
    const { votes, protection } = server.server.services;
    const identity = await newIdentity(server.url);
    const ended = { purpose: 'vote', fingerprint: identity, marketId: 'fiab-finie', voteType: 'no' } as const;
    const open = { purpose: 'vote', fingerprint: identity, marketId: 'fiab-c', voteType: 'no' } as const;
    const [endedProof, openProof] = [await proofFor(server.url, ended), await proofFor(server.url, open)];
    const cast = (binding: typeof ended | typeof open, proof: string) =>
      votes.castVote(
        { marketId: binding.marketId, voteType: binding.voteType, fingerprint: binding.fingerprint },
        protection.checkVote(binding, proof)?.spend,
      );
    const settled = (await Promise.allSettled([cast(ended, endedProof), cast(open, openProof)])).map(summary);
    expect(settled).toEqual([
      { status: 409, error: 'Ce marché est terminé. Les votes ne sont plus acceptés.' },
      { status: 200, id: 'fiab-c', yes: 0, no: 1, total: 1, changed: false },
    ]);
    const replayed = (await Promise.allSettled([cast(ended, endedProof)])).map(summary);
    expect(replayed).toEqual([{ status: 403, error: 'Preuve de travail déjà utilisée : veuillez réessayer.' }]);
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });
});

/** Runs the tasks with at most `limit` in flight. */
async function runPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

const DEVICES = 400;
const flip = (side: 'yes' | 'no') => (side === 'yes' ? 'no' : 'yes');

/**
 * Device i votes on the hot market when i is even, else on one of three others; its first answer is NON when
 * i is a multiple of 3. Multiples of 5 send the same vote again, of 7 change side, of 11 change side (again).
 * A device's requests follow one another (so its last side is known); devices run 48 at a time.
 */
function deviceScript(index: number): { marketId: string; sides: ('yes' | 'no')[] } {
  const marketId = index % 2 === 0 ? OPEN_MARKETS[0] : OPEN_MARKETS[1 + ((index >> 1) % 3)]!;
  let side: 'yes' | 'no' = index % 3 === 0 ? 'no' : 'yes';
  const sides = [side];
  if (index % 5 === 0) sides.push(side);
  if (index % 7 === 0) sides.push((side = flip(side)));
  if (index % 11 === 0) sides.push(flip(side));
  return { marketId, sides };
}

describe.each(DIALECTS)('a mixed storm of votes (%s)', { timeout: 180_000 }, (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = await openFixtureDatabase(testDb.url);
    const env = { VOTE_CHANGE: 'allowed', DATABASE_LOCK_TIMEOUT_MS: '10000', DATABASE_STATEMENT_TIMEOUT_MS: '20000' };
    // The SQLite file serves one process; on PostgreSQL two instances share the database.
    instances =
      dialect === 'postgres'
        ? await Promise.all([startServerProcess(testDb.url, env, 120_000), startServerProcess(testDb.url, env, 120_000)])
        : [await startServerProcess(testDb.url, env, 120_000)];
  });
  afterAll(async () => {
    for (const instance of instances) {
      instance.kill('SIGTERM');
      await instance.exited;
    }
    await database?.close();
    await testDb?.drop();
  });

  it('answers every new vote, replay and change 200, and ends with every counter equal to its rows', async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    const tasks = Array.from({ length: DEVICES }, (_, index) => async () => {
      const fingerprint = newFingerprint();
      const { marketId, sides } = deviceScript(index);
      for (const [step, voteType] of sides.entries()) {
        const instance = instances[(index + step) % instances.length]!;
        const { status } = await postJson(`${instance.url}/api/votes`, { marketId, voteType, fingerprint });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sent++;
      }
    });
    await runPool(tasks, 48);
    expect(sent).toBe(575);
    expect(statuses).toEqual(new Map([[200, 575]]));
    expect(await countVoteRows(database)).toEqual(
      new Map([
        ['fiab-a', { yes: 121, no: 79 }],
        ['fiab-b', { yes: 53, no: 14 }],
        ['fiab-c', { yes: 14, no: 53 }],
        ['fiab-d', { yes: 53, no: 13 }],
      ]),
    );
    expect(await counterMismatches(database)).toEqual([]);
    const hot = (await getJson<Market>(`${instances[0]!.url}/api/markets/fiab-a`)).body;
    expect([hot.yesVotes, hot.noVotes, hot.totalVotes]).toEqual([121, 79, 200]);
  });
});
