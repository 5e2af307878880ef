import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import type { Candidate, Commune } from '../../src/shared/municipal.js';
import { DIALECTS } from '../support/databases.js';
import { openStream } from '../support/sse-client.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, castVote, newIdentity } from '../support/voting.js';

const TOKEN = 'jeton-de-test-4f1c9e2a7b';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();

function send<T = unknown>(url: string, method: string, body?: unknown, headers: Record<string, string> = AUTH) {
  return getJson<T>(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const newMarket = (overrides: Record<string, unknown> = {}) => ({
  title: 'Le téléphérique de Saint-Denis transportera-t-il 6 000 passagers par jour ?',
  description: 'Papang, la première ligne de téléphérique urbain de l’île, relie le Chaudron au Bois-de-Nèfles.',
  category: 'transport',
  endDate: IN_A_MONTH,
  ...overrides,
});

describe.each(DIALECTS)('admin API on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  describe('access', () => {
    it('answers 401 with WWW-Authenticate: Bearer without a token, with a wrong one, or another scheme', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: 'Bearer wrong-token' },
        { Authorization: `Bearer ${TOKEN}x` },
        { Authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` },
        { Authorization: TOKEN },
      ];
      for (const headers of attempts) {
        const { status, body, headers: answer } = await send(`${t.url}/api/admin/markets`, 'POST', newMarket(), headers);
        expect(status).toBe(401);
        expect(body).toEqual({ error: 'Accès non autorisé' });
        expect(answer.get('www-authenticate')).toMatch(/^Bearer\b/);
      }
      // Nothing was written.
      const { body: markets } = await getJson<Market[]>(`${t.url}/api/markets`);
      expect(markets.some((m) => m.title === newMarket().title)).toBe(false);
    });

    it('guards every admin path and method, known or not', async () => {
      const calls: [string, string][] = [
        ['PATCH', '/api/admin/markets/x'],
        ['DELETE', '/api/admin/markets/x'],
        ['POST', '/api/admin/markets/x/resolve'],
        ['POST', '/api/admin/municipal'],
        ['PATCH', '/api/admin/municipal/x'],
        ['DELETE', '/api/admin/municipal/x'],
        ['POST', '/api/admin/municipal/x/candidates'],
        ['PATCH', '/api/admin/municipal/x/candidates/y'],
        ['DELETE', '/api/admin/municipal/x/candidates/y'],
        ['GET', '/api/admin/markets'],
        ['GET', '/api/admin/anything'],
        ['GET', '/api/admin'],
      ];
      for (const [method, path] of calls) {
        const { status } = await send(`${t.url}${path}`, method, undefined, {});
        expect(status, `${method} ${path}`).toBe(401);
      }
      const unknown = await send(`${t.url}/api/admin/anything`, 'GET');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Ressource introuvable' });
    });
  });

  describe('predictions', () => {
    let created: Market;

    it('POST /api/admin/markets creates a prediction with a slug id: 201, then listed with 0 votes at 50/50', async () => {
      const { status, body } = await send<Market>(`${t.url}/api/admin/markets`, 'POST', newMarket({ trending: true }));
      expect(status).toBe(201);
      expect(body.id).toMatch(/^le-telepherique-de-saint-denis-[a-z0-9-]*-[a-z0-9]{6}$/);
      expect(body.id.length).toBeLessThanOrEqual(60);
      expect(body).toMatchObject({
        title: newMarket().title,
        category: 'transport',
        endDate: IN_A_MONTH,
        yesVotes: 0,
        noVotes: 0,
        totalVotes: 0,
        yesPercentage: 50,
        noPercentage: 50,
        trending: true,
        resolved: false,
        outcome: null,
      });
      created = body;
      const { body: list } = await getJson<Market[]>(`${t.url}/api/markets`);
      expect(list.find((m) => m.id === created.id)).toEqual(created);
      expect((await getJson(`${t.url}/api/markets/${created.id}`)).body).toEqual(created);
    });

    it('accepts a chosen id, refuses the same id twice with 409', async () => {
      const first = await send<Market>(`${t.url}/api/admin/markets`, 'POST', newMarket({ id: 'admin-choisi-1' }));
      expect(first.status).toBe(201);
      expect(first.body.trending).toBe(false);
      const again = await send(`${t.url}/api/admin/markets`, 'POST', newMarket({ id: 'admin-choisi-1' }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'Une prédiction porte déjà cet identifiant' });
    });

    it('the same chosen id sent by parallel requests is created once; the others get 409', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => send(`${t.url}/api/admin/markets`, 'POST', newMarket({ id: 'admin-concurrent' }))),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const { body: list } = await getJson<Market[]>(`${t.url}/api/markets`);
      expect(list.filter((m) => m.id === 'admin-concurrent')).toHaveLength(1);
    });

    it('rejects bad input with 400 and a French message, writing nothing', async () => {
      const before = (await getJson<Market[]>(`${t.url}/api/markets`)).body.length;
      const cases: [unknown, RegExp][] = [
        [newMarket({ title: 'ab' }), /titre/],
        [newMarket({ category: 'sport' }), /Catégorie inconnue/],
        [newMarket({ endDate: '31/12/2026' }), /Date ISO 8601/],
        [newMarket({ trending: 'oui' }), /trending/],
        [newMarket({ id: 'pas bon !' }), /Identifiant invalide/],
        [newMarket({ extra: 1 }), /champ inconnu extra/],
        [{ title: 'Sans catégorie ni date' }, /manquant/],
      ];
      for (const [body, message] of cases) {
        const answer = await send<{ error: string }>(`${t.url}/api/admin/markets`, 'POST', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toMatch(message);
      }
      const malformed = await getJson<{ error: string }>(`${t.url}/api/admin/markets`, {
        method: 'POST',
        headers: { ...AUTH, 'Content-Type': 'application/json' },
        body: '{"title":',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: 'Corps de requête JSON invalide' });
      expect((await getJson<Market[]>(`${t.url}/api/markets`)).body.length).toBe(before);
    });

    it('PATCH /api/admin/markets/:id edits title, description, category, end date and trending', async () => {
      const endDate = '2027-01-15T12:00:00+04:00';
      const { status, body } = await send<Market>(`${t.url}/api/admin/markets/${created.id}`, 'PATCH', {
        title: 'Le téléphérique Papang dépassera-t-il 6 000 passagers par jour ?',
        description: 'Nouvelle description.',
        category: 'economie',
        endDate,
        trending: false,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: created.id,
        title: 'Le téléphérique Papang dépassera-t-il 6 000 passagers par jour ?',
        description: 'Nouvelle description.',
        category: 'economie',
        endDate: new Date(endDate).toISOString(),
        trending: false,
      });
      const { body: listed } = await getJson<Market>(`${t.url}/api/markets/${created.id}`);
      expect(listed).toEqual(body);
      const partial = await send<Market>(`${t.url}/api/admin/markets/${created.id}`, 'PATCH', { trending: true });
      expect(partial.body).toMatchObject({ trending: true, category: 'economie' });
      created = partial.body;
    });

    it('PATCH answers 404 for an unknown id and 400 for bad input', async () => {
      const missing = await send(`${t.url}/api/admin/markets/inconnue-123`, 'PATCH', { trending: true });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Prédiction introuvable' });
      const bad = await send(`${t.url}/api/admin/markets/${created.id}`, 'PATCH', { category: 42 });
      expect(bad.status).toBe(400);
      const badId = await send(`${t.url}/api/admin/markets/${encodeURIComponent('a b')}`, 'PATCH', { trending: true });
      expect(badId.status).toBe(400);
    });

    it('POST /api/admin/markets/:id/resolve marks the outcome; votes are then refused with 409', async () => {
      const fingerprint = await newIdentity(t.url);
      const vote = await castVote(t.url, { marketId: created.id, voteType: 'yes', fingerprint });
      expect(vote.status).toBe(200);
      const { status, body } = await send<Market>(`${t.url}/api/admin/markets/${created.id}/resolve`, 'POST', { outcome: 'no' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: created.id, resolved: true, outcome: 'no', yesVotes: 1, noVotes: 0 });
      const refused = await castVote(t.url, {
        marketId: created.id,
        voteType: 'no',
        fingerprint: await newIdentity(t.url),
      });
      expect(refused.status).toBe(409);
      expect((await getJson<Market>(`${t.url}/api/markets/${created.id}`)).body).toMatchObject({ resolved: true, outcome: 'no' });
    });

    it('resolve validates the outcome (400) and the id (404)', async () => {
      const bad = await send<{ error: string }>(`${t.url}/api/admin/markets/${created.id}/resolve`, 'POST', { outcome: 'oui' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/outcome/);
      const missing = await send(`${t.url}/api/admin/markets/inconnue-123/resolve`, 'POST', { outcome: 'yes' });
      expect(missing.status).toBe(404);
    });

    it('DELETE /api/admin/markets/:id answers 204, then the prediction is gone (404) and out of the list', async () => {
      const { status } = await send(`${t.url}/api/admin/markets/${created.id}`, 'DELETE');
      expect(status).toBe(204);
      expect((await getJson(`${t.url}/api/markets/${created.id}`)).status).toBe(404);
      expect((await getJson<Market[]>(`${t.url}/api/markets`)).body.some((m) => m.id === created.id)).toBe(false);
      const vote = await castVote(t.url, { marketId: created.id, voteType: 'yes', fingerprint: await newIdentity(t.url) });
      expect(vote.status).toBe(404);
      expect((await send(`${t.url}/api/admin/markets/${created.id}`, 'DELETE')).status).toBe(404);
    });
  });

  describe('communes and candidates', () => {
    let commune: Commune;
    let candidate: Candidate;

    it('POST /api/admin/municipal creates an election: 201, listed first (newest) with no candidates', async () => {
      const { status, body } = await send<Commune>(`${t.url}/api/admin/municipal`, 'POST', {
        title: 'Élection Municipale Cilaos Village 2026',
        trending: true,
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        title: 'Élection Municipale Cilaos Village 2026',
        trending: true,
        totalVotes: 0,
        candidates: [],
      });
      expect(body.id).toMatch(/^cilaos-village-[a-z0-9]{6}$/);
      commune = body;
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      expect(list[0]).toEqual(commune);
      expect((await getJson(`${t.url}/api/municipal/${commune.id}/candidates`)).body).toEqual([]);
    });

    it('refuses a taken commune id (409) and bad input (400)', async () => {
      const taken = await send(`${t.url}/api/admin/municipal`, 'POST', {
        id: commune.id,
        title: 'Élection Municipale Doublon 2026',
      });
      expect(taken.status).toBe(409);
      const bad = await send<{ error: string }>(`${t.url}/api/admin/municipal`, 'POST', { title: '' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/titre/);
    });

    it('POST /api/admin/municipal/:id/candidates adds candidates (201), listed with 0 votes', async () => {
      const names = ['Marie-Thérèse Payet', 'Jean-Claude Hoarau', 'Sabine Fontaine'];
      const added: Candidate[] = [];
      for (const name of names) {
        const { status, body } = await send<Candidate>(`${t.url}/api/admin/municipal/${commune.id}/candidates`, 'POST', { name });
        expect(status).toBe(201);
        expect(body).toMatchObject({ name, votes: 0 });
        added.push(body);
      }
      candidate = added[0]!;
      const { body: listed } = await getJson<Candidate[]>(`${t.url}/api/municipal/${commune.id}/candidates`);
      expect(listed.map((c) => c.id).sort()).toEqual(added.map((c) => c.id).sort());
      const taken = await send(`${t.url}/api/admin/municipal/${commune.id}/candidates`, 'POST', {
        id: candidate.id,
        name: 'Autre',
      });
      expect(taken.status).toBe(409);
      expect((await send(`${t.url}/api/admin/municipal/inconnue/candidates`, 'POST', { name: 'Personne' })).status).toBe(404);
      expect((await send(`${t.url}/api/admin/municipal/${commune.id}/candidates`, 'POST', { name: 'X' })).status).toBe(400);
    });

    it('the new candidates take votes, shown in GET /api/municipal', async () => {
      const vote = await castMunicipalVote(t.url, commune.id, {
        candidateId: candidate.id,
        fingerprint: await newIdentity(t.url),
      });
      expect(vote.status).toBe(201);
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      const listed = list.find((c) => c.id === commune.id)!;
      expect(listed.totalVotes).toBe(1);
      expect(listed.candidates[0]).toEqual({ ...candidate, votes: 1 });
    });

    it('PATCH /api/admin/municipal/:id/candidates/:candidateId renames; 404 for unknown ids', async () => {
      const { status, body } = await send<Candidate>(
        `${t.url}/api/admin/municipal/${commune.id}/candidates/${candidate.id}`,
        'PATCH',
        { name: 'Marie-Thérèse Payet-Grondin' },
      );
      expect(status).toBe(200);
      expect(body).toEqual({ id: candidate.id, name: 'Marie-Thérèse Payet-Grondin', votes: 1 });
      const { body: listed } = await getJson<Candidate[]>(`${t.url}/api/municipal/${commune.id}/candidates`);
      expect(listed.find((c) => c.id === candidate.id)?.name).toBe('Marie-Thérèse Payet-Grondin');
      const unknownCandidate = await send(`${t.url}/api/admin/municipal/${commune.id}/candidates/personne`, 'PATCH', {
        name: 'Nom',
      });
      expect(unknownCandidate.status).toBe(404);
      expect(unknownCandidate.body).toEqual({ error: 'Candidat introuvable pour cette élection' });
      const unknownCommune = await send(`${t.url}/api/admin/municipal/inconnue/candidates/${candidate.id}`, 'PATCH', {
        name: 'Nom',
      });
      expect(unknownCommune.status).toBe(404);
      expect(unknownCommune.body).toEqual({ error: 'Élection introuvable' });
      const bad = await send(`${t.url}/api/admin/municipal/${commune.id}/candidates/${candidate.id}`, 'PATCH', { name: 3 });
      expect(bad.status).toBe(400);
    });

    it('DELETE /api/admin/municipal/:id/candidates/:candidateId removes the candidate and its votes from the total', async () => {
      const { status } = await send(`${t.url}/api/admin/municipal/${commune.id}/candidates/${candidate.id}`, 'DELETE');
      expect(status).toBe(204);
      const { body: listed } = await getJson<Candidate[]>(`${t.url}/api/municipal/${commune.id}/candidates`);
      expect(listed.some((c) => c.id === candidate.id)).toBe(false);
      expect(listed).toHaveLength(2);
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      expect(list.find((c) => c.id === commune.id)?.totalVotes).toBe(0);
      expect((await send(`${t.url}/api/admin/municipal/${commune.id}/candidates/${candidate.id}`, 'DELETE')).status).toBe(404);
    });

    it('PATCH /api/admin/municipal/:id edits title and trending; 404 for an unknown commune', async () => {
      const { status, body } = await send<Commune>(`${t.url}/api/admin/municipal/${commune.id}`, 'PATCH', {
        title: 'Élection Municipale Cilaos 2026',
        trending: false,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: commune.id, title: 'Élection Municipale Cilaos 2026', trending: false });
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      expect(list.find((c) => c.id === commune.id)).toMatchObject({ title: 'Élection Municipale Cilaos 2026', trending: false });
      expect((await send(`${t.url}/api/admin/municipal/inconnue`, 'PATCH', { trending: true })).status).toBe(404);
      expect((await send(`${t.url}/api/admin/municipal/${commune.id}`, 'PATCH', { trending: 'non' })).status).toBe(400);
    });

    it('DELETE /api/admin/municipal/:id removes the election (204), then 404', async () => {
      expect((await send(`${t.url}/api/admin/municipal/${commune.id}`, 'DELETE')).status).toBe(204);
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      expect(list.some((c) => c.id === commune.id)).toBe(false);
      expect((await getJson(`${t.url}/api/municipal/${commune.id}/candidates`)).status).toBe(404);
      expect((await send(`${t.url}/api/admin/municipal/${commune.id}`, 'DELETE')).status).toBe(404);
    });

    it('a seeded commune (INSEE code id) can be edited too', async () => {
      const { body: list } = await getJson<Commune[]>(`${t.url}/api/municipal`);
      const seeded = list.find((c) => /^974\d\d$/.test(c.id))!;
      const { status, body } = await send<Commune>(`${t.url}/api/admin/municipal/${seeded.id}`, 'PATCH', {
        trending: !seeded.trending,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ ...seeded, trending: !seeded.trending });
    });
  });

  describe('live stream', () => {
    it('pushes a market event after an admin change, and a municipal event after a candidate is added', async () => {
      const stream = await openStream(`${t.url}/api/stream`);
      try {
        const { body: market } = await send<Market>(
          `${t.url}/api/admin/markets`,
          'POST',
          newMarket({ title: 'Prédiction en direct' }),
        );
        const createdEvent = await stream.waitFor((e) => e.event === 'market' && (e.data as Market).id === market.id);
        expect(createdEvent.data).toEqual(market);

        const { body: resolved } = await send<Market>(`${t.url}/api/admin/markets/${market.id}/resolve`, 'POST', {
          outcome: 'yes',
        });
        const resolvedEvent = await stream.waitFor(
          (e) => e.event === 'market' && (e.data as Market).id === market.id && (e.data as Market).resolved,
        );
        expect(resolvedEvent.data).toEqual(resolved);

        const { body: communes } = await getJson<Commune[]>(`${t.url}/api/municipal`);
        const target = communes[0]!;
        const { body: added } = await send<Candidate>(`${t.url}/api/admin/municipal/${target.id}/candidates`, 'POST', {
          name: 'Candidat du direct',
        });
        const communeEvent = await stream.waitFor((e) => e.event === 'municipal' && (e.data as Commune).id === target.id);
        expect((communeEvent.data as Commune).id).toBe(target.id);
        await send(`${t.url}/api/admin/municipal/${target.id}/candidates/${added.id}`, 'DELETE');
      } finally {
        stream.close();
      }
    });
  });
});

describe.each(DIALECTS)('admin API without ADMIN_TOKEN on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none' });
  });
  afterAll(async () => t?.close());

  it('answers 404 "Administration désactivée" on every admin route, even with a token', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/admin/markets', newMarket()],
      ['PATCH', '/api/admin/markets/x', { trending: true }],
      ['DELETE', '/api/admin/markets/x', undefined],
      ['POST', '/api/admin/markets/x/resolve', { outcome: 'yes' }],
      ['POST', '/api/admin/municipal', { title: 'Élection Municipale Test 2026' }],
      ['PATCH', '/api/admin/municipal/x', { trending: true }],
      ['DELETE', '/api/admin/municipal/x', undefined],
      ['POST', '/api/admin/municipal/x/candidates', { name: 'Nom' }],
      ['PATCH', '/api/admin/municipal/x/candidates/y', { name: 'Nom' }],
      ['DELETE', '/api/admin/municipal/x/candidates/y', undefined],
    ];
    for (const [method, path, body] of calls) {
      for (const headers of [{}, AUTH, { Authorization: 'Bearer ' }] as Record<string, string>[]) {
        const answer = await send(`${t.url}${path}`, method, body, headers);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ error: 'Administration désactivée' });
      }
    }
    expect((await getJson<Market[]>(`${t.url}/api/markets`)).body).toEqual([]);
  });
});
