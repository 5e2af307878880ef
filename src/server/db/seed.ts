import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Insertable, Transaction } from 'kysely';
import { z } from 'zod';
import { CATEGORY_IDS } from '../../shared/categories.js';
import { DAY_MS } from '../../shared/constants.js';
import { municipalTitle } from '../../shared/municipal.js';
import type { Database } from './database.js';
import { addToCommuneHistory, addToMarketHistory } from '../history/history-repository.js';
import type {
  DB,
  MarketsTable,
  MunicipalCandidatesTable,
  MunicipalMarketsTable,
  MunicipalVotesTable,
  VotesTable,
} from './schema.js';

/** Key written in `app_meta` once the demo data is in: the seed never runs twice. */
export const SEEDED_KEY = 'seeded';

/** Rows per INSERT: fast on both engines, far below PostgreSQL's 65,535 parameters. */
const CHUNK_ROWS = 500;

/** Demo votes of a prediction are spread over this many days before it closed (or before now). */
const MARKET_VOTE_SPREAD_DAYS = 30;

const INSEE_CODE = /^974\d{2}$/;

const seedMarketSchema = z
  .strictObject({
    id: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a kebab-case slug ([a-z0-9-])' }),
    title: z.string().trim().min(3).max(200),
    description: z.string().trim().min(1).max(2000),
    category: z.enum(CATEGORY_IDS),
    endInDays: z.int(),
    yesVotes: z.int().nonnegative(),
    noVotes: z.int().nonnegative(),
    trending: z.boolean(),
    resolved: z.boolean(),
    outcome: z.enum(['yes', 'no']).nullable(),
  })
  .check((ctx) => {
    const market = ctx.value;
    if (market.resolved && market.outcome === null) {
      ctx.issues.push({ code: 'custom', input: market, path: ['outcome'], message: 'a resolved prediction needs an outcome' });
    }
    if (!market.resolved && market.outcome !== null) {
      ctx.issues.push({ code: 'custom', input: market, path: ['outcome'], message: 'only a resolved prediction has an outcome' });
    }
    if (market.resolved && market.endInDays >= 0) {
      ctx.issues.push({
        code: 'custom',
        input: market,
        path: ['endInDays'],
        message: 'a resolved prediction must have ended (negative endInDays)',
      });
    }
  });

const seedMarketsSchema = z
  .array(seedMarketSchema)
  .min(1)
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.forEach((market, index) => {
      if (seen.has(market.id)) {
        ctx.issues.push({ code: 'custom', input: market.id, path: [index, 'id'], message: `duplicate id "${market.id}"` });
      }
      seen.add(market.id);
    });
  });

const seedCommuneSchema = z
  .strictObject({
    trending: z.boolean(),
    createdDaysAgo: z.int().nonnegative(),
    candidates: z
      .array(z.strictObject({ name: z.string().trim().min(1).max(120), votes: z.int().nonnegative() }))
      .min(1)
      .max(20),
  })
  .check((ctx) => {
    const names = ctx.value.candidates.map((candidate) => candidate.name);
    if (new Set(names).size !== names.length) {
      ctx.issues.push({ code: 'custom', input: names, path: ['candidates'], message: 'candidate names must be distinct' });
    }
  });

const seedMunicipalSchema = z.record(
  z.string().regex(INSEE_CODE, { error: 'keys must be INSEE codes 974xx' }),
  seedCommuneSchema,
);

const communeListSchema = z.array(
  z.looseObject({ code: z.string(), nom: z.string(), departement: z.string().optional(), type: z.string().optional() }),
);

export type SeedMarket = z.infer<typeof seedMarketSchema>;

export interface SeedCandidate {
  name: string;
  votes: number;
}

export interface SeedCommune {
  /** INSEE code, also the municipal market id. */
  code: string;
  /** Official name, from the national administrative division data. */
  name: string;
  trending: boolean;
  createdDaysAgo: number;
  candidates: SeedCandidate[];
}

export interface SeedData {
  markets: SeedMarket[];
  communes: SeedCommune[];
}

