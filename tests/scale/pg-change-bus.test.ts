import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../src/server/realtime/change-bus.js';
import {
  decodePayload,
  encodePayloads,
  LISTEN_APPLICATION_NAME,
  MAX_PAYLOAD_BYTES,
  PgChangeBus,
} from '../../src/server/realtime/pg-change-bus.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

function waitFor<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  return new Promise<T>((resolve, reject) => {
    const poll = () => {
      const value = read();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe('NOTIFY payloads', () => {
  it('split a long list of changes into payloads under the PostgreSQL limit, losing none', () => {
    const changes: Change[] = Array.from({ length: 2_000 }, (_, index) => ({
      type: 'market',
      id: `prédiction-${index}-${'é'.repeat(20)}`,
    }));
    const payloads = encodePayloads('instance-a', changes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const decoded = payloads.flatMap((payload) => decodePayload(payload)?.changes ?? []);
    expect(decoded).toEqual(changes);
  });

  it('turn a change too big for any payload into a resync', () => {
    const payloads = encodePayloads('a', [{ type: 'municipal', id: 'x'.repeat(10_000) }]);
    expect(payloads.map((payload) => decodePayload(payload)?.changes)).toEqual([[{ type: 'resync' }]]);
  });

  it('ignore foreign messages on the channel', () => {
    expect(decodePayload('hello')).toBeNull();
    expect(decodePayload('{"x":1}')).toBeNull();
    expect(decodePayload('{"i":"a","c":[["m",1],["z","q"],["c","97411"]]}')?.changes).toEqual([
      { type: 'municipal', id: '97411' },
    ]);
  });
});

describe('PgChangeBus over a real PostgreSQL database', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const buses: PgChangeBus[] = [];

  async function openBus(): Promise<{ bus: PgChangeBus; received: Change[]; logs: string[] }> {
    const received: Change[] = [];
    const logs: string[] = [];
    const bus = await PgChangeBus.connect({
      url: database.url,
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      minBackoffMs: 50,
      maxBackoffMs: 500,
      // Probed often here, so every test also runs with the health check going.
      healthCheckMs: 100,
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    bus.subscribe((change) => received.push(change));
    buses.push(bus);
    return { bus, received, logs };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // An idle pooled connection that drops (the database under load, or dropped at the end) is replaced at the next
    // query; unheard, its 'error' event would be an uncaught exception in whatever test file runs at that moment.
    pool.on('error', () => {});
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await pool?.end();
    await database?.drop();
  });

  it('delivers a change at once to its own instance and once, through NOTIFY, to the other', async () => {
    const a = await openBus();
    const b = await openBus();
    await a.bus.publish([{ type: 'market', id: 'm1' }]);
    expect(a.received).toEqual([{ type: 'market', id: 'm1' }]);
    await waitFor(() => (b.received.length > 0 ? true : undefined), 2_000, 'the notification on b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // a ignores its own notification: no duplicate.
    expect(a.received).toEqual([{ type: 'market', id: 'm1' }]);
    expect(b.received).toEqual([{ type: 'market', id: 'm1' }]);
  });

  it('merges the changes of one event-loop turn into one NOTIFY and drops duplicates', async () => {
    const a = await openBus();
    const b = await openBus();
    await Promise.all([
      a.bus.publish([{ type: 'market', id: 'm1' }]),
      a.bus.publish([{ type: 'market', id: 'm1' }]),
      a.bus.publish([{ type: 'municipal', id: '97411' }]),
    ]);
    await waitFor(() => (b.received.length >= 2 ? true : undefined), 2_000, 'two changes on b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.received).toEqual([
      { type: 'market', id: 'm1' },
      { type: 'municipal', id: '97411' },
    ]);
  });

  it('reconnects by itself when its LISTEN backend is terminated, then asks for a resync', async () => {
    const a = await openBus();
    const b = await openBus();
    expect(b.bus.listening).toBe(true);
    const killed = await pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name like $1`,
      [`${LISTEN_APPLICATION_NAME} %`],
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like $1`,
      [`${LISTEN_APPLICATION_NAME} %`],
    );
    await waitFor(() => (b.received.some((change) => change.type === 'resync') ? true : undefined), 5_000, 'a resync on b');
    expect(b.bus.reconnectCount).toBe(1);
    expect(b.logs.some((line) => line.includes('LISTEN connection lost'))).toBe(true);
    // After the reconnection, notifications flow again.
    await a.bus.publish([{ type: 'market', id: 'after' }]);
    await waitFor(
      () => (b.received.some((change) => change.type === 'market' && change.id === 'after') ? true : undefined),
      2_000,
      'a change after reconnect',
    );
  });

  it('survives its LISTEN backend being killed again and again, also in the middle of reconnecting', async () => {
    const a = await openBus();
    const b = await openBus();
    const until = Date.now() + 1_500;
    let kills = 0;
    while (Date.now() < until) {
      const result = await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like $1`,
        [`${LISTEN_APPLICATION_NAME} %`],
      );
      kills += result.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(kills).toBeGreaterThan(4);
    await waitFor(() => (a.bus.listening && b.bus.listening ? true : undefined), 5_000, 'both buses listening again');
    const seen = b.received.length;
    await a.bus.publish([{ type: 'market', id: 'still-alive' }]);
    await waitFor(
      () => (b.received.slice(seen).some((change) => change.type === 'market' && change.id === 'still-alive') ? true : undefined),
      2_000,
      'a change after the storm',
    );
  });

  it('close() ends the LISTEN connection', async () => {
    const a = await openBus();
    // Only this bus's backend: buses of earlier tests may still be reconnecting meanwhile.
    const countOwnListener = async () =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like $1`,
          [`${LISTEN_APPLICATION_NAME} % ${a.bus.instanceId.slice(0, 8)}`],
        )
      ).rows[0]!.n;
    expect(await countOwnListener()).toBe(1);
    await a.bus.close();
    expect(a.bus.listening).toBe(false);
    const started = Date.now();
    while ((await countOwnListener()) !== 0) {
      if (Date.now() - started > 5_000) throw new Error('the LISTEN backend is still there after close()');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('fails fast with a clear error when PostgreSQL does not answer', async () => {
    const started = Date.now();
    await expect(
      PgChangeBus.connect({ url: 'postgres://postgres@127.0.0.1:1/none', notify: async () => {}, connectTimeoutMs: 2_000 }),
    ).rejects.toThrow(/Cannot open the PostgreSQL LISTEN connection \(127\.0\.0\.1:1\/none\)/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
