import { join } from 'node:path';
import type { Market } from '../src/shared/market.js';
import type { ChallengeAnswer, TransparencyReport } from '../src/shared/vote-protection.js';
import { createTestDatabase } from '../tests/support/databases.js';
import { openMarketIds } from './lib/api.js';
import { readLedger } from './lib/ledger.js';
import { postFrom } from './lib/post-from.js';
import { cpuSecondsOf, killAllChildren, spawnTs, startAppServer, type AppServer } from './lib/processes.js';
import { issueIdentity, postJson, protectedVote, solve, type ActionRecord, type Route } from './lib/proof.js';
import type { Cell, Section } from './lib/report.js';
import { percentile, round, sortedCopy } from './lib/stats.js';
import type { AttackEvent, AttackProgress, AttackResult } from './protection-attacker.js';
import type { CrowdResult } from './protection-crowd.js';
import { benchFairAttack, benchFairCrowd, benchFairFlood, fairLimitSeconds } from './protection-fair.js';
import { measureSolverSpeed, measureVerificationCost, type CostRow } from './protection-cost.js';
import pg from 'pg';

export interface ProtectionOptions {
  dir: string;
  machine: () => string;
  log: (line: string) => void;
  /** Called with each part's section as soon as it is measured, so a later failure keeps it. */
  onSection: (section: Section) => Promise<void>;
}

export type ProtectionPart = 'cost' | 'attack' | 'crowd' | 'instances' | 'griefing' | 'fair-attack' | 'fair-crowd' | 'fair-flood';
export const PROTECTION_PARTS: readonly ProtectionPart[] = [
  'cost',
  'attack',
  'crowd',
  'instances',
  'griefing',
  'fair-attack',
  'fair-crowd',
  'fair-flood',
];
/**
 * What `npm run bench -- protection` runs: `attack` and `crowd` (altcha-lib's solver, 127.0.0.1 only) measured
 * the price model that counted bare requests across addresses and are run only when named; the `fair-` parts measure this one.
 */
const DEFAULT_PARTS: readonly ProtectionPart[] = ['cost', 'fair-attack', 'fair-crowd', 'fair-flood', 'instances', 'griefing'];

/** Durations and sizes, from the environment (documented in BENCHMARKS.md). */
export const settings = {
  attackSeconds: Number(process.env.PROTECTION_ATTACK_SECONDS ?? 600),
  /** Solves the attacker keeps in flight (altcha-lib hashes on libuv's thread pool, so more than one helps). */
  attackLoops: Number(process.env.PROTECTION_ATTACK_LOOPS ?? 2),
  crowdSeconds: Number(process.env.PROTECTION_CROWD_SECONDS ?? 600),
  crowdDevices: Number(process.env.PROTECTION_CROWD_DEVICES ?? 500),
  /** The two-instance crowd keeps the single-instance crowd's arrival rate over a shorter run. */
  instancesSeconds: Number(process.env.PROTECTION_INSTANCES_SECONDS ?? 180),
  doubleSpendRounds: Number(process.env.PROTECTION_DOUBLE_SPEND_ROUNDS ?? 30),
  parts: (process.env.PROTECTION_PARTS?.split(',') ?? DEFAULT_PARTS).filter((part): part is ProtectionPart =>
    (PROTECTION_PARTS as readonly string[]).includes(part),
  ),
};

/** Upper bound of the whole protection benchmark, for run.ts's time limit. */
export function protectionLimitMs(): number {
  const s = settings;
  const parts = new Set(s.parts);
  const seconds =
    (parts.has('cost') ? 120 : 0) +
    (parts.has('attack') ? s.attackSeconds + 180 : 0) +
    (parts.has('crowd') ? s.crowdSeconds + REFERENCE_SECONDS + 240 : 0) +
    (parts.has('instances') ? s.instancesSeconds + s.doubleSpendRounds * 10 + 300 : 0) +
    (parts.has('griefing') ? 600 : 0) +
    (parts.has('fair-attack') ? fairLimitSeconds('fair-attack') : 0) +
    (parts.has('fair-crowd') ? fairLimitSeconds('fair-crowd') : 0) +
    (parts.has('fair-flood') ? fairLimitSeconds('fair-flood') : 0);
  return seconds * 1_000;
}

/** Production settings: the protection and the per-address rate limit both on, as deployed. */
const PRODUCTION: Record<string, string> = { VOTE_PROTECTION: 'on', RATE_LIMIT: 'on' };
const VOTES_PER_DEVICE = 5;
/** Plain votes (protection off) of the reference: a small crowd at about the main crowd's vote rate. */
const REFERENCE_DEVICES = 30;
const REFERENCE_SECONDS = 90;
const CROWD_PROCESSES = 4;
/** Server CPU per vote (5d): identities each voting on a few predictions, after one for warm-up. */
const COST_IDENTITIES = 8;
const COST_VOTES_PER_IDENTITY = 5;
/** A prediction with this many votes at 50 %: how far the attacker's votes would move it. */
const SHIFT_BASE_VOTES = 2_000;
/** The attacker's rate "in the last minutes" is taken over this share of the run (at most 3 minutes). */
const LAST_WINDOW_SHARE = 0.3;

interface ChildMessages {
  done: unknown;
}

