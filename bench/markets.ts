import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { castVote, now, openMarketIds, voteLoad, type VoteLoad } from './lib/api.js';
import type { Result } from 'autocannon';
import { failures, load, type LoadRun } from './lib/load.js';
import {
  cpuSecondsOf,
  freePort,
  sleep,
  spawnTs,
  startAppServer,
  startReferenceServer,
  waitUntilUp,
  type AppServer,
} from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

export interface MarketsOptions {
  dir: string;
  machine: string;
  seconds: number;
  log: (line: string) => void;
}

const READ_CONNECTIONS = 100;
const VOTE_CONNECTIONS = 20;
/** Votes per second of the "reads while votes invalidate the list" line (each vote rebuilds the list). */
const INVALIDATIONS_PER_SECOND = 20;
/** What a phone's browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

interface Variant {
  name: string;
  headers: Record<string, string>;
}

interface TargetFigures {
  reads: Map<string, LoadRun>;
  /** CPU time of the target process per answered request, µs, by variant. */
  cpu: Map<string, number>;
  /** Reads beside a saturating vote load; not measured for the same-bytes ceiling, which takes no votes. */
  underLoad: { reads: LoadRun; votes: VoteLoad } | null;
  bodyBytes: number;
}

function readRun(server: AppServer, headers: Record<string, string>, seconds: number): Promise<LoadRun> {
  return load(
    { url: `${server.base}/api/markets`, connections: READ_CONNECTIONS, duration: seconds, headers },
    seconds * 1_000 + 15_000,
  );
}

/** Several runs of one line as one: answers and time summed, p50 averaged, the worst p99 kept. */
function mergeRuns(runs: LoadRun[]): LoadRun {
  const [first] = runs;
  if (!first) throw new Error('no run to merge');
  if (runs.length === 1) return first;
  const sum = (pick: (result: Result) => number) => runs.reduce((total, run) => total + pick(run.result), 0);
  const statusCodeStats: Result['statusCodeStats'] = {};
  for (const run of runs) {
    for (const [code, stats] of Object.entries(run.result.statusCodeStats)) {
      const key = code;
      statusCodeStats[key] = { count: (statusCodeStats[key]?.count ?? 0) + stats.count };
    }
  }
  const seconds = runs.reduce((total, run) => total + run.seconds, 0);
  const result: Result = {
    ...first.result,
    '2xx': sum((result) => result['2xx']),
    '3xx': sum((result) => result['3xx']),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    statusCodeStats,
    latency: {
      ...first.result.latency,
      p50: round(sum((result) => result.latency.p50) / runs.length, 1),
      p99: Math.max(...runs.map((run) => run.result.latency.p99)),
    },
  };
  return { result, seconds, okPerSecond: result['2xx'] / seconds, cutShort: runs.some((run) => run.cutShort) };
}

/**
 * The read lines of several targets, taken in turns (target A, target B, A, B… for each line), so a change
 * in the machine's load during the benchmark weighs on all of them alike rather than on whichever ran last.
 */
async function measureReadsInTurns(
  targets: AppServer[],
  variants: Variant[],
  seconds: number,
  rounds: number,
): Promise<{ reads: Map<string, LoadRun>; cpu: Map<string, number> }[]> {
  const figures = targets.map(() => ({ reads: new Map<string, LoadRun>(), cpu: new Map<string, number>() }));
  // A short warm-up so every target is measured with optimised code.
  for (const target of targets) await readRun(target, {}, 1);
  for (const variant of variants) {
    const runs = targets.map((): LoadRun[] => []);
    const cpuSeconds = targets.map(() => 0);
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of targets.entries()) {
        const before = cpuSecondsOf(target.pid);
        runs[index]?.push(await readRun(target, variant.headers, seconds / rounds));
        cpuSeconds[index] = (cpuSeconds[index] ?? 0) + cpuSecondsOf(target.pid) - before;
      }
    }
    for (const [index, figure] of figures.entries()) {
      const merged = mergeRuns(runs[index] ?? []);
      figure.reads.set(variant.name, merged);
      const answers = merged.result['2xx'] + merged.result['3xx'];
      figure.cpu.set(variant.name, ((cpuSeconds[index] ?? 0) * 1e6) / Math.max(1, answers));
    }
  }
  return figures;
}

