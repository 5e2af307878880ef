import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { castVote, now, openMarketIds, type VoteAck } from './lib/api.js';
import { cpuSecondsOf, sleep, spawnTs, startAppServer, type AppServer, type NodeProcess } from './lib/processes.js';
import type { Section } from './lib/report.js';
import { percentile, ratio, round, sortedCopy } from './lib/stats.js';
import { HISTOGRAM_MS, type ChildMessage, type ParentMessage, type PartialDelivery } from './sse-clients.js';

export interface StreamOptions {
  dir: string;
  machine: string;
  /** Connection counts to measure after the one-connection reference. */
  counts: number[];
  log: (line: string) => void;
}

/** Votes spaced wider than the 500 ms coalescing window (and not a multiple of it): each one is a leading edge. */
const SPACED_VOTES = 12;
const SPACED_GAP_MS = 730;
/** Then a storm: a vote every few ms rotating over every open market, long enough for stalled readers to be cut. */
const STORM_MS = 15_000;
const STORM_EVERY_MS = 20;
/** Readers that never read, opened among the others on runs of 1,000 connections or more. */
const STALLED = 100;
/** Client processes for a large run, so the client side is not the bottleneck. */
const CLIENT_PROCESSES = 4;
/** Asked of the shell for the server and the clients; `ulimit -Hn` caps it (20,000 on the machine measured). */
const NOFILE = 65_536;
const METRICS_TOKEN = 'bench-stream-metrics-0123456789';
/** The largest run is profiled (sampling every 10 ms, so the profiler itself costs little). */
const PROFILE_INTERVAL_US = 10_000;
const TARGET = { spacedP99: 250, stormP99: 700, kibPerConnection: 12 };

interface Delivery {
  p50: number;
  p99: number;
  lastClientP50: number;
  lastClientP99: number;
  pairs: number;
  missing: number;
  flushesPerSecondMean: number;
  flushesPerSecondMax: number;
  eventsPerSecondMax: number;
  minFlushGapMs: number;
  bytesPerEvent: number;
  closedByServer: number;
}

interface ServerFigures {
  stalledByKernel: number;
  stalledByDrainWatch: number;
  stalledOverBuffer: number;
  openStreams: number;
  flushes: number;
  flushMeanMs: number;
}

interface StreamRun {
  connections: number;
  processes: number;
  connected: number;
  failed: number;
  stalledOpened: number;
  openMs: number;
  rssBefore: number;
  rssConnected: number;
  rssPeak: number;
  spaced: Delivery;
  storm: Delivery;
  stormVotes: number;
  server: ServerFigures;
  /** Share of one core used during the vote phases, server and stream clients (all processes). */
  serverCpu: number;
  clientsCpu: number;
  profile: { name: string; percent: number }[];
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

/** Percentile from the merged per-millisecond histogram. */
function histogramPercentile(histogram: readonly number[], total: number, p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0;
    if (seen >= rank) return ms;
  }
  return Number.NaN;
}

function merge(parts: PartialDelivery[]): Delivery {
  const histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
  for (const part of parts) part.histogram.forEach((count, ms) => (histogram[ms] = (histogram[ms] ?? 0) + count));
  const pairs = parts.reduce((sum, part) => sum + part.pairs, 0);
  const votes = parts[0]?.slowest.length ?? 0;
  const slowest: number[] = [];
  for (let vote = 0; vote < votes; vote++) {
    const values = parts.map((part) => part.slowest[vote]).filter((value): value is number => typeof value === 'number');
    if (values.length > 0) slowest.push(Math.max(...values));
  }
  const sortedSlowest = sortedCopy(slowest);
  const connections = parts.reduce((sum, part) => sum + part.connections, 0);
  const eventCount = parts.reduce((sum, part) => sum + part.eventCount, 0);
  return {
    p50: histogramPercentile(histogram, pairs, 50),
    p99: histogramPercentile(histogram, pairs, 99),
    lastClientP50: percentile(sortedSlowest, 50),
    lastClientP99: percentile(sortedSlowest, 99),
    pairs,
    missing: parts.reduce((sum, part) => sum + part.missing, 0),
    flushesPerSecondMean: parts.reduce((sum, part) => sum + part.flushRateSum, 0) / Math.max(1, connections),
    flushesPerSecondMax: Math.max(0, ...parts.map((part) => part.flushRateMax)),
    eventsPerSecondMax: Math.max(0, ...parts.map((part) => part.eventsPerSecondMax)),
    minFlushGapMs: Math.min(...parts.map((part) => part.minFlushGapMs)),
    bytesPerEvent: eventCount > 0 ? parts.reduce((sum, part) => sum + part.eventBytes, 0) / eventCount : 0,
    closedByServer: parts.reduce((sum, part) => sum + part.closedByServer, 0),
  };
}

