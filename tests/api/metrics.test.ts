/**
 * GET /metrics against a real server on both databases: off (404) without METRICS_TOKEN, 401 without the
 * right Bearer token, and with it the Prometheus text counts what really happened: votes accepted and
 * refused by reason, list rebuilds, open streams, write batches, stream flushes, pool and event loop.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { openStream } from '../support/sse-client.js';
import { getJson, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { castMunicipalVote, castVote, newIdentity } from '../support/voting.js';
import { addFixtures, COMMUNE } from '../reliability/support/fixtures.js';

const TOKEN = 'jeton-des-mesures-0123456789';
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
});

async function start(dialect: (typeof DIALECTS)[number], env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer(dialect, { SEED: 'none', ...env });
  servers.push(server);
  await addFixtures(server.server.database);
  return server;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and exactly these labels; undefined when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted)?.value;
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(await response.text());
}

describe('GET /metrics switched off', () => {
  it('answers 404 like any unknown path when METRICS_TOKEN is not set', async () => {
    const server = await start('sqlite', {});
    const { status, body } = await getJson(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Ressource introuvable' });
    expect(server.server.services.metrics).toBeNull();
  });
});

describe.each(DIALECTS)('GET /metrics on %s', (dialect) => {
  it('refuses a missing or wrong token with 401', async () => {
    const server = await start(dialect, { METRICS_TOKEN: TOKEN });
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer pas-le-bon-jeton-du-tout' },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const response = await getJson(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Accès non autorisé' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
  });

  it('counts votes by outcome and reason, rebuilds, streams, batches and the pool', { timeout: 30_000 }, async () => {
    const server = await start(dialect, { METRICS_TOKEN: TOKEN, VOTE_CHANGE: 'forbidden' });
    const fingerprint = await newIdentity(server.url);
    const stream = await openStream(`${server.url}/api/stream`);
    try {
      // Market: one accepted, one change refused (VOTE_CHANGE=forbidden), one unknown, one malformed.
      expect((await castVote(server.url, { marketId: 'fiab-a', voteType: 'yes', fingerprint })).status).toBe(200);
      expect((await castVote(server.url, { marketId: 'fiab-a', voteType: 'no', fingerprint })).status).toBe(409);
      expect((await castVote(server.url, { marketId: 'absent', voteType: 'no', fingerprint })).status).toBe(404);
      expect((await postJson(`${server.url}/api/votes`, { marketId: 'fiab-b', voteType: 'peut-être', fingerprint })).status).toBe(
        400,
      );
      // Municipal: one accepted, then the same device again.
      const municipal = (candidateId: string) => castMunicipalVote(server.url, COMMUNE.id, { candidateId, fingerprint });
      expect((await municipal(COMMUNE.candidates[0])).status).toBe(201);
      expect((await municipal(COMMUNE.candidates[1])).status).toBe(409);
      // The list is built once on demand, then again after a change.
      expect((await getJson(`${server.url}/api/markets`)).status).toBe(200);
      expect((await getJson(`${server.url}/api/markets`)).status).toBe(200);
      expect((await castVote(server.url, { marketId: 'fiab-b', voteType: 'no', fingerprint })).status).toBe(200);
      expect((await getJson(`${server.url}/api/markets`)).status).toBe(200);
      // The stream carries the votes: the hub has flushed at least once.
      await stream.waitFor((event) => event.event === 'market' && (event.data as { id: string }).id === 'fiab-b');

      const samples = await scrape(server.url);
      expect(valueOf(samples, 'predi974_votes_accepted_total', { kind: 'market' })).toBe(2);
      expect(valueOf(samples, 'predi974_votes_accepted_total', { kind: 'municipal' })).toBe(1);
      expect(valueOf(samples, 'predi974_votes_refused_total', { kind: 'market', reason: 'already_voted' })).toBe(1);
      expect(valueOf(samples, 'predi974_votes_refused_total', { kind: 'market', reason: 'not_found' })).toBe(1);
      expect(valueOf(samples, 'predi974_votes_refused_total', { kind: 'market', reason: 'invalid' })).toBe(1);
      expect(valueOf(samples, 'predi974_votes_refused_total', { kind: 'municipal', reason: 'already_voted' })).toBe(1);
      expect(valueOf(samples, 'predi974_votes_refused_total', { kind: 'municipal', reason: 'ended' })).toBeUndefined();
      expect(valueOf(samples, 'predi974_market_list_rebuilds_total')).toBe(2);
      expect(valueOf(samples, 'predi974_open_streams')).toBe(1);
      expect(valueOf(samples, 'predi974_stream_stalled_dropped_total', { by: 'kernel' })).toBe(0);
      expect(valueOf(samples, 'predi974_stream_stalled_dropped_total', { by: 'drain_watch' })).toBe(0);
      // Every vote that reached the database was one committed transaction (some batched together on
      // SQLite): 5 jobs (the 400 never got there), plus whatever the background figures wrote.
      expect(valueOf(samples, 'predi974_write_batch_size_sum')).toBeGreaterThanOrEqual(5);
      expect(valueOf(samples, 'predi974_write_commit_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'predi974_stream_flush_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      if (dialect === 'postgres') {
        expect(valueOf(samples, 'predi974_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
        expect(valueOf(samples, 'predi974_db_pool_connections', { state: 'waiting' })).toBe(0);
      } else {
        expect(valueOf(samples, 'predi974_db_pool_connections', { state: 'total' })).toBeUndefined();
      }
    } finally {
      stream.close();
    }
  });
});
