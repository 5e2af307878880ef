import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '../../src/shared/health.js';
import type {
  ChallengeAnswer,
  ChallengeRequest,
  IdentityAnswer,
  ProofChallenge,
  TransparencyReport,
} from '../../src/shared/vote-protection.js';
import { issueIdentity } from '../../src/server/protection/identity.js';
import { deriveKeys } from '../../src/server/protection/keys.js';
import { purgeExpiredProtectionRows } from '../../src/server/protection/protection-repository.js';
import { COMMUNE, OPEN_MARKETS, addFixtures, databaseDigest } from '../reliability/support/fixtures.js';
import { DIALECTS, type TestDialect } from '../support/databases.js';
import { challengeFor, newIdentity, proofFor, solve, solveNative } from '../support/protection.js';
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
  PROTECTION_IDENTITY_MAXNUMBER: '1000',
  PROTECTION_TRANSPARENCY_CACHE_MS: '0',
};

const ERASURE_CLOCK_START = '2026-11-28T10:00:05.000Z';

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

  it('an identity and each vote hand on the challenge of the next vote, whichever it is: one request a vote, each proof once', async () => {
    const issued = await postJson<IdentityAnswer>(`${t.url}/api/identity`, {
      proof: await solve(await challengeFor(t.url, { purpose: 'identity' })),
    });
    expect(issued.status).toBe(201);
    const { fingerprint, nextChallenge: first } = issued.body;
    if (!first) throw new Error('no challenge handed on with the identity');
    expect(first).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(first.salt).toContain(`?p=ballot&f=${fingerprint}&x=1000&expires=`);

    // The first vote is one request: its proof is the one handed on.
    const firstProof = await solve(first);
    const voted = await postJson<{ market: { noVotes: number }; nextChallenge: ProofChallenge | null }>(`${t.url}/api/votes`, {
      marketId: OTHER_MARKET,
      voteType: 'no',
      fingerprint,
      proof: firstProof,
    });
    expect(voted.status).toBe(200);
    const second = voted.body.nextChallenge;
    if (!second) throw new Error('no challenge handed on with the vote');
    expect(second.salt).toContain(`?p=ballot&f=${fingerprint}&x=1000&expires=`);
    // Spent: not again, on any vote.
    await expectRefused(t, '/api/votes', { marketId: MARKET, voteType: 'yes', fingerprint, proof: firstProof }, 403, REPLAYED);

    // Another identity cannot spend it; its own identity can, on a commune as well, and is handed the next one.
    const secondProof = await solve(second);
    const other = await newIdentity(t.url);
    await expectRefused(
      t,
      '/api/votes',
      { marketId: MARKET, voteType: 'yes', fingerprint: other, proof: secondProof },
      403,
      MISMATCH,
    );
    const municipal = await postJson<{ nextChallenge: ProofChallenge | null }>(`${t.url}/api/municipal/${COMMUNE.id}/votes`, {
      candidateId: OTHER_CANDIDATE,
      fingerprint,
      proof: secondProof,
    });
    expect(municipal.status).toBe(201);
    expect(municipal.body.nextChallenge?.salt).toContain(`?p=ballot&f=${fingerprint}&x=1000&expires=`);

    // A kept identity asks for one itself; a forged one is refused.
    expect((await challengeFor(t.url, { purpose: 'ballot', fingerprint })).salt).toContain(`?p=ballot&f=${fingerprint}&`);
    expect(await postJson(`${t.url}/api/challenges`, { purpose: 'ballot', fingerprint: newFingerprint() })).toMatchObject({
      status: 403,
      body: { error: UNKNOWN },
    });
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

const UNDERPRICED = 'Preuve de travail insuffisante, le prix a augmenté entre-temps : veuillez réessayer.';
const TOO_MANY = 'Trop de requêtes : veuillez réessayer dans quelques instants.';

/** A server behind one trusted proxy, so each request can come from an address of its own (X-Forwarded-For). */
function fromAddresses(t: () => TestServer) {
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const challenge = async (address: string, request: ChallengeRequest): Promise<ProofChallenge> => {
    const { status, body } = await postJson<ChallengeAnswer>(`${t().url}/api/challenges`, request, from(address));
    expect(status).toBe(200);
    if (!body.challenge) throw new Error('no challenge');
    return body.challenge;
  };
  const price = async (address: string, request: ChallengeRequest) => (await challenge(address, request)).maxnumber;
  const identity = (address: string) => newIdentity(t().url, from(address));
  const vote = async (address: string, fingerprint: string, marketId: string, voteType: 'yes' | 'no' = 'yes', proof?: string) =>
    postJson<{ error?: string }>(
      `${t().url}/api/votes`,
      {
        marketId,
        voteType,
        fingerprint,
        proof: proof ?? solveNative(await challenge(address, { purpose: 'vote', fingerprint, marketId, voteType })),
      },
      from(address),
    );
  return { from, challenge, price, identity, vote };
}

describe.each(DIALECTS)('the price follows the work a sender had accepted (%s)', (dialect) => {
  let t: TestServer;
  const { challenge, price, identity, vote } = fromAddresses(() => t);

  beforeAll(async () => {
    // Budgets of 4 with steepness 4: the price doubles with each accepted proof past a budget. Identities cost
    // twice a vote. The other budgets are out of the way.
    t = await startProtected(dialect, {
      TRUST_PROXY: '1',
      PROTECTION_IDENTITY_MAXNUMBER: '2000',
      PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR: '4',
      PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: '4',
      PROTECTION_VOTES_PER_ADDRESS_PER_HOUR: '1000',
      PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '1000',
      PROTECTION_STEEPNESS: '4',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('unsolved challenge requests raise no price, for their sender or for the phones behind its address', async () => {
    const attacker = await identity('203.0.113.10');
    for (let i = 0; i < 90; i++) await challenge('203.0.113.10', { purpose: 'identity' });
    for (let i = 0; i < 30; i++) {
      await challenge('203.0.113.10', { purpose: 'vote', fingerprint: attacker, marketId: MARKET, voteType: 'yes' });
    }
    expect(await price('203.0.113.10', { purpose: 'identity' })).toBe(2000);
    const neighbour = await identity('203.0.113.10');
    expect(await price('203.0.113.10', { purpose: 'vote', fingerprint: neighbour, marketId: MARKET, voteType: 'no' })).toBe(1000);
  });

  it('identities issued past the budget of an address double its identity price, and only its own', async () => {
    // A fresh address: four identities within its budget, then each one doubles the price of the next.
    const prices: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      prices.push(await price('203.0.113.11', { purpose: 'identity' }));
      await identity('203.0.113.11');
    }
    expect(prices).toEqual([2000, 2000, 2000, 2000, 4000, 8000]);
    expect(await price('203.0.113.12', { purpose: 'identity' })).toBe(2000);
  });

  it('accepted votes past the budget of an address on one prediction double the price there only', async () => {
    const voters = [];
    for (let i = 0; i < 6; i++) voters.push(await identity(`198.51.100.${i + 1}`));
    const prices: (number | undefined)[] = [];
    for (const voter of voters) {
      const request = { purpose: 'vote', fingerprint: voter, marketId: OTHER_MARKET, voteType: 'no' } as const;
      const asked = await challenge('203.0.113.13', request);
      prices.push(asked.maxnumber);
      expect((await vote('203.0.113.13', voter, OTHER_MARKET, 'no', solveNative(asked))).status).toBe(200);
    }
    expect(prices).toEqual([1000, 1000, 1000, 1000, 2000, 4000]);
    expect(await price('203.0.113.13', { purpose: 'vote', fingerprint: voters[0]!, marketId: MARKET, voteType: 'no' })).toBe(
      1000,
    );
    expect(
      await price('203.0.113.14', { purpose: 'vote', fingerprint: voters[1]!, marketId: OTHER_MARKET, voteType: 'yes' }),
    ).toBe(1000);
  });

  it('a ballot is priced before its vote is chosen; spent where its address is past the budget, it is refused as underpriced', async () => {
    const voters = [];
    for (let i = 0; i < 7; i++) voters.push(await identity(`198.51.102.${i + 1}`));
    const prices: (number | undefined)[] = [];
    for (const voter of voters.slice(0, 6)) {
      const asked = await challenge('203.0.113.16', { purpose: 'vote', fingerprint: voter, marketId: MARKET, voteType: 'no' });
      prices.push(asked.maxnumber);
      expect((await vote('203.0.113.16', voter, MARKET, 'no', solveNative(asked))).status).toBe(200);
    }
    expect(prices).toEqual([1000, 1000, 1000, 1000, 2000, 4000]);
    // The address's budget on this prediction is spent, but a ballot does not know where it will go: normal price.
    const ballot = await challenge('203.0.113.16', { purpose: 'ballot', fingerprint: voters[6]! });
    expect(ballot.maxnumber).toBe(1000);
    const proof = solveNative(ballot);
    // Here the vote is due 8,000: more than twice what it paid. Refused, and counted nowhere.
    expect((await vote('203.0.113.16', voters[6]!, MARKET, 'no', proof)).body.error).toBe(UNDERPRICED);
    expect(await price('203.0.113.16', { purpose: 'vote', fingerprint: voters[6]!, marketId: MARKET, voteType: 'no' })).toBe(
      8000,
    );
    // The same proof, not spent, pays for a vote on a prediction this address has not been busy on.
    expect((await vote('203.0.113.16', voters[6]!, OTHER_MARKET, 'no', proof)).status).toBe(200);
  });

  it('challenges asked at once cannot together pass a budget: past one doubling, a proof is refused and counts nothing', async () => {
    const voters = [];
    for (let i = 0; i < 8; i++) voters.push(await identity(`198.51.101.${i + 1}`));
    const market = OPEN_MARKETS[2];
    const asked = await Promise.all(
      voters.map((fingerprint) => challenge('203.0.113.15', { purpose: 'vote', fingerprint, marketId: market, voteType: 'yes' })),
    );
    expect(asked.map((one) => one.maxnumber)).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    const answers = [];
    for (const [index, voter] of voters.entries()) {
      const answer = await vote('203.0.113.15', voter, market, 'yes', solveNative(asked[index]!));
      answers.push(answer.status === 200 ? 200 : answer.body.error);
    }
    // Four within the budget, a fifth at twice the price paid (tolerated), then refused until the price is paid.
    expect(answers).toEqual([200, 200, 200, 200, 200, UNDERPRICED, UNDERPRICED, UNDERPRICED]);
    // Refused proofs were taken back: the next one is priced after five accepted votes, and accepted when paid.
    const retry = await challenge('203.0.113.15', {
      purpose: 'vote',
      fingerprint: voters[5]!,
      marketId: market,
      voteType: 'yes',
    });
    expect(retry.maxnumber).toBe(4000);
    expect((await vote('203.0.113.15', voters[5]!, market, 'yes', solveNative(retry))).status).toBe(200);
    const counted = await getJson<{ yesVotes: number }>(`${t.url}/api/markets/${market}`);
    expect(counted.body.yesVotes).toBe(6);
  });

  it('the transparency page gives the price most votes paid today, not the highest asked of anyone', async () => {
    const report = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    // Of the 12 votes accepted above, 9 paid the normal price, 1 twice and 2 four times: the median is normal.
    expect(report.body.difficulty).toEqual({ normal: 500, typical: 500 });
  });
});

describe.each(DIALECTS)('one address spreading its votes over many predictions (%s)', (dialect) => {
  let t: TestServer;
  const { price, identity, vote } = fromAddresses(() => t);

  beforeAll(async () => {
    t = await startProtected(dialect, {
      TRUST_PROXY: '1',
      PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: '1000',
      PROTECTION_VOTES_PER_ADDRESS_PER_HOUR: '3',
      PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '1000',
      PROTECTION_STEEPNESS: '3',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays past its budget across all predictions and communes, one vote on each', async () => {
    const voter = await identity('203.0.113.20');
    for (const marketId of OPEN_MARKETS.slice(0, 2)) expect((await vote('203.0.113.20', voter, marketId)).status).toBe(200);
    const municipal = { purpose: 'municipal', fingerprint: voter, communeId: COMMUNE.id, candidateId: CANDIDATE } as const;
    const proof = await proofFor(t.url, municipal, { 'X-Forwarded-For': '203.0.113.20' });
    const answer = await postJson(
      `${t.url}/api/municipal/${COMMUNE.id}/votes`,
      { candidateId: CANDIDATE, fingerprint: voter, proof },
      { 'X-Forwarded-For': '203.0.113.20' },
    );
    expect(answer.status).toBe(201);
    const next = { purpose: 'vote', fingerprint: voter, marketId: OPEN_MARKETS[3], voteType: 'yes' } as const;
    expect(await price('203.0.113.20', next)).toBe(2000);
    expect(await price('203.0.113.21', next)).toBe(1000);
  });
});

describe.each(DIALECTS)('IPv6 addresses grouped as providers assign them (%s)', (dialect) => {
  let t: TestServer;
  const { price, identity } = fromAddresses(() => t);

  beforeAll(async () => {
    t = await startProtected(dialect, {
      TRUST_PROXY: '1',
      PROTECTION_IDENTITY_MAXNUMBER: '1000',
      PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR: '2',
      PROTECTION_STEEPNESS: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every /64 of one /48 in one budget, and leaves the next /48 alone', async () => {
    await identity('2001:db8:7:1::1');
    await identity('2001:db8:7:2::1');
    expect(await price('2001:db8:7:3::1', { purpose: 'identity' })).toBe(2000);
    expect(await price('2001:db8:7:ffff:1:2:3:4', { purpose: 'identity' })).toBe(2000);
    expect(await price('2001:db8:8::1', { purpose: 'identity' })).toBe(1000);
  });
});

describe.each(DIALECTS)('refused requests cost only their sender (%s)', (dialect) => {
  let t: TestServer;
  const { from, identity, vote } = fromAddresses(() => t);

  beforeAll(async () => {
    t = await startProtected(dialect, {
      TRUST_PROXY: '1',
      RATE_LIMIT: 'on',
      RATE_LIMIT_VOTES_PER_MINUTE: '5',
      RATE_LIMIT_REFUSALS_PER_MINUTE: '3',
      RATE_LIMIT_CHALLENGES_PER_IDENTITY_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('forged proofless votes from a shared address are throttled, and the honest phone beside them still votes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const forged = { marketId: MARKET, voteType: 'yes', fingerprint: newFingerprint() };
      statuses.push((await postJson(`${t.url}/api/votes`, forged, from('203.0.113.30'))).status);
    }
    expect(statuses.slice(0, 4)).toEqual([403, 403, 403, 429]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    const honest = await identity('203.0.113.30');
    expect((await vote('203.0.113.30', honest, MARKET)).status).toBe(200);
    // Forged vote challenges are refusals too, never counted against the challenges of real identities.
    const forgedChallenge = { purpose: 'vote', fingerprint: newFingerprint(), marketId: MARKET, voteType: 'yes' };
    expect((await postJson(`${t.url}/api/challenges`, forgedChallenge, from('203.0.113.30'))).status).toBe(429);
    expect((await vote('203.0.113.30', honest, OTHER_MARKET)).status).toBe(200);
  });

  it('a flood of unsolved identity challenges keeps no new phone behind the same address from its identity', async () => {
    // 1,300 requests, 100 in flight at a time: all at once, the machine's listen backlog could reset connections
    // before the server sees them, which says nothing of the protection.
    const statuses = new Set<number>();
    await runLimited(1_300, 100, async () => {
      statuses.add((await postJson(`${t.url}/api/challenges`, { purpose: 'identity' }, from('203.0.113.32'))).status);
    });
    expect(statuses).toEqual(new Set([200]));
    expect(await identity('203.0.113.32')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the vote limit of an address counts checked votes only, and still holds for them', async () => {
    const [first, second] = [await identity('203.0.113.31'), await identity('203.0.113.31')];
    const statuses: number[] = [];
    for (const marketId of OPEN_MARKETS) statuses.push((await vote('203.0.113.31', first, marketId)).status);
    for (const marketId of OPEN_MARKETS.slice(0, 2)) statuses.push((await vote('203.0.113.31', second, marketId)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await vote('203.0.113.31', second, OPEN_MARKETS[2]);
    expect(refused.body).toEqual({ error: TOO_MANY });
  });
});

// SQLite only: no budget counts across addresses any more, in memory or in the database, so one dialect shows it.
describe('a crowd from many addresses on one prediction', () => {
  let t: TestServer;
  const { challenge, vote } = fromAddresses(() => t);
  const secret = 'secret-des-identites-du-test-de-foule';

  beforeAll(async () => {
    // The default budgets (the one removed priced a prediction past 3,000 votes an hour). The phones' identities
    // are minted with the server's secret, as POST /api/identity would (tested above), to keep the test short.
    t = await startProtected('sqlite', { TRUST_PROXY: '1', IDENTITY_SECRET: secret });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts 3,200 phones from 3,200 addresses, each voting once, all at the normal price', async () => {
    const identityKey = deriveKeys(secret).identity;
    const addressOf = (index: number) => `10.${Math.floor(index / 250)}.${index % 250}.1`;
    const prices = new Set<number | undefined>();
    const statuses = new Set<number>();
    await runLimited(3_200, 16, async (index) => {
      const address = addressOf(index);
      const fingerprint = issueIdentity(identityKey);
      const voteType = index % 3 === 0 ? 'no' : 'yes';
      const asked = await challenge(address, { purpose: 'vote', fingerprint, marketId: MARKET, voteType });
      prices.add(asked.maxnumber);
      statuses.add((await vote(address, fingerprint, MARKET, voteType, solveNative(asked))).status);
    });
    expect([...prices]).toEqual([1000]);
    expect([...statuses]).toEqual([200]);
    const market = await getJson<{ yesVotes: number; noVotes: number }>(`${t.url}/api/markets/${MARKET}`);
    expect(market.body).toMatchObject({ yesVotes: 2133, noVotes: 1067 });
  }, 240_000);
});

/** Runs `count` tasks, `limit` at a time. */
async function runLimited(count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

describe('defaults', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('sqlite', { SEED: 'none', VOTE_PROTECTION: 'on' });
    await addFixtures(t.server.database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an identity costs five times the work of a vote', async () => {
    expect((await challengeFor(t.url, { purpose: 'identity' })).maxnumber).toBe(50_000);
    const fingerprint = await newIdentity(t.url);
    expect((await challengeFor(t.url, { purpose: 'vote', fingerprint, marketId: MARKET, voteType: 'yes' })).maxnumber).toBe(
      10_000,
    );
  });
});

describe.each(DIALECTS)('transparency figures (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startProtected(dialect, { RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '4' });
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
    // Fifth checked vote request of the minute from this address (the refused ones above do not count): over 4.
    expect((await postJson(`${t.url}/api/votes`, second)).status).toBe(429);

    const { status, body } = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    expect(status).toBe(200);
    expect(body.protection).toBe('on');
    expect(body.difficulty).toEqual({ normal: 500, typical: 500 });
    expect(body.days).toHaveLength(1);
    expect(body.days[0]).toMatchObject({
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
      'paid:0': 3,
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
    // Nothing to solve ahead either.
    expect(identity.body.nextChallenge).toBeNull();
    expect(
      (await postJson<{ nextChallenge: unknown }>(`${t.url}/api/votes`, { marketId: OTHER_MARKET, voteType: 'no', fingerprint }))
        .body,
    ).toMatchObject({ nextChallenge: null });
    // Reached over HTTPS (through a trusted proxy): the cookie is Secure.
    expect(identity.headers.get('set-cookie')).toBe(
      `user_fingerprint=${identity.body.fingerprint}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`,
    );
    const report = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
    expect(report.body).toMatchObject({ protection: 'off', difficulty: { normal: 0, typical: 0 } });
  });
});

describe.each(DIALECTS)('erasure and the protection (%s)', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    // Budget of 2 accepted votes per identity and minute, steepness 2: one doubling per vote past it. The count is
    // read as a sliding estimate, so a test crossing the end of a minute would see it fade between two readings of
    // the price (1 run in 50 or so): the server's clock starts 5 s into an hour and runs from there.
    const startedAt = Date.now();
    const start = Date.parse(ERASURE_CLOCK_START);
    t = await startProtected(
      dialect,
      { PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: '2', PROTECTION_STEEPNESS: '2' },
      () => new Date(start + Date.now() - startedAt),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('erasing one\u2019s data does not reset the price the identity has reached', async () => {
    const fingerprint = await newIdentity(t.url);
    const maxnumber = async (marketId: string) =>
      (await challengeFor(t.url, { purpose: 'vote', fingerprint, marketId, voteType: 'yes' })).maxnumber;
    for (const marketId of OPEN_MARKETS.slice(0, 3)) {
      const proof = await voteProof(t, fingerprint, marketId);
      expect((await postJson(`${t.url}/api/votes`, { marketId, voteType: 'yes', fingerprint, proof })).status).toBe(200);
    }
    expect(await maxnumber(OPEN_MARKETS[3])).toBe(4000);
    expect((await postJson(`${t.url}/api/privacy/erase`, { fingerprint })).status).toBe(200);
    expect(await maxnumber(OPEN_MARKETS[3])).toBe(4000);
  });
});
