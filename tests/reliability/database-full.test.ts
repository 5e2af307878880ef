/**
 * A full disk: SQLite answers SQLITE_FULL once the file may not grow (here its real page limit is lowered on
 * the server's own connection). Votes are answered 503 with the French message, never a 2xx for a vote
 * that is not on disk; once there is room again the server accepts votes without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { knownOpen } from '../support/seed-markets.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { counterMismatches } from './support/fixtures.js';

describe('a full SQLite database', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Off (load-style): votes are sent until the disk is full; the proofs would only slow the filling.
    server = await startTestServer('sqlite', { VOTE_PROTECTION: 'off' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 in French, acknowledges nothing it could not write, and recovers when room is back', async () => {
    const sqlite = server.server.database.sqlite;
    expect(sqlite).not.toBeNull();
    if (!sqlite) return;
    const markets = knownOpen((await getJson<Market[]>(`${server.url}/api/markets`)).body);
    const vote = (index: number, fingerprint: string) =>
      postJson<{ error?: string }>(`${server.url}/api/votes`, {
        marketId: markets[index % markets.length]!.id,
        voteType: index % 2 ? 'yes' : 'no',
        fingerprint,
      });

    // The limit belongs to a connection: given to the server's own and to its writer thread's (the votes').
    const full = `max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`;
    sqlite.pragma(full);
    await server.server.database.writer?.pragma(full);
    const accepted: string[] = [];
    const refused: string[] = [];
    let refusal: { status: number; body: { error?: string }; headers: Headers } | null = null;
    // Votes go in until the free room inside the existing pages is used up, then every one is refused.
    for (let index = 0; index < 3_000 && refused.length < 20; index += 1) {
      const fingerprint = newFingerprint();
      const answer = await vote(index, fingerprint);
      if (answer.status === 200) accepted.push(fingerprint);
      else {
        expect(answer.status).toBe(503);
        refusal = answer;
        refused.push(fingerprint);
      }
    }
    console.log(`full database: ${accepted.length} votes accepted before the limit, ${refused.length} answered 503`);
    expect(refused.length).toBe(20);
    expect(refusal?.body).toEqual({ error: 'Service momentanément indisponible, veuillez réessayer dans un instant.' });
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Room again: the same server takes votes at once.
    sqlite.pragma('max_page_count = 1073741823');
    await server.server.database.writer?.pragma('max_page_count = 1073741823');
    const after = newFingerprint();
    expect((await vote(0, after)).status).toBe(200);

    // Every acknowledged vote is there, no refused one is, and every counter equals its rows.
    for (const fingerprint of [...accepted, after]) {
      expect((await getJson<unknown[]>(`${server.url}/api/votes?fingerprint=${fingerprint}`)).body).toHaveLength(1);
    }
    for (const fingerprint of refused) {
      expect((await getJson<unknown[]>(`${server.url}/api/votes?fingerprint=${fingerprint}`)).body).toEqual([]);
    }
    expect(await counterMismatches(server.server.database)).toEqual([]);
  });
});
