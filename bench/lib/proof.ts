import { solveChallenge } from 'altcha-lib/v1';
import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer, ProofChallenge } from '../../src/shared/vote-protection.js';
import { now } from './api.js';

/**
 * A client of the vote protection as the browser is one: ask for a challenge, solve it with altcha-lib's
 * own solver (the one the Web Worker runs), send the ALTCHA payload as `proof`. Every step is timed.
 */

export interface Solved {
  /** The base64 ALTCHA payload, or undefined when the protection is off (no challenge). */
  proof: string | undefined;
  /** Hashes computed: the solution's number + 1 (the solver counts up from 0). */
  hashes: number;
  solveMs: number;
  maxnumber: number | null;
}

/** Solves a challenge with altcha-lib's solver; `signal` stops it (an attacker's run ending mid-solve). */
export async function solve(challenge: ProofChallenge | null, signal?: AbortSignal): Promise<Solved | null> {
  if (!challenge) return { proof: undefined, hashes: 0, solveMs: 0, maxnumber: null };
  const started = now();
  const run = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const abort = () => run.controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const solution = await run.promise;
    if (!solution) return null;
    const payload = {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    };
    return {
      proof: Buffer.from(JSON.stringify(payload)).toString('base64'),
      hashes: solution.number + 1,
      solveMs: now() - started,
      maxnumber: challenge.maxnumber ?? null,
    };
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

export interface Answer<T> {
  status: number;
  body: T | null;
  /** The French `error` of a refusal. */
  error: string | null;
  retryAfterSeconds: number | null;
  ms: number;
}

export async function postJson<T>(url: string, body: unknown): Promise<Answer<T>> {
  const started = now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const ms = now() - started;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as the error text below
    }
    const retry = Number(response.headers.get('retry-after'));
    const error = response.ok
      ? null
      : typeof (parsed as { error?: unknown } | null)?.error === 'string'
        ? (parsed as { error: string }).error
        : text.slice(0, 200);
    return {
      status: response.status,
      body: response.ok ? (parsed as T) : null,
      error,
      retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
      ms,
    };
  } catch (error) {
    return {
      status: 0,
      body: null,
      error: error instanceof Error ? error.message : String(error),
      retryAfterSeconds: null,
      ms: now() - started,
    };
  }
}

/** Where each step goes: two instances behind a balancer may answer the challenge and the action. */
export interface Route {
  challengeBase: string;
  actionBase: string;
}

/** One protected action (identity or vote), from asking the challenge to the server's answer. */
export interface ActionRecord {
  kind: 'identity' | 'vote';
  /** Epoch ms when the device started (asked its challenge). */
  startedAt: number;
  /** Final status: the action's answer, or the challenge's when that was refused (0: network error). */
  status: number;
  error: string | null;
  /** Which step answered last: the challenge request or the action. */
  failedStep: 'challenge' | 'solve' | 'action' | null;
  challengeMs: number;
  solveMs: number;
  actionMs: number;
  totalMs: number;
  hashes: number;
  maxnumber: number | null;
  fingerprint: string | null;
  /** 429 answers waited out (challenge or action), and the time spent waiting. */
  rateLimited: number;
  waitedMs: number;
}

/**
 * What to do with a 429: resolve true to send the same request again after the given wait (a determined
 * script keeps its solved proof and waits), false to give up (the browser shows the error).
 */
export type RateLimitPolicy = (retryAfterSeconds: number) => Promise<boolean>;

function record(kind: ActionRecord['kind'], startedAt: number): ActionRecord {
  return {
    kind,
    startedAt,
    status: 0,
    error: null,
    failedStep: null,
    challengeMs: 0,
    solveMs: 0,
    actionMs: 0,
    totalMs: 0,
    hashes: 0,
    maxnumber: null,
    fingerprint: null,
    rateLimited: 0,
    waitedMs: 0,
  };
}

/** Asks a challenge, solves it and sends the action with its proof; never throws. */
export async function protectedAction(
  kind: ActionRecord['kind'],
  route: Route,
  request: ChallengeRequest,
  action: (proof: string | undefined) => { path: string; body: Record<string, unknown> },
  signal?: AbortSignal,
  onRateLimited?: RateLimitPolicy,
): Promise<ActionRecord> {
  const result = record(kind, now());
  const send = async <T>(url: string, body: unknown): Promise<Answer<T>> => {
    for (;;) {
      const answer = await postJson<T>(url, body);
      if (answer.status !== 429 || !onRateLimited) return answer;
      const waitStarted = now();
      if (!(await onRateLimited(answer.retryAfterSeconds ?? 1))) return answer;
      result.rateLimited++;
      result.waitedMs += now() - waitStarted;
    }
  };
  const challenge = await send<ChallengeAnswer>(`${route.challengeBase}/api/challenges`, request);
  result.challengeMs = challenge.ms;
  if (!challenge.body) {
    result.status = challenge.status;
    result.error = challenge.error;
    result.failedStep = 'challenge';
    result.totalMs = now() - result.startedAt;
    return result;
  }
  const solved = await solve(challenge.body.challenge, signal);
  if (!solved) {
    result.error = signal?.aborted ? 'stopped' : 'no solution within maxnumber';
    result.failedStep = 'solve';
    result.totalMs = now() - result.startedAt;
    return result;
  }
  result.solveMs = solved.solveMs;
  result.hashes = solved.hashes;
  result.maxnumber = solved.maxnumber;
  const { path, body } = action(solved.proof);
  const answer = await send<Record<string, unknown>>(`${route.actionBase}${path}`, body);
  result.actionMs = answer.ms;
  result.status = answer.status;
  result.error = answer.error;
  if (answer.status < 200 || answer.status >= 300) result.failedStep = 'action';
  else if (kind === 'identity') result.fingerprint = (answer.body as IdentityAnswer | null)?.fingerprint ?? null;
  result.totalMs = now() - result.startedAt;
  return result;
}

export function issueIdentity(route: Route, signal?: AbortSignal, onRateLimited?: RateLimitPolicy): Promise<ActionRecord> {
  return protectedAction(
    'identity',
    route,
    { purpose: 'identity' },
    (proof) => ({ path: '/api/identity', body: proof === undefined ? {} : { proof } }),
    signal,
    onRateLimited,
  );
}

export function protectedVote(
  route: Route,
  vote: { marketId: string; voteType: 'yes' | 'no'; fingerprint: string },
  signal?: AbortSignal,
  onRateLimited?: RateLimitPolicy,
): Promise<ActionRecord> {
  return protectedAction(
    'vote',
    route,
    { purpose: 'vote', ...vote },
    (proof) => ({ path: '/api/votes', body: proof === undefined ? vote : { ...vote, proof } }),
    signal,
    onRateLimited,
  );
}
