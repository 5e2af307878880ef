import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChallengeAnswer, IdentityAnswer, ProofChallenge } from '../src/shared/vote-protection.js';
import { newFingerprint, openMarketIds } from './lib/api.js';
import { postAs } from './lib/fair-client.js';
import { monotonicMicros, topSelfTimes, type SelfTime } from './lib/cpu-profile.js';
import { readLedger } from './lib/ledger.js';
import { failures, load, type LoadRun } from './lib/load.js';
import { SolverPool } from './lib/native-solver.js';
import { cpuSecondsOf, startAppServer, type AppServer } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

/**
 * Election night with the protection on: the vote path in the production configuration (vote protection and
 * rate limits on, behind one trusted proxy) against plain votes (both off, as section 1), in the same run, with
 * the same connections and the same kind of vote (a new device's first vote on a prediction).
 *
 * The load generator does the devices' part beforehand and natively, as phones would have done it on their own
 * cores: each device gets its identity (identity challenge solved at the price the server asks, then
 * `POST /api/identity`) and the proofs of its votes, solved at the price asked. Two protected paths are timed
 * (docs/decisions/049):
 * - handed on: each vote spends a ballot proof (the challenge the identity's answer or the previous vote's answer
 *   handed on; the generator asks for the same ballots beforehand) and its answer hands on the next one: one request,
 *   `POST /api/votes`, which does the challenge's work too;
 * - bound: per vote, the challenge request (`POST /api/challenges`, whose answer is what a phone would solve) then
 *   the vote carrying its proof: what a vote without a ballot in hand costs.
 * Each device has its own address (`X-Forwarded-For`), so every price is the price a fresh identity pays.
 */

export interface ProtectedVotesOptions {
  dir: string;
  machine: string;
  connections: number;
  log: (line: string) => void;
}

/**
 * Votes per target (`PROTECTED_VOTES`, 8,000 by default): every one is a proof solved beforehand at the production
 * price, which the load generator pays on the same 2 cores (about 8·10^6 hashes per 1,000 votes, identities included;
 * some 100 s of preparation per protected path). With 2,000 the timed runs lasted 1–2 s, too short to compare.
 */
export function protectedVotes(): number {
  const votes = Number(process.env.PROTECTED_VOTES ?? 8_000);
  return Number.isFinite(votes) && votes >= 1_000 ? Math.round(votes) : 8_000;
}

/** Votes of one device: under the per-identity budget (10 a minute), so its price stays the normal one. */
const VOTES_PER_DEVICE = 8;
/** Votes sent before each measured run, to let V8 optimise; not counted. */
const WARM_UP_SHARE = 0.2;
/** Requests in flight while preparing (the solver threads are the bottleneck, not these). */
const PREPARE_CONCURRENCY = 48;

/**
 * The production configuration, behind one trusted proxy. Challenges live an hour instead of 5 minutes, so that
 * proofs solved early in a long preparation are still valid when the clock starts; the server does the same work.
 */
const PRODUCTION = {
  VOTE_CHANGE: 'allowed',
  VOTE_PROTECTION: 'on',
  RATE_LIMIT: 'on',
  TRUST_PROXY: '1',
  PROTECTION_CHALLENGE_TTL_SECONDS: '3600',
};

/** How a protected vote gets its proof: solved ahead from a ballot handed on (one request), or bound to it (two). */
type ProtectedPath = 'handed-on' | 'bound';

interface PreparedVote {
  address: string;
  marketId: string;
  voteType: 'yes' | 'no';
  fingerprint: string;
  /** The challenge request of the timed part (the same binding the proof was solved for); bound path only. */
  challengeBody: string;
  voteBody: string;
}

/** A distinct address per device, in 10.0.0.0/8 (the trusted proxy's `X-Forwarded-For`). */
function addressOf(device: number): string {
  const n = device + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function challengeOf(base: string, address: string, request: unknown): Promise<ProofChallenge> {
  const answer = await postAs<ChallengeAnswer>(base, '/api/challenges', request, address);
  if (answer.status !== 200 || !answer.body?.challenge) throw new Error(`POST /api/challenges answered ${answer.status}`);
  return answer.body.challenge;
}

/** Runs `work` over `count` indexes with at most `concurrency` at once. */
async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const loop = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, loop));
}

interface Preparation {
  votes: PreparedVote[];
  devices: number;
  seconds: number;
  /** The prices the server asked (maxnumber) for identities and for votes: [min, max]. */
  identityPrice: [number, number];
  votePrice: [number, number];
  hashes: number;
}

