import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS, SEARCH_CHIPS } from '../../shared/categories.js';
import { DAY_MS } from '../../shared/constants.js';
import { toMarketView, type Market } from '../../shared/market.js';
import { communeDisplayName } from '../../shared/municipal.js';
import { filterMarkets, normalizeForSearch } from '../../shared/search.js';
import { openDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrator.js';
import { loadReunionCommunes, loadSeedFiles, seedDemoData } from './seed.js';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = new Date('2026-03-01T08:00:00.000Z');

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

describe('demo data files', () => {
  const seed = loadSeedFiles();
  const totalVotes = seed.markets.reduce((sum, market) => sum + market.yesVotes + market.noVotes, 0);

  it('cover every category with believable predictions', () => {
    expect(seed.markets.length).toBeGreaterThanOrEqual(34);
    for (const category of CATEGORY_IDS) {
      expect(seed.markets.filter((market) => market.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    const trending = seed.markets.filter((market) => market.trending).length;
    expect(trending).toBeGreaterThanOrEqual(5);
    expect(trending).toBeLessThanOrEqual(7);
    expect(seed.markets.filter((market) => market.endInDays < 0).length).toBeGreaterThanOrEqual(5);
    const resolved = seed.markets.filter((market) => market.resolved);
    expect(resolved.length).toBeGreaterThanOrEqual(2);
    for (const market of resolved) {
      expect(market.endInDays).toBeLessThan(0);
      expect(market.outcome).not.toBeNull();
    }
    expect(seed.markets.filter((market) => market.yesVotes + market.noVotes === 0).length).toBeGreaterThanOrEqual(3);
    for (const market of seed.markets) {
      expect(market.title.endsWith(' ?'), market.id).toBe(true);
      expect(market.yesVotes + market.noVotes, market.id).toBeLessThanOrEqual(3_500);
    }
    expect(totalVotes).toBeLessThan(40_000);
  });

  it('let every suggested chip find at least one prediction', () => {
    const views: Market[] = seed.markets.map((market) => toMarketView({ ...market, endDate: NOW.toISOString() }));
    for (const chip of SEARCH_CHIPS) {
      const found = filterMarkets(views, { search: chip, category: 'all', voteFilter: 'all' }, new Map());
      expect(found.length, chip).toBeGreaterThan(0);
    }
  });

  it('hold the 24 communes with fictional candidates', () => {
    expect(seed.communes).toHaveLength(24);
    expect(seed.communes.map((commune) => commune.code)).toEqual(Array.from({ length: 24 }, (_, index) => String(97401 + index)));
    const trending = seed.communes.filter((commune) => commune.trending).length;
    expect(trending).toBeGreaterThanOrEqual(3);
    expect(trending).toBeLessThanOrEqual(5);
    for (const commune of seed.communes) {
      expect(commune.candidates.length, commune.code).toBeGreaterThanOrEqual(3);
      expect(commune.candidates.length, commune.code).toBeLessThanOrEqual(8);
    }
    expect(new Set(seed.communes.map((commune) => commune.createdDaysAgo)).size).toBe(24);
    const municipalVotes = seed.communes.flatMap((commune) => commune.candidates).reduce((sum, c) => sum + c.votes, 0);
    expect(municipalVotes).toBeLessThan(30_000);
  });
});

describe('loadSeedFiles', () => {
  it('rejects bad data with a message naming the file and the field', () => {
    const directory = mkdtempSync(join(tmpdir(), 'predi974-seed-bad-'));
    try {
      const markets = loadSeedFiles().markets;
      const first = markets[0];
      if (!first) throw new Error('no market');
      copyFileSync(join(process.cwd(), 'data/seed/municipal.json'), join(directory, 'municipal.json'));
      writeFileSync(join(directory, 'markets.json'), JSON.stringify([{ ...first, category: 'sport' }, ...markets.slice(1)]));
      expect(() => loadSeedFiles({ directory })).toThrow(/markets\.json[\s\S]*\[0\]\.category/);
      writeFileSync(
        join(directory, 'markets.json'),
        JSON.stringify([{ ...first, resolved: true, outcome: null }, ...markets.slice(1)]),
      );
      expect(() => loadSeedFiles({ directory })).toThrow(/resolved prediction[\s\S]*\[0\]\.outcome/);
      writeFileSync(join(directory, 'markets.json'), JSON.stringify([first, ...markets]));
      expect(() => loadSeedFiles({ directory })).toThrow(/duplicate id/);

      writeFileSync(join(directory, 'markets.json'), JSON.stringify(loadSeedFiles().markets));
      writeFileSync(
        join(directory, 'municipal.json'),
        JSON.stringify({ '97411': { trending: false, createdDaysAgo: 1, candidates: [] } }),
      );
      expect(() => loadSeedFiles({ directory })).toThrow(/municipal\.json/);
      writeFileSync(join(directory, 'municipal.json'), '{');
      expect(() => loadSeedFiles({ directory })).toThrow(/not valid JSON/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

async function expectSeededDatabase(database: Database): Promise<void> {
  const seed = loadSeedFiles();
  const { db } = database;

  const started = performance.now();
  expect(await seedDemoData(database, NOW)).toBe(true);
  const elapsed = performance.now() - started;
  console.info(`seeded ${database.dialect} in ${elapsed.toFixed(0)} ms`);

  // Predictions: every field as in the file, end dates relative to the seeding moment.
  const markets = await db.selectFrom('markets').selectAll().orderBy('id').execute();
  expect(markets).toHaveLength(seed.markets.length);
  const byId = new Map(markets.map((row) => [row.id, row]));
  for (const market of seed.markets) {
    const row = byId.get(market.id);
    expect(row, market.id).toBeDefined();
    if (!row) continue;
    expect(row).toMatchObject({
      title: market.title,
      description: market.description,
      category: market.category,
      end_date: new Date(NOW.getTime() + market.endInDays * DAY_MS).toISOString(),
      yes_votes: market.yesVotes,
      no_votes: market.noVotes,
      total_votes: market.yesVotes + market.noVotes,
      trending: market.trending ? 1 : 0,
      resolved: market.resolved ? 1 : 0,
      outcome: market.outcome,
      created_at: NOW.toISOString(),
    });
  }

  // Counters equal the vote rows, per prediction and per side.
  const tallies = await db
    .selectFrom('votes')
    .select(['market_id', 'vote_type', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['market_id', 'vote_type'])
    .execute();
  const tally = (id: string, type: string) =>
    Number(tallies.find((entry) => entry.market_id === id && entry.vote_type === type)?.count ?? 0);
  for (const row of markets) {
    expect(tally(row.id, 'yes'), row.id).toBe(row.yes_votes);
    expect(tally(row.id, 'no'), row.id).toBe(row.no_votes);
  }
  // Demo votes belong to no device.
  const linked = await db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('fingerprint', 'is not', null)
    .executeTakeFirstOrThrow();
  expect(Number(linked.count)).toBe(0);
  // No vote after now, nor after its prediction closed.
  const late = await db
    .selectFrom('votes')
    .innerJoin('markets', 'markets.id', 'votes.market_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([eb('votes.created_at', '>', NOW.toISOString()), eb('votes.created_at', '>', eb.ref('markets.end_date'))]),
    )
    .executeTakeFirstOrThrow();
  expect(Number(late.count)).toBe(0);

  // Communes: the 24 official names, candidates and their votes.
  const communes = await db.selectFrom('municipal_markets').selectAll().orderBy('created_at', 'desc').execute();
  expect(communes).toHaveLength(24);
  const reference = loadReunionCommunes();
  expect(communes.map((row) => communeDisplayName(row.title)).sort()).toEqual(reference.map((c) => c.name).sort());
  expect(communes.map((row) => row.id).sort()).toEqual(reference.map((c) => c.code));
  expect(communes.find((row) => row.id === '97411')?.title).toBe('Élection Municipale Saint-Denis 2026');
  expect(new Set(communes.map((row) => row.created_at)).size).toBe(24);

  const candidates = await db.selectFrom('municipal_candidates').selectAll().execute();
  const municipalTallies = await db
    .selectFrom('municipal_votes')
    .select(['candidate_id', 'market_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('fingerprint', 'is', null)
    .groupBy(['candidate_id', 'market_id'])
    .execute();
  const candidateTally = (id: string) => Number(municipalTallies.find((entry) => entry.candidate_id === id)?.count ?? 0);
  for (const commune of seed.communes) {
    const row = communes.find((entry) => entry.id === commune.code);
    expect(row, commune.code).toBeDefined();
    expect(row?.trending).toBe(commune.trending ? 1 : 0);
    expect(row?.created_at).toBe(new Date(NOW.getTime() - commune.createdDaysAgo * DAY_MS).toISOString());
    const own = candidates.filter((candidate) => candidate.market_id === commune.code);
    expect(own.map((candidate) => candidate.id).sort()).toEqual(
      commune.candidates.map((_, index) => `${commune.code}-${index + 1}`).sort(),
    );
    for (const [index, expected] of commune.candidates.entries()) {
      const candidate = own.find((entry) => entry.id === `${commune.code}-${index + 1}`);
      expect(candidate?.name).toBe(expected.name);
      expect(candidate?.votes).toBe(expected.votes);
      expect(candidateTally(`${commune.code}-${index + 1}`)).toBe(expected.votes);
    }
    expect(row?.total_votes).toBe(commune.candidates.reduce((sum, candidate) => sum + candidate.votes, 0));
  }
  for (const entry of municipalTallies) {
    expect(entry.candidate_id.startsWith(`${entry.market_id}-`)).toBe(true);
  }

  // Search over the stored rows, as the API serves them.
  const views = markets.map((row) =>
    toMarketView({
      id: row.id,
      title: row.title,
      description: row.description,
      category: row.category as Market['category'],
      endDate: row.end_date,
      yesVotes: row.yes_votes,
      noVotes: row.no_votes,
      trending: row.trending === 1,
      resolved: row.resolved === 1,
      outcome: row.outcome as Market['outcome'],
    }),
  );
  for (const chip of SEARCH_CHIPS) {
    const found = filterMarkets(views, { search: chip, category: 'all', voteFilter: 'all' }, new Map());
    expect(found.length, chip).toBeGreaterThan(0);
    for (const market of found) {
      expect(normalizeForSearch(`${market.title}\n${market.description}`)).toContain(normalizeForSearch(chip));
    }
  }

  const seeded = await db.selectFrom('app_meta').select('value').where('key', '=', 'seeded').executeTakeFirstOrThrow();
  expect(seeded.value).toBe(NOW.toISOString());

  // A second start changes nothing.
  const counts = async () => ({
    markets: Number(
      (
        await db
          .selectFrom('markets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    votes: Number(
      (
        await db
          .selectFrom('votes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    communes: Number(
      (
        await db
          .selectFrom('municipal_markets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    candidates: Number(
      (
        await db
          .selectFrom('municipal_candidates')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    municipalVotes: Number(
      (
        await db
          .selectFrom('municipal_votes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const before = await counts();
  expect(before).toEqual({
    markets: seed.markets.length,
    votes: seed.markets.reduce((sum, market) => sum + market.yesVotes + market.noVotes, 0),
    communes: 24,
    candidates: seed.communes.reduce((sum, commune) => sum + commune.candidates.length, 0),
    municipalVotes: seed.communes.flatMap((commune) => commune.candidates).reduce((sum, candidate) => sum + candidate.votes, 0),
  });
  expect(await seedDemoData(database, new Date(NOW.getTime() + DAY_MS))).toBe(false);
  expect(await counts()).toEqual(before);
  const still = await db.selectFrom('app_meta').select('value').where('key', '=', 'seeded').executeTakeFirstOrThrow();
  expect(still.value).toBe(NOW.toISOString());
}

describe('seedDemoData on SQLite', () => {
  let directory = '';
  let database: Database | null = null;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'predi974-seed-'));
    database = openDatabase(`sqlite:${join(directory, 'seed.db')}`);
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('loads the demo data once, counters matching the vote rows', async () => {
    if (!database) throw new Error('database not opened');
    await expectSeededDatabase(database);
  });
});

describe('seedDemoData on PostgreSQL', () => {
  const name = `predi974_seed_${randomBytes(6).toString('hex')}`;
  const adminUrl = withDatabaseName(POSTGRES_URL, 'postgres');
  let database: Database | null = null;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    database = openDatabase(withDatabaseName(POSTGRES_URL, name));
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });

  it('loads the demo data once, counters matching the vote rows', async () => {
    if (!database) throw new Error('database not opened');
    await expectSeededDatabase(database);
  });

  it('seeds only once when two servers start together', async () => {
    // A second database: the first one is already seeded by the test above.
    const twinName = `${name}_twin`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${twinName}`);
    const first = openDatabase(withDatabaseName(POSTGRES_URL, twinName));
    const second = openDatabase(withDatabaseName(POSTGRES_URL, twinName));
    try {
      await migrateToLatest(first);
      const results = await Promise.all([seedDemoData(first, NOW), seedDemoData(second, NOW)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const row = await first.db
        .selectFrom('markets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(loadSeedFiles().markets.length);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${twinName} WITH (FORCE)`);
      await admin.end();
    }
  });
});
