/**
 * The flood beside the honest crowd of `fair-crowd` (run as a child by bench/protection-fair.ts): for
 * FLOOD_SECONDS, FLOOD_RATE requests a second that solve nothing, from the crowd's own addresses (FLOOD_ADDRESSES,
 * a JSON file), in turn: a forged vote without proof, an identity challenge, a vote challenge for a forged
 * identity, and a vote challenge for an identity it holds (one solved identity proof, its only work). Counts
 * the answers by kind and status. Sends `{ type: 'done', ... }` over IPC.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { identityAs, postAs, type Ballot } from './lib/fair-client.js';
import { SolverPool } from './lib/native-solver.js';
import { sleep } from './lib/processes.js';

export interface FairFloodResult {
  type: 'done';
  seconds: number;
  sent: number;
  /** Requests not sent because MAX_IN_FLIGHT were waiting. */
  skipped: number;
  /** "kind status error" → count. */
  answers: Record<string, number>;
}

const base = process.env.FLOOD_BASE!;
const rate = Number(process.env.FLOOD_RATE ?? 200);
const seconds = Number(process.env.FLOOD_SECONDS ?? 120);
const addresses = JSON.parse(readFileSync(process.env.FLOOD_ADDRESSES!, 'utf8')) as string[];
const ballot = JSON.parse(process.env.FLOOD_BALLOT!) as Ballot;
/** Requests waiting for an answer at most: past it the flood skips a beat rather than pile up sockets. */
const MAX_IN_FLIGHT = 512;

type Kind = 'forged vote' | 'identity challenge' | 'vote challenge, forged identity' | 'vote challenge, held identity';
const KINDS: Kind[] = ['forged vote', 'identity challenge', 'vote challenge, forged identity', 'vote challenge, held identity'];

function challengeBody(fingerprint: string): unknown {
  return ballot.kind === 'market'
    ? { purpose: 'vote', marketId: ballot.marketId, voteType: ballot.voteType, fingerprint }
    : { purpose: 'municipal', communeId: ballot.communeId, candidateId: ballot.candidateId, fingerprint };
}

function forgedVote(): { path: string; body: unknown } {
  const fingerprint = randomBytes(32).toString('hex');
  return ballot.kind === 'market'
    ? { path: '/api/votes', body: { marketId: ballot.marketId, voteType: ballot.voteType, fingerprint } }
    : { path: `/api/municipal/${ballot.communeId}/votes`, body: { candidateId: ballot.candidateId, fingerprint } };
}

async function main(): Promise<void> {
  const pool = new SolverPool(1);
  const held = await identityAs(base, addresses[0]!, pool);
  await pool.close();
  if (!held.fingerprint) throw new Error(`flood identity refused: ${held.status} ${held.error}`);
  const answers: Record<string, number> = {};
  let sent = 0;
  let skipped = 0;
  let inFlight = 0;
  const started = performance.now();
  const send = async (index: number) => {
    const kind = KINDS[index % KINDS.length]!;
    const address = addresses[Math.floor(index / KINDS.length) % addresses.length]!;
    const { path, body } =
      kind === 'forged vote'
        ? forgedVote()
        : kind === 'identity challenge'
          ? { path: '/api/challenges', body: { purpose: 'identity' } }
          : {
              path: '/api/challenges',
              body: challengeBody(
                kind === 'vote challenge, forged identity' ? randomBytes(32).toString('hex') : held.fingerprint!,
              ),
            };
    inFlight++;
    const answer = await postAs(base, path, body, address);
    inFlight--;
    const label = `${kind} ${answer.status || 'network'}${answer.error ? ` ${answer.error}` : ''}`;
    answers[label] = (answers[label] ?? 0) + 1;
  };
  const pending: Promise<void>[] = [];
  while (performance.now() - started < seconds * 1_000) {
    const due = Math.floor(((performance.now() - started) / 1_000) * rate);
    while (sent < due) {
      if (inFlight < MAX_IN_FLIGHT) pending.push(send(sent));
      else skipped++;
      sent++;
    }
    await sleep(5);
  }
  await Promise.all(pending);
  const result: FairFloodResult = {
    type: 'done',
    seconds: (performance.now() - started) / 1_000,
    sent: sent - skipped,
    skipped,
    answers,
  };
  await new Promise<void>((resolve) => (process.send ? process.send(result, undefined, undefined, () => resolve()) : resolve()));
}

await main();
process.exit(0);
