import { join } from 'node:path';
import { openMarketIds, voteBody } from './lib/api.js';
import { readLedger } from './lib/ledger.js';
import { failures, load, type LoadRun } from './lib/load.js';
import {
  cpuSecondsOf,
  sleep,
  startAppServer,
  startReferenceServer,
  type AppServer,
  type ReferenceSync,
} from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

export interface VotesOptions {
  dir: string;
  machine: string;
  /** Target length of each measured run. */
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

interface Measured {
  label: string;
  run: LoadRun;
  acknowledged: number;
  rowsAdded: number;
  mismatchedMarkets: string[];
  peakRss: number;
  /** CPU time the target process used per acknowledged vote in the measured run, ms. */
  cpuMsPerVote: number;
}

/** Warm-up by duration (lets V8 optimise and gives the rate that sizes the measured run). */
const WARM_UP_SECONDS = 3;

/**
 * Drives `POST /api/votes` with distinct fingerprints over the open markets: a short warm-up, then a
 * run sized from the warm-up rate to last about `seconds`. The measured run uses `amount` (not a
 * duration) so every request sent gets its answer and the 2xx count can be compared exactly with the
 * vote rows it added (the ledger is read after the warm-up has settled).
 */
async function measure(label: string, server: AppServer, file: string, options: VotesOptions): Promise<Measured> {
  const marketIds = await openMarketIds(server.base);
  let sequence = 0;
  let peakRss = server.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.rss());
  }, 250);
  const run = (size: { amount: number } | { duration: number }) =>
    load(
      {
        url: server.base,
        connections: options.connections,
        ...size,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path: '/api/votes',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: voteBody(marketIds, sequence++) }),
          },
        ],
      },
      options.seconds * 4_000 + 10_000,
    );
  try {
    const warm = await run({ duration: WARM_UP_SECONDS });
    // Requests cut at the end of the warm-up finish on the server; let them land before reading.
    await sleep(1_000);
    const before = readLedger(file);
    // The best second of the warm-up is the closest to the optimised rate.
    const rate = Math.max(warm.okPerSecond, warm.result.requests.p97_5);
    const amount = Math.max(options.connections * 10, Math.round(rate * options.seconds));
    options.log(`  ${label}: warm-up ${round(warm.okPerSecond)} votes/s (best second ${round(rate)}), measuring ${amount} votes`);
    const cpuBefore = cpuSecondsOf(server.pid);
    const main = await run({ amount });
    const cpuMsPerVote = ((cpuSecondsOf(server.pid) - cpuBefore) * 1_000) / Math.max(1, main.result['2xx']);
    await server.stop();
    const after = readLedger(file);
    return {
      label,
      run: main,
      acknowledged: main.result['2xx'],
      rowsAdded: after.voteRows - before.voteRows,
      mismatchedMarkets: after.mismatchedMarkets,
      peakRss,
      cpuMsPerVote,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

async function measureReference(sync: ReferenceSync, options: VotesOptions): Promise<Measured> {
  const file = join(options.dir, `reference-${sync.toLowerCase()}.db`);
  const server = await startReferenceServer(file, sync);
  return measure(`per-request commit, synchronous=${sync}`, server, file, options);
}

async function measureServer(options: VotesOptions): Promise<Measured> {
  const file = join(options.dir, 'server-votes.db');
  const server = await startAppServer(file);
  return measure('Prédi974 server (group commit, synchronous=FULL)', server, file, options);
}

export async function benchVotes(options: VotesOptions): Promise<Section> {
  options.log('votes: naive reference, synchronous=FULL');
  const reference = await measureReference('FULL', options);
  options.log('votes: the server');
  const server = await measureServer(options);
  options.log('votes: naive reference, synchronous=NORMAL (not durable)');
  const normal = await measureReference('NORMAL', { ...options, seconds: Math.max(3, Math.round(options.seconds / 2)) });

  const row = (measured: Measured) => [
    measured.label,
    round(measured.run.okPerSecond),
    ratio(measured.run.okPerSecond, reference.run.okPerSecond),
    measured.run.result.latency.p50,
    measured.run.result.latency.p99,
    measured.run.result.latency.max,
    round(measured.run.seconds, 1),
    failures(measured.run.result),
    round(measured.cpuMsPerVote, 2),
    round(measured.peakRss / 2 ** 20),
  ];
  const ledgerRow = (measured: Measured) => [
    measured.label,
    measured.acknowledged,
    measured.rowsAdded,
    measured.acknowledged === measured.rowsAdded ? 'yes' : 'NO',
    measured.mismatchedMarkets.length === 0 ? 'yes' : `NO (${measured.mismatchedMarkets.join(', ')})`,
  ];
  const all = [reference, server, normal];
  const faithful = all.every((m) => m.acknowledged === m.rowsAdded && m.mismatchedMarkets.length === 0);
  const speedup = ratio(server.run.okPerSecond, reference.run.okPerSecond, 1);
  const versusNormal = ratio(server.run.okPerSecond, normal.run.okPerSecond, 2);

  return {
    id: 'votes',
    title: '1. Durable votes: `POST /api/votes`',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `autocannon, ${options.connections} connections, pipelining 1, every request a new 64-hex fingerprint, votes spread ` +
      `round-robin over the open markets (OUI/NON alternating); a ${WARM_UP_SECONDS} s warm-up, then a run of a fixed number of votes sized to last ` +
      `about ${options.seconds} s. Each target runs in its own process on a fresh SQLite file (WAL) with the demo data, ` +
      'and shares the 2 cores with the load generator. Reference: the same validation and rules in a bare Fastify route ' +
      '(`bench/reference-server.ts`) doing one better-sqlite3 transaction — one commit, one fsync — per vote. ' +
      'After the measured run the process is stopped and the file is read: the vote rows it added must equal its 2xx ' +
      'answers, and every market counter must equal its vote rows.',
    tables: [
      {
        caption: 'Throughput and latency',
        headers: [
          'target',
          'acknowledged votes/s',
          'ratio vs reference',
          'p50 ms',
          'p99 ms',
          'max ms',
          'run s',
          'failures',
          'CPU ms per vote',
          'peak RSS MiB',
        ],
        rows: all.map(row),
      },
      {
        caption: 'Nothing acknowledged is lost, nothing lost is acknowledged',
        headers: ['target', '2xx answers (measured run)', 'vote rows added', 'equal', 'counters = vote rows'],
        rows: all.map(ledgerRow),
      },
    ],
    reading:
      `Group commit acknowledges ${speedup}× as many durable votes per second as one fsync per vote ` +
      `(${round(server.run.okPerSecond)} vs ${round(reference.run.okPerSecond)}/s) and ${versusNormal}× the ` +
      `non-durable synchronous=NORMAL reference; ${faithful ? 'every 2xx is a row and every counter matches its rows.' : 'the ledger check FAILED (see table).'}`,
  };
}
