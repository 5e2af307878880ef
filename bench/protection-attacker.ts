/**
 * The attacker of the protection benchmark, in its own process: from one address, it mints fresh
 * identities as fast as altcha-lib's solver allows and votes OUI with each on one prediction, until
 * its time is up. A 429 is waited out and the same solved request sent again (the proof is still
 * valid), which is what a determined script does. Reports its events and CPU time over IPC.
 *
 * Env: ATTACK_BASE (server URL), ATTACK_MARKET, ATTACK_SECONDS, ATTACK_LOOPS (solves in flight).
 */
import { now } from './lib/api.js';
import { issueIdentity, protectedVote, type ActionRecord, type Route } from './lib/proof.js';
import { sleep } from './lib/processes.js';

export interface AttackEvent {
  /** Seconds since the attack began, when the action was answered. */
  t: number;
  kind: ActionRecord['kind'];
  status: number;
  error: string | null;
  maxnumber: number | null;
  hashes: number;
  solveMs: number;
  totalMs: number;
  rateLimited: number;
  waitedMs: number;
}

export interface AttackResult {
  type: 'done';
  seconds: number;
  loops: number;
  events: AttackEvent[];
  /** process.cpuUsage of the whole run (every thread of the process), seconds. */
  cpuSeconds: number;
}

export interface AttackProgress {
  type: 'progress';
  t: number;
  identities: number;
  votes: number;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const base = required('ATTACK_BASE');
  const marketId = required('ATTACK_MARKET');
  const seconds = Number(required('ATTACK_SECONDS'));
  const loops = Math.max(1, Number(process.env.ATTACK_LOOPS ?? '2'));
  const route: Route = { challengeBase: base, actionBase: base };

  const cpuBefore = process.cpuUsage();
  const started = now();
  const deadline = started + seconds * 1_000;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), seconds * 1_000);
  const events: AttackEvent[] = [];
  let identities = 0;
  let votes = 0;

  const waitOut = async (retryAfterSeconds: number): Promise<boolean> => {
    const left = deadline - now();
    if (left <= 0) return false;
    await sleep(Math.min(left, retryAfterSeconds * 1_000));
    return !stop.signal.aborted;
  };
  const keep = (action: ActionRecord): void => {
    if (action.failedStep === 'solve' && stop.signal.aborted) return;
    events.push({
      t: (now() - started) / 1_000,
      kind: action.kind,
      status: action.status,
      error: action.error,
      maxnumber: action.maxnumber,
      hashes: action.hashes,
      solveMs: action.solveMs,
      totalMs: action.totalMs,
      rateLimited: action.rateLimited,
      waitedMs: action.waitedMs,
    });
  };

  const progress = setInterval(() => {
    const message: AttackProgress = { type: 'progress', t: (now() - started) / 1_000, identities, votes };
    process.send?.(message);
  }, 30_000);

  const loop = async (): Promise<void> => {
    while (!stop.signal.aborted) {
      const identity = await issueIdentity(route, stop.signal, waitOut);
      keep(identity);
      if (!identity.fingerprint) {
        // A hard refusal: do not spin on it.
        if (!stop.signal.aborted && identity.failedStep !== 'solve') await sleep(100);
        continue;
      }
      identities++;
      const vote = await protectedVote(
        route,
        { marketId, voteType: 'yes', fingerprint: identity.fingerprint },
        stop.signal,
        waitOut,
      );
      keep(vote);
      if (vote.status >= 200 && vote.status < 300) votes++;
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  clearTimeout(timer);
  clearInterval(progress);
  const cpu = process.cpuUsage(cpuBefore);
  const result: AttackResult = {
    type: 'done',
    seconds: (now() - started) / 1_000,
    loops,
    events,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  await new Promise<void>((resolve) => (process.send ? process.send(result, undefined, undefined, () => resolve()) : resolve()));
}

await main();
process.exit(0);