/** Runs a benchmark child over IPC and returns its `done` message. */
function runChild<T extends { type: 'done' }>(
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
  onMessage?: (message: unknown) => void,
): Promise<T> {
  const child = spawnTs(script, { env, ipc: true, nofile: 8192 });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      void child.stop(1_000);
      reject(new Error(`${script} gave no result within ${timeoutMs / 1000} s:\n${child.output()}`));
    }, timeoutMs);
    child.child.on('message', (message: ChildMessages[keyof ChildMessages]) => {
      if ((message as { type?: string }).type === 'done') {
        clearTimeout(timer);
        resolve(message as T);
      } else onMessage?.(message);
    });
    child.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) without a result:\n${child.output()}`));
    });
  });
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

async function market(base: string, id: string): Promise<Market> {
  const found = await getJson<Market>(`${base}/api/markets/${id}`);
  if (!found) throw new Error(`GET /api/markets/${id} failed`);
  return found;
}

const ok = (status: number): boolean => status >= 200 && status < 300;

/** "403 Preuve de travail invalide…" style labels, counted. */
function refusals(records: readonly { status: number; error: string | null; kind: string }[]): string {
  const counts = new Map<string, number>();
  for (const record of records) {
    if (ok(record.status)) continue;
    const label = `${record.kind} ${record.status || 'network'} ${record.error ?? ''}`.trim();
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  if (counts.size === 0) return 'none';
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([label, count]) => `${count}× ${label}`)
    .join('; ');
}

function median(values: readonly number[]): number {
  return percentile(sortedCopy(values), 50);
}

function expectedHashes(maxnumber: number | null): Cell {
  return maxnumber === null ? null : Math.round(maxnumber / 2);
}

/** Percentage points a prediction at 50 % with SHIFT_BASE_VOTES votes moves when `added` OUI votes land. */
export function shiftPoints(added: number): number {
  const half = SHIFT_BASE_VOTES / 2;
  return round(((half + added) / (SHIFT_BASE_VOTES + added)) * 100 - 50, 1);
}

// ---------------------------------------------------------------------------------------------- cost

async function benchCost(options: ProtectionOptions): Promise<Section> {
  const machine = options.machine();
  options.log('protection: server-side cost of a check');
  const rows: CostRow[] = await measureVerificationCost(options.dir);
  const speed = await measureSolverSpeed();

  // The whole server's CPU per vote, protection on and off, over the same plain sequence of votes.
  const cpu = async (protection: 'on' | 'off'): Promise<{ cpuMsPerVote: number; votes: number }> => {
    const file = join(options.dir, `protection-cost-${protection}.db`);
    const server = await startAppServer(file, { env: { VOTE_PROTECTION: protection, RATE_LIMIT: 'off' } });
    try {
      const route: Route = { challengeBase: server.base, actionBase: server.base };
      const markets = await openMarketIds(server.base);
      // A few votes per identity, each identity under its per-minute budget, as people vote.
      const votesOf = async (identities: number): Promise<number> => {
        let accepted = 0;
        for (let index = 0; index < identities; index++) {
          const identity = await issueIdentity(route);
          if (!identity.fingerprint) throw new Error(`identity refused: ${identity.status} ${identity.error}`);
          for (const marketId of markets.slice(0, COST_VOTES_PER_IDENTITY)) {
            const vote = await protectedVote(route, { marketId, voteType: 'yes', fingerprint: identity.fingerprint });
            if (!ok(vote.status)) throw new Error(`vote refused: ${vote.status} ${vote.error}`);
            accepted++;
          }
        }
        return accepted;
      };
      await votesOf(1); // warm-up
      const before = cpuSecondsOf(server.pid);
      const votes = await votesOf(COST_IDENTITIES);
      return { cpuMsPerVote: ((cpuSecondsOf(server.pid) - before) * 1_000) / votes, votes };
    } finally {
      await server.stop();
    }
  };
  const off = await cpu('off');
  const on = await cpu('on');

  return {
    id: 'protection-cost',
    title: '5d. Vote protection: what a check costs the server',
    ranAt: new Date().toISOString(),
    machine,
    method:
      'In one process, each check the server makes on a protected vote is timed alone over many calls (the ' +
      'functions of `src/server` themselves, on proofs solved beforehand by altcha-lib), in wall time and in CPU ' +
      'time of the process (the latter barely moved by other jobs on the shared machine; the database inserts ' +
      'also wait for the disk or PostgreSQL, so their wall time is what a vote feels). Beside it, the whole ' +
      `server process: CPU time (\`/proc\`) per accepted vote over ${COST_IDENTITIES} identities voting on ` +
      `${COST_VOTES_PER_IDENTITY} predictions each (identity issuance included), after one for warm-up, protection off ` +
      '(no proof) and on (challenge requests + checks), rate limits off.',
    tables: [
      {
        caption: 'One check, in process',
        headers: ['check', 'calls', 'wall µs per call', 'CPU µs per call', 'calls per CPU second'],
        rows: rows.map((row) => [
          row.name,
          row.calls,
          round(row.microseconds, 1),
          round(row.cpuMicroseconds, 1),
          Math.round(1e6 / row.cpuMicroseconds),
        ]),
      },
      {
        caption: 'The server process, per accepted vote',
        headers: ['protection', 'votes', 'server CPU ms per vote (its identity share included)'],
        rows: [
          ['off', off.votes, round(off.cpuMsPerVote, 2)],
          ['on (challenge + checks)', on.votes, round(on.cpuMsPerVote, 2)],
        ],
      },
      {
        caption: 'Solver speed on this machine, one thread (what the figures of 5a–5c were solved with)',
        headers: ['solver', 'SHA-256 per second'],
        rows: [
          [
            "altcha-lib's solveChallenge (one awaited WebCrypto digest per try, as in the browser)",
            Math.round(speed.altchaPerSecond),
          ],
          ['a plain synchronous node:crypto loop (what a script could use instead)', Math.round(speed.nativePerSecond)],
        ],
      },
    ],
    reading:
      `CPU per check: ${rows.map((row) => `${round(row.cpuMicroseconds, 1)} µs (${row.name})`).join(', ')}; ` +
      `the process spends ${round(on.cpuMsPerVote, 2)} ms of CPU per protected vote, challenge included, against ` +
      `${round(off.cpuMsPerVote, 2)} ms with the protection off. altcha-lib's solver hashes ` +
      `${Math.round(speed.altchaPerSecond).toLocaleString('en-US')}/s here, a plain loop ` +
      `${Math.round(speed.nativePerSecond).toLocaleString('en-US')}/s (${round(speed.nativePerSecond / speed.altchaPerSecond, 1)}×).`,
  };
}

// -------------------------------------------------------------------------------------------- attack

interface MinuteRow {
  minute: number;
  identities: number;
  votes: number;
  refused: number;
  rateLimitedWaits: number;
  identityMaxnumber: number | null;
  voteMaxnumber: number | null;
}

function perMinute(events: readonly AttackEvent[], seconds: number): MinuteRow[] {
  // Answers that land just after the end (solves in flight) belong to the last minute.
  const minutes = Math.max(1, Math.round(seconds / 60));
  return Array.from({ length: minutes }, (_, minute) => {
    const inMinute = events.filter((event) => event.t >= minute * 60 && (event.t < (minute + 1) * 60 || minute === minutes - 1));
    const maxOf = (kind: AttackEvent['kind']) => {
      const numbers = inMinute.filter((e) => e.kind === kind && e.maxnumber !== null).map((e) => e.maxnumber!);
      return numbers.length > 0 ? Math.max(...numbers) : null;
    };
    return {
      minute: minute + 1,
      identities: inMinute.filter((e) => e.kind === 'identity' && ok(e.status)).length,
      votes: inMinute.filter((e) => e.kind === 'vote' && ok(e.status)).length,
      refused: inMinute.filter((e) => !ok(e.status)).length,
      rateLimitedWaits: inMinute.reduce((sum, e) => sum + e.rateLimited, 0),
      identityMaxnumber: maxOf('identity'),
      voteMaxnumber: maxOf('vote'),
    };
  });
}

