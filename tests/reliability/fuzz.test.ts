/**
 * Bad input never breaks it: thousands of generated requests (bodies, query strings, headers, ids,
 * methods) to every route. Every answer is a 2xx/3xx or a 4xx with `{ error: string }`, never a 5xx,
 * and a refused request leaves the database exactly as it was.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import { MAX_BODY_BYTES } from '../../src/shared/constants.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/databases.js';
import { newFingerprint } from '../support/test-server.js';
import { addFixtures, COMMUNE, databaseDigest, OPEN_MARKETS } from './support/fixtures.js';

const CASES = { sqlite: process.env.SOAK ? 20_000 : 2_500, postgres: process.env.SOAK ? 5_000 : 600 };

const KNOWN_FINGERPRINT = 'f'.repeat(64);
const ROUTES: readonly { method: string; path: (id: string) => string }[] = [
  { method: 'GET', path: () => '/api/markets' },
  { method: 'GET', path: (id) => `/api/markets/${id}` },
  { method: 'POST', path: () => '/api/votes' },
  { method: 'GET', path: () => '/api/votes' },
  { method: 'GET', path: () => '/api/municipal' },
  { method: 'GET', path: () => '/api/municipal/votes' },
  { method: 'GET', path: (id) => `/api/municipal/${id}/candidates` },
  { method: 'POST', path: (id) => `/api/municipal/${id}/votes` },
  { method: 'GET', path: () => '/api/privacy/export' },
  { method: 'POST', path: () => '/api/privacy/erase' },
  { method: 'GET', path: () => '/api/health' },
  { method: 'GET', path: () => '/api/admin/markets' },
  { method: 'POST', path: () => '/api/admin/markets' },
  { method: 'PATCH', path: (id) => `/api/admin/markets/${id}` },
  { method: 'DELETE', path: (id) => `/api/admin/markets/${id}` },
  { method: 'POST', path: (id) => `/api/admin/markets/${id}/resolve` },
  { method: 'GET', path: (id) => `/${id}` },
];

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
  ),
);
const idArb = fc.oneof(
  fc.constantFrom(...OPEN_MARKETS, COMMUNE.id, 'inconnu', 'a'.repeat(81)),
  anyText.map((text) => encodeURIComponent(text)),
  anyText.filter((text) => /^[\x21-\x7e]*$/.test(text) && !/[?#]/.test(text)),
);
const fingerprintArb = fc.oneof(
  fc.constant(KNOWN_FINGERPRINT),
  fc.constant(newFingerprint()),
  fc.stringMatching(/^[0-9a-fA-F]{0,70}$/),
  anyText,
  fc.integer(),
  fc.constant(null),
);
const voteLike = fc.record(
  {
    marketId: fc.oneof(fc.constantFrom(...OPEN_MARKETS), anyText, fc.integer(), fc.constant(null)),
    voteType: fc.oneof(fc.constantFrom('yes', 'no', 'YES', 'oui', ''), anyText, fc.boolean()),
    candidateId: fc.oneof(fc.constantFrom(...COMMUNE.candidates), anyText),
    fingerprint: fingerprintArb,
    extra: fc.jsonValue({ maxDepth: 3 }),
    __proto__: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const bodyArb: fc.Arbitrary<{ payload: string | Buffer | undefined; contentType: string | undefined }> = fc.oneof(
  voteLike.map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
  fc.jsonValue({ maxDepth: 6 }).map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
  fc.record({
    payload: fc.oneof(
      anyText,
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(undefined),
    ),
    contentType: fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'APPLICATION/JSON',
        '',
      ),
      anyText,
      fc.constant(undefined),
    ),
  }),
);
const queryArb = fc.oneof(
  fc.constant(''),
  fingerprintArb.map((fingerprint) => `?fingerprint=${encodeURIComponent(String(fingerprint))}`),
  fc.dictionary(anyText, anyText, { maxKeys: 4 }).map((params) => `?${new URLSearchParams(params).toString()}`),
  anyText.map((text) => `?${text.replace(/#/g, '')}`),
  fc.constant(`?fingerprint=${KNOWN_FINGERPRINT}&fingerprint=${KNOWN_FINGERPRINT}`),
);
const headerArb = fc.dictionary(
  fc.constantFrom('origin', 'authorization', 'if-none-match', 'accept', 'last-event-id', 'x-forwarded-for', 'x-custom', 'cookie'),
  anyText,
  { maxKeys: 3 },
);
const requestArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  method: fc.oneof(fc.constant(null), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD')),
  id: idArb,
  query: queryArb,
  body: bodyArb,
  headers: headerArb,
});

/** The largest share of generated requests that may be skipped as not expressible in HTTP. */
const MAX_UNSENDABLE_SHARE = 0.05;

