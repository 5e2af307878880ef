/**
 * The honest devices of `fair-crowd` (run as a child by bench/protection-fair.ts): each device of the plan
 * (CROWD_PLAN, a JSON file) arrives at its moment, takes an identity, then casts its ballots 2–8 s apart, from its
 * own address (X-Forwarded-For). Like the browser it never retries a refusal. Solving is native, on every core:
 * the report converts the work asked into phone seconds. Sends `{ type: 'done', ... }` over IPC.
 */
import { readFileSync } from 'node:fs';
import { identityAs, voteAs, type Ballot, type FairRecord } from './lib/fair-client.js';
import { SolverPool } from './lib/native-solver.js';
import { sleep } from './lib/processes.js';

export interface PlannedDevice {
  address: string;
  /** Ms after the start when the device arrives. */
  arrivalMs: number;
  ballots: Ballot[];
}

export interface FairCrowdResult {
  type: 'done';
  seconds: number;
  cpuSeconds: number;
  records: FairRecord[];
  /** Ballots never cast: the device's identity was refused, or it arrived after the cut-off. */
  notTried: number;
  /** Longest wait for a free solver thread, ms (the generator's own backlog, not a phone's). */
  longestQueueMs: number;
}

const base = process.env.CROWD_BASE!;
const plan = JSON.parse(readFileSync(process.env.CROWD_PLAN!, 'utf8')) as PlannedDevice[];
/** Devices not started by then are counted as not tried (a run must end). */
const cutOffMs = Number(process.env.CROWD_CUTOFF_MS ?? 600_000);

async function main(): Promise<void> {
  const pool = new SolverPool();
  const records: FairRecord[] = [];
  let notTried = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const progress = setInterval(() => {
    process.send?.({ type: 'progress', t: (performance.now() - started) / 1_000, records: records.length, queue: pool.waiting });
  }, 15_000);
  const device = async (planned: PlannedDevice) => {
    await sleep(Math.max(0, started + planned.arrivalMs - performance.now()));
    if (performance.now() - started > cutOffMs) {
      notTried += planned.ballots.length;
      return;
    }
    const identity = await identityAs(base, planned.address, pool);
    records.push(identity);
    if (!identity.fingerprint) {
      notTried += planned.ballots.length;
      return;
    }
    for (const ballot of planned.ballots) {
      await sleep(2_000 + Math.random() * 6_000);
      records.push(await voteAs(base, planned.address, pool, ballot, identity.fingerprint));
    }
  };
  await Promise.all(plan.map(device));
  clearInterval(progress);
  const cpu = process.cpuUsage(cpuBefore);
  const longestQueueMs = Math.max(0, ...records.map((record) => record.solveMs));
  await pool.close();
  const result: FairCrowdResult = {
    type: 'done',
    seconds: (performance.now() - started) / 1_000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    records,
    notTried,
    longestQueueMs,
  };
  await new Promise<void>((resolve) => (process.send ? process.send(result, undefined, undefined, () => resolve()) : resolve()));
}

await main();
process.exit(0);
