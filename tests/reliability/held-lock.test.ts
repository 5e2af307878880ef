/**
 * One row lock held for 7 s by an outside connection (a stuck admin session, a long manual query) on one
 * prediction and one commune: votes on the other predictions and communes keep going, and votes on the
 * locked ones fail fast with a French 503 and Retry-After instead of holding pooled connections until
 * the pool runs dry for everyone.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { insertCandidate, insertCommune } from '../../src/server/municipal/municipal-repository.js';
import { createTestDatabase } from '../support/databases.js';
import { startServerProcess } from '../support/server-process.js';
import { newFingerprint } from '../support/test-server.js';
import { COMMUNE, openFixtureDatabase } from './support/fixtures.js';

const HOLD_MS = 7_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Answer {
  target: string;
  status: number;
  body: string;
  retryAfter: string | null;
  at: number;
}

describe('postgres: a row lock held by another connection', () => {
  it('fails only the votes on the locked rows, fast, with a French 503', { timeout: 240_000 }, async () => {
    const testDb = await createTestDatabase('postgres');
    const database = await openFixtureDatabase(testDb.url);
    const at = new Date().toISOString();
    await insertCommune(database.db, { id: 'libre-commune', title: 'Élection Municipale Libre 2026', trending: false }, at);
    await insertCandidate(database.db, { id: 'libre-cand', communeId: 'libre-commune', name: 'Candidate libre' });
    await database.close();
    cleanups.push(() => testDb.drop());
    // A small pool, as a busy instance has: a few stuck requests are enough to exhaust it.
    const server = await startServerProcess(testDb.url, { DATABASE_POOL_SIZE: '4' }, 120_000);
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await server.exited;
    });

    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('begin');
    await holder.query(`select id from markets where id = 'fiab-a' for update`);
    await holder.query(`select id from municipal_markets where id = $1 for update`, [COMMUNE.id]);
    const lockedAt = Date.now();
    let releasedAt = 0;
    const released = new Promise<void>((done) =>
      setTimeout(() => {
        releasedAt = Date.now();
        void holder.query('rollback').then(() => done());
      }, HOLD_MS),
    );

    const send = async (target: string, path: string, body: object): Promise<Answer> => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return {
        target,
        status: response.status,
        body: await response.text(),
        retryAfter: response.headers.get('retry-after'),
        at: Date.now(),
      };
    };
    const vote = (marketId: string) => send(marketId, '/api/votes', { marketId, voteType: 'yes', fingerprint: newFingerprint() });
    const municipal = (communeId: string, candidateId: string) =>
      send(communeId, `/api/municipal/${communeId}/votes`, { candidateId, fingerprint: newFingerprint() });

    // The locked rows' votes first, so they are the ones waiting when the others arrive.
    const locked = [1, 2].flatMap(() => [vote('fiab-a'), municipal(COMMUNE.id, COMMUNE.candidates[0])]);
    await new Promise((done) => setTimeout(done, 200));
    const free = [
      vote('fiab-b'),
      vote('fiab-c'),
      vote('fiab-d'),
      municipal('libre-commune', 'libre-cand'),
      vote('fiab-b'),
      vote('fiab-c'),
      municipal('libre-commune', 'libre-cand'),
    ];
    const answers = await Promise.all([...locked, ...free]);
    await released;

    const onLocked = answers.filter((answer) => answer.target === 'fiab-a' || answer.target === COMMUNE.id);
    const onFree = answers.filter((answer) => answer.target !== 'fiab-a' && answer.target !== COMMUNE.id);
    console.log(
      `[held lock] lock held ${releasedAt - lockedAt} ms; locked rows: ${onLocked
        .map((answer) => `${answer.status}@${answer.at - lockedAt}ms`)
        .join(' ')}; other rows: ${onFree.map((answer) => `${answer.status}@${answer.at - lockedAt}ms`).join(' ')}`,
    );
    expect(onFree.map((answer) => answer.status)).toEqual([200, 200, 200, 201, 200, 200, 201]);
    for (const answer of onLocked) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Service momentanément indisponible, veuillez réessayer dans un instant.',
      });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      // Failed while the lock was still held: the server gave up waiting, rather than waiting it out.
      expect(answer.at).toBeLessThan(releasedAt);
    }
  });
});