export interface SeedPaths {
  /** Folder holding markets.json and municipal.json; defaults to `data/seed` under the working directory. */
  directory?: string;
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read seed file ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`Seed file ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, source: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Invalid seed data in ${source}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** The island's current communes (code and official name), sorted by INSEE code. */
export function loadReunionCommunes(): { code: string; name: string }[] {
  const require = createRequire(import.meta.url);
  const all = parseOrThrow(
    communeListSchema,
    require('@etalab/decoupage-administratif/data/communes.json'),
    '@etalab/decoupage-administratif',
  );
  return all
    .filter((commune) => commune.departement === '974' && commune.type === 'commune-actuelle')
    .map((commune) => ({ code: commune.code, name: commune.nom }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** Reads and validates the demo data files; throws an Error naming the file and the faulty fields. */
export function loadSeedFiles(paths: SeedPaths = {}): SeedData {
  const directory = paths.directory ?? resolve(process.cwd(), 'data/seed');
  const marketsPath = resolve(directory, 'markets.json');
  const municipalPath = resolve(directory, 'municipal.json');
  const markets = parseOrThrow(seedMarketsSchema, readJson(marketsPath), marketsPath);
  const municipal = parseOrThrow(seedMunicipalSchema, readJson(municipalPath), municipalPath);

  const reference = loadReunionCommunes();
  const known = new Set(reference.map((commune) => commune.code));
  const unknown = Object.keys(municipal).filter((code) => !known.has(code));
  const missing = reference.filter((commune) => !(commune.code in municipal)).map((commune) => commune.code);
  if (unknown.length > 0 || missing.length > 0) {
    throw new Error(
      `Invalid seed data in ${municipalPath}: communes must be exactly the island's ${reference.length}` +
        (unknown.length > 0 ? `; unknown codes: ${unknown.join(', ')}` : '') +
        (missing.length > 0 ? `; missing codes: ${missing.join(', ')}` : ''),
    );
  }

  const communes: SeedCommune[] = reference.map(({ code, name }) => {
    const entry = municipal[code];
    if (!entry) throw new Error(`Invalid seed data in ${municipalPath}: missing commune ${code}`);
    return { code, name, ...entry };
  });
  // Communes are listed newest first: equal creation dates would make that order unstable.
  const ages = communes.map((commune) => commune.createdDaysAgo);
  if (new Set(ages).size !== ages.length) {
    throw new Error(`Invalid seed data in ${municipalPath}: createdDaysAgo values must be distinct`);
  }
  return { markets, communes };
}

function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * `count` instants spread over [from, to), oldest first: evenly, or with `pace` ≠ 1 denser towards the end
 * (pace > 1) or the start (pace < 1).
 */
function spreadTimes(count: number, from: number, to: number, pace = 1): string[] {
  const n = Math.max(count, 1);
  return Array.from({ length: count }, (_, index) => new Date(from + (to - from) * ((index + 0.5) / n) ** pace).toISOString());
}

/** A pace between 0.7 and 1.4 that depends only on the id, so every seeding draws the same campaign. */
function campaignPace(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 0.7 + (hash % 701) / 1000;
}

/**
 * OUI votes among the first `n` of `total`: yes·f(n/total) with f(x) = x + a·x·(1 − x), so the share starts
 * at (1 + a) times its final value and ends on it exactly. `a` comes from the id (the same curve at every
 * seeding), within ±0.5 and small enough that each vote adds at most one OUI (f' ≤ total / yes).
 */
function driftingYesCount(id: string, yes: number, total: number): (n: number) => number {
  if (yes === 0 || yes === total) return (n) => Math.round((n * yes) / Math.max(total, 1));
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const limit = Math.min(0.5, total / yes - 1);
  const a = ((hash % 1001) / 1000) * 2 * limit - limit;
  return (n) => {
    const x = n / total;
    return Math.floor(yes * (x + a * x * (1 - x)) + 1e-9);
  };
}

function marketRows(
  markets: readonly SeedMarket[],
  now: Date,
): { markets: Insertable<MarketsTable>[]; votes: Insertable<VotesTable>[] } {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const rows: Insertable<MarketsTable>[] = [];
  const votes: Insertable<VotesTable>[] = [];
  for (const market of markets) {
    const endMs = nowMs + market.endInDays * DAY_MS;
    rows.push({
      id: market.id,
      title: market.title,
      description: market.description,
      category: market.category,
      end_date: new Date(endMs).toISOString(),
      yes_votes: market.yesVotes,
      no_votes: market.noVotes,
      total_votes: market.yesVotes + market.noVotes,
      trending: market.trending ? 1 : 0,
      resolved: market.resolved ? 1 : 0,
      outcome: market.outcome,
      created_at: nowIso,
      updated_at: nowIso,
    });
    // Votes arrive before the close (or before now for open predictions), OUI and NON interleaved so that
    // the OUI share drifts towards its final value, as a real history does.
    const total = market.yesVotes + market.noVotes;
    const lastMs = Math.min(nowMs, endMs) - 60_000;
    const times = spreadTimes(total, lastMs - MARKET_VOTE_SPREAD_DAYS * DAY_MS, lastMs);
    const yesSoFar = driftingYesCount(market.id, market.yesVotes, total);
    times.forEach((at, index) => {
      const isYes = yesSoFar(index + 1) > yesSoFar(index);
      votes.push({ market_id: market.id, vote_type: isYes ? 'yes' : 'no', fingerprint: null, created_at: at, updated_at: at });
    });
  }
  return { markets: rows, votes };
}

