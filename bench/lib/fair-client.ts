import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer } from '../../src/shared/vote-protection.js';
import { now } from './api.js';
import type { Answer } from './proof.js';
import type { SolverPool } from './native-solver.js';

/**
 * A device or a script behind a trusted proxy: every request says which address it comes from
 * (`X-Forwarded-For`, read by a server started with `TRUST_PROXY=1`), so one load generator speaks for
 * thousands of addresses.
 */
export async function postAs<T>(base: string, path: string, body: unknown, address: string): Promise<Answer<T>> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    const retry = Number(response.headers.get('retry-after'));
    return {
      status: response.status,
      body: response.ok ? (parsed as T) : null,
      error: response.ok ? null : ((parsed as { error?: string } | null)?.error ?? text.slice(0, 200)),
      retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
      ms,
    };
  } catch (error) {
    return {
      status: 0,
      body: null,
      error: error instanceof Error ? error.message : String(error),
      retryAfterSeconds: null,
      ms: performance.now() - started,
    };
  }
}

/** One protected action, timed step by step; `number` is the solution found (hashes tried − 1). */
export interface FairRecord {
  kind: 'identity' | 'vote';
  address: string;
  /** Epoch ms when the action began (its challenge was asked). */
  at: number;
  status: number;
  error: string | null;
  step: 'challenge' | 'action' | null;
  challengeMs: number;
  solveMs: number;
  actionMs: number;
  maxnumber: number | null;
  number: number | null;
  fingerprint: string | null;
}

/** Where a vote goes: a prediction or a commune. */
export type Ballot =
  { kind: 'market'; marketId: string; voteType: 'yes' | 'no' } | { kind: 'commune'; communeId: string; candidateId: string };

function challengeOf(ballot: Ballot, fingerprint: string): ChallengeRequest {
  return ballot.kind === 'market'
    ? { purpose: 'vote', marketId: ballot.marketId, voteType: ballot.voteType, fingerprint }
    : { purpose: 'municipal', communeId: ballot.communeId, candidateId: ballot.candidateId, fingerprint };
}

function actionOf(ballot: Ballot, fingerprint: string, proof: string): { path: string; body: unknown } {
  return ballot.kind === 'market'
    ? { path: '/api/votes', body: { marketId: ballot.marketId, voteType: ballot.voteType, fingerprint, proof } }
    : { path: `/api/municipal/${ballot.communeId}/votes`, body: { candidateId: ballot.candidateId, fingerprint, proof } };
}

async function protectedAction(
  kind: FairRecord['kind'],
  base: string,
  address: string,
  pool: SolverPool,
  request: ChallengeRequest,
  action: (proof: string) => { path: string; body: unknown },
): Promise<FairRecord> {
  const record: FairRecord = {
    kind,
    address,
    at: now(),
    status: 0,
    error: null,
    step: null,
    challengeMs: 0,
    solveMs: 0,
    actionMs: 0,
    maxnumber: null,
    number: null,
    fingerprint: null,
  };
  const challenge = await postAs<ChallengeAnswer>(base, '/api/challenges', request, address);
  record.challengeMs = challenge.ms;
  if (!challenge.body?.challenge) {
    record.status = challenge.status;
    record.error = challenge.error ?? 'no challenge';
    record.step = 'challenge';
    return record;
  }
  record.maxnumber = challenge.body.challenge.maxnumber ?? null;
  const solved = await pool.solve(challenge.body.challenge);
  record.solveMs = solved.solveMs;
  record.number = solved.number;
  const { path, body } = action(solved.proof);
  const answer = await postAs<IdentityAnswer>(base, path, body, address);
  record.actionMs = answer.ms;
  record.status = answer.status;
  record.error = answer.error;
  if (answer.status < 200 || answer.status >= 300) record.step = 'action';
  else if (kind === 'identity') record.fingerprint = answer.body?.fingerprint ?? null;
  return record;
}

export function identityAs(base: string, address: string, pool: SolverPool): Promise<FairRecord> {
  return protectedAction('identity', base, address, pool, { purpose: 'identity' }, (proof) => ({
    path: '/api/identity',
    body: { proof },
  }));
}

export function voteAs(
  base: string,
  address: string,
  pool: SolverPool,
  ballot: Ballot,
  fingerprint: string,
): Promise<FairRecord> {
  return protectedAction('vote', base, address, pool, challengeOf(ballot, fingerprint), (proof) =>
    actionOf(ballot, fingerprint, proof),
  );
}

/** The address of device group `index` in a documentation-free private range (10.x.y.z), never 127.0.0.1. */
export function addressOf(index: number, range = 10): string {
  return `${range}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}