/**
 * The rest of the first hour if the vote difficulty keeps growing per accepted vote as it did over the
 * attacker's last votes, solved at the hash rate it reached in its last window (identity proofs included
 * at their last difficulty).
 */
function projectGrowth(
  events: readonly AttackEvent[],
  seconds: number,
  window: number,
): { moreVotes: number; factor: number; basis: number; hashesPerSecond: number } {
  const recent = events.filter((e) => e.kind === 'vote' && ok(e.status) && e.maxnumber !== null).slice(-20);
  const first = recent[0]?.maxnumber ?? 0;
  const last = recent.at(-1)?.maxnumber ?? 0;
  const factor = recent.length >= 2 && first > 0 ? (last / first) ** (1 / (recent.length - 1)) : 1;
  const hashesPerSecond = events.filter((e) => e.t >= seconds - window).reduce((sum, e) => sum + e.hashes, 0) / window;
  const identity = [...events].reverse().find((e) => e.kind === 'identity' && e.maxnumber !== null)?.maxnumber ?? 0;
  let moreVotes = 0;
  let spent = 0;
  let maxnumber = last;
  const left = Math.max(0, 3_600 - seconds);
  for (;;) {
    maxnumber *= factor;
    const cost = (maxnumber / 2 + identity / 2) / Math.max(1, hashesPerSecond);
    if (spent + cost > left || moreVotes > 100_000) break;
    spent += cost;
    moreVotes++;
  }
  return { moreVotes, factor, basis: recent.length, hashesPerSecond };
}

async function benchAttack(options: ProtectionOptions): Promise<Section> {
  const machine = options.machine();
  const s = settings;
  const file = join(options.dir, 'protection-attack.db');
  const server = await startAppServer(file, { env: PRODUCTION });
  let result: AttackResult;
  let before: Market;
  let after: Market;
  let transparency: TransparencyReport | null;
  let serverCpu: number;
  try {
    const target = (await openMarketIds(server.base))[0]!;
    before = await market(server.base, target);
    options.log(`protection: attacker on ${target} for ${s.attackSeconds} s, ${s.attackLoops} solves in flight`);
    const cpuBefore = cpuSecondsOf(server.pid);
    result = await runChild<AttackResult>(
      'bench/protection-attacker.ts',
      {
        ATTACK_BASE: server.base,
        ATTACK_MARKET: target,
        ATTACK_SECONDS: String(s.attackSeconds),
        ATTACK_LOOPS: String(s.attackLoops),
      },
      (s.attackSeconds + 120) * 1_000,
      (message) => {
        const progress = message as AttackProgress;
        options.log(`  ${Math.round(progress.t)} s: ${progress.identities} identities, ${progress.votes} votes accepted`);
      },
    );
    serverCpu = cpuSecondsOf(server.pid) - cpuBefore;
    after = await market(server.base, target);
    transparency = await getJson<TransparencyReport>(`${server.base}/api/transparency`);
  } finally {
    await server.stop();
  }
  const ledger = readLedger(file);

  const events = result.events;
  const votes = events.filter((e) => e.kind === 'vote' && ok(e.status));
  const identities = events.filter((e) => e.kind === 'identity' && ok(e.status));
  const accepted = votes.length;
  const seconds = result.seconds;
  const window = Math.min(180, seconds * LAST_WINDOW_SHARE);
  const inWindow = votes.filter((e) => e.t >= seconds - window).length;
  const windowPerHour = (inWindow * 3_600) / window;
  const linearPerHour = (accepted * 3_600) / seconds;
  // The budgets are per hour: the first minutes spend them, then the rate settles. The hour is what
  // the run got plus the settled (last-window) rate for the rest of the hour.
  const firstHour = seconds >= 3_600 ? accepted : accepted + (windowPerHour * (3_600 - seconds)) / 3_600;
  const growth = projectGrowth(events, seconds, window);
  const firstHourGrown = accepted + growth.moreVotes;
  const lastOf = (kind: AttackEvent['kind']) => [...events].reverse().find((e) => e.kind === kind && e.maxnumber !== null);
  const maxOf = (kind: AttackEvent['kind']) =>
    Math.max(0, ...events.filter((e) => e.kind === kind && e.maxnumber !== null).map((e) => e.maxnumber!));
  const hashes = events.reduce((sum, e) => sum + e.hashes, 0);
  const counted = after.totalVotes - before.totalVotes;
  const target = 300;
  const judge = (estimate: number) =>
    estimate <= target
      ? `within the target of ${target}`
      : `over the target of ${target} by ${Math.round(estimate - target)} (${round(estimate / target, 2)}×)`;
  const verdict =
    `${Math.round(firstHour)} in its first hour if the rate of its last minutes held (${judge(firstHour)}), ` +
    `${Math.round(firstHourGrown)} if the difficulty kept growing as over its last votes (${judge(firstHourGrown)})`;

  const minutes = perMinute(events, seconds);
  return {
    id: 'protection-attack',
    title: '5a. Vote protection: one attacker address, fresh identities',
    ranAt: new Date().toISOString(),
    machine,
    method:
      `The real server on a fresh SQLite file with the demo data, \`VOTE_PROTECTION=on\` and \`RATE_LIMIT=on\` with their ` +
      `defaults, as in production. The attacker (\`bench/protection-attacker.ts\`) is a separate Node process on the same ` +
      `machine and address (127.0.0.1): for ${Math.round(seconds)} s it loops — identity challenge, solve, ` +
      `\`POST /api/identity\`, vote challenge for the new identity, solve, \`POST /api/votes\` OUI on one open prediction — ` +
      `with ${result.loops} loops in flight, solving with altcha-lib's own solver (the browser's). A 429 is waited out ` +
      `(Retry-After) and the same solved request sent again. CPU is the attacker's \`process.cpuUsage()\` (all its ` +
      `threads). The hour: votes of the run plus, for the rest of the hour, the rate of its last ${Math.round(window)} s ` +
      `(the budgets are per hour, so the first minutes are the cheapest); the plain ×${round(3_600 / seconds, 1)} of ` +
      `the run is shown beside it. Shift: points a prediction at 50 % with ${SHIFT_BASE_VOTES.toLocaleString('en-US')} ` +
      `votes moves by, for that many OUI votes.`,
    tables: [
      {
        caption: 'What the attacker got',
        headers: ['figure', 'value'],
        rows: [
          ['run length, s', round(seconds)],
          ['identities obtained', identities.length],
          ['votes accepted (its 2xx answers)', accepted],
          ['votes the prediction counted (after − before)', counted],
          [`votes accepted in the last ${Math.round(window)} s, per hour`, Math.round(windowPerHour)],
          ['votes in the first hour (run + last rate for the rest)', Math.round(firstHour)],
          [
            `votes in the first hour (run + the difficulty growing ×${round(growth.factor, 3)} a vote, as over its last ${growth.basis} votes, at its last ${Math.round(growth.hashesPerSecond)} hashes/s)`,
            Math.round(firstHourGrown),
          ],
          ['votes per hour, run × linear', Math.round(linearPerHour)],
          [
            'shift on a 2,000-vote prediction at 50 %, first hour, points (last rate / growing difficulty)',
            `${shiftPoints(firstHour)} / ${shiftPoints(firstHourGrown)}`,
          ],
          ['attacker CPU s, total', round(result.cpuSeconds, 1)],
          ['attacker CPU s per accepted vote', accepted > 0 ? round(result.cpuSeconds / accepted, 2) : null],
          ['hashes computed, total', hashes],
          ['server CPU s during the run', round(serverCpu, 1)],
          ['identity maxnumber, last / highest', `${lastOf('identity')?.maxnumber ?? '—'} / ${maxOf('identity')}`],
          ['vote maxnumber, last / highest', `${lastOf('vote')?.maxnumber ?? '—'} / ${maxOf('vote')}`],
          [
            'transparency difficulty after the run, normal / typical',
            transparency ? `${transparency.difficulty.normal} / ${transparency.difficulty.typical}` : 'not served',
          ],
          ['refusals', refusals(events)],
          ['ledger: counters = vote rows', ledger.mismatchedMarkets.length === 0 ? 'yes' : 'NO'],
        ],
      },
      {
        caption: 'Minute by minute (maxnumber: the highest asked in the minute; expected hashes are half of it)',
        headers: ['minute', 'identities', 'votes accepted', 'refused', '429 waited out', 'identity maxnumber', 'vote maxnumber'],
        rows: minutes.map((m) => [
          m.minute,
          m.identities,
          m.votes,
          m.refused,
          m.rateLimitedWaits,
          m.identityMaxnumber,
          m.voteMaxnumber,
        ]),
      },
    ],
    reading:
      `One address with altcha-lib's solver got ${accepted} votes in ${Math.round(seconds)} s ` +
      `(${identities.length} identities; ${Math.round(windowPerHour)}/h at the end): ${verdict}; that moves a 2,000-vote ` +
      `prediction by ${shiftPoints(firstHour)} or ${shiftPoints(firstHourGrown)} points. Each accepted vote cost it ` +
      `${accepted > 0 ? round(result.cpuSeconds / accepted, 2) : '—'} CPU s; the vote difficulty reached maxnumber ${maxOf('vote')} ` +
      `(expected ${expectedHashes(maxOf('vote'))} hashes).`,
  };
}

