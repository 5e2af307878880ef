/**
 * Readers of the event stream that stop reading. A thousand connections ask for /api/stream and never read
 * a byte while votes keep the live results moving; three browsers read everything and two phones read at
 * 60 KB/s. Run twice on a real server process over SQLite: with the guard off (STREAM_STALL_TIMEOUT_MS=0,
 * the behaviour before it existed), which must show the thousand connections holding the server's kernel
 * send buffers (the proof that the load really stalls them), then with the default guard, which must drop
 * every stalled connection and free those buffers while the readers keep their streams.
 *
 * Memory is measured where it is held: the send queues of the server's sockets, read from /proc/net/tcp
 * (Linux, as in production), and the server process's resident memory.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/databases.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { newFingerprint, postJson } from '../support/test-server.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const MiB = 1024 * 1024;
const STALLED = 1_000;
/** What each connection is sent before the stall clock is counted: several times a receive buffer. */
const OFFERED_BYTES = 400 * 1024;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Open demo predictions, chosen from the seed file by their known data. */
const OPEN_MARKETS = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/seed/markets.json'), 'utf8')) as {
    id: string;
    endInDays: number;
    resolved: boolean;
  }[]
)
  .filter((market) => !market.resolved && market.endInDays >= 7)
  .map((market) => market.id);

interface SendQueues {
  /** Server sockets still connected to (or holding data for) the stalled readers. */
  sockets: number;
  queuedBytes: number;
  /** Sockets holding more than 64 KiB unsent or unacknowledged. */
  loaded: number;
}

const hexPort = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The server's side of the connections on `port` coming from `clientPorts`, from the kernel's own table
 * (closed sockets still holding unsent data are listed too, until the kernel lets them go).
 */
function serverSendQueues(port: number, clientPorts: readonly number[]): SendQueues {
  const local = hexPort(port);
  const remotes = new Set(clientPorts.map(hexPort));
  const result: SendQueues = { sockets: 0, queuedBytes: 0, loaded: 0 };
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [localAddress, remoteAddress, state, queues] = [fields[1], fields[2], fields[3], fields[4]];
      if (!localAddress?.endsWith(local) || !queues || !remoteAddress) continue;
      if (state === '0A' || !remotes.has(remoteAddress.slice(remoteAddress.lastIndexOf(':')))) continue;
      const queued = Number.parseInt(queues.split(':')[0] ?? '0', 16);
      result.sockets++;
      result.queuedBytes += queued;
      if (queued > 64 * 1024) result.loaded++;
    }
  }
  return result;
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A raw stream request; `Last-Event-ID` makes the server send the whole current state first. */
function openRawStream(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.once('connect', () =>
    socket.write(`GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nLast-Event-ID: 1\r\n\r\n`),
  );
  return socket;
}

interface Reader {
  socket: Socket;
  bytes: number;
  /** Market events received since the counter was last reset. */
  marketEvents: number;
  closed: boolean;
}

function track(socket: Socket): Reader {
  const reader: Reader = { socket, bytes: 0, marketEvents: 0, closed: false };
  socket.once('close', () => (reader.closed = true));
  return reader;
}

function countEvents(reader: Reader, chunk: Buffer): void {
  reader.bytes += chunk.length;
  reader.marketEvents += chunk.toString('latin1').split('event: market\n').length - 1;
}

/** Reads everything as it comes, like a browser on a good connection. */
function fastReader(port: number): Reader {
  const reader = track(openRawStream(port));
  reader.socket.on('data', (chunk: Buffer) => countEvents(reader, chunk));
  return reader;
}

/** Reads at most 6 KiB every 100 ms (60 KB/s), like a phone on a weak mobile network. */
function slowReader(port: number): { reader: Reader; stop(): void } {
  const reader = track(openRawStream(port));
  reader.socket.pause();
  const timer = setInterval(() => {
    const chunk = reader.socket.read(6 * 1024) as Buffer | null;
    if (chunk) countEvents(reader, chunk);
  }, 100);
  return { reader, stop: () => clearInterval(timer) };
}

/** About 24 changed predictions a second: each tick sends every reader some 10 KB of results. */
async function voteFor(url: string, seconds: number): Promise<number> {
  let accepted = 0;
  const end = Date.now() + seconds * 1000;
  let round = 0;
  while (Date.now() < end) {
    const batch = Array.from({ length: 6 }, (_, i) => OPEN_MARKETS[(round * 6 + i) % OPEN_MARKETS.length]!);
    const answers = await Promise.all(
      batch.map((marketId) =>
        postJson(`${url}/api/votes`, { marketId, voteType: round % 2 ? 'yes' : 'no', fingerprint: newFingerprint() }),
      ),
    );
    accepted += answers.filter((answer) => answer.status === 200).length;
    round++;
    await sleep(250);
  }
  return accepted;
}

const METRICS_TOKEN = 'jeton-de-mesure-des-lecteurs-bloques';

async function droppedByServer(url: string, env: Record<string, string>): Promise<Record<string, number>> {
  if (env.METRICS_TOKEN === undefined) return {};
  const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const dropped: Record<string, number> = {};
  for (const [, by, value] of text.matchAll(/^predi974_stream_stalled_dropped_total\{by="(\w+)"\} (\d+)$/gm)) {
    dropped[by!] = Number(value);
  }
  return dropped;
}

