/**
 * Burst detection and exclusion over HTTP, on both databases, with the vote protection on. Votes come from
 * many addresses through X-Forwarded-For (TRUST_PROXY=1: the test connection plays the proxy), each with a
 * server-issued identity and a solved proof, exactly as a scripted attacker or a crowd would send them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Burst } from '../../src/shared/api/admin.js';
import type { MarketHistory } from '../../src/shared/api/markets.js';
import type { Market } from '../../src/shared/market.js';
import type { Commune } from '../../src/shared/municipal.js';
import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer, TransparencyReport } from '../../src/shared/vote-protection.js';
import { DAY_MS } from '../../src/shared/constants.js';
import { insertMarket } from '../../src/server/markets/market-repository.js';
import { runRetention } from '../../src/server/privacy/retention.js';
import { COMMUNE, OPEN_MARKETS, addFixtures } from '../reliability/support/fixtures.js';
import { DIALECTS, type TestDialect } from '../support/databases.js';
import { solve } from '../support/protection.js';
import { openStream } from '../support/sse-client.js';
import { getJson, postJson, startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'burst-test-admin-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const [MARKET, MARKET_39, MARKET_40, MARKET_89] = OPEN_MARKETS;
const [CANDIDATE, OTHER_CANDIDATE] = COMMUNE.candidates;
const EXTRA_MARKETS = ['foule-e', 'foule-f', 'foule-g', 'foule-h'];

/**
 * Protection on; challenges of maxnumber 100 (about 50 hashes each) instead of 10,000: the suite sends
 * thousands of proofs, and what is tested here is who voted, not what the proofs cost.
 */
const ENV = {
  SEED: 'none',
  VOTE_PROTECTION: 'on',
  PROTECTION_NORMAL_MAXNUMBER: '100',
  PROTECTION_IDENTITY_MAXNUMBER: '100',
  PROTECTION_TRANSPARENCY_CACHE_MS: '0',
  TRUST_PROXY: '1',
  ADMIN_TOKEN: TOKEN,
};

/** The server's clock runs with the real one, plus an offset the tests move forward. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

async function start(dialect: TestDialect): Promise<TestServer> {
  const server = await startTestServer(dialect, ENV, { clock });
  await addFixtures(server.server.database);
  return server;
}

/** Runs the tasks with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit = 12): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

const from = (address: string) => ({ 'X-Forwarded-For': address });

/** A solved proof for this request, asked from `address` (its budgets are that address's). */
async function proofFrom(t: TestServer, address: string, request: ChallengeRequest): Promise<string> {
  const { status, body } = await postJson<ChallengeAnswer>(`${t.url}/api/challenges`, request, from(address));
  if (status !== 200 || !body.challenge) throw new Error(`challenge ${status}`);
  // Past a budget the price climbs: the scenarios here stay within the normal price.
  if (body.challenge.maxnumber !== 100) throw new Error(`challenge priced ${body.challenge.maxnumber}`);
  return solve(body.challenge);
}

/** A new identity obtained from `address`, as its browser would. */
async function identityFrom(t: TestServer, address: string): Promise<string> {
  const proof = await proofFrom(t, address, { purpose: 'identity' });
  const answer = await postJson<IdentityAnswer>(`${t.url}/api/identity`, { proof }, from(address));
  if (answer.status !== 201) throw new Error(`identity ${answer.status}`);
  return answer.body.fingerprint;
}

interface Voter {
  address: string;
  fingerprint: string;
}

