/**
 * The admin API counts the calls of an address that come without the right token (wrong or missing):
 * past RATE_LIMIT_ADMIN_PER_MINUTE in a minute they get a French 429 with Retry-After, before the token
 * is even compared. Calls with the right token are never counted nor refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';

const TOKEN = 'jeton-de-test-limite-3e9a41';
const LIMIT = 5;

const call = (url: string, authorization?: string) =>
  getJson(url, { headers: authorization === undefined ? {} : { Authorization: authorization } });

describe.each(DIALECTS)('admin rate limit on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, {
      ADMIN_TOKEN: TOKEN,
      SEED: 'none',
      RATE_LIMIT: 'on',
      RATE_LIMIT_ADMIN_PER_MINUTE: String(LIMIT),
    });
  });
  afterAll(async () => t?.close());

  it('calls with the right token are never counted', async () => {
    for (let i = 0; i < 3 * LIMIT; i++) {
      const answer = await call(`${t.url}/api/admin/alerts`, `Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
    }
  });

  it('wrong or missing tokens: 401 up to the limit, then 429 in French with Retry-After; the right token still passes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const answer = await call(`${t.url}/api/admin/alerts`, i % 2 === 0 ? 'Bearer mauvais-jeton-0000' : undefined);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const refused = await call(`${t.url}/api/admin/markets/x`, 'Bearer encore-un-essai');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused before the token is compared: even a well-formed guess learns nothing more.
    expect((await call(`${t.url}/api/admin/check`)).status).toBe(429);

    const rightful = await call(`${t.url}/api/admin/alerts`, `Bearer ${TOKEN}`);
    expect(rightful.status).toBe(200);
  });
});
