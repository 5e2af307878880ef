/**
 * A share of the honest crowd of the protection benchmark, in its own process: each simulated device
 * arrives at a random moment of the run, issues its identity (challenge, solve, `POST /api/identity`),
 * then votes once on each of `CROWD_VOTES` distinct open predictions chosen at random, a few seconds
 * apart as a person reading the cards would. Like the browser, it never retries a refusal.
 *
 * With several servers in CROWD_BASES, each action takes its challenge from one instance and is sent
 * to the next one, so every proof is checked by an instance that did not issue it.
 *
 * Env: CROWD_BASES (comma-separated URLs), CROWD_MARKETS (comma-separated ids), CROWD_DEVICES,
 * CROWD_SECONDS, CROWD_VOTES (default 5), CROWD_FIRST_DEVICE (index of this share's first device).
 */
import { issueIdentity, protectedVote, type ActionRecord, type Route } from './lib/proof.js';
import { sleep } from './lib/processes.js';

export interface CrowdResult {
  type: 'done';
  records: ActionRecord[];
  /** Votes a device could not even try because its identity was refused. */
  votesNotTried: number;
  cpuSeconds: number;
}

/** Think time before each vote, ms: a person scrolling to the next card. */
const THINK_MIN_MS = 2_000;
const THINK_MAX_MS = 8_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

function pick<T>(items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, count);
}

function between(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

async function main(): Promise<void> {
  const bases = required('CROWD_BASES').split(',');
  const markets = required('CROWD_MARKETS').split(',');
  const devices = Number(required('CROWD_DEVICES'));
  const seconds = Number(required('CROWD_SECONDS'));
  const votesEach = Number(process.env.CROWD_VOTES ?? '5');
  const firstDevice = Number(process.env.CROWD_FIRST_DEVICE ?? '0');
  // Arrivals spread so that the last device's votes still fall within the run.
  const arrivalWindowMs = Math.max(0, seconds * 1_000 - votesEach * THINK_MAX_MS - 5_000);

  const cpuBefore = process.cpuUsage();
  const records: ActionRecord[] = [];
  let votesNotTried = 0;

  const device = async (index: number): Promise<void> => {
    let step = 0;
    const route = (): Route => {
      const at = index + step++;
      return { challengeBase: bases[at % bases.length]!, actionBase: bases[(at + 1) % bases.length]! };
    };
    await sleep(Math.random() * arrivalWindowMs);
    const identity = await issueIdentity(route());
    records.push({ ...identity, fingerprint: null });
    if (!identity.fingerprint) {
      votesNotTried += votesEach;
      return;
    }
    for (const marketId of pick(markets, votesEach)) {
      await sleep(between(THINK_MIN_MS, THINK_MAX_MS));
      const vote = await protectedVote(route(), {
        marketId,
        voteType: Math.random() < 0.5 ? 'yes' : 'no',
        fingerprint: identity.fingerprint,
      });
      records.push(vote);
    }
  };
  await Promise.all(Array.from({ length: devices }, (_, offset) => device(firstDevice + offset)));
  const cpu = process.cpuUsage(cpuBefore);
  const result: CrowdResult = { type: 'done', records, votesNotTried, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  await new Promise<void>((resolve) => (process.send ? process.send(result, undefined, undefined, () => resolve()) : resolve()));
}

await main();
process.exit(0);
