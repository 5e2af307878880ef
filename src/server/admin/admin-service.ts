import type { MunicipalHistoryService } from '../municipal/municipal-history.js';
import type { MarketHistoryService } from '../markets/market-history.js';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Market, VoteType } from '../../shared/market.js';
import { ADMIN_MESSAGES, MESSAGES } from '../../shared/messages.js';
import { communeDisplayName, type Candidate, type Commune } from '../../shared/municipal.js';
import {
  describeIssue,
  newMarketDatesSchema,
  type CandidateInput,
  type CommuneInput,
  type CommunePatch,
  type MarketInput,
  type MarketPatch,
} from '../../shared/schemas.js';
import { findCounterMismatches, type CounterMismatch } from '../db/counter-check.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher, Work } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import {
  deleteMarket,
  findMarket,
  insertMarket,
  marketExists,
  resolveMarket,
  updateMarket,
} from '../markets/market-repository.js';
import {
  candidateIdTaken,
  communeExists,
  deleteCandidate,
  deleteCommune,
  findCommune,
  insertCandidate,
  insertCommune,
  listCandidates,
  renameCandidate,
  updateCommune,
} from '../municipal/municipal-repository.js';
import type { ChangeBus } from '../realtime/change-bus.js';

const MAX_GENERATED_ID = 60;
const SUFFIX_LENGTH = 6;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** "Élection Municipale Saint-Denis 2026" → "election-municipale-saint-denis-2026": lower case, no accents, `[a-z0-9-]`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function randomSuffix(): string {
  const bytes = randomBytes(SUFFIX_LENGTH);
  let suffix = '';
  // 256 is not a multiple of 36: the tiny bias is irrelevant for an id suffix.
  for (const byte of bytes) suffix += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
  return suffix;
}

/** A readable id from a title with a short random suffix, at most 60 characters of `[a-z0-9-]`. */
export function generateId(text: string, fallback: string): string {
  const room = MAX_GENERATED_ID - SUFFIX_LENGTH - 1;
  const base = slugify(text).slice(0, room).replace(/-+$/, '') || fallback;
  return `${base}-${randomSuffix()}`;
}

/** Compares a presented token with the configured one in constant time: both are hashed first, so lengths never leak. */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Reads `Authorization: Bearer <token>`; null when absent or of another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

interface AdminServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  clock: () => Date;
  history: MarketHistoryService;
  municipalHistory: MunicipalHistoryService;
}

