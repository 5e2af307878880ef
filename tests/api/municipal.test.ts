import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate, Commune } from '../../src/shared/municipal.js';
import { DIALECTS } from '../support/databases.js';
import { countMunicipalRows } from '../support/invariants.js';
import { getJson, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, newIdentity } from '../support/voting.js';

describe.each(DIALECTS)('municipal API on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => t?.close());

  it('GET /api/municipal lists the 24 communes newest first with their top 3 candidates', async () => {
    const { status, body } = await getJson<Commune[]>(`${t.url}/api/municipal`);
    expect(status).toBe(200);
    expect(body).toHaveLength(24);
    expect(body.map((c) => c.title)).toContain('Élection Municipale Saint-Denis 2026');
    expect(body.some((c) => c.trending)).toBe(true);
    for (let i = 1; i < body.length; i++) expect(body[i - 1]!.createdAt >= body[i]!.createdAt).toBe(true);
    for (const commune of body) {
      expect(Object.keys(commune).sort()).toEqual(['candidates', 'createdAt', 'id', 'title', 'totalVotes', 'trending']);
      expect(commune.candidates.length).toBeLessThanOrEqual(3);
      expect(commune.candidates.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < commune.candidates.length; i++) {
        expect(commune.candidates[i - 1]!.votes).toBeGreaterThanOrEqual(commune.candidates[i]!.votes);
      }
    }
  });

  it('GET /api/municipal/:id/candidates lists all candidates by votes, 404 for an unknown commune', async () => {
    const communes = (await getJson<Commune[]>(`${t.url}/api/municipal`)).body;
    const saintDenis = communes.find((c) => c.id === '97411')!;
    const { status, body } = await getJson<Candidate[]>(`${t.url}/api/municipal/97411/candidates`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body.slice(0, 3)).toEqual(saintDenis.candidates);
    expect(body.reduce((sum, c) => sum + c.votes, 0)).toBe(saintDenis.totalVotes);
    const missing = await getJson(`${t.url}/api/municipal/99999/candidates`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Élection introuvable' });
  });

  it('a vote is 201 and moves the counts; a second vote by the same device is 409 "Already voted"', async () => {
    const fingerprint = await newIdentity(t.url);
    const before = (await getJson<Candidate[]>(`${t.url}/api/municipal/97415/candidates`)).body;
    const last = before[before.length - 1]!;
    const first = await castMunicipalVote<{ commune: Commune }>(t.url, '97415', {
      candidateId: last.id,
      fingerprint,
    });
    expect(first.status).toBe(201);
    const after = (await getJson<Candidate[]>(`${t.url}/api/municipal/97415/candidates`)).body;
    expect(after.find((c) => c.id === last.id)!.votes).toBe(last.votes + 1);
    expect(first.body.commune.totalVotes).toBe(before.reduce((s, c) => s + c.votes, 0) + 1);

    const second = await castMunicipalVote(t.url, '97415', { candidateId: before[0]!.id, fingerprint });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'Already voted' });
    const unchanged = (await getJson<Candidate[]>(`${t.url}/api/municipal/97415/candidates`)).body;
    expect(unchanged).toEqual(after);

    const history = await getJson(`${t.url}/api/municipal/votes?fingerprint=${fingerprint}`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([{ marketId: '97415', candidateId: last.id }]);
  });

  it('refuses a candidate of another commune, an unknown commune and a missing fingerprint', async () => {
    const other = (await getJson<Candidate[]>(`${t.url}/api/municipal/97411/candidates`)).body[0]!;
    const wrong = await castMunicipalVote(t.url, '97416', { candidateId: other.id, fingerprint: await newIdentity(t.url) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ error: 'Candidat introuvable pour cette élection' });
    const unknown = await castMunicipalVote(t.url, '12345', {
      candidateId: other.id,
      fingerprint: await newIdentity(t.url),
    });
    expect(unknown.status).toBe(404);
    // Refused on its shape, before any proof is looked at.
    const noPrint = await postJson(`${t.url}/api/municipal/97411/votes`, { candidateId: other.id });
    expect(noPrint.status).toBe(400);
    expect(noPrint.body).toEqual({ error: 'Empreinte utilisateur non disponible' });
  });

  it('parallel votes by one device count once; candidate counters equal vote rows', async () => {
    const fingerprint = await newIdentity(t.url);
    const candidate = (await getJson<Candidate[]>(`${t.url}/api/municipal/97422/candidates`)).body[1]!;
    // Ten: what one device may send in a minute at the normal price; each carries its own proof.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => castMunicipalVote(t.url, '97422', { candidateId: candidate.id, fingerprint })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const rows = await countMunicipalRows(t.server.database);
    const communes = (await getJson<Commune[]>(`${t.url}/api/municipal`)).body;
    for (const commune of communes) {
      const all = (await getJson<Candidate[]>(`${t.url}/api/municipal/${commune.id}/candidates`)).body;
      for (const c of all) expect(rows.get(c.id) ?? 0).toBe(c.votes);
      expect(all.reduce((s, c) => s + c.votes, 0)).toBe(commune.totalVotes);
    }
  });
});
