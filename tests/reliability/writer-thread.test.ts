/**
 * The writer thread of a SQLite file (docs/decisions/044) applies one batch per transaction, in the order sent.
 * A batch that fails there (here its COMMIT, refused by a deferred foreign key that a trigger breaks for one
 * "poison" device: the database's own means, no mock) rolls back all of its votes and nothing else: the batch
 * sent right behind it commits, and so does the next one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import type { BatchedVote, VoteBatchRules, VoteOutcome } from '../../src/server/markets/vote-batch.js';
import { countVoteRows } from '../support/invariants.js';
import { newFingerprint } from '../support/test-server.js';
import { counterMismatches, OPEN_MARKETS, openFixtureDatabase } from './support/fixtures.js';

describe('the SQLite writer thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'predi974-writer-'));
  const poison = newFingerprint();
  let database: Database;

  beforeAll(async () => {
    database = await openFixtureDatabase(`sqlite:${join(dir, 'writer.db')}`);
    database.sqlite!.exec(`
      CREATE TABLE commit_guard (market_id TEXT REFERENCES markets(id) DEFERRABLE INITIALLY DEFERRED);
      CREATE TRIGGER fail_at_commit AFTER INSERT ON votes WHEN NEW.fingerprint = '${poison}'
      BEGIN INSERT INTO commit_guard VALUES ('prediction-absente'); END;
    `);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rules = (): VoteBatchRules => ({ now: new Date(), voteChange: 'allowed' });
  const vote = (marketId: string, voteType: 'yes' | 'no', fingerprint: string): BatchedVote => ({
    marketId,
    voteType,
    fingerprint,
  });
  const apply = async (votes: BatchedVote[]) => (await database.writer!.apply('votes', votes, rules())) as VoteOutcome[];

  it('fails only the batch whose COMMIT is refused; the batch behind it and the next one commit', async () => {
    expect(database.writer).not.toBeNull();
    const [a, b, c, d] = [newFingerprint(), newFingerprint(), newFingerprint(), newFingerprint()];
    const [failed, behind] = await Promise.allSettled([
      apply([vote(OPEN_MARKETS[0], 'yes', a), vote(OPEN_MARKETS[1], 'no', poison)]),
      apply([vote(OPEN_MARKETS[0], 'no', b), vote(OPEN_MARKETS[2], 'yes', c)]),
    ]);
    expect(failed.status).toBe('rejected');
    expect(failed.status === 'rejected' && (failed.reason as Error).message).toBe('FOREIGN KEY constraint failed');
    expect(failed.status === 'rejected' && (failed.reason as { code?: string }).code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    expect(behind.status).toBe('fulfilled');
    expect(behind.status === 'fulfilled' && behind.value.map((outcome) => outcome.kind)).toEqual(['ok', 'ok']);

    const next = await apply([vote(OPEN_MARKETS[3], 'yes', d)]);
    expect(next).toMatchObject([{ kind: 'ok', result: { market: { id: 'fiab-d', yesVotes: 1, noVotes: 0 }, changed: false } }]);

    // Nothing of the failed batch, everything of the two others, read on the server's own connection.
    expect(await countVoteRows(database)).toEqual(
      new Map([
        ['fiab-a', { yes: 0, no: 1 }],
        ['fiab-c', { yes: 1, no: 0 }],
        ['fiab-d', { yes: 1, no: 0 }],
      ]),
    );
    expect(await counterMismatches(database)).toEqual([]);
  });

  it('keeps the settings of the server’s connection: WAL and synchronous=FULL (2)', async () => {
    expect(await database.writer!.pragma('journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await database.writer!.pragma('synchronous')).toEqual([{ synchronous: 2 }]);
  });
});