async function serverFigures(base: string): Promise<ServerFigures> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  const flushes = value(/^predi974_stream_flush_seconds_count(?:\{[^}]*\})? (\S+)$/m);
  const flushSeconds = value(/^predi974_stream_flush_seconds_sum(?:\{[^}]*\})? (\S+)$/m);
  return {
    stalledByKernel: value(/^predi974_stream_stalled_dropped_total\{by="kernel"\} (\S+)$/m),
    stalledByDrainWatch: value(/^predi974_stream_stalled_dropped_total\{by="drain_watch"\} (\S+)$/m),
    stalledOverBuffer: value(/^predi974_stream_stalled_dropped_total\{by="buffer_limit"\} (\S+)$/m),
    openStreams: value(/^predi974_open_streams(?:\{[^}]*\})? (\S+)$/m),
    flushes,
    flushMeanMs: flushes > 0 ? (flushSeconds / flushes) * 1_000 : Number.NaN,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Top self-time entries of a V8 CPU profile, as shares of the sampled (non-idle) time. */
function topSelfTime(dir: string, top = 12): { name: string; percent: number }[] {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return [];
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const nameOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url
          .replace(/^file:\/\//, '')
          .replace(/^.*\/node_modules\//, '')
          .replace(/^.*\/src\//, 'src/')}:${lineNumber + 1}`
      : '';
    nameOf.set(node.id, `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`);
  }
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const name = nameOf.get(id) ?? '?';
    if (name.startsWith('(idle)')) return;
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, time]) => ({ name, percent: round((time / Math.max(1, total)) * 100, 1) }));
}

/**
 * The real server on a fresh SQLite file (as `startAppServer`), with the metrics route on, its open-file
 * limit raised by the shell that starts it, and, when asked, Node's CPU profiler (`--cpu-prof` is refused in
 * NODE_OPTIONS, so the flags go on the command line). The profile is written when the server exits.
 */
