/**
 * The reconciliation check (GET /api/admin/check and `npm run db:check`): silent while counters equal
 * their vote rows, and reporting each counter a direct SQL write has made wrong.
 */
import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFixtures } from '../reliability/support/fixtures.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, castVote, newIdentity } from '../support/voting.js';
import { cliArguments } from '../support/server-process.js';

const TOKEN = 'jeton-controle-compteurs-7c1e';

/** `npm run db:check` as an operator runs it, against the test server's database. */
function dbCheck(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      cliArguments('db-check'),
      { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe.each(DIALECTS)('counter check (%s)', { timeout: 90_000 }, (dialect) => {
  let t: TestServer;
  const check = () =>
    getJson<{ ok: boolean; mismatches: unknown[] }>(`${t.url}/api/admin/check`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });

  beforeAll(async () => {
    t = await startTestServer(dialect, { SEED: 'none', ADMIN_TOKEN: TOKEN });
    await addFixtures(t.server.database);
    for (const voteType of ['yes', 'yes', 'no'] as const) {
      const vote = await castVote(t.url, { marketId: 'fiab-a', voteType, fingerprint: await newIdentity(t.url) });
      expect(vote.status).toBe(200);
    }
    const municipal = await castMunicipalVote(t.url, 'fiab-commune', {
      candidateId: 'fiab-cand-1',
      fingerprint: await newIdentity(t.url),
    });
    expect(municipal.status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('reports nothing while every counter equals its rows', async () => {
    const answer = await check();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, mismatches: [] });
    const run = await dbCheck(t.database.url);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('tous les compteurs sont égaux aux votes enregistrés');
  });

  it('asks for the admin token', async () => {
    const answer = await getJson(`${t.url}/api/admin/check`);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Accès non autorisé' });
  });

  it('reports each counter corrupted by hand, with the stored value and the rows counted', async () => {
    const db = t.server.database.db;
    await sql`update markets set yes_votes = 7, total_votes = 8 where id = 'fiab-a'`.execute(db);
    await sql`update municipal_candidates set votes = 0 where id = 'fiab-cand-1'`.execute(db);
    await sql`update municipal_markets set total_votes = 4 where id = 'fiab-commune'`.execute(db);

    const answer = await check();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      mismatches: [
        { kind: 'market', id: 'fiab-a', counter: 'yes_votes', stored: 7, rows: 2 },
        { kind: 'market', id: 'fiab-a', counter: 'total_votes', stored: 8, rows: 3 },
        { kind: 'candidate', id: 'fiab-cand-1', counter: 'votes', stored: 0, rows: 1 },
        { kind: 'commune', id: 'fiab-commune', counter: 'total_votes', stored: 4, rows: 1 },
      ],
    });

    const run = await dbCheck(t.database.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('4 écart(s) entre compteurs et votes enregistrés');
    expect(run.stderr).toContain('prédiction fiab-a : yes_votes = 7, lignes de vote = 2');
    expect(run.stderr).toContain('prédiction fiab-a : total_votes = 8, lignes de vote = 3');
    expect(run.stderr).toContain('candidat fiab-cand-1 : votes = 0, lignes de vote = 1');
    expect(run.stderr).toContain('élection fiab-commune : total_votes = 4, lignes de vote = 1');
  });
});
