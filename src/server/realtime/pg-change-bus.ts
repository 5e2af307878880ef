import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { LocalChangeBus, type Change, type ChangeBus, type ChangeListener } from './change-bus.js';

/** The channel every instance on one database listens to. */
export const CHANGE_CHANNEL = 'predi974_changes';

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; we stay well below, so one message
 * never fails on size whatever the ids look like.
 */
export const MAX_PAYLOAD_BYTES = 7_500;

/** The application_name of the LISTEN connection starts with this, so operators (and tests) can find it. */
export const LISTEN_APPLICATION_NAME = 'predi974-listen';

export interface PgChangeBusOptions {
  /** Connection string of the database; the LISTEN connection is opened on it, apart from the pool. */
  url: string;
  /** Sends NOTIFY through the pool: `select pg_notify($1, $2)`. */
  notify: (channel: string, payload: string) => Promise<void>;
  channel?: string;
  /** How long the first connection may take before startup fails. */
  connectTimeoutMs?: number;
  /** First reconnect delay, doubled on each failure up to maxBackoffMs (with jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** The LISTEN connection is probed this often (10 s timeout), so a silently dead TCP link is noticed too. */
  healthCheckMs?: number;
  log?: (level: 'warn' | 'error', message: string) => void;
}

/** What travels in a notification: the sender's instance id and the changes, in a compact form. */
interface Envelope {
  /** Sender instance id. */
  i: string;
  /** Changes: ['m', id] market, ['c', id] commune (municipal), ['r'] resync. */
  c: ([kind: 'm' | 'c', id: string] | [kind: 'r'])[];
}

function encodeChange(change: Change): Envelope['c'][number] {
  switch (change.type) {
    case 'market':
      return ['m', change.id];
    case 'municipal':
      return ['c', change.id];
    case 'resync':
      return ['r'];
  }
}

function decodeChange(entry: unknown): Change | null {
  if (!Array.isArray(entry)) return null;
  const [kind, id] = entry as unknown[];
  if (kind === 'r') return { type: 'resync' };
  if (typeof id !== 'string') return null;
  if (kind === 'm') return { type: 'market', id };
  if (kind === 'c') return { type: 'municipal', id };
  return null;
}

function changeKey(change: Change): string {
  return change.type === 'resync' ? 'r' : `${change.type === 'market' ? 'm' : 'c'}:${change.id}`;
}

/**
 * Splits changes into NOTIFY payloads that each stay under `maxBytes` (UTF-8). A single change too
 * big to fit (an absurd id) is replaced by a resync, which makes every instance send the full state.
 */
