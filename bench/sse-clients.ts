/**
 * Child process of the stream benchmark: opens N plain `http.get` connections to `/api/stream`, records
 * when each market event arrives on each connection, and answers the parent's questions over IPC.
 * Events are not JSON-parsed: the market id and its total are read with two regular expressions, so the
 * clients cost as little CPU as possible next to the server.
 */
import { get, Agent, type IncomingMessage } from 'node:http';
import type { VoteAck } from './lib/api.js';
import { now } from './lib/api.js';
import { percentile, sortedCopy } from './lib/stats.js';

export type ParentMessage =
  | { type: 'open'; url: string; count: number }
  | { type: 'collect'; acks: VoteAck[]; windowStart: number; windowEnd: number }
  | { type: 'exit' };

export interface Delivery {
  /** Over every (vote, connection) pair: ack to arrival, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Per vote, the slowest connection ("the last client"): median and p99 over votes. */
  lastClientP50: number;
  lastClientP99: number;
  pairs: number;
  missing: number;
  /** Per connection, flushes (distinct event ids) per second in the window: mean and max. */
  flushesPerSecondMean: number;
  flushesPerSecondMax: number;
  /** Per connection, SSE events (each `event:` block) per second in the window: max. */
  eventsPerSecondMax: number;
  /** Smallest gap between two flushes seen on one connection, ms. */
  minFlushGapMs: number;
  /** Average bytes of one market event (`id:`, `event:`, `data:` lines). */
  bytesPerEvent: number;
  /** Connections the server closed during the run. */
  closedByServer: number;
}

export type ChildMessage =
  | { type: 'opened'; connected: number; failed: number; ms: number }
  | { type: 'collected'; delivery: Delivery }
  | { type: 'error'; message: string };

interface Connection {
  buffer: string;
  /** market id → [total, arrival, total, arrival, …] */
  arrivals: Map<string, number[]>;
  flushes: { id: string; at: number }[];
  events: number[];
  closed: boolean;
}

const MARKET_ID = /"id":"([^"]+)"/;
const TOTAL = /"totalVotes":(\d+)/;
const connections: Connection[] = [];
let eventBytes = 0;
let eventCount = 0;
let stopping = false;

function send(message: ChildMessage): void {
  process.send?.(message);
}

function consume(connection: Connection, chunk: string): void {
  const at = now();
  connection.buffer += chunk;
  let end: number;
  while ((end = connection.buffer.indexOf('\n\n')) >= 0) {
    const block = connection.buffer.slice(0, end);
    connection.buffer = connection.buffer.slice(end + 2);
    if (!block.includes('\nevent: market\n')) continue;
    const idLine = block.slice(0, block.indexOf('\n'));
    const data = block.slice(block.indexOf('\ndata: ') + 7);
    const market = MARKET_ID.exec(data)?.[1];
    const total = TOTAL.exec(data)?.[1];
    if (!market || !total) continue;
    eventBytes += block.length + 2;
    eventCount++;
    connection.events.push(at);
    const last = connection.flushes[connection.flushes.length - 1];
    if (!last || last.id !== idLine) connection.flushes.push({ id: idLine, at });
    let list = connection.arrivals.get(market);
    if (!list) connection.arrivals.set(market, (list = []));
    list.push(Number(total), at);
  }
}

async function open(url: string, count: number): Promise<void> {
  const started = now();
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  let failed = 0;
  const openOne = () =>
    new Promise<void>((resolve) => {
      const connection: Connection = { buffer: '', arrivals: new Map(), flushes: [], events: [], closed: false };
      const request = get(url, { agent, headers: { accept: 'text/event-stream' } }, (response: IncomingMessage) => {
        if (response.statusCode !== 200) {
          failed++;
          response.resume();
          resolve();
          return;
        }
        response.setEncoding('utf8');
        connections.push(connection);
        let first = true;
        response.on('data', (chunk: string) => {
          consume(connection, chunk);
          if (first) {
            first = false;
            resolve();
          }
        });
        response.on('close', () => {
          if (!stopping) connection.closed = true;
        });
      });
      request.on('error', () => {
        if (!stopping) connection.closed = true;
        failed++;
        resolve();
      });
      request.setTimeout(0);
    });
  // Opened in waves, as a crowd arrives, without overflowing the server's accept queue.
  const WAVE = 250;
  for (let opened = 0; opened < count; opened += WAVE) {
    await Promise.all(Array.from({ length: Math.min(WAVE, count - opened) }, openOne));
  }
  send({ type: 'opened', connected: connections.length, failed, ms: now() - started });
}

/** First arrival on a connection of an event for `market` showing at least `total` votes. */
function arrivalOf(connection: Connection, market: string, total: number): number | undefined {
  const list = connection.arrivals.get(market);
  if (!list) return undefined;
  for (let index = 0; index < list.length; index += 2) {
    if ((list[index] ?? 0) >= total) return list[index + 1];
  }
  return undefined;
}

function collect(acks: VoteAck[], windowStart: number, windowEnd: number): Delivery {
  const latencies: number[] = [];
  const lastClient: number[] = [];
  let missing = 0;
  for (const ack of acks) {
    let slowest = -Infinity;
    for (const connection of connections) {
      const arrival = arrivalOf(connection, ack.marketId, ack.totalVotes);
      if (arrival === undefined) {
        missing++;
        continue;
      }
      const latency = arrival - ack.ackAt;
      latencies.push(latency);
      slowest = Math.max(slowest, latency);
    }
    if (slowest > -Infinity) lastClient.push(slowest);
  }
  const seconds = (windowEnd - windowStart) / 1000;
  const flushRates: number[] = [];
  const eventRates: number[] = [];
  let minGap = Infinity;
  for (const connection of connections) {
    const flushes = connection.flushes.filter((flush) => flush.at >= windowStart && flush.at <= windowEnd);
    flushRates.push(flushes.length / seconds);
    eventRates.push(connection.events.filter((at) => at >= windowStart && at <= windowEnd).length / seconds);
    for (let index = 1; index < flushes.length; index++) {
      minGap = Math.min(minGap, (flushes[index]?.at ?? 0) - (flushes[index - 1]?.at ?? 0));
    }
  }
  const sorted = sortedCopy(latencies);
  const sortedLast = sortedCopy(lastClient);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    lastClientP50: percentile(sortedLast, 50),
    lastClientP99: percentile(sortedLast, 99),
    pairs: latencies.length,
    missing,
    flushesPerSecondMean: flushRates.reduce((sum, rate) => sum + rate, 0) / Math.max(1, flushRates.length),
    flushesPerSecondMax: Math.max(0, ...flushRates),
    eventsPerSecondMax: Math.max(0, ...eventRates),
    minFlushGapMs: minGap,
    bytesPerEvent: eventCount > 0 ? eventBytes / eventCount : 0,
    closedByServer: connections.filter((connection) => connection.closed).length,
  };
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'open':
      open(message.url, message.count).catch((error: unknown) => send({ type: 'error', message: String(error) }));
      break;
    case 'collect':
      send({ type: 'collected', delivery: collect(message.acks, message.windowStart, message.windowEnd) });
      break;
    case 'exit':
      stopping = true;
      process.exit(0);
  }
});