async function startStreamServer(databaseFile: string, profileDir: string | null): Promise<AppServer> {
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${PROFILE_INTERVAL_US}`] : [];
  return startAppServer(databaseFile, { nofile: NOFILE, env: { METRICS_TOKEN }, nodeArgs: flags });
}

async function measure(count: number, options: StreamOptions, profile: boolean): Promise<StreamRun> {
  const stalled = count >= 1_000 ? STALLED : 0;
  const processes = count >= 1_000 ? CLIENT_PROCESSES : 1;
  const profileDir = join(options.dir, `stream-profile-${count}`);
  if (profile) mkdirSync(profileDir, { recursive: true });
  const server = await startStreamServer(join(options.dir, `server-stream-${count}.db`), profile ? profileDir : null);
  const clients = Array.from({ length: processes }, () => spawnTs('bench/sse-clients.ts', { ipc: true, nofile: NOFILE }));
  try {
    const marketIds = await openMarketIds(server.base);
    // Warm the vote path so the first votes do not measure compilation.
    await Promise.all(marketIds.slice(0, 5).map((id) => castVote(server.base, id, 'yes')));
    await sleep(600);
    const rssBefore = server.rss();
    const share = (total: number, index: number) => Math.floor(total / processes) + (index < total % processes ? 1 : 0);
    const opened = await Promise.all(
      clients.map((child, index) =>
        request(
          child,
          { type: 'open', url: `${server.base}/api/stream`, count: share(count, index), stalled: share(stalled, index) },
          'opened',
          90_000,
        ),
      ),
    );
    let connected = 0;
    let failed = 0;
    let stalledOpened = 0;
    let openMs = 0;
    for (const reply of opened) {
      if (reply.type !== 'opened') throw new Error('unexpected answer');
      connected += reply.connected;
      failed += reply.failed;
      stalledOpened += reply.stalled;
      openMs = Math.max(openMs, reply.ms);
    }
    options.log(`  ${count}: ${connected} connected, ${failed} failed, ${stalledOpened} never reading, in ${round(openMs)} ms`);
    await sleep(1_100);
    const rssConnected = server.rss();
    let rssPeak = rssConnected;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 100);

    const cpu = () => clients.reduce((sum, child) => sum + cpuSecondsOf(child.pid), 0);
    const serverCpuStart = cpuSecondsOf(server.pid);
    const clientsCpuStart = cpu();
    const spacedStart = now();
    const spacedAcks: VoteAck[] = [];
    for (let vote = 0; vote < SPACED_VOTES; vote++) {
      spacedAcks.push(await castVote(server.base, marketIds[vote % marketIds.length] ?? '', vote % 2 === 0 ? 'yes' : 'no'));
      await sleep(SPACED_GAP_MS);
    }
    const spacedEnd = now();
    // Votes on every open market at once, as on election night: the rate rule must still hold.
    const storm: Promise<VoteAck>[] = [];
    const stormStart = now();
    for (let index = 0; now() < stormStart + STORM_MS; index++) {
      storm.push(castVote(server.base, marketIds[index % marketIds.length] ?? '', index % 2 === 0 ? 'yes' : 'no'));
      await sleep(STORM_EVERY_MS);
    }
    const stormAcks = await Promise.all(storm);
    const stormEnd = now();
    const seconds = (stormEnd - spacedStart) / 1_000;
    const serverCpu = (cpuSecondsOf(server.pid) - serverCpuStart) / seconds;
    const clientsCpu = (cpu() - clientsCpuStart) / seconds;
    await sleep(1_500);
    clearInterval(sampler);
    const figures = await serverFigures(server.base);

    const collect = async (acks: VoteAck[], windowStart: number, windowEnd: number) => {
      const parts: PartialDelivery[] = [];
      for (const child of clients) {
        const reply = await request(child, { type: 'collect', acks, windowStart, windowEnd }, 'collected', 60_000);
        if (reply.type !== 'collected') throw new Error('unexpected answer');
        parts.push(reply.delivery);
      }
      return merge(parts);
    };
    const spaced = await collect(spacedAcks, spacedStart, spacedEnd);
    const loaded = await collect(stormAcks, stormStart, stormEnd);
    for (const child of clients) if (child.child.connected) child.child.send({ type: 'exit' } satisfies ParentMessage);
    await Promise.all(clients.map((child) => child.stop(3_000)));
    // The profile is written when the server exits.
    // The profiled server writes its profile on exit: more time than the default before SIGKILL.
    await server.stop(15_000);
    return {
      connections: count,
      processes,
      connected,
      failed,
      stalledOpened,
      openMs,
      rssBefore,
      rssConnected,
      rssPeak,
      spaced,
      storm: loaded,
      stormVotes: stormAcks.length,
      server: figures,
      serverCpu,
      clientsCpu,
      profile: profile ? topSelfTime(profileDir) : [],
    };
  } finally {
    for (const child of clients) if (child.child.connected) child.child.send({ type: 'exit' } satisfies ParentMessage);
    await Promise.all(clients.map((child) => child.stop(3_000)));
    // The profiled server writes its profile on exit: more time than the default before SIGKILL.
    await server.stop(15_000);
  }
}

export async function benchStream(options: StreamOptions): Promise<Section> {
  options.log('stream: reference, one connection');
  const reference = await measure(1, options, false);
  const runs: StreamRun[] = [];
  const largestCount = Math.max(...options.counts);
  for (const count of options.counts) {
    options.log(`stream: ${count} connections`);
    runs.push(await measure(count, options, count === largestCount));
  }

  const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
  const kibPerConnection = (run: StreamRun) =>
    run.connected > 1 ? round((run.rssConnected - run.rssBefore) / (run.connected + run.stalledOpened) / 1024, 1) : Number.NaN;
  const all = [reference, ...runs];
  const label = (run: StreamRun) => (run.connections === 1 ? '1 (reference)' : run.connections);
  const deliveryRow = (run: StreamRun) => [
    label(run),
    `${run.connected} / ${run.failed}`,
    round(run.spaced.p50),
    round(run.spaced.p99),
    ratio(run.spaced.p99, reference.spaced.p99),
    round(run.spaced.lastClientP99),
    run.spaced.missing,
    round(run.storm.p50),
    round(run.storm.p99),
    ratio(run.storm.p99, reference.storm.p99),
    round(run.storm.lastClientP99),
    run.storm.missing,
  ];
  const costRow = (run: StreamRun) => [
    label(run),
    run.processes,
    round(run.openMs),
    mib(run.rssBefore),
    mib(run.rssConnected),
    mib(run.rssPeak),
    kibPerConnection(run),
    round(run.storm.flushesPerSecondMean, 2),
    round(run.storm.flushesPerSecondMax, 2),
    round(run.storm.minFlushGapMs),
    round(run.server.flushMeanMs, 1),
    `${Math.round(run.serverCpu * 100)}% / ${Math.round(run.clientsCpu * 100)}%`,
    round(run.storm.bytesPerEvent),
  ];
  const stalledRow = (run: StreamRun) => [
    label(run),
    run.stalledOpened,
    run.server.stalledByKernel,
    run.server.stalledByDrainWatch,
    run.server.stalledOverBuffer,
    run.storm.closedByServer,
    run.server.openStreams,
    round(run.storm.p99),
    run.storm.missing,
  ];
  const largest = runs[runs.length - 1];
  const tables: Section['tables'] = [
    {
      caption: 'Delivery, vote acknowledged → event on the client (ms), over every vote × connection',
      headers: [
        'connections',
        'connected / failed',
        'spaced p50',
        'spaced p99',
        'spaced p99 ratio vs 1 connection',
        'spaced last client p99',
        'missed',
        'storm p50',
        'storm p99',
        'storm p99 ratio vs 1 connection',
        'storm last client p99',
        'missed (storm)',
      ],
      rows: all.map(deliveryRow),
    },
    {
      caption: 'Cost and rate (rate and flush figures during the storm)',
      headers: [
        'connections',
        'client processes',
        'open all, ms',
        'RSS before MiB',
        'RSS connected MiB',
        'RSS peak MiB',
        'KiB per connection',
        'flushes/conn/s mean',
        'flushes/conn/s max',
        'shortest gap between flushes, ms',
        'mean flush, ms (server)',
        'CPU server / clients (of one core)',
        'bytes per market event',
      ],
      rows: all.map(costRow),
    },
    {
      caption: `Readers that never read (${STALLED} among the others), cut off by the server`,
      headers: [
        'connections',
        'never reading',
        'cut by the kernel (TCP_USER_TIMEOUT)',
        'cut by the drain watch',
        'cut over the buffer limit',
        'reading connections closed',
        'streams open at the end',
        'storm p99 to the readers',
        'missed (storm)',
      ],
      rows: runs.map(stalledRow),
    },
  ];
  if (largest && largest.profile.length > 0) {
    tables.push({
      caption: `Server CPU profile of the ${largest.connections.toLocaleString('en-US')}-connection run (node --cpu-prof, top self time, share of the non-idle samples)`,
      headers: ['function', 'self time %'],
      rows: largest.profile.map((entry) => [entry.name, entry.percent]),
    });
  }

  const notes: string[] = [];
  let reading = 'Only the one-connection reference was measured.';
  if (largest) {
    const kib = kibPerConnection(largest);
    const verdict = (value: number, target: number) =>
      value <= target ? `met (target ≤ ${target})` : `missed (target ≤ ${target})`;
    const cut = largest.server.stalledByKernel + largest.server.stalledByDrainWatch + largest.server.stalledOverBuffer;
    reading =
      `With ${largest.connected.toLocaleString('en-US')} streams from ${largest.processes} client processes, a vote spaced more than 500 ms from the last ` +
      `reaches every client ${round(largest.spaced.p99)} ms after its ack at p99 (${verdict(largest.spaced.p99, TARGET.spacedP99)}; last client ` +
      `${round(largest.spaced.lastClientP99)} ms; one connection: ${round(reference.spaced.p99)} ms); during the storm ` +
      `(${largest.stormVotes} votes over every open market in ${STORM_MS / 1_000} s) p99 is ${round(largest.storm.p99)} ms ` +
      `(${verdict(largest.storm.p99, TARGET.stormP99)}; one connection: ${round(reference.storm.p99)} ms) with at most ` +
      `${round(largest.storm.flushesPerSecondMax, 2)} flushes a second per connection; memory ${kib} KiB per connection ` +
      `(${verdict(kib, TARGET.kibPerConnection)}); ${cut} of the ${largest.stalledOpened} readers that never read were cut off ` +
      `and ${largest.storm.missing} vote × reader pairs were missed.`;
    const missedDelivery = largest.spaced.p99 > TARGET.spacedP99 || largest.storm.p99 > TARGET.stormP99;
    if (missedDelivery) {
      const top = largest.profile[0];
      const jsAroundWrites = largest.profile
        .filter((entry) =>
          /^(clearBuffer|writevGeneric|afterWriteTick|connectionCorkNT|write_|writeOrBuffer|_writeGeneric|createWriteWrap) /.test(
            entry.name,
          ),
        )
        .reduce((sum, entry) => sum + entry.percent, 0);
      notes.push(
        `Delivery gap: spaced p99 ${round(largest.spaced.p99)} ms for a target of ${TARGET.spacedP99} ms (one connection: ` +
          `${round(reference.spaced.p99)} ms, so the leading edge itself works), storm p99 ${round(largest.storm.p99)} ms for ${TARGET.stormP99} ms. ` +
          `Cause, from the server's CPU profile: ${top ? `\`${top.name}\` is ${top.percent} % of its non-idle samples` : 'no profile was written'} — ` +
          `a flush is one socket write per connection (the event framed as one HTTP chunk once per flush, then written straight ` +
          `to each socket: decision 030), so ${largest.connected.toLocaleString('en-US')} loopback sends per flush; the JavaScript around the writes ` +
          `(clearBuffer, writevGeneric, afterWriteTick, connectionCorkNT, write_, writeOrBuffer, createWriteWrap) adds ${round(jsAroundWrites, 1)} %. The server ` +
          `flush itself measured ${round(largest.server.flushMeanMs, 1)} ms on average, but the server process got only ` +
          `${Math.round(largest.serverCpu * 100)} % of one core and the ${largest.processes} client processes ${Math.round(largest.clientsCpu * 100)} % ` +
          `during the vote phases (the 2 cores are shared with the clients and the system), and the clients, reading ` +
          `${Math.round(largest.connected / largest.processes).toLocaleString('en-US')} sockets each, timestamp an event only when they get to it. ` +
          `The shortest gap between flushes seen at a client (${round(largest.storm.minFlushGapMs)} ms) is that client backlog: two ` +
          `flushes read in one go; the server starts flushes at least 500 ms apart (at most ${round(largest.storm.flushesPerSecondMax, 2)} a second per connection).`,
      );
      notes.push(
        'What it would take: the writes themselves are now one `write` per connection and a flush; what is left is ' +
          "spreading a flush over several turns of the event loop (or a worker thread holding the sockets) so votes' answers " +
          "are not queued behind 10,000 writes, and the server's 2 cores to itself, the load generator and the 10,000 clients " +
          'elsewhere, as the target assumes: here every loopback send also runs the receiving side of TCP ' +
          'on the same cores.',
      );
    }
    if (kib > TARGET.kibPerConnection) {
      notes.push(
        `Memory gap: ${kib} KiB per connection for a target of ${TARGET.kibPerConnection} KiB (RSS of the whole process, so ` +
          'heap growth and allocator slack count too). Each stream holds its socket, its `ServerResponse` and the Fastify ' +
          'request/reply it came through (kept alive by the hijacked response); not broken down further in this run (a heap ' +
          'snapshot would); writing to the socket directly and letting the Fastify objects go after the hijack is the first ' +
          'place to look.',
      );
    }
  }

  return {
    id: 'sse',
    title: '3. Live stream fan-out: `GET /api/stream`',
    ranAt: new Date().toISOString(),
    machine: options.machine,
    method:
      `A fresh server per count (open-file limit raised in the bench: \`ulimit -n ${NOFILE}\`, else the hard limit); ` +
      `${CLIENT_PROCESSES} child processes (one for the reference) open the N plain \`http.get\` connections between them ` +
      `(waves of 250) and timestamp every market event, plus ${STALLED} connections that send the request and never read ` +
      `(runs of 1,000 or more). Spaced votes: ${SPACED_VOTES} single votes ${SPACED_GAP_MS} ms apart, each after a quiet ` +
      `half-second, so each is a leading-edge flush. Storm: ${STORM_MS / 1_000} s of a vote every ${STORM_EVERY_MS} ms rotating ` +
      `over all open markets, so flushes are coalesced to at most 2 a second. Delivery = arrival of the first event ` +
      `showing the vote's total on a connection minus the time the vote was acknowledged to its sender, over every ` +
      `vote × reading connection ("last client" = slowest connection per vote). KiB per connection = (RSS with N idle ` +
      `streams − RSS before) / N. Stalled readers are counted by the server (\`/metrics\`). Reference: the same with one ` +
      `connection. The largest run's server is profiled with \`--cpu-prof\` (10 ms sampling).`,
    tables,
    reading,
    notes,
  };
}
