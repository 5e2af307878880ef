import type { ServerResponse } from 'node:http';
import type { StreamEventMap, StreamEventName } from '../../shared/events.js';
import { STREAM_FLUSH_INTERVAL_MS } from '../../shared/constants.js';
import type { Market } from '../../shared/market.js';
import type { Commune } from '../../shared/municipal.js';
import type { Change } from './change-bus.js';
import { DEFAULT_STALL_TIMEOUT_MS, dropConnection, limitUnsentTime } from './stalled-readers.js';

export interface StreamSource {
  loadMarkets(ids: readonly string[]): Promise<Market[]>;
  loadCommunes(ids: readonly string[]): Promise<Commune[]>;
  loadAllMarkets(): Promise<Market[]>;
  loadAllCommunes(): Promise<Commune[]>;
}

export interface StreamHubOptions {
  /** The shortest time between two flushes: each connection gets at most 1000 / this flushes a second. */
  flushIntervalMs?: number;
  heartbeatMs?: number;
  /** A connection whose unsent data grows past this is closed rather than waited on. */
  maxBufferedBytes?: number;
  /**
   * A connection whose unsent data stops draining for this long is dropped (0: never). The kernel watches
   * the bytes it holds (TCP_USER_TIMEOUT, Linux); the hub watches those still queued in the process.
   */
  stallTimeoutMs?: number;
  /** A failed read; its changes are kept and read again on the next flush. */
  onError?: (error: unknown) => void;
  /** How long a successful flush took (ms), reads and writes included: for the metrics. */
  onFlushed?: (ms: number) => void;
}

interface StreamClient {
  res: ServerResponse;
  closed: boolean;
  /** Bytes queued in the process right after the last write or check, and when that queue last shrank. */
  queuedAfterWrite: number;
  lastProgressAt: number;
}

/** How stalled connections were closed since start: by the kernel's timeout or by the hub's drain watch. */
export interface StalledReaderCounts {
  byKernel: number;
  byDrainWatch: number;
  overBufferLimit: number;
}

/** The event stream's response headers, also answered alone to a HEAD request. */
export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
} as const;