/** A prediction vote from `address` with its proof; the proof request goes through the same address. */
async function vote(t: TestServer, voter: Voter, marketId: string, voteType: 'yes' | 'no'): Promise<void> {
  const proof = await proofFrom(t, voter.address, { purpose: 'vote', fingerprint: voter.fingerprint, marketId, voteType });
  const answer = await postJson(
    `${t.url}/api/votes`,
    { marketId, voteType, fingerprint: voter.fingerprint, proof },
    from(voter.address),
  );
  if (answer.status !== 200) throw new Error(`vote ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function municipalVote(t: TestServer, voter: Voter, candidateId: string): Promise<void> {
  const proof = await proofFrom(t, voter.address, {
    purpose: 'municipal',
    fingerprint: voter.fingerprint,
    communeId: COMMUNE.id,
    candidateId,
  });
  const answer = await postJson(
    `${t.url}/api/municipal/${COMMUNE.id}/votes`,
    { candidateId, fingerprint: voter.fingerprint, proof },
    from(voter.address),
  );
  if (answer.status !== 201) throw new Error(`municipal vote ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** `count` voters behind one address, each with a fresh identity. */
async function votersBehind(t: TestServer, address: string, count: number): Promise<Voter[]> {
  return pool(Array.from({ length: count }, () => async () => ({ address, fingerprint: await identityFrom(t, address) })));
}

const bursts = async (t: TestServer) => {
  const answer = await getJson<Burst[]>(`${t.url}/api/admin/bursts`, { headers: AUTH });
  expect(answer.status).toBe(200);
  return answer.body;
};
const decide = (t: TestServer, id: string, decision: 'exclude' | 'include') =>
  postJson<Burst & { error?: string }>(`${t.url}/api/admin/bursts/${id}/${decision}`, {}, AUTH);
const counts = async (t: TestServer, marketId: string) => {
  const { body } = await getJson<Market>(`${t.url}/api/markets/${marketId}`);
  return { yes: body.yesVotes, no: body.noVotes, total: body.totalVotes };
};
const check = async (t: TestServer) => (await getJson(`${t.url}/api/admin/check`, { headers: AUTH })).body;

describe.each(DIALECTS)('bursts on %s', (dialect) => {
  describe('5 addresses × 100 fresh identities, all OUI, among 200 honest votes', () => {
    let t: TestServer;
    let attackers: Voter[];
    beforeAll(async () => {
      offsetMs = 0;
      t = await start(dialect);
      const honestAddresses = Array.from({ length: 200 }, (_, index) =>
        index < 100 ? `198.51.100.${index + 1}` : `203.0.113.${index - 99}`,
      );
      const honest = await pool(
        honestAddresses.map((address) => async () => ({ address, fingerprint: await identityFrom(t, address) })),
      );
      attackers = (
        await Promise.all(
          ['192.0.2.10', '192.0.2.20', '192.0.2.30', '192.0.2.40', '192.0.2.50'].map((a) => votersBehind(t, a, 100)),
        )
      ).flat();
      // Honest votes (half OUI, half NON) interleaved with the attack: 2 honest after every 5 attacking ones.
      const attack = attackers.map((voter) => () => vote(t, voter, MARKET, 'yes'));
      const crowd = honest.map((voter, index) => () => vote(t, voter, MARKET, index % 2 === 0 ? 'yes' : 'no'));
      const tasks = attack.flatMap((task, index) => [
        task,
        ...(index % 5 === 4 ? crowd.slice(((index - 4) / 5) * 2, ((index - 4) / 5) * 2 + 2) : []),
      ]);
      expect(tasks).toHaveLength(700);
      await pool(tasks);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    it('lists one burst: 500 votes from 5 addresses, all fresh identities, OUI', async () => {
      expect(await counts(t, MARKET)).toEqual({ yes: 600, no: 100, total: 700 });
      const list = await bursts(t);
      expect(list).toHaveLength(1);
      const [burst] = list;
      expect(burst).toMatchObject({
        item: { kind: 'market', id: MARKET, title: `Prédiction ${MARKET}` },
        side: 'yes',
        votes: 500,
        addresses: 5,
        identities: { fresh: 500 },
        status: 'listed',
        decidedAt: null,
      });
      expect([0, 1]).toContain(burst!.identities.medianAgeMinutes);
      // Listing again detects again: the same burst, not a second one.
      expect((await bursts(t)).map((b) => b.id)).toEqual([burst!.id]);
    });

    it('exclude takes exactly 500 OUI off, keeps counters equal to rows, history and stream follow; twice is 409', async () => {
      const [burst] = await bursts(t);
      offsetMs = 30 * 60_000;
      const historyBefore = await getJson<MarketHistory>(`${t.url}/api/markets/${MARKET}/history?range=24h`);
      const lastPast = (history: MarketHistory) => history.points[history.points.length - 2];
      expect(lastPast(historyBefore.body)).toMatchObject({ yesVotes: 600, noVotes: 100 });

      const stream = await openStream(`${t.url}/api/stream`);
      const excluded = await decide(t, burst!.id, 'exclude');
      expect(excluded.status).toBe(200);
      expect(excluded.body).toMatchObject({ id: burst!.id, status: 'excluded', votes: 500 });
      expect(excluded.body.decidedAt).not.toBeNull();
      const event = await stream.waitFor((e) => e.event === 'market' && (e.data as Market).id === MARKET, 5_000);
      expect(event.data).toMatchObject({ yesVotes: 100, noVotes: 100 });
      stream.close();

      expect(await counts(t, MARKET)).toEqual({ yes: 100, no: 100, total: 200 });
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
      const historyAfter = await getJson<MarketHistory>(`${t.url}/api/markets/${MARKET}/history?range=24h`);
      expect(lastPast(historyAfter.body)).toMatchObject({ yesVotes: 100, noVotes: 100 });
      expect(historyAfter.body.points[historyAfter.body.points.length - 1]).toMatchObject({ yesVotes: 100, noVotes: 100 });

      // A device of the burst still sees its vote.
      const own = await getJson(`${t.url}/api/votes?fingerprint=${attackers[0]!.fingerprint}`);
      expect(own.body).toEqual([{ marketId: MARKET, voteType: 'yes' }]);

      const again = await decide(t, burst!.id, 'exclude');
      expect(again).toMatchObject({ status: 409, body: { error: 'Rafale déjà exclue' } });
      expect(await counts(t, MARKET)).toEqual({ yes: 100, no: 100, total: 200 });
      expect((await bursts(t)).map((b) => [b.id, b.status, b.votes])).toEqual([[burst!.id, 'excluded', 500]]);

      const report = await getJson<TransparencyReport>(`${t.url}/api/transparency`);
      const days = report.body.days as (TransparencyReport['days'][number] & { votesExcluded: number; burstsDetected: number })[];
      expect(days.reduce((sum, day) => sum + day.votesExcluded, 0)).toBe(500);
      expect(days.reduce((sum, day) => sum + day.burstsDetected, 0)).toBe(1);
    });

    it('include puts the 500 back; twice is 409; unknown burst is 404', async () => {
      const [burst] = await bursts(t);
      const included = await decide(t, burst!.id, 'include');
      expect(included).toMatchObject({ status: 200, body: { status: 'listed' } });
      expect(await counts(t, MARKET)).toEqual({ yes: 600, no: 100, total: 700 });
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
      expect(await decide(t, burst!.id, 'include')).toMatchObject({
        status: 409,
        body: { error: 'Rafale déjà comptée : rien à réintégrer' },
      });
      expect(await decide(t, 'b-inconnue', 'exclude')).toMatchObject({ status: 404, body: { error: 'Rafale introuvable' } });
      expect(await counts(t, MARKET)).toEqual({ yes: 600, no: 100, total: 700 });
    });

    it('an excluded device that votes again or changes side never moves the public counts', async () => {
      const [burst] = await bursts(t);
      expect((await decide(t, burst!.id, 'exclude')).status).toBe(200);
      expect(await counts(t, MARKET)).toEqual({ yes: 100, no: 100, total: 200 });
      await vote(t, attackers[1]!, MARKET, 'yes');
      await vote(t, attackers[2]!, MARKET, 'no');
      expect(await counts(t, MARKET)).toEqual({ yes: 100, no: 100, total: 200 });
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
      expect((await getJson(`${t.url}/api/votes?fingerprint=${attackers[2]!.fingerprint}`)).body).toEqual([
        { marketId: MARKET, voteType: 'no' },
      ]);
      // Reinstated, the switched vote counts on its new side.
      expect((await decide(t, burst!.id, 'include')).status).toBe(200);
      expect(await counts(t, MARKET)).toEqual({ yes: 599, no: 101, total: 700 });
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
    });

    it('erasing an excluded device takes nothing off the public counts', async () => {
      const [burst] = await bursts(t);
      expect((await decide(t, burst!.id, 'exclude')).status).toBe(200);
      const before = await counts(t, MARKET);
      const erased = await postJson(`${t.url}/api/privacy/erase`, { fingerprint: attackers[3]!.fingerprint });
      expect(erased.status).toBe(200);
      expect(await counts(t, MARKET)).toEqual(before);
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
    });

    it('the daily retention job deletes signals older than 30 days, and only those', async () => {
      await t.server.services.signals.flush();
      const run = (days: number) =>
        runRetention({
          runInTransaction: (work) => t.server.services.batcher.run(work),
          now: new Date(Date.now() + days * DAY_MS),
          municipalElectionEnd: null,
        });
      expect((await run(29)).purgedSignals).toBe(0);
      // 700 votes, then two votes again of excluded devices, less the erased device's.
      expect((await run(31)).purgedSignals).toBe(701);
      expect((await run(31)).purgedSignals).toBe(0);
    });
  });

  describe('at the edges of the rule', () => {
    let t: TestServer;
    beforeAll(async () => {
      offsetMs = 0;
      t = await start(dialect);
      const [a, b, c, d] = await Promise.all(
        ['192.0.2.61', '192.0.2.62', '192.0.2.63', '192.0.2.64'].map((address, index) =>
          votersBehind(t, address, [39, 40, 100, 100][index]!),
        ),
      );
      await pool([
        ...a!.map((voter) => () => vote(t, voter, MARKET_39, 'yes')),
        ...b!.map((voter) => () => vote(t, voter, MARKET_40, 'yes')),
        ...c!.map((voter, index) => () => vote(t, voter, MARKET_89, index < 89 ? 'yes' : 'no')),
        ...d!.map((voter, index) => () => municipalVote(t, voter, index < 90 ? CANDIDATE : OTHER_CANDIDATE)),
      ]);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    it('39 votes from one address are no burst, 40 are; 89 % on one side is none, 90 % is', async () => {
      const list = await bursts(t);
      expect(
        list
          .map((burst) => ({ item: burst.item.id, side: burst.side, votes: burst.votes, addresses: burst.addresses }))
          .sort((x, y) => (x.item < y.item ? -1 : 1)),
      ).toEqual([
        { item: MARKET_40, side: 'yes', votes: 40, addresses: 1 },
        { item: COMMUNE.id, side: CANDIDATE, votes: 90, addresses: 1 },
      ]);
    });

    it('excluding a commune’s burst takes its 90 votes off its candidate and total', async () => {
      const burst = (await bursts(t)).find((b) => b.item.kind === 'commune')!;
      expect(burst.item.title).toBe('Élection Municipale Fiabilité 2026');
      expect((await decide(t, burst.id, 'exclude')).status).toBe(200);
      const candidates = (await getJson<{ id: string; votes: number }[]>(`${t.url}/api/municipal/${COMMUNE.id}/candidates`)).body;
      expect(Object.fromEntries(candidates.map((c) => [c.id, c.votes]))).toMatchObject({
        [CANDIDATE]: 0,
        [OTHER_CANDIDATE]: 10,
      });
      const communes = (await getJson<Commune[]>(`${t.url}/api/municipal`)).body;
      expect(communes.find((commune) => commune.id === COMMUNE.id)?.totalVotes).toBe(10);
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
      expect((await decide(t, burst.id, 'include')).status).toBe(200);
      const back = (await getJson<Commune[]>(`${t.url}/api/municipal`)).body;
      expect(back.find((commune) => commune.id === COMMUNE.id)?.totalVotes).toBe(100);
      expect(await check(t)).toEqual({ ok: true, mismatches: [] });
    });
  });

  describe('organic crowds', () => {
    let t: TestServer;
    beforeAll(async () => {
      offsetMs = 0;
      t = await start(dialect);
      for (const id of EXTRA_MARKETS) {
        await insertMarket(
          t.server.database.db,
          {
            id,
            title: `Prédiction ${id}`,
            description: 'Jeu d’essai',
            category: 'social',
            endDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
            trending: false,
          },
          new Date().toISOString(),
        );
      }
      // A school behind one address: 120 new devices, each on 5 of the 8 predictions, OUI or NON at random
      // (about 75 votes per prediction from one origin, well past 40: only the split keeps it out).
      let seed = 11;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const school = await votersBehind(t, '192.0.2.99', 120);
      const predictions = [...OPEN_MARKETS, ...EXTRA_MARKETS];
      const schoolVotes = school.flatMap((voter) => {
        const chosen = new Set<string>();
        while (chosen.size < 5) chosen.add(predictions[Math.floor(random() * predictions.length)]!);
        return [...chosen].map((marketId) => {
          const side = random() < 0.5 ? 'yes' : 'no';
          return () => vote(t, voter, marketId, side);
        });
      });
      // A surge on a commune: 400 devices from 200 addresses, two each, every candidate chosen.
      const crowd = await pool(
        Array.from({ length: 400 }, (_, index) => async () => {
          const address = `198.51.${100 + Math.floor(index / 2 / 250)}.${((index >> 1) % 250) + 1}`;
          return { address, fingerprint: await identityFrom(t, address) };
        }),
      );
      await pool([...schoolVotes, ...crowd.map((voter, index) => () => municipalVote(t, voter, COMMUNE.candidates[index % 3]!))]);
    }, 240_000);
    afterAll(async () => {
      await t?.close();
    });

    it('no burst: neither the school behind one address voting both ways nor the surge from many addresses', async () => {
      const perMarket = await Promise.all([...OPEN_MARKETS, ...EXTRA_MARKETS].map((id) => counts(t, id)));
      expect(perMarket.reduce((sum, market) => sum + market.total, 0)).toBe(600);
      expect(Math.max(...perMarket.map((market) => market.total))).toBeGreaterThanOrEqual(40);
      const communes = (await getJson<Commune[]>(`${t.url}/api/municipal`)).body;
      expect(communes.find((commune) => commune.id === COMMUNE.id)?.totalVotes).toBe(400);
      expect(await bursts(t)).toEqual([]);
    });
  });
});