/** Devices minted and vote proofs solved by the load generator, off the clock. */
async function prepare(server: AppServer, count: number, path: ProtectedPath, log: (line: string) => void): Promise<Preparation> {
  const started = performance.now();
  const marketIds = await openMarketIds(server.base);
  const devices = Math.ceil(count / VOTES_PER_DEVICE);
  const solver = new SolverPool();
  const votes: PreparedVote[] = new Array<PreparedVote>(devices * VOTES_PER_DEVICE);
  const identityPrice: [number, number] = [Infinity, 0];
  const votePrice: [number, number] = [Infinity, 0];
  const price = (range: [number, number], challenge: ProofChallenge) => {
    range[0] = Math.min(range[0], challenge.maxnumber ?? 0);
    range[1] = Math.max(range[1], challenge.maxnumber ?? 0);
  };
  try {
    await inParallel(devices, PREPARE_CONCURRENCY, async (device) => {
      const address = addressOf(device);
      const identityChallenge = await challengeOf(server.base, address, { purpose: 'identity' });
      price(identityPrice, identityChallenge);
      const { proof } = await solver.solve(identityChallenge);
      const issued = await postAs<IdentityAnswer>(server.base, '/api/identity', { proof }, address);
      if (issued.status !== 201 || !issued.body) throw new Error(`POST /api/identity answered ${issued.status}`);
      const fingerprint = issued.body.fingerprint;
      const handedOn = issued.body.nextChallenge;
      if (path === 'handed-on' && !handedOn) throw new Error('POST /api/identity handed on no challenge');
      await Promise.all(
        Array.from({ length: VOTES_PER_DEVICE }, async (_, slot) => {
          const index = device * VOTES_PER_DEVICE + slot;
          // Each device votes on different predictions, and the devices together spread over all of them.
          const marketId = marketIds[(device + slot * 5) % marketIds.length]!;
          const voteType = index % 2 === 0 ? 'yes' : 'no';
          const request = { purpose: 'vote', marketId, voteType, fingerprint };
          // Handed on: the first vote's ballot came with the identity; the next ones would come with each vote's
          // answer, and are asked for here, off the clock, at the same price.
          const challenge =
            path === 'bound'
              ? await challengeOf(server.base, address, request)
              : slot === 0 && handedOn
                ? handedOn
                : await challengeOf(server.base, address, { purpose: 'ballot', fingerprint });
          price(votePrice, challenge);
          const solved = await solver.solve(challenge);
          votes[index] = {
            address,
            marketId,
            voteType,
            fingerprint,
            challengeBody: JSON.stringify(request),
            voteBody: JSON.stringify({ marketId, voteType, fingerprint, proof: solved.proof }),
          };
        }),
      );
      if ((device + 1) % 500 === 0) log(`    ${device + 1}/${devices} devices ready`);
    });
    return { votes, devices, seconds: (performance.now() - started) / 1000, identityPrice, votePrice, hashes: solver.hashes };
  } finally {
    await solver.close();
  }
}

/** Drives `votes` through the server: challenge then vote per vote on the bound path, the vote alone otherwise. */
async function drive(
  server: AppServer,
  votes: readonly PreparedVote[],
  connections: number,
  path: ProtectedPath | 'plain',
): Promise<{ run: LoadRun; accepted: number; refused: Record<string, number> }> {
  let next = 0;
  let accepted = 0;
  const refused: Record<string, number> = {};
  const voteResponse = (status: number) => {
    if (status === 200) accepted++;
    else refused[status] = (refused[status] ?? 0) + 1;
  };
  const voteRequest = {
    method: 'POST',
    path: '/api/votes',
    headers: { 'content-type': 'application/json' },
    onResponse: voteResponse,
  };
  const requests =
    path === 'bound'
      ? [
          {
            method: 'POST',
            path: '/api/challenges',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request: object, context: Record<string, unknown>) => {
              const vote = votes[next++ % votes.length]!;
              context.vote = vote;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': vote.address },
                body: vote.challengeBody,
              };
            },
          },
          {
            ...voteRequest,
            setupRequest: (request: object, context: Record<string, unknown>) => {
              const vote = context.vote as PreparedVote;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': vote.address },
                body: vote.voteBody,
              };
            },
          },
        ]
      : [
          {
            ...voteRequest,
            setupRequest: (request: object) => {
              const vote = votes[next++ % votes.length]!;
              const headers = {
                'content-type': 'application/json',
                ...(vote.address ? { 'x-forwarded-for': vote.address } : {}),
              };
              return { ...request, headers, body: vote.voteBody };
            },
          },
        ];
  const run = await load(
    { url: server.base, connections, amount: votes.length * requests.length, timeout: 30, requests },
    votes.length * 10 + 60_000,
  );
  return { run, accepted, refused };
}

interface Measured {
  label: string;
  run: LoadRun;
  votesPerSecond: number;
  accepted: number;
  refused: Record<string, number>;
  rowsAdded: number;
  mismatchedMarkets: string[];
  cpuMsPerVote: number;
  sent: number;
}