/**
 * Editing predictions, communes and candidates. Each change is committed first, then announced on the
 * change bus, which refreshes the market list cache and pushes the new state on the live stream.
 */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  private now(): string {
    return this.deps.clock().toISOString();
  }

  /** Runs a write; a unique-key clash (two admins choosing one id at once) becomes a 409. */
  private async write<T>(work: Work<T>, conflictMessage: string): Promise<T> {
    try {
      return await this.deps.batcher.run(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, conflictMessage);
      throw error;
    }
  }

  // ---- predictions ----

  async createMarket(input: MarketInput): Promise<Market> {
    // A past end is refused only for a new prediction: closing one early is done by moving its end.
    const dates = newMarketDatesSchema(this.deps.clock()).safeParse(input, { reportInput: true });
    if (!dates.success) throw new HttpError(400, describeIssue(dates.error));
    const id = input.id ?? generateId(input.title, 'prediction');
    const at = this.now();
    const created = await this.write<boolean>(async (trx) => {
      if (await marketExists(trx, id)) return false;
      await insertMarket(
        trx,
        {
          id,
          title: input.title,
          description: input.description,
          category: input.category,
          endDate: new Date(input.endDate).toISOString(),
          trending: input.trending ?? false,
        },
        at,
      );
      return true;
    }, ADMIN_MESSAGES.marketIdTaken);
    if (!created) throw new HttpError(409, ADMIN_MESSAGES.marketIdTaken);
    await this.deps.bus.publish([{ type: 'market', id }]);
    return this.loadMarket(id);
  }

  async updateMarket(id: string, patch: MarketPatch): Promise<Market> {
    const at = this.now();
    const normalized = { ...patch, ...(patch.endDate !== undefined && { endDate: new Date(patch.endDate).toISOString() }) };
    const found = await this.deps.batcher.run((trx) => updateMarket(trx, id, normalized, at));
    if (!found) throw new HttpError(404, MESSAGES.marketNotFound);
    await this.deps.bus.publish([{ type: 'market', id }]);
    return this.loadMarket(id);
  }

  async resolveMarket(id: string, outcome: VoteType): Promise<Market> {
    const at = this.now();
    const found = await this.deps.batcher.run((trx) => resolveMarket(trx, id, outcome, at));
    if (!found) throw new HttpError(404, MESSAGES.marketNotFound);
    await this.deps.bus.publish([{ type: 'market', id }]);
    return this.loadMarket(id);
  }

  async deleteMarket(id: string): Promise<void> {
    const found = await this.deps.batcher.run((trx) => deleteMarket(trx, this.deps.database.dialect, id));
    if (!found) throw new HttpError(404, MESSAGES.marketNotFound);
    this.deps.history.invalidate(id);
    // Nothing is streamed for a removed market, but the list cache must drop it.
    await this.deps.bus.publish([{ type: 'market', id }]);
  }

  private async loadMarket(id: string): Promise<Market> {
    const market = await findMarket(this.deps.database.db, id);
    // Deleted by someone else between the commit and this read.
    if (!market) throw new HttpError(404, MESSAGES.marketNotFound);
    return market;
  }

  // ---- communes ----

  async createCommune(input: CommuneInput): Promise<Commune> {
    const id = input.id ?? generateId(communeDisplayName(input.title), 'commune');
    const at = this.now();
    const { dialect } = this.deps.database;
    const created = await this.write<boolean>(async (trx) => {
      if (await communeExists(trx, dialect, id)) return false;
      await insertCommune(trx, { id, title: input.title, trending: input.trending ?? false }, at);
      return true;
    }, ADMIN_MESSAGES.communeIdTaken);
    if (!created) throw new HttpError(409, ADMIN_MESSAGES.communeIdTaken);
    await this.deps.bus.publish([{ type: 'municipal', id }]);
    return this.loadCommune(id);
  }

  async updateCommune(id: string, patch: CommunePatch): Promise<Commune> {
    const { dialect } = this.deps.database;
    const found = await this.deps.batcher.run(async (trx) => {
      if (patch.title === undefined && patch.trending === undefined) return communeExists(trx, dialect, id);
      return updateCommune(trx, id, patch);
    });
    if (!found) throw new HttpError(404, MESSAGES.communeNotFound);
    await this.deps.bus.publish([{ type: 'municipal', id }]);
    return this.loadCommune(id);
  }

  async deleteCommune(id: string): Promise<void> {
    const found = await this.deps.batcher.run((trx) => deleteCommune(trx, this.deps.database.dialect, id));
    if (!found) throw new HttpError(404, MESSAGES.communeNotFound);
    this.deps.municipalHistory.invalidate(id);
    await this.deps.bus.publish([{ type: 'municipal', id }]);
  }

  private async loadCommune(id: string): Promise<Commune> {
    const commune = await findCommune(this.deps.database.db, id);
    if (!commune) throw new HttpError(404, MESSAGES.communeNotFound);
    return commune;
  }

  // ---- reconciliation ----

  /** Every counter that differs from the rows it counts; empty when all agree. */
  checkCounters(): Promise<CounterMismatch[]> {
    return findCounterMismatches(this.deps.database.db);
  }

  // ---- candidates ----

  async addCandidate(communeId: string, input: CandidateInput): Promise<Candidate> {
    const id = input.id ?? generateId(`${communeId}-${input.name}`, 'candidat');
    const { dialect } = this.deps.database;
    type Outcome = 'ok' | 'commune-not-found' | 'taken';
    const outcome = await this.write<Outcome>(async (trx) => {
      // Locking the commune keeps a concurrent delete from orphaning the new candidate.
      if (!(await communeExists(trx, dialect, communeId, true))) return 'commune-not-found';
      if (await candidateIdTaken(trx, id)) return 'taken';
      await insertCandidate(trx, { id, communeId, name: input.name });
      return 'ok';
    }, ADMIN_MESSAGES.candidateIdTaken);
    if (outcome === 'commune-not-found') throw new HttpError(404, MESSAGES.communeNotFound);
    if (outcome === 'taken') throw new HttpError(409, ADMIN_MESSAGES.candidateIdTaken);
    await this.deps.bus.publish([{ type: 'municipal', id: communeId }]);
    return this.loadCandidate(communeId, id);
  }

  async renameCandidate(communeId: string, candidateId: string, name: string): Promise<Candidate> {
    const { dialect } = this.deps.database;
    const outcome = await this.deps.batcher.run(async (trx) => {
      if (!(await communeExists(trx, dialect, communeId))) return 'commune-not-found' as const;
      return (await renameCandidate(trx, communeId, candidateId, name)) ? ('ok' as const) : ('candidate-not-found' as const);
    });
    if (outcome === 'commune-not-found') throw new HttpError(404, MESSAGES.communeNotFound);
    if (outcome === 'candidate-not-found') throw new HttpError(404, MESSAGES.candidateNotFound);
    await this.deps.bus.publish([{ type: 'municipal', id: communeId }]);
    return this.loadCandidate(communeId, candidateId);
  }

  async deleteCandidate(communeId: string, candidateId: string): Promise<void> {
    const { dialect } = this.deps.database;
    const outcome = await this.deps.batcher.run(async (trx) => {
      if (!(await communeExists(trx, dialect, communeId, true))) return 'commune-not-found' as const;
      return (await deleteCandidate(trx, communeId, candidateId)) ? ('ok' as const) : ('candidate-not-found' as const);
    });
    if (outcome === 'commune-not-found') throw new HttpError(404, MESSAGES.communeNotFound);
    if (outcome === 'candidate-not-found') throw new HttpError(404, MESSAGES.candidateNotFound);
    await this.deps.bus.publish([{ type: 'municipal', id: communeId }]);
  }

  private async loadCandidate(communeId: string, candidateId: string): Promise<Candidate> {
    const candidate = (await listCandidates(this.deps.database.db, communeId)).find((item) => item.id === candidateId);
    if (!candidate) throw new HttpError(404, MESSAGES.candidateNotFound);
    return candidate;
  }
}
