import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { DIALECTS } from '../support/databases.js';
import { countMunicipalRows, countVoteRows } from '../support/invariants.js';
import { SEED_MARKETS } from '../support/seed-markets.js';
import { getJson, newFingerprint, startTestServer, type TestServer } from '../support/test-server.js';

function send(t: TestServer, path: string, body: string, contentType = 'application/json') {
  return getJson<{ error: string }>(`${t.url}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

describe.each(DIALECTS)('bad input on %s: a clear 4xx, nothing written', (dialect) => {
  let t: TestServer;
  let open: Market;
  let before: { votes: Map<string, { yes: number; no: number }>; municipal: Map<string, number> };
  beforeAll(async () => {
    t = await startTestServer(dialect);
    open = (await getJson<Market>(`${t.url}/api/markets/${SEED_MARKETS.open}`)).body;
    before = { votes: await countVoteRows(t.server.database), municipal: await countMunicipalRows(t.server.database) };
  });
  afterAll(async () => {
    // Nothing any of these requests did may have written a row.
    expect(await countVoteRows(t.server.database)).toEqual(before.votes);
    expect(await countMunicipalRows(t.server.database)).toEqual(before.municipal);
    await t?.close();
  });

  const fingerprint = newFingerprint();
  const cases: [string, string, string, number, RegExp][] = [
    ['malformed JSON', '/api/votes', '{"marketId": "x",', 400, /JSON invalide/],
    ['empty body', '/api/votes', '', 400, /./],
    ['an array body', '/api/votes', '[]', 400, /Requête invalide/],
    ['a wrong voteType', '/api/votes', JSON.stringify({ marketId: 'x', voteType: 'maybe', fingerprint }), 400, /voteType/],
    ['a numeric marketId', '/api/votes', JSON.stringify({ marketId: 12, voteType: 'yes', fingerprint }), 400, /marketId/],
    ['a missing marketId', '/api/votes', JSON.stringify({ voteType: 'yes', fingerprint }), 400, /marketId/],
    [
      'an unknown field',
      '/api/votes',
      JSON.stringify({ marketId: 'x', voteType: 'yes', fingerprint, admin: true }),
      400,
      /champ inconnu admin/,
    ],
    [
      'a short fingerprint',
      '/api/votes',
      JSON.stringify({ marketId: 'x', voteType: 'yes', fingerprint: 'abc' }),
      400,
      /^Empreinte utilisateur invalide$/,
    ],
    [
      'an upper-case fingerprint',
      '/api/votes',
      JSON.stringify({ marketId: 'x', voteType: 'yes', fingerprint: fingerprint.toUpperCase() }),
      400,
      /^Empreinte utilisateur invalide$/,
    ],
    [
      'a null fingerprint',
      '/api/votes',
      JSON.stringify({ marketId: 'x', voteType: 'yes', fingerprint: null }),
      400,
      /^Empreinte utilisateur invalide$/,
    ],
    ['a municipal vote without candidate', '/api/municipal/97411/votes', JSON.stringify({ fingerprint }), 400, /candidateId/],
    [
      'a municipal vote with an object candidate',
      '/api/municipal/97411/votes',
      JSON.stringify({ candidateId: {}, fingerprint }),
      400,
      /candidateId/,
    ],
  ];
  it.each(cases)('%s', async (_name, path, body, status, message) => {
    const answer = await send(t, path, body);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
  });

  it('a body over 16 KB is 413', async () => {
    const answer = await send(
      t,
      '/api/votes',
      JSON.stringify({ marketId: open.id, voteType: 'yes', fingerprint, pad: 'x'.repeat(17_000) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('Requête trop volumineuse (16 Ko au maximum)');
  });

  it('a non-JSON content type is 415', async () => {
    const body = JSON.stringify({ marketId: open.id, voteType: 'yes', fingerprint });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await send(t, '/api/votes', body, type);
      expect(answer.status).toBe(415);
      expect(answer.body.error).toMatch(/application\/json/);
    }
  });

  it('bad query strings and ids are 400', async () => {
    for (const path of [
      '/api/votes?fingerprint=xyz',
      '/api/votes?fingerprint=',
      `/api/municipal/votes?fingerprint=${'g'.repeat(64)}`,
      '/api/markets/a%20b',
    ]) {
      const answer = await getJson<{ error: string }>(`${t.url}${path}`);
      expect(answer.status, path).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
  });
});