async function measure(
  label: string,
  server: AppServer,
  file: string,
  votes: PreparedVote[],
  options: ProtectedVotesOptions,
  path: ProtectedPath | 'plain',
): Promise<Measured> {
  const warm = Math.round(votes.length * WARM_UP_SHARE);
  try {
    await drive(server, votes.slice(0, warm), options.connections, path);
    const before = readLedger(file);
    const measured = votes.slice(warm);
    const cpuBefore = cpuSecondsOf(server.pid);
    const { run, accepted, refused } = await drive(server, measured, options.connections, path);
    const cpuMsPerVote = ((cpuSecondsOf(server.pid) - cpuBefore) * 1_000) / Math.max(1, accepted);
    await server.stop();
    const after = readLedger(file);
    options.log(`  ${label}: ${round(accepted / run.seconds)} votes/s, ${accepted}/${measured.length} accepted`);
    return {
      label,
      run,
      votesPerSecond: accepted / run.seconds,
      accepted,
      refused,
      rowsAdded: after.voteRows - before.voteRows,
      mismatchedMarkets: after.mismatchedMarkets,
      cpuMsPerVote,
      sent: measured.length,
    };
  } finally {
    await server.stop();
  }
}

/**
 * The protected path under `node --cpu-prof`, apart from the measured runs. Its devices pay the lowest price the
 * settings allow (maxnumber 10), so preparing thousands of them is quick: the server's checks cost the same at any
 * price (one hash to check a solution, whatever was searched to find it).
 */
