/**
 * The privacy page kept true, with a clock the test controls: a device downloads and erases its data
 * (open prediction: vote and count removed; ended one: link removed, count kept), and the retention job
 * unlinks what the page says is unlinked after a year. Counters always equal rows. Both dialects.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMarket, resolveMarket } from '../../src/server/markets/market-repository.js';
import { runRetention, scheduleRetention, type RetentionReport } from '../../src/server/privacy/retention.js';
import { DAY_MS } from '../../src/shared/constants.js';
import type { Market } from '../../src/shared/market.js';
import type { ErasureResult, PrivacyExport } from '../../src/shared/privacy.js';
import { DIALECTS } from '../support/databases.js';
import { countMunicipalRows, countVoteRows } from '../support/invariants.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, castVote, newIdentity } from '../support/voting.js';
import { addFixtures, COMMUNE, counterMismatches } from './support/fixtures.js';
import { openStream } from './support/sse-client.js';
import { cliArguments } from '../support/server-process.js';

const T0 = new Date('2026-01-10T08:00:00.000Z');
/** The close of the municipal vote the servers here are configured with. */
const MUNICIPAL_ELECTION_END = '2026-03-22T14:00:00.000Z';
const days = (n: number) => new Date(T0.getTime() + n * DAY_MS);

async function addMarket(server: TestServer, id: string, endDate: Date) {
  await insertMarket(
    server.server.database.db,
    {
      id,
      title: `Titre <b>${id}</b>`,
      description: 'Essai',
      category: 'social',
      endDate: endDate.toISOString(),
      trending: false,
    },
    T0.toISOString(),
  );
}

