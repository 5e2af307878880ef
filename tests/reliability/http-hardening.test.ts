/**
 * Abuse and cross-site protections: per-address rate limits (memory and Redis), the live-stream cap,
 * refused cross-site writes, security headers, and slow clients cut off while the server stays responsive.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { createTestDatabase } from '../support/databases.js';
import { addFixtures, databaseDigest, openFixtureDatabase, OPEN_MARKETS } from './support/fixtures.js';
import { startServerProcess } from '../support/server-process.js';
import { openStream, type SseClient } from './support/sse-client.js';

/** The Redis of the machine running the tests (`npm test` checks that it answers). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  // Off: the rate limits and the HTTP hardening are under test; the votes only need to reach them, fast and many.
  const server = await startTestServer('sqlite', { SEED: 'none', VOTE_PROTECTION: 'off', ...env });
  servers.push(server);
  await addFixtures(server.server.database);
  return server;
}

const vote = (server: TestServer, headers: Record<string, string> = {}) =>
  postJson<{ error?: string }>(
    `${server.url}/api/votes`,
    { marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: newFingerprint() },
    headers,
  );

describe('rate limits', () => {
  it('votes: 429 with Retry-After and a French message past the per-minute limit', async () => {
    const server = await start({ RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) expect((await vote(server)).status).toBe(200);
    const refused = await vote(server);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The municipal vote shares the budget; reads are not limited.
    expect((await fetch(`${server.url}/api/markets`)).status).toBe(200);
  });

  it('privacy calls have their own limit', async () => {
    const server = await start({ RATE_LIMIT: 'on', RATE_LIMIT_PRIVACY_PER_MINUTE: '3' });
    const fingerprint = newFingerprint();
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.url}/api/privacy/export?fingerprint=${fingerprint}`)).status).toBe(200);
    const refused = await postJson(`${server.url}/api/privacy/erase`, { fingerprint });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await vote(server)).status).toBe(200);
  });

  it('RATE_LIMIT=off turns every limit off', async () => {
    const server = await start({ RATE_LIMIT: 'off', RATE_LIMIT_VOTES_PER_MINUTE: '2', RATE_LIMIT_STREAMS_PER_IP: '1' });
    for (let i = 0; i < 10; i++) expect((await vote(server)).status).toBe(200);
    const streams = [openStream(server.url), openStream(server.url), openStream(server.url)];
    expect(await Promise.all(streams.map((stream) => stream.status))).toEqual([200, 200, 200]);
    for (const stream of streams) stream.close();
  });

  it('live streams: at most N open at once per address, a slot frees when one closes', async () => {
    const server = await start({ RATE_LIMIT: 'on', RATE_LIMIT_STREAMS_PER_IP: '3' });
    const streams: SseClient[] = [openStream(server.url), openStream(server.url), openStream(server.url)];
    expect(await Promise.all(streams.map((stream) => stream.status))).toEqual([200, 200, 200]);
    const refused = await fetch(`${server.url}/api/stream`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Trop de connexions en direct depuis cette adresse.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    streams[0]?.close();
    await new Promise((done) => setTimeout(done, 200));
    const again = openStream(server.url);
    expect(await again.status).toBe(200);
    for (const stream of [...streams, again]) stream.close();
  });

  it('with REDIS_URL, instances share the counters (keys are hashed addresses)', async () => {
    const env = {
      RATE_LIMIT: 'on',
      RATE_LIMIT_VOTES_PER_MINUTE: '5',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_REDIS_PREFIX: `predi974-test:${randomBytes(6).toString('hex')}:`,
    };
    const [a, b] = [await start(env), await start(env)] as [TestServer, TestServer];
    for (let i = 0; i < 3; i++) expect((await vote(a)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await vote(b)).status).toBe(200);
    expect((await vote(b)).status).toBe(429);
    expect((await vote(a)).status).toBe(429);
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${env.RATE_LIMIT_REDIS_PREFIX}*`);
    await redis.quit();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('127.0.0.1');
  });

  it('a Redis that cannot be reached never blocks votes', async () => {
    const server = await start({ RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1' });
    for (let i = 0; i < 4; i++) expect((await vote(server)).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('text/plain, form posts and foreign origins are refused and write nothing', async () => {
    const server = await start({ ALLOWED_ORIGINS: 'https://predi974.re' });
    const before = await databaseDigest(server.server.database);
    const body = JSON.stringify({ marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: newFingerprint() });
    const send = (headers: Record<string, string>, payload = body, path = '/api/votes') =>
      fetch(`${server.url}${path}`, { method: 'POST', headers, body: payload });

    const plain = await send({ 'Content-Type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({
      error: 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
    });
    const form = await send(
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      `marketId=${OPEN_MARKETS[0]}&voteType=yes&fingerprint=${newFingerprint()}`,
    );
    expect(form.status).toBe(415);
    const multipart = await send({ 'Content-Type': 'multipart/form-data; boundary=x' }, '--x\r\n\r\n--x--');
    expect(multipart.status).toBe(415);
    const foreign = await send({ 'Content-Type': 'application/json', Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Origine de la requête non autorisée' });
    const foreignErase = await send(
      { 'Content-Type': 'application/json', Origin: 'null' },
      JSON.stringify({ fingerprint: newFingerprint() }),
      '/api/privacy/erase',
    );
    expect(foreignErase.status).toBe(403);
    expect(await databaseDigest(server.server.database)).toBe(before);

    expect((await send({ 'Content-Type': 'application/json', Origin: server.url })).status).toBe(200);
    const other = JSON.stringify({ marketId: OPEN_MARKETS[0], voteType: 'no', fingerprint: newFingerprint() });
    expect((await send({ 'Content-Type': 'application/json', Origin: 'https://predi974.re' }, other)).status).toBe(200);
  });
});

describe('security headers', () => {
  it('strict CSP without inline script (workers and manifest from this site only), nosniff, referrer policy, no framing; HSTS only behind TLS with a trusted proxy', async () => {
    const direct = await start();
    const proxied = await start({ TRUST_PROXY: '1' });
    for (const path of ['/api/health', '/api/markets', '/page-inconnue']) {
      const response = await fetch(`${direct.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // The proof-of-work worker, the service worker (/sw.js) and the web app manifest: this site's files only.
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
    // A client cannot switch HSTS on by claiming TLS unless the proxy is trusted.
    const spoofed = await fetch(`${direct.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await fetch(`${proxied.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(behindTls.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const plainBehindProxy = await fetch(`${proxied.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plainBehindProxy.headers.get('strict-transport-security')).toBeNull();
    // Limited answers carry the headers too.
    const limited = await start({ RATE_LIMIT: 'on', RATE_LIMIT_VOTES_PER_MINUTE: '1' });
    await vote(limited);
    const refused = await fetch(`${limited.url}/api/votes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: newFingerprint() }),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('slow clients', () => {
  const openSocket = (url: string) =>
    new Promise<Socket>((done, fail) => {
      const { port } = new URL(url);
      const socket = connect(Number(port), '127.0.0.1', () => done(socket));
      socket.on('error', fail);
    });
  const closedWithin = (socket: Socket, ms: number) =>
    new Promise<{ closed: boolean; received: string }>((done) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const timer = setTimeout(() => done({ closed: false, received }), ms);
      socket.on('close', () => {
        clearTimeout(timer);
        done({ closed: true, received });
      });
      socket.on('error', () => {});
    });

  it(
    'slowloris: headers sent byte by byte are cut off at the request timeout; others are served meanwhile',
    { timeout: 20_000 },
    async () => {
      const server = await start({ REQUEST_TIMEOUT_MS: '1500' });
      const request = `POST /api/votes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Padding: ${'a'.repeat(400)}\r\n\r\n`;
      const slow = await Promise.all(Array.from({ length: 20 }, () => openSocket(server.url)));
      const idle = await openSocket(server.url);
      const slowBody = await openSocket(server.url);
      slowBody.write(
        'POST /api/votes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"marketId"',
      );
      let sent = 0;
      const drip = setInterval(() => {
        for (const socket of slow) if (!socket.destroyed) socket.write(request[sent % request.length] ?? 'a');
        if (!slowBody.destroyed) slowBody.write(' ');
        sent++;
      }, 50);
      const started = Date.now();
      const outcomes = Promise.all([...slow, idle, slowBody].map((socket) => closedWithin(socket, 6_000)));
      // Meanwhile the server answers everyone else at once.
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        expect((await vote(server)).status).toBe(200);
        expect(Date.now() - t0).toBeLessThan(2_500);
      }
      const results = await outcomes;
      clearInterval(drip);
      console.log(
        `[slowloris] ${results.filter((r) => r.closed).length}/${results.length} slow connections closed after ${Date.now() - started} ms`,
      );
      expect(results.every((result) => result.closed)).toBe(true);
      expect((await vote(server)).status).toBe(200);
    },
  );

  it('an open event stream is not cut by the request timeout', { timeout: 15_000 }, async () => {
    const server = await start({ REQUEST_TIMEOUT_MS: '1000' });
    const stream = openStream(server.url);
    expect(await stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    await new Promise((done) => setTimeout(done, 3_000));
    expect(ended).toBe(false);
    await vote(server);
    await new Promise((done) => setTimeout(done, 800));
    expect(stream.events.some((event) => event.event === 'market')).toBe(true);
    stream.close();
  });
});

describe('logs', () => {
  it('never carry client addresses, even at trace level and on refused requests', { timeout: 60_000 }, async () => {
    const testDb = await createTestDatabase('sqlite');
    const database = await openFixtureDatabase(testDb.url);
    const server = await startServerProcess(testDb.url, {
      LOG_LEVEL: 'trace',
      RATE_LIMIT: 'on',
      RATE_LIMIT_VOTES_PER_MINUTE: '2',
      TRUST_PROXY: '1',
    });
    try {
      const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' };
      const body = () => JSON.stringify({ marketId: OPEN_MARKETS[0], voteType: 'yes', fingerprint: newFingerprint() });
      const statuses: number[] = [];
      const post = async (payload: string) =>
        (await fetch(`${server.url}/api/votes`, { method: 'POST', headers, body: payload })).status;
      statuses.push(await post(body()), await post(body()), await post('{oops'), await post(body()));
      statuses.push((await fetch(`${server.url}/api/inconnu`, { headers })).status);
      statuses.push(
        (
          await fetch(`${server.url}/api/votes`, {
            method: 'POST',
            headers: { ...headers, Origin: 'https://evil.example' },
            body: body(),
          })
        ).status,
      );
      expect(statuses).toEqual([200, 200, 400, 429, 404, 403]);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      await database.close();
      await testDb.drop();
    }
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '' && !/Server listening at|écoute sur/.test(line));
    expect(
      lines.some((line) => line.includes('arrêt propre')),
      'the server did log at this level',
    ).toBe(true);
    expect(lines.join('\n')).not.toMatch(/127\.0\.0\.1|203\.0\.113\.77|remoteAddress|"ip"/);
  });
});
