import { join } from 'node:path';
import type { Commune } from '../src/shared/municipal.js';
import SQLite from '../src/server/db/sqlite-driver.js';
import { newFingerprint, openMarketIds, voteBody } from './lib/api.js';
import { readLedger } from './lib/ledger.js';
import { failures, load, type LoadRun } from './lib/load.js';
import { cpuSecondsOf, sleep, startAppServer, startScriptServer, type AppServer } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

export interface MunicipalVotesOptions {
  dir: string;
  machine: string;
  /** Target length of each measured run (VOTES_SECONDS, as the other vote sections). */
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

const WARM_UP_SECONDS = 3;
const CEILING_SECONDS = 10;

interface MunicipalLedger {
  voteRows: number;
  /** Communes whose total or candidates' counters differ from their counted vote rows, or whose step counts differ. */
  mismatched: string[];
}

/** Municipal rows and counters of a SQLite file (WAL readers see committed data only). */
function readMunicipalLedger(file: string): MunicipalLedger {
  const db = new SQLite(file);
  try {
    const voteRows = db.prepare<[], { n: number }>('select count(*) as n from municipal_votes').get()?.n ?? 0;
    const candidates = db
      .prepare<[], { id: string }>(
        `select c.market_id as id from municipal_candidates c
         left join (select candidate_id, count(*) as n from municipal_votes where excluded_by is null group by candidate_id) v
           on v.candidate_id = c.id
         left join (select candidate_id, sum(votes) as n from municipal_vote_hours group by candidate_id) h
           on h.candidate_id = c.id
         where c.votes != coalesce(v.n, 0) or coalesce(h.n, 0) != (select count(*) from municipal_votes w where w.candidate_id = c.id and w.excluded_by is null)`,
      )
      .all();
    const communes = db
      .prepare<[], { id: string }>(
        `select m.id from municipal_markets m
         where m.total_votes != (select count(*) from municipal_votes v where v.market_id = m.id and v.excluded_by is null)`,
      )
      .all();
    return { voteRows, mismatched: [...new Set([...candidates, ...communes].map((row) => row.id))] };
  } finally {
    db.close();
  }
}

interface Target {
  label: string;
  path: (sequence: number) => string;
  body: (sequence: number) => string;
  /** Rows of the file that a 2xx adds. */
  rows: (file: string) => number;
}

interface Measured {
  label: string;
  run: LoadRun;
  rowsAdded: number;
  mismatched: string[];
  cpuMsPerVote: number;
}

function drive(
  base: string,
  connections: number,
  target: Target,
  next: () => number,
  size: { amount: number } | { duration: number },
) {
  return load(
    {
      url: base,
      connections,
      ...size,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const sequence = next();
            return { ...request, path: target.path(sequence), body: target.body(sequence) };
          },
        },
      ],
    },
    120_000,
  );
}

async function settledRows(target: Target, file: string): Promise<number> {
  let last = target.rows(file);
  for (let attempt = 0; attempt < 30; attempt++) {
    await sleep(1_000);
    const next = target.rows(file);
    if (next === last) return next;
    last = next;
  }
  return last;
}

/** A warm-up, then a fixed number of new devices' votes sized to last about `seconds`, on a fresh server. */
async function measure(
  name: string,
  makeTarget: (server: AppServer) => Promise<Target>,
  options: MunicipalVotesOptions,
): Promise<Measured> {
  const file = join(options.dir, `${name}.db`);
  const server = await startAppServer(file);
  try {
    const target = await makeTarget(server);
    let sequence = 0;
    const next = () => sequence++;
    const warm = await drive(server.base, options.connections, target, next, { duration: WARM_UP_SECONDS });
    const before = await settledRows(target, file);
    const rate = Math.max(warm.okPerSecond, warm.result.requests.p97_5);
    const amount = Math.max(options.connections * 10, Math.round(rate * options.seconds));
    options.log(`  ${target.label}: warm-up ${round(warm.okPerSecond)} votes/s, measuring ${amount} votes`);
    const cpuBefore = cpuSecondsOf(server.pid);
    const run = await drive(server.base, options.connections, target, next, { amount });
    const cpuMsPerVote = ((cpuSecondsOf(server.pid) - cpuBefore) * 1_000) / Math.max(1, run.result['2xx']);
    await server.stop();
    const rowsAdded = target.rows(file) - before;
    const mismatched = [...readMunicipalLedger(file).mismatched, ...readLedger(file).mismatchedMarkets];
    return { label: target.label, run, rowsAdded, mismatched, cpuMsPerVote };
  } finally {
    await server.stop();
  }
}

async function communesOf(base: string): Promise<Commune[]> {
  const response = await fetch(`${base}/api/municipal`);
  if (!response.ok) throw new Error(`GET /api/municipal answered ${response.status}`);
  return ((await response.json()) as Commune[]).filter((commune) => commune.candidates.length > 0);
}