function formatEvent<K extends StreamEventName>(id: number, name: K, data: StreamEventMap[K]): string {
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Server-Sent Events fan-out. Changes are only remembered by id; a shared flush reads the latest state of
 * what changed, serialises each event once and writes the same bytes to every connection.
 *
 * When flushes happen (the flush interval is 500 ms by default):
 * - leading edge: the first change after a quiet interval (no flush started in the last 500 ms) is flushed
 *   at once, on the next turn of the event loop, so the changes made in the same turn go out together;
 * - coalescing: changes arriving within 500 ms of the last flush's start wait for that interval to end and
 *   go out together, so each connection gets at most two flushes a second and the latest state of each
 *   item wins. A change arriving while a flush is reading is not part of it: it is flushed next.
 * One timer for the whole hub (plus a housekeeping interval for heartbeats and stalled readers), none per
 * connection.
 */
export class StreamHub {
  private readonly clients = new Set<StreamClient>();
  /** Reconnected clients waiting for the current state, sent with the next flush. */
  private readonly joining = new Set<StreamClient>();
  private pendingMarkets = new Set<string>();
  private pendingCommunes = new Set<string>();
  private resync = false;
  private sequence = 0;
  /** Heartbeats and the drain watch. */
  private housekeeping: NodeJS.Timeout | null = null;
  /** The next flush, when one is scheduled (an immediate for the leading edge, else a timeout). */
  private scheduled: { cancel(): void } | null = null;
  /** When the last flush that had someone to write to started (performance.now()); -Infinity: never. */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private lastWriteAt = Date.now();
  private flushing = false;
  private kernelGuardFailed = false;
  private readonly stalled: StalledReaderCounts = { byKernel: 0, byDrainWatch: 0, overBufferLimit: 0 };
  private readonly options: Required<StreamHubOptions>;

  constructor(
    private readonly source: StreamSource,
    options: StreamHubOptions = {},
  ) {
    this.options = {
      flushIntervalMs: options.flushIntervalMs ?? STREAM_FLUSH_INTERVAL_MS,
      heartbeatMs: options.heartbeatMs ?? 15_000,
      maxBufferedBytes: options.maxBufferedBytes ?? 512 * 1024,
      stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
      onError: options.onError ?? (() => {}),
      onFlushed: options.onFlushed ?? (() => {}),
    };
  }

  /** Where failed reads are reported (the server's logger, known only once the app is built). */
  setErrorHandler(onError: (error: unknown) => void): void {
    this.options.onError = onError;
  }

  get size(): number {
    return this.clients.size + this.joining.size;
  }

  get stalledReaders(): Readonly<StalledReaderCounts> {
    return { ...this.stalled };
  }

  start(): void {
    if (this.housekeeping) return;
    this.housekeeping = setInterval(() => this.housekeep(), this.options.flushIntervalMs);
    this.housekeeping.unref();
    this.schedule();
  }

  onChange(change: Change): void {
    if (change.type === 'market') this.pendingMarkets.add(change.id);
    else if (change.type === 'municipal') this.pendingCommunes.add(change.id);
    else this.resync = true;
    this.schedule();
  }

  private hasWork(): boolean {
    return this.resync || this.pendingMarkets.size > 0 || this.pendingCommunes.size > 0 || this.joining.size > 0;
  }

  /**
   * Plans the next flush if there is work and none is planned: at once (next turn of the event loop) when
   * no flush started within the interval, else when the interval since the last one ends. While a flush
   * runs nothing is planned; it plans the next one itself when it ends.
   */
  private schedule(): void {
    if (!this.housekeeping || this.scheduled || this.flushing || !this.hasWork()) return;
    const wait = this.lastFlushAt + this.options.flushIntervalMs - performance.now();
    const run = () => {
      this.scheduled = null;
      void this.tick();
    };
    if (wait <= 0) {
      const immediate = setImmediate(run);
      this.scheduled = { cancel: () => clearImmediate(immediate) };
    } else {
      const timeout = setTimeout(run, Math.ceil(wait));
      timeout.unref();
      this.scheduled = { cancel: () => clearTimeout(timeout) };
    }
  }

  /** Every interval: drops stalled readers and sends a heartbeat when the line has been quiet for long. */
  private housekeep(): void {
    const now = Date.now();
    this.dropStalled(now);
    if (this.flushing || this.scheduled) return;
    if (this.hasWork()) this.schedule();
    else if (now - this.lastWriteAt >= this.options.heartbeatMs) this.broadcast('');
  }

  /**
   * Takes over an HTTP response as an event stream. A reconnecting client (Last-Event-ID) gets the current
   * state with the next flush, before any later change: one snapshot serves every client reconnecting
   * before that flush (after a restart, most of them wait for the interval's end and share one), and no
   * flush can overtake it with newer data.
   */
  addClient(res: ServerResponse, options: { catchUp: boolean }): void {
    res.writeHead(200, STREAM_HEADERS);
    // Sent now, so that the flushes may write straight to the socket after them (`write`).
    res.flushHeaders();
    const client: StreamClient = { res, closed: false, queuedAfterWrite: 0, lastProgressAt: Date.now() };
    (options.catchUp ? this.joining : this.clients).add(client);
    if (options.catchUp) this.schedule();
    const release = () => {
      client.closed = true;
      this.clients.delete(client);
      this.joining.delete(client);
    };
    res.on('close', release);
    res.on('error', release);
    const socket = res.socket;
    if (socket && this.options.stallTimeoutMs > 0) {
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ETIMEDOUT' && !client.closed) this.stalled.byKernel++;
      });
      if (!limitUnsentTime(socket, this.options.stallTimeoutMs) && !this.kernelGuardFailed) {
        this.kernelGuardFailed = true;
        this.options.onError(
          new Error('TCP_USER_TIMEOUT is not available here: stalled readers are only caught by the drain watch'),
        );
      }
    }
    this.write(client, `retry: 2000\n: connecté\n\n`);
  }

  /** Ends every stream (shutdown): clients reconnect to another instance or after restart. */
  close(): void {
    if (this.housekeeping) clearInterval(this.housekeeping);
    this.housekeeping = null;
    this.scheduled?.cancel();
    this.scheduled = null;
    for (const client of [...this.clients, ...this.joining]) client.res.end();
    this.clients.clear();
    this.joining.clear();
  }

  /** One flush, then the next one planned if changes arrived meanwhile. */
  private async tick(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      const started = performance.now();
      // The interval counts from a flush's start, so its reads do not stretch the gap between two flushes.
      if (this.clients.size > 0 || this.joining.size > 0) this.lastFlushAt = started;
      await this.flush();
      this.options.onFlushed(performance.now() - started);
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.flushing = false;
      // Changes that arrived during the reads (or a failed read's, put back) wait for the interval's end.
      this.schedule();
    }
  }

  private async flush(): Promise<void> {
    // Left in `joining` until the reads succeed, so a failed read is retried for them at the next flush.
    const joining = [...this.joining];
    if (this.clients.size === 0 && joining.length === 0) {
      // Nobody to tell; whoever connects next gets the current state anyway.
      this.takePending();
      return;
    }
    const { resync, marketIds, communeIds } = this.takePending();
    try {
      await this.deliver(resync, marketIds, communeIds, joining);
    } catch (error) {
      // Not delivered: the changes (and any resync) go back to wait for the next flush, merged with those
      // that arrived meanwhile, so a failed read (backend terminated, pool timeout) only delays them.
      if (resync) this.resync = true;
      for (const id of marketIds) this.pendingMarkets.add(id);
      for (const id of communeIds) this.pendingCommunes.add(id);
      throw error;
    }
  }

  /** Takes the changes to deliver; those arriving during the reads gather in fresh sets for the next flush. */
  private takePending(): { resync: boolean; marketIds: string[]; communeIds: string[] } {
    const taken = { resync: this.resync, marketIds: [...this.pendingMarkets], communeIds: [...this.pendingCommunes] };
    this.resync = false;
    this.pendingMarkets = new Set();
    this.pendingCommunes = new Set();
    return taken;
  }

  private async deliver(
    resync: boolean,
    marketIds: readonly string[],
    communeIds: readonly string[],
    joining: readonly StreamClient[],
  ): Promise<void> {
    let payload = '';
    let catchUp: string;
    if (resync) {
      payload = await this.snapshot();
      catchUp = payload;
    } else {
      const changed = marketIds.length > 0 || communeIds.length > 0;
      const [markets, communes, snapshot] = await Promise.all([
        changed ? this.source.loadMarkets(marketIds) : [],
        changed ? this.source.loadCommunes(communeIds) : [],
        joining.length > 0 ? this.snapshot() : '',
      ]);
      if (changed) {
        const id = ++this.sequence;
        for (const market of markets) payload += formatEvent(id, 'market', market);
        for (const commune of communes) payload += formatEvent(id, 'municipal', commune);
      }
      catchUp = snapshot;
    }
    this.broadcast(payload);
    // Read together with this flush's changes, the snapshot already holds them.
    if (joining.length === 0) return;
    const bytes = Buffer.from(catchUp, 'utf8');
    for (const client of joining) {
      this.joining.delete(client);
      if (client.closed) continue;
      this.write(client, bytes);
      this.clients.add(client);
    }
  }

  /** The changes, or a heartbeat (empty payload); encoded and framed once for every connection. */
  private broadcast(payload: string): void {
    const now = Date.now();
    if (payload === '' && now - this.lastWriteAt < this.options.heartbeatMs) return;
    this.lastWriteAt = now;
    const bytes = Buffer.from(payload === '' ? ': ping\n\n' : payload, 'utf8');
    const framed = chunkOf(bytes);
    for (const client of this.clients) this.write(client, bytes, framed);
  }

  private async snapshot(): Promise<string> {
    const [markets, communes] = await Promise.all([this.source.loadAllMarkets(), this.source.loadAllCommunes()]);
    const id = ++this.sequence;
    let payload = '';
    for (const market of markets) payload += formatEvent(id, 'market', market);
    for (const commune of communes) payload += formatEvent(id, 'municipal', commune);
    return payload;
  }

  /**
   * The drain watch: a connection whose queue in the process has not shrunk for the stall timeout is
   * dropped. Checked every flush interval over every connection, so it costs no timer per connection.
   */
  private dropStalled(now: number): void {
    const timeout = this.options.stallTimeoutMs;
    if (timeout <= 0) return;
    for (const group of [this.clients, this.joining]) {
      for (const client of group) {
        const queued = client.res.writableLength;
        if (queued === 0 || queued < client.queuedAfterWrite) client.lastProgressAt = now;
        else if (now - client.lastProgressAt >= timeout) {
          this.stalled.byDrainWatch++;
          this.drop(client);
          continue;
        }
        client.queuedAfterWrite = queued;
      }
    }
  }

  private drop(client: StreamClient): void {
    client.closed = true;
    this.clients.delete(client);
    this.joining.delete(client);
    dropConnection(client.res.socket, () => client.res.destroy());
  }

  /**
   * `framed` is `chunk` in HTTP/1.1 chunked framing: once the headers are out, it goes straight to the socket,
   * one write per connection, instead of the response's cork, `writev` of three pieces and uncork (the larger
   * part of a flush's CPU with 10,000 connections, BENCHMARKS.md section 3). `res.writableLength` still counts it
   * (it includes the socket's queue), and `res.end()` still writes the last chunk.
   */
  private write(client: StreamClient, chunk: string | Buffer, framed?: Buffer): void {
    if (client.closed) return;
    const { res } = client;
    if (res.writableLength > this.options.maxBufferedBytes) {
      this.stalled.overBufferLimit++;
      this.drop(client);
      return;
    }
    const socket = res.socket;
    // Straight to the socket only when the response itself holds nothing (its headers and earlier writes all
    // handed to the socket), so the bytes keep their order.
    const direct =
      framed &&
      socket &&
      res.headersSent &&
      res.chunkedEncoding &&
      !res.writableEnded &&
      res.writableLength === socket.writableLength;
    if (direct) socket.write(framed);
    else res.write(chunk);
    client.queuedAfterWrite = res.writableLength;
  }
}

const CRLF = Buffer.from('\r\n');

/** One HTTP/1.1 chunk: its size in hexadecimal, CRLF, the bytes, CRLF. */
function chunkOf(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF]);
}