interface RunFigures {
  votesAccepted: number;
  offeredBytes: number;
  /** The server's own count of stalled connections it dropped, by who noticed (from /metrics). */
  dropped: Record<string, number>;
  /** The stalled readers' connections, seen from the server. */
  atEnd: SendQueues;
  rssStartMiB: number;
  rssEndMiB: number;
  fast: Reader[];
  slow: Reader[];
  stalledClosedByServer: number;
}

async function runWithStalledReaders(env: Record<string, string>): Promise<RunFigures> {
  const testDb = await createTestDatabase('sqlite');
  cleanups.push(() => testDb.drop());
  const server: ServerProcess = await startServerProcess(testDb.url, { SEED: 'demo', ...env });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });
  const pid = server.child.pid!;
  const rssStartMiB = residentMiB(pid);
  const fast = Array.from({ length: 3 }, () => fastReader(server.port));
  const slow = Array.from({ length: 2 }, () => slowReader(server.port));
  const stalled: Socket[] = [];
  for (let i = 0; i < STALLED; i++) {
    const socket = openRawStream(server.port);
    // Never read: the bytes pile up in this socket's receive buffer, then in the server's send buffer.
    socket.pause();
    stalled.push(socket);
    if (i % 100 === 99) await sleep(20);
  }
  cleanups.push(async () => {
    for (const socket of [...stalled, ...fast.map((r) => r.socket), ...slow.map((s) => s.reader.socket)]) {
      socket.destroy();
    }
  });
  // Enough results for every stalled connection to fill its receive buffer and then the server's send
  // buffer, however slowly a busy machine votes: measured by what a fast reader got.
  let votesAccepted = 0;
  const started = Date.now();
  while (fast[0]!.bytes < OFFERED_BYTES || Date.now() - started < 8_000) {
    if (Date.now() - started > 90_000) throw new Error(`only ${fast[0]!.bytes} bytes offered in 90 s`);
    votesAccepted += await voteFor(server.url, 1);
  }
  // Past the stall timeout (5 s) with the results still moving, then the last two seconds, in which every
  // reader must still be receiving results.
  votesAccepted += await voteFor(server.url, 6);
  for (const reader of [...fast, ...slow.map((s) => s.reader)]) reader.marketEvents = 0;
  votesAccepted += await voteFor(server.url, 2);
  await sleep(1_000);
  const atEnd = serverSendQueues(
    server.port,
    stalled.map((socket) => socket.localPort ?? 0),
  );
  const rssEndMiB = residentMiB(pid);
  const dropped = await droppedByServer(server.url, env);
  for (const s of slow) s.stop();
  return {
    votesAccepted,
    offeredBytes: fast[0]!.bytes,
    dropped,
    atEnd,
    rssStartMiB,
    rssEndMiB,
    fast,
    slow: slow.map((s) => s.reader),
    stalledClosedByServer: STALLED - atEnd.sockets,
  };
}

function describeRun(name: string, run: RunFigures): string {
  return (
    `${name}: ${run.votesAccepted} votes, ${(run.offeredBytes / 1024).toFixed(0)} KiB sent to each reader; of ${STALLED} stalled readers, ${run.atEnd.sockets} still held by the server, ` +
    `send queues ${(run.atEnd.queuedBytes / MiB).toFixed(1)} MiB (${run.atEnd.loaded} sockets over 64 KiB); ` +
    `server RSS ${run.rssStartMiB.toFixed(1)} → ${run.rssEndMiB.toFixed(1)} MiB`
  );
}

describe('readers that stop reading the event stream (sqlite)', () => {
  it(
    'the guard drops 1,000 stalled readers and frees their send buffers; readers that read keep their streams',
    { timeout: 150_000 },
    async () => {
      expect(OPEN_MARKETS.length).toBeGreaterThanOrEqual(6);

      const unguarded = await runWithStalledReaders({ STREAM_STALL_TIMEOUT_MS: '0' });
      console.log(describeRun('guard off', unguarded));
      // The load really stalls them: most of the thousand hold a loaded send queue on the server.
      expect(unguarded.atEnd.loaded).toBeGreaterThanOrEqual(900);
      expect(unguarded.atEnd.queuedBytes).toBeGreaterThan(40 * MiB);
      for (const socket of [...unguarded.fast, ...unguarded.slow]) socket.socket.destroy();

      // The default (5 s): the results kept moving for more than 8 s after every connection was full.
      const guarded = await runWithStalledReaders({ METRICS_TOKEN });
      console.log(describeRun('guard on', guarded));
      expect(guarded.atEnd.loaded).toBe(0);
      expect(guarded.atEnd.queuedBytes).toBeLessThan(1 * MiB);
      expect(guarded.stalledClosedByServer).toBe(STALLED);
      const { kernel = 0, drain_watch: drainWatch = 0, buffer_limit: bufferLimit = 0 } = guarded.dropped;
      console.log(
        `guard on: dropped by the kernel ${kernel}, by the drain watch ${drainWatch}, over the buffer limit ${bufferLimit}`,
      );
      expect(kernel + drainWatch + bufferLimit).toBe(STALLED);
      for (const reader of [...guarded.fast, ...guarded.slow]) {
        expect(reader.closed).toBe(false);
        expect(reader.marketEvents).toBeGreaterThan(0);
      }
    },
  );
});