// --------------------------------------------------------------------------------------------- crowd

interface CrowdRun {
  records: ActionRecord[];
  votesNotTried: number;
  cpuSeconds: number;
  serverCpuSeconds: number;
  seconds: number;
}

async function runCrowd(
  servers: readonly AppServer[],
  markets: readonly string[],
  devices: number,
  seconds: number,
  processes: number,
): Promise<CrowdRun> {
  const started = Date.now();
  const cpuBefore = servers.map((server) => cpuSecondsOf(server.pid));
  const shares = Array.from(
    { length: processes },
    (_, index) => Math.floor(devices / processes) + (index < devices % processes ? 1 : 0),
  );
  let first = 0;
  const results = await Promise.all(
    shares.map((share) => {
      const firstDevice = first;
      first += share;
      return runChild<CrowdResult>(
        'bench/protection-crowd.ts',
        {
          CROWD_BASES: servers.map((server) => server.base).join(','),
          CROWD_MARKETS: markets.join(','),
          CROWD_DEVICES: String(share),
          CROWD_SECONDS: String(seconds),
          CROWD_VOTES: String(VOTES_PER_DEVICE),
          CROWD_FIRST_DEVICE: String(firstDevice),
        },
        (seconds + 300) * 1_000,
      );
    }),
  );
  return {
    records: results.flatMap((result) => result.records),
    votesNotTried: results.reduce((sum, result) => sum + result.votesNotTried, 0),
    cpuSeconds: results.reduce((sum, result) => sum + result.cpuSeconds, 0),
    serverCpuSeconds: servers.reduce((sum, server, index) => sum + cpuSecondsOf(server.pid) - cpuBefore[index]!, 0),
    seconds: (Date.now() - started) / 1_000,
  };
}

interface CrowdFigures {
  devices: number;
  identitiesOk: number;
  identityP50: number;
  identityP99: number;
  identityMax: number;
  votesTried: number;
  votesOk: number;
  refused: number;
  votesNotTried: number;
  addedP50: number;
  addedP95: number;
  addedP99: number;
  addedMax: number;
  solveP99: number;
  hashesP50: number;
  hashesP99: number;
  /** Challenge request + vote request − plain vote: the protection's cost without the solving. */
  requestsP50: number;
  requestsP99: number;
  maxnumberMax: number | null;
  serverCpuMsPerVote: number;
  refusals: string;
}

/** Added time of a vote: its whole protected path minus the reference's median plain vote. */
function crowdFigures(run: CrowdRun, devices: number, plainVoteMs: number): CrowdFigures {
  const identities = run.records.filter((r) => r.kind === 'identity');
  const votes = run.records.filter((r) => r.kind === 'vote');
  const okIdentities = identities.filter((r) => ok(r.status));
  const okVotes = votes.filter((r) => ok(r.status));
  const identityTimes = sortedCopy(okIdentities.map((r) => r.totalMs));
  const added = sortedCopy(okVotes.map((r) => r.totalMs - plainVoteMs));
  const solves = sortedCopy(run.records.map((r) => r.solveMs));
  const numbers = run.records.filter((r) => r.maxnumber !== null).map((r) => r.maxnumber!);
  const hashes = sortedCopy(okVotes.map((r) => r.hashes));
  const requests = sortedCopy(okVotes.map((r) => r.challengeMs + r.actionMs - plainVoteMs));
  return {
    devices,
    identitiesOk: okIdentities.length,
    identityP50: round(percentile(identityTimes, 50)),
    identityP99: round(percentile(identityTimes, 99)),
    identityMax: round(percentile(identityTimes, 100)),
    votesTried: votes.length,
    votesOk: okVotes.length,
    refused: run.records.filter((r) => !ok(r.status)).length,
    votesNotTried: run.votesNotTried,
    addedP50: round(percentile(added, 50)),
    addedP95: round(percentile(added, 95)),
    addedP99: round(percentile(added, 99)),
    addedMax: round(percentile(added, 100)),
    solveP99: round(percentile(solves, 99)),
    hashesP50: percentile(hashes, 50),
    hashesP99: percentile(hashes, 99),
    requestsP50: round(percentile(requests, 50)),
    requestsP99: round(percentile(requests, 99)),
    maxnumberMax: numbers.length > 0 ? Math.max(...numbers) : null,
    serverCpuMsPerVote: round((run.serverCpuSeconds * 1_000) / Math.max(1, okVotes.length), 2),
    refusals: refusals(run.records),
  };
}

