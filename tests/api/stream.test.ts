import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import type { Commune } from '../../src/shared/municipal.js';
import { DIALECTS } from '../support/databases.js';
import { SEED_MARKETS } from '../support/seed-markets.js';
import { openStream } from '../support/sse-client.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('live stream on %s', (dialect) => {
  let t: TestServer;
  let open: Market[];
  beforeAll(async () => {
    t = await startTestServer(dialect);
    const all = (await getJson<Market[]>(`${t.url}/api/markets`)).body;
    open = [SEED_MARKETS.open, SEED_MARKETS.openToo].map((id) => all.find((m) => m.id === id)!);
  });
  afterAll(async () => t?.close());

  it('pushes a market event with the new state after a vote, on the next flush', async () => {
    const stream = await openStream(`${t.url}/api/stream`);
    try {
      const market = open[0]!;
      const sentAt = Date.now();
      const { body } = await postJson<{ market: Market }>(`${t.url}/api/votes`, {
        marketId: market.id,
        voteType: 'yes',
        fingerprint: newFingerprint(),
      });
      const event = await stream.waitFor((e) => e.event === 'market' && (e.data as Market).id === market.id);
      expect(event.data).toEqual(body.market);
      // Pushed on the next flush, not on some later reconnection (the 1 s target itself is a benchmark figure).
      console.log(`[${dialect}] vote → market event: ${event.at - sentAt} ms`);
      expect(event.at - sentAt).toBeLessThan(3_000);
    } finally {
      stream.close();
    }
  });

  it('coalesces a burst: at most 2 flushes per second, the last event carries the final state', async () => {
    const stream = await openStream(`${t.url}/api/stream`);
    try {
      const market = open[1]!;
      const start = Date.now();
      let last: Market | undefined;
      // 60 votes spread over ~1.5 s.
      for (let i = 0; i < 12; i++) {
        const batch = await Promise.all(
          Array.from({ length: 5 }, () =>
            postJson<{ market: Market }>(`${t.url}/api/votes`, {
              marketId: market.id,
              voteType: 'no',
              fingerprint: newFingerprint(),
            }),
          ),
        );
        for (const answer of batch) if (!last || answer.body.market.totalVotes > last.totalVotes) last = answer.body.market;
        await sleep(120);
      }
      await stream.waitFor((e) => e.event === 'market' && (e.data as Market).totalVotes === last!.totalVotes, 2_000);
      const elapsedSeconds = (Date.now() - start) / 1000;
      const forMarket = stream.events.filter((e) => e.event === 'market' && (e.data as Market).id === market.id);
      expect(forMarket.length).toBeLessThan(60);
      expect(forMarket.length).toBeLessThanOrEqual(Math.ceil(elapsedSeconds * 2) + 1);
      const flushIds = new Set(stream.events.map((e) => e.id));
      expect(flushIds.size).toBeLessThanOrEqual(Math.ceil(elapsedSeconds * 2) + 1);
      expect(forMarket.at(-1)!.data).toEqual(last);
    } finally {
      stream.close();
    }
  });

  it('pushes a municipal event after a municipal vote', async () => {
    const stream = await openStream(`${t.url}/api/stream`);
    try {
      const candidates = (await getJson<{ id: string }[]>(`${t.url}/api/municipal/97416/candidates`)).body;
      const answer = await postJson<{ commune: Commune }>(`${t.url}/api/municipal/97416/votes`, {
        candidateId: candidates[0]!.id,
        fingerprint: newFingerprint(),
      });
      expect(answer.status).toBe(201);
      const event = await stream.waitFor((e) => e.event === 'municipal' && (e.data as Commune).id === '97416');
      expect(event.data).toEqual(answer.body.commune);
    } finally {
      stream.close();
    }
  });

  it('a reconnecting client (Last-Event-ID) first receives the current state of every market', async () => {
    const stream = await openStream(`${t.url}/api/stream`, { 'Last-Event-ID': '1' });
    try {
      await stream.waitFor((e) => e.event === 'municipal');
      const markets = stream.events.filter((e) => e.event === 'market');
      const list = (await getJson<Market[]>(`${t.url}/api/markets`)).body;
      expect(markets).toHaveLength(list.length);
    } finally {
      stream.close();
    }
  });

  it('frees a connection when its client goes away', async () => {
    const hub = t.server.services.hub;
    const settle = async (size: number) => {
      const deadline = Date.now() + 3_000;
      while (hub.size !== size && Date.now() < deadline) await sleep(20);
    };
    await settle(0);
    const before = hub.size;
    const stream = await openStream(`${t.url}/api/stream`);
    await settle(before + 1);
    expect(hub.size).toBe(before + 1);
    stream.close();
    await settle(before);
    expect(hub.size).toBe(before);
  });
});
