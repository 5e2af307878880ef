import { join } from 'node:path';
import { castVote, now, openMarketIds, type VoteAck } from './lib/api.js';
import { cpuSecondsOf, sleep, spawnTs, startAppServer, type NodeProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { ratio, round } from './lib/stats.js';
import type { ChildMessage, Delivery, ParentMessage } from './sse-clients.js';

export interface StreamOptions {
  dir: string;
  machine: string;
  /** Connection counts to try after the one-connection reference; a count is skipped when time runs out. */
  counts: number[];
  log: (line: string) => void;
  /** Stop trying larger counts after this many ms. */
  budgetMs?: number;
}

const BURSTS = 5;
const VOTES_PER_BURST = 20;
/** Not a multiple of the 500 ms flush tick, so bursts land at every point of it. */
const BURST_GAP_MS = 730;
const SUSTAINED_MS = 3_000;
const SUSTAINED_EVERY_MS = 25;

interface StreamRun {
  connections: number;
  connected: number;
  failed: number;
  openMs: number;
  rssBefore: number;
  rssConnected: number;
  rssPeak: number;
  bursts: Delivery;
  sustained: Delivery;
  sustainedVotes: number;
  /** Share of one core used during the vote phases, server and stream clients. */
  serverCpu: number;
  clientsCpu: number;
}

function request(
  child: NodeProcess,
  message: ParentMessage,
  expect: ChildMessage['type'],
  timeoutMs: number,
): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.child.off('message', onMessage);
      reject(new Error(`stream clients: no "${expect}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (reply: ChildMessage) => {
      if (reply.type !== expect && reply.type !== 'error') return;
      clearTimeout(timer);
      child.child.off('message', onMessage);
      if (reply.type === 'error') reject(new Error(reply.message));
      else resolve(reply);
    };
    child.child.on('message', onMessage);
    child.child.send(message);
  });
}

async function measure(count: number, options: StreamOptions): Promise<StreamRun> {
  const server = await startAppServer(join(options.dir, `server-stream-${count}.db`), { nofile: 20_000 });
  const clients = spawnTs('bench/sse-clients.ts', { ipc: true, nofile: 20_000 });
  try {
    const marketIds = await openMarketIds(server.base);
    // Warm the vote path so the first burst does not measure compilation.
    await Promise.all(marketIds.slice(0, 5).map((id) => castVote(server.base, id, 'yes')));
    await sleep(600);
    const rssBefore = server.rss();
    const opened = await request(clients, { type: 'open', url: `${server.base}/api/stream`, count }, 'opened', 40_000);
    if (opened.type !== 'opened') throw new Error('unexpected answer');
    options.log(`  ${count}: ${opened.connected} connected, ${opened.failed} failed, in ${round(opened.ms)} ms`);
    await sleep(1_100);
    const rssConnected = server.rss();
    let rssPeak = rssConnected;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 100);

    const windowStart = now();
    const serverCpuStart = cpuSecondsOf(server.pid);
    const clientsCpuStart = cpuSecondsOf(clients.pid);
    const burstAcks: VoteAck[] = [];
    for (let burst = 0; burst < BURSTS; burst++) {
      const marketId = marketIds[burst % marketIds.length] ?? '';
      const acks = await Promise.all(
        Array.from({ length: VOTES_PER_BURST }, (_, index) => castVote(server.base, marketId, index % 2 === 0 ? 'yes' : 'no')),
      );
      burstAcks.push(...acks);
      await sleep(BURST_GAP_MS);
    }
    // Then votes on every open market at once, as on election night: the rate rule must still hold.
    const sustained: Promise<VoteAck>[] = [];
    const sustainedUntil = now() + SUSTAINED_MS;
    for (let index = 0; now() < sustainedUntil; index++) {
      sustained.push(castVote(server.base, marketIds[index % marketIds.length] ?? '', index % 2 === 0 ? 'yes' : 'no'));
      await sleep(SUSTAINED_EVERY_MS);
    }
    const sustainedAcks = await Promise.all(sustained);
    const windowEnd = now();
    const windowSeconds = (windowEnd - windowStart) / 1_000;
    const serverCpu = (cpuSecondsOf(server.pid) - serverCpuStart) / windowSeconds;
    const clientsCpu = (cpuSecondsOf(clients.pid) - clientsCpuStart) / windowSeconds;
    await sleep(1_500);
    clearInterval(sampler);

    const bursts = await request(clients, { type: 'collect', acks: burstAcks, windowStart, windowEnd }, 'collected', 30_000);
    const loaded = await request(clients, { type: 'collect', acks: sustainedAcks, windowStart, windowEnd }, 'collected', 30_000);
    if (bursts.type !== 'collected' || loaded.type !== 'collected') throw new Error('unexpected answer');
    return {
      connections: count,
      connected: opened.connected,
      failed: opened.failed,
      openMs: opened.ms,
      rssBefore,
      rssConnected,
      rssPeak,
      bursts: bursts.delivery,
      sustained: loaded.delivery,
      sustainedVotes: sustainedAcks.length,
      serverCpu,
      clientsCpu,
    };
  } finally {
    if (clients.child.connected) clients.child.send({ type: 'exit' } satisfies ParentMessage);
    await clients.stop(3_000);
    await server.stop();
  }
}

export async function benchStream(options: StreamOptions): Promise<Section> {
  const started = Date.now();
  const budget = options.budgetMs ?? 90_000;
  options.log('stream: reference, one connection');
  const reference = await measure(1, options);
  const runs: StreamRun[] = [];
  const skipped: number[] = [];
  for (const count of options.counts) {
    // A run takes ~20 s; do not start one that cannot finish in the budget.
    if (Date.now() - started > budget - 20_000) {
      skipped.push(count);
      continue;
    }
    options.log(`stream: ${count} connections`);
    const run = await measure(count, options);
    runs.push(run);
    // The machine does not hold: larger counts would only measure the overload.
    if (run.connected < count * 0.99 || run.bursts.missing > 0) {
      skipped.push(...options.counts.filter((next) => next > count));
      break;
    }
  }

  const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
  const perThousand = (run: StreamRun) =>
    run.connected > 1 ? mib(((run.rssConnected - run.rssBefore) / run.connected) * 1_000) : Number.NaN;
  const all = [reference, ...runs];
  const deliveryRow = (run: StreamRun) => [
    run.connections === 1 ? '1 (reference)' : run.connections,
    `${run.connected} / ${run.failed}`,
    round(run.bursts.p50),
    round(run.bursts.p99),
    ratio(run.bursts.p99, reference.bursts.p99),
    round(run.bursts.lastClientP50),
    round(run.bursts.lastClientP99),
    run.bursts.missing,
    round(run.sustained.p99),
    run.sustained.missing,
  ];
  const costRow = (run: StreamRun) => [
    run.connections === 1 ? '1 (reference)' : run.connections,
    round(run.openMs),
    mib(run.rssBefore),
    mib(run.rssConnected),
    mib(run.rssPeak),
    perThousand(run),
    round(run.sustained.flushesPerSecondMean, 2),
    round(run.sustained.flushesPerSecondMax, 2),
    `${Math.round(run.serverCpu * 100)}% / ${Math.round(run.clientsCpu * 100)}%`,
    round(run.sustained.eventsPerSecondMax, 1),
    round(run.sustained.bytesPerEvent),
    run.sustained.closedByServer,
  ];
  const largest = runs[runs.length - 1];
  const flushMax = Math.max(...all.map((run) => run.sustained.flushesPerSecondMax));
  const notes: string[] = [];
  if (skipped.length > 0)
    notes.push(`Not run in this pass: ${skipped.join(', ')} connections (time budget or an earlier count did not hold).`);

  return {
    id: 'sse',
    title: '3. Live stream fan-out: `GET /api/stream`',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      'A fresh server per count; a child process opens N plain `http.get` connections (in waves of 250) and timestamps ' +
      `every market event. Then ${BURSTS} bursts of ${VOTES_PER_BURST} concurrent votes on one market each, ${BURST_GAP_MS} ms ` +
      `apart: delivery = arrival of the first event showing the vote's total on a connection minus the time the vote ` +
      `was acknowledged to its sender (all pairs of vote × connection; "last client" = slowest connection per vote). ` +
      `Then ${SUSTAINED_MS / 1_000} s of a vote every ${SUSTAINED_EVERY_MS} ms rotating over all open markets, to check the ` +
      'flush rate under load. Server RSS per 1,000 connections = (RSS with N idle streams − RSS before) / N × 1,000. ' +
      'Reference: the same with one connection. Expected delivery is 0–500 ms by design (one shared 500 ms tick).',
    tables: [
      {
        caption: 'Delivery, vote acknowledged → event on the client (ms)',
        headers: [
          'connections',
          'connected / failed',
          'p50',
          'p99',
          'p99 ratio vs 1 connection',
          'last client p50',
          'last client p99',
          'missed',
          'p99 under sustained votes',
          'missed (sustained)',
        ],
        rows: all.map(deliveryRow),
      },
      {
        caption: 'Cost and rate',
        headers: [
          'connections',
          'open all, ms',
          'RSS before MiB',
          'RSS connected MiB',
          'RSS peak MiB',
          'MiB per 1,000 connections',
          'flushes/conn/s mean',
          'flushes/conn/s max',
          'CPU server / clients (of one core)',
          'market events/conn/s max',
          'bytes per market event',
          'closed by server',
        ],
        rows: all.map(costRow),
      },
    ],
    reading: largest
      ? `With ${largest.connected.toLocaleString('en-US')} streams the slowest client gets a vote's event ${round(largest.bursts.lastClientP99)} ms ` +
        `after its ack at p99 (one connection: ${round(reference.bursts.lastClientP99)} ms), at ${perThousand(largest)} MiB per 1,000 ` +
        `connections, and no connection gets more than ${round(flushMax, 2)} flushes a second; with votes on every market at ` +
        `once the p99 grows to ${round(largest.sustained.p99)} ms (${round(largest.sustained.bytesPerEvent)} bytes per market event).`
      : 'Only the one-connection reference was measured.',
    notes,
  };
}