const CROWD_HEADERS = [
  'target',
  'devices',
  'identities issued',
  'votes accepted / tried',
  'refused',
  'votes not tried (no identity)',
  'identity p50 / p99 / max ms',
  'added per vote p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'solve p99 ms',
  'requests alone p50 / p99 ms',
  'hashes per vote p50 / p99',
  'highest maxnumber',
  'server CPU ms per vote',
];

function crowdRow(label: string, f: CrowdFigures): Cell[] {
  return [
    label,
    f.devices,
    f.identitiesOk,
    `${f.votesOk} / ${f.votesTried}`,
    f.refused,
    f.votesNotTried,
    `${f.identityP50} / ${f.identityP99} / ${f.identityMax}`,
    f.addedP50,
    f.addedP95,
    f.addedP99,
    f.addedMax,
    f.solveP99,
    `${f.requestsP50} / ${f.requestsP99}`,
    `${f.hashesP50} / ${f.hashesP99}`,
    f.maxnumberMax,
    f.serverCpuMsPerVote,
  ];
}

/** The plain vote of the same machine and moment: a small crowd with the protection off. */
async function plainReference(
  options: ProtectionOptions,
): Promise<{ plainVoteMs: number; p99: number; votes: number; refusals: string }> {
  const file = join(options.dir, 'protection-reference.db');
  const server = await startAppServer(file, { env: { VOTE_PROTECTION: 'off', RATE_LIMIT: 'on' } });
  try {
    const markets = await openMarketIds(server.base);
    options.log(`protection: reference crowd, protection off, ${REFERENCE_DEVICES} devices over ${REFERENCE_SECONDS} s`);
    const run = await runCrowd([server], markets, REFERENCE_DEVICES, REFERENCE_SECONDS, 1);
    const plain = sortedCopy(run.records.filter((r) => r.kind === 'vote' && ok(r.status)).map((r) => r.actionMs));
    return {
      plainVoteMs: percentile(plain, 50),
      p99: percentile(plain, 99),
      votes: plain.length,
      refusals: refusals(run.records),
    };
  } finally {
    await server.stop();
  }
}

async function benchCrowd(options: ProtectionOptions): Promise<Section> {
  const machine = options.machine();
  const s = settings;
  const reference = await plainReference(options);
  const speed = await measureSolverSpeed();
  const file = join(options.dir, 'protection-crowd.db');
  const server = await startAppServer(file, { env: PRODUCTION });
  let run: CrowdRun;
  let transparency: TransparencyReport | null;
  let markets: string[];
  try {
    markets = await openMarketIds(server.base);
    options.log(
      `protection: honest crowd, ${s.crowdDevices} devices over ${s.crowdSeconds} s, ${markets.length} open predictions`,
    );
    run = await runCrowd([server], markets, s.crowdDevices, s.crowdSeconds, CROWD_PROCESSES);
    transparency = await getJson<TransparencyReport>(`${server.base}/api/transparency`);
  } finally {
    await server.stop();
  }
  const ledger = readLedger(file);
  const figures = crowdFigures(run, s.crowdDevices, reference.plainVoteMs);
  const refusedVerdict =
    figures.refused === 0 && figures.votesNotTried === 0
      ? 'none refused (target 0)'
      : `${figures.refused} refused and ${figures.votesNotTried} votes never tried (target 0): ${figures.refusals}`;
  return {
    id: 'protection-crowd',
    title: '5b. Vote protection: 500 honest devices behind one address',
    ranAt: new Date().toISOString(),
    machine,
    method:
      `${s.crowdDevices} simulated devices in ${CROWD_PROCESSES} child processes (\`bench/protection-crowd.ts\`), all from ` +
      `127.0.0.1 — one address, as behind a carrier-grade NAT — against the real server on a fresh SQLite file, ` +
      `\`VOTE_PROTECTION=on\`, \`RATE_LIMIT=on\`, defaults. Each device arrives at a random moment of the ` +
      `${s.crowdSeconds} s run, issues its identity (challenge, altcha-lib solve, \`POST /api/identity\`), then votes once ` +
      `on each of ${VOTES_PER_DEVICE} distinct open predictions picked at random (${markets.length} open), 2–8 s apart; ` +
      `like the browser it never retries a refusal. Added time per vote: challenge request + solve + vote, minus ` +
      `the median plain vote (${round(reference.plainVoteMs, 1)} ms; p99 ${round(reference.p99, 1)} ms over ` +
      `${reference.votes} votes) of a reference crowd of ${REFERENCE_DEVICES} devices over ${REFERENCE_SECONDS} s ` +
      `against a server with \`VOTE_PROTECTION=off\` measured just before. Solving runs in Node on this shared machine ` +
      `(hash rate in 5d), not on a phone.`,
    tables: [
      { caption: 'Honest crowd', headers: CROWD_HEADERS, rows: [crowdRow('one instance, SQLite', figures)] },
      {
        caption: 'Checks',
        headers: ['figure', 'value'],
        rows: [
          ['refusals', figures.refusals],
          ['reference refusals (protection off)', reference.refusals],
          ['crowd run length, s', round(run.seconds)],
          ['crowd processes CPU s (solving included)', round(run.cpuSeconds, 1)],
          ['altcha-lib solver on one core just before the crowd, hashes/s', Math.round(speed.altchaPerSecond)],
          [
            'a vote on a device of its own: requests alone p99 + hashes p99 at that speed, ms',
            round(figures.requestsP99 + (figures.hashesP99 * 1_000) / speed.altchaPerSecond),
          ],
          [
            'transparency difficulty after the run, normal / typical',
            transparency ? `${transparency.difficulty.normal} / ${transparency.difficulty.typical}` : 'not served',
          ],
          ['ledger: counters = vote rows', ledger.mismatchedMarkets.length === 0 ? 'yes' : 'NO'],
        ],
      },
    ],
    reading:
      `${figures.votesOk} of ${s.crowdDevices * VOTES_PER_DEVICE} votes accepted, ${refusedVerdict}; added time per vote ` +
      `p50 ${figures.addedP50} ms, p95 ${figures.addedP95} ms, p99 ${figures.addedP99} ms, longest ${figures.addedMax} ms ` +
      `(identity p99 ${figures.identityP99} ms). The solving is what grows: ${CROWD_PROCESSES} Node processes solve every ` +
      `device's proofs on the shared cores. Without it the requests add p99 ${figures.requestsP99} ms, and the ` +
      `difficulty asked stayed at maxnumber ${figures.maxnumberMax ?? '—'} (p99 ${figures.hashesP99} hashes a vote): ` +
      `${round(figures.requestsP99 + (figures.hashesP99 * 1_000) / speed.altchaPerSecond)} ms on a device solving ` +
      `alone at altcha-lib's ${Math.round(speed.altchaPerSecond).toLocaleString('en-US')} hashes/s measured here.`,
  };
}