const linkedVotes = async (server: TestServer) => {
  const db = server.server.database.db;
  const votes = await db.selectFrom('votes').select(['market_id', 'fingerprint']).where('fingerprint', 'is not', null).execute();
  const municipal = await db
    .selectFrom('municipal_votes')
    .select(['market_id', 'fingerprint'])
    .where('fingerprint', 'is not', null)
    .execute();
  return { votes, municipal };
};
const rowCount = async (server: TestServer) => {
  const db = server.server.database.db;
  const a = await db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const b = await db
    .selectFrom('municipal_votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(a.n) + Number(b.n);
};

describe.each(DIALECTS)('privacy: export and erase (%s)', (dialect) => {
  let server: TestServer;
  let now = T0;

  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED: 'none', MUNICIPAL_ELECTION_END }, { clock: () => now });
    await addFixtures(server.server.database, T0);
    await addMarket(server, 'ouvert', days(300));
    await addMarket(server, 'bientot-fini', days(10));
    await addMarket(server, 'a-resoudre', days(200));
  });
  afterAll(async () => {
    await server?.close();
  });

  const vote = (marketId: string, voteType: 'yes' | 'no', fingerprint: string) =>
    castVote(server.url, { marketId, voteType, fingerprint });

  it('exports the device’s votes with titles, dates and names, then erases them keeping results right', async () => {
    now = T0;
    const device = await newIdentity(server.url);
    const other = await newIdentity(server.url);
    for (const [market, side] of [
      ['ouvert', 'yes'],
      ['bientot-fini', 'no'],
      ['a-resoudre', 'yes'],
    ] as const) {
      expect((await vote(market, side, device)).status).toBe(200);
      expect((await vote(market, 'yes', other)).status).toBe(200);
    }
    const municipal = await castMunicipalVote(server.url, COMMUNE.id, {
      candidateId: COMMUNE.candidates[1],
      fingerprint: device,
    });
    expect(municipal.status).toBe(201);

    now = days(15); // "bientot-fini" has ended
    await resolveMarket(server.server.database.db, 'a-resoudre', 'yes', now.toISOString());

    const exported = await getJson<PrivacyExport>(`${server.url}/api/privacy/export?fingerprint=${device}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('cache-control')).toBe('no-store');
    expect(exported.body.fingerprint).toBe(device);
    expect(exported.body.marketVotes.map((vote) => [vote.marketId, vote.voteType, vote.marketStatus])).toEqual([
      ['ouvert', 'yes', 'open'],
      ['bientot-fini', 'no', 'ended'],
      ['a-resoudre', 'yes', 'resolved'],
    ]);
    expect(exported.body.marketVotes[0]).toMatchObject({ marketTitle: 'Titre <b>ouvert</b>', votedAt: T0.toISOString() });
    expect(exported.body.municipalVotes).toEqual([
      {
        communeId: COMMUNE.id,
        commune: 'Élection Municipale Fiabilité 2026',
        candidateId: COMMUNE.candidates[1],
        candidateName: 'Candidat 2',
        votedAt: T0.toISOString(),
      },
    ]);
    const unknown = await getJson<PrivacyExport>(`${server.url}/api/privacy/export?fingerprint=${newFingerprint()}`);
    expect(unknown.body.marketVotes).toEqual([]);
    expect((await getJson(`${server.url}/api/privacy/export?fingerprint=nope`)).status).toBe(400);

    const stream = openStream(server.url);
    expect(await stream.status).toBe(200);
    const rowsBefore = await rowCount(server);
    const erased = await postJson<ErasureResult>(`${server.url}/api/privacy/erase`, { fingerprint: device });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erasedVotes: 1, unlinkedVotes: 2, erasedMunicipalVotes: 1, unlinkedMunicipalVotes: 0 });
    expect(await rowCount(server)).toBe(rowsBefore - 2);
    expect(await counterMismatches(server.server.database)).toEqual([]);

    // Live clients hear about it: the open prediction's new count is pushed.
    const deadline = Date.now() + 5_000;
    let pushed: Market | undefined;
    while (pushed?.yesVotes !== 1 && Date.now() < deadline) {
      // The latest state pushed for the prediction (earlier events may predate the erasure).
      pushed = stream.events
        .filter((event) => event.event === 'market')
        .map((event) => JSON.parse(event.data) as Market)
        .filter((market) => market.id === 'ouvert')
        .at(-1);
      await new Promise((done) => setTimeout(done, 100));
    }
    stream.close();
    expect(pushed).toMatchObject({ id: 'ouvert', yesVotes: 1, noVotes: 0 });
    expect((await getJson<Market>(`${server.url}/api/markets/ouvert`)).body.totalVotes).toBe(1);
    expect((await getJson<Market>(`${server.url}/api/markets/bientot-fini`)).body).toMatchObject({ yesVotes: 1, noVotes: 1 });

    expect((await getJson<unknown[]>(`${server.url}/api/votes?fingerprint=${device}`)).body).toEqual([]);
    expect((await getJson<unknown[]>(`${server.url}/api/municipal/votes?fingerprint=${device}`)).body).toEqual([]);
    const again = await getJson<PrivacyExport>(`${server.url}/api/privacy/export?fingerprint=${device}`);
    expect(again.body.marketVotes).toEqual([]);
    expect(again.body.municipalVotes).toEqual([]);
    // Erasing twice is harmless; the visitor may vote again where voting is open.
    expect((await postJson<ErasureResult>(`${server.url}/api/privacy/erase`, { fingerprint: device })).body).toEqual({
      erasedVotes: 0,
      unlinkedVotes: 0,
      erasedMunicipalVotes: 0,
      unlinkedMunicipalVotes: 0,
    });
    expect((await vote('ouvert', 'no', device)).status).toBe(200);
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });

  it('erases a NON vote, a changed vote and a municipal vote on open items; counters equal rows', async () => {
    now = T0;
    const device = await newIdentity(server.url);
    const other = await newIdentity(server.url);
    // fiab-b: the device says NON, another device OUI.
    expect((await vote('fiab-b', 'no', device)).status).toBe(200);
    expect((await vote('fiab-b', 'yes', other)).status).toBe(200);
    // fiab-c: the device says OUI then changes to NON; another device says NON.
    expect((await vote('fiab-c', 'yes', device)).status).toBe(200);
    const changed = await vote('fiab-c', 'no', device);
    expect(changed.body).toMatchObject({ changed: true, market: { yesVotes: 0, noVotes: 1, totalVotes: 1 } });
    expect((await vote('fiab-c', 'no', other)).status).toBe(200);
    for (const fingerprint of [device, other]) {
      const municipal = await castMunicipalVote(server.url, COMMUNE.id, {
        candidateId: COMMUNE.candidates[0],
        fingerprint,
      });
      expect(municipal.status).toBe(201);
    }
    const votesOf = async (candidateId: string) =>
      (await getJson<{ id: string; votes: number }[]>(`${server.url}/api/municipal/${COMMUNE.id}/candidates`)).body.find(
        (candidate) => candidate.id === candidateId,
      )?.votes;
    expect(await votesOf(COMMUNE.candidates[0])).toBe(2);

    const erased = await postJson<ErasureResult>(`${server.url}/api/privacy/erase`, { fingerprint: device });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erasedVotes: 2, unlinkedVotes: 0, erasedMunicipalVotes: 1, unlinkedMunicipalVotes: 0 });

    expect((await getJson<Market>(`${server.url}/api/markets/fiab-b`)).body).toMatchObject({
      yesVotes: 1,
      noVotes: 0,
      totalVotes: 1,
    });
    expect((await getJson<Market>(`${server.url}/api/markets/fiab-c`)).body).toMatchObject({
      yesVotes: 0,
      noVotes: 1,
      totalVotes: 1,
    });
    expect(await votesOf(COMMUNE.candidates[0])).toBe(1);
    const commune = (await getJson<{ id: string; totalVotes: number }[]>(`${server.url}/api/municipal`)).body.find(
      (entry) => entry.id === COMMUNE.id,
    );
    expect(commune?.totalVotes).toBe(1);
    const rows = await countVoteRows(server.server.database);
    expect([rows.get('fiab-b'), rows.get('fiab-c')]).toEqual([
      { yes: 1, no: 0 },
      { yes: 0, no: 1 },
    ]);
    expect((await countMunicipalRows(server.server.database)).get(COMMUNE.candidates[0])).toBe(1);
    expect(await counterMismatches(server.server.database)).toEqual([]);
    const linked = await linkedVotes(server);
    expect(linked.votes.filter((row) => row.fingerprint === device)).toEqual([]);
    expect(linked.municipal.filter((row) => row.fingerprint === device)).toEqual([]);
  });

  it('after the municipal vote closed, erasure only unlinks a municipal vote', async () => {
    now = T0;
    const device = await newIdentity(server.url);
    expect(
      (
        await castMunicipalVote(server.url, COMMUNE.id, {
          candidateId: COMMUNE.candidates[2],
          fingerprint: device,
        })
      ).status,
    ).toBe(201);
    now = new Date(Date.parse(MUNICIPAL_ELECTION_END) + DAY_MS);
    const rowsBefore = await rowCount(server);
    const erased = await postJson<ErasureResult>(`${server.url}/api/privacy/erase`, { fingerprint: device });
    expect(erased.body).toEqual({ erasedVotes: 0, unlinkedVotes: 0, erasedMunicipalVotes: 0, unlinkedMunicipalVotes: 1 });
    // The vote has closed: the device cannot vote again, so the unlinked vote is never counted twice.
    const again = await castMunicipalVote(server.url, COMMUNE.id, {
      candidateId: COMMUNE.candidates[2],
      fingerprint: device,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Le vote pour cette élection est terminé.' });
    expect(await rowCount(server)).toBe(rowsBefore);
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });

  it('erasure rejects bad input without touching anything', async () => {
    for (const body of [{}, { fingerprint: 'x' }, { fingerprint: newFingerprint(), extra: 1 }, []]) {
      const answer = await postJson<{ error: string }>(`${server.url}/api/privacy/erase`, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
  });
});

describe.each(DIALECTS)('privacy: retention (%s)', (dialect) => {
  let server: TestServer;
  let now = T0;
  const retention = (at: Date): Promise<RetentionReport> =>
    runRetention({
      runInTransaction: (work) => server.server.services.batcher.run(work),
      now: at,
      municipalElectionEnd: MUNICIPAL_ELECTION_END,
    });

  beforeAll(async () => {
    // Off: the retention's counts are checked to the unit, purged burst signals included, and without the
    // protection no signal is written (bursts.test.ts runs the signals' retention with it on).
    server = await startTestServer(dialect, { SEED: 'none', VOTE_PROTECTION: 'off' }, { clock: () => now });
    await addFixtures(server.server.database, T0);
    await addMarket(server, 'court', days(10));
    await addMarket(server, 'long', days(900));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('unlinks a year after the end, forgets devices idle for a year, keeps rows and counts', async () => {
    const [active, idle, municipalOnly, late] = [newFingerprint(), newFingerprint(), newFingerprint(), newFingerprint()];
    const vote = (marketId: string, fingerprint: string) =>
      postJson(`${server.url}/api/votes`, { marketId, voteType: 'yes', fingerprint });
    const municipalVote = (fingerprint: string) =>
      postJson(`${server.url}/api/municipal/${COMMUNE.id}/votes`, { candidateId: COMMUNE.candidates[0], fingerprint });
    now = T0;
    for (const device of [active, idle]) {
      expect((await vote('court', device)).status).toBe(200);
      expect((await vote('long', device)).status).toBe(200);
    }
    expect((await municipalVote(municipalOnly)).status).toBe(201);
    expect((await municipalVote(late)).status).toBe(201);
    const rows = await rowCount(server);

    expect(await retention(days(100))).toEqual({
      forgottenDevices: 0,
      unlinkedVotes: 0,
      unlinkedMunicipalVotes: 0,
      purgedSignals: 0,
    });

    now = days(210);
    expect((await postJson(`${server.url}/api/votes`, { marketId: 'long', voteType: 'no', fingerprint: active })).status).toBe(
      200,
    );
    now = days(300);
    expect((await vote('long', late)).status).toBe(200);

    // (This server runs without the vote protection: no burst signal is kept, none purged; see bursts.test.ts.)
    // One year and a day after "court" ended: its votes are unlinked; "idle" and "municipalOnly" are forgotten.
    const first = await retention(days(10 + 366));
    expect(first).toEqual({ forgottenDevices: 2, unlinkedVotes: 3, unlinkedMunicipalVotes: 1, purgedSignals: 0 });
    let linked = await linkedVotes(server);
    expect(linked.votes.filter((row) => row.fingerprint === idle)).toEqual([]);
    expect(linked.votes.filter((row) => row.market_id === 'court')).toEqual([]);
    expect(linked.votes.filter((row) => row.fingerprint === active).map((row) => row.market_id)).toEqual(['long']);
    expect(linked.municipal.map((row) => row.fingerprint)).toEqual([late]);
    expect((await getJson<unknown[]>(`${server.url}/api/votes?fingerprint=${idle}`)).body).toEqual([]);
    expect(await retention(days(10 + 366))).toEqual({
      forgottenDevices: 0,
      unlinkedVotes: 0,
      unlinkedMunicipalVotes: 0,
      purgedSignals: 0,
    });

    // A year after the municipal vote closed, municipal votes are unlinked even for active devices.
    const afterElection = new Date(Date.parse(MUNICIPAL_ELECTION_END) + 366 * DAY_MS);
    expect(afterElection.getTime()).toBeLessThan(days(300 + 365).getTime());
    expect(await retention(afterElection)).toEqual({
      forgottenDevices: 0,
      unlinkedVotes: 0,
      unlinkedMunicipalVotes: 1,
      purgedSignals: 0,
    });
    linked = await linkedVotes(server);
    expect(linked.municipal).toEqual([]);
    expect(linked.votes.map((row) => row.fingerprint).sort()).toEqual([active, late].sort());

    expect(await rowCount(server)).toBe(rows + 1);
    expect(await counterMismatches(server.server.database)).toEqual([]);
    expect((await getJson<Market>(`${server.url}/api/markets/long`)).body.totalVotes).toBe(3);
  });

  it('npm run retention runs the same job from the command line', { timeout: 60_000 }, async () => {
    const root = resolve(import.meta.dirname, '../..');
    const child = spawn(process.execPath, cliArguments('retention', ['--now', days(5_000).toISOString()]), {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.database.url, LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    console.log(`[retention cli] ${output.trim()}`);
    expect(code).toBe(0);
    expect(output).toMatch(/Rétention .*2 empreinte\(s\) oubliée\(s\)/);
    expect(await linkedVotes(server)).toEqual({ votes: [], municipal: [] });
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });
});

describe('retention schedule', () => {
  it('runs soon after start, then at every interval, never twice at once, and stops cleanly', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const schedule = scheduleRetention({
      firstRunMs: 20,
      intervalMs: 60,
      run: async () => {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((done) => setTimeout(done, 90));
        concurrent--;
        return { forgottenDevices: 0, unlinkedVotes: 0, unlinkedMunicipalVotes: 0, purgedSignals: 0 };
      },
    });
    await new Promise((done) => setTimeout(done, 400));
    await schedule.stop();
    const stoppedAt = runs;
    await new Promise((done) => setTimeout(done, 150));
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    expect(concurrent).toBe(0);
    expect(runs).toBe(stoppedAt);
  });
});
