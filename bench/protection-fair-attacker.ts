/**
 * The attacker of `fair-attack` (run as a child by bench/protection-fair.ts): from ATTACK_ADDRESSES addresses
 * (X-Forwarded-For), for ATTACK_SECONDS, it mints a fresh identity and votes OUI on ATTACK_MARKET with it, as
 * fast as it can, solving natively on every core. ATTACK_LOOPS loops run at once, each going round its own share
 * of the addresses. Sends `{ type: 'done', ... }` over IPC.
 */
import { identityAs, voteAs, type FairRecord } from './lib/fair-client.js';
import { SolverPool } from './lib/native-solver.js';

export interface FairAttackEvent {
  /** Seconds since the start, when the answer came. */
  t: number;
  kind: FairRecord['kind'];
  address: number;
  status: number;
  error: string | null;
  maxnumber: number | null;
  number: number | null;
}

export interface FairAttackResult {
  type: 'done';
  seconds: number;
  cpuSeconds: number;
  hashes: number;
  threads: number;
  loops: number;
  events: FairAttackEvent[];
}

const base = process.env.ATTACK_BASE!;
const marketId = process.env.ATTACK_MARKET!;
const seconds = Number(process.env.ATTACK_SECONDS ?? 120);
const addresses = Number(process.env.ATTACK_ADDRESSES ?? 1);
const loops = Number(process.env.ATTACK_LOOPS ?? 4);
/** 198.18.0.0/15 (benchmarking range): the attacker's addresses, apart from the honest probes'. */
const RANGE = 198;

async function main(): Promise<void> {
  const pool = new SolverPool();
  const events: FairAttackEvent[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1_000;
  const elapsed = () => (performance.now() - started) / 1_000;
  const note = (record: FairRecord, address: number) =>
    events.push({
      t: elapsed(),
      kind: record.kind,
      address,
      status: record.status,
      error: record.error,
      maxnumber: record.maxnumber,
      number: record.number,
    });
  const progress = setInterval(() => {
    const votes = events.filter((e) => e.kind === 'vote' && e.status >= 200 && e.status < 300).length;
    process.send?.({ type: 'progress', t: elapsed(), votes, events: events.length });
  }, 15_000);

  const loop = async (index: number) => {
    const mine = Array.from({ length: Math.ceil(addresses / loops) }, (_, k) => index + k * loops).filter(
      (address) => address < addresses,
    );
    if (mine.length === 0) return;
    for (let turn = 0; performance.now() < deadline; turn++) {
      const address = mine[turn % mine.length]!;
      const from = `${RANGE}.18.${address >> 8}.${(address & 255) + 1}`;
      // Answers landing after the deadline still count: the server accepted them.
      const identity = await identityAs(base, from, pool);
      note(identity, address);
      if (!identity.fingerprint || performance.now() >= deadline) continue;
      const vote = await voteAs(base, from, pool, { kind: 'market', marketId, voteType: 'yes' }, identity.fingerprint);
      note(vote, address);
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
  clearInterval(progress);
  const cpu = process.cpuUsage(cpuBefore);
  const result: FairAttackResult = {
    type: 'done',
    seconds: elapsed(),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    hashes: pool.hashes,
    threads: (await import('node:os')).cpus().length,
    loops,
    events,
  };
  await pool.close();
  await new Promise<void>((resolve) => (process.send ? process.send(result, undefined, undefined, () => resolve()) : resolve()));
}

await main();
process.exit(0);