// ----------------------------------------------------------------------------------------- instances

async function challengeNumber(base: string, body: unknown, localAddress?: string): Promise<number | null> {
  const url = `${base}/api/challenges`;
  const answer = localAddress
    ? await postFrom<{ challenge: { maxnumber?: number } | null }>(localAddress, url, body)
    : await postJson<{ challenge: { maxnumber?: number } | null }>(url, body);
  return answer.body?.challenge?.maxnumber ?? null;
}

interface Sharing {
  /** Every answer, in order: request number (1-based), instance, maxnumber. */
  answers: { index: number; instance: 'A' | 'B'; maxnumber: number | null }[];
  /** The first request whose difficulty rose above the first answer's. */
  firstRise: number | null;
  /** True when no answer is below the one before it, whichever instance gave either. */
  oneCurve: boolean;
}

const SHARING_MAX_REQUESTS = 2_400;
const SHARING_RISE = 8;

/**
 * Identity challenges asked from A and B in turn, from one address, until the difficulty has risen
 * SHARING_RISE-fold: a challenge request counts against the address's hourly identity budget when it is
 * issued. With one shared count the answers follow one rising curve and the rise starts once the
 * budget is spent in total; with a count per instance each would see half the requests, and the rise
 * would start about twice as late, on two interleaved curves.
 */
async function budgetSharing(a: AppServer, b: AppServer): Promise<Sharing> {
  const answers: Sharing['answers'] = [];
  let first: number | null = null;
  for (let index = 1; index <= SHARING_MAX_REQUESTS; index++) {
    const instance = index % 2 === 1 ? 'A' : 'B';
    const maxnumber = await challengeNumber((instance === 'A' ? a : b).base, { purpose: 'identity' });
    answers.push({ index, instance, maxnumber });
    first ??= maxnumber;
    if (first !== null && maxnumber !== null && maxnumber >= first * SHARING_RISE) break;
  }
  const rise = answers.find((answer) => first !== null && answer.maxnumber !== null && answer.maxnumber > first);
  const oneCurve = answers.every((answer, i) => i === 0 || (answer.maxnumber ?? 0) >= (answers[i - 1]!.maxnumber ?? 0));
  return { answers, firstRise: rise?.index ?? null, oneCurve };
}

/** The answers around the rise and the last ones, so the table stays short. */
function sharingRows(sharing: Sharing): Cell[][] {
  const keep = new Set<number>([1]);
  if (sharing.firstRise !== null) for (let i = sharing.firstRise - 3; i <= sharing.firstRise + 6; i++) keep.add(i);
  const last = sharing.answers.length;
  for (let i = last - 3; i <= last; i++) keep.add(i);
  return sharing.answers
    .filter((answer) => keep.has(answer.index))
    .map((answer) => [answer.index, answer.instance, answer.maxnumber]);
}

interface DoubleSpend {
  kind: string;
  rounds: number;
  exactlyOne: number;
  both: number;
  none: number;
  losers: string;
}

/** The same solved proof sent to both instances at the same moment, `rounds` times. */
async function doubleSpend(a: AppServer, b: AppServer, markets: readonly string[], rounds: number): Promise<DoubleSpend[]> {
  const identity: DoubleSpend = { kind: 'identity proof', rounds: 0, exactlyOne: 0, both: 0, none: 0, losers: '' };
  const vote: DoubleSpend = { kind: 'vote proof', rounds: 0, exactlyOne: 0, both: 0, none: 0, losers: '' };
  const losers = {
    identity: [] as { kind: string; status: number; error: string | null }[],
    vote: [] as { kind: string; status: number; error: string | null }[],
  };
  const tally = (into: DoubleSpend, answers: { status: number; error: string | null }[], kind: 'identity' | 'vote') => {
    into.rounds++;
    const accepted = answers.filter((answer) => ok(answer.status)).length;
    if (accepted === 1) into.exactlyOne++;
    else if (accepted === 0) into.none++;
    else into.both++;
    for (const answer of answers) if (!ok(answer.status)) losers[kind].push({ kind, ...answer });
  };
  for (let round = 0; round < rounds; round++) {
    const challenge = await postJson<{ challenge: Parameters<typeof solve>[0] }>(`${a.base}/api/challenges`, {
      purpose: 'identity',
    });
    const solved = challenge.body ? await solve(challenge.body.challenge) : null;
    if (!solved) throw new Error(`identity challenge: ${challenge.status} ${challenge.error}`);
    const body = solved.proof === undefined ? {} : { proof: solved.proof };
    const answers = await Promise.all(
      [a, b].map((server) => postJson<{ fingerprint: string }>(`${server.base}/api/identity`, body)),
    );
    tally(identity, answers, 'identity');
    const fingerprint = answers.find((answer) => answer.body)?.body?.fingerprint;
    if (!fingerprint) continue;
    const ballot = { marketId: markets[round % markets.length]!, voteType: 'yes' as const, fingerprint };
    const voteChallenge = await postJson<{ challenge: Parameters<typeof solve>[0] }>(`${b.base}/api/challenges`, {
      purpose: 'vote',
      ...ballot,
    });
    const voteSolved = voteChallenge.body ? await solve(voteChallenge.body.challenge) : null;
    if (!voteSolved) throw new Error(`vote challenge: ${voteChallenge.status} ${voteChallenge.error}`);
    const voteBody = voteSolved.proof === undefined ? ballot : { ...ballot, proof: voteSolved.proof };
    tally(vote, await Promise.all([a, b].map((server) => postJson(`${server.base}/api/votes`, voteBody))), 'vote');
  }
  identity.losers = refusals(losers.identity);
  vote.losers = refusals(losers.vote);
  return [identity, vote];
}

