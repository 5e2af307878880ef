/**
 * Two instances over one PostgreSQL database share the vote protection: one generated secret, the spent
 * challenges (a proof sent to both at once is accepted once) and the budgets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import { addFixtures, counterMismatches, OPEN_MARKETS } from '../reliability/support/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { challengeFor, newIdentity, proofFor, solveNative } from '../support/protection.js';
import { postJson } from '../support/test-server.js';

const REPLAYED = 'Preuve de travail déjà utilisée : veuillez réessayer.';

describe('vote protection across two instances over PostgreSQL', () => {
  let database: TestDatabase;
  let a: { server: RunningServer; url: string };
  let b: { server: RunningServer; url: string };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = loadConfig({
      DATABASE_URL: database.url,
      SEED: 'none',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'off',
      VOTE_PROTECTION: 'on',
      PROTECTION_NORMAL_MAXNUMBER: '1000',
      PROTECTION_IDENTITY_MAXNUMBER: '1000',
      PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: '2',
      PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '1000',
      PROTECTION_STEEPNESS: '2',
    });
    // Started together, with no IDENTITY_SECRET: both must settle on the one secret the first one stores.
    const started = await Promise.all(
      [0, 1].map(async () => {
        const server = await createServer(config, { logger: false, webRoot: '/nonexistent' });
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        const address = server.app.server.address();
        if (!address || typeof address === 'string') throw new Error('no address');
        return { server, url: `http://127.0.0.1:${address.port}` };
      }),
    );
    [a, b] = started as [typeof a, typeof a];
    await addFixtures(a.server.database);
  });
  afterAll(async () => {
    await Promise.all([a, b].map((instance) => instance?.server.stop()));
    await database?.drop();
  });

  it('an identity issued by one instance votes through the other, with a challenge from either', async () => {
    const fingerprint = await newIdentity(a.url);
    const proof = await proofFor(b.url, { purpose: 'vote', fingerprint, marketId: OPEN_MARKETS[1], voteType: 'yes' });
    const answer = await postJson(`${a.url}/api/votes`, { marketId: OPEN_MARKETS[1], voteType: 'yes', fingerprint, proof });
    expect(answer.status).toBe(200);
  });

  it('the same proof sent to both instances at once is accepted exactly once, every time', async () => {
    const fingerprint = await newIdentity(b.url);
    const rounds = [
      [OPEN_MARKETS[2], 'yes'],
      [OPEN_MARKETS[3], 'no'],
      [OPEN_MARKETS[2], 'no'],
      [OPEN_MARKETS[3], 'yes'],
    ] as const;
    for (const [marketId, voteType] of rounds) {
      const body = {
        marketId,
        voteType,
        fingerprint,
        proof: await proofFor(a.url, { purpose: 'vote', fingerprint, marketId, voteType }),
      };
      const answers = await Promise.all([a, b].map((instance) => postJson(`${instance.url}/api/votes`, body)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 403]);
      expect(answers.find((answer) => answer.status === 403)?.body).toEqual({ error: REPLAYED });
    }
    expect(await counterMismatches(a.server.database)).toEqual([]);
  });

  it('counts one address once for both instances: the price climbs past the shared budget', async () => {
    const seen: number[] = [];
    for (const instance of [a, b, a, b]) {
      const fingerprint = await newIdentity(instance.url);
      const request = { purpose: 'vote', fingerprint, marketId: OPEN_MARKETS[0], voteType: 'yes' } as const;
      const challenge = await challengeFor(instance.url, request);
      seen.push(challenge.maxnumber ?? 0);
      // Spent through the other instance: the count it adds must reach both.
      const other = instance === a ? b : a;
      const answer = await postJson(`${other.url}/api/votes`, {
        marketId: OPEN_MARKETS[0],
        voteType: 'yes',
        fingerprint,
        proof: solveNative(challenge),
      });
      expect(answer.status).toBe(200);
    }
    // Budget 2 accepted votes per address and prediction, steepness 2: one doubling per accepted vote past it.
    expect(seen).toEqual([1000, 1000, 2000, 4000]);
  });
});