function municipalRows(
  communes: readonly SeedCommune[],
  now: Date,
): {
  markets: Insertable<MunicipalMarketsTable>[];
  candidates: Insertable<MunicipalCandidatesTable>[];
  votes: Insertable<MunicipalVotesTable>[];
} {
  const nowMs = now.getTime();
  const markets: Insertable<MunicipalMarketsTable>[] = [];
  const candidates: Insertable<MunicipalCandidatesTable>[] = [];
  const votes: Insertable<MunicipalVotesTable>[] = [];
  for (const commune of communes) {
    const createdMs = nowMs - commune.createdDaysAgo * DAY_MS;
    markets.push({
      id: commune.code,
      title: municipalTitle(commune.name),
      trending: commune.trending ? 1 : 0,
      created_at: new Date(createdMs).toISOString(),
      total_votes: commune.candidates.reduce((sum, candidate) => sum + candidate.votes, 0),
    });
    const communeVotes: Insertable<MunicipalVotesTable>[] = [];
    commune.candidates.forEach((candidate, index) => {
      const id = `${commune.code}-${index + 1}`;
      candidates.push({ id, market_id: commune.code, name: candidate.name, votes: candidate.votes });
      // Some candidates gain ground, others lose it: each one's votes come earlier or later in the campaign.
      for (const at of spreadTimes(candidate.votes, createdMs, nowMs - 60_000, campaignPace(id))) {
        communeVotes.push({ market_id: commune.code, candidate_id: id, fingerprint: null, created_at: at });
      }
    });
    communeVotes.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    votes.push(...communeVotes);
  }
  return { markets, candidates, votes };
}

async function insertAll(
  trx: Transaction<DB>,
  rows: ReturnType<typeof marketRows> & { municipal: ReturnType<typeof municipalRows> },
): Promise<void> {
  for (const chunk of chunks(rows.markets, CHUNK_ROWS)) await trx.insertInto('markets').values(chunk).execute();
  for (const chunk of chunks(rows.votes, CHUNK_ROWS)) await trx.insertInto('votes').values(chunk).execute();
  for (const chunk of chunks(rows.municipal.markets, CHUNK_ROWS))
    await trx.insertInto('municipal_markets').values(chunk).execute();
  for (const chunk of chunks(rows.municipal.candidates, CHUNK_ROWS))
    await trx.insertInto('municipal_candidates').values(chunk).execute();
  for (const chunk of chunks(rows.municipal.votes, CHUNK_ROWS)) await trx.insertInto('municipal_votes').values(chunk).execute();
  // The demo rows are written in bulk, not through the vote paths: their histories' step counts are added from
  // the same rows (grouped here, so no scan of the tables just written).
  await addToMarketHistory(
    trx,
    rows.votes.map((vote) => ({
      marketId: vote.market_id,
      createdAt: vote.created_at,
      yes: vote.vote_type === 'yes' ? 1 : 0,
      no: vote.vote_type === 'yes' ? 0 : 1,
    })),
  );
  await addToCommuneHistory(
    trx,
    rows.municipal.votes.map((vote) => ({
      communeId: vote.market_id,
      candidateId: vote.candidate_id,
      createdAt: vote.created_at,
      votes: 1,
    })),
  );
}

async function isSeeded(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom('app_meta').select('key').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return row !== undefined;
}

/**
 * Loads the demo predictions and the 24 communes, once per database. Returns false, changing
 * nothing, when the database was already seeded. Demo votes carry no fingerprint: they belong to
 * no device, yet every counter equals its vote rows, as for real votes.
 */
export async function seedDemoData(database: Database, now: Date): Promise<boolean> {
  if (await isSeeded(database)) return false;
  // Read and validate before writing anything: bad data must fail loudly with an empty database.
  const seed = loadSeedFiles();
  const rows = { ...marketRows(seed.markets, now), municipal: municipalRows(seed.communes, now) };
  return database.db.transaction().execute(async (trx) => {
    // The marker is claimed first: when two servers start together on one PostgreSQL database,
    // the second waits on this row and then finds it taken, instead of inserting everything twice.
    const claim = await trx
      .insertInto('app_meta')
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await insertAll(trx, rows);
    return true;
  });
}