async function countVoteRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from votes')).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function benchInstances(options: ProtectionOptions): Promise<Section> {
  const machine = options.machine();
  const s = settings;
  const devices = Math.max(10, Math.round((s.crowdDevices * s.instancesSeconds) / s.crowdSeconds));
  const database = await createTestDatabase('postgres');
  const servers: AppServer[] = [];
  try {
    const env = { ...PRODUCTION, DATABASE_URL: database.url };
    // Started together, as a deploy would: both migrate and seed; the database keeps one copy.
    servers.push(
      ...(await Promise.all([
        startAppServer(join(options.dir, 'unused-a.db'), { env }),
        startAppServer(join(options.dir, 'unused-b.db'), { env }),
      ])),
    );
    const [a, b] = servers as [AppServer, AppServer];
    const markets = await openMarketIds(a.base);
    const rowsBefore = await countVoteRows(database.url);
    options.log(`protection: two instances over PostgreSQL, ${devices} devices over ${s.instancesSeconds} s`);
    const run = await runCrowd(servers, markets, devices, s.instancesSeconds, 2);
    const reference = median(run.records.filter((r) => r.kind === 'vote' && ok(r.status)).map((r) => r.actionMs));
    const figures = crowdFigures(run, devices, reference);
    const transparency = await Promise.all(
      servers.map((server) => getJson<TransparencyReport>(`${server.base}/api/transparency`)),
    );

    options.log(`protection: double spending, ${s.doubleSpendRounds} rounds`);
    const spends = await doubleSpend(a, b, markets, s.doubleSpendRounds);
    // Last, as it leaves this address's identity difficulty high for the hour.
    options.log('protection: identity budget through both instances');
    const sharing = await budgetSharing(a, b);

    // Every vote answered 2xx (crowd and double spends; the probe never votes) is one row, and nothing more.
    const rowsAdded = (await countVoteRows(database.url)) - rowsBefore;
    const acknowledged = figures.votesOk + (spends[1]?.exactlyOne ?? 0) + 2 * (spends[1]?.both ?? 0);
    const allExactlyOne = spends.every((spend) => spend.exactlyOne === spend.rounds);

    return {
      id: 'protection-instances',
      title: '5c. Vote protection: two instances over PostgreSQL',
      ranAt: new Date().toISOString(),
      machine,
      method:
        `Two server processes on one fresh PostgreSQL database (127.0.0.1:5432), \`VOTE_PROTECTION=on\`, \`RATE_LIMIT=on\`, ` +
        `defaults, no Redis. The honest crowd of 5b at the same arrival rate over a shorter run: ${devices} devices over ` +
        `${s.instancesSeconds} s in 2 processes; each action takes its challenge from one instance and is sent to the ` +
        `other, so every proof is checked by the instance that did not issue it. Added time is measured against the ` +
        `median vote request of this run (${round(reference, 1)} ms). Then ${s.doubleSpendRounds} rounds of double ` +
        'spending: one solved proof sent to both instances at the same moment — an identity proof, then a vote ' +
        'proof — and the vote rows added in PostgreSQL are counted. Last, budgets: identity challenges asked from A ' +
        'and B in turn until the difficulty has risen eightfold (each request counts against the hourly identity ' +
        'budget of the address): with one shared count the answers follow one curve, rising once the budget is ' +
        'spent in total; with a count per instance the rise would come about twice as late, on two curves.',
      tables: [
        {
          caption: 'Honest crowd through both instances',
          headers: CROWD_HEADERS,
          rows: [crowdRow('two instances, PostgreSQL', figures)],
        },
        {
          caption:
            `Identity challenges asked from A and B in turn after the crowd (${sharing.answers.length} requests; ` +
            `rows around the first rise and the last ones)`,
          headers: ['request', 'instance', 'maxnumber'],
          rows: sharingRows(sharing),
        },
        {
          caption: 'The same proof sent to both instances at once',
          headers: ['proof', 'rounds', 'exactly one accepted', 'both accepted', 'none accepted', 'the other answer'],
          rows: spends.map((spend) => [spend.kind, spend.rounds, spend.exactlyOne, spend.both, spend.none, spend.losers]),
        },
        {
          caption: 'Checks',
          headers: ['figure', 'value'],
          rows: [
            ['refusals in the crowd', figures.refusals],
            [
              'identities issued to this address before the budget probe (crowd + double-spend rounds)',
              figures.identitiesOk + spends[0]!.exactlyOne + 2 * spends[0]!.both,
            ],
            [
              'transparency difficulty after the crowd, A / B (normal, typical)',
              transparency.map((t) => (t ? `${t.difficulty.normal}, ${t.difficulty.typical}` : 'not served')).join(' / '),
            ],
            ['vote rows added in PostgreSQL', rowsAdded],
            ['2xx vote answers (crowd + double spends)', acknowledged],
          ],
        },
      ],
      reading:
        `${figures.votesOk} of ${figures.votesTried} votes accepted through two instances (${figures.refused} refused), ` +
        `added p99 ${figures.addedP99} ms; the identity difficulty asked by A and B in turn ` +
        `${sharing.oneCurve ? 'followed one rising curve' : 'did NOT follow one curve'}, rising from request ${sharing.firstRise ?? '— (never)'} on; ` +
        `${spends.map((spend) => `${spend.kind}: exactly one accepted in ${spend.exactlyOne} of ${spend.rounds} rounds`).join(', ')}` +
        `${allExactlyOne ? '' : ' — DOUBLE SPENDING or refusals, see table'}.`,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

// ------------------------------------------------------------------------------------------ griefing

/** A second address on this machine: the server sees requests bound to it as coming from elsewhere. */
const OTHER_ADDRESS = '127.0.0.2';
/** Challenge requests sent without solving any: past the per-market budget of all addresses together (3,000 an hour by default). */
const GRIEF_VOTE_REQUESTS = Number(process.env.PROTECTION_GRIEF_VOTE_REQUESTS ?? 4_400);
const GRIEF_IDENTITY_REQUESTS = Number(process.env.PROTECTION_GRIEF_IDENTITY_REQUESTS ?? 800);

/** Asks challenges as fast as the rate limit lets one address, waiting out its 429s; never solves one. */
async function askMany(base: string, body: unknown, count: number): Promise<{ seconds: number; waits: number }> {
  const started = Date.now();
  let waits = 0;
  for (let sent = 0; sent < count;) {
    const answer = await postJson(`${base}/api/challenges`, body);
    if (answer.status === 429) {
      waits++;
      await new Promise((resolve) => setTimeout(resolve, (answer.retryAfterSeconds ?? 1) * 1_000));
      continue;
    }
    if (!ok(answer.status)) throw new Error(`challenge request: ${answer.status} ${answer.error}`);
    sent++;
  }
  return { seconds: (Date.now() - started) / 1_000, waits };
}

async function benchGriefing(options: ProtectionOptions): Promise<Section> {
  const machine = options.machine();
  const file = join(options.dir, 'protection-griefing.db');
  const server = await startAppServer(file, { env: PRODUCTION });
  try {
    const route: Route = { challengeBase: server.base, actionBase: server.base };
    const target = (await openMarketIds(server.base))[0]!;
    // Someone elsewhere on the island, with an identity issued to that address, before and after.
    const honestChallenge = await postFrom<ChallengeAnswer>(OTHER_ADDRESS, `${server.base}/api/challenges`, {
      purpose: 'identity',
    });
    const honestSolved = honestChallenge.body ? await solve(honestChallenge.body.challenge) : null;
    const honest = honestSolved
      ? await postFrom<{ fingerprint: string }>(OTHER_ADDRESS, `${server.base}/api/identity`, { proof: honestSolved.proof })
      : null;
    if (!honest?.body) throw new Error(`identity from ${OTHER_ADDRESS} refused: ${honest?.status} ${honest?.error}`);
    const honestVote = { purpose: 'vote', marketId: target, voteType: 'yes', fingerprint: honest.body.fingerprint };
    const sample = async () => ({
      voteElsewhere: await challengeNumber(server.base, honestVote, OTHER_ADDRESS),
      identitySameAddress: await challengeNumber(server.base, { purpose: 'identity' }),
      identityElsewhere: await challengeNumber(server.base, { purpose: 'identity' }, OTHER_ADDRESS),
    });
    const before = await sample();
    // The griever: one identity (one proof), then challenge requests only.
    const griever = await issueIdentity(route);
    if (!griever.fingerprint) throw new Error(`griever identity refused: ${griever.status} ${griever.error}`);
    options.log(
      `protection: griefing, ${GRIEF_VOTE_REQUESTS} vote challenges on ${target} and ${GRIEF_IDENTITY_REQUESTS} identity challenges, none solved`,
    );
    const cpuBefore = process.cpuUsage();
    const votes = await askMany(
      server.base,
      { purpose: 'vote', marketId: target, voteType: 'yes', fingerprint: griever.fingerprint },
      GRIEF_VOTE_REQUESTS,
    );
    const identities = await askMany(server.base, { purpose: 'identity' }, GRIEF_IDENTITY_REQUESTS);
    const cpu = process.cpuUsage(cpuBefore);
    const after = await sample();
    const speed = (await measureSolverSpeed()).altchaPerSecond;
    const row = (label: string, from: string, was: number | null, now: number | null): Cell[] => [
      label,
      from,
      was,
      now,
      expectedHashes(now),
      now === null ? null : round(now / 2 / speed, 1),
    ];
    const voteFactor = before.voteElsewhere && after.voteElsewhere ? round(after.voteElsewhere / before.voteElsewhere, 1) : null;
    const identityFactor =
      before.identitySameAddress && after.identitySameAddress
        ? round(after.identitySameAddress / before.identitySameAddress, 1)
        : null;
    return {
      id: 'protection-griefing',
      title: '5e. Vote protection: budgets spent by requests that solve nothing',
      ranAt: new Date().toISOString(),
      machine,
      method:
        'The real server on SQLite, `VOTE_PROTECTION=on`, `RATE_LIMIT=on`, defaults. Budgets are counted when a ' +
        'challenge is issued, so asking for challenges without solving them spends them. From 127.0.0.1, one issued ' +
        `identity asks ${GRIEF_VOTE_REQUESTS} vote challenges for one prediction, then ${GRIEF_IDENTITY_REQUESTS} ` +
        `identity challenges, solving none (429s waited out). Another device, seen from ${OTHER_ADDRESS} (another ` +
        'address: the server keys budgets by address), asks the same challenges before and after. Seconds to ' +
        "solve: expected hashes at altcha-lib's speed measured now in Node on this machine.",
      tables: [
        {
          caption: 'Difficulty asked before and after',
          headers: ['challenge', 'asked from', 'maxnumber before', 'maxnumber after', 'expected hashes after', 's to solve here'],
          rows: [
            row(`vote on ${target}, another device`, OTHER_ADDRESS, before.voteElsewhere, after.voteElsewhere),
            row(
              'identity, a new phone behind the same address',
              '127.0.0.1',
              before.identitySameAddress,
              after.identitySameAddress,
            ),
            row('identity, a new phone elsewhere', OTHER_ADDRESS, before.identityElsewhere, after.identityElsewhere),
          ],
        },
        {
          caption: 'What it cost the griever',
          headers: ['requests', 'seconds', '429 waits', 'griever CPU s (this process)', 'proofs solved'],
          rows: [
            [
              `${GRIEF_VOTE_REQUESTS} vote + ${GRIEF_IDENTITY_REQUESTS} identity challenges`,
              round(votes.seconds + identities.seconds),
              votes.waits + identities.waits,
              round((cpu.user + cpu.system) / 1e6, 1),
              1,
            ],
          ],
        },
      ],
      reading:
        `Without solving anything, one address raised the vote difficulty of one prediction for everyone ${voteFactor ?? '—'}× ` +
        `(a device at another address now gets maxnumber ${after.voteElsewhere ?? '—'}), and the identity difficulty of its own ` +
        `address ${identityFactor ?? '—'}× (maxnumber ${after.identitySameAddress ?? '—'}), in ` +
        `${round(votes.seconds + identities.seconds)} s of requests.`,
    };
  } finally {
    await server.stop();
  }
}

export async function benchProtection(options: ProtectionOptions): Promise<string[]> {
  const readings: string[] = [];
  const parts: Record<ProtectionPart, (options: ProtectionOptions) => Promise<Section>> = {
    cost: benchCost,
    attack: benchAttack,
    crowd: benchCrowd,
    instances: benchInstances,
    griefing: benchGriefing,
    'fair-attack': benchFairAttack,
    'fair-crowd': benchFairCrowd,
    'fair-flood': benchFairFlood,
  };
  for (const part of settings.parts) {
    let section: Section;
    try {
      section = await parts[part](options);
    } catch (error) {
      options.log(`protection ${part} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      section = {
        id: `protection-${part}`,
        title: `protection-${part}: not measured`,
        ranAt: new Date().toISOString(),
        machine: options.machine(),
        method: 'The benchmark did not complete in this run.',
        tables: [],
        reading: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      };
    } finally {
      killAllChildren();
    }
    await options.onSection(section);
    readings.push(`${part}: ${section.reading}`);
  }
  return readings;
}