describe.each(DIALECTS)('fuzz (%s)', (dialect) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    server = await createServer(
      loadConfig({
        DATABASE_URL: testDb.url,
        RATE_LIMIT: 'off',
        // Off: generated bodies are checked against the contract's validation; a proof would be one more field to
        // forge, and the protection's refusals have their own suite (vote-protection.test.ts).
        VOTE_PROTECTION: 'off',
        LOG_LEVEL: 'silent',
        SEED: 'none',
        ADMIN_TOKEN: 'jeton-de-test-tres-secret',
      }),
      { logger: false, webRoot: '/nonexistent' },
    );
    await addFixtures(server.database);
    app = server.app;
    await app.inject({
      method: 'POST',
      url: '/api/votes',
      payload: { marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: KNOWN_FINGERPRINT },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it(
    `${CASES[dialect]} generated requests: no 5xx, every error is { error }, refused requests change nothing`,
    { timeout: 120_000 },
    async () => {
      let digest = await databaseDigest(server.database);
      let tried = 0;
      let unsendable = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArb, async (generated) => {
          const method = generated.method ?? generated.route.method;
          const headers: Record<string, string> = { ...generated.headers };
          if (generated.body.contentType !== undefined) headers['content-type'] = generated.body.contentType;
          const withBody = method !== 'GET' && method !== 'HEAD';
          let response;
          try {
            response = await app.inject({
              method: method as 'GET',
              url: generated.route.path(generated.id) + generated.query,
              headers,
              ...(withBody && generated.body.payload !== undefined ? { payload: generated.body.payload } : {}),
            });
          } catch {
            // Not expressible as HTTP (e.g. a header with a newline): a real client could not send it either.
            unsendable++;
            return;
          }
          tried++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(
            response.statusCode,
            `${method} ${generated.route.path(generated.id)}${generated.query}: ${response.body}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400 && method !== 'HEAD') {
            const body = JSON.parse(response.body) as { error?: unknown };
            expect(typeof body.error).toBe('string');
            const after = await databaseDigest(server.database);
            expect(after === digest, `refused ${method} ${generated.route.path(generated.id)} changed the database`).toBe(true);
          } else if (response.statusCode < 300) {
            digest = await databaseDigest(server.database);
          }
        }),
        { numRuns: CASES[dialect], seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
      const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.log(
        `[fuzz ${dialect}] ${tried} generated requests sent (${unsendable} not expressible as HTTP), statuses ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}, 5xx seen: ${fiveHundreds}`,
      );
      expect(fiveHundreds).toBe(0);
      // A request the injector cannot express is skipped, not tested: past a small share the property would pass
      // having tested little or nothing.
      expect(tried + unsendable).toBe(CASES[dialect]);
      expect(unsendable / CASES[dialect]).toBeLessThanOrEqual(MAX_UNSENDABLE_SHARE);
    },
  );

  it('oversized, deep, invalid UTF-8 and mistyped bodies get a 4xx with a French message', async () => {
    const before = await databaseDigest(server.database);
    const post = (payload: string | Buffer, contentType = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/votes', headers: { 'content-type': contentType }, payload });
    const valid = JSON.stringify({ marketId: OPEN_MARKETS[1], voteType: 'yes', fingerprint: newFingerprint() });

    const oversized = await post(
      JSON.stringify({ marketId: OPEN_MARKETS[1], voteType: 'yes', fingerprint: 'a'.repeat(MAX_BODY_BYTES) }),
    );
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ error: 'Requête trop volumineuse (16 Ko au maximum)' });

    for (const deep of [
      '['.repeat(7_000) + ']'.repeat(7_000),
      '{"a":'.repeat(2_500) + '1' + '}'.repeat(2_500),
      '['.repeat(10_000),
    ]) {
      const answer = await post(deep);
      expect(answer.statusCode).toBe(400);
      expect(typeof answer.json<{ error?: unknown }>().error).toBe('string');
    }
    const invalidUtf8 = await post(
      Buffer.concat([Buffer.from('{"marketId":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('","voteType":"yes"}')]),
    );
    expect(invalidUtf8.statusCode).toBe(400);
    expect(await post(Buffer.from([0xff, 0xfe, 0x00, 0x7b]))).toMatchObject({ statusCode: 400 });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const answer = await post(valid, type);
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toEqual({
        error: 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
      });
    }
    const noType = await app.inject({ method: 'POST', url: '/api/votes', payload: valid, headers: { 'content-type': '' } });
    expect(noType.statusCode).toBe(415);
    expect(await post('{"__proto__":{"admin":true},"marketId":"x"}')).toMatchObject({ statusCode: 400 });
    expect(await databaseDigest(server.database)).toBe(before);
  });
});
