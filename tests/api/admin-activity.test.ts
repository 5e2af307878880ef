import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import type { AdminActivity } from '../../src/shared/admin-activity.js';
import type { Health } from '../../src/shared/health.js';
import { DIALECTS } from '../support/databases.js';
import { newIdentity, proofFor } from '../support/protection.js';
import { getJson, postJson, startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'jeton-activite-7d2e91c4b8';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();
const REUNION_TODAY = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);

/** Protection on with small challenges, so real proofs are solved quickly; no demo data. */
const ENV = {
  SEED: 'none',
  ADMIN_TOKEN: TOKEN,
  VOTE_PROTECTION: 'on',
  PROTECTION_NORMAL_MAXNUMBER: '1000',
  LOG_LEVEL: 'silent',
};

describe.each(DIALECTS)('GET /api/admin/activity on %s, two instances', (dialect) => {
  let a: TestServer;
  let b: RunningServer;
  let bUrl: string;
  // Both instances read the same clock, moved forward to age the votes.
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  const activity = () => getJson<AdminActivity>(`${a.url}/api/admin/activity`, { headers: AUTH });
  const vote = async (url: string, marketId: string, voteType: 'yes' | 'no') => {
    const fingerprint = await newIdentity(url);
    const proof = await proofFor(url, { purpose: 'vote', fingerprint, marketId, voteType });
    return { marketId, voteType, fingerprint, proof };
  };

  beforeAll(async () => {
    a = await startTestServer(dialect, { ...ENV, RATE_LIMIT: 'off' }, { clock });
    // The second instance limits votes to one a minute per address, to have a refusal of each kind.
    const config = loadConfig({ ...ENV, RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '1', DATABASE_URL: a.database.url });
    b = await createServer(config, { logger: false, webRoot: '/nonexistent', clock });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    bUrl = `http://127.0.0.1:${address.port}`;
    for (const [id, title] of [
      ['activite-a', 'Le Piton de la Fournaise entrera-t-il en éruption avant la fin de l’année ?'],
      ['activite-b', 'Le prix du litre de gazole passera-t-il sous 1,50 € ?'],
    ]) {
      const created = await postJson(
        `${a.url}/api/admin/markets`,
        { id, title, description: 'Question de test pour l’activité en direct.', category: 'economie', endDate: IN_A_MONTH },
        AUTH,
      );
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('tells the browser that administration is on', async () => {
    const { body } = await getJson<Health>(`${a.url}/api/health`);
    expect(body.admin).toBe(true);
  });

  it('is guarded like every admin route', async () => {
    const { status, body } = await getJson(`${a.url}/api/admin/activity`, { headers: { Authorization: 'Bearer faux' } });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Accès non autorisé' });
  });

  it('starts at zero', async () => {
    const { status, body, headers } = await activity();
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.markets.map((m) => [m.id, m.votesLast5Minutes, m.votesLastHour])).toEqual([
      ['activite-a', 0, 0],
      ['activite-b', 0, 0],
    ]);
    expect(body.refused).toEqual({ day: REUNION_TODAY(), replays: 0, rateLimited: 0, proof: 0 });
  });

  it('counts the votes of both instances and each kind of refusal, then lets the votes age', async () => {
    const first = await vote(a.url, 'activite-a', 'yes');
    expect((await postJson(`${a.url}/api/votes`, first)).status).toBe(200);
    expect((await postJson(`${a.url}/api/votes`, await vote(a.url, 'activite-a', 'no'))).status).toBe(200);
    // The same proof again: a replay.
    expect(await postJson(`${a.url}/api/votes`, first)).toMatchObject({
      status: 403,
      body: { error: 'Preuve de travail déjà utilisée : veuillez réessayer.' },
    });
    // No proof at all.
    expect(await postJson(`${a.url}/api/votes`, { ...first, marketId: 'activite-b', proof: undefined })).toMatchObject({
      status: 400,
      body: { error: 'Preuve de travail manquante : veuillez réessayer.' },
    });
    // On the other instance: one vote, then the per-minute limit.
    expect((await postJson(`${bUrl}/api/votes`, await vote(bUrl, 'activite-b', 'yes'))).status).toBe(200);
    expect((await postJson(`${bUrl}/api/votes`, await vote(bUrl, 'activite-b', 'no'))).status).toBe(429);

    // The other instance writes its refusals within two seconds.
    await expect
      .poll(async () => (await activity()).body, { timeout: 6_000, interval: 250 })
      .toMatchObject({
        markets: [
          { id: 'activite-a', votesLast5Minutes: 2, votesLastHour: 2 },
          { id: 'activite-b', votesLast5Minutes: 1, votesLastHour: 1 },
        ],
        refused: { day: REUNION_TODAY(), replays: 1, rateLimited: 1, proof: 1 },
      });

    offsetMs = 6 * 60_000;
    expect((await activity()).body.markets).toEqual([
      {
        id: 'activite-a',
        title: 'Le Piton de la Fournaise entrera-t-il en éruption avant la fin de l’année ?',
        votesLast5Minutes: 0,
        votesLastHour: 2,
      },
      {
        id: 'activite-b',
        title: 'Le prix du litre de gazole passera-t-il sous 1,50 € ?',
        votesLast5Minutes: 0,
        votesLastHour: 1,
      },
    ]);

    offsetMs = 61 * 60_000;
    expect((await activity()).body.markets.map((m) => [m.id, m.votesLast5Minutes, m.votesLastHour])).toEqual([
      ['activite-a', 0, 0],
      ['activite-b', 0, 0],
    ]);
    offsetMs = 0;
  });
});

describe('administration off', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { SEED: 'none' });
  });
  afterAll(async () => t?.close());

  it('says so in /api/health and answers 404 on the activity', async () => {
    expect((await getJson<Health>(`${t.url}/api/health`)).body.admin).toBe(false);
    const { status, body } = await getJson(`${t.url}/api/admin/activity`, { headers: AUTH });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Administration désactivée' });
  });
});