export function encodePayloads(instanceId: string, changes: readonly Change[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const head = `{"i":${JSON.stringify(instanceId)},"c":[`;
  const tail = ']}';
  const overhead = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = overhead;
  for (const change of changes) {
    let part = JSON.stringify(encodeChange(change));
    if (overhead + Buffer.byteLength(part) > maxBytes) part = JSON.stringify(encodeChange({ type: 'resync' }));
    if (parts.length > 0 && size + 1 + Buffer.byteLength(part) > maxBytes) {
      payloads.push(head + parts.join(',') + tail);
      parts = [];
      size = overhead;
    }
    size += Buffer.byteLength(part) + (parts.length > 0 ? 1 : 0);
    parts.push(part);
  }
  if (parts.length > 0) payloads.push(head + parts.join(',') + tail);
  return payloads;
}

/** Reads a notification; null when it is not one of ours (another program on the same channel). */
export function decodePayload(payload: string): { instanceId: string; changes: Change[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { i, c } = parsed as { i?: unknown; c?: unknown };
  if (typeof i !== 'string' || !Array.isArray(c)) return null;
  const changes = c.map(decodeChange).filter((change): change is Change => change !== null);
  return { instanceId: i, changes };
}

/**
 * Change bus for several server instances over one PostgreSQL database, with LISTEN/NOTIFY.
 *
 * - publish: the changes go to this instance's listeners at once, then one NOTIFY per batch (changes
 *   published during one event-loop turn are merged and de-duplicated) through the pool. Delivering
 *   locally at once, rather than waiting for our own notification to come back, keeps
 *   read-your-writes on this instance (the market list cache is invalidated before the vote's answer
 *   leaves) and keeps this instance's own stream going while its LISTEN connection is down. Each
 *   instance therefore ignores notifications carrying its own instance id.
 * - receive: a dedicated `pg.Client` (not from the pool: a pooled connection would be handed to other
 *   queries and lose its LISTEN) delivers the other instances' changes.
 * - reconnect: when that connection drops (server restart, failover, `pg_terminate_backend`, dead
 *   link found by the health check), it reconnects with capped exponential backoff, LISTENs again,
 *   then emits `resync`: the stream hub sends the full current state and the market cache is
 *   rebuilt, so whatever was notified while it was away is not silently missed.
 */
export class PgChangeBus implements ChangeBus {
  readonly instanceId = randomUUID();
  private readonly local = new LocalChangeBus();
  private readonly channel: string;
  private readonly options: Required<Omit<PgChangeBusOptions, 'notify' | 'url' | 'channel'>> &
    Pick<PgChangeBusOptions, 'notify' | 'url'>;
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private pending = new Map<string, Change>();
  private pendingFlush: Promise<void> | null = null;
  private reconnects = 0;

  private constructor(options: PgChangeBusOptions) {
    this.channel = options.channel ?? CHANGE_CHANNEL;
    this.options = {
      url: options.url,
      notify: options.notify,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      minBackoffMs: options.minBackoffMs ?? 250,
      maxBackoffMs: options.maxBackoffMs ?? 10_000,
      healthCheckMs: options.healthCheckMs ?? 30_000,
      log: options.log ?? defaultLog,
    };
  }

  /** Opens the LISTEN connection; rejects with a clear error (no hang) when PostgreSQL does not answer. */
  static async connect(options: PgChangeBusOptions): Promise<PgChangeBus> {
    const bus = new PgChangeBus(options);
    try {
      await bus.open();
    } catch (error) {
      bus.closed = true;
      throw new Error(`Cannot open the PostgreSQL LISTEN connection (${describeUrl(options.url)}): ${messageOf(error)}`, {
        cause: error,
      });
    }
    bus.startHealthCheck();
    return bus;
  }

  /** How many times the LISTEN connection came back after a drop (for tests and diagnostics). */
  get reconnectCount(): number {
    return this.reconnects;
  }

  get listening(): boolean {
    return this.client !== null;
  }

  /** Whether the LISTEN connection is up, so other instances' changes arrive (read by the readiness check). */
  get connected(): boolean {
    return this.listening;
  }

  subscribe(listener: ChangeListener): () => void {
    return this.local.subscribe(listener);
  }

  publish(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    for (const change of changes) {
      this.local.emit(change);
      this.pending.set(changeKey(change), change);
    }
    this.pendingFlush ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        this.pendingFlush = null;
        void this.sendPending().then(resolve);
      });
    });
    return this.pendingFlush;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Changes published just before shutdown still reach the other instances.
    if (this.pendingFlush) await this.pendingFlush;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.reconnectTimer = null;
    this.healthTimer = null;
    const client = this.client;
    this.client = null;
    await this.local.close();
    if (client) await client.end().catch(() => {});
  }

  /**
   * Never rejects: the votes behind these changes are committed, so a NOTIFY that cannot be sent must
   * not turn their answer into an error. It is retried once; if it still fails the other instances
   * see the change at their next resync or cache expiry, and the failure is logged.
   */
  private async sendPending(): Promise<void> {
    const changes = [...this.pending.values()];
    this.pending = new Map();
    for (const payload of encodePayloads(this.instanceId, changes)) {
      try {
        await this.options.notify(this.channel, payload);
      } catch {
        try {
          await this.options.notify(this.channel, payload);
        } catch (error) {
          this.options.log('error', `NOTIFY ${this.channel} failed, other instances will catch up later: ${messageOf(error)}`);
        }
      }
    }
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Bounds LISTEN and the health probe: a server that stops answering must not hold a reconnection forever.
      query_timeout: 10_000,
      // Host, process and instance: one process may hold several buses (tests), each findable on its own.
      application_name: `${LISTEN_APPLICATION_NAME} ${hostname().slice(0, 24)} ${process.pid} ${this.instanceId.slice(0, 8)}`,
    });
    // 'up' once LISTEN is active; before that, a failure rejects open() and the caller retries.
    let up = false;
    let lost = false;
    const onLost = (error?: Error) => {
      if (!up || lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!this.closed) {
        this.options.log('warn', `LISTEN connection lost${error ? `: ${error.message}` : ''}; reconnecting`);
        this.scheduleReconnect();
      }
    };
    // Attached before connecting and never removed: pg emits 'error' when the connection dies, also in
    // the middle of the LISTEN query or more than once, and an unheard 'error' would crash the process.
    client.on('error', (error: Error) => onLost(error));
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== this.channel || message.payload === undefined) return;
      const decoded = decodePayload(message.payload);
      if (!decoded || decoded.instanceId === this.instanceId) return;
      for (const change of decoded.changes) this.local.emit(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      // Not awaited: ending a connection that never opened must not hold up the next attempt.
      void client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    up = true;
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const base = Math.min(this.options.maxBackoffMs, this.options.minBackoffMs * 2 ** this.failures);
    // Jitter spreads the reconnections of many instances after a database restart.
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.open();
    } catch (error) {
      this.failures++;
      this.options.log('warn', `LISTEN reconnection failed (attempt ${this.failures}): ${messageOf(error)}`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    this.failures = 0;
    this.reconnects++;
    this.options.log('warn', `LISTEN connection restored on ${this.channel}; sending the full state to stream clients`);
    // LISTEN is active again: anything committed from now on is notified; what came before is
    // covered by the resync, which reads the current state after this point.
    this.local.emit({ type: 'resync' });
  }

  private startHealthCheck(): void {
    this.healthTimer = setInterval(() => {
      const client = this.client;
      if (!client) return;
      // A failed or timed-out probe (query_timeout) is treated as a lost connection.
      client
        .query('select 1')
        .catch((error: unknown) => client.emit('error', error instanceof Error ? error : new Error(String(error))));
    }, this.options.healthCheckMs);
    this.healthTimer.unref();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** host:port/database, never the password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'invalid URL';
  }
}

/** Same shape as the server's JSON log lines, on stderr; connection trouble only, never per change. */
function defaultLog(level: 'warn' | 'error', message: string): void {
  console.error(JSON.stringify({ level: level === 'warn' ? 40 : 50, time: Date.now(), msg: `change bus: ${message}` }));
}
