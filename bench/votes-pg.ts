import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openMarketIds } from './lib/api.js';
import { failures, load, type LoadRun } from './lib/load.js';
import { cpuSecondsOf, sleep, startAppServer, type AppServer } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';
import { VoteMix } from './votes.js';

export interface VotesPostgresOptions {
  machine: string;
  /** Length of each measured run (VOTES_SECONDS). */
  seconds: number;
  /** Connections in all, half on each instance. */
  connections: number;
  log: (line: string) => void;
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POOL_SIZE = 4;
const WARM_UP_SECONDS = 3;

interface PgLedger {
  voteRows: number;
  mismatchedMarkets: string[];
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function readLedger(url: string): Promise<PgLedger> {
  return withClient(url, async (client) => {
    const rows = await client.query<{ n: string }>('select count(*) as n from votes');
    const mismatched = await client.query<{ id: string }>(
      `select m.id || ' ' || m.yes_votes || '/' || m.no_votes || ' vs ' || coalesce(v.yes, 0) || '/' || coalesce(v.no, 0) as id
       from markets m
       left join (select market_id,
                         sum(case when vote_type = 'yes' then 1 else 0 end) as yes,
                         sum(case when vote_type = 'no' then 1 else 0 end) as no
                  from votes group by market_id) v on v.market_id = m.id
       where m.yes_votes != coalesce(v.yes, 0) or m.no_votes != coalesce(v.no, 0)
          or m.total_votes != m.yes_votes + m.no_votes`,
    );
    return { voteRows: Number(rows.rows[0]?.n ?? 0), mismatchedMarkets: mismatched.rows.map((row) => row.id) };
  });
}

function drive(
  server: AppServer,
  connections: number,
  mix: VoteMix,
  size: { amount: number } | { duration: number },
  limitMs: number,
) {
  return load(
    {
      url: server.base,
      connections,
      ...size,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/api/votes',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: mix.next() }),
        },
      ],
    },
    limitMs,
  );
}

interface Measured {
  label: string;
  runs: [LoadRun, LoadRun];
  okPerSecond: number;
  acknowledged: number;
  expectedRows: number;
  rowsAdded: number;
  mismatchedMarkets: string[];
  cpuMsPerVote: number;
  fiveHundreds: boolean;
}

/** Both instances at once, half the connections each, sharing one mix (a change may reach the other instance). */
async function measure(
  label: string,
  servers: [AppServer, AppServer],
  url: string,
  mix: VoteMix,
  options: VotesPostgresOptions,
): Promise<Measured> {
  const half = Math.max(1, Math.round(options.connections / 2));
  const limitMs = options.seconds * 4_000 + 20_000;
  const warm = await Promise.all(servers.map((server) => drive(server, half, mix, { duration: WARM_UP_SECONDS }, limitMs)));
  // Requests cut at the end of the warm-up finish on the servers: wait until two reads a second apart agree.
  let before = await readLedger(url);
  for (let attempt = 0; attempt < 30; attempt++) {
    await sleep(1_000);
    const next = await readLedger(url);
    if (next.voteRows === before.voteRows) break;
    before = next;
  }
  mix.resetCounts();
  const rate = warm.reduce((sum, run) => sum + Math.max(run.okPerSecond, run.result.requests.p97_5), 0);
  const amount = Math.max(half * 10, Math.round((rate * options.seconds) / 2));
  options.log(
    `  ${label}: warm-up ${round(warm.reduce((sum, run) => sum + run.okPerSecond, 0))} votes/s, measuring 2 × ${amount} votes`,
  );
  const cpuBefore = servers.reduce((sum, server) => sum + cpuSecondsOf(server.pid), 0);
  const started = performance.now();
  const runs = (await Promise.all(servers.map((server) => drive(server, half, mix, { amount }, limitMs)))) as [LoadRun, LoadRun];
  const seconds = (performance.now() - started) / 1_000;
  const cpu = servers.reduce((sum, server) => sum + cpuSecondsOf(server.pid), 0) - cpuBefore;
  await sleep(500);
  const after = await readLedger(url);
  const acknowledged = runs[0].result['2xx'] + runs[1].result['2xx'];
  return {
    label,
    runs,
    okPerSecond: acknowledged / seconds,
    acknowledged,
    expectedRows: mix.newVotes,
    rowsAdded: after.voteRows - before.voteRows,
    mismatchedMarkets: after.mismatchedMarkets,
    cpuMsPerVote: (cpu * 1_000) / Math.max(1, acknowledged),
    fiveHundreds: runs.some((run) => Object.keys(run.result.statusCodeStats).some((code) => code.startsWith('5'))),
  };
}