async function profileProtected(
  options: ProtectedVotesOptions,
  count: number,
): Promise<{ entries: SelfTime[]; total: number; votes: number; seconds: number }> {
  const profileDir = join(options.dir, 'protected-profile');
  mkdirSync(profileDir, { recursive: true });
  const file = join(options.dir, 'protected-profiled.db');
  const server = await startAppServer(file, {
    env: { ...PRODUCTION, PROTECTION_NORMAL_MAXNUMBER: '10', PROTECTION_IDENTITY_MAXNUMBER: '10' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  try {
    const { votes } = await prepare(server, count, 'handed-on', () => {});
    const warm = Math.round(votes.length * WARM_UP_SHARE);
    await drive(server, votes.slice(0, warm), options.connections, 'handed-on');
    const from = monotonicMicros();
    const { run, accepted } = await drive(server, votes.slice(warm), options.connections, 'handed-on');
    const to = monotonicMicros();
    // SIGTERM: the server closes and exits normally, which writes the profile.
    await server.stop(30_000);
    return { ...topSelfTimes(profileDir, 12, { from, to }), votes: accepted, seconds: run.seconds };
  } finally {
    await server.stop();
  }
}

export async function benchProtectedVotes(options: ProtectedVotesOptions): Promise<Section> {
  const count = protectedVotes();
  options.log('votes-protected: plain votes (protection and rate limits off)');
  const plainFile = join(options.dir, 'plain.db');
  const plainServer = await startAppServer(plainFile, { env: { VOTE_CHANGE: 'allowed' } });
  const plainMarkets = await openMarketIds(plainServer.base);
  const plainVotes: PreparedVote[] = Array.from({ length: count }, (_, index) => {
    const marketId = plainMarkets[index % plainMarkets.length]!;
    const voteType = index % 2 === 0 ? 'yes' : 'no';
    return {
      address: '',
      marketId,
      voteType,
      fingerprint: '',
      challengeBody: '',
      voteBody: JSON.stringify({ marketId, voteType, fingerprint: newFingerprint() }),
    };
  });
  const plain = await measure('plain', plainServer, plainFile, plainVotes, options, 'plain');

  const protectedRun = async (path: ProtectedPath, label: string) => {
    options.log(
      `votes-protected: production configuration, ${path}: preparing ${count} votes (identities and proofs solved natively)`,
    );
    const file = join(options.dir, `protected-${path}.db`);
    const server = await startAppServer(file, { env: PRODUCTION });
    let preparation: Preparation;
    try {
      preparation = await prepare(server, count, path, options.log);
    } catch (error) {
      await server.stop();
      throw error;
    }
    options.log(`  prepared in ${round(preparation.seconds)} s (${preparation.devices} devices)`);
    return { preparation, measured: await measure(label, server, file, preparation.votes.slice(0, count), options, path) };
  };
  const handedOn = await protectedRun('handed-on', 'protected, proof handed on');
  const bound = await protectedRun('bound', 'protected, challenge then vote');
  const { preparation } = handedOn;
  const guarded = handedOn.measured;

  options.log('votes-protected: CPU profile of the protected path (proof handed on; cheapest price, same checks)');
  const profile = await profileProtected(options, count * 2);

  const endToEnd = ratio(guarded.votesPerSecond, plain.votesPerSecond, 2);
  const boundRatio = ratio(bound.measured.votesPerSecond, plain.votesPerSecond, 2);
  const faithful = [plain, guarded, bound.measured].every((m) => m.rowsAdded === m.accepted && m.mismatchedMarkets.length === 0);
  const row = (m: Measured, requestsPerVote: number) => [
    m.label,
    requestsPerVote,
    round(m.votesPerSecond),
    ratio(m.votesPerSecond, plain.votesPerSecond, 2),
    m.run.result.latency.p50,
    m.run.result.latency.p99,
    round(m.run.seconds, 1),
    `${m.accepted}/${m.sent}`,
    Object.keys(m.refused).length === 0
      ? 'none'
      : Object.entries(m.refused)
          .map(([code, n]) => `${n}×${code}`)
          .join(' '),
    failures(m.run.result),
    round(m.cpuMsPerVote, 3),
    m.rowsAdded === m.accepted && m.mismatchedMarkets.length === 0 ? 'yes' : 'NO',
  ];
  return {
    id: 'votes-protected',
    title: '1c. Election night with the protection on: protected against plain votes (SQLite)',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `autocannon, ${options.connections} connections, pipelining 1, ${count} votes per target, each a new device's first vote on a ` +
      `prediction, spread over the open predictions; the first ${WARM_UP_SHARE * 100} % of them warm the server up and are not counted. ` +
      'Plain: the server as in section 1 (vote protection and rate limits off), one `POST /api/votes` per vote. Protected: the production ' +
      'configuration (VOTE_PROTECTION and RATE_LIMIT at their default, on; TRUST_PROXY=1 as behind nginx, each device its own ' +
      '`X-Forwarded-For` address). Before the clock starts, the load generator mints every identity (identity challenge at the price the ' +
      `server asks, solved natively on worker threads, then \`POST /api/identity\`) and solves the proof of each vote (${VOTES_PER_DEVICE} ` +
      'votes per device, at the price the server asks a fresh identity). Two protected paths, each on its own server (docs/decisions/049). ' +
      "Proof handed on: the first vote's ballot challenge came with the identity, the next ones (which each vote's answer hands on) are " +
      'asked for beforehand at the same price; timed, per vote, `POST /api/votes` alone, whose answer prices, signs and hands on the next ' +
      'challenge. Challenge then vote (a vote with no ballot in hand): timed, per vote, `POST /api/challenges` for that vote (its answer is ' +
      "what the phone would solve; the phone's solving time is not the server's) then `POST /api/votes` with the proof. " +
      'Challenges live an hour (PROTECTION_CHALLENGE_TTL_SECONDS=3600, 300 s by default) so that proofs solved early in the preparation are still valid when the clock starts. Both servers on fresh SQLite files (WAL, synchronous=FULL); after each run the process is stopped and the file read: the rows added ' +
      'must equal the votes accepted, every counter its rows. `PROTECTED_VOTES` sets the count (8,000 by default).',
    tables: [
      {
        caption:
          `Votes per second, same run (preparation of each protected path: ${preparation.devices} devices in ${round(preparation.seconds)} s, ` +
          `identity price ${preparation.identityPrice.join('–')}, vote price ${preparation.votePrice.join('–')}, ` +
          `${round(preparation.hashes / 1e6)} M hashes)`,
        headers: [
          'target',
          'requests per vote',
          'accepted votes/s',
          'ratio vs plain',
          'p50 ms (per request)',
          'p99 ms (per request)',
          'run s',
          'accepted',
          'votes refused',
          'failures',
          'CPU ms per vote',
          'rows = accepted, counters = rows',
        ],
        rows: [row(plain, 1), row(guarded, 1), row(bound.measured, 2)],
      },
      {
        caption:
          `Server CPU profile of the protected path (proof handed on; ${profile.votes} votes in ${round(profile.seconds, 1)} s, ` +
          `${round(profile.total)} ms of samples, devices at the lowest price): top 12 self time of the busiest thread (the event loop or the vote writer)`,
        headers: ['function and place', 'self %', 'self ms'],
        rows: profile.entries.map((entry) => [entry.entry, round(entry.percent, 1), round(entry.ms)]),
      },
    ],
    reading:
      `Protected end to end, proof handed on (one request, which also issues the next challenge) ${round(guarded.votesPerSecond)} votes/s ` +
      `against ${round(plain.votesPerSecond)} plain: ${endToEnd} (target ≥ 0.6: ${endToEnd >= 0.6 ? 'met' : 'not met'}); ` +
      `challenge then vote ${round(bound.measured.votesPerSecond)} votes/s: ${boundRatio}; ` +
      `${faithful ? 'every accepted vote is a row and every counter matches its rows' : 'the ledger check FAILED (see table)'}.`,
  };
}