async function measureTarget(
  server: AppServer,
  variants: Variant[],
  options: MarketsOptions,
  { withVotes }: { withVotes: boolean },
): Promise<TargetFigures> {
  const response = await fetch(`${server.base}/api/markets`, { headers: { 'accept-encoding': 'identity' } });
  const bodyBytes = (await response.arrayBuffer()).byteLength;
  const [figures] = await measureReadsInTurns([server], variants, options.seconds, 1);
  if (!figures) throw new Error('no figures');
  if (!withVotes) return { ...figures, underLoad: null, bodyBytes };
  const marketIds = await openMarketIds(server.base);
  const [underReads, votes] = await Promise.all([
    readRun(server, { 'accept-encoding': BROWSER_ENCODINGS }, options.seconds),
    voteLoad(server.base, marketIds, VOTE_CONNECTIONS, options.seconds),
  ]);
  return { ...figures, underLoad: { reads: underReads, votes }, bodyBytes };
}

/** `bench/same-bytes-server.ts` replaying the server's own answers (bytes and headers) from bare `node:http`. */
async function startSameBytesServer(source: AppServer): Promise<AppServer> {
  const port = await freePort();
  const proc = spawnTs('bench/same-bytes-server.ts', {
    env: { PORT: String(port), SOURCE: `${source.base}/api/markets`, NODE_ENV: 'production' },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${base}/api/markets`, proc);
  } catch (error) {
    await proc.stop(1_000);
    throw error;
  }
  return { ...proc, port, base };
}

interface PacedVotes {
  ok: number;
  failed: number;
  perSecond: number;
}

/** One vote every 1/rate s (spread over the open markets) for `seconds`: each commit invalidates the list. */
async function pacedVotes(base: string, marketIds: readonly string[], rate: number, seconds: number): Promise<PacedVotes> {
  const started = now();
  let ok = 0;
  let failed = 0;
  const pending: Promise<void>[] = [];
  for (let index = 0; now() < started + seconds * 1_000; index++) {
    const marketId = marketIds[index % marketIds.length] ?? '';
    pending.push(
      castVote(base, marketId, index % 2 === 0 ? 'yes' : 'no').then(
        () => void ok++,
        () => void failed++,
      ),
    );
    const next = started + ((index + 1) * 1_000) / rate;
    await sleep(Math.max(0, next - now()));
  }
  await Promise.all(pending);
  return { ok, failed, perSecond: ok / ((now() - started) / 1_000) };
}

export async function benchMarkets(options: MarketsOptions): Promise<Section> {
  options.log('markets: the server, and the same bytes from bare node:http');
  const server = await startAppServer(join(options.dir, 'server-markets.db'));
  let served: TargetFigures;
  let ceiling: TargetFigures;
  let invalidated: { reads: LoadRun; votes: PacedVotes };
  try {
    const first = await fetch(`${server.base}/api/markets`);
    const etag = first.headers.get('etag') ?? '';
    const body = Buffer.from(await first.arrayBuffer());
    options.log(
      `  body ${body.byteLength} bytes, gzip -9 ${gzipSync(body, { level: 9 }).byteLength} bytes, ETag ${etag || 'none'}`,
    );
    const variants: Variant[] = [
      { name: 'identity', headers: { 'accept-encoding': 'identity' } },
      { name: 'browser', headers: { 'accept-encoding': BROWSER_ENCODINGS } },
    ];
    if (etag) variants.push({ name: 'revalidate', headers: { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': etag } });
    // Server and ceiling in turns, before any vote changes the list the ceiling captured.
    const sameBytes = await startSameBytesServer(server);
    try {
      const [serverReads, ceilingReads] = await measureReadsInTurns([server, sameBytes], variants, options.seconds, 2);
      if (!serverReads || !ceilingReads) throw new Error('no figures');
      ceiling = { ...ceilingReads, underLoad: null, bodyBytes: body.byteLength };
      served = { ...serverReads, underLoad: null, bodyBytes: body.byteLength };
    } finally {
      await sameBytes.stop();
    }
    const marketIds = await openMarketIds(server.base);
    const [underReads, saturating] = await Promise.all([
      readRun(server, { 'accept-encoding': BROWSER_ENCODINGS }, options.seconds),
      voteLoad(server.base, marketIds, VOTE_CONNECTIONS, options.seconds),
    ]);
    served.underLoad = { reads: underReads, votes: saturating };
    options.log(`  reads while ${INVALIDATIONS_PER_SECOND} votes a second invalidate the list`);
    const [reads, votes] = await Promise.all([
      readRun(server, { 'accept-encoding': BROWSER_ENCODINGS }, options.seconds),
      pacedVotes(server.base, marketIds, INVALIDATIONS_PER_SECOND, options.seconds),
    ]);
    invalidated = { reads, votes };
  } finally {
    await server.stop();
  }

  options.log('markets: naive reference (query + JSON.stringify per request)');
  const reference = await startReferenceServer(join(options.dir, 'reference-markets.db'), 'FULL');
  let naive: TargetFigures;
  try {
    naive = await measureTarget(
      reference,
      [
        { name: 'identity', headers: { 'accept-encoding': 'identity' } },
        { name: 'browser', headers: { 'accept-encoding': BROWSER_ENCODINGS } },
      ],
      options,
      { withVotes: true },
    );
  } finally {
    await reference.stop();
  }

  const rps = (run: LoadRun | undefined | null) =>
    (run ? run.result['2xx'] + run.result['3xx'] : Number.NaN) / (run?.seconds ?? 1);
  const cpuOf = (figures: TargetFigures, variant: string) => round(figures.cpu.get(variant) ?? Number.NaN);
  const ceilingLine = (label: string, variant: string) => {
    const run = served.reads.get(variant);
    const top = ceiling.reads.get(variant);
    return [
      label,
      round(rps(run)),
      round(rps(top)),
      ratio(rps(run), rps(top)),
      run?.result.latency.p50 ?? Number.NaN,
      run?.result.latency.p99 ?? Number.NaN,
      top?.result.latency.p99 ?? Number.NaN,
      cpuOf(served, variant),
      cpuOf(ceiling, variant),
      run ? failures(run.result) : '—',
    ];
  };
  const line = (label: string, variant: string, referenceVariant: string) => {
    const run = served.reads.get(variant);
    const referenceRun = naive.reads.get(referenceVariant);
    return [
      label,
      round(rps(run)),
      round(rps(referenceRun)),
      ratio(rps(run), rps(referenceRun)),
      run?.result.latency.p99 ?? Number.NaN,
      referenceRun?.result.latency.p99 ?? Number.NaN,
      cpuOf(served, variant),
      cpuOf(naive, referenceVariant),
    ];
  };
  const servedLoad = served.underLoad;
  const naiveLoad = naive.underLoad;
  if (!servedLoad || !naiveLoad) throw new Error('the vote load was not measured');
  const ofCeiling = (variant: string) => ratio(rps(served.reads.get(variant)), rps(ceiling.reads.get(variant)));
  const invalidatedRatio = ratio(rps(invalidated.reads), rps(ceiling.reads.get('browser')));
  const worstP99 = Math.max(
    ...['identity', 'browser'].map((variant) => served.reads.get(variant)?.result.latency.p99 ?? Number.NaN),
  );
  const naiveRatio = (variant: string) => ratio(rps(served.reads.get(variant)), rps(naive.reads.get(variant)), 1);

  return {
    id: 'markets',
    title: '2. Market list: `GET /api/markets`',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `autocannon, ${READ_CONNECTIONS} connections, ${options.seconds} s per line, after a 1 s warm-up, demo data ` +
      `(${served.bodyBytes.toLocaleString('en-US')} bytes of JSON). The server answers a pre-serialised body with an ETag. ` +
      'Ceiling (`bench/same-bytes-server.ts`): a bare `node:http` server that replays the status, headers and body the ' +
      'server itself sent for the same request (captured from it at start), so both write the same bytes with the same ' +
      'encoding; targets: ≥ 0.8 of it with and without compression, p99 ≤ 10 ms, and ≥ 0.5 of it while votes invalidate ' +
      `the list ${INVALIDATIONS_PER_SECOND} times a second (one vote every ${1000 / INVALIDATIONS_PER_SECOND} ms, each commit rebuilds ` +
      'the list). Naive reference (`bench/reference-server.ts`, same Fastify and `@fastify/compress` settings): the ' +
      'query, the sort and `JSON.stringify` on every request. "Browser" sends `Accept-Encoding: gzip, deflate, br` like a ' +
      'phone; "revalidation" also sends the `If-None-Match` a returning phone sends (answered 304). CPU µs/req: CPU time ' +
      'of the answering process over the line, per answer.',
    tables: [
      {
        caption: 'Against the same bytes from bare `node:http` (the ceiling)',
        headers: [
          'request',
          'server req/s',
          'ceiling req/s',
          'ratio',
          'server p50 ms',
          'server p99 ms',
          'ceiling p99 ms',
          'server CPU µs/req',
          'ceiling CPU µs/req',
          'server failures',
        ],
        rows: [
          ceilingLine('no compression', 'identity'),
          ceilingLine('browser (br)', 'browser'),
          ceilingLine('revalidation, 304', 'revalidate'),
          [
            `browser, while ${INVALIDATIONS_PER_SECOND} votes/s invalidate the list (ceiling: browser, no votes)`,
            round(rps(invalidated.reads)),
            round(rps(ceiling.reads.get('browser'))),
            invalidatedRatio,
            invalidated.reads.result.latency.p50,
            invalidated.reads.result.latency.p99,
            ceiling.reads.get('browser')?.result.latency.p99 ?? Number.NaN,
            '',
            '',
            `${failures(invalidated.reads.result)}; votes ${round(invalidated.votes.perSecond, 1)}/s, ${invalidated.votes.failed} failed`,
          ],
        ],
      },
      {
        caption: 'Against the naive reference (query and serialisation per request)',
        headers: [
          'request',
          'server req/s',
          'reference req/s',
          'ratio',
          'server p99 ms',
          'reference p99 ms',
          'server CPU µs/req',
          'reference CPU µs/req',
        ],
        rows: [
          line('no compression', 'identity', 'identity'),
          line('browser (br/gzip)', 'browser', 'browser'),
          line('revalidation, 304 (reference: full 200)', 'revalidate', 'browser'),
          [
            `browser, during a saturating vote load (${VOTE_CONNECTIONS} loops)`,
            round(rps(servedLoad.reads)),
            round(rps(naiveLoad.reads)),
            ratio(rps(servedLoad.reads), rps(naiveLoad.reads)),
            servedLoad.reads.result.latency.p99,
            naiveLoad.reads.result.latency.p99,
            '',
            '',
          ],
          [
            `votes/s during that read load (${VOTE_CONNECTIONS} loops)`,
            round(servedLoad.votes.okPerSecond),
            round(naiveLoad.votes.okPerSecond),
            ratio(servedLoad.votes.okPerSecond, naiveLoad.votes.okPerSecond),
            Math.round(servedLoad.votes.p99),
            Math.round(naiveLoad.votes.p99),
            '',
            '',
          ],
        ],
      },
    ],
    notes: [
      `Where the gap comes from: the server spends ${cpuOf(served, 'revalidate')} µs of CPU per 304 and ` +
        `${cpuOf(served, 'browser')} µs per compressed answer, the bare server ${cpuOf(ceiling, 'revalidate')} and ` +
        `${cpuOf(ceiling, 'browser')} µs for the same bytes: the difference is Fastify's request path (routing, the ` +
        'request object, the security-header, origin and rate-limit hooks, the reply and its onSend hooks), which weighs ' +
        'most where the body is small. The security headers (decision 027) and promise-free hooks took the largest ' +
        'items out of it. What the rest would take: answering `GET /api/markets` from a request listener placed before ' +
        'Fastify (its `serverFactory`), with the precomputed headers, for the one route that serves cached bytes.',
    ],
    reading:
      `Against the same bytes sent by bare node:http, the server reaches ${ofCeiling('identity')} uncompressed, ` +
      `${ofCeiling('browser')} with brotli and ${ofCeiling('revalidate')} on a 304 (target 0.8), p99 at most ${worstP99} ms ` +
      `(target 10), and ${invalidatedRatio} while ${INVALIDATIONS_PER_SECOND} votes a second invalidate the list (target 0.5). ` +
      `Against the naive reference: ${naiveRatio('identity')}× uncompressed, ${naiveRatio('browser')}× compressed.`,
  };
}