export async function benchVotesPostgres(options: VotesPostgresOptions): Promise<Section> {
  const name = `predi974_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await withClient(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const servers: AppServer[] = [];
  try {
    const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL_SIZE), VOTE_CHANGE: 'allowed' };
    // The first instance migrates and loads the demo data; the second finds them there.
    servers.push(await startAppServer('unused.db', { env }));
    servers.push(await startAppServer('unused.db', { env }));
    const pair = servers as [AppServer, AppServer];
    const marketIds = await openMarketIds(pair[0].base);
    options.log('votes-pg: spread over every open market, two instances');
    const spread = await measure('spread over the open markets', pair, databaseUrl, new VoteMix(marketIds), options);
    options.log('votes-pg: one hot market, two instances');
    const hot = await measure('one hot market', pair, databaseUrl, new VoteMix(marketIds.slice(0, 1)), options);

    const all = [spread, hot];
    const p99 = (m: Measured) => Math.max(m.runs[0].result.latency.p99, m.runs[1].result.latency.p99);
    const p50 = (m: Measured) => Math.max(m.runs[0].result.latency.p50, m.runs[1].result.latency.p50);
    const max = (m: Measured) => Math.max(m.runs[0].result.latency.max, m.runs[1].result.latency.max);
    const faithful = all.every((m) => m.expectedRows === m.rowsAdded && m.mismatchedMarkets.length === 0);
    const met = spread.okPerSecond >= 3_000 && hot.okPerSecond >= 1_500 && p99(spread) <= 50 && p99(hot) <= 50 && faithful;
    const notes = met
      ? []
      : [
          `Gap: ${round(spread.okPerSecond)} votes/s spread against 3,000/s, ${round(hot.okPerSecond)}/s hot against 1,500/s, ` +
            `p99 ${p99(spread)} / ${p99(hot)} ms against 50 ms.`,
          `Cause: PostgreSQL, both servers and the load generator share the 2 cores; the servers used ` +
            `${round(spread.cpuMsPerVote, 3)} (spread) and ${round(hot.cpuMsPerVote, 3)} (hot) CPU ms per vote, so they were mostly ` +
            'waiting: each batch makes five or six round trips to PostgreSQL (begin, lock, insert, read of existing rows, counters, ' +
            'commit), each of which waits for a core, and two batches touching the same markets wait for each other’s COMMIT.',
          'What it would take: PostgreSQL on cores of its own; then one round trip per batch (the whole batch as ' +
            'one statement or one server-side function called outside an explicit transaction), so that a batch costs one ' +
            'scheduling wait and one commit.',
        ];
    return {
      id: 'votes-pg',
      notes,
      title: '1b. Durable votes on PostgreSQL: two instances over one database',
      ranAt: new Date().toISOString(),
      machine: options.machine,
      method:
        `Two server processes (pool of ${POOL_SIZE} connections each, vote protection and rate limits off, VOTE_CHANGE=allowed) ` +
        `over one fresh PostgreSQL database (the tests' server, demo data); two autocannon runs at once, ${Math.round(options.connections / 2)} connections on each ` +
        'instance, sharing one mix (8 new devices, 1 replay, 1 change in 10: a change may reach the other instance than its first vote). ' +
        `A ${WARM_UP_SECONDS} s warm-up, then a fixed number of votes sized to last about ${options.seconds} s; spread over the open markets, then all on one hot market. ` +
        'p50/p99/max are the worse of the two instances. Afterwards the database is read: the rows added must equal the new devices sent, and every counter its rows. ' +
        'PostgreSQL itself runs on the same 2 cores as the servers and the load generator.',
      tables: [
        {
          caption: 'Throughput, latency and ledger',
          headers: [
            'case',
            'acknowledged votes/s (both)',
            'p50 ms',
            'p99 ms',
            'max ms',
            'failures (A / B)',
            'CPU ms per vote (both servers)',
            'new devices sent',
            'vote rows added',
            'counters = vote rows',
          ],
          rows: all.map((m) => [
            m.label,
            round(m.okPerSecond),
            p50(m),
            p99(m),
            max(m),
            `${failures(m.runs[0].result)} / ${failures(m.runs[1].result)}`,
            round(m.cpuMsPerVote, 3),
            m.expectedRows,
            m.rowsAdded,
            m.mismatchedMarkets.length === 0 ? 'yes' : `NO (${m.mismatchedMarkets.join(', ')})`,
          ]),
        },
      ],
      reading:
        `${round(spread.okPerSecond)} durable votes/s spread (p99 ${p99(spread)} ms) and ${round(hot.okPerSecond)}/s on one hot market ` +
        `(p99 ${p99(hot)} ms, ${ratio(hot.okPerSecond, spread.okPerSecond)} of spread) through two instances; ` +
        `${all.some((m) => m.fiveHundreds) ? 'some 5xx answers (see table); ' : 'no 5xx; '}` +
        `${faithful ? 'every new device is a row and every counter matches its rows' : 'the ledger check FAILED (see table)'}. ` +
        `Targets (≥ 3,000/s spread, ≥ 1,500/s hot, p99 ≤ 50 ms): ${met ? 'met' : 'not all met'}.`,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`)).catch(() => {});
  }
}
