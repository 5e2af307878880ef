import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../../src/server/realtime/pg-change-bus.js';
import type { Market } from '../../src/shared/market.js';
import type { Commune } from '../../src/shared/municipal.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { knownOpen } from '../support/seed-markets.js';
import { startServerProcess } from '../support/server-process.js';
import { getJson, newFingerprint, postJson } from '../support/test-server.js';

/**
 * Two real server processes on two ports over one fresh PostgreSQL database, as behind a load
 * balancer: votes through both, SSE clients on both, the database checked directly afterwards.
 */

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
  at: number;
}

interface StreamReader {
  instance: string;
  events: StreamEvent[];
  comments: string[];
  close(): void;
}

async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  // Demo data: both instances start on the same fresh database and only one of them loads it.
  const server = await startServerProcess(databaseUrl, { SEED: 'demo', VOTE_CHANGE: 'allowed' }, 60_000);
  return {
    name,
    url: server.url,
    child: server.child,
    output: () => server.output(),
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGKILL');
    },
  };
}

/** A small Server-Sent Events reader over fetch: `id:`, `event:`, `data:` lines, blocks ended by a blank line. */
async function openStream(instance: Instance): Promise<StreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${instance.url}/api/stream`, {
    signal: controller.signal,
    headers: { Accept: 'text/event-stream' },
  });
  if (!response.ok || !response.body) throw new Error(`stream on ${instance.name}: ${response.status}`);
  const reader: StreamReader = { instance: instance.name, events: [], comments: [], close: () => controller.abort() };
  const decoder = new TextDecoder();
  const body = response.body.getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: Partial<StreamEvent> & { dataLines: string[] } = { dataLines: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) reader.comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) event.id = line.slice(3).trim();
            else if (line.startsWith('event:')) event.event = line.slice(6).trim();
            else if (line.startsWith('data:')) event.dataLines.push(line.slice(5).trimStart());
          }
          if (event.event && event.dataLines.length > 0) {
            reader.events.push({
              id: event.id ?? '',
              event: event.event,
              data: JSON.parse(event.dataLines.join('\n')),
              at: Date.now(),
            });
          }
        }
      }
    } catch {
      // aborted at the end of the test, or the server went away
    }
  })();
  const started = Date.now();
  while (!reader.comments.includes('connecté')) {
    if (Date.now() - started > 5_000) throw new Error(`stream on ${instance.name} sent no greeting`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return reader;
}

function marketEvents(reader: StreamReader, marketId: string): (StreamEvent & { data: Market })[] {
  return reader.events.filter(
    (event): event is StreamEvent & { data: Market } => event.event === 'market' && (event.data as Market).id === marketId,
  );
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the tasks with at most `limit` in flight. */
async function runPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        await task();
      }
    }),
  );
}

interface Ack {
  instance: string;
  marketId: string;
  totalVotes: number;
  changed: boolean;
  at: number;
}

describe('two server processes over one PostgreSQL database', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let client: pg.Client;
  let a: Instance;
  let b: Instance;
  const readers: StreamReader[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Started together, as a deploy would: both migrate and try to seed; the database keeps one copy.
    const started = Date.now();
    [a, b] = await Promise.all([startInstance('A', database.url), startInstance('B', database.url)]);
    console.log(`multi-instance: both processes answered /api/health ${Date.now() - started} ms after spawn`);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await client?.end();
    await database?.drop();
  });

  it('counts concurrent votes through both once each, and each instance streams the other one’s votes within 1 s', async () => {
    const markets = knownOpen((await getJson<Market[]>(`${a.url}/api/markets`)).body);
    const [m1, m2] = markets;
    if (!m1 || !m2) throw new Error('the demo data needs two open markets');
    const communes = (await getJson<Commune[]>(`${b.url}/api/municipal`)).body;
    const commune = communes[0]!;

    for (const instance of [a, b, a, b]) readers.push(await openStream(instance));
    const instances = { A: a, B: b };

    const acks: Ack[] = [];
    const sent = { A: 0, B: 0 };
    const acknowledged = { A: 0, B: 0 };
    const vote = async (instance: Instance, marketId: string, voteType: 'yes' | 'no', fingerprint: string) => {
      sent[instance.name as 'A' | 'B']++;
      const response = await postJson<{ market: Market; changed: boolean }>(`${instance.url}/api/votes`, {
        marketId,
        voteType,
        fingerprint,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      acknowledged[instance.name as 'A' | 'B']++;
      acks.push({
        instance: instance.name,
        marketId,
        totalVotes: response.body.market.totalVotes,
        changed: response.body.changed,
        at: Date.now(),
      });
    };

    const tasks: (() => Promise<void>)[] = [];
    // Distinct devices, spread over both instances and both markets.
    const distinct = { [m1.id]: 0, [m2.id]: 0 };
    for (let index = 0; index < 240; index++) {
      const market = index % 3 === 0 ? m2 : m1;
      distinct[market.id]!++;
      const instance = index % 2 === 0 ? a : b;
      tasks.push(() => vote(instance, market.id, randomInt(2) === 0 ? 'yes' : 'no', newFingerprint()));
    }
    // The same device through both instances at the same moment: counted once. Some send the same
    // choice twice (a replay), some opposite choices (one vote, then one change: still one participant).
    const shared: string[] = [];
    for (let index = 0; index < 60; index++) {
      const fingerprint = newFingerprint();
      shared.push(fingerprint);
      const first = randomInt(2) === 0 ? 'yes' : 'no';
      const second = index % 3 === 0 ? (first === 'yes' ? 'no' : 'yes') : first;
      tasks.push(async () => {
        await Promise.all([vote(a, m1.id, first, fingerprint), vote(b, m1.id, second, fingerprint)]);
      });
    }
    // The same device on one commune through both at once: one 201, one 409.
    const municipalStatuses: number[] = [];
    for (let index = 0; index < 20; index++) {
      const fingerprint = newFingerprint();
      const candidateId = commune.candidates[index % commune.candidates.length]!.id;
      tasks.push(async () => {
        const answers = await Promise.all(
          [a, b].map((instance) => postJson(`${instance.url}/api/municipal/${commune.id}/votes`, { candidateId, fingerprint })),
        );
        municipalStatuses.push(...answers.map((answer) => answer.status));
      });
    }
    // Interleave the kinds so the shared devices land in the middle of the distinct traffic.
    tasks.sort(() => randomInt(3) - 1);
    const startedAt = Date.now();
    await runPool(tasks, 24);
    const votingMs = Date.now() - startedAt;

    // The database, read directly: counters equal vote rows everywhere, each device counted once.
    const mismatches = await client.query(`
      select m.id from markets m
      left join (select market_id, count(*) filter (where vote_type = 'yes') as yes, count(*) filter (where vote_type = 'no') as no
                 from votes group by market_id) v on v.market_id = m.id
      where m.yes_votes <> coalesce(v.yes, 0) or m.no_votes <> coalesce(v.no, 0) or m.total_votes <> coalesce(v.yes, 0) + coalesce(v.no, 0)`);
    expect(mismatches.rows).toEqual([]);
    const sharedRows = await client.query<{ n: number }>(`select count(*)::int as n from votes where fingerprint = any($1)`, [
      shared,
    ]);
    expect(sharedRows.rows[0]!.n).toBe(shared.length);
    const final = await client.query<{ id: string; yes_votes: number; no_votes: number; total_votes: number }>(
      `select id, yes_votes, no_votes, total_votes from markets where id = any($1)`,
      [[m1.id, m2.id]],
    );
    const finalOf = new Map(final.rows.map((row) => [row.id, row]));
    const counted = {
      [m1.id]: finalOf.get(m1.id)!.total_votes - m1.totalVotes,
      [m2.id]: finalOf.get(m2.id)!.total_votes - m2.totalVotes,
    };
    expect(counted[m1.id]).toBe(distinct[m1.id]! + shared.length);
    expect(counted[m2.id]).toBe(distinct[m2.id]!);
    expect(municipalStatuses.filter((status) => status === 201)).toHaveLength(20);
    expect(municipalStatuses.filter((status) => status === 409)).toHaveLength(20);
    const municipal = await client.query<{ ok: boolean; total: number }>(
      `select (select total_votes from municipal_markets where id = $1) = (select count(*) from municipal_votes where market_id = $1) as ok,
              (select total_votes from municipal_markets where id = $1) as total`,
      [commune.id],
    );
    expect(municipal.rows[0]!.ok).toBe(true);
    expect(municipal.rows[0]!.total).toBe(commune.totalVotes + 20);

    // Every client's last event for each market shows the final totals (the flush after the last vote).
    await waitUntil(
      () =>
        readers.every((reader) =>
          [m1.id, m2.id].every((id) => {
            // A change keeps the total: the sides are compared too, or the wait may end before its event.
            const last = marketEvents(reader, id).at(-1)?.data;
            const row = finalOf.get(id)!;
            return last?.yesVotes === row.yes_votes && last.noVotes === row.no_votes && last.totalVotes === row.total_votes;
          }),
        ),
      3_000,
      'the final totals on every stream',
    );
    for (const reader of readers) {
      for (const id of [m1.id, m2.id]) {
        const last = marketEvents(reader, id).at(-1)!.data;
        const row = finalOf.get(id)!;
        expect({ yes: last.yesVotes, no: last.noVotes, total: last.totalVotes }).toEqual({
          yes: row.yes_votes,
          no: row.no_votes,
          total: row.total_votes,
        });
      }
    }

    // Cross-instance delay: from a vote acknowledged by one instance to the first event on the other
    // instance's streams showing a total that includes it (totals only grow: no vote is removed here).
    const delays: number[] = [];
    for (const ack of acks.filter((entry) => !entry.changed)) {
      for (const reader of readers.filter((entry) => entry.instance !== ack.instance)) {
        const seen = marketEvents(reader, ack.marketId).find((event) => event.data.totalVotes >= ack.totalVotes);
        expect(seen, `${reader.instance} never showed ${ack.marketId} at ${ack.totalVotes}`).toBeDefined();
        delays.push(Math.max(0, seen!.at - ack.at));
      }
    }
    delays.sort((x, y) => x - y);
    const percentile = (p: number) => delays[Math.min(delays.length - 1, Math.floor((delays.length * p) / 100))]!;
    const p50 = percentile(50);
    const p99 = percentile(99);
    const max = delays.at(-1)!;
    const late = delays.filter((delay) => delay > 1_000).length;
    const municipalEvents = (reader: StreamReader) => reader.events.filter((event) => event.event === 'municipal').length;
    const perInstance = (name: 'A' | 'B') => {
      const own = readers.filter((reader) => reader.instance === name);
      return {
        votesSent: sent[name],
        acknowledged: acknowledged[name],
        streams: own.length,
        marketEvents: own.map((reader) => reader.events.filter((event) => event.event === 'market').length),
        municipalEvents: own.map(municipalEvents),
      };
    };
    console.log(
      [
        `multi-instance: ${Object.keys(instances).length} server processes over one PostgreSQL database, ${tasks.length} tasks in ${votingMs} ms (24 in flight)`,
        `  votes sent ${sent.A + sent.B} (A ${sent.A}, B ${sent.B}), acknowledged ${acknowledged.A + acknowledged.B}` +
          ` (incl. ${shared.length} devices sending through A and B at once), municipal: ${municipalStatuses.length} sent, 20 × 201 + 20 × 409`,
        `  counted in PostgreSQL: ${counted[m1.id]! + counted[m2.id]!} participants: ${m1.id} +${counted[m1.id]} (= ${distinct[m1.id]} distinct + ${shared.length} shared once each), ` +
          `${m2.id} +${counted[m2.id]}; every market's counters equal its vote rows`,
        `  instance A: ${JSON.stringify(perInstance('A'))}`,
        `  instance B: ${JSON.stringify(perInstance('B'))}`,
        `  vote on one instance → event on the other: median ${p50} ms, p99 ${p99} ms, max ${max} ms over ${delays.length} (ack, stream) pairs, ${late} over 1 s`,
      ].join('\n'),
    );
    // Behaviour, not speed: every vote reached the other instance's streams through the live path (a later
    // resync would take longer than this bound). The 1 s target is a timing figure, printed above; tests
    // never fail on timing alone on a shared two-core machine.
    expect(delays.length).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(5_000);
  });

  it('after the LISTEN connection of an instance is cut, it reconnects and its streams catch up', async () => {
    const [market] = knownOpen((await getJson<Market[]>(`${a.url}/api/markets`)).body);
    if (!market) throw new Error('no open market');
    const onB = readers.filter((reader) => reader.instance === 'B');
    const before = onB.map((reader) => reader.events.length);
    const listenOf = (pid: number) =>
      client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and application_name like $1`,
        [`${LISTEN_APPLICATION_NAME} % ${pid} %`],
      );
    const old = await listenOf(b.child.pid!);
    expect(old.rows).toHaveLength(1);
    await client.query('select pg_terminate_backend($1)', [old.rows[0]!.pid]);
    // The vote goes through A at once, most likely while B is still away: B can only learn it from
    // the resync that follows its reconnection.
    const voted = await postJson<{ market: Market }>(`${a.url}/api/votes`, {
      marketId: market.id,
      voteType: 'yes',
      fingerprint: newFingerprint(),
    });
    expect(voted.status).toBe(200);
    const votedAt = Date.now();
    await waitUntil(
      () =>
        onB.every((reader) =>
          marketEvents(reader, market.id).some(
            (event) => event.at >= votedAt - 1_000 && event.data.totalVotes >= voted.body.market.totalVotes,
          ),
        ),
      5_000,
      'B’s streams to show the vote made on A',
    );
    const caughtUpMs = Date.now() - votedAt;
    // Polled: on a loaded machine B's health check may have found the new link slow and be reconnecting
    // once more at this very moment.
    let fresh = await listenOf(b.child.pid!);
    await waitUntil(async () => (fresh = await listenOf(b.child.pid!)).rows.length === 1, 5_000, 'B’s new LISTEN connection');
    expect(fresh.rows).toHaveLength(1);
    expect(fresh.rows[0]!.pid).not.toBe(old.rows[0]!.pid);
    // The resync sent the full state: every market in one flush, not only the one voted on.
    const marketCount = (await getJson<Market[]>(`${b.url}/api/markets`)).body.length;
    const after = onB.map(
      (reader, index) => reader.events.slice(before[index]).filter((event) => event.event === 'market').length,
    );
    for (const count of after) expect(count).toBeGreaterThanOrEqual(marketCount);
    expect(b.output()).toMatch(/LISTEN connection lost/);
    console.log(
      `LISTEN reconnect: B's listen backend ${old.rows[0]!.pid} terminated, new backend ${fresh.rows[0]!.pid}; ` +
        `B's streams showed A's vote ${caughtUpMs} ms after it was acknowledged; market events per B stream since the cut: ${JSON.stringify(after)} (${marketCount} markets)`,
    );
  });
});
