import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openMarketIds, voteLoad, type VoteLoad } from './lib/api.js';
import { failures, load, type LoadRun } from './lib/load.js';
import { cpuSecondsOf, startAppServer, startReferenceServer, type AppServer } from './lib/processes.js';
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
  underLoad: { reads: LoadRun; votes: VoteLoad };
  bodyBytes: number;
}

function readRun(server: AppServer, headers: Record<string, string>, seconds: number): Promise<LoadRun> {
  return load(
    { url: `${server.base}/api/markets`, connections: READ_CONNECTIONS, duration: seconds, headers },
    seconds * 1_000 + 15_000,
  );
}

async function measureTarget(server: AppServer, variants: Variant[], options: MarketsOptions): Promise<TargetFigures> {
  const response = await fetch(`${server.base}/api/markets`, { headers: { 'accept-encoding': 'identity' } });
  const bodyBytes = (await response.arrayBuffer()).byteLength;
  const reads = new Map<string, LoadRun>();
  const cpu = new Map<string, number>();
  // A short warm-up so both targets are measured with optimised code.
  await readRun(server, {}, 1);
  for (const variant of variants) {
    const before = cpuSecondsOf(server.pid);
    const run = await readRun(server, variant.headers, options.seconds);
    reads.set(variant.name, run);
    cpu.set(variant.name, ((cpuSecondsOf(server.pid) - before) * 1e6) / Math.max(1, run.result['2xx'] + run.result['3xx']));
  }

  const marketIds = await openMarketIds(server.base);
  const [underReads, votes] = await Promise.all([
    readRun(server, { 'accept-encoding': BROWSER_ENCODINGS }, options.seconds),
    voteLoad(server.base, marketIds, VOTE_CONNECTIONS, options.seconds),
  ]);
  return { reads, cpu, underLoad: { reads: underReads, votes }, bodyBytes };
}

export async function benchMarkets(options: MarketsOptions): Promise<Section> {
  options.log('markets: the server');
  const server = await startAppServer(join(options.dir, 'server-markets.db'));
  let served: TargetFigures;
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
    served = await measureTarget(server, variants, options);
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
    );
  } finally {
    await reference.stop();
  }

  const rps = (run: LoadRun | undefined) => (run ? run.result['2xx'] + run.result['3xx'] : Number.NaN) / (run?.seconds ?? 1);
  const line = (label: string, variant: string, referenceVariant: string) => {
    const run = served.reads.get(variant);
    const referenceRun = naive.reads.get(referenceVariant);
    return [
      label,
      round(rps(run)),
      round(rps(referenceRun)),
      ratio(rps(run), rps(referenceRun)),
      run?.result.latency.p50 ?? Number.NaN,
      run?.result.latency.p99 ?? Number.NaN,
      referenceRun?.result.latency.p99 ?? Number.NaN,
      round(served.cpu.get(variant) ?? Number.NaN),
      round(naive.cpu.get(referenceVariant) ?? Number.NaN),
      run ? failures(run.result) : '—',
    ];
  };
  const identity = ratio(rps(served.reads.get('identity')), rps(naive.reads.get('identity')), 1);
  const browser = ratio(rps(served.reads.get('browser')), rps(naive.reads.get('browser')), 1);
  const loaded = ratio(rps(served.underLoad.reads), rps(naive.underLoad.reads), 1);

  return {
    id: 'markets',
    title: '2. Market list: `GET /api/markets`',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `autocannon, ${READ_CONNECTIONS} connections, ${options.seconds} s per line, after a 1 s warm-up, demo data ` +
      `(${served.bodyBytes.toLocaleString('en-US')} bytes of JSON). The server answers a pre-serialised body with an ETag; ` +
      'the reference (`bench/reference-server.ts`, same Fastify and `@fastify/compress` settings) runs the query, the ' +
      'sort and `JSON.stringify` on every request. "Browser" sends `Accept-Encoding: gzip, deflate, br` like a phone; ' +
      '"revalidation" also sends the `If-None-Match` a returning phone sends (answered 304). The last line adds ' +
      `${VOTE_CONNECTIONS} concurrent vote loops (fetch) at the same time, so every commit invalidates the list.`,
    tables: [
      {
        headers: [
          'request',
          'server req/s',
          'reference req/s',
          'ratio',
          'server p50 ms',
          'server p99 ms',
          'reference p99 ms',
          'server CPU µs/req',
          'reference CPU µs/req',
          'server failures',
        ],
        rows: [
          line('no compression', 'identity', 'identity'),
          line('browser (br/gzip)', 'browser', 'browser'),
          line('revalidation, 304 (reference: full 200)', 'revalidate', 'browser'),
          [
            'browser, during a vote load',
            round(rps(served.underLoad.reads)),
            round(rps(naive.underLoad.reads)),
            ratio(rps(served.underLoad.reads), rps(naive.underLoad.reads)),
            served.underLoad.reads.result.latency.p50,
            served.underLoad.reads.result.latency.p99,
            naive.underLoad.reads.result.latency.p99,
            '',
            '',
            failures(served.underLoad.reads.result),
          ],
          [
            `votes/s during that read load (${VOTE_CONNECTIONS} loops)`,
            round(served.underLoad.votes.okPerSecond),
            round(naive.underLoad.votes.okPerSecond),
            ratio(served.underLoad.votes.okPerSecond, naive.underLoad.votes.okPerSecond),
            Math.round(served.underLoad.votes.p50),
            Math.round(served.underLoad.votes.p99),
            Math.round(naive.underLoad.votes.p99),
            '',
            '',
            served.underLoad.votes.failed > 0 ? `${served.underLoad.votes.failed} failed` : 'none',
          ],
        ],
      },
    ],
    reading:
      `The snapshot serves ${identity}× the reference's reads uncompressed and ${browser}× when the client accepts ` +
      `compression (the body is compressed once per rebuild: ${round(served.cpu.get('browser') ?? Number.NaN)} µs of CPU per ` +
      `request against ${round(served.cpu.get('identity') ?? Number.NaN)} µs uncompressed); a 304 revalidation serves ` +
      `${ratio(rps(served.reads.get('revalidate')), rps(naive.reads.get('browser')), 1)}×, and ` +
      `${loaded}× while votes keep invalidating the list.`,
  };
}
