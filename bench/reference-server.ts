/**
 * The naive reference the benchmarks compare the real server with, run in its own process:
 * - `POST /api/votes`: the same validation and rules, but one better-sqlite3 transaction (one commit,
 *   one fsync with `synchronous=FULL`) per request, no grouping;
 * - `GET /api/markets`: the query, sort and `JSON.stringify` on every request, no snapshot, no ETag.
 * Same schema and demo data as the server (its migrations and seed), same Fastify and compression.
 */
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { compareMarketsForList, isMarketOpen } from '../src/shared/market.js';
import { castVoteBodySchema } from '../src/shared/schemas.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrator.js';
import type { MarketRow } from '../src/server/db/schema.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { listMarkets, toMarket } from '../src/server/markets/market-repository.js';

const port = Number(process.env.PORT ?? 0);
const file = process.env.REFERENCE_DB;
const sync = process.env.REFERENCE_SYNC === 'NORMAL' ? 'NORMAL' : 'FULL';
if (!file) throw new Error('REFERENCE_DB is required');

const database = openDatabase(`sqlite:${file}`);
await migrateToLatest(database);
await seedDemoData(database, new Date());
const sqlite = database.sqlite;
if (!sqlite) throw new Error('SQLite expected');
sqlite.pragma(`synchronous = ${sync}`);

const selectMarket = sqlite.prepare<[string], MarketRow>('select * from markets where id = ?');
const insertVote = sqlite.prepare<[string, string, string, string, string]>(
  `insert into votes (market_id, vote_type, fingerprint, created_at, updated_at) values (?, ?, ?, ?, ?)
   on conflict (market_id, fingerprint) do nothing`,
);
const addCounters = sqlite.prepare<[number, number, string, string]>(
  `update markets set yes_votes = yes_votes + ?, no_votes = no_votes + ?, total_votes = total_votes + 1, updated_at = ?
   where id = ?`,
);

type Outcome = { status: 200; row: MarketRow } | { status: 404 | 409 };

const castVote = sqlite.transaction((marketId: string, voteType: 'yes' | 'no', fingerprint: string): Outcome => {
  const now = new Date();
  const at = now.toISOString();
  const row = selectMarket.get(marketId);
  if (!row) return { status: 404 };
  if (!isMarketOpen(toMarket(row), now)) return { status: 409 };
  if (insertVote.run(marketId, voteType, fingerprint, at, at).changes === 0) return { status: 200, row };
  addCounters.run(voteType === 'yes' ? 1 : 0, voteType === 'no' ? 1 : 0, at, marketId);
  const updated = selectMarket.get(marketId);
  return updated ? { status: 200, row: updated } : { status: 404 };
});

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
await app.register(compress, { threshold: 1024 });

app.get('/api/health', async () => ({ ok: true }));

app.get('/api/markets', async (_request, reply) => {
  const markets = (await listMarkets(database.db)).sort(compareMarketsForList(new Date()));
  return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(JSON.stringify(markets));
});

app.post('/api/votes', async (request, reply) => {
  const parsed = castVoteBodySchema.safeParse(request.body);
  if (!parsed.success) return reply.code(400).send({ error: 'Requête invalide' });
  const { marketId, voteType, fingerprint } = parsed.data;
  // BEGIN IMMEDIATE, as a write transaction should; the commit (and its fsync) ends each request.
  const outcome = castVote.immediate(marketId, voteType, fingerprint);
  if (outcome.status !== 200) return reply.code(outcome.status).send({ error: 'Refusé' });
  return { market: toMarket(outcome.row), voteType, changed: false };
});

await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
