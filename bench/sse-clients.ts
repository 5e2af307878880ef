/**
 * Child process of the stream benchmark: opens N plain `http.get` connections to `/api/stream` (and, when
 * asked, connections that send the request and then never read a byte), records when each market event
 * arrives on each connection, and answers the parent's questions over IPC. Several of these children share
 * the connections of one run, so the client side is not what limits the figures. Events are not
 * JSON-parsed: the market id and its total are read with two regular expressions, so the clients cost as
 * little CPU as possible next to the server.
 */
import { get, Agent, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { VoteAck } from './lib/api.js';
import { now } from './lib/api.js';

export type ParentMessage =
  | { type: 'open'; url: string; count: number; stalled: number }
  | { type: 'collect'; acks: VoteAck[]; windowStart: number; windowEnd: number }
  | { type: 'exit' };

/** Delivery delays are counted in 1 ms buckets up to this (later ones land in the last bucket). */
export const HISTOGRAM_MS = 30_000;

/** One child's share of a delivery measurement, merged by the parent. */
export interface PartialDelivery {
  /** Over every (vote, connection) pair: ack to arrival, as counts per whole millisecond (index 0 = ≤ 0 ms). */
  histogram: number[];
  /** Per vote (same order as the acks), the slowest of this child's connections, ms; null when none had it. */
  slowest: (number | null)[];
  pairs: number;
  missing: number;
  /** Per connection, flushes (distinct event ids) per second in the window: sum (for the mean) and max. */
  flushRateSum: number;
  flushRateMax: number;
  connections: number;
  /** Per connection, SSE events (each `event:` block) per second in the window: max. */
  eventsPerSecondMax: number;
  /** Smallest gap between two flushes seen on one connection, ms. */
  minFlushGapMs: number;
  eventBytes: number;
  eventCount: number;
  /** Reading connections the server closed during the run. */
  closedByServer: number;
}

export type ChildMessage =
  | { type: 'opened'; connected: number; failed: number; stalled: number; ms: number }
  | { type: 'collected'; delivery: PartialDelivery }
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
/** Connections that never read: kept referenced so they are not collected. */
const stalledSockets: Socket[] = [];
let eventBytes = 0;
let eventCount = 0;
let stopping = false;

function send(message: ChildMessage): void {
  process.send?.(message);
}

function consume(connection: Connection, chunk: string): void {
  const at = now();
  connection.buffer = connection.buffer === '' ? chunk : connection.buffer + chunk;
  let start = 0;
  let end: number;
  const buffer = connection.buffer;
  while ((end = buffer.indexOf('\n\n', start)) >= 0) {
    const block = buffer.slice(start, end);
    start = end + 2;
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
  connection.buffer = start === buffer.length ? '' : buffer.slice(start);
}

/** A connection that asks for the stream and never reads: its buffers fill until the server cuts it off. */
function openStalled(url: string): Promise<boolean> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
      socket.pause();
      stalledSockets.push(socket);
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function open(url: string, count: number, stalled: number): Promise<void> {
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
  const stalledOpened = (await Promise.all(Array.from({ length: stalled }, () => openStalled(url)))).filter(Boolean).length;
  send({ type: 'opened', connected: connections.length, failed, stalled: stalledOpened, ms: now() - started });
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

function collect(acks: VoteAck[], windowStart: number, windowEnd: number): PartialDelivery {
  const histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
  const slowest: (number | null)[] = [];
  let pairs = 0;
  let missing = 0;
  for (const ack of acks) {
    let worst = -Infinity;
    for (const connection of connections) {
      const arrival = arrivalOf(connection, ack.marketId, ack.totalVotes);
      if (arrival === undefined) {
        missing++;
        continue;
      }
      const latency = arrival - ack.ackAt;
      pairs++;
      const bucket = Math.min(HISTOGRAM_MS, Math.max(0, Math.ceil(latency)));
      histogram[bucket] = (histogram[bucket] ?? 0) + 1;
      if (latency > worst) worst = latency;
    }
    slowest.push(worst > -Infinity ? worst : null);
  }
  const seconds = (windowEnd - windowStart) / 1000;
  let flushRateSum = 0;
  let flushRateMax = 0;
  let eventsPerSecondMax = 0;
  let minGap = Infinity;
  for (const connection of connections) {
    const flushes = connection.flushes.filter((flush) => flush.at >= windowStart && flush.at <= windowEnd);
    const rate = flushes.length / seconds;
    flushRateSum += rate;
    flushRateMax = Math.max(flushRateMax, rate);
    const events = connection.events.filter((at) => at >= windowStart && at <= windowEnd).length / seconds;
    eventsPerSecondMax = Math.max(eventsPerSecondMax, events);
    for (let index = 1; index < flushes.length; index++) {
      minGap = Math.min(minGap, (flushes[index]?.at ?? 0) - (flushes[index - 1]?.at ?? 0));
    }
  }
  return {
    histogram,
    slowest,
    pairs,
    missing,
    flushRateSum,
    flushRateMax,
    connections: connections.length,
    eventsPerSecondMax,
    minFlushGapMs: minGap,
    eventBytes,
    eventCount,
    closedByServer: connections.filter((connection) => connection.closed).length,
  };
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'open':
      open(message.url, message.count, message.stalled).catch((error: unknown) =>
        send({ type: 'error', message: String(error) }),
      );
      break;
    case 'collect':
      send({ type: 'collected', delivery: collect(message.acks, message.windowStart, message.windowEnd) });
      break;
    case 'exit':
      stopping = true;
      process.exit(0);
  }
});
