/**
 * A commit that fails after the jobs of its transaction have run acknowledges none of them. The failure is
 * injected with the databases' own means, no mock: on SQLite, a deferred foreign key that a trigger breaks
 * for one "poison" device, checked only at COMMIT (after every job of the group commit released its
 * savepoint); on PostgreSQL, a deferred constraint trigger that raises at COMMIT for that device.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { DIALECTS, type TestDialect } from '../support/databases.js';
import { countVoteRows } from '../support/invariants.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { addFixtures, counterMismatches, OPEN_MARKETS } from './support/fixtures.js';

/** Makes every COMMIT holding a vote of `poison` fail; the other devices' votes commit normally. */
async function failCommitsOf(server: TestServer, dialect: TestDialect, poison: string): Promise<void> {
  if (dialect === 'sqlite') {
    server.server.database.sqlite!.exec(`
      CREATE TABLE commit_guard (market_id TEXT REFERENCES markets(id) DEFERRABLE INITIALLY DEFERRED);
      CREATE TRIGGER fail_at_commit AFTER INSERT ON votes WHEN NEW.fingerprint = '${poison}'
      BEGIN INSERT INTO commit_guard VALUES ('prediction-absente'); END;
    `);
    return;
  }
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  try {
    await client.query(`
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.fingerprint = '${poison}' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON votes DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION refuse_at_commit();
    `);
  } finally {
    await client.end();
  }
}

const storedVotes = async (server: TestServer, fingerprint: string) =>
  (await getJson<unknown[]>(`${server.url}/api/votes?fingerprint=${fingerprint}`)).body;

describe('sqlite group commit: a COMMIT failing after every job ran', () => {
  let server: TestServer;
  const poison = newFingerprint();

  beforeAll(async () => {
    // Off: a failing commit is injected under a batch of votes; what is under test is the batch's isolation,
    // and a proof spent in the failed transaction would only add a refusal of its own.
    server = await startTestServer('sqlite', { SEED: 'none', VOTE_PROTECTION: 'off' });
    await addFixtures(server.server.database);
    await failCommitsOf(server, 'sqlite', poison);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('rejects every vote of the batch, stores none, and the next batch commits', async () => {
    const honest = [newFingerprint(), newFingerprint(), newFingerprint()];
    const votes = server.server.services.votes;
    // Cast in one event-loop turn: one batch, one transaction, one COMMIT.
    const settled = await Promise.allSettled([
      votes.castVote({ marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: honest[0]! }),
      votes.castVote({ marketId: OPEN_MARKETS[1], voteType: 'no', fingerprint: honest[1]! }),
      votes.castVote({ marketId: OPEN_MARKETS[0], voteType: 'no', fingerprint: poison }),
      votes.castVote({ marketId: OPEN_MARKETS[2], voteType: 'yes', fingerprint: honest[2]! }),
    ]);
    // A deferred foreign key is checked at COMMIT only: every vote of the batch was applied, then the COMMIT refused them all.
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const result of settled) {
      expect(result.status === 'rejected' && (result.reason as Error).message).toBe('FOREIGN KEY constraint failed');
    }
    for (const fingerprint of [...honest, poison]) expect(await storedVotes(server, fingerprint)).toEqual([]);
    expect(await countVoteRows(server.server.database)).toEqual(new Map());
    for (const id of OPEN_MARKETS.slice(0, 3)) {
      expect((await getJson<Market>(`${server.url}/api/markets/${id}`)).body).toMatchObject({ yesVotes: 0, noVotes: 0 });
    }

    // The connection is not left inside the failed transaction: the same votes, without the poison, commit.
    const again = await Promise.all([
      votes.castVote({ marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: honest[0]! }),
      votes.castVote({ marketId: OPEN_MARKETS[1], voteType: 'no', fingerprint: honest[1]! }),
    ]);
    expect(again.map((result) => [result.market.yesVotes, result.market.noVotes])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(await storedVotes(server, honest[0]!)).toEqual([{ marketId: OPEN_MARKETS[0], voteType: 'yes' }]);
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });
});

describe.each(DIALECTS)('over HTTP (%s): a vote whose COMMIT fails is answered 500 and not stored', (dialect) => {
  let server: TestServer;
  const poison = newFingerprint();

  beforeAll(async () => {
    // Off: as above, the batch's isolation under a failing commit is under test.
    server = await startTestServer(dialect, { SEED: 'none', VOTE_PROTECTION: 'off' });
    await addFixtures(server.server.database);
    await failCommitsOf(server, dialect, poison);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the French generic error, stores nothing for it, and acknowledges only what is stored', async () => {
    const honest = Array.from({ length: 5 }, () => newFingerprint());
    const vote = (fingerprint: string) =>
      postJson<{ error?: string }>(`${server.url}/api/votes`, { marketId: OPEN_MARKETS[3], voteType: 'no', fingerprint });
    const [refused, ...others] = await Promise.all([vote(poison), ...honest.map(vote)]);
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({ error: 'Une erreur est survenue' });
    expect(await storedVotes(server, poison)).toEqual([]);
    // On SQLite an honest vote may share the poison's COMMIT and fail with it; whatever was answered 200
    // is stored, whatever was refused is not.
    for (const [index, answer] of others.entries()) {
      const stored = await storedVotes(server, honest[index]!);
      if (answer.status === 200) expect(stored).toEqual([{ marketId: OPEN_MARKETS[3], voteType: 'no' }]);
      else {
        expect(answer).toMatchObject({ status: 500, body: { error: 'Une erreur est survenue' } });
        expect(stored).toEqual([]);
      }
    }
    const acknowledged = others.filter((answer) => answer.status === 200).length;
    if (dialect === 'postgres') expect(acknowledged).toBe(5);
    expect((await countVoteRows(server.server.database)).get(OPEN_MARKETS[3]) ?? { yes: 0, no: 0 }).toEqual({
      yes: 0,
      no: acknowledged,
    });
    expect(await counterMismatches(server.server.database)).toEqual([]);

    // Afterwards the server takes votes as usual.
    const after = await vote(newFingerprint());
    expect(after.status).toBe(200);
  });
});