function municipalTarget(label: string, hot: boolean): (server: AppServer) => Promise<Target> {
  return async (server) => {
    const communes = await communesOf(server.base);
    const chosen = hot ? communes.slice(0, 1) : communes;
    return {
      label,
      path: (sequence) => `/api/municipal/${encodeURIComponent(chosen[sequence % chosen.length]!.id)}/votes`,
      body: (sequence) => {
        const commune = chosen[sequence % chosen.length]!;
        const candidate = commune.candidates[Math.floor(sequence / chosen.length) % commune.candidates.length]!;
        return JSON.stringify({ candidateId: candidate.id, fingerprint: newFingerprint() });
      },
      rows: (file) => readMunicipalLedger(file).voteRows,
    };
  };
}

async function predictionTarget(server: AppServer): Promise<Target> {
  const marketIds = await openMarketIds(server.base);
  return {
    label: 'prediction votes, spread over the open markets (same run)',
    path: () => '/api/votes',
    body: (sequence) => voteBody(marketIds, sequence),
    rows: (file) => readLedger(file).voteRows,
  };
}

async function measureCeiling(options: MunicipalVotesOptions): Promise<LoadRun> {
  const server = await startScriptServer('bench/http-ceiling.ts');
  try {
    const target: Target = {
      label: 'ceiling',
      path: () => '/api/votes',
      body: () => JSON.stringify({ candidateId: 'candidat-de-reference', fingerprint: newFingerprint() }),
      rows: () => 0,
    };
    let sequence = 0;
    await drive(server.base, options.connections, target, () => sequence++, { duration: WARM_UP_SECONDS });
    return await drive(server.base, options.connections, target, () => sequence++, { duration: CEILING_SECONDS });
  } finally {
    await server.stop();
  }
}

/** Commune votes (`POST /api/municipal/:id/votes`) beside prediction votes and the node:http ceiling, same run. */
export async function benchMunicipalVotes(options: MunicipalVotesOptions): Promise<Section> {
  options.log('votes-municipal: bare node:http ceiling');
  const ceiling = await measureCeiling(options);
  options.log('votes-municipal: prediction votes (reference of the same run)');
  const prediction = await measure('prediction', predictionTarget, options);
  options.log('votes-municipal: commune votes spread over the communes');
  const spread = await measure('municipal-spread', municipalTarget('commune votes, spread over the communes', false), options);
  options.log('votes-municipal: commune votes on one commune');
  const hot = await measure('municipal-hot', municipalTarget('commune votes, one hot commune', true), options);

  const all = [prediction, spread, hot];
  const faithful = all.every((m) => m.rowsAdded === m.run.result['2xx'] && m.mismatched.length === 0);
  const ofPrediction = ratio(spread.run.okPerSecond, prediction.run.okPerSecond);
  return {
    id: 'votes-municipal',
    title: '1d. Durable commune votes: `POST /api/municipal/:id/votes` beside prediction votes (SQLite)',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `autocannon, ${options.connections} connections, pipelining 1, every vote from a new 64-hex device. Each target runs in its own ` +
      'process on a fresh SQLite file (WAL, synchronous=FULL) with the demo data, vote protection and rate limits off: prediction ' +
      'votes spread round-robin over the open markets (the reference of the same run), commune votes spread round-robin over the ' +
      `communes (candidates in turn), and commune votes all on one commune. A ${WARM_UP_SECONDS} s warm-up, then a fixed number of ` +
      `votes sized to last about ${options.seconds} s (VOTES_SECONDS). Ceiling: the bare \`node:http\` server of section 1, ` +
      `${CEILING_SECONDS} s. After each run the process is stopped and the file read: the rows added must equal the 2xx answers, and ` +
      'every counter (commune totals, candidates, history step counts; prediction counters) must equal its rows.',
    tables: [
      {
        caption: `Throughput and latency (bare node:http ceiling: ${round(ceiling.okPerSecond)} req/s, p99 ${ceiling.result.latency.p99} ms)`,
        headers: [
          'target',
          'acknowledged votes/s',
          'ratio vs prediction votes',
          'ratio vs ceiling',
          'p50 ms',
          'p99 ms',
          'max ms',
          'run s',
          'failures',
          'CPU ms per vote',
          'rows = 2xx, counters = rows',
        ],
        rows: all.map((m) => [
          m.label,
          round(m.run.okPerSecond),
          ratio(m.run.okPerSecond, prediction.run.okPerSecond),
          ratio(m.run.okPerSecond, ceiling.okPerSecond, 3),
          m.run.result.latency.p50,
          m.run.result.latency.p99,
          m.run.result.latency.max,
          round(m.run.seconds, 1),
          failures(m.run.result),
          round(m.cpuMsPerVote, 3),
          m.rowsAdded === m.run.result['2xx'] && m.mismatched.length === 0
            ? 'yes'
            : `NO (${m.rowsAdded} rows; ${m.mismatched.join(', ')})`,
        ]),
      },
    ],
    reading:
      `${round(spread.run.okPerSecond)} commune votes/s spread (${ofPrediction} of the ${round(prediction.run.okPerSecond)} prediction votes/s ` +
      `of the same run, p99 ${spread.run.result.latency.p99} ms), ${round(hot.run.okPerSecond)}/s on one commune; ` +
      `${faithful ? 'every 2xx is a row and every counter matches its rows' : 'the ledger check FAILED (see table)'}.`,
  };
}
