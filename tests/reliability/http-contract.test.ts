/**
 * What the server answers outside the ordinary routes: HEAD on the event stream, shutdown, and requests
 * Node itself refuses (no Host, bad syntax, oversized headers, `Expect`). Raw sockets against a real
 * server: every answer the app can shape is `{ "error": "<français>" }`, with Retry-After on 503 and 429.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { addFixtures } from './support/fixtures.js';
import { exchange, parseAnswer } from './support/raw-socket.js';
import { openStream } from './support/sse-client.js';
import { newIdentity, proofFor } from '../support/protection.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer('sqlite', { SEED: 'none', ...env });
  servers.push(server);
  await addFixtures(server.server.database);
  return server;
}

/** Sends a HEAD on a connection left open (keep-alive), resolved once the answer's headers arrived. */
function headKeptOpen(url: string): Promise<{ socket: Socket; head: string }> {
  const { port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write('HEAD /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n'),
    );
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString();
      if (head.includes('\r\n\r\n')) done({ socket, head });
    });
    socket.on('error', fail);
  });
}

describe('HEAD /api/stream', () => {
  it('answers the stream headers and ends at once, holding no stream slot', { timeout: 30_000 }, async () => {
    const server = await start({ RATE_LIMIT: 'on', RATE_LIMIT_STREAMS_PER_IP: '20', REQUEST_TIMEOUT_MS: '5000' });
    const closing = await exchange(
      server.url,
      'HEAD /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      4_000,
    );
    const answer = parseAnswer(closing.received);
    console.log(`[HEAD /api/stream] status ${answer.status}, connection closed: ${closing.closed} after ${closing.ms} ms`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.body).toBe('');
    expect(closing.closed).toBe(true);
    expect(closing.ms).toBeLessThan(2_000);

    // 20 HEADs whose connections stay open: as many as the per-address stream limit.
    const heads = await Promise.all(Array.from({ length: 20 }, () => headKeptOpen(server.url)));
    try {
      expect(heads.map(({ head }) => parseAnswer(head).status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(server.server.services.hub.size).toBe(0);
      const stream = openStream(server.url);
      expect(await stream.status).toBe(200);
      stream.close();
    } finally {
      for (const { socket } of heads) socket.destroy();
    }
  });
});

describe('requests Node refuses before routing', () => {
  const expectFrench = (raw: string, status: number, message: string) => {
    const answer = parseAnswer(raw);
    expect(answer.status, raw.slice(0, 200)).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: message });
  };

  it('missing Host: French 400', async () => {
    const server = await start();
    const { received } = await exchange(server.url, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectFrench(received, 400, 'Requête invalide : en-tête Host manquant');
    // HTTP/1.0 never required Host.
    const old = await exchange(server.url, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(parseAnswer(old.received).status).toBe(200);
  });

  it('an Expect other than 100-continue: French 417, nothing written; 100-continue still votes', async () => {
    const server = await start();
    // A visitor's vote (identity and proof): the refused request never reaches the route, so its proof is still unspent.
    const vote = { marketId: 'fiab-a', voteType: 'yes', fingerprint: await newIdentity(server.url) } as const;
    const body = JSON.stringify({ ...vote, proof: await proofFor(server.url, { purpose: 'vote', ...vote }) });
    const request = (expect: string) =>
      `POST /api/votes HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: ${expect}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    const refused = await exchange(server.url, request('bientôt-fini'));
    expectFrench(refused.received, 417, 'En-tête Expect non pris en charge');
    const votes = () => server.server.database.db.selectFrom('votes').select('id').execute();
    expect(await votes()).toHaveLength(0);
    const continued = await exchange(server.url, request('100-continue'));
    expect(continued.received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(await votes()).toHaveLength(1);
  });

  it.each([
    ['not HTTP at all', 'BONJOUR\r\n\r\n'],
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nPas-de-deux-points\r\n\r\n'],
    [
      'both Content-Length and chunked',
      'POST /api/votes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['an unknown HTTP version', 'GET /api/health HTTP/7.2\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a space in the method', 'G ET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ])('malformed HTTP (%s): French 400, then the connection closes', async (_name, bytes) => {
    const server = await start();
    const { received, closed } = await exchange(server.url, bytes);
    expectFrench(received, 400, 'Requête invalide');
    expect(closed).toBe(true);
  });

  it('headers past Node’s 16 KB limit: French 431', async () => {
    const server = await start();
    const { received } = await exchange(
      server.url,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Remplissage: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectFrench(received, 431, 'En-têtes de requête trop volumineux');
  });

  it('a request still incomplete at the request timeout: French 408', { timeout: 15_000 }, async () => {
    const server = await start({ REQUEST_TIMEOUT_MS: '1000' });
    const { received, closed } = await exchange(server.url, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 6_000);
    expectFrench(received, 408, 'Requête trop lente : délai dépassé');
    expect(closed).toBe(true);
  });
});

describe('shutdown', () => {
  it('a request arriving while the server closes: French 503 with Retry-After', { timeout: 20_000 }, async () => {
    const server = await startTestServer('sqlite', { SEED: 'none' });
    await addFixtures(server.server.database);
    const { port } = new URL(server.url);
    // A request whose headers are not complete yet when the server starts closing.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((done) => socket.once('connect', () => done()));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.write('GET /api/markets HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((done) => setTimeout(done, 200));
    const stopped = server.close();
    await new Promise((done) => setTimeout(done, 300));
    socket.write('\r\n');
    await socketClosed;
    await stopped;
    const answer = parseAnswer(received);
    console.log(`[shutdown] answered: ${received.split('\r\n')[0]} ${answer.body}`);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Service momentanément indisponible, veuillez réessayer dans un instant.' });
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
