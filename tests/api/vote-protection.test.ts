import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '../../src/shared/health.js';
import type {
  ChallengeAnswer,
  ChallengeRequest,
  IdentityAnswer,
  ProofChallenge,
  TransparencyReport,
} from '../../src/shared/vote-protection.js';
import { purgeExpiredProtectionRows } from '../../src/server/protection/protection-repository.js';
import { COMMUNE, OPEN_MARKETS, addFixtures, databaseDigest } from '../reliability/support/fixtures.js';
import { DIALECTS, type TestDialect } from '../support/databases.js';
import { challengeFor, newIdentity, proofFor, solve } from '../support/protection.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';

const [MARKET, OTHER_MARKET] = OPEN_MARKETS;
const [CANDIDATE, OTHER_CANDIDATE] = COMMUNE.candidates;

const MISSING = 'Preuve de travail manquante : veuillez réessayer.';
const INVALID = 'Preuve de travail invalide : veuillez réessayer.';
const EXPIRED = 'Preuve de travail expirée : veuillez réessayer.';
const REPLAYED = 'Preuve de travail déjà utilisée : veuillez réessayer.';
const MISMATCH = 'Preuve de travail émise pour une autre action : veuillez réessayer.';
const UNKNOWN = 'Cet appareil n’est pas reconnu. Une nouvelle identité va lui être attribuée, veuillez réessayer.';

/** Protection on, small challenges so the tests solve them quickly, figures never cached. */
const PROTECTED = {
  SEED: 'none',
  VOTE_PROTECTION: 'on',
  PROTECTION_NORMAL_MAXNUMBER: '1000',
  PROTECTION_TRANSPARENCY_CACHE_MS: '0',
};

async function startProtected(dialect: TestDialect, env: Record<string, string> = {}, clock?: () => Date) {
  const server = await startTestServer(dialect, { ...PROTECTED, ...env }, clock ? { clock } : {});
  await addFixtures(server.server.database);
  return server;
}

