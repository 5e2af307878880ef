/**
 * Commune votes are applied a batch at a time, as prediction votes are (src/server/municipal/municipal-vote-batch.ts):
 * every vote of one batch is checked before anything is written, one vote per (commune, device) even inside one
 * batch, a proof counts once per batch, a vote refused inside a batch leaves the others committed, and every
 * counter (candidates, commune totals, history step counts) equals its rows afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commune } from '../../src/shared/municipal.js';
import { findCounterMismatches } from '../../src/server/db/counter-check.js';
import { DIALECTS } from '../support/databases.js';
import { countMunicipalRows } from '../support/invariants.js';
import { newIdentity, proofFor } from '../support/protection.js';
import { getJson, newFingerprint, startTestServer, type TestServer } from '../support/test-server.js';
import { addFixtures, COMMUNE, counterMismatches } from './support/fixtures.js';

const [CANDIDATE_1, CANDIDATE_2, CANDIDATE_3] = COMMUNE.candidates;
const OTHER = { id: 'fiab-commune-2', candidate: 'fiab-autre-1' } as const;

/** Status and text of a refused vote, or 201 and the commune's counts as the answer gives them. */
function summary(result: PromiseSettledResult<Commune>) {
  if (result.status === 'rejected') {
    const error = result.reason as { statusCode?: number; message: string };
    return { status: error.statusCode, error: error.message };
  }
  const commune = result.value;
  return {
    status: 201,
    id: commune.id,
    total: commune.totalVotes,
    candidates: commune.candidates.map((candidate) => `${candidate.id}:${candidate.votes}`),
  };
}

async function addOtherCommune(server: TestServer): Promise<void> {
  const { db } = server.server.database;
  await db
    .insertInto('municipal_markets')
    .values({
      id: OTHER.id,
      title: 'Élection Municipale Autre 2026',
      trending: 0,
      created_at: new Date().toISOString(),
      total_votes: 0,
    })
    .execute();
  await db
    .insertInto('municipal_candidates')
    .values({ id: OTHER.candidate, market_id: OTHER.id, name: 'Autre Candidat', votes: 0 })
    .execute();
}

describe.each(DIALECTS)('one batch of commune votes where some are refused (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED: 'none' });
    await addFixtures(server.server.database);
    await addOtherCommune(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('commits and answers the valid votes; a second vote of a device in the batch, an unknown commune or candidate get their own status', async () => {
    const { municipal, batcher } = server.server.services;
    const earlier = newFingerprint();
    await municipal.vote(COMMUNE.id, CANDIDATE_1, earlier);
    const [first, second] = [newFingerprint(), newFingerprint()];
    const commitsBefore = batcher.commits;
    // Cast in one event-loop turn: one batch, one transaction.
    const settled = await Promise.allSettled([
      municipal.vote(COMMUNE.id, CANDIDATE_2, first),
      municipal.vote(COMMUNE.id, CANDIDATE_2, first),
      municipal.vote('commune-inconnue', CANDIDATE_1, second),
      municipal.vote(COMMUNE.id, CANDIDATE_1, earlier),
      municipal.vote(COMMUNE.id, OTHER.candidate, second),
      municipal.vote(OTHER.id, OTHER.candidate, first),
      municipal.vote(COMMUNE.id, CANDIDATE_3, first),
      municipal.vote(COMMUNE.id, CANDIDATE_2, second),
    ]);
    expect(batcher.commits - commitsBefore).toBe(1);
    const after = [`${CANDIDATE_2}:2`, `${CANDIDATE_1}:1`, `${CANDIDATE_3}:0`];
    expect(settled.map(summary)).toEqual([
      { status: 201, id: COMMUNE.id, total: 3, candidates: after },
      { status: 409, error: 'Already voted' },
      { status: 404, error: 'Élection introuvable' },
      { status: 409, error: 'Already voted' },
      { status: 404, error: 'Candidat introuvable pour cette élection' },
      { status: 201, id: OTHER.id, total: 1, candidates: [`${OTHER.candidate}:1`] },
      { status: 409, error: 'Already voted' },
      { status: 201, id: COMMUNE.id, total: 3, candidates: after },
    ]);
    expect(await countMunicipalRows(server.server.database)).toEqual(
      new Map([
        [CANDIDATE_1, 1],
        [CANDIDATE_2, 2],
        [OTHER.candidate, 1],
      ]),
    );
    expect(await getJson(`${server.url}/api/municipal/votes?fingerprint=${first}`)).toMatchObject({
      body: [
        { marketId: COMMUNE.id, candidateId: CANDIDATE_2 },
        { marketId: OTHER.id, candidateId: OTHER.candidate },
      ],
    });
    expect(await counterMismatches(server.server.database)).toEqual([]);
    expect(await findCounterMismatches(server.server.database.db)).toEqual([]);
  });

  it('a batch whose only commune is unknown refuses its vote 404 and writes nothing', async () => {
    const { municipal } = server.server.services;
    const settled = await Promise.allSettled([municipal.vote('commune-inconnue', CANDIDATE_1, newFingerprint())]);
    expect(settled.map(summary)).toEqual([{ status: 404, error: 'Élection introuvable' }]);
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });
});

describe.each(DIALECTS)('one batch of commune votes with the vote protection on (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED: 'none', VOTE_PROTECTION: 'on', PROTECTION_NORMAL_MAXNUMBER: '1000' });
    await addFixtures(server.server.database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a proof sent twice in one batch counts once, refused 403 the second time; the batch’s other vote counts', async () => {
    const { municipal, protection, batcher } = server.server.services;
    const [first, second] = [await newIdentity(server.url), await newIdentity(server.url)];
    const bindings = [
      { purpose: 'municipal', fingerprint: first, communeId: COMMUNE.id, candidateId: CANDIDATE_1 },
      { purpose: 'municipal', fingerprint: second, communeId: COMMUNE.id, candidateId: CANDIDATE_3 },
    ] as const;
    const proofs = [await proofFor(server.url, bindings[0]), await proofFor(server.url, bindings[1])];
    const cast = (index: 0 | 1) => {
      const { communeId, candidateId, fingerprint } = bindings[index];
      return municipal.vote(communeId, candidateId, fingerprint, protection.checkVote(bindings[index], proofs[index])?.spend);
    };
    const commitsBefore = batcher.commits;
    const settled = (await Promise.allSettled([cast(0), cast(0), cast(1)])).map(summary);
    const after = [`${CANDIDATE_1}:1`, `${CANDIDATE_3}:1`, `${CANDIDATE_2}:0`];
    expect(settled).toEqual([
      { status: 201, id: COMMUNE.id, total: 2, candidates: after },
      { status: 403, error: 'Preuve de travail déjà utilisée : veuillez réessayer.' },
      { status: 201, id: COMMUNE.id, total: 2, candidates: after },
    ]);
    expect(batcher.commits - commitsBefore).toBe(1);
    expect(await countMunicipalRows(server.server.database)).toEqual(
      new Map([
        [CANDIDATE_1, 1],
        [CANDIDATE_3, 1],
      ]),
    );

    // The same proof again, in a later batch: refused, nothing written.
    expect((await Promise.allSettled([cast(1)])).map(summary)).toEqual([
      { status: 403, error: 'Preuve de travail déjà utilisée : veuillez réessayer.' },
    ]);
    expect(await counterMismatches(server.server.database)).toEqual([]);
    expect(await findCounterMismatches(server.server.database.db)).toEqual([]);
  });
});