async function spentCount(t: TestServer): Promise<number> {
  const row = await t.server.database.db
    .selectFrom('spent_challenges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sends a request that must be refused, and checks that nothing was written: vote rows, counters, spent proofs. */
async function expectRefused(t: TestServer, path: string, body: unknown, status: number, error: string) {
  const before = await databaseDigest(t.server.database);
  const spentBefore = await spentCount(t);
  const answer = await postJson(`${t.url}${path}`, body);
  expect(answer).toMatchObject({ status, body: { error } });
  expect(await databaseDigest(t.server.database)).toBe(before);
  expect(await spentCount(t)).toBe(spentBefore);
}

const voteProof = (t: TestServer, fingerprint: string, marketId: string = MARKET, voteType: 'yes' | 'no' = 'yes') =>
  proofFor(t.url, { purpose: 'vote', fingerprint, marketId, voteType });
const municipalProof = (t: TestServer, fingerprint: string, candidateId: string = CANDIDATE) =>
  proofFor(t.url, { purpose: 'municipal', fingerprint, communeId: COMMUNE.id, candidateId });

describe.each(DIALECTS)('vote protection (%s)', (dialect) => {
  let t: TestServer;
  let offsetMs = 0;

  beforeAll(async () => {
    t = await startProtected(dialect, { PROTECTION_CHALLENGE_TTL_SECONDS: '60' }, () => new Date(Date.now() + offsetMs));
  });
  afterAll(async () => {
    await t.close();
  });

  it('health tells the protection is on', async () => {
    expect((await getJson<Health>(`${t.url}/api/health`)).body.voteProtection).toBe('on');
  });

  it('issues an identity for a solved identity challenge, in a year-long cookie; the proof works once', async () => {
    const challenge = await challengeFor(t.url, { purpose: 'identity' });
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(challenge.salt).toContain('p=identity');
    const proof = await solve(challenge);
    const answer = await postJson<IdentityAnswer>(`${t.url}/api/identity`, { proof });
    expect(answer.status).toBe(201);
    expect(answer.body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.headers.get('set-cookie')).toBe(
      `user_fingerprint=${answer.body.fingerprint}; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(await postJson(`${t.url}/api/identity`, { proof })).toMatchObject({ status: 403, body: { error: REPLAYED } });
    expect(await postJson(`${t.url}/api/identity`, {})).toMatchObject({ status: 400, body: { error: MISSING } });
  });

  it('accepts a vote and a municipal vote, each with its own proof', async () => {
    const fingerprint = await newIdentity(t.url);
    const vote = await postJson<{ market: { yesVotes: number } }>(`${t.url}/api/votes`, {
      marketId: MARKET,
      voteType: 'yes',
      fingerprint,
      proof: await voteProof(t, fingerprint),
    });
    expect(vote.status).toBe(200);
    const municipal = await postJson(`${t.url}/api/municipal/${COMMUNE.id}/votes`, {
      candidateId: CANDIDATE,
      fingerprint,
      proof: await municipalProof(t, fingerprint),
    });
    expect(municipal.status).toBe(201);
    const votes = await getJson<{ marketId: string }[]>(`${t.url}/api/votes?fingerprint=${fingerprint}`);
    expect(votes.body).toEqual([{ marketId: MARKET, voteType: 'yes' }]);
  });

  it('refuses a replayed proof, on a vote and on a municipal vote, writing nothing', async () => {
    const fingerprint = await newIdentity(t.url);
    const proof = await voteProof(t, fingerprint, OTHER_MARKET, 'no');
    const body = { marketId: OTHER_MARKET, voteType: 'no', fingerprint, proof };
    expect((await postJson(`${t.url}/api/votes`, body)).status).toBe(200);
    await expectRefused(t, '/api/votes', body, 403, REPLAYED);

    const municipal = { candidateId: OTHER_CANDIDATE, fingerprint, proof: await municipalProof(t, fingerprint, OTHER_CANDIDATE) };
    expect((await postJson(`${t.url}/api/municipal/${COMMUNE.id}/votes`, municipal)).status).toBe(201);
    await expectRefused(t, `/api/municipal/${COMMUNE.id}/votes`, municipal, 403, REPLAYED);
  });

  it('the retention job purges spent challenges only once they have expired', async () => {
    const fingerprint = await newIdentity(t.url);
    await postJson(`${t.url}/api/votes`, {
      marketId: MARKET,
      voteType: 'no',
      fingerprint,
      proof: await voteProof(t, fingerprint, MARKET, 'no'),
    });
    const spent = await spentCount(t);
    expect(spent).toBeGreaterThan(0);
    const { db } = t.server.database;
    expect((await purgeExpiredProtectionRows(db, Date.now())).challenges).toBe(0);
    expect(await spentCount(t)).toBe(spent);
    expect((await purgeExpiredProtectionRows(db, Date.now() + 61_000)).challenges).toBe(spent);
    expect(await spentCount(t)).toBe(0);
  });

  it('refuses a proof whose challenge has expired', async () => {
    const fingerprint = await newIdentity(t.url);
    const proof = await voteProof(t, fingerprint);
    offsetMs = 61_000;
    try {
      await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint, proof }, 403, EXPIRED);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a proof issued for another prediction, vote, candidate, identity or purpose', async () => {
    const fingerprint = await newIdentity(t.url);
    const other = await newIdentity(t.url);
    const forYes = await voteProof(t, fingerprint, MARKET, 'yes');
    await expectRefused(t, '/api/votes', { marketId: OTHER_MARKET, voteType: 'yes', fingerprint, proof: forYes }, 403, MISMATCH);
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'no', fingerprint, proof: forYes }, 403, MISMATCH);
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint: other, proof: forYes }, 403, MISMATCH);
    const forCandidate = await municipalProof(t, fingerprint, CANDIDATE);
    await expectRefused(
      t,
      `/api/municipal/${COMMUNE.id}/votes`,
      { candidateId: OTHER_CANDIDATE, fingerprint, proof: forCandidate },
      403,
      MISMATCH,
    );
    const identityProof = await proofFor(t.url, { purpose: 'identity' });
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint, proof: identityProof }, 403, MISMATCH);
    // The proofs refused above were not spent: the right request still goes through with them.
    expect((await postJson(`${t.url}/api/votes`, { marketId: MARKET, voteType: 'yes', fingerprint, proof: forYes })).status).toBe(
      200,
    );
  });

  it('refuses a forged identity, on the vote and when asking for a challenge', async () => {
    const forged = newFingerprint();
    const proof = await voteProof(t, await newIdentity(t.url));
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint: forged, proof }, 403, UNKNOWN);
    await expectRefused(
      t,
      `/api/municipal/${COMMUNE.id}/votes`,
      { candidateId: CANDIDATE, fingerprint: forged, proof },
      403,
      UNKNOWN,
    );
    expect(
      await postJson(`${t.url}/api/challenges`, { purpose: 'vote', marketId: MARKET, voteType: 'yes', fingerprint: forged }),
    ).toMatchObject({ status: 403, body: { error: UNKNOWN } });
  });

  it('refuses a missing proof, and a tampered or unreadable one', async () => {
    const fingerprint = await newIdentity(t.url);
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint }, 400, MISSING);
    await expectRefused(t, `/api/municipal/${COMMUNE.id}/votes`, { candidateId: CANDIDATE, fingerprint }, 400, MISSING);
    const proof = await voteProof(t, fingerprint);
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString()) as { number: number };
    const tampered = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint, proof: tampered }, 403, INVALID);
    await expectRefused(
      t,
      '/api/votes',
      { marketId: MARKET, voteType: 'yes', fingerprint, proof: 'pas-une-preuve' },
      403,
      INVALID,
    );
  });
});

describe('identity signed with another secret', () => {
  let mine: TestServer;
  let theirs: TestServer;

  beforeAll(async () => {
    mine = await startProtected('sqlite', { IDENTITY_SECRET: 'a'.repeat(40) });
    theirs = await startProtected('sqlite', { IDENTITY_SECRET: 'b'.repeat(40) });
  });
  afterAll(async () => {
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('is refused as unknown, and nothing is written', async () => {
    const foreign = await newIdentity(theirs.url);
    const proof = await voteProof(mine, await newIdentity(mine.url));
    await expectRefused(mine, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint: foreign, proof }, 403, UNKNOWN);
  });
});

describe.each(DIALECTS)('adaptive difficulty (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    // Budgets of 4 with steepness 4: difficulty doubles with each request past a budget.
    t = await startProtected(dialect, {
      PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR: '4',
      PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: '4',
      PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '400',
      PROTECTION_VOTES_PER_ITEM_PER_HOUR: '400',
      PROTECTION_STEEPNESS: '4',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const maxnumbers = async (count: number, request: Parameters<typeof challengeFor>[1]) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await challengeFor(t.url, request)).maxnumber ?? 0);
    return out;
  };

  it('stays normal within a budget and doubles with each request past it, per address and prediction', async () => {
    expect(await maxnumbers(6, { purpose: 'identity' })).toEqual([1000, 1000, 1000, 1000, 2000, 4000]);
    const fingerprint = await newIdentity(t.url);
    const vote = { purpose: 'vote', fingerprint, voteType: 'yes' } as const;
    expect(await maxnumbers(6, { ...vote, marketId: MARKET })).toEqual([1000, 1000, 1000, 1000, 2000, 4000]);
    expect(await maxnumbers(2, { ...vote, marketId: OTHER_MARKET })).toEqual([1000, 1000]);
    const report = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    expect(report.body.difficulty).toEqual({ normal: 500, current: 4000 });
  });
});

describe.each(DIALECTS)('budget of a prediction, all addresses (%s)', (dialect) => {
  let t: TestServer;
  let reader: string;
  let lastAddress = 0;
  /** A fresh address (through the trusted proxy) for each request that must not touch another budget. */
  const nextAddress = () => `198.51.100.${++lastAddress}`;

  beforeAll(async () => {
    // Per prediction: 2 accepted votes an hour, steepness 2, so one doubling per accepted vote past them.
    // Per address and prediction: 4 requests, one doubling every 2 requests past them.
    t = await startProtected(dialect, {
      TRUST_PROXY: '1',
      PROTECTION_VOTES_PER_ITEM_PER_HOUR: '2',
      PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: '4',
      PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '1000',
      PROTECTION_STEEPNESS: '2',
    });
    reader = await newIdentity(t.url);
  });
  afterAll(async () => {
    await t.close();
  });

  const challengeFrom = async (address: string, request: ChallengeRequest): Promise<ProofChallenge> => {
    const { status, body } = await postJson<ChallengeAnswer>(`${t.url}/api/challenges`, request, {
      'X-Forwarded-For': address,
    });
    expect(status).toBe(200);
    if (!body.challenge) throw new Error('no challenge');
    return body.challenge;
  };
  /** The maxnumber another voter, from an address of its own, is asked for on this prediction. */
  const seenByOthers = async (marketId: string) =>
    (await challengeFrom(nextAddress(), { purpose: 'vote', fingerprint: reader, marketId, voteType: 'yes' })).maxnumber;
  const seenByOthersOnCommune = async () =>
    (
      await challengeFrom(nextAddress(), {
        purpose: 'municipal',
        fingerprint: reader,
        communeId: COMMUNE.id,
        candidateId: CANDIDATE,
      })
    ).maxnumber;

  it('unsolved challenge requests from one address leave other addresses at the normal difficulty', async () => {
    const attacker = await newIdentity(t.url);
    const request = { purpose: 'vote', fingerprint: attacker, marketId: MARKET, voteType: 'yes' } as const;
    const seen: number[] = [];
    for (let i = 0; i < 60; i++) seen.push((await challengeFrom('203.0.113.7', request)).maxnumber ?? 0);
    expect(await seenByOthers(MARKET)).toBe(1000);
    // The attacker's own address still pays for its requests: doubling every 2 past its budget of 4 (1000·2^(excess/2)).
    expect(seen.slice(0, 8)).toEqual([1000, 1000, 1000, 1000, 1414, 2000, 2828, 4000]);
    const commune = { purpose: 'municipal', fingerprint: attacker, communeId: COMMUNE.id, candidateId: CANDIDATE } as const;
    for (let i = 0; i < 20; i++) await challengeFrom('203.0.113.7', commune);
    expect(await seenByOthersOnCommune()).toBe(1000);
  });

  it('accepted votes past the budget raise the difficulty for everyone on that prediction only', async () => {
    expect(await seenByOthers(OTHER_MARKET)).toBe(1000);
    // Seen after the 1st, 2nd and 3rd accepted vote: budget 2, then one doubling per accepted vote.
    for (const expected of [1000, 2000, 4000]) {
      const voter = await newIdentity(t.url);
      const request = { purpose: 'vote', fingerprint: voter, marketId: OTHER_MARKET, voteType: 'no' } as const;
      const proof = await solve(await challengeFrom(nextAddress(), request));
      const vote = await postJson(`${t.url}/api/votes`, { marketId: OTHER_MARKET, voteType: 'no', fingerprint: voter, proof });
      expect(vote.status).toBe(200);
      // Counted once the vote is answered, off its path: read until the count shows.
      await expect.poll(() => seenByOthers(OTHER_MARKET), { timeout: 5_000 }).toBe(expected);
    }
    expect(await seenByOthers(MARKET)).toBe(1000);
  });

  it('accepted municipal votes past the budget raise the difficulty on that commune', async () => {
    for (const expected of [1000, 2000, 4000]) {
      const voter = await newIdentity(t.url);
      const request = { purpose: 'municipal', fingerprint: voter, communeId: COMMUNE.id, candidateId: CANDIDATE } as const;
      const proof = await solve(await challengeFrom(nextAddress(), request));
      const vote = await postJson(`${t.url}/api/municipal/${COMMUNE.id}/votes`, {
        candidateId: CANDIDATE,
        fingerprint: voter,
        proof,
      });
      expect(vote.status).toBe(201);
      await expect.poll(() => seenByOthersOnCommune(), { timeout: 5_000 }).toBe(expected);
    }
  });
});

describe.each(DIALECTS)('transparency figures (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startProtected(dialect, { RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '6' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts accepted votes, participants, identities and each kind of refusal of the day', async () => {
    const a = await newIdentity(t.url);
    const b = await newIdentity(t.url);
    const first = { marketId: MARKET, voteType: 'yes', fingerprint: a, proof: await voteProof(t, a) };
    expect((await postJson(`${t.url}/api/votes`, first)).status).toBe(200);
    const second = { marketId: OTHER_MARKET, voteType: 'no', fingerprint: a, proof: await voteProof(t, a, OTHER_MARKET, 'no') };
    expect((await postJson(`${t.url}/api/votes`, second)).status).toBe(200);
    const municipal = { candidateId: CANDIDATE, fingerprint: b, proof: await municipalProof(t, b) };
    expect((await postJson(`${t.url}/api/municipal/${COMMUNE.id}/votes`, municipal)).status).toBe(201);
    expect((await postJson(`${t.url}/api/votes`, first)).status).toBe(403);
    expect((await postJson(`${t.url}/api/votes`, { marketId: MARKET, voteType: 'yes', fingerprint: b })).status).toBe(400);
    expect((await postJson(`${t.url}/api/votes`, { ...first, fingerprint: newFingerprint() })).status).toBe(403);
    // Seventh vote request of the minute from this address: over RATE_LIMIT_VOTES_PER_MINUTE=6.
    expect((await postJson(`${t.url}/api/votes`, second)).status).toBe(429);

    const { status, body } = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    expect(status).toBe(200);
    expect(body.protection).toBe('on');
    expect(body.difficulty).toEqual({ normal: 500, current: 500 });
    expect(body.days).toHaveLength(1);
    expect(body.days[0]).toEqual({
      day: new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10),
      votesAccepted: 3,
      participants: 2,
      identitiesIssued: 2,
      refusedReplays: 1,
      refusedRateLimited: 1,
      refusedProof: 2,
      burstsDetected: 0,
      votesExcluded: 0,
    });
    // Kept in the database, where every instance adds its own counts.
    const stored = await t.server.database.db.selectFrom('protection_daily').select(['metric', 'value']).execute();
    expect(Object.fromEntries(stored.map((row) => [row.metric, Number(row.value)]))).toEqual({
      votesAccepted: 3,
      identitiesIssued: 2,
      refusedReplays: 1,
      refusedRateLimited: 1,
      refusedProof: 2,
    });
  });
});

describe.each(DIALECTS)('VOTE_PROTECTION=off (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startProtected(dialect, { VOTE_PROTECTION: 'off', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts an invented fingerprint without proof, answers null challenges and still issues identities', async () => {
    expect((await getJson<Health>(`${t.url}/api/health`)).body.voteProtection).toBe('off');
    const fingerprint = newFingerprint();
    expect((await postJson(`${t.url}/api/votes`, { marketId: MARKET, voteType: 'yes', fingerprint })).status).toBe(200);
    expect(
      (await postJson(`${t.url}/api/municipal/${COMMUNE.id}/votes`, { candidateId: CANDIDATE, fingerprint, proof: 'ignorée' }))
        .status,
    ).toBe(201);
    expect(await postJson<ChallengeAnswer>(`${t.url}/api/challenges`, { purpose: 'identity' })).toMatchObject({
      status: 200,
      body: { challenge: null },
    });
    const identity = await postJson<IdentityAnswer>(`${t.url}/api/identity`, {}, { 'X-Forwarded-Proto': 'https' });
    expect(identity.status).toBe(201);
    // Reached over HTTPS (through a trusted proxy): the cookie is Secure.
    expect(identity.headers.get('set-cookie')).toBe(
      `user_fingerprint=${identity.body.fingerprint}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`,
    );
    const report = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    expect(report.body).toMatchObject({ protection: 'off', difficulty: { normal: 0, current: 0 } });
  });
});

describe.each(DIALECTS)('erasure and the protection (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    // Budget of 2 vote challenges per identity and minute, steepness 2: one doubling per request past it.
    t = await startProtected(dialect, { PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '2', PROTECTION_STEEPNESS: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('forgets the budget counter kept for the device', async () => {
    const fingerprint = await newIdentity(t.url);
    const maxnumber = async (marketId: string) =>
      (await challengeFor(t.url, { purpose: 'vote', fingerprint, marketId, voteType: 'yes' })).maxnumber;
    expect([await maxnumber(OPEN_MARKETS[0]), await maxnumber(OPEN_MARKETS[1]), await maxnumber(OPEN_MARKETS[2])]).toEqual([
      1000, 1000, 2000,
    ]);
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint })).status).toBe(200);
    expect(await maxnumber(OPEN_MARKETS[3])).toBe(1000);
  });
});
